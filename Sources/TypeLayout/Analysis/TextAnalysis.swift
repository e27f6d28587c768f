/// Everything about a text that doesn't depend on fonts or sizes, computed once per text and
/// shared by the layouts of all categories: UTF-16 units, grapheme clusters, paragraphs, line
/// break opportunities, bidi levels and scripts.
///
/// A class: every category's composer, breaker and placement holds it, and copying a struct of
/// nine arrays would retain each of them.
final class TextAnalysis: Sendable {
    /// A class so that each line's use of its paragraph doesn't copy (and retain) its arrays.
    final class Paragraph: Sendable {
        /// The paragraph's content, without its terminator, in UTF-16 offsets.
        let range: Range<Int>
        /// The terminator's length (0 for the last paragraph, 2 for CR LF).
        let terminatorLength: Int
        let bidi: BidiParagraph

        init(range: Range<Int>, terminatorLength: Int, bidi: BidiParagraph) {
            self.range = range
            self.terminatorLength = terminatorLength
            self.bidi = bidi
        }
    }

    let string: String
    let utf16: [UInt16]
    /// UTF-16 offset of each grapheme cluster's start, then the text's length.
    let graphemeStarts: [Int]
    /// For each UTF-16 offset, the index of the grapheme cluster it belongs to.
    let graphemeIndex: [Int32]
    /// Attribute runs' UTF-16 ranges, in order.
    let runRanges: [Range<Int>]
    let paragraphs: [Paragraph]
    /// Soft break opportunities (offsets where a line may end), in increasing order.
    let softBreaks: [Int]
    let scripts: [ScriptRun]
    /// Whether the text has a soft hyphen (U+00AD), the only place a line can show a hyphen.
    let hasSoftHyphen: Bool
    /// The items and shaping layouts of this text made, for the next layout to reuse.
    let itemizations = Lock(ItemizationCache())

    convenience init(_ text: AttributedText, baseDirection: BaseDirection, locale: String?) throws {
        try self.init(text, string: text.string, baseDirection: baseDirection, locale: locale)
    }

    /// The analysis of `text`, whose runs' texts joined are `string`.
    init(_ text: AttributedText, string: String, baseDirection: BaseDirection, locale: String?) throws {
        // Both the grapheme and the script analyses have an ASCII path: one scan decides.
        let (utf16, isASCII) = Self.utf16(of: string)
        self.string = string
        self.utf16 = utf16
        hasSoftHyphen = !isASCII && utf16.contains(0x00AD)
        runRanges = Self.runRanges(of: text.runs)

        (graphemeStarts, graphemeIndex) = Self.graphemes(of: string, utf16, isASCII: isASCII)

        // Paragraphs end at hard breaks; U+2028 ends a line too (we treat it as a paragraph end,
        // which differs from UAX #9 only in resetting the direction).
        var paragraphs: [Paragraph] = []
        var start = 0
        var index = 0
        while index < utf16.count {
            let unit = utf16[index]
            var terminator = 0
            switch unit {
            case 0x000A, 0x0085, 0x2028, 0x2029: terminator = 1
            case 0x000D: terminator = index + 1 < utf16.count && utf16[index + 1] == 0x000A ? 2 : 1
            default: break
            }
            if terminator > 0 {
                paragraphs.append(Paragraph(
                    range: start..<index, terminatorLength: terminator,
                    bidi: try BidiParagraph(Array(utf16[start..<index]), baseDirection: baseDirection)))
                index += terminator
                start = index
            } else {
                index += 1
            }
        }
        // A text of one paragraph (most labels) is its own paragraph's units: no copy.
        paragraphs.append(Paragraph(
            range: start..<utf16.count, terminatorLength: 0,
            bidi: try BidiParagraph(start == 0 ? utf16 : Array(utf16[start..<utf16.count]), baseDirection: baseDirection)))
        self.paragraphs = paragraphs

        softBreaks = try ICU.softLineBreaks(in: utf16, locale: locale)
        scripts = ScriptItemizer.runs(in: utf16, usingTable: isASCII)
    }

    /// Each run's UTF-16 range, in order.
    static func runRanges(of runs: [AttributedText.Run]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(runs.count)
        var offset = 0
        for run in runs {
            let count = run.text.utf16.count
            ranges.append(offset..<offset + count)
            offset += count
        }
        return ranges
    }

    /// The UTF-16 code units of a string, and whether they are all ASCII.
    ///
    /// An ASCII string's UTF-8 bytes are its UTF-16 code units, widened here from the string's
    /// own storage, where `Array(string.utf16)` would go through the standard library's UTF-16
    /// view a unit at a time. Other text takes that view.
    static func utf16(of string: String) -> (units: [UInt16], isASCII: Bool) {
        let ascii = string.utf8.withContiguousStorageIfAvailable { bytes -> [UInt16]? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return [UInt16](writingAtMost: bytes.count) { units in
                for index in bytes.indices { units[index] = UInt16(bytes[index]) }
                return bytes.count
            }
        }
        if let ascii, let units = ascii { return (units, true) }
        let units = Array(string.utf16)
        return (units, units.allSatisfy { $0 < 0x80 })
    }

    /// Grapheme cluster starts (then the text's length) and each code unit's cluster index.
    static func graphemes(of string: String, _ utf16: [UInt16], isASCII: Bool) -> (starts: [Int], index: [Int32]) {
        // ASCII text (most labels): every character is a cluster of its own but CR LF (rules
        // GB3-GB5; ASCII has no Extend, Prepend or SpacingMark), without String's grapheme
        // breaking, a fifth of a new label's analysis. Both arrays are written in place. The
        // same holds for text made only of ``standaloneGraphemeUnits`` (accented Latin,
        // Arabic without vowel marks, kana and kanji), where String's breaking cost four
        // tenths of the analysis.
        if isASCII || Self.isStandaloneGraphemeText(utf16) {
            let count = utf16.count
            var index: [Int32] = []
            let starts = utf16.withUnsafeBufferPointer { units in
                [Int](writingAtMost: count + 1) { starts in
                    var startCount = 0
                    index = [Int32](writingAtMost: count) { index in
                        for offset in 0..<count {
                            if offset > 0 && units[offset] == 0x0A && units[offset - 1] == 0x0D {
                                index[offset] = Int32(startCount - 1)
                            } else {
                                index[offset] = Int32(startCount)
                                starts[startCount] = offset
                                startCount += 1
                            }
                        }
                        return count
                    }
                    starts[startCount] = count
                    return startCount + 1
                }
            }
            return (starts, index)
        }
        return characterGraphemes(of: string, count: utf16.count)
    }

    /// Code units that are a whole scalar whose grapheme cluster break property is Other or
    /// Control (UAX #29): no rule but GB3 (CR LF) keeps two of them in one cluster. Ranges
    /// without combining marks, Hangul jamo, regional indicators, ZWJ or prepended concatenation
    /// marks; `AnalysisTests` checks every one of them against String's grapheme breaking.
    static let standaloneGraphemeUnits: [ClosedRange<UInt16>] = [
        0x0000...0x02FF,  // ASCII, Latin-1, Latin Extended-A and -B, IPA, spacing modifiers
        0x0370...0x0482, 0x048A...0x052F,  // Greek, Cyrillic (not its combining marks)
        0x05D0...0x05EA,  // Hebrew letters
        0x060C...0x060C, 0x061B...0x061B, 0x061F...0x064A, 0x0660...0x066F, 0x0671...0x06D5,  // Arabic letters, digits, punctuation
        0x1E00...0x1EFF,  // Latin Extended Additional
        0x2010...0x2027, 0x2030...0x205E, 0x20A0...0x20C0,  // punctuation, currency
        0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x309B...0x30FF,  // CJK punctuation, kana
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF01...0xFF9D,  // kanji, full and half width forms
    ]

    /// Whether `unit` is in ``standaloneGraphemeUnits`` (a binary search: text outside ASCII
    /// is mostly in the later ranges).
    static func isStandaloneGrapheme(_ unit: UInt16) -> Bool {
        isStandaloneGrapheme(unit, in: standaloneGraphemeUnits)
    }

    /// Whether every unit of a text is: the table read once, not once per unit.
    private static func isStandaloneGraphemeText(_ utf16: [UInt16]) -> Bool {
        let ranges = standaloneGraphemeUnits
        return utf16.allSatisfy { $0 < 0x80 || isStandaloneGrapheme($0, in: ranges) }
    }

    private static func isStandaloneGrapheme(_ unit: UInt16, in ranges: [ClosedRange<UInt16>]) -> Bool {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < unit { low = middle + 1 } else { high = middle }
        }
        return low < ranges.count && ranges[low].contains(unit)
    }

    /// ``graphemes(of:_:isASCII:)`` by String's own grapheme breaking, for any text.
    static func characterGraphemes(of string: String, count: Int) -> (starts: [Int], index: [Int32]) {
        var starts: [Int] = []
        starts.reserveCapacity(count + 1)
        var graphemeIndex = [Int32](repeating: 0, count: count)
        var position = 0
        for character in string {
            starts.append(position)
            let length = character.utf16.count
            for unit in position..<position + length { graphemeIndex[unit] = Int32(starts.count - 1) }
            position += length
        }
        starts.append(position)
        return (starts, graphemeIndex)
    }

    /// The index of the attribute run containing a UTF-16 offset (the last run at the end).
    func runIndex(at offset: Int) -> Int {
        var low = 0, high = runRanges.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runRanges[mid].lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        // Skip empty runs that share the offset.
        while low + 1 < runRanges.count && runRanges[low].isEmpty && runRanges[low + 1].lowerBound == offset { low += 1 }
        return max(0, low)
    }

    /// The scalar starting at a UTF-16 offset.
    func scalar(at offset: Int) -> Unicode.Scalar {
        let unit = utf16[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[offset + 1]) {
            return Unicode.Scalar(UTF16.decode(UTF16.EncodedScalar([unit, utf16[offset + 1]])).value)!
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    /// The grapheme cluster's scalar when it has just one (most clusters outside ASCII), else
    /// `nil`: ``scalars(ofGrapheme:)`` without an array.
    func singleScalar(ofGrapheme index: Int) -> Unicode.Scalar? {
        let offset = graphemeStarts[index], count = graphemeStarts[index + 1] - offset
        guard count == 1 || count == 2 else { return nil }
        let scalar = scalar(at: offset)
        return (scalar.value > 0xFFFF ? 2 : 1) == count ? scalar : nil
    }

    /// The scalars of the grapheme cluster with the given index.
    func scalars(ofGrapheme index: Int) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var offset = graphemeStarts[index]
        let end = graphemeStarts[index + 1]
        while offset < end {
            let scalar = scalar(at: offset)
            result.append(scalar)
            offset += scalar.value > 0xFFFF ? 2 : 1
        }
        return result
    }

    /// The string of a UTF-16 range; each unpaired surrogate becomes U+FFFD, as
    /// `String(decoding:as: UTF16.self)` does.
    ///
    /// Transcoded here to UTF-8 and handed to String's validated UTF-8 path:
    /// `String(decoding: utf16[range], as: UTF16.self)` goes through the standard library's
    /// unspecialized transcoder over an ArraySlice, far slower per code unit.
    func text(_ range: Range<Int>) -> String { Self.string(utf16, range) }

    /// The string of a range of UTF-16 code units, as ``text(_:)``.
    static func string(_ utf16: [UInt16], _ range: Range<Int>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.count * 3)
        utf16.withUnsafeBufferPointer { units in
            var index = range.lowerBound
            while index < range.upperBound {
                var value = UInt32(units[index])
                index += 1
                if value >= 0xD800 && value < 0xE000 {
                    if value < 0xDC00, index < range.upperBound, units[index] >= 0xDC00, units[index] < 0xE000 {
                        value = 0x10000 + ((value - 0xD800) << 10) + (UInt32(units[index]) - 0xDC00)
                        index += 1
                    } else {
                        value = 0xFFFD
                    }
                }
                switch value {
                case ..<0x80:
                    bytes.append(UInt8(value))
                case ..<0x800:
                    bytes.append(UInt8(0xC0 | value >> 6))
                    bytes.append(UInt8(0x80 | value & 0x3F))
                case ..<0x10000:
                    bytes.append(UInt8(0xE0 | value >> 12))
                    bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                    bytes.append(UInt8(0x80 | value & 0x3F))
                default:
                    bytes.append(UInt8(0xF0 | value >> 18))
                    bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
                    bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                    bytes.append(UInt8(0x80 | value & 0x3F))
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Array where Element: BitwiseCopyable {
    /// The first elements of a buffer of `capacity` that `body` writes, as many as it returns.
    ///
    /// Up to 1 KB the buffer is on the stack and the array is made from it: the array's own
    /// storage is then allocated through code specialized for `Element`, where
    /// `Array(unsafeUninitializedCapacity:)` goes through the standard library's generic
    /// allocation, which looks the storage type up at run time (dearer than the copy).
    init(writingAtMost capacity: Int, _ body: (UnsafeMutableBufferPointer<Element>) -> Int) {
        if capacity * MemoryLayout<Element>.stride <= 1_024 {
            self = withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
                let count = body(buffer)
                return Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        } else {
            self.init(unsafeUninitializedCapacity: capacity) { buffer, initialized in initialized = body(buffer) }
        }
    }
}
