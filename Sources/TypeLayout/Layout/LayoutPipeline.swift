/// Buffers the categories of one sweep take turns with: each category's prefix sums, line
/// spans, composed lines and measured items are used only while it is laid out, so they are reused rather than
/// allocated anew. A value the caller lends `inout`, swapped in and out: as a class whose arrays
/// are read and written back, it would retain and release each per category.
struct LayoutScratch {
    var prefix: [Double] = []
    var spans: [LineSpan] = []
    var composed: [ComposedLine] = []
    /// The measured items of a category's text; a layout keeps its own (its glyph placement
    /// holds them), a measurement hands them back.
    var measuredItems: [MeasuredItem] = []
    /// ``LineBreaker/visibleBreakEnds``, for the sweep's one text.
    var visibleBreakEnds: [Int]?
    /// How many categories take turns with the buffers.
    let categoryCount: Int

    init(categoryCount: Int) { self.categoryCount = categoryCount }
}

/// One text's layout at a category, as a chain of stage values:
/// shaped text (``TextShaping``, shared by categories whose items keep their faces) →
/// measured text at the category's sizes (``MeasuredText``) → lines at the width
/// (``LineBreaker``) → composed lines, hyphens and truncation (``Truncation``) → line boxes
/// and alignment (``LineBoxes``) → glyph placement when first read (``GlyphPlacement``).
///
/// It holds what every category of one layout call shares; what differs per category (its
/// fonts, items and shaping) is passed to ``layout(category:fonts:items:shaping:scratch:)``.
struct LayoutPipeline {
    let analysis: TextAnalysis
    /// The text as given (its fonts unresolved: sizes and faces come from each category's fonts).
    let text: AttributedText
    let style: ParagraphStyle
    let shaper: Shaper
    /// Whether to measure the widest piece between break opportunities (a min-content width).
    let measuresWidestPiece: Bool

    /// The layout at `category` with each run's face and size in `fonts`; `items` are the
    /// text's items (``Itemizer``: ranges, runs and faces; their fonts' sizes may be another
    /// category's), `shaping` their shaping when a category with the same faces worked it out.
    /// Returns the items' shaping when it was worked out here (`nil` when it was given: handing
    /// it back would retain it again). `scratch` lends working buffers for a sweep's categories.
    func layout(
        category: ContentSizeCategory, fonts: RunFonts, items: [TextItem], shaping given: TextShaping?,
        scratch: inout LayoutScratch
    ) -> (layout: TextLayout, shaping: TextShaping?, widestPiece: Double) {
        // Like UILabel, empty text has no lines and no size.
        if analysis.utf16.isEmpty {
            return (TextLayout(category: category, string: "", source: text, fonts: fonts, lines: [], placement: GlyphPlacement.empty,
                               size: LayoutSize(width: 0, height: 0), width: style.width, isTruncated: false,
                               hasBrokenWord: false), nil, 0)
        }
        return compose(fonts: fonts, items: items, shaping: given, scratch: &scratch) { composition in
            let (lines, size) = LineBoxes.lines(
                composition.lines, measured: composition.measured, inserted: composition.inserted, fonts: fonts,
                glyphsBefore: composition.lineShaping.glyphsBefore, truncated: composition.isTruncated,
                analysis: analysis, style: style)
            let placement = GlyphPlacement(analysis: analysis, items: composition.measured.items, inserted: composition.inserted,
                                           lines: lines)
            return TextLayout(
                category: category, string: analysis.string, source: text, fonts: fonts, lines: lines, placement: placement,
                size: size, width: style.width, isTruncated: composition.isTruncated,
                hasBrokenWord: composition.lines.contains { $0.span.brokenWord })
        }
    }

    /// What ``layout(category:fonts:items:shaping:scratch:)`` measures, without the lines and
    /// glyph placement a layout keeps, and with what the text needs without a line limit.
    func measurement(
        category: ContentSizeCategory, fonts: RunFonts, items: [TextItem], shaping given: TextShaping?,
        scratch: inout LayoutScratch
    ) -> (measurement: LayoutMeasurement, shaping: TextShaping?) {
        let pointSize = fonts.firstPointSize
        if analysis.utf16.isEmpty {
            return (LayoutMeasurement(category: category, pointSize: pointSize, size: LayoutSize(width: 0, height: 0),
                                      lineCount: 0, isTruncated: false, hasBrokenWord: false, unlimitedLineCount: 0,
                                      unlimitedHasBrokenWord: false), nil)
        }
        let (measurement, shaping, _) = compose(fonts: fonts, items: items, shaping: given, scratch: &scratch) { composition in
            LayoutMeasurement(
                category: category, pointSize: pointSize,
                size: LineBoxes.size(composition.lines, measured: composition.measured, inserted: composition.inserted,
                                     fonts: fonts, analysis: analysis, style: style),
                lineCount: composition.lines.count, isTruncated: composition.isTruncated,
                hasBrokenWord: composition.lines.contains { $0.span.brokenWord },
                unlimitedLineCount: composition.spans.count, unlimitedHasBrokenWord: composition.spans.contains { $0.brokenWord })
        }
        return (measurement, shaping)
    }

    /// A text's lines at a category, up to the line boxes: what `finish` makes a layout or a
    /// measurement of.
    struct Composition {
        /// Every line the breaker chose, past any line limit.
        let spans: [LineSpan]
        /// The lines shown, hyphens and truncation applied.
        let lines: [ComposedLine]
        let isTruncated: Bool
        let measured: MeasuredText
        let inserted: [InsertedGlyphs]
        /// The items' shaping, reshaped where the shown lines break at unsafe offsets.
        let lineShaping: TextShaping
    }

    /// Measures, breaks, reshapes at unsafe breaks and truncates (non-empty text), then hands
    /// the lines to `finish` while the sweep's buffers are lent to them.
    @inline(__always)
    private func compose<Result>(
        fonts: RunFonts, items: [TextItem], shaping given: TextShaping?, scratch: inout LayoutScratch,
        finish: (Composition) -> Result
    ) -> (Result, TextShaping?, Double) {
        let computed = given == nil ? shape(items) : nil
        let shaping = given ?? computed!
        var prefix: [Double] = [], spans: [LineSpan] = [], composed: [ComposedLine] = []
        var measuredItems: [MeasuredItem] = []
        swap(&prefix, &scratch.prefix)
        swap(&spans, &scratch.spans)
        swap(&composed, &scratch.composed)
        swap(&measuredItems, &scratch.measuredItems)
        // Handed back once the breaker, which holds `prefix`, is gone, so the next category
        // finds them unshared.
        defer {
            swap(&prefix, &scratch.prefix)
            swap(&spans, &scratch.spans)
            swap(&composed, &scratch.composed)
            swap(&measuredItems, &scratch.measuredItems)
        }
        spans.removeAll(keepingCapacity: true)
        composed.removeAll(keepingCapacity: true)
        var measured = measure(items, shaping: shaping, fonts: fonts, into: &prefix, reusing: &measuredItems)
        // Where each soft break's text ends without hanging spaces, tabled once for a sweep.
        var visibleBreakEnds: [Int] = []
        if scratch.categoryCount > 1 {
            if scratch.visibleBreakEnds == nil { scratch.visibleBreakEnds = LineBreaker.visibleBreakEnds(of: analysis) }
            visibleBreakEnds = scratch.visibleBreakEnds!
        }
        var marks = InsertedMarks(measured: measured, fonts: fonts, text: text, analysis: analysis, shaper: shaper)
        var breaker = lineBreaker(marks, prefix: prefix, visibleBreakEnds: visibleBreakEnds)
        let widestPiece = measuresWidestPiece
            ? analysis.paragraphs.reduce(0) { max($0, breaker.widestPiece(of: $1.range)) } : 0
        let spanParagraphs = breaker.lines(ofParagraphs: analysis.paragraphs, maxWidth: style.width, into: &spans)
        // Lines shaped where they break: the lines shown keep their breaks, measured anew.
        var lineShaping = shaping
        let shown = style.numberOfLines > 0 ? min(spans.count, style.numberOfLines) : spans.count
        let unsafe = BreakReshaping.unsafeBreaks(in: spans[..<shown], items: items, shaping: shaping)
        if !unsafe.isEmpty {
            let pieces = BreakReshaping.split(items, at: unsafe)
            lineShaping = shape(pieces)
            measured = measure(pieces, shaping: lineShaping, fonts: fonts, into: &prefix, reusing: &measuredItems)
            marks = InsertedMarks(measured: measured, fonts: fonts, text: text, analysis: analysis, shaper: shaper)
            breaker = lineBreaker(marks, prefix: prefix, visibleBreakEnds: visibleBreakEnds)
        }
        var inserted: [InsertedGlyphs] = []
        let truncated = Truncation.compose(spans, spanParagraphs: spanParagraphs, breaker: breaker, marks: marks,
                                           style: style, inserted: &inserted, into: &composed)
        let result = finish(Composition(spans: spans, lines: composed, isTruncated: truncated, measured: measured,
                                        inserted: inserted, lineShaping: lineShaping))
        return (result, computed, widestPiece)
    }

    /// Measures items at the fonts' sizes into `prefix`, zeroed first and made prefix sums of
    /// each code unit's advances (each entry the sum before it plus its advance, left to right,
    /// so that widths are the same however a text is measured).
    private func measure(
        _ items: [TextItem], shaping: TextShaping, fonts: RunFonts, into prefix: inout [Double],
        reusing measuredItems: inout [MeasuredItem]
    ) -> MeasuredText {
        // Zeroed in place: appending a repeated zero went element by element.
        if prefix.count != analysis.utf16.count + 1 {
            prefix = [Double](repeating: 0, count: analysis.utf16.count + 1)
        } else {
            prefix.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        let measured = MeasuredText(measuring: items, shaping: shaping, fonts: fonts, of: text, into: &prefix,
                                    reusing: &measuredItems)
        prefix.withUnsafeMutableBufferPointer { prefix in
            var sum = prefix[0]
            for index in 1..<prefix.count {
                sum += prefix[index]
                prefix[index] = sum
            }
        }
        return measured
    }

    /// The items shaped with their runs' features and languages.
    private func shape(_ items: [TextItem]) -> TextShaping {
        TextShaping(shaping: items, of: text, analysis: analysis, locale: style.locale, shaper: shaper)
    }

    /// The breaker over measured text. The hyphen's width is only asked for at soft hyphens;
    /// without any, a closure that captures nothing.
    private func lineBreaker(_ marks: InsertedMarks, prefix: [Double], visibleBreakEnds: [Int]) -> LineBreaker {
        analysis.hasSoftHyphen
            ? LineBreaker(analysis: analysis, prefix: prefix, visibleBreakEnds: visibleBreakEnds) { offset in
                marks.hyphen(at: offset).width
            }
            : LineBreaker(analysis: analysis, prefix: prefix, visibleBreakEnds: visibleBreakEnds) { _ in 0 }
    }
}
