import CUnicode
import Testing

@testable import TypeLayout
import TypeLayoutTestSupport

/// Splits `text` at its line break opportunities, marking mandatory breaks with "!", so a test
/// can state the expected lines at a glance.
private func lines(_ text: String, locale: String? = nil) throws -> [String] {
    let units = Array(text.utf16)
    var result: [String] = []
    var start = 0
    for opportunity in try LineBreakAnalyzer.opportunities(in: units, locale: locale) {
        let line = String(decoding: units[start..<opportunity.utf16Offset], as: UTF16.self)
        result.append(line + (opportunity.isMandatory ? "!" : ""))
        start = opportunity.utf16Offset
    }
    return result
}

private func offsets(_ text: String, locale: String? = nil) throws -> Set<Int> {
    Set(try LineBreakAnalyzer.opportunities(in: text, locale: locale).map(\.utf16Offset))
}

@Suite("Analysis: line breaks")
struct LineBreakAnalysisTests {
    @Test func emptyTextHasNoOpportunities() throws {
        #expect(try LineBreakAnalyzer.opportunities(in: [UInt16]()).isEmpty)
        #expect(try LineBreakAnalyzer.opportunities(in: "", locale: "ja").isEmpty)
    }

    @Test func endOfTextIsAlwaysAnOpportunity() throws {
        #expect(
            try LineBreakAnalyzer.opportunities(in: "word")
                == [LineBreakOpportunity(utf16Offset: 4, isMandatory: false)])
        #expect(try lines("two words") == ["two ", "words"])
    }

    @Test func japaneseKinsoku() throws {
        let text = "日本語、テスト。「引用」です"
        // Ideographs and kana break anywhere, except before closing punctuation (、。」) and
        // after opening punctuation (「).
        #expect(try lines(text) == ["日", "本", "語、", "テ", "ス", "ト。", "「引", "用」", "で", "す"])
        let breaks = try offsets(text, locale: "ja")
        let units = Array(text.utf16)
        for (index, unit) in units.enumerated() {
            if [0x3001, 0x3002, 0x300D].contains(unit) {
                #expect(!breaks.contains(index), "break before U+\(String(unit, radix: 16))")
            }
            if unit == 0x300C {
                #expect(!breaks.contains(index + 1), "break after U+300C")
            }
        }
    }

    @Test func localeIsPassedToICU() throws {
        // Small kana (class CJ): the root rules are strict and keep "ッ" with what precedes it;
        // ICU's Japanese rules are "normal" and allow the break.
        let text = "チョット"
        #expect(try !offsets(text).contains(2))
        #expect(try offsets(text, locale: "ja").contains(2))
        #expect(try !offsets(text, locale: "ja@lb=strict").contains(2))
        // An unknown locale falls back to the root rules instead of failing.
        #expect(try offsets(text, locale: "xx-nonsense") == offsets(text))
    }

    @Test func url() throws {
        // Breaks only after "/" and "?" inside the URL, never within "https:" or a host name.
        #expect(
            try lines("Visit https://example.com/path/to?q=1&x=y today.")
                == ["Visit ", "https://", "example.com/", "path/", "to?", "q=1&x=y ", "today."])
    }

    @Test func noBreakAtNonBreakingSpace() throws {
        let text = "100\u{00A0}km away"
        let breaks = try offsets(text)
        #expect(!breaks.contains(3) && !breaks.contains(4))
        #expect(try lines(text) == ["100\u{00A0}km ", "away"])
        // U+202F NARROW NO-BREAK SPACE and U+2060 WORD JOINER glue as well.
        #expect(try lines("10\u{202F}000 km") == ["10\u{202F}000 ", "km"])
        #expect(try lines("a\u{2060}b c") == ["a\u{2060}b ", "c"])
    }

    @Test func mandatoryBreaks() throws {
        #expect(
            try lines("one\ntwo\u{2028}three\u{2029}four\r\nfive")
                == ["one\n!", "two\u{2028}!", "three\u{2029}!", "four\r\n!", "five"])
        // Text ending in a newline reports its end as mandatory: an empty last line follows.
        #expect(
            try LineBreakAnalyzer.opportunities(in: "end\n")
                == [LineBreakOpportunity(utf16Offset: 4, isMandatory: true)])
        // CR LF is one break, not two.
        #expect(try !offsets("a\r\nb").contains(2))
    }

    @Test func softHyphenIsAnOpportunity() throws {
        let opportunities = try LineBreakAnalyzer.opportunities(in: "co\u{00AD}operate")
        #expect(opportunities.first == LineBreakOpportunity(utf16Offset: 3, isMandatory: false))
        #expect(!opportunities.contains { $0.utf16Offset == 2 })
    }

    @Test func surrogatePairsAndLoneSurrogates() throws {
        // Emoji are two code units; ICU never breaks between them.
        let emoji = "😀😀"
        #expect(try offsets(emoji) == [2, 4])
        // Malformed UTF-16 is analysed, not rejected.
        let broken: [UInt16] = [0x61, 0xD800, 0x20, 0xDC00, 0x62]
        let found = try LineBreakAnalyzer.opportunities(in: broken)
        #expect(found.last?.utf16Offset == broken.count)
    }

    // The iterators are opened once per locale and cloned per use (ICU.LineBreakIterators).

    static let tailored: [(text: String, locale: String?)] = [
        ("チョット待って、日本語です。", nil), ("チョット待って、日本語です。", "ja"),
        ("チョット待って、日本語です。", "ja@lb=strict"), ("チョット", "ja@lb=loose"),
        ("Visit https://example.com/path/to?q=1&x=y today.", nil), ("co\u{00AD}operate 100\u{00A0}km", "de"),
        ("one\ntwo\u{2028}three", "en"), ("ไทยภาษา ทดสอบ", "th"), ("😀😀 family 👨‍👩‍👧‍👦", "xx-nonsense"),
    ]

    @Test func aCachedIteratorKeepsItsLocaleUseAfterUse() throws {
        // Each locale's first use opens and caches its iterator; later uses clone it. Both must
        // give the locale's own rules, whichever locale came in between.
        let first = try Self.tailored.map { try LineBreakAnalyzer.opportunities(in: $0.text, locale: $0.locale) }
        // The same as an iterator opened for the one text (cunicode_line_breaks, the old way).
        for (index, label) in Self.tailored.enumerated() {
            let units = Array(label.text.utf16)
            var offsets = [Int32](repeating: 0, count: units.count)
            var mandatory = [UInt8](repeating: 0, count: units.count)
            var count: Int32 = 0
            let status = cunicode_line_breaks(units, Int32(units.count), label.locale, &offsets, &mandatory, Int32(units.count), &count)
            #expect(status == 0)
            #expect(first[index] == (0..<Int(count)).map {
                LineBreakOpportunity(utf16Offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0)
            })
        }
        for _ in 0..<3 {
            for (index, label) in Self.tailored.enumerated().reversed() {
                #expect(try LineBreakAnalyzer.opportunities(in: label.text, locale: label.locale) == first[index])
            }
        }
        #expect(try offsets("チョット", locale: "ja").contains(2))
        #expect(try !offsets("チョット").contains(2))
        #expect(try !offsets("チョット", locale: "ja@lb=strict").contains(2))
    }

    @Test func localesPastTheCacheAreOpenedForOneUse() throws {
        let iterators = ICU.LineBreakIterators(capacity: 1)
        func breaks(_ text: String, _ locale: String?) throws -> [Int32] {
            let units = Array(text.utf16)
            var offsets = [Int32](repeating: 0, count: units.count)
            var mandatory = [UInt8](repeating: 0, count: units.count)
            var count: Int32 = 0
            let status = try iterators.withIterator(locale: locale) { iterator in
                cunicode_line_breaker_breaks(iterator, units, Int32(units.count), &offsets, &mandatory, Int32(units.count), &count)
            }
            #expect(status == 0)
            return Array(offsets.prefix(Int(count)))
        }
        for _ in 0..<2 {
            #expect(try breaks("チョット", "ja").contains(2))  // cached
            #expect(try !breaks("チョット", nil).contains(2))  // not cached: opened and closed
            #expect(try !breaks("チョット", "ja@lb=strict").contains(2))
        }
    }

    @Test func iteratorsClonedFromSeveralThreadsGiveTheSerialBreaks() async throws {
        let labels = Self.tailored
        let expected = try labels.map { try LineBreakAnalyzer.opportunities(in: $0.text, locale: $0.locale) }
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<200 {
                        let index = (task + round) % labels.count
                        let found = try LineBreakAnalyzer.opportunities(in: labels[index].text, locale: labels[index].locale)
                        if found != expected[index] { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}

@Suite("Analysis: bidi")
struct BidiAnalysisTests {
    @Test func emptyText() throws {
        let natural = try BidiParagraph([UInt16](), baseDirection: .natural)
        #expect(!natural.isRightToLeft)
        #expect(natural.levels.isEmpty && natural.runs.isEmpty)
        #expect(natural.visualRuns(in: 0..<0).isEmpty)
        #expect(try BidiParagraph("", baseDirection: .rightToLeft).isRightToLeft)
    }

    @Test func arabicParagraphIsRightToLeft() throws {
        let text = "مرحبا بالعالم"
        let paragraph = try BidiParagraph(text)
        #expect(paragraph.isRightToLeft)
        #expect(paragraph.paragraphLevel == 1)
        #expect(paragraph.levels == Array(repeating: 1, count: 13))
        #expect(paragraph.runs == [BidiRun(utf16Range: 0..<13, level: 1)])
        // Asked to be left to right, the paragraph is, and the Arabic is a right-to-left run.
        let forced = try BidiParagraph(text, baseDirection: .leftToRight)
        #expect(!forced.isRightToLeft)
        #expect(forced.runs.allSatisfy { $0.isRightToLeft })
    }

    @Test func naturalDirectionComesFromTheFirstStrongCharacter() throws {
        #expect(try !BidiParagraph("123 abc שלום").isRightToLeft)
        #expect(try BidiParagraph("123 שלום abc").isRightToLeft)
        // No strong character: left to right.
        #expect(try !BidiParagraph("123 !?").isRightToLeft)
    }

    @Test func hebrewInEnglishWithNumbers() throws {
        // "abc שלום 123 def": the number after Hebrew is part of the right-to-left stretch but
        // keeps its digits left to right (level 2).
        let paragraph = try BidiParagraph("abc שלום 123 def")
        #expect(!paragraph.isRightToLeft)
        #expect(paragraph.levels == [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 0, 0, 0, 0])
        #expect(
            paragraph.runs == [
                BidiRun(utf16Range: 0..<4, level: 0), BidiRun(utf16Range: 4..<9, level: 1),
                BidiRun(utf16Range: 9..<12, level: 2), BidiRun(utf16Range: 12..<16, level: 0),
            ])
        // Displayed as "abc 123 םולש def".
        #expect(
            paragraph.visualRuns(in: 0..<16) == [
                BidiRun(utf16Range: 0..<4, level: 0), BidiRun(utf16Range: 9..<12, level: 2),
                BidiRun(utf16Range: 4..<9, level: 1), BidiRun(utf16Range: 12..<16, level: 0),
            ])
        #expect(display("abc שלום 123 def", paragraph.visualRuns(in: 0..<16)) == "abc 123 םולש def")
    }

    @Test func englishInHebrewWithNumbers() throws {
        // Rule W7 makes a number after English text left to right like the text, so
        // "world 2024" stays together as one left-to-right run.
        let text = "שלום world 2024!"
        let paragraph = try BidiParagraph(text)
        #expect(paragraph.isRightToLeft)
        #expect(paragraph.levels == [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1])
        #expect(display(text, paragraph.visualRuns(in: 0..<16)) == "!world 2024 םולש")
        // After Hebrew, the number is not pulled along: "שלום 2024 עולם" keeps 2024 between.
        let hebrew = "שלום 2024 עולם"
        #expect(display(hebrew, try BidiParagraph(hebrew).visualRuns(in: 0..<14)) == "םלוע 2024 םולש")
    }

    @Test func trailingWhitespaceOfALineGoesToTheParagraphLevel() throws {
        // Rule L1: the space between the Hebrew words is right to left within the paragraph,
        // but at the end of the first line it takes the paragraph's level 0.
        let paragraph = try BidiParagraph("abc אבג דהו")
        #expect(paragraph.levels[7] == 1)
        #expect(
            paragraph.visualRuns(in: 0..<8) == [
                BidiRun(utf16Range: 0..<4, level: 0), BidiRun(utf16Range: 4..<7, level: 1),
                BidiRun(utf16Range: 7..<8, level: 0),
            ])
        #expect(paragraph.visualRuns(in: 8..<11).map(\.utf16Range) == [8..<11])
        #expect(paragraph.visualRuns(in: 8..<11).allSatisfy { $0.isRightToLeft })
    }

    @Test func lineRangesAreClamped() throws {
        let paragraph = try BidiParagraph("abc אבג")
        #expect(paragraph.visualRuns(in: -5..<100) == paragraph.visualRuns(in: 0..<7))
        #expect(paragraph.visualRuns(in: 20..<30).isEmpty)
        #expect(paragraph.visualRuns(in: 3..<3).isEmpty)
    }

    @Test func linesAcrossParagraphSeparatorsStillLayOut() throws {
        // ICU treats U+2029 as the end of a paragraph and gives each paragraph its own natural
        // direction; a line spanning both is laid out one paragraph at a time.
        let paragraph = try BidiParagraph("אבג\u{2029}abc")
        #expect(paragraph.isRightToLeft)
        #expect(paragraph.levels == [1, 1, 1, 1, 0, 0, 0])
        #expect(
            paragraph.visualRuns(in: 0..<7) == [
                BidiRun(utf16Range: 0..<4, level: 1), BidiRun(utf16Range: 4..<7, level: 0),
            ])
    }

    @Test func swiftFallbackReordersLikeRuleL2() {
        let logical = [
            BidiRun(utf16Range: 0..<2, level: 0), BidiRun(utf16Range: 2..<4, level: 1),
            BidiRun(utf16Range: 4..<6, level: 2), BidiRun(utf16Range: 6..<8, level: 1),
            BidiRun(utf16Range: 8..<10, level: 0),
        ]
        #expect(
            BidiParagraph.reordered(logical).map(\.utf16Range) == [
                0..<2, 6..<8, 4..<6, 2..<4, 8..<10,
            ])
        #expect(BidiParagraph.reordered([]).isEmpty)
    }

    @Test func concurrentLinesAgree() async throws {
        let paragraph = try BidiParagraph("abc אבג 123 דהו def (xyz) אבג")
        let expected = paragraph.visualRuns(in: 4..<20)
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { _ in paragraph.visualRuns(in: 4..<20) == expected }
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 8))
    }

    /// The text of `runs` as displayed: runs left to right, right-to-left runs reversed.
    private func display(_ text: String, _ runs: [BidiRun]) -> String {
        let units = Array(text.utf16)
        return runs.map { run in
            let piece = String(decoding: units[run.utf16Range], as: UTF16.self)
            return run.isRightToLeft ? String(piece.reversed()) : piece
        }.joined()
    }
}

@Suite("Analysis: scripts")
struct ScriptAnalysisTests {
    private func runs(_ text: String) -> [String] {
        let units = Array(text.utf16)
        return ScriptItemizer.runs(in: text).map {
            "\($0.script):\(String(decoding: units[$0.utf16Range], as: UTF16.self))"
        }
    }

    @Test func latinArabicHan() {
        #expect(
            ScriptItemizer.runs(in: "Hello مرحبا 日本語") == [
                ScriptRun(utf16Range: 0..<6, script: "Latn"),
                ScriptRun(utf16Range: 6..<12, script: "Arab"),
                ScriptRun(utf16Range: 12..<15, script: "Hani"),
            ])
    }

    @Test func emptyAndCommonOnlyText() {
        #expect(ScriptItemizer.runs(in: [UInt16]()).isEmpty)
        #expect(runs("123 !?") == ["Zyyy:123 !?"])
    }

    @Test func commonAndInheritedJoinTheirNeighbours() {
        // Leading digits and emoji take the following script; combining marks the preceding.
        #expect(runs("123 abc") == ["Latn:123 abc"])
        #expect(runs("😀 hi") == ["Latn:😀 hi"])
        #expect(runs("e\u{0301}") == ["Latn:e\u{0301}"])
        #expect(runs("Привет, world") == ["Cyrl:Привет, ", "Latn:world"])
    }

    @Test func japaneseSplitsBetweenHanAndKana() {
        #expect(runs("「日本」です。") == ["Hani:「日本」", "Hira:です。"])
    }

    @Test func closingBracketsTakeTheOpeningBracketsScript() {
        #expect(runs("日本 (English) 語") == ["Hani:日本 (", "Latn:English", "Hani:) 語"])
        #expect(runs("(שלום) abc") == ["Hebr:(שלום) ", "Latn:abc"])
        // Unbalanced brackets don't break anything.
        #expect(runs("abc) ((αβγ") == ["Latn:abc) ((", "Grek:αβγ"])
    }

    @Test func runsCoverMalformedText() {
        let broken: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00]
        let found = ScriptItemizer.runs(in: broken)
        #expect(found.first?.utf16Range.lowerBound == 0)
        #expect(found.last?.utf16Range.upperBound == broken.count)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.utf16Range.upperBound == $1.utf16Range.lowerBound })
    }
}

@Suite("Analysis: ICU wrapper")
struct AnalysisICUWrapperTests {
    @Test func versions() {
        #expect(ICU.version.split(separator: ".").count == 2)
        #expect(ICU.unicodeVersion.split(separator: ".").count == 2)
    }

    @Test func errorDescriptionNamesTheICUCode() {
        let error = UnicodeAnalysisError(operation: "line breaking", code: 7)
        #expect(error.codeName == "U_MEMORY_ALLOCATION_ERROR")
        #expect(error.description == "line breaking failed with ICU error U_MEMORY_ALLOCATION_ERROR (7)")
    }

    @Test func scriptNames() {
        #expect(ICU.scriptName(ICU.commonScript) == "Zyyy")
        #expect(ICU.scriptName(ICU.inheritedScript) == "Zinh")
        #expect(ICU.scriptName(-1) == "Zzzz")
        #expect(ICU.scriptName(100_000) == "Zzzz")
    }
}

/// The analysis skips ICU and String's grapheme breaking for text where their answers are known
/// (ASCII, text below U+0590): these check the shortcuts against the full paths.
@Suite("Analysis: shortcuts")
struct AnalysisShortcutTests {
    /// Deterministic pseudo-random strings over `alphabet`.
    static func strings(from alphabet: [UInt16], count: Int = 300, length: ClosedRange<Int> = 0...40) -> [[UInt16]] {
        var generator = SplitMix(seed: 0x7E57)
        return (0..<count).map { _ in
            (0..<Int.random(in: length, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        }
    }

    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let ascii = (0..<128).map(UInt16.init)

    @Test func asciiGraphemesAreStringsGraphemes() {
        // CR LF is the one ASCII cluster of two; CR CR LF, LF CR and lone CRs are not.
        let cases = [Self.ascii, Array("a\r\nb\r\r\n\n\rc\r".utf16), []] + Self.strings(from: Self.ascii + [0x0D, 0x0A, 0x0D, 0x0A])
        for units in cases {
            let string = String(decoding: units, as: UTF16.self)
            let fast = TextAnalysis.graphemes(of: string, units, isASCII: units.allSatisfy { $0 < 0x80 })
            let full = TextAnalysis.characterGraphemes(of: string, count: units.count)
            #expect(fast.starts == full.starts && fast.index == full.index, "\(units)")
        }
    }

    /// Every code unit the fast path treats as a cluster of its own is one by String's rules:
    /// alone between letters, and twice in a row (L, V, T and regional indicators join their
    /// own kind; marks, ZWJ and prepended marks join a neighbour).
    @Test func standaloneGraphemeUnitsAreStringsOwnClusters() {
        var checked = 0
        for range in TextAnalysis.standaloneGraphemeUnits {
            for unit in range {
                let scalar = Character(Unicode.Scalar(unit)!)
                #expect("x\(scalar)x".count == 3, "U+\(String(unit, radix: 16))")
                if unit != 0x0D { #expect("\(scalar)\(scalar)".count == 2, "U+\(String(unit, radix: 16))") }
                checked += 1
            }
        }
        #expect(checked > 29_000)
        #expect(!TextAnalysis.isStandaloneGrapheme(0x0301) && !TextAnalysis.isStandaloneGrapheme(0x064B)
            && !TextAnalysis.isStandaloneGrapheme(0x3099) && !TextAnalysis.isStandaloneGrapheme(0xD83D))
        #expect(TextAnalysis.isStandaloneGrapheme(0x00E4) && TextAnalysis.isStandaloneGrapheme(0x30FC) && TextAnalysis.isStandaloneGrapheme(0xFF9D))
        // Texts of them, CR LF among them, break as String does.
        let units: [UInt16] = [0x00E4, 0x0D, 0x0A, 0x30AB, 0x0627, 0x0644, 0x0D, 0x0D, 0x0A, 0x4E00, 0x0A, 0x0D, 0x20AC]
        for cut in 0...units.count {
            let part = Array(units[cut...] + units[..<cut])
            let string = String(decoding: part, as: UTF16.self)
            let fast = TextAnalysis.graphemes(of: string, part, isASCII: false)
            let full = TextAnalysis.characterGraphemes(of: string, count: part.count)
            #expect(fast.starts == full.starts && fast.index == full.index, "\(part)")
        }
    }

    @Test func textBelowHebrewResolvesToLevelZeroAsICUSays() throws {
        // Every code unit below U+0590 but the separators ICU splits paragraphs at: Latin,
        // Greek, Cyrillic, Armenian, digits, punctuation, controls, combining marks, NBSP.
        let below = (0..<0x0590).map(UInt16.init).filter { !(0x1C...0x1E).contains($0) }
        #expect(BidiParagraph.isPlainLeftToRight(below, .natural))
        #expect(!BidiParagraph.isPlainLeftToRight(below + [0x05D0], .natural))
        #expect(!BidiParagraph.isPlainLeftToRight(below, .rightToLeft))
        #expect(!BidiParagraph.isPlainLeftToRight([0x61, 0x1D, 0x62], .leftToRight))
        let digitsAndMarks: [UInt16] = [0x30, 0x35, 0x39, 0x2B, 0x2D, 0x25, 0x24, 0x20, 0x09, 0x28, 0x29, 0x300, 0x301, 0xAD, 0xA0, 0x61, 0x3B1]
        for units in [below, [], [0x31, 0x32]] + Self.strings(from: below) + Self.strings(from: digitsAndMarks) {
            for direction in [BaseDirection.natural, .leftToRight] {
                let fast = try BidiParagraph(units, baseDirection: direction, usingICU: false)
                let icu = try BidiParagraph(units, baseDirection: direction, usingICU: true)
                #expect(fast.paragraphLevel == icu.paragraphLevel && fast.levels == icu.levels && fast.runs == icu.runs)
                for line in [0..<units.count, 0..<(units.count / 2), (units.count / 3)..<units.count] {
                    #expect(fast.visualRuns(in: line) == icu.visualRuns(in: line), "\(units) \(line)")
                }
            }
        }
    }

    @Test func asciiScriptRunsAreICUs() {
        // Brackets, digits and punctuation (Common) among Latin letters, nested and unmatched.
        let punctuated = Array("(a[b{c}d]e) 1.5 (x ] y) {z (w".utf16)
        for units in [Self.ascii, punctuated, Array("123 !?".utf16)] + Self.strings(from: Self.ascii) {
            #expect(ScriptItemizer.runs(in: units, usingTable: true) == ScriptItemizer.runs(in: units, usingTable: false), "\(units)")
        }
        #expect(ScriptItemizer.ascii.count == 128)
    }

    @Test func itemsTakeEachGraphemesRunAsRunIndexDoes() throws {
        // Empty runs before, between and after others; items must name the run runIndex(at:)
        // names for their first offset, cover each paragraph without gaps, and split at faces.
        let font = try Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: 17)
        let attributes = TextAttributes(font: font)
        let text = AttributedText(runs: [
            .init("", attributes: attributes), .init("ab 日本", attributes: attributes), .init("", attributes: attributes),
            .init("", attributes: attributes), .init("cd שלום\nef", attributes: attributes), .init("👍🏽 g", attributes: attributes),
            .init("", attributes: attributes),
        ])
        let analysis = try TextAnalysis(text, baseDirection: .natural, locale: nil)
        let items = try Itemizer.items(for: analysis, fonts: text.runs.map(\.attributes.font), style: ParagraphStyle())
        for item in items { #expect(item.runIndex == analysis.runIndex(at: item.range.lowerBound), "\(item.range)") }
        for paragraph in analysis.paragraphs {
            let inside = items.filter { paragraph.range.contains($0.range.lowerBound) }
            #expect(inside.first?.range.lowerBound == paragraph.range.lowerBound)
            #expect(inside.last?.range.upperBound == paragraph.range.upperBound)
            #expect(zip(inside, inside.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
        }
        #expect(items.map(\.runIndex) == [1, 1, 4, 4, 4, 5, 5])
        #expect(items.map(\.script) == ["Latn", "Hani", "Latn", "Hebr", "Latn", "Latn", "Latn"])
        #expect(items.map(\.isRightToLeft) == [false, false, false, true, false, false, false])
    }
}
