/// What ``ContactSheet`` and ``PlatformComparisonSheet`` draw alike: their settings' checks,
/// captions in the system stand-in, and a label in its framed cell.
enum SheetCells {
    static let captionSize = 11.0

    /// The settings are public vars: checked before they reach pixel arithmetic, where a NaN or
    /// an enormous value would trap converting to Int.
    static func check(scale: Int, padding: Double) throws {
        guard Rasterizer.scales.contains(scale) else { throw TypeLayoutError.invalidDisplayScale(Double(scale)) }
        guard padding.isFinite, padding >= 0 else { throw TypeLayoutError.invalidValue(padding) }
    }

    /// A caption's text: "ax5 · 60.7 pt".
    static func caption(_ setting: String, pointSize: Double) -> String {
        "\(setting) · \(pointSize.formatted(maxFractionDigits: 1)) pt"
    }

    /// A caption or title laid out once, at a fixed size, without the system's fallback.
    static func label(_ string: String, font: Font, color: Color, engine: TextLayoutEngine) throws -> TextLayout {
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
