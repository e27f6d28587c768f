
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

    /// Lays out text at one category (`nil`: ``DynamicTypeContext/current``'s), in the current
    /// context.
    ///
    /// - Throws: ``TypeLayoutError/invalidParagraphStyle(_:)`` for a width that is not positive
    ///   and finite, a negative line count or spacing that is not finite;
    ///   ``TypeLayoutError/invalidAttributes(_:)`` for tracking that is not finite; font errors
    ///   from re-resolving a run's font at the category.
    public func layout(
        _ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), category: ContentSizeCategory? = nil
    ) throws -> TextLayout {
        let context = DynamicTypeContext.current
        return try layout(text, style: style, categories: [category ?? context.contentSizeCategory], in: context)[0]
    }

    /// Lays out text at a context's category, with its scaling mode and system family.
    public func layout(_ text: AttributedText, style: ParagraphStyle = ParagraphStyle(), in context: DynamicTypeContext) throws -> TextLayout {
        try layout(text, style: style, categories: [context.contentSizeCategory], in: context)[0]
    }

    /// Lays out text at several categories, sharing the analysis and shaping between them;
    /// fonts resolve with `context`'s scaling mode and system family (its category is unused).
    public func layout(
        _ text: AttributedText, style: ParagraphStyle, categories: [ContentSizeCategory],
        in context: DynamicTypeContext = .current
    ) throws -> [TextLayout] {
        try Self.validate(style)
        // NaN or infinite tracking made every width NaN: a line per character and no error.
        for run in text.runs where !run.attributes.tracking.isFinite {
            throw TypeLayoutError.invalidAttributes("tracking must be a finite number of points, got \(run.attributes.tracking)")
        }
        let locale = style.locale ?? text.runs.lazy.compactMap(\.attributes.language).first
        let analysis = try analyses.analysis(of: text, baseDirection: style.baseDirection, locale: locale)
        // Itemization (runs split by fallback face, script and direction) depends on the runs'
        // faces, not their sizes, and shaping (in font units) on the items: categories whose runs
        // keep their faces reuse both with their own fonts. Itemization was a third of each
        // category's work in a sweep, the shaping cache's lookups a sixth.
        // The faces the composer's items and shaping are for, once it has them.
        var itemizedFaces: [FontFace]?
        // Each style's spacing table is found once per sweep.
        var resolver = FontResolver(context: context)
        var composer = LineComposer(analysis: analysis, text: text, fonts: RunFonts(text), style: style, shaper: shaper,
                                    category: categories.first ?? .large, itemized: [])
        var scratch = LayoutScratch(categoryCount: categories.count)
        var layouts: [TextLayout] = []
        layouts.reserveCapacity(categories.count)
        for category in categories {
            // Just each run's face and size: a resolved copy of the text was an allocation and
            // a dozen references counted per category.
            let fonts = try RunFonts(resolving: text, for: category, using: &resolver)
            // (Compared run by run: arrays of the fonts and faces were two allocations a category.)
            let reusable = itemizedFaces.map { faces in
                faces.count == fonts.count && faces.indices.allSatisfy { faces[$0] === fonts.face($0) }
            } ?? false
            if !reusable {
                // The composer takes only the items' faces: sizes come from the runs.
                composer.itemized = Itemizer.items(for: analysis, fonts: text.runs.indices.map { fonts.font($0, of: text) },
                                                   style: style)
                composer.shaping = nil
            }
            composer.fonts = fonts
            composer.category = category
            let (layout, shaping) = composer.layout(scratch: &scratch)
            if !reusable {
                itemizedFaces = (0..<fonts.count).map(fonts.face)
                composer.shaping = shaping
            }
            layouts.append(layout)
        }
        return layouts
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
