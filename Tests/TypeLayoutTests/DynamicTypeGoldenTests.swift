import Testing
import TypeLayout
import TypeLayoutTesting
import TypeLayoutRendering

/// Every Dynamic Type scenario drawn and compared with a reviewed reference image in
/// `__Goldens__/DynamicTypeGoldenTests/` (see docs/GOLDENS.md). Each test also checks the facts
/// its picture is meant to show, so a golden recorded from wrong output fails on its own.
///
/// All tolerances are the strict defaults: the fonts ship in `Fonts/`, fallback never reaches
/// the system's fonts, and the rasterizer is deterministic.
/// The suite runs in its own Dynamic Type context (the `.dynamicType()` trait), so tests that
/// change the shared environment can never change its pictures.
@Suite(.dynamicType()) struct DynamicTypeGoldenTests {
    static let hal = "I'm sorry, Dave. I'm afraid I can't do that."
    let large = TraitCollection(preferredContentSizeCategory: .large)
    let threeCategories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge]

    func font(_ file: String, _ size: Double) throws -> Font {
        try Font(path: BundledFonts.path(file), pointSize: size)
    }

    /// A 36 pt Gill Sans stand-in label that follows Dynamic Type the way
    /// `UIFontMetrics.default.scaledFont(for:)` does, in the given mode.
    func halSpec(_ scaling: ScalingMode) throws -> LabelSpec {
        let gillius = try FontMetrics(forTextStyle: .body, scalingMode: scaling)
            .scaledFont(for: font("GilliusADF-Regular.otf", 36), compatibleWith: large)
        return LabelSpec(Self.hal, font: gillius, width: 343)
    }

    // MARK: 1. The HAL 9000 label

    @Test(arguments: ScalingMode.allCases)
    func halLabel(scaling: ScalingMode) throws {
        let layouts = assertGolden(of: try halSpec(scaling), named: scaling.rawValue, categories: threeCategories)
        // metrics: Inter's line spacing ratios; apple: body's leading table (ax5: 36 × 62 / 22 = 101.45 → 101).
        let expected: [Double] = scaling == .metrics ? [30, 36, 112] : [31, 36, 101]
        #expect(layouts.map(\.pointSize) == expected)
        #expect(layouts.map(\.lines.count) == layouts.map(\.lines.count).sorted())
        #expect(layouts.allSatisfy { $0.lines.allSatisfy { $0.width <= 343 } && !$0.isTruncated })
    }

    @Test(arguments: ScalingMode.allCases)
    func halLabelContactSheet(scaling: ScalingMode) throws {
        let layouts = assertGoldenContactSheet(of: try halSpec(scaling), named: scaling.rawValue)
        #expect(layouts.count == 12)
        let sizes = layouts.map(\.pointSize), heights = layouts.map(\.size.height)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 }, "\(sizes)")
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "\(heights)")
    }

    // MARK: 2. Four runs, four rules

    @Test func fourRunLabel() throws {
        let headline = try Font.preferredFont(forTextStyle: .headline, compatibleWith: large)
        let body = try Font.preferredFont(forTextStyle: .body, compatibleWith: large)
        let italic = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: font("GilliusADF-Italic.otf", 20), compatibleWith: large)
        let courier = try FontMetrics(forTextStyle: .footnote, scalingMode: .apple)
            .scaledFont(for: font("CourierPrime-Regular.otf", 14), compatibleWith: large)
        let text = AttributedText(runs: [
            .init("Headline style, ", attributes: TextAttributes(font: headline)),
            .init("body style, ", attributes: TextAttributes(font: body)),
            .init("Gillius italic scaled like body, ", attributes: TextAttributes(font: italic)),
            .init("Courier Prime scaled like footnote.", attributes: TextAttributes(font: courier)),
        ])
        let layouts = assertGolden(of: LabelSpec(text, width: 343), named: "runs",
                                   categories: [.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge])
        // Headline and body follow their styles; the italic grows by body's leading ratio from
        // 20 pt, the code by footnote's from 14 pt.
        #expect(layouts.map { $0.text.runs.map(\.attributes.font.pointSize) } == [
            [17, 17, 20, 14], [23, 23, 26, 19], [53, 53, 56, 40],
        ])
    }

    // MARK: 3. An app's font theme

    @Test func fontTheme() throws {
        let cabin = FontTheme.Face(path: BundledFonts.path("Cabin-Regular.otf"))
        let cabinBold = FontTheme.Face(path: BundledFonts.path("Cabin-Bold.otf"))
        let serif = FontTheme.Face(path: BundledFonts.path("LiberationSerif-Regular.ttf"))
        let mono = FontTheme.Face(path: BundledFonts.path("CourierPrime-Regular.otf"))
        let faces: [TextStyle: FontTheme.Face] = [
            .largeTitle: cabin, .title1: cabin, .title2: cabin, .title3: cabin,
            .headline: cabinBold, .subheadline: cabin,
            .body: serif, .callout: serif,
            .footnote: mono,
            .caption1: cabin, .caption2: cabin,
        ]
        let theme = FontTheme(name: "Reading", faces: faces)
        let styles: [(TextStyle, String)] = [
            (.largeTitle, "Large Title · Cabin"), (.title1, "Title 1 · Cabin"), (.title2, "Title 2 · Cabin"),
            (.title3, "Title 3 · Cabin"), (.headline, "Headline · Cabin Bold"), (.body, "Body · Liberation Serif"),
            (.callout, "Callout · Liberation Serif"), (.subheadline, "Subheadline · Cabin"),
            (.footnote, "Footnote · Courier Prime"), (.caption1, "Caption 1 · Cabin"), (.caption2, "Caption 2 · Cabin"),
        ]
        #expect(styles.count == TextStyle.allCases.count)
        let runs = try styles.enumerated().map { index, entry in
            AttributedText.Run(index == styles.count - 1 ? entry.1 : entry.1 + "\n",
                               attributes: TextAttributes(font: try theme.font(forTextStyle: entry.0, compatibleWith: large)))
        }
        // No wrap width: each style is exactly one line, however large.
        let layouts = assertGolden(of: LabelSpec(AttributedText(runs: runs), width: nil), named: "reading",
                                   categories: [.large, .accessibilityExtraExtraExtraLarge])
        for layout in layouts {
            #expect(layout.lines.map(\.text) == styles.map(\.1))
            #expect(layout.text.runs.map(\.attributes.font.pointSize) == styles.map { $0.0.pointSize(at: layout.category) })
        }
    }

    // MARK: 4. 53 against 48

    @Test(arguments: ScalingMode.allCases)
    func bodyStyleVersusScaled17pt(scaling: ScalingMode) throws {
        let style = try Font.preferredFont(forTextStyle: .body, compatibleWith: large)
        let scaled = try FontMetrics(forTextStyle: .body, scalingMode: scaling)
            .scaledFont(for: font("Inter-roman.var.ttf", 17), compatibleWith: large)
        // The style's own size is 53 in both modes; scaling 17 pt gives 53 by the font's metrics
        // and UIKit's 48 by Apple's leading table (17 × 62 / 22).
        let expected: [Double] = [53, scaling == .metrics ? 53 : 48]
        let text = AttributedText(runs: [
            .init("Body style: 53 pt\n", attributes: TextAttributes(font: style)),
            .init("17 pt scaled: \(Int(expected[1])) pt", attributes: TextAttributes(font: scaled)),
        ])
        let layouts = assertGolden(of: LabelSpec(text, width: nil), named: scaling.rawValue,
                                   categories: [.accessibilityExtraExtraExtraLarge])
        #expect(layouts.first?.text.runs.map(\.attributes.font.pointSize) == expected)
    }

    // MARK: 5. A custom four-point curve

    @Test func fourPointCurve() throws {
        let curve = try ScalingCurve(smallest: 12, normal: 16, largestNormal: 24, largestAccessibility: 40)
        let cabin = try FontMetrics(curve: curve).scaledFont(for: font("Cabin-Regular.otf", 16), compatibleWith: large)
        let layouts = assertGoldenContactSheet(of: LabelSpec("Sixteen points at large", font: cabin, width: 200),
                                               named: "cabin16")
        #expect(layouts.map(\.pointSize) == [12, 13, 15, 16, 19, 21, 24, 27, 30, 34, 37, 40])
    }

    // MARK: 6. Scripts

    @Test func japaneseWrapsWithKinsoku() throws {
        let gothic = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: font("VL-PGothic-Regular.ttf", 17), compatibleWith: large)
        // Eleven ideographs fit in 200 pt, so the 12th character, "。", would start line 2; it
        // may not, so line 1 ends a character early and "だ。" starts line 2.
        let text = "今日は本当に良い天気だ。散歩に出かけよう、と思ったけれど、雨が降りそうなのでやめておいた。"
        let layouts = assertGolden(of: LabelSpec(text, font: gothic, width: 200, locale: "ja"), named: "wrapped",
                                   categories: [.large])
        let lines = try #require(layouts.first).lines.map(\.text)
        #expect(lines.first == "今日は本当に良い天気")
        #expect(lines.dropFirst().allSatisfy { !"。、」）ーぁぃぅぇぉっゃゅょ".contains($0.first!) }, "\(lines)")
    }

    @Test func arabicIsRightToLeft() throws {
        let arabic = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: font("NotoSansArabic-Regular.ttf", 17), compatibleWith: large)
        let text = "مرحبا بالعالم. هذا نص عربي قصير يلتف على أكثر من سطر واحد."
        let layouts = assertGolden(of: LabelSpec(text, font: arabic, width: 200), named: "wrapped", categories: [.large])
        let layout = try #require(layouts.first)
        #expect(layout.lines.count == 3)
        // Natural alignment of a right-to-left paragraph is flush right.
        for line in layout.lines {
            #expect(line.isRightToLeft)
            #expect(abs(line.x + line.width - 200) < 1e-9)
        }
    }

    @Test func hebrewInEnglish() throws {
        let inter = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: font("Inter-roman.var.ttf", 17), compatibleWith: large)
        // The default chain tries VL PGothic before Noto Sans Hebrew, and VL PGothic has Hebrew
        // letters, so it would draw them; name the Hebrew face to draw Hebrew with a Hebrew font.
        let hebrewFace = try FontFace.load(path: BundledFonts.path("NotoSansHebrew-Regular.ttf"))
        // "שלום עולם" ("hello world") is drawn right to left inside a left-to-right line: its
        // first word, שלום, is the rightmost of the two.
        let text = "In Hebrew, שלום עולם means “hello world”."
        let style = ParagraphStyle(width: 343, fallbackFaces: [hebrewFace], usesSystemFallback: false)
        let layouts = assertGolden(of: LabelSpec(AttributedText(text, font: inter), style: style), named: "mixed",
                                   categories: [.large])
        let layout = try #require(layouts.first)
        #expect(layout.lines.count == 1)
        #expect(layout.lines.first?.isRightToLeft == false)
        let shalom = "In Hebrew, ".utf16.count, olam = "In Hebrew, שלום ".utf16.count
        let hebrew = layout.glyphs.filter { (shalom..<(olam + 4)).contains($0.cluster) && $0.cluster != olam - 1 }
        #expect(hebrew.count == 8 && hebrew.allSatisfy { layout.face(of: $0).familyName == "Noto Sans Hebrew" })
        let firstWord = hebrew.filter { $0.cluster < olam }.map(\.x), secondWord = hebrew.filter { $0.cluster >= olam }.map(\.x)
        #expect(try #require(firstWord.min()) > #require(secondWord.max()))
    }

    @Test func emojiSequences() throws {
        let inter = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: font("Inter-roman.var.ttf", 17), compatibleWith: large)
        let text = "Family 👨‍👩‍👧‍👦 coder 👩🏽‍💻 waves 👋🏻👋🏽👋🏿"
        let layouts = assertGolden(of: LabelSpec(text, font: inter, width: 343), named: "zwjAndSkinTones", categories: [.large])
        let layout = try #require(layouts.first)
        // One colour glyph per emoji: the ZWJ family, the skin-toned ZWJ coder and each
        // skin-toned hand are single glyphs. (Noto draws families as grey pictograms.)
        #expect(layout.glyphs.filter { layout.face(of: $0).hasColorGlyphs }.count == 5)
    }

    // MARK: 7. Truncation

    @Test(arguments: [TruncationMode.tail, .head, .middle])
    func truncation(mode: TruncationMode) throws {
        let body = try Font.preferredFont(forTextStyle: .body, compatibleWith: large)
        let paragraph = "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs."
        let spec = LabelSpec(paragraph, font: body, width: 260, numberOfLines: 2, truncation: mode)
        let untruncated = try TextLayoutEngine.shared.layout(AttributedText(paragraph, font: body),
                                                              paragraphStyle: ParagraphStyle(width: 260), category: .large)
        #expect(untruncated.lines.count == 3)
        let layouts = assertGolden(of: spec, named: mode.rawValue, categories: [.large, .accessibilityMedium])
        #expect(layouts.count == 2)
        for layout in layouts {
            #expect(layout.isTruncated)
            #expect(layout.lines.count == 2)
            // UILabel truncates the last line shown: at its end, its start or its middle.
            let last = try #require(layout.lines.last).text
            switch mode {
            case .tail: #expect(last.hasSuffix("…") && last.filter { $0 == "…" }.count == 1, "\(last)")
            case .head: #expect(last.hasPrefix("…") && last.hasSuffix("jugs."), "\(last)")
            case .middle: #expect(last.dropFirst().dropLast().contains("…") && last.hasSuffix("jugs."), "\(last)")
            case .clip: break
            }
            #expect(layout.lines.first?.text.contains("…") == false)
        }
    }

    // MARK: 8. Display scale

    @Test(arguments: 1...3)
    func displayScale(scale: Int) throws {
        let gillius = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: font("GilliusADF-Regular.otf", 17), compatibleWith: large)
        let spec = LabelSpec(Self.hal, font: gillius, width: 200, scale: scale)
        let layouts = assertGolden(of: spec, named: "\(scale)x", categories: [.large])
        let layout = try #require(layouts.first)
        let size = try Rasterizer.imageSize(of: layout, scale: scale, padding: spec.padding)
        // 200 pt plus 8 pt of padding each side, in pixels.
        #expect(size.width == 216 * scale)
    }
}
