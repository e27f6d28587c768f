/// The direction a paragraph is laid out in before its characters are looked at.
public enum BaseDirection: Sendable, Hashable, CaseIterable {
    /// Paragraph level 0, whatever the text.
    case leftToRight
    /// Paragraph level 1, whatever the text.
    case rightToLeft
    /// From the first strong character (rules P2 and P3), left to right if there is none.
    case natural
}

/// A run of text at one bidi embedding level.
public struct BidiRun: Sendable, Hashable {
    /// The run's code units, in logical (memory) order.
    public var utf16Range: Range<Int>
    /// The resolved embedding level: even is left to right, odd right to left.
    public var level: UInt8
    /// Whether the run is displayed right to left (its level is odd).
    public var isRightToLeft: Bool { level & 1 == 1 }

    /// A run of the given code units at the given embedding level.
    public init(utf16Range: Range<Int>, level: UInt8) {
        self.utf16Range = utf16Range
        self.level = level
    }
}

/// One paragraph analysed with the Unicode bidirectional algorithm (UAX #9, by ICU).
///
/// The text should be one paragraph. If it contains paragraph separators (U+000A, U+000D,
/// U+001C…U+001E, U+0085, U+2029), ICU resolves each paragraph on its own: with `.natural`
/// each may get its own direction, and ``paragraphLevel`` is the first paragraph's.
public struct BidiParagraph: Sendable {
    /// The direction asked for.
    public let baseDirection: BaseDirection
    /// The resolved paragraph embedding level: 0 (left to right) or 1 (right to left).
    public let paragraphLevel: UInt8
    /// The resolved embedding level of each UTF-16 code unit (both units of a surrogate pair
    /// share one). Characters that rule X9 removes (BN, embedding and override controls) carry
    /// a neighbour's level. Rule L1 is applied at tabs and at the end of the paragraph, but not
    /// at line ends, which aren't known yet: see ``visualRuns(in:)``.
    ///
    /// When every character resolves to the same direction, ICU doesn't keep the levels and
    /// reports all of them as the paragraph level (e.g. 0 rather than 2 inside an LRE…PDF
    /// embedding in left-to-right text); the display order is the same.
    public let levels: [UInt8]
    /// Maximal runs of equal level in ``levels``, in logical order (worked out when asked:
    /// layout reads ``levels`` and line runs, not these).
    public var runs: [BidiRun] { Self.logicalRuns(of: levels, in: 0..<levels.count) }

    /// ICU's paragraph, for lines that aren't uniformly left to right (`nil` when the text
    /// can only resolve to level 0).
    private let resolved: ICU.ResolvedParagraph?
    /// Every level is 0 in a left-to-right paragraph that ICU keeps as one paragraph (no
    /// U+001C…U+001E separators): every line is then one left-to-right run, which is what ICU
    /// answers, so ``visualRuns(in:)`` answers without it.
    let isUniformLeftToRight: Bool

    /// Whether the paragraph resolved to right to left.
    public var isRightToLeft: Bool { paragraphLevel & 1 == 1 }

    /// The number of UTF-16 code units in the paragraph.
    public var utf16Count: Int { levels.count }

    /// Resolves the paragraph's levels.
    ///
    /// - Parameters:
    ///   - text: UTF-16 code units; empty text and lone surrogates are fine.
    ///   - baseDirection: The paragraph direction, or `.natural` to take it from the text.
    /// - Throws: ``UnicodeAnalysisError`` if ICU fails (out of memory).
    public init(_ text: [UInt16], baseDirection: BaseDirection = .natural) throws {
        try self.init(text, baseDirection: baseDirection, usingICU: !Self.isPlainLeftToRight(text, baseDirection))
    }

    /// Resolves the levels with ICU, or, when `usingICU` is false (only for text that
    /// ``isPlainLeftToRight(_:_:)``), sets them all to 0, which is what ICU answers for it.
    init(_ text: [UInt16], baseDirection: BaseDirection, usingICU: Bool) throws {
        guard usingICU else {
            assert(Self.isPlainLeftToRight(text, baseDirection), "only plain left-to-right text skips ICU")
            // (`Array(repeating:count:)` allocates through the standard library's unspecialized
            // code, which looks the array's type up at run time.)
            let levels = Array(repeatElement(UInt8(0), count: text.count))
            self.baseDirection = baseDirection
            self.resolved = nil
            self.paragraphLevel = 0
            self.levels = levels
            self.isUniformLeftToRight = true
            return
        }
        let resolved = try ICU.ResolvedParagraph(text: text, direction: baseDirection)
        self.baseDirection = baseDirection
        self.resolved = resolved
        self.paragraphLevel = resolved.paragraphLevel
        self.levels = resolved.levels
        self.isUniformLeftToRight = resolved.paragraphLevel == 0 && resolved.levels.allSatisfy { $0 == 0 }
            && !text.contains { $0 >= 0x1C && $0 <= 0x1E }
    }

    /// Whether every code unit lies below U+0590 (outside U+001C…U+001E, which ICU takes as
    /// paragraph separators) in a paragraph that isn't forced right to left. The first
    /// right-to-left letters (Hebrew, U+0590), Arabic letters and numbers and the explicit
    /// embedding controls (U+200E and up) all lie above, so nothing can leave level 0: European
    /// numbers become L by rule W7 and neutrals between L and the L paragraph edges are L (N1).
    /// Most labels are such text, and it skips ICU's resolution.
    static func isPlainLeftToRight(_ text: [UInt16], _ baseDirection: BaseDirection) -> Bool {
        baseDirection != .rightToLeft && text.allSatisfy { $0 < 0x0590 && !($0 >= 0x1C && $0 <= 0x1E) }
    }

    /// Resolves the levels of a string; offsets count UTF-16 code units.
    public init(_ text: String, baseDirection: BaseDirection = .natural) throws {
        try self.init(Array(text.utf16), baseDirection: baseDirection)
    }

    /// The runs of one line in display order, left to right.
    ///
    /// Rule L1 is applied for the line (whitespace and isolate controls at its end go back to
    /// the paragraph level), then L2 reverses the runs. Each run's ``BidiRun/utf16Range`` is in
    /// logical order; draw an odd-level run's glyphs right to left. L3 (combining marks) and L4
    /// (mirroring) are left to shaping. As with ``levels``, a line whose characters all go one
    /// way comes back as a single run whose level gives only its direction.
    ///
    /// - Parameter lineRange: The line's code units; it is clamped to the paragraph, and an
    ///   empty range has no runs. A line should not split a surrogate pair.
    public func visualRuns(in lineRange: Range<Int>) -> [BidiRun] {
        let line = lineRange.clamped(to: 0..<levels.count)
        guard !line.isEmpty else { return [] }
        // Most labels: one run, without ICU's ubidi_setLine for every line.
        if isUniformLeftToRight { return [BidiRun(utf16Range: line, level: 0)] }
        if let resolved, let runs = try? resolved.lineRuns(line) { return runs }
        // ICU fails here only when out of memory: reorder the paragraph's own levels (L2
        // without the line-end part of L1) rather than lose the line.
        return Self.reordered(Self.logicalRuns(of: levels, in: line))
    }

    /// Maximal runs of equal level within `range`, in logical order.
    static func logicalRuns(of levels: [UInt8], in range: Range<Int>) -> [BidiRun] {
        var runs: [BidiRun] = []
        var start = range.lowerBound
        for index in range where index > start && levels[index] != levels[start] {
            runs.append(BidiRun(utf16Range: start..<index, level: levels[start]))
            start = index
        }
        if start < range.upperBound {
            runs.append(BidiRun(utf16Range: start..<range.upperBound, level: levels[start]))
        }
        return runs
    }

    /// Rule L2: from the highest level down to the lowest odd level, reverse every maximal
    /// sequence of runs at that level or higher.
    static func reordered(_ logical: [BidiRun]) -> [BidiRun] {
        guard let highest = logical.map(\.level).max(),
            let lowest = logical.map(\.level).min()
        else { return [] }
        var runs = logical
        let lowestOdd = lowest | 1
        var level = highest
        while level >= lowestOdd {
            var index = 0
            while index < runs.count {
                guard runs[index].level >= level else {
                    index += 1
                    continue
                }
                var end = index
                while end < runs.count && runs[end].level >= level { end += 1 }
                runs[index..<end].reverse()
                index = end
            }
            level -= 1
        }
        return runs
    }
}
