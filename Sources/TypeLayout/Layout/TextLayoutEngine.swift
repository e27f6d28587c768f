
/// Lays out labels: attributed text in a width at one or more content size categories, the way
/// UILabel does, through the stages bidi and itemization → font fallback → shaping → line
/// breaking → truncation → alignment → positioned glyphs.
///
/// An engine's shaping cache is shared by every layout it makes, from any number of tasks at
/// once: a width change re-breaks without reshaping, and since shaping is in font units, one
/// shaping serves all twelve categories wherever the face stays the same.
public final class TextLayoutEngine: Sendable {
    /// The engine most callers share.
    public static let shared = TextLayoutEngine()

    let shaper: Shaper
    let analyses: AnalysisCache

    /// An engine with caches of its own.
    public init() {
        shaper = Shaper()
        analyses = AnalysisCache()
    }

    /// An engine with caches of its own, its shaping cache keeping at most `shapingCacheLimit`
    /// shaped runs (50,000 by default): a run that doesn't come back after its layouts (a
    /// million-string audit, each string laid out once at all its categories) needs few.
    public init(shapingCacheLimit: Int) {
        shaper = Shaper(capacity: max(1, shapingCacheLimit))
        analyses = AnalysisCache()
    }

    /// Lays out text at one category (`nil`: ``DynamicTypeContext/current``'s), in the current
    /// context.
    ///
    /// - Throws: ``TypeLayoutError/invalidParagraphStyle(_:)`` for a width that is not positive
    ///   and finite, a negative line count or spacing that is not finite;
    ///   ``TypeLayoutError/invalidAttributes(_:)`` for tracking that is not finite; font errors
    ///   from re-resolving a run's font at the category.
    public func layout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle(), category: ContentSizeCategory? = nil
    ) throws -> TextLayout {
        let context = DynamicTypeContext.current
        return try layout(text, paragraphStyle: paragraphStyle, categories: [category ?? context.contentSizeCategory], in: context)[0]
    }

    /// Lays out text at a context's category, with its scaling mode and system family.
    public func layout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle(), in context: DynamicTypeContext
    ) throws -> TextLayout {
        try layout(text, paragraphStyle: paragraphStyle, categories: [context.contentSizeCategory], in: context)[0]
    }

    /// Lays out text at several categories, sharing the analysis and shaping between them;
    /// fonts resolve with `context`'s scaling mode and system family (its category is unused).
    public func layout(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, categories: [ContentSizeCategory],
        in context: DynamicTypeContext = .current
    ) throws -> [TextLayout] {
        try preparation(text, paragraphStyle: paragraphStyle, in: context)
            .layouts(width: paragraphStyle.width, categories: categories).layouts
    }

    /// What ``layout(_:paragraphStyle:categories:in:)`` measures at each category (lines, size,
    /// truncation, broken words, and the lines without a line limit), without building lines or
    /// glyph placements: for checks that read nothing else.
    package func measurements(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, categories: [ContentSizeCategory],
        in context: DynamicTypeContext = .current
    ) throws -> [LayoutMeasurement] {
        try preparation(text, paragraphStyle: paragraphStyle, in: context)
            .measurements(width: paragraphStyle.width, categories: categories)
    }

    /// Does a text's width-independent work once (analysis; items and shaping as categories
    /// ask for them), for layouts at many widths and categories, like parley's and TextKit's.
    ///
    /// - Parameters:
    ///   - text: the text and its fonts.
    ///   - paragraphStyle: the style every layout uses; its width is each layout's to choose.
    ///   - context: the context fonts resolve in (its scaling mode and system family).
    /// - Throws: the paragraph style's errors (its width aside) and ``TypeLayoutError/invalidAttributes(_:)``
    ///   for tracking that is not finite.
    public func prepare(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, in context: DynamicTypeContext = .current
    ) throws -> PreparedText {
        PreparedText(try preparation(text, paragraphStyle: paragraphStyle, in: context))
    }

    private func preparation(
        _ text: AttributedText, paragraphStyle: ParagraphStyle, in context: DynamicTypeContext
    ) throws -> TextPreparation {
        var unbounded = paragraphStyle
        unbounded.width = nil
        try Self.validate(unbounded)
        // NaN or infinite tracking made every width NaN: a line per character and no error.
        for run in text.runs where !run.attributes.tracking.isFinite {
            throw TypeLayoutError.invalidAttributes("tracking must be a finite number of points, got \(run.attributes.tracking)")
        }
        let locale = paragraphStyle.locale ?? text.runs.lazy.compactMap(\.attributes.language).first
        let analysis = try analyses.analysis(of: text, baseDirection: paragraphStyle.baseDirection, locale: locale)
        return TextPreparation(text: text, paragraphStyle: paragraphStyle, context: context, analysis: analysis, shaper: shaper)
    }

    static func validate(_ style: ParagraphStyle) throws {
        if let width = style.width, !(width.isFinite && width > 0) {
            throw TypeLayoutError.invalidParagraphStyle("width must be a finite number of points greater than 0, got \(width)")
        }
        if style.numberOfLines < 0 {
            throw TypeLayoutError.invalidParagraphStyle("number of lines must be 0 (unlimited) or more, got \(style.numberOfLines)")
        }
        if !(style.lineHeightMultiple.isFinite && style.lineHeightMultiple >= 0) {
            throw TypeLayoutError.invalidParagraphStyle("line height multiple must be 0 or more, got \(style.lineHeightMultiple)")
        }
        if !style.lineSpacing.isFinite {
            throw TypeLayoutError.invalidParagraphStyle("line spacing must be a finite number, got \(style.lineSpacing)")
        }
    }
}
