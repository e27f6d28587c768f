/// A text's width-independent work, done once: its analysis (bidi, scripts, break
/// opportunities), and for each set of faces its categories use, its items and their shaping.
///
/// Like parley's layout and TextKit's text storage, a prepared text is laid out many times:
/// ``layout(width:category:)`` at any width and category re-breaks lines without reshaping, and
/// ``intrinsicWidths(category:)`` gives the widths a box layout asks a text leaf for. Safe to
/// use from any number of tasks at once.
public final class PreparedText: Sendable {
    /// The text as given; each run's font re-resolves at each category.
    public var text: AttributedText { preparation.text }
    /// The paragraph style; each layout replaces its width with the one it is asked for.
    public var paragraphStyle: ParagraphStyle { preparation.paragraphStyle }
    /// The context fonts resolve in (its scaling mode and system family; the category is each
    /// call's).
    public var context: DynamicTypeContext { preparation.context }
    private let preparation: TextPreparation

    init(_ preparation: TextPreparation) { self.preparation = preparation }

    /// The text laid out at a width (`nil`: no wrapping) and a category.
    ///
    /// - Throws: ``TypeLayoutError/invalidParagraphStyle(_:)`` for a width that is not positive
    ///   and finite; font errors from resolving a run's font at the category.
    public func layout(width: Double?, category: ContentSizeCategory) throws -> TextLayout {
        try preparation.layout(width: width, category: category)
    }

    /// The text laid out at one width and several categories, in the order given.
    public func layouts(width: Double?, categories: [ContentSizeCategory]) throws -> [TextLayout] {
        try measuredLayouts(width: width, categories: categories, measuringWidestPiece: false).layouts
    }

    /// What the layout at a width (`nil`: no wrapping) and a category measures, without its
    /// lines and glyphs: for a caller that needs only the size (a stack's probe at its narrowest).
    package func measurement(width: Double?, category: ContentSizeCategory) throws -> LayoutMeasurement {
        try preparation.measurements(width: width, categories: [category])[0]
    }

    /// The widths a box layout asks a text for at a category: the narrowest it can be without
    /// breaking inside a piece the wrapping rules keep whole, and its width unwrapped.
    public func intrinsicWidths(category: ContentSizeCategory) throws -> IntrinsicWidths {
        let unwrapped = try measuredLayouts(width: nil, categories: [category], measuringWidestPiece: true)
        return IntrinsicWidths(minContent: unwrapped.widestPieces[0], maxContent: unwrapped.layouts[0].size.width)
    }

    private func measuredLayouts(
        width: Double?, categories: [ContentSizeCategory], measuringWidestPiece: Bool
    ) throws -> (layouts: [TextLayout], widestPieces: [Double]) {
        try preparation.layouts(width: width, categories: categories, measuringWidestPiece: measuringWidestPiece)
    }
}

/// What a text's layouts share, and the per-category work over it: a value, so that a one-off
/// layout (``TextLayoutEngine/layout(_:paragraphStyle:categories:in:)``) pays for no object or lock.
struct TextPreparation: Sendable {
    let text: AttributedText
    let paragraphStyle: ParagraphStyle
    let context: DynamicTypeContext
    let analysis: TextAnalysis
    let shaper: Shaper

    /// The layouts at a width and categories, and when asked for, each one's widest piece
    /// between break opportunities (else no array).
    func layouts(
        width: Double?, categories: [ContentSizeCategory], measuringWidestPiece: Bool = false
    ) throws -> (layouts: [TextLayout], widestPieces: [Double]) {
        var widestPieces: [Double] = []
        var layouts: [TextLayout] = []
        layouts.reserveCapacity(categories.count)
        try sweep(width: width, categories: categories, measuringWidestPiece: measuringWidestPiece, lay: {
            pipeline, category, fonts, items, shaping, scratch in
            let (layout, made, widestPiece) = pipeline.layout(
                category: category, fonts: fonts, items: items, shaping: shaping, scratch: &scratch)
            if measuringWidestPiece { widestPieces.append(widestPiece) }
            return (layout, made)
        }, deliver: { layouts.append($0) })
        return (layouts, widestPieces)
    }

    /// The layout at a width and one category: a sweep of one, with no array of categories
    /// or of layouts (a text node asks for one layout at a time, 44 times a category in a form).
    func layout(width: Double?, category: ContentSizeCategory) throws -> TextLayout {
        var result: TextLayout?
        try sweep(width: width, categories: CollectionOfOne(category), measuringWidestPiece: false, lay: {
            pipeline, category, fonts, items, shaping, scratch in
            let (layout, made, _) = pipeline.layout(category: category, fonts: fonts, items: items, shaping: shaping, scratch: &scratch)
            return (layout, made)
        }, deliver: { result = $0 })
        return result!
    }

    /// The measurements at a width and categories (``LayoutPipeline/measurement(category:fonts:items:shaping:scratch:)``).
    func measurements(width: Double?, categories: [ContentSizeCategory]) throws -> [LayoutMeasurement] {
        var measurements: [LayoutMeasurement] = []
        measurements.reserveCapacity(categories.count)
        try sweep(width: width, categories: categories, measuringWidestPiece: false, lay: {
            pipeline, category, fonts, items, shaping, scratch in
            pipeline.measurement(category: category, fonts: fonts, items: items, shaping: shaping, scratch: &scratch)
        }, deliver: { measurements.append($0) })
        return measurements
    }

    /// `lay` at each category with its fonts, items and shaping, in order. Items and shaping
    /// come from the analysis's ``ItemizationCache`` when a layout of this text made them
    /// before; `lay` returns the shaping when it worked it out. Each category's result is
    /// handed to `deliver` as it is made, so that a sweep of one builds no array.
    @inline(__always)
    private func sweep<Categories: Collection<ContentSizeCategory>, Result>(
        width: Double?, categories: Categories, measuringWidestPiece: Bool,
        lay: (LayoutPipeline, ContentSizeCategory, RunFonts, [TextItem], TextShaping?, inout LayoutScratch)
            -> (Result, TextShaping?),
        deliver: (consuming Result) -> Void
    ) throws {
        var style = paragraphStyle
        style.width = width
        try TextLayoutEngine.validate(style)
        var resolver = FontResolver(context: context)
        var scratch = LayoutScratch(categoryCount: categories.count)
        let pipeline = LayoutPipeline(analysis: analysis, text: text, style: style, shaper: shaper,
                                      measuresWidestPiece: measuringWidestPiece)
        // The items, shaping and faces the previous category used, tried first: a sweep's
        // categories mostly share faces. Kept apart, not as an optional itemization, so that
        // passing them on copies no references.
        var faces: [FontFace] = [], items: [TextItem] = [], shaping: TextShaping?
        for category in categories {
            // Just each run's face and size: a resolved copy of the text per category would
            // allocate and count a dozen references.
            let fonts = try RunFonts(resolving: text, for: category, using: &resolver)
            if shaping == nil || !ItemizationCache.faces(faces, match: fonts) {
                if let found = analysis.itemizations.withLock({ $0.entry(for: fonts, of: text, style: style) }) {
                    (faces, items, shaping) = (found.faces, found.items, found.shaping)
                } else {
                    faces = (0..<fonts.count).map(fonts.face)
                    items = try Itemizer.items(for: analysis, fonts: text.runs.indices.map { fonts.font($0, of: text) }, style: style)
                    shaping = nil
                }
            }
            let (result, made) = lay(pipeline, category, fonts, items, shaping, &scratch)
            if let made {
                shaping = made
                let entry = ItemizationCache.Entry(faces: faces, runs: text.runs, style: style, items: items, shaping: made)
                analysis.itemizations.withLock { $0.remember(entry) }
            }
            // Moved on, not copied: a layout's copy counts five references again.
            deliver(result)
        }
    }
}

/// A text's min-content and max-content widths, in points, as CSS sizing names them.
public struct IntrinsicWidths: Sendable, Hashable {
    /// The widest piece that line breaking never splits (a word with what binds to it): the
    /// narrowest width at which the text wraps without breaking a word.
    public let minContent: Double
    /// The width of the text unwrapped: its widest paragraph.
    public let maxContent: Double

    /// Intrinsic widths from their values.
    public init(minContent: Double, maxContent: Double) {
        self.minContent = minContent
        self.maxContent = maxContent
    }
}
