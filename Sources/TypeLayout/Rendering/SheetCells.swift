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
        try rasterizer.draw(layout, into: &canvas, atX: Double(left) + padding * Double(scale),
                            y: Double(top) + padding * Double(scale), scale: scale)
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
