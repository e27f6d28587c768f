import TypeLayout
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
        try rasterizer.draw(layout, into: &canvas, atX: labelEdge(left, padding: padding, scale: scale),
                            y: labelEdge(top, padding: padding, scale: scale), scale: scale)
    }

    /// Where a label's left (or top) edge is in a cell whose left (or top) edge is at
    /// `cellEdge`: inside its padding.
    static func labelEdge(_ cellEdge: Int, padding: Double, scale: Int) -> Double {
        Double(cellEdge) + padding * Double(scale)
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
    /// A sheet's cells drawn in order on the calling thread, while a `HelperThread` (a job
    /// handed to it with this object) rasterizes the glyphs of cells from the
    /// last one backwards into the cache (a sheet's last cells are its largest) until it meets
    /// the cells already drawn; a warmed cell then draws from the cache.
    ///
    /// The drawing never waits for a cell to be warmed: a cell still being warmed when its turn
    /// comes is drawn anyway, rasterizing what isn't cached yet (on a busy machine the other
    /// thread may not have run at all). Every pixel is composited in cell order, and a cached
    /// glyph is the same pixels whichever thread rasterized it, so the image doesn't depend on
    /// how the work was shared.
    package final class CellWarming {
        /// Cells before `drawn` are drawn or being drawn; cells from `warmed` on are warmed or
        /// being warmed.
        private let progress: Lock<(drawn: Int, warmed: Int)>
        private let count: Int
        /// The thread started for this object alone (no `helper` given), ended by the drawing.
        private let ownHelper: HelperThread?

        /// Starts warming cells `0..<count`, last first, with `warm` (which reports no error:
        /// the draw meets the same error itself), as a job of `helper`, else on a thread of its
        /// own; nothing for fewer than two cells, or when `warm` is nil.
        package init(count: Int, on helper: HelperThread? = nil, warm: (@Sendable (Int) -> Void)?) {
            let progress = Lock((drawn: 0, warmed: count))
            self.progress = progress
            self.count = count
            guard count > 1, let warm else {
                ownHelper = nil
                return
            }
            ownHelper = helper == nil ? HelperThread() : nil
            (helper ?? ownHelper)?.run {
                while let index = progress.withLock({ progress -> Int? in
                    guard progress.warmed - 1 > progress.drawn else { return nil }
                    progress.warmed -= 1
                    return progress.warmed
                }) {
                    warm(index)
                }
            }
        }

        /// Calls `draw` for the cells `0..<count` in order. The first error `draw` throws is
        /// thrown, with nothing drawn after it. The other thread then takes no more cells; a
        /// thread of this object's own is joined once it finishes the one in hand.
        package func drawCells(_ draw: (Int) throws -> Void) throws {
            defer { stop() }
            for index in 0..<count {
                progress.withLock { $0.drawn = index + 1 }
                try draw(index)
            }
        }

        /// Lets the other thread take no more cells. A helper given is not waited for: the cell
        /// in its hand has been drawn already (or the drawing failed), its job holds what it
        /// reads, and what it does next (the PNG's pieces) is shared with this thread too.
        private func stop() {
            progress.withLock { $0.drawn = .max }
            ownHelper?.finish()
        }

        deinit { stop() }
    }
}
