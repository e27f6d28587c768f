import Foundation
import Testing

@testable import TypeLayout

/// Runs the Unicode Consortium's conformance files through the analysis stage.
///
/// The files come from Debian's `unicode-data` package (Unicode 15.0.0 on Debian 12, matching
/// ICU 72's data). The pass counts are pinned exactly, so any change in ICU, in the data files or
/// in our wrappers shows up here rather than as a silent shift in layout.
@Suite("UnicodeConformance")
struct UnicodeConformanceTests {
    static let lineBreakTestPath = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
    static let bidiCharacterTestPath = "/usr/share/unicode/BidiCharacterTest.txt"

    // MARK: LineBreakTest.txt

    /// The 22 cases of LineBreakTest-15.0.0.txt that ICU 72 answers differently, by line number.
    /// All come from ICU's tailoring of LB25 (numbers), which UAX #14 permits: ICU treats a
    /// character that may start a number as part of it.
    static let knownLineBreakDeviations: [Int: String] = {
        // "-#", "-§", "-<unassigned>", "-ก" (also with U+0308 after the hyphen): UAX #14 breaks
        // after HY before an AL character; ICU keeps them together.
        let hyphenBeforeLetter = "no break after U+002D before AL"
        // ",0", "a.2 ", "A.1 ", "요. A.2 ": UAX #14 breaks between IS and NU; ICU keeps the
        // separator with the digits, as in ".5".
        let separatorBeforeDigit = "no break between IS and a following NU"
        var table: [Int: String] = [:]
        for line in [2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431] {
            table[line] = hyphenBeforeLetter
        }
        for line in [2873, 2875, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587] {
            table[line] = separatorBeforeDigit
        }
        // "equals .35 cents": UAX #14 breaks after "."; ICU breaks before it (".35" is a number).
        table[7477] = "break before, not after, the '.' of ' .35'"
        return table
    }()

    @Test("LineBreakTest.txt through LineBreakAnalyzer")
    func lineBreakTest() throws {
        let bytes = try Self.load(Self.lineBreakTestPath)
        try Self.expectVersion(bytes, file: "LineBreakTest", version: "15.0.0")
        let cases = Self.parseLineBreakTest(bytes)
        #expect(cases.count == 7_654, "LineBreakTest.txt should hold 7,654 cases")

        var passed = 0
        var failedLines: [Int] = []
        for testCase in cases {
            let found = try LineBreakAnalyzer.opportunities(in: testCase.text).map(\.utf16Offset)
            if found == testCase.breaks {
                passed += 1
            } else {
                failedLines.append(testCase.line)
            }
        }
        #expect(passed == 7_632, "LineBreakTest: \(passed) of \(cases.count) pass with ICU \(ICU.version)")
        #expect(
            failedLines == Self.knownLineBreakDeviations.keys.sorted(),
            "failing lines changed: \(failedLines)")
    }

    struct LineBreakCase {
        /// Line number in the file, for reporting.
        var line: Int
        var text: [UInt16]
        /// UTF-16 offsets of the ÷ marks after the start of text.
        var breaks: [Int]
    }

    /// Parses lines like `× 0023 × 0009 ÷ 0023 ÷	# comment` from raw bytes (fast, even in
    /// debug builds: no String splitting).
    static func parseLineBreakTest(_ bytes: [UInt8]) -> [LineBreakCase] {
        var cases: [LineBreakCase] = []
        var lineNumber = 0
        var index = 0
        while index < bytes.count {
            lineNumber += 1
            var text: [UInt16] = []
            var breaks: [Int] = []
            var value: UInt32 = 0
            var inNumber = false
            var inComment = false
            var sawMark = false
            while index < bytes.count && bytes[index] != UInt8(ascii: "\n") {
                let byte = bytes[index]
                index += 1
                if inComment { continue }
                if let digit = hexValue(byte) {
                    value = value << 4 | digit
                    inNumber = true
                    continue
                }
                if inNumber {
                    appendUTF16(value, to: &text)
                    value = 0
                    inNumber = false
                }
                switch byte {
                case UInt8(ascii: "#"):
                    inComment = true
                case 0xC3 where index < bytes.count:
                    // × is C3 97 and ÷ is C3 B7 in UTF-8.
                    sawMark = true
                    if bytes[index] == 0xB7 && !text.isEmpty { breaks.append(text.count) }
                    index += 1
                default:
                    break
                }
            }
            index += 1
            if inNumber { appendUTF16(value, to: &text) }
            if sawMark && !text.isEmpty {
                cases.append(LineBreakCase(line: lineNumber, text: text, breaks: breaks))
            }
        }
        return cases
    }

    // MARK: BidiCharacterTest.txt

    /// The 30 cases of BidiCharacterTest-15.0.0.txt where ICU 72 departs from UAX #9, by line
    /// number. All test rules added or clarified in Unicode 8.0 that ICU's implementation doesn't
    /// follow (ICU issue ICU-23513 is about the X6a and bracket-limit ones). They need explicit
    /// overrides, nonspacing marks on brackets or 64 nested brackets: plain text is unaffected.
    static let knownBidiDeviations: [Int: String] = {
        var table: [Int: String] = [:]
        // X6a: a PDI inside an override must take the override's direction; ICU doesn't.
        for line in 59...62 { table[line] = "X6a: override not applied to PDI" }
        // BD16: only brackets whose class is still ON pair up; ICU pairs overridden ones.
        for line in 65...80 { table[line] = "BD16: overridden brackets paired" }
        // N0: nonspacing marks after a bracket N0 resolved must follow it; ICU leaves them,
        // also when a BN character (ZWJ, ZWSP) sits between bracket and mark.
        for line in [83, 84, 85, 86, 87, 88, 102, 108, 113] {
            table[line] = "N0: NSM after a resolved bracket not changed"
        }
        // BD16: past 63 open brackets no pairs are resolved; ICU resolves them.
        table[120] = "BD16: bracket stack limit of 63 ignored"
        return table
    }()

    @Test("BidiCharacterTest.txt through BidiParagraph")
    func bidiCharacterTest() throws {
        let bytes = try Self.load(Self.bidiCharacterTestPath)
        try Self.expectVersion(bytes, file: "BidiCharacterTest", version: "15.0.0")
        let cases = Self.parseBidiCharacterTest(bytes)
        #expect(cases.count == 91_707, "BidiCharacterTest.txt should hold 91,707 cases")

        var passed = 0
        var failedLines: [Int] = []
        for testCase in cases {
            if try Self.passes(testCase) {
                passed += 1
            } else {
                failedLines.append(testCase.line)
            }
        }
        #expect(
            passed == 91_677, "BidiCharacterTest: \(passed) of \(cases.count) pass with ICU \(ICU.version)")
        #expect(
            failedLines == Self.knownBidiDeviations.keys.sorted(),
            "failing lines changed: \(failedLines.prefix(50))")
    }

    struct BidiCase {
        var line: Int
        var codePoints: [UInt32]
        var direction: BaseDirection
        var paragraphLevel: UInt8
        /// Expected level per code point; nil where the file says x (removed by rule X9).
        var levels: [UInt8?]
        /// Code point indices left to right, x characters left out.
        var visualOrder: [Int]
    }

    /// One case passes when the paragraph level, the level of every character not removed by
    /// X9 (both as resolved for the paragraph and as laid out on its single line) and the
    /// visual order of those characters all match.
    static func passes(_ testCase: BidiCase) throws -> Bool {
        var text: [UInt16] = []
        // The code point each UTF-16 unit belongs to, to map runs back to the file's indices.
        var codePointOfUnit: [Int] = []
        var firstUnit: [Int] = []
        for (index, codePoint) in testCase.codePoints.enumerated() {
            firstUnit.append(text.count)
            appendUTF16(codePoint, to: &text)
            while codePointOfUnit.count < text.count { codePointOfUnit.append(index) }
        }
        let paragraph = try BidiParagraph(text, baseDirection: testCase.direction)
        guard paragraph.paragraphLevel == testCase.paragraphLevel else { return false }

        let runs = paragraph.visualRuns(in: 0..<text.count)
        var lineLevels = [UInt8](repeating: 0, count: text.count)
        var order: [Int] = []
        for run in runs {
            for unit in run.utf16Range { lineLevels[unit] = run.level }
            let units = run.isRightToLeft ? Array(run.utf16Range.reversed()) : Array(run.utf16Range)
            for unit in units {
                let codePoint = codePointOfUnit[unit]
                // Count each code point once (at its first unit in display order).
                if testCase.levels[codePoint] != nil && order.last != codePoint {
                    order.append(codePoint)
                }
            }
        }
        let paragraphLevels = firstUnit.map { paragraph.levels[$0] }
        let laidOutLevels = firstUnit.map { lineLevels[$0] }
        guard levelsMatch(paragraphLevels, testCase.levels),
            levelsMatch(laidOutLevels, testCase.levels)
        else { return false }
        return order == testCase.visualOrder
    }

    /// Levels match where the file doesn't say x. As in ICU's own conformance test, text that
    /// resolves to one direction also matches when ICU reports every character at one level
    /// of that direction: ICU skips storing the levels then, and the display is the same.
    /// (7 passing cases of BidiCharacterTest-15.0.0 rely on this.)
    static func levelsMatch(_ actual: [UInt8], _ expected: [UInt8?]) -> Bool {
        var exact = true
        var expectedParities: Set<UInt8> = []
        var actualParities: Set<UInt8> = []
        for (actual, expected) in zip(actual, expected) {
            guard let expected else { continue }
            if actual != expected { exact = false }
            expectedParities.insert(expected & 1)
            actualParities.insert(actual & 1)
        }
        return exact || (expectedParities.count == 1 && actualParities == expectedParities)
    }

    /// Parses `05D0 05D1 0028;0;0;1 1 0;1 0 2` lines from raw bytes.
    static func parseBidiCharacterTest(_ bytes: [UInt8]) -> [BidiCase] {
        var cases: [BidiCase] = []
        var lineNumber = 0
        var index = 0
        while index < bytes.count {
            lineNumber += 1
            let lineStart = index
            while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
            let line = bytes[lineStart..<index]
            index += 1
            guard let first = line.first, first != UInt8(ascii: "#") else { continue }
            let fields = line.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            let codePoints = numbers(in: fields[0], radix: 16).compactMap { $0 }.map(UInt32.init)
            let direction: BaseDirection =
                switch fields[1].first {
                case UInt8(ascii: "0"): .leftToRight
                case UInt8(ascii: "1"): .rightToLeft
                default: .natural
                }
            let paragraphLevel = UInt8(numbers(in: fields[2], radix: 10).first.flatMap { $0 } ?? 255)
            let levels = numbers(in: fields[3], radix: 10).map { $0.map(UInt8.init) }
            let order = numbers(in: fields[4], radix: 10).compactMap { $0 }
            cases.append(
                BidiCase(
                    line: lineNumber, codePoints: codePoints, direction: direction,
                    paragraphLevel: paragraphLevel, levels: levels, visualOrder: order))
        }
        return cases
    }

    /// Space-separated numbers; a token that isn't a number (the file's x) becomes nil.
    static func numbers(in field: ArraySlice<UInt8>, radix: UInt32) -> [Int?] {
        var result: [Int?] = []
        var value = 0
        var inToken = false
        var valid = true
        for byte in field {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                if inToken { result.append(valid ? value : nil) }
                value = 0
                inToken = false
                valid = true
                continue
            }
            inToken = true
            if let digit = hexValue(byte), digit < radix {
                value = value * Int(radix) + Int(digit)
            } else {
                valid = false
            }
        }
        if inToken { result.append(valid ? value : nil) }
        return result
    }

    // MARK: Shared helpers

    static func load(_ path: String) throws -> [UInt8] {
        let data = try #require(
            FileManager.default.contents(atPath: path),
            "\(path) is missing: install the Debian package unicode-data (apt-get install unicode-data)")
        return [UInt8](data)
    }

    /// The pinned counts hold for one version of the file only: say so rather than report
    /// a confusing count mismatch.
    static func expectVersion(_ bytes: [UInt8], file: String, version: String) throws {
        let header = String(decoding: bytes.prefix(80), as: UTF8.self)
        #expect(
            header.contains("\(file)-\(version).txt"),
            "expected \(file)-\(version).txt (the counts are pinned for it), found: \(header.prefix(40))")
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        default: nil
        }
    }

    static func appendUTF16(_ codePoint: UInt32, to text: inout [UInt16]) {
        if codePoint >= 0x10000 && codePoint <= 0x10FFFF {
            let value = codePoint - 0x10000
            text.append(UInt16(0xD800 + (value >> 10)))
            text.append(UInt16(0xDC00 + (value & 0x3FF)))
        } else {
            text.append(UInt16(truncatingIfNeeded: codePoint))
        }
    }
}
