import Foundation
import Testing
import TypeLayout
import TypeLayoutRendering

/// The code of the DocC articles in Sources/TypeLayout/TypeLayout.docc, as written there (files go
/// to a temporary folder instead of the working directory, and nothing is printed), with the numbers the articles state
/// checked: an API change or a changed number breaks this test, not just the documentation.
@Suite(.dynamicType()) struct DocumentationExampleTests {
    static let hal = "I'm sorry, Dave. I'm afraid I can't do that."

    /// GettingStarted.md.
    @Test func gettingStarted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-docs-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let body = try Font.preferredFont(forTextStyle: .body)
        let text = AttributedText("I'm sorry, Dave. I'm afraid I can't do that.", font: body)
        let style = ParagraphStyle(width: 343)

        let layout = try TextLayoutEngine.shared.layout(text, paragraphStyle: style, category: .accessibilityMedium)

        let image = try Rasterizer().render(layout, scale: 2, padding: 8)
        try PNGCodec.write(image, to: folder + "/label.png")

        let layouts = try TextLayoutEngine.shared.layout(text, paragraphStyle: style, categories: ContentSizeCategory.allCases)
        try PNGCodec.write(try ContactSheet().render(layouts), to: folder + "/sheet.png")

        #expect(layout.pointSize == 28)
        #expect(layouts.map(\.pointSize).first == 14 && layouts.map(\.pointSize).last == 53)
        #expect(FileManager.default.fileExists(atPath: folder + "/sheet.png"))
    }

    /// DynamicTypeModel.md: 53 versus 48.
    @Test func fiftyThreeVersusFortyEight() throws {
        let ax5 = TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)
        let label = try Font(path: BundledFonts.gillSansStandIn, pointSize: 17)

        let apple = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: label, compatibleWith: ax5)
        let metrics = try FontMetrics(forTextStyle: .body, scalingMode: .metrics)
            .scaledFont(for: label, compatibleWith: ax5)
        let bodyStyle = try Font.preferredFont(forTextStyle: .body, compatibleWith: ax5)
        #expect(apple.pointSize == 48)
        #expect(metrics.pointSize == 53)
        #expect(bodyStyle.pointSize == 53)

        #expect(TextStyle.body.baselineToBaseline(at: .large) == 22)
        #expect(TextStyle.body.baselineToBaseline(at: .accessibilityExtraExtraExtraLarge) == 62)
        #expect(TextStyle.body.pointSize(at: .accessibilityExtraExtraExtraLarge) == 53)

        let capped = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: label, maximumPointSize: 40, compatibleWith: ax5)
        #expect(capped.pointSize == 40)
        #expect(try apple.resolved(for: .large).pointSize == 17)
        #expect(try apple.resolved(for: .extraSmall).pointSize == 15)
    }

    /// DynamicTypeModel.md: contexts.
    @Test func contexts() throws {
        let label = try Font(path: BundledFonts.gillSansStandIn, pointSize: 17)
        let context = DynamicTypeContext(contentSizeCategory: .accessibilityExtraExtraExtraLarge, scalingMode: .apple)
        let explicit = try FontMetrics.default.scaledFont(for: label, in: context)
        let implicit = try withDynamicTypeContext(context) {
            try FontMetrics.default.scaledFont(for: label)
        }
        #expect(explicit.pointSize == 48 && implicit.pointSize == 48)
    }

    /// LayingOutText.md.
    @Test func layingOutText() throws {
        let body = try Font.preferredFont(forTextStyle: .body)
        let text = AttributedText("I'm sorry, Dave. I'm afraid I can't do that.", font: body)

        let prepared = try TextLayoutEngine.shared.prepare(text, paragraphStyle: ParagraphStyle(numberOfLines: 2))
        let narrow = try prepared.layout(width: 200, category: .accessibilityMedium)
        let sweep = try prepared.layouts(width: 343, categories: ContentSizeCategory.allCases)
        let widths = try prepared.intrinsicWidths(category: .large)

        let description = LayoutDescription(narrow)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let json = try encoder.encode(description)

        #expect(!json.isEmpty)
        #expect(narrow.lines.count == 2 && narrow.isTruncated)
        #expect(sweep.count == 12)
        #expect(widths.minContent < widths.maxContent)
        #expect(description.lineCount == 2)
    }
}
