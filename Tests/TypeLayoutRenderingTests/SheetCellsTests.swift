#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import TypeLayout
@testable import TypeLayoutRendering
import TypeLayoutTestSupport

/// A sheet's glyphs rasterized on a second thread while the first draws
/// (`SheetCells.CellWarming`, `ContactSheet.helper`): cells are drawn once each,
/// in order, whatever the other thread warms; an error stops the drawing where one after
/// another would; and the sheet is the same bytes as one drawn on one thread.
@Suite(.temporaryFolders) struct SheetCellsTests {
    /// What the calls saw, shared with the warming thread.
    private final class Calls: Sendable {
        let drawn = Lock<[Int]>([])
        let warmed = Lock<[Int]>([])
    }

    @Test(arguments: [0, 1, 2, 3, 12, 40])
    func everyCellIsDrawnOnceInOrder(count: Int) throws {
        let calls = Calls()
        try SheetCells.CellWarming(count: count, warm: { index in calls.warmed.withLock { $0.append(index) } })
            .drawCells { index in calls.drawn.withLock { $0.append(index) } }
        #expect(calls.drawn.withLock { $0 } == Array(0..<count))
        let warmed = calls.warmed.withLock { $0 }
        // Taken from the back, each at most once, never the first cell (drawn at once).
        #expect(warmed == warmed.sorted(by: >))
        #expect(Set(warmed).count == warmed.count)
        #expect(warmed.allSatisfy { (1..<count).contains($0) })
    }

    /// With the first cell's draw held until the other thread has had time, that thread warms
    /// every cell after the next one the drawing takes (and that one too if it got there before
    /// the drawing began), last first; here as a job of a helper thread, which the drawing
    /// doesn't wait for (its end is waited for before looking).
    @Test func theOtherThreadWarmsFromTheLastCellBackwards() throws {
        let calls = Calls()
        let helper = HelperThread()
        let warming = SheetCells.CellWarming(count: 12, on: helper, warm: { index in calls.warmed.withLock { $0.append(index) } })
        try warming.drawCells { index in
            if index == 0 {
                // Until the thread has met the drawing (or 10 s, if no thread could start).
                for _ in 0..<10_000 where calls.warmed.withLock({ $0.count }) < 10 { usleep(1_000) }
            }
            calls.drawn.withLock { $0.append(index) }
        }
        helper?.finish()
        let warmed = calls.warmed.withLock { $0 }
        #expect(Array(warmed.prefix(10)) == Array((2..<12).reversed()))
        #expect(warmed.count == 10 || warmed.last == 1)
        #expect(calls.drawn.withLock { $0 } == Array(0..<12))
    }

    private struct CellFailed: Error, Equatable {
        let index: Int
    }

    @Test(arguments: [0, 1, 5, 11])
    func aFailingCellStopsTheDrawingThere(failing: Int) {
        let calls = Calls()
        #expect(throws: CellFailed(index: failing)) {
            try SheetCells.CellWarming(count: 12, warm: { _ in }).drawCells { index in
                calls.drawn.withLock { $0.append(index) }
                if index >= failing { throw CellFailed(index: index) }
            }
        }
        #expect(calls.drawn.withLock { $0 } == Array(0...failing))
    }

    /// A layout's glyphs warmed at a column are the ones drawn there, on any row: the draw
    /// rasterizes nothing more.
    @Test(arguments: [1, 2, 3])
    func aWarmedLayoutDrawsFromTheCache(scale: Int) throws {
        let text = AttributedText("Your photos and videos are stored in iCloud.", font: try Font.preferredFont(forTextStyle: .body))
        let layout = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 200), category: .accessibilityLarge)
        let rasterizer = Rasterizer(cache: GlyphCache())
        try rasterizer.warm(layout, atX: 13.25, scale: scale)
        let warmed = rasterizer.cache.statistics
        #expect(warmed.misses > 0)
        var canvas = try Canvas(width: 800, height: 800, background: .white)
        try rasterizer.draw(layout, into: &canvas, atX: 13.25, y: 7, scale: scale)
        #expect(rasterizer.cache.statistics.misses == warmed.misses)
        #expect(rasterizer.cache.statistics.hits > warmed.hits)
    }

    /// Rasterized on two threads or one, or with the other thread's work lost (a cache that
    /// keeps nothing), the glyphs give the same sheet, byte for byte, at each scale.
    @Test(arguments: [1, 2])
    func aSheetRasterizedOnTwoThreadsIsTheSheetOnOne(scale: Int) throws {
        let text = AttributedText("Your photos and videos are stored in iCloud, so you can see them on all your devices.",
                                  font: try Font.preferredFont(forTextStyle: .body))
        let layouts = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 320),
                                                    categories: ContentSizeCategory.allCases)
        var sheet = ContactSheet(scale: scale)
        let alone = try sheet.render(layouts, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: GlyphCache()))
        for _ in 0..<3 {
            sheet.helper = HelperThread()
            #expect(try sheet.render(layouts, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: GlyphCache())) == alone)
            sheet.helper?.finish()
        }
        sheet.helper = HelperThread()
        #expect(try sheet.render(layouts, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: GlyphCache(byteLimit: 0))) == alone)
        sheet.helper?.finish()
        // Something was drawn: text darker than the white background.
        #expect(alone.pixels.contains { $0 < 0x80 })
    }

    /// As render-cli draws a sheet: one helper thread warms the captions, then the cells, then
    /// takes the PNG's pieces; the file is the bytes of the sheet drawn and encoded without it.
    @Test func aSheetWhoseJobsShareOneHelperIsTheSameFile() throws {
        let directory = try TemporaryDirectory()
        let text = AttributedText("Your photos and videos are stored in iCloud, so you can see them on all your devices.",
                                  font: try Font.preferredFont(forTextStyle: .body))
        let layouts = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 320),
                                                    categories: ContentSizeCategory.allCases)
        let alone = try PNGCodec.encode(ContactSheet(scale: 1).render(layouts, engine: TextLayoutEngine(),
                                                                      rasterizer: Rasterizer(cache: GlyphCache())),
                                        usingSecondThread: true)
        for round in 0..<3 {
            let engine = TextLayoutEngine()
            let helper = try #require(HelperThread())
            ContactSheet.warmCaptions(engine: engine, on: helper)
            var sheet = ContactSheet(scale: 1)
            sheet.helper = helper
            let path = directory.path + "/sheet\(round).png"
            try PNGCodec.write(try sheet.render(layouts, engine: engine, rasterizer: Rasterizer(cache: GlyphCache())),
                               to: path, helper: helper)
            helper.finish()
            #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == alone)
        }
    }
}
