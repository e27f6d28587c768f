/// One line as the breaker chose it, before truncation and alignment.
struct LineSpan: Sendable {
    /// The text on the line, trailing spaces included, in UTF-16 offsets.
    let range: Range<Int>
    /// Where the visible text ends: trailing spaces hang past it and don't count toward width.
    let visibleEnd: Int
    /// The line ends at a soft hyphen (U+00AD) and shows a hyphen.
    let hyphenated: Bool
    /// The line ends inside a word that was wider than the line.
    let brokenWord: Bool
    /// The line is its paragraph's last.
    let endsParagraph: Bool
}

/// Greedy line breaking, like UILabel: each line takes as much text as fits, breaking at
/// Unicode line-break opportunities (UAX #14, from ICU); a word wider than the line is broken
/// between grapheme clusters, never inside one.
struct LineBreaker {
    let analysis: TextAnalysis
    /// Prefix sums of advances (with tracking) over UTF-16 offsets: the width of `a..<b` is
    /// `prefix[b] - prefix[a]`.
    let prefix: [Double]
    /// For each of the analysis's soft breaks, where the text before it ends without its
    /// trailing hanging spaces (``visibleBreakEnds(of:)``): the same at every size, so a sweep
    /// works it out once rather than for every candidate line of every category. Empty: found
    /// for each candidate (one category: the table would cost more than it saves).
    let visibleBreakEnds: [Int]
    /// The width of the hyphen shown at a soft-hyphen break at an offset.
    let hyphenWidth: (Int) -> Double

    /// ``visibleBreakEnds``.
    static func visibleBreakEnds(of analysis: TextAnalysis) -> [Int] {
        analysis.utf16.withUnsafeBufferPointer { utf16 in
            analysis.softBreaks.map { end in visibleEnd(end, from: 0, in: utf16) }
        }
    }

    static let softHyphen: UInt16 = 0x00AD

    /// Spaces that hang at a line's end (not no-break spaces, which bind words).
    @inline(__always)
    static func isHangingSpace(_ unit: UInt16) -> Bool {
        // Most units are ASCII: the switch's ranges would take a dozen comparisons for each.
        if unit < 0x80 { return unit == 0x20 || unit == 0x09 }
        return switch unit {
        case 0x0020, 0x0009, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The one rule for trailing spaces: text from `start` to `end` shows up to where its
    /// trailing hanging spaces begin (they hang past the line's edge and take no width), and
    /// at least to `start`.
    @inline(__always)
    static func visibleEnd(_ end: Int, from start: Int, in utf16: UnsafeBufferPointer<UInt16>) -> Int {
        var visible = end
        while visible > start && isHangingSpace(utf16[visible - 1]) { visible -= 1 }
        return visible
    }

    /// Where `range`'s visible text ends (``visibleEnd(_:from:in:)``).
    func visibleEnd(_ range: Range<Int>) -> Int {
        analysis.utf16.withUnsafeBufferPointer { Self.visibleEnd(range.upperBound, from: range.lowerBound, in: $0) }
    }

    /// The one soft-hyphen test: a line ending at `end` shows a hyphen when the character
    /// before is a soft hyphen (U+00AD) and the paragraph goes on after it.
    @inline(__always)
    static func endsAtSoftHyphen(
        _ end: Int, paragraphEnd: Int, in utf16: UnsafeBufferPointer<UInt16>, hasSoftHyphen: Bool
    ) -> Bool {
        hasSoftHyphen && end < paragraphEnd && end > 0 && utf16[end - 1] == softHyphen
    }

    /// The width a line `range` takes: visible advances plus a soft hyphen's hyphen.
    func width(_ range: Range<Int>, paragraphEnd: Int) -> Double {
        analysis.utf16.withUnsafeBufferPointer { utf16 in
            prefix.withUnsafeBufferPointer { prefix in
                Self.width(from: range.lowerBound, visibleEnd: visibleEnd(range), paragraphEnd: paragraphEnd,
                           prefix: prefix, utf16: utf16, hasSoftHyphen: analysis.hasSoftHyphen, hyphenWidth: hyphenWidth)
            }
        }
    }

    /// The fit rule's width, written once: the advances from a line's start to where its
    /// visible text ends, plus the hyphen a soft hyphen shows when the line ends at one inside
    /// its paragraph. Over buffers, since the candidate loop calls it for every opportunity.
    @inline(__always)
    static func width(
        from start: Int, visibleEnd: Int, paragraphEnd: Int, prefix: UnsafeBufferPointer<Double>,
        utf16: UnsafeBufferPointer<UInt16>, hasSoftHyphen: Bool, hyphenWidth: (Int) -> Double
    ) -> Double {
        var width = prefix[visibleEnd] - prefix[start]
        if endsAtSoftHyphen(visibleEnd, paragraphEnd: paragraphEnd, in: utf16, hasSoftHyphen: hasSoftHyphen) {
            width += hyphenWidth(visibleEnd - 1)
        }
        return width
    }

    /// The widest piece of a paragraph between two consecutive break opportunities, measured
    /// as a line holding just that piece would be: no line narrower than it can avoid breaking
    /// a word (CSS's min-content contribution of the text).
    func widestPiece(of paragraph: Range<Int>) -> Double {
        var widest = 0.0
        var start = paragraph.lowerBound
        for end in analysis.softBreaks where end > paragraph.lowerBound && end < paragraph.upperBound {
            widest = max(widest, width(start..<end, paragraphEnd: paragraph.upperBound))
            start = end
        }
        return max(widest, width(start..<paragraph.upperBound, paragraphEnd: paragraph.upperBound))
    }

    /// ``endsAtSoftHyphen(_:paragraphEnd:in:hasSoftHyphen:)`` over the analysis's text.
    func endsAtSoftHyphen(_ end: Int, paragraphEnd: Int) -> Bool {
        analysis.utf16.withUnsafeBufferPointer {
            Self.endsAtSoftHyphen(end, paragraphEnd: paragraphEnd, in: $0, hasSoftHyphen: analysis.hasSoftHyphen)
        }
    }

    /// Breaks one paragraph into lines of at most `maxWidth` points (`nil`: no wrapping), appended
    /// to `lines`.
    func lines(of paragraph: Range<Int>, maxWidth: Double?, into lines: inout [LineSpan]) {
        guard let maxWidth, !paragraph.isEmpty else {
            let end = visibleEnd(paragraph)
            lines.append(LineSpan(range: paragraph, visibleEnd: end, hyphenated: false, brokenWord: false, endsParagraph: true))
            return
        }
        let limit = maxWidth + 1e-9
        // Opportunities inside the paragraph, then its end: candidate k is breaks[k] below
        // `last`, the paragraph's end at `last` (read in place, not copied per paragraph).
        let breaks = analysis.softBreaks
        let first = firstIndex(in: breaks, after: paragraph.lowerBound)
        let last = max(first, firstIndex(in: breaks, after: paragraph.upperBound - 1))
        // Roughly the lines to come, so the array grows once at most (capped in Double first: a
        // tiny width over long text would overflow Int).
        let total = prefix[paragraph.upperBound] - prefix[paragraph.lowerBound]
        if total.isFinite, total > 0 {
            lines.reserveGrowing(lines.count + Int(min(total / maxWidth + 2, Double(paragraph.count))))
        }

        // The candidate loop reads the text, the sums and the opportunities in place: it is the
        // breaker's hot loop, and the arrays' bounds checks would weigh on every candidate.
        let hasSoftHyphen = analysis.hasSoftHyphen, paragraphEnd = paragraph.upperBound
        analysis.utf16.withUnsafeBufferPointer { utf16 in
        prefix.withUnsafeBufferPointer { prefix in
        breaks.withUnsafeBufferPointer { breaks in
        visibleBreakEnds.withUnsafeBufferPointer { visibleBreakEnds in
            precondition(paragraphEnd < prefix.count && paragraphEnd <= utf16.count, "paragraph outside the text")
            let tabled = !visibleBreakEnds.isEmpty
            precondition(!tabled || visibleBreakEnds.count == breaks.count, "visible ends of other breaks")
            let paragraphVisibleEnd = Self.visibleEnd(paragraphEnd, from: paragraph.lowerBound, in: utf16)
            func candidate(_ k: Int) -> Int { k < last ? breaks[k] : paragraphEnd }
            // width(_:paragraphEnd:) over the buffers, for the line from `start` to candidate
            // `k`: trailing spaces hang back to the line's start at most.
            func fits(_ start: Int, _ k: Int) -> Bool {
                let visible = k >= last ? max(start, paragraphVisibleEnd)
                    : tabled ? max(start, visibleBreakEnds[k]) : Self.visibleEnd(breaks[k], from: start, in: utf16)
                return Self.width(from: start, visibleEnd: visible, paragraphEnd: paragraphEnd, prefix: prefix, utf16: utf16,
                                  hasSoftHyphen: hasSoftHyphen, hyphenWidth: hyphenWidth) <= limit
            }
            var start = paragraph.lowerBound
            var next = first
            while start < paragraphEnd {
                while next <= last && candidate(next) <= start { next += 1 }
                var fit: Int?
                var index = next
                while index <= last, fits(start, index) {
                    fit = candidate(index)
                    index += 1
                }
                let end: Int
                var broken = false
                if let fit {
                    end = fit
                } else {
                    end = graphemeFit(from: start, to: candidate(next), limit: limit, paragraphEnd: paragraphEnd)
                    broken = end < candidate(next)
                }
                let span = start..<end
                let visible = Self.visibleEnd(end, from: start, in: utf16)
                lines.append(LineSpan(
                    range: span, visibleEnd: visible,
                    hyphenated: !broken && Self.endsAtSoftHyphen(visible, paragraphEnd: paragraphEnd, in: utf16,
                                                                 hasSoftHyphen: hasSoftHyphen),
                    brokenWord: broken, endsParagraph: end == paragraphEnd))
                start = end
            }
        }
        }
        }
        }
    }

    /// Breaks each paragraph into lines (appended to `lines`); each line's paragraph index, or
    /// none when there is one paragraph.
    func lines(ofParagraphs paragraphs: [TextAnalysis.Paragraph], maxWidth: Double?, into lines: inout [LineSpan]) -> [Int] {
        var lineParagraphs: [Int] = []
        for (index, paragraph) in paragraphs.enumerated() {
            self.lines(of: paragraph.range, maxWidth: maxWidth, into: &lines)
            if paragraphs.count > 1 { lineParagraphs += repeatElement(index, count: lines.count - lineParagraphs.count) }
        }
        return lineParagraphs
    }

    /// The index of the first element greater than `value` in a sorted array.
    private func firstIndex(in sorted: [Int], after value: Int) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The end of the longest run of whole grapheme clusters from `start` that fits, at least one.
    private func graphemeFit(from start: Int, to end: Int, limit: Double, paragraphEnd: Int) -> Int {
        var grapheme = Int(analysis.graphemeIndex[start]) + 1
        var fitted = analysis.graphemeStarts[grapheme]
        while grapheme + 1 < analysis.graphemeStarts.count {
            let candidate = analysis.graphemeStarts[grapheme + 1]
            // Stopping just after a soft hyphen shows a hyphen, which must fit too.
            let hyphen = endsAtSoftHyphen(candidate, paragraphEnd: paragraphEnd) ? hyphenWidth(candidate - 1) : 0
            guard candidate <= end, prefix[candidate] - prefix[start] + hyphen <= limit else { break }
            fitted = candidate
            grapheme += 1
        }
        return min(fitted, end)
    }
}
