import TypeLayout

/// What a golden image shows: a label (text, fonts, width, line limit, truncation, alignment)
/// and how it is drawn (scale, padding, background). One spec renders at any number of content
/// size categories, each run of its text growing by its own font's rule.
public struct LabelSpec: Sendable {
    /// The text, with each run's font and colour.
    public var text: AttributedText
    /// Width, line limit, truncation, alignment and font fallback.
    public var style: ParagraphStyle
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    /// Space around the label in the image, in points, so ink that overhangs the used size
    /// (italics, emoji) is still seen.
    public var padding: Double
    /// The image's background.
    public var background: Color

    /// A label from attributed text and a full paragraph style.
    public init(_ text: AttributedText, style: ParagraphStyle, scale: Int = 2, padding: Double = 8, background: Color = .white) {
        self.text = text
        self.style = style
        self.scale = scale
        self.padding = padding
        self.background = background
    }

    /// A label from attributed text and UILabel's common properties.
    ///
    /// Font fallback uses only `ParagraphStyle.fallbackFaces` (by default the faces bundled in
    /// `Fonts/`), never fontconfig's system fonts, so the golden doesn't depend on which fonts
    /// the machine has installed.
    ///
    /// - Parameters:
    ///   - text: the text, with each run's font and colour.
    ///   - width: the wrap width in points; `nil` lays out without wrapping.
    ///   - numberOfLines: the most lines shown; 0 means unlimited.
    ///   - truncation: where text beyond the last line is cut.
    ///   - alignment: where lines sit within the width.
    ///   - locale: a BCP 47 language for line breaking when no run names one.
    ///   - scale: pixels per point: 1, 2 or 3.
    ///   - padding: space around the label in the image, in points.
    ///   - background: the image's background.
    public init(
        _ text: AttributedText, width: Double?, numberOfLines: Int = 0, truncation: TruncationMode = .tail,
        alignment: TextAlignment = .natural, locale: String? = nil,
        scale: Int = 2, padding: Double = 8, background: Color = .white
    ) {
        self.init(
            text,
            style: ParagraphStyle(
                width: width, numberOfLines: numberOfLines, truncation: truncation, alignment: alignment,
                usesSystemFallback: false, locale: locale),
            scale: scale, padding: padding, background: background)
    }

    /// A label of plain text in one font and colour (see
    /// ``init(_:width:numberOfLines:truncation:alignment:locale:scale:padding:background:)``).
    public init(
        _ string: String, font: Font, color: Color = .black, width: Double?, numberOfLines: Int = 0,
        truncation: TruncationMode = .tail, alignment: TextAlignment = .natural, locale: String? = nil,
        scale: Int = 2, padding: Double = 8, background: Color = .white
    ) {
        self.init(
            AttributedText(string, attributes: TextAttributes(font: font, foregroundColor: color)),
            width: width, numberOfLines: numberOfLines, truncation: truncation, alignment: alignment,
            locale: locale, scale: scale, padding: padding, background: background)
    }

    /// The label laid out at each category, in the order given.
    ///
    /// - Throws: the errors of `TextLayoutEngine.layout(_:paragraphStyle:categories:in:)`.
    public func layouts(at categories: [ContentSizeCategory], engine: TextLayoutEngine = .shared) throws -> [TextLayout] {
        try engine.layout(text, paragraphStyle: style, categories: categories)
    }

    /// One layout drawn at ``scale`` with ``padding`` and ``background``.
    ///
    /// - Throws: the errors of `Rasterizer.render(_:scale:padding:background:)`.
    public func render(_ layout: TextLayout, rasterizer: Rasterizer = Rasterizer()) throws -> RGBAImage {
        try rasterizer.render(layout, scale: scale, padding: padding, background: background)
    }
}
