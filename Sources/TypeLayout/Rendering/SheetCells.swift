import Dispatch

/// What ``ContactSheet``, ``PlatformComparisonSheet`` and TypeLayoutScreens' screen sheet draw
/// alike: their settings' checks, captions in the system stand-in, a label in its framed cell,
/// and a grid of captioned cells.
package enum SheetCells {
    package static let captionSize = 11.0

    /// The settings are public vars: checked before they reach pixel arithmetic, where a NaN or
    /// an enormous value would trap converting to Int.
    package static func check(scale: Int, padding: Double) throws {
        guard Rasterizer.scales.contains(scale) else { throw TypeLayoutError.invalidDisplayScale(Double(scale)) }
        guard padding.isFinite, padding >= 0 else { throw TypeLayoutError.invalidValue(padding) }
    }

    /// A caption's text: "ax5 · 60.7 pt".
    static func caption(_ setting: String, pointSize: Double) -> String {
        "\(setting) · \(pointSize.formatted(maxFractionDigits: 1)) pt"
    }

    /// A caption or title laid out once, at a fixed size, without the system's fallback.
    package static func label(_ string: String, font: Font, color: Color, engine: TextLayoutEngine) throws -> TextLayout {
        try engine.layout(AttributedText(string, attributes: TextAttributes(font: font, foregroundColor: color)),
                          paragraphStyle: ParagraphStyle(usesSystemFallback: false), category: .large)
    }

    /// A layout's cell in pixels: its wrap width (else its used width) and height, padded.
    static func cellSize(_ layout: TextLayout, padding: Double, scale: Int) -> (width: Int, height: Int) {
        (ContactSheet.pixels((layout.width ?? layout.size.width) + 2 * padding, scale: Double(scale)),
         ContactSheet.pixels(layout.size.height + 2 * padding, scale: Double(scale)))
    }

    /// Draws a layout inside its padding, in a cell whose top-left corner is at (`left`, `top`).
    static func drawLabel(
        _ layout: TextLayout, into canvas: inout Canvas, left: Int, top: Int, padding: Double, scale: Int,
        rasterizer: Rasterizer
    ) throws {
        let origin = labelOrigin(left: left, top: top, padding: padding, scale: scale)
        try rasterizer.draw(layout, into: &canvas, atX: origin.x, y: origin.y, scale: scale)
    }

    /// Rasterizes into the cache the glyphs ``drawLabel(_:into:left:top:padding:scale:rasterizer:)``
    /// draws with the same arguments (see ``drawCells(count:draw:warm:)``); errors are left for
    /// that draw to meet.
    static func warmLabel(_ layout: TextLayout, left: Int, top: Int, padding: Double, scale: Int, rasterizer: Rasterizer) {
        let origin = labelOrigin(left: left, top: top, padding: padding, scale: scale)
        try? rasterizer.warm(layout, atX: origin.x, y: origin.y, scale: scale)
    }

    /// A label's top-left corner in a cell whose top-left corner is at (`left`, `top`).
    private static func labelOrigin(left: Int, top: Int, padding: Double, scale: Int) -> (x: Double, y: Double) {
        (Double(left) + padding * Double(scale), Double(top) + padding * Double(scale))
    }
}

extension SheetCells {
    /// Where each cell of a grid goes: cells in rows of `columns`, each with a caption
    /// `captionHeight` pixels tall above it, `gap` pixels around and between them; a column as
    /// wide as its widest cell, a row as tall as its tallest cell and caption.
    package struct Grid {
        /// The whole sheet's size in pixels.
        package let width: Int, height: Int
        /// Each cell's caption's top-left corner; the cell starts `captionHeight` below it.
        package let origins: [(left: Int, top: Int)]

        /// Lays out cells of the given pixel sizes.
        package init(cells: [(width: Int, height: Int)], columns: Int, captionHeight: Int, gap: Int) {
            let columns = max(1, columns)
            let rows = (cells.count + columns - 1) / columns
            var columnWidths = [Int](repeating: 0, count: min(columns, max(1, cells.count)))
            var rowHeights = [Int](repeating: 0, count: max(1, rows))
            for (index, cell) in cells.enumerated() {
                columnWidths[index % columns] = max(columnWidths[index % columns], cell.width)
                rowHeights[index / columns] = max(rowHeights[index / columns], cell.height + captionHeight)
            }
            width = columnWidths.reduce(gap) { $0 + $1 + gap }
            height = rowHeights.reduce(gap) { $0 + $1 + gap }
            var origins: [(left: Int, top: Int)] = []
            origins.reserveCapacity(cells.count)
            var top = gap
            for row in 0..<rows {
                var left = gap
                for column in 0..<columns where row * columns + column < cells.count {
                    origins.append((left, top))
                    left += columnWidths[column] + gap
                }
                top += rowHeights[row] + gap
            }
            self.origins = origins
        }
    }
}

extension SheetCells {
    /// Calls `draw` for the cells `0..<count` in order on this thread, while a helper on
    /// another core runs `warm` on cells from the last one backwards (rasterizing their glyphs
    /// into the cache) until it meets the cells already drawn; a warmed cell then draws from the
    /// cache.
    ///
    /// This thread never waits for the helper: a cell the helper is still warming when its
    /// turn comes is drawn anyway, rasterizing what isn't cached yet (on a busy machine the
    /// helper may not run at all), and the helper stops at its next cell once the drawing is
    /// done, finishing the one in hand on its own (which only fills the cache). Every pixel is
    /// composited by `draw` in cell order, so overlapping cells come out as one after another,
    /// and a cached glyph is the same pixels whichever thread rasterized it: the image doesn't
    /// depend on how the work was shared. The first error `draw` throws (in cell order) is
    /// thrown; `warm` reports none (the draw meets the same error itself).
    static func drawCells(count: Int, draw: (Int) throws -> Void, warm: @escaping @Sendable (Int) -> Void) throws {
        // Cells before `drawn` are drawn or being drawn; cells from `warmed` on are warmed or
        // being warmed.
        let progress = Lock((drawn: 0, warmed: count))
        if count > 1 {
            DispatchQueue.global().async {
                while let index = progress.withLock({ progress -> Int? in
                    guard progress.warmed - 1 > progress.drawn else { return nil }
                    progress.warmed -= 1
                    return progress.warmed
                }) {
                    warm(index)
                }
            }
        }
        // Once the drawing ends, whether done or failed, the helper takes no more cells.
        defer { progress.withLock { $0.drawn = count } }
        for index in 0..<count {
            progress.withLock { $0.drawn = index + 1 }
            try draw(index)
        }
    }
}
