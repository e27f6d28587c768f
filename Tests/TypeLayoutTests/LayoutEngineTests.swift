import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

@Suite struct LayoutEngineTests {
    let engine = TextLayoutEngine()
    let large = TraitCollection(preferredContentSizeCategory: .large)

    func gillius(_ size: Double) throws -> Font {
        try Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: size)
    }

    static let paragraph = "The quick brown fox jumps over the lazy dog and keeps running far beyond the hills."

    // MARK: Truncation

    @Test(arguments: [TruncationMode.tail, .head, .middle, .clip])
    func truncationModes(mode: TruncationMode) throws {
        let text = AttributedText(Self.paragraph, font: try gillius(17))
        let full = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 200), category: .large)
        #expect(full.lines.count >= 3)
        #expect(!full.isTruncated)
        let style = ParagraphStyle(width: 200, numberOfLines: 2, truncation: mode)
        let layout = try engine.layout(text, paragraphStyle: style, category: .large)
        #expect(layout.lines.count == 2)
        #expect(layout.isTruncated)
        #expect(layout.lines[0].text == full.lines[0].text)
        let last = layout.lines[1].text
        for line in layout.lines { #expect(line.width <= 200 + 1e-9, "\(line.text) is \(line.width) wide") }
        switch mode {
        case .tail:
            #expect(last.hasSuffix("\u{2026}"))
            #expect(Self.paragraph.contains(String(last.dropLast())))
        case .head:
            #expect(last.hasPrefix("\u{2026}"))
            #expect(Self.paragraph.hasSuffix(String(last.dropFirst())))
        case .middle:
            let parts = last.split(separator: "\u{2026}", omittingEmptySubsequences: false)
            #expect(parts.count == 2)
            #expect(Self.paragraph.hasSuffix(String(parts[1])))
            #expect(Self.paragraph.contains(String(parts[0])))
        case .clip:
            #expect(!last.contains("\u{2026}"))
            #expect(last == full.lines[1].text)
        }
        // Truncation measures and draws the same glyphs: the glyphs' advance ends at the width.
        let lastGlyphs = layout.glyphs[layout.lines[1].glyphRange]
        #expect(!lastGlyphs.isEmpty)
        if mode != .clip {
            let ellipsis = lastGlyphs.filter { $0.cluster >= 0 }
            #expect(ellipsis.count == lastGlyphs.count)
        }
    }

    @Test func fittingTextIsNotTruncated() throws {
        let text = AttributedText("Short", font: try gillius(17))
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 200, numberOfLines: 1), category: .large)
        #expect(!layout.isTruncated)
        #expect(layout.lines.map(\.text) == ["Short"])
    }

    @Test func tailTruncationOfOneLine() throws {
        let text = AttributedText(Self.paragraph, font: try gillius(17))
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 120, numberOfLines: 1), category: .large)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].text.hasPrefix("The quick"))
        #expect(layout.lines[0].text.hasSuffix("\u{2026}"))
        #expect(layout.lines[0].utf16Range == 0..<Self.paragraph.utf16.count)
    }

    // MARK: Alignment

    @Test func alignment() throws {
        let text = AttributedText("One line\nand a much longer second line", font: try gillius(17))
        func xs(_ alignment: TextAlignment) throws -> [Double] {
            try engine.layout(text, paragraphStyle: ParagraphStyle(width: 300, alignment: alignment), category: .large).lines.map(\.x)
        }
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 300), category: .large)
        let widths = layout.lines.map(\.width)
        #expect(try xs(.left) == [0, 0])
        #expect(try xs(.natural) == [0, 0])
        #expect(try xs(.right) == widths.map { 300 - $0 })
        #expect(try xs(.center) == widths.map { (300 - $0) / 2 })
        // First glyph of a right-aligned line starts at its x.
        let right = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 300, alignment: .right), category: .large)
        #expect(abs(right.glyphs[right.lines[0].glyphRange.lowerBound].x - right.lines[0].x) < 2)
    }

    @Test func justifiedStretchesAllButTheLastLine() throws {
        let text = AttributedText(Self.paragraph, font: try gillius(17))
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 200, alignment: .justified), category: .large)
        #expect(layout.lines.count >= 3)
        for line in layout.lines.dropLast() {
            #expect(abs(line.width - 200) < 1e-6, "\(line.text): \(line.width)")
            // The last glyph ends at the right edge.
            let glyphs = layout.glyphs[line.glyphRange]
            #expect(glyphs.last!.x > 180)
        }
        #expect(layout.lines.last!.width < 200)
        #expect(layout.lines.last!.x == 0)
    }

    @Test func naturalAlignmentOfRightToLeftIsRight() throws {
        let font = try Font(path: TestPaths.font("NotoSansArabic-Regular.ttf"), pointSize: 17)
        let layout = try engine.layout(AttributedText("مرحبا بالعالم", font: font), paragraphStyle: ParagraphStyle(width: 300), category: .large)
        #expect(layout.lines[0].isRightToLeft)
        #expect(abs(layout.lines[0].x - (300 - layout.lines[0].width)) < 1e-9)
    }

    // MARK: Dynamic Type

    @Test func fourRunAttributedLabelGrowsByEachRunsOwnRule() throws {
        let headline = try Font.preferredFont(forTextStyle: .headline, compatibleWith: large)
        let body = try Font.preferredFont(forTextStyle: .body, compatibleWith: large)
        let italic = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: Font(path: TestPaths.font("GilliusADF-Italic.otf"), pointSize: 20), compatibleWith: large)
        let courier = try FontMetrics(forTextStyle: .footnote, scalingMode: .apple)
            .scaledFont(for: Font(path: TestPaths.font("CourierPrime-Regular.otf"), pointSize: 14), compatibleWith: large)
        let text = AttributedText(runs: [
            .init("Headline ", attributes: TextAttributes(font: headline)),
            .init("body text ", attributes: TextAttributes(font: body)),
            .init("in italics ", attributes: TextAttributes(font: italic)),
            .init("and code", attributes: TextAttributes(font: courier)),
        ])
        let expected: [(ContentSizeCategory, [Double])] = [
            // headline and body: the table (17, 17 | 23, 23 | 53, 53); italic: 20 × body leading
            // ratio (29/22, 62/22) = 26.4 → 26, 56.4 → 56; code: 14 × footnote (24/18, 52/18) = 18.7 → 19, 40.4 → 40.
            (.large, [17, 17, 20, 14]),
            (.extraExtraExtraLarge, [23, 23, 26, 19]),
            (.accessibilityExtraExtraExtraLarge, [53, 53, 56, 40]),
        ]
        let layouts = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 343), categories: expected.map(\.0))
        for (layout, (category, sizes)) in zip(layouts, expected) {
            #expect(layout.category == category)
            #expect(layout.text.runs.map(\.attributes.font.pointSize) == sizes)
            #expect(layout.text.runs[0].attributes.font.face.weight == .semibold)
            // The glyphs are drawn at those sizes.
            let drawn = Set(layout.glyphs.map(\.pointSize))
            #expect(drawn == Set(sizes))
        }
    }

    @Test func bodyLabelHeightGrowsAcrossAllCategories() throws {
        let body = try Font.preferredFont(forTextStyle: .body, compatibleWith: large)
        let text = AttributedText("Your photos and videos are stored in iCloud, so you can see them on all your devices.", font: body)
        let layouts = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 320), categories: ContentSizeCategory.allCases)
        let heights = layouts.map(\.size.height)
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "\(heights)")
        let lineCounts = layouts.map(\.lines.count)
        #expect(zip(lineCounts, lineCounts.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(layouts.map(\.pointSize) == ContentSizeCategory.allCases.map(TextStyle.body.pointSize(at:)))
    }

    @Test func sweepEqualsSingleLayouts() throws {
        let text = AttributedText(Self.paragraph, attributes: TextAttributes(font: try FontMetrics(forTextStyle: .body, scalingMode: .apple).scaledFont(for: gillius(17), compatibleWith: large)))
        let style = ParagraphStyle(width: 250)
        let sweep = try engine.layout(text, paragraphStyle: style, categories: ContentSizeCategory.allCases)
        for (category, layout) in zip(ContentSizeCategory.allCases, sweep) {
            let single = try TextLayoutEngine().layout(text, paragraphStyle: style, category: category)
            #expect(single.glyphs == layout.glyphs)
            #expect(single.faces == layout.faces)
            #expect(single.lines == layout.lines)
        }
    }

    // MARK: Fallback chain

    @Test func fallbackChainDefaultsToTheBundledFacesAndTakesFacesInFront() throws {
        let bundled = ParagraphStyle.bundledFallbackFaces
        #expect(bundled.count == 4)
        var style = ParagraphStyle(width: 200)
        #expect(style.fallbackFaces.map(ObjectIdentifier.init) == bundled.map(ObjectIdentifier.init))
        let gillius = try FontFace.load(path: TestPaths.font("GilliusADF-Regular.otf"))
        style.prependFallbackFaces([gillius])
        #expect(style.fallbackFaces.map(ObjectIdentifier.init) == ([gillius] + bundled).map(ObjectIdentifier.init))
        let cabin = try FontFace.load(path: TestPaths.font("Cabin-Regular.otf"))
        var twice = style
        twice.prependFallbackFaces([cabin])
        #expect(twice.fallbackFaces.map(ObjectIdentifier.init) == ([cabin, gillius] + bundled).map(ObjectIdentifier.init))
        style.fallbackFaces = [gillius]
        #expect(style.fallbackFaces.map(ObjectIdentifier.init) == [ObjectIdentifier(gillius)])
        #expect(ParagraphStyle(fallbackFaces: []).fallbackFaces.isEmpty)
    }

    @Test func prependedFaceIsTriedBeforeTheBundledOnes() throws {
        // VL PGothic (bundled, last) and Noto Sans Hebrew both have Hebrew; a face put in front
        // of the chain wins over both, and the default chain picks the Hebrew face.
        let text = AttributedText("abc שלום", font: try gillius(17))
        let japanese = try FontFace.load(path: TestPaths.font("VL-PGothic-Regular.ttf"))
        var style = ParagraphStyle(width: 300, usesSystemFallback: false)
        let byDefault = try engine.layout(text, paragraphStyle: style, category: .large)
        style.prependFallbackFaces([japanese])
        let prepended = try engine.layout(text, paragraphStyle: style, category: .large)
        let hebrewFaces = { (layout: TextLayout) in Set(layout.glyphs.map { layout.face(of: $0).familyName }) }
        #expect(hebrewFaces(byDefault).contains("Noto Sans Hebrew"))
        #expect(!hebrewFaces(prepended).contains("Noto Sans Hebrew"))
        #expect(hebrewFaces(prepended).contains(japanese.familyName))
    }

    // MARK: Sweeps and line text

    @Test func sweepsShareShapingWithoutChangingAnyCategory() throws {
        // A sweep itemizes and shapes once for the categories whose runs keep their faces; each
        // category must still equal a layout of its own by an engine that never saw the label.
        // The labels mix runs, fixed and scaled fonts, tracking, fallback faces, right-to-left
        // text, truncation and justification.
        for label in try StressLabels.all() {
            let sweep = try TextLayoutEngine().layout(label.text, paragraphStyle: label.style, categories: ContentSizeCategory.allCases)
            for layout in sweep {
                let single = try TextLayoutEngine().layout(label.text, paragraphStyle: label.style, category: layout.category)
                #expect(sameLayout(single, layout), "\(label.text.string.prefix(20)) at \(layout.category)")
                #expect(single.lines.map(\.text) == layout.lines.map(\.text))
            }
        }
    }

    @Test func lineTextIsTheShownTextWhateverItsStorage() throws {
        // Line text is built when read, from the string and the line's pieces: soft hyphens
        // inside a line vanish, one a line breaks at shows "-", a truncated line its "…".
        let string = "In\u{00AD}side co\u{00AD}operation, extra\u{00AD}ordinarily long words and 日本語 to wrap and cut"
        let units = Array(string.utf16)
        let text = AttributedText(string, font: try gillius(17))
        for width in [60.0, 90, 140] {
            let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: width), category: .large)
            for line in layout.lines {
                var visible = line.utf16Range.upperBound
                while visible > line.utf16Range.lowerBound && units[visible - 1] == 0x20 { visible -= 1 }
                let hyphenated = visible < units.count && visible > 0 && units[visible - 1] == 0xAD
                let shown = String(decoding: units[line.utf16Range.lowerBound..<visible], as: UTF16.self)
                    .filter { $0 != "\u{00AD}" } + (hyphenated ? "-" : "")
                #expect(line.text == shown, "width \(width)")
                // Equality and hashing go by the text, not by how it is kept.
                let literal = LayoutLine(
                    text: line.text, utf16Range: line.utf16Range, characterRange: line.characterRange, width: line.width,
                    x: line.x, ascent: line.ascent, descent: line.descent, baseline: line.baseline,
                    glyphRange: line.glyphRange, isRightToLeft: line.isRightToLeft)
                #expect(literal == line && literal.hashValue == line.hashValue)
            }
            #expect(layout.lines.contains { $0.text.hasSuffix("-") } || width == 140)
        }
        for mode in [TruncationMode.tail, .head, .middle] {
            let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 120, numberOfLines: 2, truncation: mode), category: .large)
            let last = try #require(layout.lines.last).text
            #expect(last.filter { $0 == "\u{2026}" }.count == 1 && !last.contains("\u{00AD}"), "\(mode): \(last)")
            let parts = last.split(separator: "\u{2026}", omittingEmptySubsequences: false).map(String.init)
            let plain = string.filter { $0 != "\u{00AD}" }
            #expect(parts.allSatisfy { $0.isEmpty || plain.contains($0) }, "\(mode): \(last)")
        }
    }

    @Test func eachFaceIsListedOnceInTheOrderGlyphsFirstUseIt() throws {
        // Latin in the label's face, Japanese and emoji from the fallback chain, an ellipsis in
        // the face of the text it follows, over several lines.
        let text = AttributedText("Hello 日本語 👍🏽 and more Latin, 日本 again, then a long tail of words to cut", font: try gillius(17))
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 120, numberOfLines: 3), category: .large)
        #expect(layout.isTruncated)
        let used = layout.glyphs.map(\.layoutFaceIndex)
        #expect(used.allSatisfy(layout.faces.indices.contains))
        var firstUses: [Int] = []
        for index in used where !firstUses.contains(index) { firstUses.append(index) }
        #expect(firstUses == Array(layout.faces.indices), "every face used, in order of first use")
        #expect(Set(layout.faces.map(ObjectIdentifier.init)).count == layout.faces.count)
        #expect(layout.faces.map { $0.path.split(separator: "/").last.map(String.init) ?? "" }
                    == ["GilliusADF-Regular.otf", "VL-PGothic-Regular.ttf", "NotoColorEmoji.ttf"])
        #expect(layout.face(of: layout.glyphs[0]) === text.runs[0].attributes.font.face)
    }

    // MARK: Line spacing and metrics

    @Test func lineSpacingFollowsTheFontAndTheExtras() throws {
        let font = try gillius(36)  // lineHeight 36, leading 1.908
        let text = AttributedText("one\ntwo\nthree", font: font)
        let plain = try engine.layout(text, paragraphStyle: ParagraphStyle(), category: .large)
        let spacing = 37.908
        let expectedBaselines: [Double] = [27, 27 + spacing, 27 + 2 * spacing]
        for (baseline, expected) in zip(plain.lines.map(\.baseline), expectedBaselines) {
            #expect(abs(baseline - expected) < 1e-9)
        }
        #expect(abs(plain.size.height - 3 * 37.908) < 1e-9)
        let spaced = try engine.layout(text, paragraphStyle: ParagraphStyle(lineSpacing: 10), category: .large)
        #expect(abs(spaced.size.height - (3 * 37.908 + 20)) < 1e-9)
        let multiple = try engine.layout(text, paragraphStyle: ParagraphStyle(lineHeightMultiple: 2), category: .large)
        #expect(abs(multiple.size.height - 6 * 37.908) < 1e-9)
        #expect(abs(multiple.lines[0].baseline - (2 * 37.908 - 9 - 1.908)) < 1e-9)
    }

    @Test func mixedFontsTakeTheTallest() throws {
        let text = AttributedText(runs: [
            .init("small ", attributes: TextAttributes(font: try gillius(12))),
            .init("BIG", attributes: TextAttributes(font: try gillius(40))),
        ])
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(), category: .large)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].ascent == 30)
        #expect(layout.lines[0].descent == 10)
        #expect(abs(layout.size.height - 40 * 1.053) < 1e-9)
    }

    @Test func intrinsicSizeWithUnboundedWidth() throws {
        let text = AttributedText("No wrapping here at all", font: try gillius(20))
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: nil), category: .large)
        #expect(layout.lines.count == 1)
        #expect(layout.size.width == layout.lines[0].width)
        let wrapped = try engine.layout(text, paragraphStyle: ParagraphStyle(width: layout.size.width - 1), category: .large)
        #expect(wrapped.lines.count == 2)
    }

    @Test func invalidStylesAreErrors() throws {
        let text = AttributedText("x", font: try gillius(12))
        for style in [ParagraphStyle(width: 0), ParagraphStyle(width: -5), ParagraphStyle(width: .nan),
                      ParagraphStyle(numberOfLines: -1), ParagraphStyle(lineHeightMultiple: -1)] {
            #expect(throws: TypeLayoutError.self) { try engine.layout(text, paragraphStyle: style, category: .large) }
        }
    }

    @Test func emptyTextHasNoLinesAndNoSize() throws {
        // UILabel's intrinsic size for empty text is zero.
        let layout = try engine.layout(AttributedText("", font: try gillius(12)), paragraphStyle: ParagraphStyle(width: 100), category: .large)
        #expect(layout.lines.isEmpty)
        #expect(layout.glyphs.isEmpty)
        #expect(layout.size == LayoutSize(width: 0, height: 0))
        // A lone newline is two empty lines, each as tall as the font.
        let newline = try engine.layout(AttributedText("\n", font: try gillius(12)), paragraphStyle: ParagraphStyle(width: 100), category: .large)
        #expect(newline.lines.count == 2)
        #expect(abs(newline.size.height - 2 * 12 * 1.053) < 1e-9)
    }

    // MARK: Concurrency

    @Test func eightTasksAtOnceEqualSerialLayouts() async throws {
        let body = try Font.preferredFont(forTextStyle: .body, compatibleWith: large)
        let texts = [Self.paragraph, "مرحبا بالعالم", "吾輩は猫である。名前はまだ無い。", "Family 👨‍👩‍👧‍👦 #1"]
            .map { AttributedText($0, font: body) }
        let style = ParagraphStyle(width: 180, numberOfLines: 3)
        let serialEngine = TextLayoutEngine()
        let serial = try texts.map { try serialEngine.layout($0, paragraphStyle: style, categories: ContentSizeCategory.allCases) }
        let shared = TextLayoutEngine()
        let results = try await withThrowingTaskGroup(of: (Int, [TextLayout]).self) { group in
            for task in 0..<8 {
                group.addTask {
                    let index = task % texts.count
                    return (index, try shared.layout(texts[index], paragraphStyle: style, categories: ContentSizeCategory.allCases))
                }
            }
            var results: [(Int, [TextLayout])] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 8)
        for (index, layouts) in results {
            #expect(layouts.map(\.glyphs) == serial[index].map(\.glyphs))
            #expect(layouts.map(\.faces) == serial[index].map(\.faces))
            #expect(layouts.map(\.lines) == serial[index].map(\.lines))
        }
    }
}
