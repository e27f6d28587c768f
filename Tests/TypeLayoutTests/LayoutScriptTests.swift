import Foundation
import Testing
@testable import TypeLayout

/// Line breaking, bidi, font fallback and shaping of whole labels, script by script. Fonts are
/// fixed-size (or scaled with an explicit mode) and every layout names its category, so nothing
/// here depends on the shared Dynamic Type environment.
@Suite struct LayoutScriptTests {
    // MARK: Helpers

    static func font(_ file: String = "GilliusADF-Regular.otf", size: Double = 17) throws -> Font {
        try Font(path: BundledFonts.path(file), pointSize: size)
    }

    static func layout(
        _ text: String, font: Font? = nil, width: Double?, alignment: TextAlignment = .natural,
        attributes: ((inout TextAttributes) -> Void)? = nil
    ) throws -> TextLayout {
        var textAttributes = TextAttributes(font: try font ?? Self.font())
        attributes?(&textAttributes)
        return try TextLayoutEngine.shared.layout(
            AttributedText(text, attributes: textAttributes),
            paragraphStyle: ParagraphStyle(width: width, alignment: alignment), category: .large)
    }

    /// The width of a text laid out on one unbounded line.
    static func naturalWidth(_ text: String, font: Font? = nil) throws -> Double {
        let layout = try layout(text, font: font, width: nil)
        try #require(layout.lines.count == 1)
        return layout.lines[0].width
    }

    static func glyphs(of line: LayoutLine, in layout: TextLayout) -> ArraySlice<PositionedGlyph> {
        layout.glyphs[line.glyphRange]
    }

    static func fileName(_ face: FontFace) -> String {
        URL(fileURLWithPath: face.path).lastPathComponent
    }

    /// The text of a line's UTF-16 range, trailing spaces and all.
    static func source(_ line: LayoutLine, in text: String) -> String {
        String(decoding: Array(text.utf16)[line.utf16Range], as: UTF16.self)
    }

    /// Lines tile the text: each starts where the previous ended (soft breaks) and no line is
    /// wider than the label.
    static func expectWrapped(_ layout: TextLayout, _ text: String, width: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(layout.lines.map { source($0, in: text) }.joined() == text, sourceLocation: sourceLocation)
        for line in layout.lines {
            #expect(line.width <= width + 1e-9, "\(line.text) is \(line.width) pt wide", sourceLocation: sourceLocation)
        }
        #expect(layout.size.width <= width + 1e-9, sourceLocation: sourceLocation)
    }

    // MARK: English

    static let hal = "I'm sorry, Dave. I'm afraid I can't do that."

    @Test func halLabelWrapsAfterTheSecondIm() throws {
        let layout = try Self.layout(Self.hal, font: Self.font(size: 36), width: 343)
        #expect(layout.lines.map(\.text) == ["I'm sorry, Dave. I'm", "afraid I can't do that."])
        // The space after "I'm" hangs: it is in the first line's range but not its width.
        #expect(layout.lines.map(\.utf16Range) == [0..<21, 21..<44])
        #expect(layout.lines[0].width == (try Self.naturalWidth("I'm sorry, Dave. I'm", font: Self.font(size: 36))))
        #expect(!layout.hasBrokenWord && !layout.isTruncated)
        Self.expectWrapped(layout, Self.hal, width: 343)
    }

    @Test func halLabelAcrossCategoriesWithAppleScaling() throws {
        // 36 pt scaled by body's leading table; one analysis and shaping serve every category.
        let base = try Self.font(size: 36)
        let scaled = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: base, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        let layouts = try TextLayoutEngine.shared.layout(
            AttributedText(Self.hal, font: scaled), paragraphStyle: ParagraphStyle(width: 343),
            categories: [.large, .accessibilityExtraExtraExtraLarge])
        #expect(layouts.map(\.pointSize) == [36, 101])
        #expect(layouts[0].lines.map(\.text) == ["I'm sorry, Dave. I'm", "afraid I can't do that."])
        #expect(layouts[1].lines.map(\.text) == ["I'm", "sorry,", "Dave.", "I'm", "afraid I", "can't do", "that."])
        for layout in layouts { Self.expectWrapped(layout, Self.hal, width: 343) }
    }

    // MARK: Long words

    static let compound = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"

    @Test func longGermanCompoundBreaksBetweenCharacters() throws {
        let layout = try Self.layout(Self.compound, width: 100)
        #expect(layout.hasBrokenWord)
        #expect(layout.lines.map(\.text) == ["Donaudampfs", "chifffahrtsges", "ellschaftskapi", "tänsmütze"])
        #expect(layout.lines.map(\.text).joined() == Self.compound)
        Self.expectWrapped(layout, Self.compound, width: 100)
        // Greedy: each broken line is full, the next character would not have fitted.
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
            let longer = line.text + String(next.text.prefix(1))
            #expect(try Self.naturalWidth(longer) > 100, "\(longer)")
        }
    }

    @Test func decomposedUmlautsStayWithTheirBaseInABrokenWord() throws {
        let text = Self.compound.decomposedStringWithCanonicalMapping
        #expect(text.unicodeScalars.count == Self.compound.unicodeScalars.count + 2)
        let layout = try Self.layout(text, width: 100)
        #expect(layout.hasBrokenWord)
        #expect(layout.lines.map(\.text).joined() == text)
        for line in layout.lines {
            let first = try #require(line.text.unicodeScalars.first)
            #expect(first.properties.generalCategory != .nonspacingMark, "\(line.text)")
        }
        Self.expectWrapped(layout, text, width: 100)
    }

    @Test func combiningMarksNeverLeaveTheirBase() throws {
        for cluster in ["e\u{301}", "a\u{308}\u{323}"] {
            let text = String(repeating: cluster, count: 20)
            // A width narrower than one cluster: one whole cluster a line.
            let narrow = try Self.layout(text, width: 3)
            #expect(narrow.lines.count == 20)
            #expect(narrow.lines.allSatisfy { $0.text == cluster })
            #expect(narrow.lines.map(\.characterRange.count) == Array(repeating: 1, count: 20))
            // A width of a few clusters: broken between clusters only, marks drawn on their base's line.
            let layout = try Self.layout(text, width: 50)
            #expect(layout.hasBrokenWord)
            #expect(layout.lines.count > 1)
            #expect(layout.lines.map(\.text).joined() == text)
            for line in layout.lines {
                #expect(line.utf16Range.count % cluster.utf16.count == 0, "\(line.utf16Range)")
                #expect(Self.glyphs(of: line, in: layout).allSatisfy { line.utf16Range.contains($0.cluster) })
            }
            Self.expectWrapped(layout, text, width: 50)
        }
    }

    // MARK: URLs and no-break spaces

    static let url = "Visit https://www.example.com/path/to/some/resource?query=value&other=thing for details"

    @Test func urlBreaksOnlyAtUnicodeOpportunities() throws {
        let layout = try Self.layout(Self.url, width: 200)
        #expect(!layout.hasBrokenWord)
        #expect(layout.lines.map(\.text) == [
            "Visit https://", "www.example.com/path/to/", "some/resource?", "query=value&other=thing", "for details",
        ])
        let opportunities = Set(try LineBreakAnalyzer.opportunities(in: Self.url).map(\.utf16Offset))
        for line in layout.lines {
            #expect(opportunities.contains(line.utf16Range.upperBound), "\(line.text)")
            let first = try #require(line.text.first)
            #expect(!"/.:?=&".contains(first), "\(line.text)")
        }
        Self.expectWrapped(layout, Self.url, width: 200)
    }

    @Test(arguments: ["\u{00A0}", "\u{202F}"])
    func noBreakSpaceKeepsANumberWithItsUnit(space: String) throws {
        // The width fits "It is 10" and no more: a plain space lets "km" go to the next line, a
        // no-break space takes "10" along with it.
        let width = try Self.naturalWidth("It is 10") + 1
        let plain = try Self.layout("It is 10 km", width: width)
        #expect(plain.lines.map(\.text) == ["It is 10", "km"])
        let text = "It is 10\(space)km"
        let bound = try Self.layout(text, width: width)
        #expect(bound.lines.map(\.text) == ["It is", "10\(space)km"])
        #expect(!bound.hasBrokenWord)
        Self.expectWrapped(bound, text, width: width)
    }

    // MARK: Japanese

    static let japanese = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。「何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。」"

    @Test func japaneseWrapsWithTheBundledGothic() throws {
        let layout = try Self.layout(Self.japanese, width: 200)
        // 17 pt full-width characters: 11 (187 pt) fit in 200.
        #expect(layout.lines.map(\.text) == [
            "吾輩は猫である。名前は", "まだ無い。どこで生れた", "かとんと見当がつかぬ。", "「何でも薄暗いじめじめ",
            "した所でニャーニャー泣", "いていた事だけは記憶し", "ている。」",
        ])
        for line in layout.lines {
            let first = try #require(line.text.first), last = try #require(line.text.last)
            #expect(!"、。」".contains(first), "\(line.text)")
            #expect(last != "「", "\(line.text)")
        }
        #expect(!layout.hasBrokenWord)
        #expect(layout.glyphs.count == Self.japanese.count)
        #expect(layout.glyphs.allSatisfy { Self.fileName(layout.face(of: $0)) == "VL-PGothic-Regular.ttf" })
        Self.expectWrapped(layout, Self.japanese, width: 200)
    }

    @Test(arguments: [
        // Eleven kana fit; a closing mark or a full stop can't start a line, an opening bracket
        // can't end one, so one more kana moves down with it.
        ("あいうえおかきくけこさしすせそ", ["あいうえおかきくけこさ", "しすせそ"]),
        ("あいうえおかきくけこさ。しすせ", ["あいうえおかきくけこ", "さ。しすせ"]),
        ("あいうえおかきくけこさ、しすせ", ["あいうえおかきくけこ", "さ、しすせ"]),
        ("あいうえおかきくけこさ」しすせ", ["あいうえおかきくけこ", "さ」しすせ"]),
        ("あいうえおかきくけこ「さしす」", ["あいうえおかきくけこ", "「さしす」"]),
    ])
    func kinsoku(text: String, lines: [String]) throws {
        let layout = try Self.layout(text, width: 200)
        #expect(layout.lines.map(\.text) == lines)
        #expect(!layout.hasBrokenWord)
        Self.expectWrapped(layout, text, width: 200)
    }

    // MARK: Right to left

    static let arabic = "مرحبا بالعالم، هذا نص عربي طويل لاختبار التفاف الأسطر"

    @Test func arabicIsRightToLeftAndRightAligned() throws {
        let layout = try Self.layout(Self.arabic, width: 200)
        #expect(layout.lines.map(\.text) == ["مرحبا بالعالم، هذا نص عربي", "طويل لاختبار التفاف الأسطر"])
        let utf16 = Array(Self.arabic.utf16)
        for line in layout.lines {
            #expect(line.isRightToLeft)
            #expect(abs(line.x - (200 - line.width)) < 1e-9, "natural alignment is flush right")
            #expect(line.x > 0)
            let glyphs = Self.glyphs(of: line, in: layout)
            // Visual order: the leftmost glyph draws the line's logically last cluster, and
            // clusters fall from left to right (the line has no left-to-right text).
            let visibleEnd = line.utf16Range.lowerBound + line.text.utf16.count
            #expect(glyphs.first?.cluster == glyphs.map(\.cluster).max())
            #expect(glyphs.first?.cluster == visibleEnd - 1)
            #expect(glyphs.last?.cluster == line.utf16Range.lowerBound)
            #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.cluster >= $1.cluster })
            #expect(zip(glyphs, glyphs.dropFirst()).allSatisfy { $0.x < $1.x })
            #expect(abs((glyphs.first?.x ?? 0) - line.x) < 1e-9)
            for glyph in glyphs where (UInt16(0x0600)...0x06FF).contains(utf16[glyph.cluster]) {
                #expect(Self.fileName(layout.face(of: glyph)) == "NotoSansArabic-Regular.ttf")
            }
        }
        #expect(layout.glyphs.contains { Self.fileName(layout.face(of: $0)) == "NotoSansArabic-Regular.ttf" })
        Self.expectWrapped(layout, Self.arabic, width: 200)
    }

    @Test func hebrewWithEnglishAndNumbersKeepsLeftToRightRuns() throws {
        let text = "שלום world 123 עולם"
        let layout = try Self.layout(text, width: 300)
        try #require(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(line.isRightToLeft)
        #expect(abs(line.x - (300 - line.width)) < 1e-9)
        // The x of each cluster's glyph (NaN for a cluster without one, failing every comparison).
        let positions = Dictionary(layout.glyphs.map { ($0.cluster, $0.x) }, uniquingKeysWith: { first, _ in first })
        let x = { (offset: Int) in positions[offset] ?? .nan }
        #expect(layout.glyphs.count == text.utf16.count)
        // "world" (5…9) and "123" (11…13) read left to right, "world" before "123" …
        #expect(x(5) < x(9))
        #expect(x(11) < x(12) && x(12) < x(13))
        #expect(x(9) < x(11))
        // … inside a right-to-left line: "שלום" (0…3) on the right, "עולם" (15…18) on the left.
        #expect(x(3) < x(0) && x(13) < x(3))
        #expect(x(18) < x(15) && x(15) < x(5))
        #expect(x(18) == layout.glyphs.map(\.x).min())
        #expect(abs(x(18) - line.x) < 1e-9)
    }

    @Test func hebrewLettersUseTheBundledHebrewFace() throws {
        let text = "שלום עולם"
        let layout = try Self.layout(text, width: 300)
        let hebrew = layout.glyphs.filter { (UInt16(0x05D0)...0x05EA).contains(Array(text.utf16)[$0.cluster]) }
        #expect(hebrew.count == 8)
        #expect(hebrew.allSatisfy { Self.fileName(layout.face(of: $0)) == "NotoSansHebrew-Regular.ttf" },
                "\(Set(hebrew.map { Self.fileName(layout.face(of: $0)) }))")
    }

    // MARK: Emoji

    static let family = "👨‍👩‍👧‍👦"
    static let thumbs = "👍🏽"

    @Test func emojiSequencesAreSingleUnbreakableGlyphs() throws {
        // Narrower than one emoji: one whole emoji a line, never a piece of one.
        let layout = try Self.layout(Self.family + Self.thumbs, width: 10)
        #expect(layout.lines.map(\.text) == [Self.family, Self.thumbs])
        #expect(layout.lines.map(\.utf16Range) == [0..<11, 11..<15])
        #expect(layout.lines.map(\.characterRange) == [0..<1, 1..<2])
        #expect(!layout.hasBrokenWord)
        for line in layout.lines {
            let glyphs = Self.glyphs(of: line, in: layout)
            #expect(glyphs.count == 1, "\(line.text) shapes to one glyph")
            #expect(glyphs.allSatisfy { Self.fileName(layout.face(of: $0)) == "NotoColorEmoji.ttf" && layout.face(of: $0).hasColorGlyphs })
        }
        let glyphIDs = layout.glyphs.map(\.glyphID)
        #expect(glyphIDs[0] != glyphIDs[1])
    }

    @Test func emojiBreakFromTheirNeighboursButStayWhole() throws {
        let text = "ab" + Self.family + Self.thumbs + "cd"
        let layout = try Self.layout(text, width: 25)
        #expect(layout.lines.map(\.text) == ["ab", Self.family, Self.thumbs, "cd"])
        #expect(layout.glyphs.count == 6)
        #expect(layout.glyphs.map { Self.fileName(layout.face(of: $0)) } == [
            "GilliusADF-Regular.otf", "GilliusADF-Regular.otf", "NotoColorEmoji.ttf", "NotoColorEmoji.ttf",
            "GilliusADF-Regular.otf", "GilliusADF-Regular.otf",
        ])
        #expect(!layout.hasBrokenWord)
        Self.expectWrapped(layout, text, width: 25)
    }

    @Test func digitsHashAndStarAreTextUnlessVariationSelectorSixteen() throws {
        // One glyph a code unit (the text selector's is invisible, in the cluster of its "#"),
        // all from the label's own face.
        let text = try Self.layout("#1 *2 3 #\u{FE0E}", width: nil)
        #expect(text.glyphs.map(\.cluster) == Array(0..<9) + [8])
        #expect(text.glyphs.allSatisfy { Self.fileName(text.face(of: $0)) == "GilliusADF-Regular.otf" })
        #expect(text.glyphs[8].glyphID == text.glyphs[0].glyphID)

        let source = "#\u{FE0F}\u{20E3} *\u{FE0F}\u{20E3} 1\u{FE0F}"
        let emoji = try Self.layout(source, width: nil)
        #expect(emoji.glyphs.map(\.cluster) == [0, 3, 4, 7, 8])
        let utf16 = Array(source.utf16)
        for glyph in emoji.glyphs {
            let expected = utf16[glyph.cluster] == 0x20 ? "GilliusADF-Regular.otf" : "NotoColorEmoji.ttf"
            #expect(Self.fileName(emoji.face(of: glyph)) == expected, "cluster \(glyph.cluster)")
        }
    }

    // MARK: Hard breaks and spaces

    @Test func hardBreaksStartNewLinesAndEmptyLinesHaveHeight() throws {
        let text = "one\ntwo\u{2028}three\u{2029}four\r\nfive\n\nsix"
        for width in [300.0, nil] {
            let layout = try Self.layout(text, width: width)
            #expect(layout.lines.map(\.text) == ["one", "two", "three", "four", "five", "", "six"])
            #expect(layout.lines.map(\.utf16Range) == [0..<3, 4..<7, 8..<13, 14..<18, 20..<24, 25..<25, 26..<29])
            #expect(layout.lines.map(\.characterRange) == [0..<3, 4..<7, 8..<13, 14..<18, 19..<23, 24..<24, 25..<28])
            // Every line, the empty one too, takes the font's line height.
            let metrics = try Self.font().metrics
            let pitch = metrics.ascender - metrics.descender + metrics.leading
            #expect(pitch > 0)
            for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
                #expect(abs(next.baseline - line.baseline - pitch) < 1e-9)
            }
            #expect(abs(layout.size.height - 7 * pitch) < 1e-9)
            #expect(layout.lines[5].width == 0 && layout.lines[5].ascent == metrics.ascender)
            #expect(!layout.hasBrokenWord)
        }
    }

    @Test func trailingSpacesHang() throws {
        let abc = try Self.naturalWidth("abc")
        let spaced = try Self.layout("abc   ", width: 300)
        #expect(spaced.lines.map(\.text) == ["abc"])
        #expect(spaced.lines[0].utf16Range == 0..<6)
        #expect(spaced.lines[0].width == abc)
        #expect(spaced.size.width == abc)

        // In a width that holds "abc" but not its spaces, the spaces still stay on the line.
        let width = abc + 0.5
        let wrapped = try Self.layout("abc   def", width: width)
        #expect(wrapped.lines.map(\.text) == ["abc", "def"])
        #expect(wrapped.lines.map(\.utf16Range) == [0..<6, 6..<9])
        #expect(!wrapped.hasBrokenWord)
        // Flush right, they hang past the right edge rather than pushing "abc" left.
        let right = try Self.layout("abc   def", width: width, alignment: .right)
        #expect(abs(right.lines[0].x - 0.5) < 1e-9)
        #expect(abs((right.glyphs.first?.x ?? 0) - 0.5) < 1e-9)
    }

    // MARK: Soft hyphens

    @Test func softHyphenShowsAHyphenOnlyWhereItBreaks() throws {
        let text = "extra\u{00AD}ordinarily"
        let extra = try Self.naturalWidth("extra")
        let extraHyphen = try Self.naturalWidth("extra-")
        let whole = try Self.naturalWidth("extraordinarily")
        let width = 70.0
        let ordinarily = try Self.naturalWidth("ordinarily")
        #expect(extraHyphen < width && whole > width && ordinarily < width)

        let layout = try Self.layout(text, width: width)
        #expect(layout.lines.map(\.text) == ["extra-", "ordinarily"])
        #expect(layout.lines.map(\.utf16Range) == [0..<6, 6..<16])
        #expect(layout.lines[0].width > extra)
        #expect(abs(layout.lines[0].width - extraHyphen) < 1e-9)
        #expect(!layout.hasBrokenWord)
        // The hyphen is drawn, last on the line, after "extra".
        let hyphenGlyph = try #require(Self.layout("-", width: nil).glyphs.first)
        let first = Self.glyphs(of: layout.lines[0], in: layout)
        #expect(first.last?.glyphID == hyphenGlyph.glyphID)
        #expect(abs((first.last?.x ?? 0) - extra) < 1e-9)
        Self.expectWrapped(layout, text, width: width)

        // Unbroken, the soft hyphen is invisible and takes no room.
        let unbroken = try Self.layout(text, width: 300)
        #expect(unbroken.lines.map(\.text) == ["extraordinarily"])
        #expect(unbroken.lines[0].width == whole)
        #expect(!unbroken.glyphs.contains { $0.glyphID == hyphenGlyph.glyphID })
    }

    @Test func softHyphenLineNeverOverflows() throws {
        // 40 pt holds "extra" (36.3) but not "extra-" (42.6).
        let text = "extra\u{00AD}ordinarily"
        let width = 40.0
        let extra = try Self.naturalWidth("extra"), extraHyphen = try Self.naturalWidth("extra-")
        #expect(extra < width && extraHyphen > width)
        let layout = try Self.layout(text, width: width)
        #expect(layout.hasBrokenWord)
        #expect(layout.lines.map { Self.source($0, in: text) }.joined() == text)
        #expect(layout.lines.allSatisfy { $0.width <= width }, "\(layout.lines.map { ($0.text, $0.width) })")
        #expect(layout.size.width <= width)
    }

    // MARK: Shaping

    @Test func ligaturesSurviveWholeRunShaping() throws {
        // Gillius has an "ffi" ligature: "office office" is 13 characters in 9 glyphs.
        let layout = try Self.layout("office office", width: nil)
        #expect(layout.glyphs.count == 9)
        #expect(layout.glyphs.map(\.cluster) == [0, 1, 4, 5, 6, 7, 8, 11, 12])
        #expect(layout.glyphs[1].glyphID == layout.glyphs[6].glyphID)
        // With the ligature turned off, every character has a glyph.
        let plain = try Self.layout("office office", width: nil) { $0.features = [FontFeature("liga", 0)] }
        #expect(plain.glyphs.count == 13)
        #expect(!plain.glyphs.contains { $0.glyphID == layout.glyphs[1].glyphID })
    }

    @Test func kerningAppliesWithinAndAcrossSpaces() throws {
        let font = try Self.font("LiberationSans-Regular.ttf")
        let a = try Self.naturalWidth("A", font: font), v = try Self.naturalWidth("V", font: font)
        #expect(try Self.naturalWidth("AV", font: font) < a + v)
        let unkerned = try Self.layout("AV", font: font, width: nil) { $0.kerning = false }
        #expect(abs(unkerned.lines[0].width - (a + v)) < 1e-9)
        // Liberation Sans kerns "A" and "V" against the space: the shaped run is narrower
        // than the same run without kerning.
        let spaced = try Self.layout("A V", font: font, width: nil)
        let spacedUnkerned = try Self.layout("A V", font: font, width: nil) { $0.kerning = false }
        #expect(spaced.lines[0].width < spacedUnkerned.lines[0].width - 0.5)
        #expect(spaced.glyphs[1].x < a)
    }
}
