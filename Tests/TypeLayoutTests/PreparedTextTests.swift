import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// The prepare-once API: layouts at many widths and categories equal fresh ones, and the
/// intrinsic widths are the ones line breaking itself works to.
struct PreparedTextTests {
    static let text = "Dynamic Type lets people choose the size of text: extraordinarily large sizes too."

    static func body() throws -> AttributedText {
        AttributedText(text, font: try Font.preferredFont(forTextStyle: .body, in: DynamicTypeContext()))
    }

    /// Lines, size and glyphs: what a layout shows.
    static func same(_ a: TextLayout, _ b: TextLayout) -> Bool {
        a.lines.map(\.text) == b.lines.map(\.text) && a.size == b.size && a.isTruncated == b.isTruncated
            && a.glyphs.map(\.x) == b.glyphs.map(\.x) && a.glyphs.map(\.glyphID) == b.glyphs.map(\.glyphID)
    }

    @Test func layoutsAtManyWidthsAndCategoriesEqualFreshLayouts() throws {
        let style = ParagraphStyle(numberOfLines: 0)
        let context = DynamicTypeContext()
        let prepared = try TextLayoutEngine().prepare(try Self.body(), paragraphStyle: style, in: context)
        for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge, .large] {
            for width in [120.0, 200, 343, 1000] {
                var fresh = style
                fresh.width = width
                let expected = try TextLayoutEngine().layout(try Self.body(), paragraphStyle: fresh, categories: [category], in: context)[0]
                let found = try prepared.layout(width: width, category: category)
                #expect(Self.same(found, expected), "\(category) at \(width)")
                #expect(found.width == width && found.category == category)
            }
        }
    }

    @Test func intrinsicWidthsAreTheWidestWordAndTheUnwrappedLine() throws {
        let prepared = try TextLayoutEngine().prepare(try Self.body(), paragraphStyle: ParagraphStyle(), in: DynamicTypeContext())
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let widths = try prepared.intrinsicWidths(category: category)
            let unwrapped = try prepared.layout(width: nil, category: category)
            #expect(unwrapped.lines.count == 1)
            #expect(widths.maxContent == unwrapped.size.width)
            // The widest piece is the longest word ("extraordinarily"), measured alone.
            let word = try prepared.layout(width: widths.maxContent, category: category)
            let alone = try TextLayoutEngine().layout(
                AttributedText("extraordinarily", font: try Font.preferredFont(forTextStyle: .body, in: DynamicTypeContext())),
                paragraphStyle: ParagraphStyle(), categories: [category], in: DynamicTypeContext())[0]
            #expect(abs(widths.minContent - alone.size.width) < 1e-9, "\(widths.minContent) vs \(alone.size.width)")
            #expect(!word.hasBrokenWord)
            // At min-content no word breaks; just below it, the widest one must.
            #expect(!(try prepared.layout(width: widths.minContent, category: category)).hasBrokenWord)
            #expect(try prepared.layout(width: widths.minContent - 0.5, category: category).hasBrokenWord)
            #expect(widths.minContent < widths.maxContent)
        }
    }

    @Test func softHyphenPiecesCountTheirHyphen() throws {
        let font = try Font(path: TestPaths.font("LiberationSans-Regular.ttf"), pointSize: 20)
        let prepared = try TextLayoutEngine().prepare(
            AttributedText("un\u{AD}break\u{AD}able", font: font), paragraphStyle: ParagraphStyle(), in: DynamicTypeContext())
        let widths = try prepared.intrinsicWidths(category: .large)
        let piece = { (text: String) in
            try TextLayoutEngine().layout(AttributedText(text, font: font), paragraphStyle: ParagraphStyle()).size.width
        }
        // "break" followed by the hyphen its soft hyphen shows is the widest piece.
        #expect(abs(widths.minContent - (try piece("break-"))) < 1e-6)
        let wrapped = try prepared.layout(width: widths.minContent, category: .large)
        #expect(wrapped.lines.map(\.text) == ["un-", "break-", "able"])
        #expect(!wrapped.hasBrokenWord)
    }

    @Test func preparingChecksTheStyleAndEachLayoutItsWidth() throws {
        let engine = TextLayoutEngine()
        #expect(throws: TypeLayoutError.self) {
            try engine.prepare(try Self.body(), paragraphStyle: ParagraphStyle(numberOfLines: -1))
        }
        let prepared = try engine.prepare(try Self.body(), paragraphStyle: ParagraphStyle())
        #expect(throws: TypeLayoutError.self) { try prepared.layout(width: 0, category: .large) }
        #expect(throws: TypeLayoutError.self) { try prepared.layout(width: .nan, category: .large) }
    }

    @Test func preparedTextIsSharedByParallelTasks() async throws {
        let prepared = try TextLayoutEngine().prepare(try Self.body(), paragraphStyle: ParagraphStyle(), in: DynamicTypeContext())
        let widths = [100.0, 150, 220, 343]
        var expected: [Double: [String]] = [:]
        for width in widths { expected[width] = try prepared.layout(width: width, category: .extraLarge).lines.map(\.text) }
        let reference = expected
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for round in 0..<40 {
                group.addTask {
                    let width = widths[round % widths.count]
                    let lines = try prepared.layout(width: width, category: .extraLarge).lines.map(\.text)
                    return lines == reference[width] ? 0 : 1
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
