import Testing
@testable import TypeLayout

/// The contact sheet's two-core drawing (`SheetCells.drawCells`): cells are drawn once each, in
/// order, whatever the helper warms; an error stops the drawing where one-after-another would;
/// and the pixels are those of a sheet whose glyphs were all rasterized by the drawing thread.
@Suite struct SheetCellsTests {
    /// What the calls saw, shared with the helper thread.
    private final class Calls: Sendable {
        let drawn = Lock<[Int]>([])
        let warmed = Lock<[Int]>([])
    }

    @Test(arguments: [0, 1, 2, 3, 12, 40])
    func everyCellIsDrawnOnceInOrder(count: Int) throws {
        let calls = Calls()
        try SheetCells.drawCells(count: count, draw: { index in
            calls.drawn.withLock { $0.append(index) }
        }, warm: { index in
            calls.warmed.withLock { $0.append(index) }
        })
        #expect(calls.drawn.withLock { $0 } == Array(0..<count))
        let warmed = calls.warmed.withLock { $0 }
        // The helper takes cells from the back, each at most once, never one drawn before it.
        #expect(warmed == warmed.sorted(by: >))
        #expect(Set(warmed).count == warmed.count)
        #expect(warmed.allSatisfy { (0..<count).contains($0) })
    }

    private struct CellFailed: Error, Equatable {
        let index: Int
    }

    @Test(arguments: [0, 1, 5, 11])
    func aFailingCellStopsTheDrawingThere(failing: Int) {
        let calls = Calls()
        #expect(throws: CellFailed(index: failing)) {
            try SheetCells.drawCells(count: 12, draw: { index in
                calls.drawn.withLock { $0.append(index) }
                if index >= failing { throw CellFailed(index: index) }
            }, warm: { _ in })
        }
        #expect(calls.drawn.withLock { $0 } == Array(0...failing))
    }

    /// Warmed by the helper or rasterized by the drawing thread itself (a cache that keeps
    /// nothing, so the helper's work is lost), the glyphs give the same sheet, byte for byte;
    /// and again from a cache already holding every glyph.
    @Test(arguments: [1, 2])
    func aSheetIsTheSameWhoeverRasterizedItsGlyphs(scale: Int) throws {
        let body = try Font.preferredFont(forTextStyle: .body)
        let text = AttributedText("Your photos and videos are stored in iCloud, so you can see them on all your devices.",
                                  font: body)
        let layouts = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 320),
                                                    categories: ContentSizeCategory.allCases)
        let sheet = ContactSheet(scale: scale)
        let alone = try sheet.render(layouts, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: GlyphCache(byteLimit: 0)))
        let shared = GlyphCache()
        let warmed = try sheet.render(layouts, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: shared))
        let cached = try sheet.render(layouts, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: shared))
        #expect(warmed == alone)
        #expect(cached == alone)
        // Something was drawn: text is darker than the white background somewhere in each cell row.
        #expect(alone.pixels.contains { $0 < 0x80 })
    }
}
