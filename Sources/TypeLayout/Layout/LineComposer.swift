/// An item's glyphs as shaped, clusters made absolute. Shaping is in font units, so this is the
/// same at every category whose items keep their faces: a sweep shapes (and looks up the
/// shaping cache) once, and each category only scales the advances.
struct ItemShaping: Sendable {
    let glyphs: [ShapedGlyph]
    /// Whether the glyphs' clusters never decrease, or never increase, in glyph order (as
    /// HarfBuzz's monotone cluster levels give them), so that placement can find a line's
    /// glyphs by binary search instead of scanning the whole item for every line.
    let clustersAscend: Bool
    let clustersDescend: Bool

    init(glyphs: [ShapedGlyph]) {
        self.glyphs = glyphs
        // Plain loops: zip over the array and its slice took 80 instructions a glyph.
        var ascend = true, descend = true
        for index in glyphs.indices.dropFirst() {
            let previous = glyphs[index - 1].cluster, cluster = glyphs[index].cluster
            if previous > cluster { ascend = false }
            if previous < cluster { descend = false }
        }
        clustersAscend = ascend
        clustersDescend = descend
    }
}

/// The shaping of all of a text's items, shared like ``ItemShaping`` by the categories whose
/// items keep their faces.
struct TextShaping: Sendable {
    let items: [ItemShaping]
    /// For each UTF-16 offset (and the text's end), how many glyphs of all the items have
    /// clusters before it: a line's glyph count is a difference of two entries, without placing
    /// its glyphs.
    let glyphsBefore: [Int]

    init(items: [ItemShaping], utf16Count: Int) {
        self.items = items
        glyphsBefore = [Int](unsafeUninitializedCapacity: utf16Count + 1) { counts, initialized in
            counts.initialize(repeating: 0)
            for item in items {
                item.glyphs.withUnsafeBufferPointer { glyphs in
                    for glyph in glyphs {
                        // One unsigned comparison: a cluster below 0 wraps past the end.
                        precondition(UInt(bitPattern: glyph.cluster) < UInt(utf16Count), "cluster outside the text")
                        counts[glyph.cluster + 1] += 1
                    }
                }
            }
            for index in counts.indices.dropFirst() { counts[index] += counts[index - 1] }
            initialized = utf16Count + 1
        }
    }
}

/// An item's shaped glyphs with their absolute clusters, at a size.
struct MeasuredItem: Sendable {
    /// The item's text.
    let range: Range<Int>
    /// Its attribute run.
    let runIndex: Int
    /// The face its glyphs come from (a fallback face, maybe) and their size: just these, not
    /// the item's ``Font``, whose copies (and releases) were a tenth of a sweep's work.
    let face: FontFace
    let pointSize: Double
    /// The vertical metrics a line with this item counts: its face's at its size, then its
    /// run's font's (so a line set entirely in a fallback face is never shorter than the
    /// label's font asks for). Worked out once per item rather than for every line it is on.
    let lineMetrics: (item: FaceMetrics, run: FaceMetrics)
    let glyphs: [ShapedGlyph]
    /// Points per font unit at the item's size.
    let scale: Double
    /// Points added after each cluster (on its first glyph in glyph order).
    let tracking: Double
    let color: Color
    /// See ``ItemShaping``.
    let clustersAscend: Bool
    let clustersDescend: Bool
    /// Whether the item was shaped right to left.
    let isRightToLeft: Bool

    init(range: Range<Int>, runIndex: Int, face: FontFace, pointSize: Double, runMetrics: FaceMetrics? = nil,
         shaping: ItemShaping, tracking: Double, color: Color, isRightToLeft: Bool = false) {
        let itemMetrics = FaceMetrics(face: face, pointSize: pointSize)
        lineMetrics = (itemMetrics, runMetrics ?? itemMetrics)
        self.range = range
        self.runIndex = runIndex
        self.face = face
        self.pointSize = pointSize
        // Points per font unit.
        scale = pointSize / face.unitsPerEm
        glyphs = shaping.glyphs
        self.tracking = tracking
        self.color = color
        clustersAscend = shaping.clustersAscend
        clustersDescend = shaping.clustersDescend
        self.isRightToLeft = isRightToLeft
    }

    /// Glyph `index`'s advance in points, tracking included on one glyph per cluster: the same
    /// arithmetic for measuring and placing, so that lines are drawn as wide as they were
    /// measured. Worked out where needed rather than kept: an array of them per item was an
    /// allocation per category, and placement is often never asked for.
    @inline(__always)
    static func advance(_ glyphs: UnsafeBufferPointer<ShapedGlyph>, _ index: Int, scale: Double, tracking: Double) -> Double {
        let width = Double(glyphs[index].xAdvance) * scale
        return index == 0 || glyphs[index - 1].cluster != glyphs[index].cluster ? width + tracking : width
    }
}

/// Glyphs that are not in the text: an ellipsis or a soft hyphen's hyphen.
struct InsertedGlyphs: Sendable {
    let item: MeasuredItem
    let text: String
    var width: Double {
        item.glyphs.withUnsafeBufferPointer { glyphs in
            glyphs.indices.reduce(0) { $0 + MeasuredItem.advance(glyphs, $1, scale: item.scale, tracking: item.tracking) }
        }
    }
}

/// A layout's faces, each once in the order glyphs first use them, so that each glyph stores an
/// index rather than a reference to count.
struct FaceTable {
    private(set) var faces: [FontFace] = []
    /// Each measured item's index in `faces`, once known (-1 before).
    private var itemSlots: [Int]

    init(itemCount: Int) { itemSlots = [Int](repeating: -1, count: itemCount) }

    /// The index of `face`, added if new; `item` (the measured item's index, `nil` for an
    /// ellipsis or hyphen) remembers it for that item's next line.
    mutating func index(of face: FontFace, item: Int?) -> Int {
        if let item, itemSlots[item] >= 0 { return itemSlots[item] }
        var index = faces.firstIndex { $0 === face } ?? -1
        if index < 0 {
            index = faces.count
            faces.append(face)
        }
        if let item { itemSlots[item] = index }
        return index
    }
}

/// A piece of a line, in logical order: text, or inserted glyphs by their index in the
/// layout's list of them (a plain value, so lines are copied and iterated without reference
/// counting).
enum LineSegment: Sendable {
    case text(Range<Int>)
    case inserted(Int)
}

/// A line's pieces, in logical order: at most three (a middle-truncated line), kept inline
/// rather than in an array per line.
struct LineSegments: RandomAccessCollection, Sendable {
    private var storage: (LineSegment, LineSegment, LineSegment) = (.inserted(0), .inserted(0), .inserted(0))
    private(set) var endIndex = 0
    var startIndex: Int { 0 }

    init(_ segments: LineSegment...) {
        for segment in segments { append(segment) }
    }

    mutating func append(_ segment: LineSegment) {
        switch endIndex {
        case 0: storage.0 = segment
        case 1: storage.1 = segment
        case 2: storage.2 = segment
        default: preconditionFailure("a line has at most three segments")
        }
        endIndex += 1
    }

    subscript(position: Int) -> LineSegment {
        precondition(position >= 0 && position < endIndex, "segment index out of range")
        switch position {
        case 0: return storage.0
        case 1: return storage.1
        default: return storage.2
        }
    }
}

/// A line chosen by the breaker, with its pieces and width, before placement.
struct ComposedLine {
    let span: LineSpan
    let paragraph: Int
    let segments: LineSegments
    let width: Double
    let justify: Bool
}

/// Buffers the categories of one sweep take turns with: each category's prefix sums, line
/// spans and composed lines are used only while it is laid out, and allocating them anew was a
/// tenth of a category's work. A value the caller lends `inout`, swapped in and out: as a class
/// whose arrays were read and written back, it retained and released each per category.
struct LayoutScratch {
    fileprivate var prefix: [Double] = []
    fileprivate var spans: [LineSpan] = []
    fileprivate var composed: [ComposedLine] = []
    /// ``LineBreaker/visibleBreakEnds``, for the sweep's one text.
    fileprivate var visibleBreakEnds: [Int]?
    /// How many categories take turns with the buffers.
    let categoryCount: Int

    init(categoryCount: Int) { self.categoryCount = categoryCount }
}

/// Does the per-category work of a layout: shaping its items (cached), measuring, breaking,
/// truncating, aligning and placing glyphs. One serves all the categories of a sweep, each
/// category setting its text, category and (when its faces change) items: making one per
/// category retained and released each of its references per category.
struct LineComposer {
    let analysis: TextAnalysis
    /// The text as given (its fonts unresolved: sizes and faces come from `fonts`).
    let text: AttributedText
    /// Each run's face and size at this category.
    var fonts: RunFonts
    let style: ParagraphStyle
    let shaper: Shaper
    var category: ContentSizeCategory
    /// The text's items (``Itemizer``): their ranges, runs and faces. Their fonts' sizes may be
    /// another category's (they are reused between categories and layouts); sizes come from
    /// `text`'s runs.
    var itemized: [TextItem]
    /// Those items' shaping, when the caller has it from a category with the same faces.
    var shaping: TextShaping? = nil
    /// Whether to measure the widest piece between break opportunities (a min-content width).
    var measuresWidestPiece = false

    /// The layout, and the items' shaping for the next category with the same faces when it was
    /// worked out here (`nil` when `shaping` was given: handing it back retained it again).
    /// `scratch` lends working buffers for the categories of one sweep.
    func layout(scratch: inout LayoutScratch) -> (layout: TextLayout, shaping: TextShaping?, widestPiece: Double) {
        // Like UILabel, empty text has no lines and no size.
        if analysis.utf16.isEmpty {
            return (TextLayout(category: category, string: "", source: text, fonts: fonts, lines: [], placement: GlyphPlacement.empty,
                               size: LayoutSize(width: 0, height: 0), width: style.width, isTruncated: false,
                               hasBrokenWord: false), nil, 0)
        }
        let textItems = itemized
        let computed = self.shaping == nil ? TextShaping(items: textItems.map(shape), utf16Count: analysis.utf16.count) : nil
        let shaping = self.shaping ?? computed!
        let shapings = shaping.items
        // Each glyph's advance at this size, summed per code unit (in item then glyph order)
        // into prefix[unit + 1], then made prefix sums (advance + sum before: the same sums).
        var prefix: [Double] = [], spans: [LineSpan] = [], composed: [ComposedLine] = []
        swap(&prefix, &scratch.prefix)
        swap(&spans, &scratch.spans)
        swap(&composed, &scratch.composed)
        // Handed back once the breaker, which holds `prefix`, is gone, so the next category
        // finds them unshared.
        defer {
            swap(&prefix, &scratch.prefix)
            swap(&spans, &scratch.spans)
            swap(&composed, &scratch.composed)
        }
        // Zeroed in place: appending a repeated zero went element by element.
        if prefix.count != analysis.utf16.count + 1 {
            prefix = [Double](repeating: 0, count: analysis.utf16.count + 1)
        } else {
            prefix.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        }
        spans.removeAll(keepingCapacity: true)
        composed.removeAll(keepingCapacity: true)
        var items: [MeasuredItem] = []
        items.reserveCapacity(textItems.count)
        // By index: zip copied each item (its font's references and script) and its shaping.
        for index in textItems.indices { items.append(measure(textItems, index, shapings[index], into: &prefix)) }
        prefix.withUnsafeMutableBufferPointer { prefix in
            // A running sum: the same additions (sum before + advance) without reloading.
            var sum = prefix[0]
            for index in 1..<prefix.count {
                sum += prefix[index]
                prefix[index] = sum
            }
        }

        // The hyphen's width is only asked for at soft hyphens; without any, a closure that
        // captures nothing saves copying the composer into a new context for every category.
        // Tabled once for the categories of a sweep.
        var visibleBreakEnds: [Int] = []
        if scratch.categoryCount > 1 {
            if scratch.visibleBreakEnds == nil { scratch.visibleBreakEnds = LineBreaker.visibleBreakEnds(of: analysis) }
            visibleBreakEnds = scratch.visibleBreakEnds!
        }
        let breaker = analysis.hasSoftHyphen
            ? LineBreaker(analysis: analysis, prefix: prefix, visibleBreakEnds: visibleBreakEnds) { offset in
                hyphen(at: offset, items: items).width
            }
            : LineBreaker(analysis: analysis, prefix: prefix, visibleBreakEnds: visibleBreakEnds) { _ in 0 }
        let widestPiece = measuresWidestPiece
            ? analysis.paragraphs.reduce(0) { max($0, breaker.widestPiece(of: $1.range)) } : 0
        // Each span's paragraph, kept only when there are several.
        var spanParagraphs: [Int] = []
        for (index, paragraph) in analysis.paragraphs.enumerated() {
            breaker.lines(of: paragraph.range, maxWidth: style.width, into: &spans)
            if analysis.paragraphs.count > 1 { spanParagraphs += repeatElement(index, count: spans.count - spanParagraphs.count) }
        }

        // Truncation: keep numberOfLines lines; the last one stands for the rest.
        var inserted: [InsertedGlyphs] = []
        var truncated = false
        composed.reserveGrowing(spans.count)
        let limit = style.numberOfLines
        for (index, span) in spans.enumerated() {
            let paragraph = spanParagraphs.isEmpty ? 0 : spanParagraphs[index]
            if limit > 0 && index == limit - 1 && spans.count > limit {
                truncated = true
                let (segments, width) = truncatedLine(span, paragraph: paragraph, items: items,
                                                      breaker: breaker, inserted: &inserted)
                composed.append(ComposedLine(span: span, paragraph: paragraph, segments: segments, width: width, justify: false))
                break
            }
            var segments = LineSegments(.text(span.range.lowerBound..<span.visibleEnd))
            let width: Double
            if span.hyphenated {
                // The hyphen is shaped once, for its glyphs and its width (the breaker's width
                // would shape it again).
                let hyphen = hyphen(at: span.visibleEnd - 1, items: items)
                segments.append(.inserted(inserted.count))
                inserted.append(hyphen)
                width = prefix[span.visibleEnd] - prefix[span.range.lowerBound] + hyphen.width
            } else {
                width = breaker.width(span.range, paragraphEnd: analysis.paragraphs[paragraph].range.upperBound)
            }
            composed.append(ComposedLine(span: span, paragraph: paragraph, segments: segments, width: width,
                                         justify: !span.endsParagraph))
        }

        // Vertical metrics and alignment; glyphs are counted per line here and placed when
        // first read (GlyphPlacement).
        let boxWidth = style.width ?? composed.map(\.width).max() ?? 0
        var lines: [LayoutLine] = []
        lines.reserveCapacity(composed.count)
        var top = 0.0
        var glyphCount = 0
        let paragraphs = analysis.paragraphs
        items.withUnsafeBufferPointer { items in
            for (index, info) in composed.enumerated() {
                // The paragraph's fields read in place: binding the paragraph retained and
                // released it for every line.
                let paragraphRange = paragraphs[info.paragraph].range
                let rtl = paragraphs[info.paragraph].bidi.isRightToLeft
                let segments = info.segments
                let metrics = verticalMetrics(segments, items: items, inserted: inserted, at: info.span.range.lowerBound)
                var height = metrics.ascent + metrics.descent + metrics.leading
                if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
                let baseline = top + height - metrics.descent - metrics.leading

                var extraPerSpace = 0.0
                var spaces = 0
                if style.alignment == .justified && info.justify {
                    spaces = segments.reduce(0) { count, segment in
                        guard case let .text(range) = segment else { return count }
                        return count + analysis.utf16[range].filter { $0 == 0x20 }.count
                    }
                    extraPerSpace = LineAlignment.extraPerSpace(lineWidth: info.width, boxWidth: boxWidth, spaces: spaces)
                }
                let x = extraPerSpace > 0 ? 0 : LineAlignment.offset(
                    lineWidth: info.width, boxWidth: boxWidth, alignment: style.alignment, rightToLeft: rtl)
                let firstGlyph = glyphCount
                glyphCount += Self.glyphCount(segments, paragraph: paragraphRange.lowerBound..<(paragraphRange.lowerBound
                    + paragraphs[info.paragraph].bidi.utf16Count), glyphsBefore: shaping.glyphsBefore, inserted: inserted)
                let range = info.span.range.lowerBound..<(truncated && index == composed.count - 1
                    ? paragraphRange.upperBound : info.span.range.upperBound)
                lines.append(LayoutLine(
                    shown: shownText(segments, inserted: inserted), utf16Range: range,
                    characterRange: characterIndex(range.lowerBound)..<characterIndex(range.upperBound),
                    width: info.width + extraPerSpace * Double(spaces), x: x,
                    ascent: metrics.ascent, descent: metrics.descent, baseline: baseline,
                    glyphRange: firstGlyph..<glyphCount, isRightToLeft: rtl,
                    placement: LinePlacement(segments: segments, paragraph: info.paragraph, extraPerSpace: extraPerSpace)))
                top += height
                if index < composed.count - 1 { top += style.lineSpacing }
            }
        }
        // The widest line (as `max()` picks it: the first of equals), without an array of widths.
        var usedWidth = lines.first?.width ?? 0
        for line in lines.dropFirst() where usedWidth < line.width { usedWidth = line.width }
        let placement = GlyphPlacement(analysis: analysis, items: items, inserted: inserted, lines: lines)
        return (TextLayout(
            category: category, string: analysis.string, source: text, fonts: fonts, lines: lines, placement: placement,
            size: LayoutSize(width: usedWidth, height: top), width: style.width, isTruncated: truncated,
            hasBrokenWord: composed.contains { $0.span.brokenWord }), computed, widestPiece)
    }

    // MARK: Shaping and measuring

    private func shape(_ item: TextItem) -> ItemShaping {
        var features = text.runs[item.runIndex].attributes.features
        if !text.runs[item.runIndex].attributes.kerning { features.append(FontFeature("kern", 0)) }
        let language = text.runs[item.runIndex].attributes.language ?? style.locale
        let shaped = shaper.shape(
            analysis.utf16, range: item.range, face: item.font.face, rightToLeft: item.isRightToLeft,
            script: item.script, language: language, features: features)
        var glyphs = shaped.glyphs
        for index in glyphs.indices { glyphs[index].cluster += item.range.lowerBound }
        return ItemShaping(glyphs: glyphs)
    }

    /// The item at its size, each glyph's advance added to its cluster's entry in `advance`
    /// (offset by one: `advance[cluster + 1]`, ready for prefix sums).
    private func measure(
        _ textItems: [TextItem], _ itemIndex: Int, _ shaping: ItemShaping, into advance: inout [Double]
    ) -> MeasuredItem {
        // Fields read one by one: copying the item or the run's attributes retained each of
        // their references.
        let runIndex = textItems[itemIndex].runIndex
        let tracking = text.runs[runIndex].attributes.tracking
        // The run's size: the item's font may be another category's (TextLayoutEngine reuses
        // items between categories whose faces are the same).
        let measured = MeasuredItem(range: textItems[itemIndex].range, runIndex: runIndex, face: textItems[itemIndex].font.face,
                                    pointSize: fonts.pointSize(runIndex), runMetrics: fonts.metrics(runIndex),
                                    shaping: shaping, tracking: tracking,
                                    color: text.runs[runIndex].attributes.foregroundColor,
                                    isRightToLeft: textItems[itemIndex].isRightToLeft)
        let scale = measured.scale
        shaping.glyphs.withUnsafeBufferPointer { glyphs in
            advance.withUnsafeMutableBufferPointer { advance in
                // One unsigned comparison: a cluster below 0 wraps past the end.
                let clusterLimit = UInt(advance.count - 1)
                for index in glyphs.indices {
                    let cluster = glyphs[index].cluster
                    precondition(UInt(bitPattern: cluster) < clusterLimit, "cluster outside the text")
                    advance[cluster + 1] += MeasuredItem.advance(glyphs, index, scale: scale, tracking: tracking)
                }
            }
        }
        return measured
    }

    /// The item containing an offset (or the nearest before it).
    static func itemIndex<Items: RandomAccessCollection<MeasuredItem>>(at offset: Int, in items: Items) -> Int?
        where Items.Index == Int
    {
        guard !items.isEmpty else { return nil }
        var low = 0, high = items.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if items[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Glyphs for inserted text (an ellipsis, a hyphen) in the face of the item at `offset`.
    private func inserted(_ string: String, fallback: String, at offset: Int, cluster: Int, items: [MeasuredItem]) -> InsertedGlyphs {
        // The item at the offset gives the face (a fallback face included) and the colour.
        let neighbour = Self.itemIndex(at: offset, in: items).map { items[$0] }
        let runIndex = neighbour?.runIndex ?? analysis.runIndex(at: min(offset, max(0, analysis.utf16.count - 1)))
        let color = text.runs[runIndex].attributes.foregroundColor
        let face = neighbour?.face ?? fonts.face(runIndex)
        let pointSize = neighbour?.pointSize ?? fonts.pointSize(runIndex)
        var chosen = string
        if !string.unicodeScalars.allSatisfy(face.hasGlyph(for:)) { chosen = fallback }
        let utf16 = Array(chosen.utf16)
        let shaped = shaper.shape(utf16, range: 0..<utf16.count, face: face, rightToLeft: false,
                                  script: "Zyyy", language: nil, features: [])
        let glyphs = shaped.glyphs.map { glyph -> ShapedGlyph in
            var glyph = glyph
            glyph.cluster = cluster
            return glyph
        }
        let item = MeasuredItem(range: cluster..<cluster, runIndex: runIndex, face: face, pointSize: pointSize,
                                shaping: ItemShaping(glyphs: glyphs), tracking: 0, color: color)
        return InsertedGlyphs(item: item, text: chosen)
    }

    private func hyphen(at offset: Int, items: [MeasuredItem]) -> InsertedGlyphs {
        inserted("-", fallback: "-", at: offset, cluster: offset, items: items)
    }

    private func ellipsis(at offset: Int, cluster: Int, items: [MeasuredItem]) -> InsertedGlyphs {
        inserted("\u{2026}", fallback: "...", at: offset, cluster: cluster, items: items)
    }

    // MARK: Truncation

    /// The last visible line of a truncated label: the rest of its paragraph, cut to fit with
    /// an ellipsis (tail, head, middle) or just as wrapped (clip).
    private func truncatedLine(
        _ span: LineSpan, paragraph: Int, items: [MeasuredItem], breaker: LineBreaker, inserted: inout [InsertedGlyphs]
    ) -> (LineSegments, Double) {
        let paragraphRange = analysis.paragraphs[paragraph].range
        let width = style.width ?? .infinity
        let rest = span.range.lowerBound..<breaker.visibleEnd(span.range.lowerBound..<paragraphRange.upperBound)
        let prefix = breaker.prefix
        func measure(_ range: Range<Int>) -> Double { prefix[range.upperBound] - prefix[range.lowerBound] }
        switch style.truncation {
        case .clip:
            let segments = LineSegments(.text(span.range.lowerBound..<span.visibleEnd))
            return (segments, breaker.width(span.range.lowerBound..<span.visibleEnd, paragraphEnd: paragraphRange.upperBound))
        case .tail:
            let boundaries = graphemeBoundaries(in: rest)
            let mark = ellipsis(at: max(rest.lowerBound, rest.upperBound - 1), cluster: rest.upperBound, items: items)
            var end = rest.lowerBound
            for boundary in boundaries where measure(rest.lowerBound..<boundary) + mark.width <= width + 1e-9 { end = boundary }
            end = breaker.visibleEnd(rest.lowerBound..<end)
            inserted.append(mark)
            return (LineSegments(.text(rest.lowerBound..<end), .inserted(inserted.count - 1)), measure(rest.lowerBound..<end) + mark.width)
        case .head:
            let boundaries = graphemeBoundaries(in: rest)
            let mark = ellipsis(at: rest.lowerBound, cluster: rest.lowerBound, items: items)
            var start = rest.upperBound
            for boundary in boundaries.reversed() where measure(boundary..<rest.upperBound) + mark.width <= width + 1e-9 { start = boundary }
            while start < rest.upperBound && LineBreaker.isHangingSpace(analysis.utf16[start]) { start += 1 }
            inserted.append(mark)
            return (LineSegments(.inserted(inserted.count - 1), .text(start..<rest.upperBound)), measure(start..<rest.upperBound) + mark.width)
        case .middle:
            let boundaries = graphemeBoundaries(in: rest)
            let mark = ellipsis(at: rest.lowerBound, cluster: rest.lowerBound, items: items)
            let budget = width - mark.width
            var head = rest.lowerBound
            for boundary in boundaries where measure(rest.lowerBound..<boundary) <= budget / 2 + 1e-9 { head = boundary }
            let headWidth = measure(rest.lowerBound..<head)
            var tail = rest.upperBound
            for boundary in boundaries.reversed() where boundary >= head && measure(boundary..<rest.upperBound) <= budget - headWidth + 1e-9 {
                tail = boundary
            }
            inserted.append(mark)
            return (LineSegments(.text(rest.lowerBound..<head), .inserted(inserted.count - 1), .text(tail..<rest.upperBound)),
                    headWidth + mark.width + measure(tail..<rest.upperBound))
        }
    }

    private func graphemeBoundaries(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [range.lowerBound] }
        let first = Int(analysis.graphemeIndex[range.lowerBound])
        var result: [Int] = []
        var index = first
        while index < analysis.graphemeStarts.count && analysis.graphemeStarts[index] <= range.upperBound {
            result.append(analysis.graphemeStarts[index])
            index += 1
        }
        return result
    }

    // MARK: Placement

    private func verticalMetrics(_ segments: LineSegments, items: UnsafeBufferPointer<MeasuredItem>, inserted: [InsertedGlyphs], at offset: Int)
        -> (ascent: Double, descent: Double, leading: Double)
    {
        // The largest of each metric over the line's fonts, in the same order as ever, taken
        // as the fonts come (no array of fonts per line).
        var ascent = 0.0, descent = 0.0, leading = 0.0, counted = false
        func count(_ metrics: FaceMetrics) {
            ascent = max(ascent, metrics.ascender)
            descent = max(descent, -metrics.descender)
            leading = max(leading, metrics.leading)
            counted = true
        }
        for segment in segments {
            switch segment {
            case let .text(range):
                guard !range.isEmpty, var index = Self.itemIndex(at: range.lowerBound, in: items) else { continue }
                while index < items.count && items[index].range.lowerBound < range.upperBound {
                    if items[index].range.overlaps(range) {
                        count(items[index].lineMetrics.item)
                        count(items[index].lineMetrics.run)
                    }
                    index += 1
                }
            case let .inserted(index):
                count(inserted[index].item.lineMetrics.item)
            }
        }
        // An empty line takes the height of the font at its position.
        if !counted { count(fonts.metrics(analysis.runIndex(at: offset))) }
        return (ascent, descent, leading)
    }

    /// How many glyphs ``GlyphPlacer`` writes for a line, without placing them: each inserted
    /// mark's, and the glyphs whose clusters lie in the line's text. Placement takes them bidi
    /// run by run and item by item, but the runs divide the line (as far as the paragraph's
    /// levels reach) and each glyph's cluster lies in its item, so the count is the same.
    /// `paragraph`: the paragraph's text as far as its bidi levels reach.
    static func glyphCount(
        _ segments: LineSegments, paragraph: Range<Int>, glyphsBefore: [Int], inserted: [InsertedGlyphs]
    ) -> Int {
        var count = 0
        for segment in segments {
            switch segment {
            case let .inserted(index):
                count += inserted[index].item.glyphs.count
            case let .text(text):
                // Placement's runs stop where the paragraph's bidi levels do.
                let range = text.clamped(to: paragraph)
                count += glyphsBefore[range.upperBound] - glyphsBefore[range.lowerBound]
            }
        }
        return count
    }

    /// The glyphs of `measured` whose clusters can lie in `clusters`: exactly those when the
    /// clusters are monotone, else all of them (the caller filters either way).
    static func glyphIndices(of measured: MeasuredItem, clusters: Range<Int>) -> Range<Int> {
        let glyphs = measured.glyphs
        func firstIndex(where predicate: (Int) -> Bool) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let mid = (low + high) / 2
                if predicate(glyphs[mid].cluster) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        if measured.clustersAscend {
            return firstIndex { $0 >= clusters.lowerBound }..<firstIndex { $0 >= clusters.upperBound }
        }
        if measured.clustersDescend {
            return firstIndex { $0 < clusters.upperBound }..<firstIndex { $0 < clusters.lowerBound }
        }
        return glyphs.indices
    }

    private func shownText(_ segments: LineSegments, inserted: [InsertedGlyphs]) -> ShownText {
        if segments.count <= 2, case let .text(range) = segments[0] {
            if segments.count == 1 { return ShownText(utf16: analysis.utf16, range: range, suffix: "") }
            if case let .inserted(index) = segments[1] {
                return ShownText(utf16: analysis.utf16, range: range, suffix: inserted[index].text)
            }
        }
        return ShownText(utf16: analysis.utf16, pieces: segments.map { segment in
            switch segment {
            case let .text(range): .text(range)
            case let .inserted(index): .inserted(inserted[index].text)
            }
        })
    }

    private func characterIndex(_ offset: Int) -> Int {
        offset >= analysis.utf16.count ? analysis.graphemeStarts.count - 1 : Int(analysis.graphemeIndex[offset])
    }
}

/// Writes one line's glyphs, in visual order, into the layout's glyph buffer. A struct with
/// mutating methods: as nested functions sharing the pen and count, the line's state was boxed
/// on the heap for every line placed.
struct GlyphPlacer {
    let glyphs: UnsafeMutableBufferPointer<PositionedGlyph>
    /// Glyphs written so far.
    var count: Int
    var pen: Double
    let baseline: Double
    let extraPerSpace: Double
    let utf16: UnsafeBufferPointer<UInt16>

    mutating func place(
        _ segments: LineSegments, paragraph: TextAnalysis.Paragraph, items: UnsafeBufferPointer<MeasuredItem>,
        inserted: [InsertedGlyphs], faces: inout FaceTable
    ) {
        let rtl = paragraph.bidi.isRightToLeft
        for position in segments.indices {
            switch segments[rtl ? segments.count - 1 - position : position] {
            case let .inserted(index):
                withUnsafePointer(to: inserted[index].item) { measured in
                    emit(measured, item: nil, indices: measured.pointee.glyphs.indices, clusters: nil, faces: &faces)
                }
            case let .text(range):
                guard !range.isEmpty else { continue }
                let base = paragraph.range.lowerBound
                let line = (range.lowerBound - base)..<(range.upperBound - base)
                // Most labels: a left-to-right paragraph is one run per line, without asking.
                if paragraph.bidi.isUniformLeftToRight, line.upperBound <= paragraph.bidi.utf16Count {
                    emitRun(range, rightToLeft: false, items: items, faces: &faces)
                    continue
                }
                for run in paragraph.bidi.visualRuns(in: line) {
                    emitRun((run.utf16Range.lowerBound + base)..<(run.utf16Range.upperBound + base),
                            rightToLeft: run.isRightToLeft, items: items, faces: &faces)
                }
            }
        }
    }

    /// The items overlapping one bidi run, in the run's direction (read in place: copying a
    /// measured item retains each of its arrays and its font).
    private mutating func emitRun(
        _ runRange: Range<Int>, rightToLeft: Bool, items: UnsafeBufferPointer<MeasuredItem>, faces: inout FaceTable
    ) {
        guard let first = LineComposer.itemIndex(at: runRange.lowerBound, in: items) else { return }
        var end = first
        while end < items.count && items[end].range.lowerBound < runRange.upperBound { end += 1 }
        for step in 0..<(end - first) {
            let index = rightToLeft ? end - 1 - step : first + step
            guard items[index].range.overlaps(runRange) else { continue }
            emit(items.baseAddress! + index, item: index, indices: LineComposer.glyphIndices(of: items[index], clusters: runRange),
                 clusters: runRange, faces: &faces)
        }
    }

    /// Appends the glyphs `indices` of one measured item (`item`: its index, `nil` for inserted
    /// glyphs) whose clusters lie in `clusters` (all of them when `nil`), in glyph order: a
    /// plain loop over the item's buffers, which copies neither the item nor its glyphs. The
    /// face enters the table with the first glyph drawn from it.
    private mutating func emit(
        _ measured: UnsafePointer<MeasuredItem>, item: Int?, indices: Range<Int>, clusters: Range<Int>?, faces: inout FaceTable
    ) {
        guard !indices.isEmpty else { return }
        let size = measured.pointee.pointSize, scale = measured.pointee.scale, color = measured.pointee.color
        let tracking = measured.pointee.tracking
        // With monotone clusters, `indices` are exactly the glyphs in `clusters`
        // (glyphIndices), so only other items need each glyph checked.
        let filter = clusters != nil && !(measured.pointee.clustersAscend || measured.pointee.clustersDescend)
        let wanted = clusters ?? 0..<0
        var face = filter ? -1 : faces.index(of: measured.pointee.face, item: item)
        if !filter { precondition(count + indices.count <= glyphs.count, "more glyphs placed than measured") }
        // Locals for the loop's state, written back once.
        var written = count, x = pen
        let baseline = baseline, extraPerSpace = extraPerSpace, utf16 = utf16, glyphs = glyphs
        measured.pointee.glyphs.withUnsafeBufferPointer { shaped in
            for index in indices {
                let glyph = shaped[index]
                if filter {
                    guard wanted.contains(glyph.cluster) else { continue }
                    if face < 0 { face = faces.index(of: measured.pointee.face, item: item) }
                    precondition(written < glyphs.count, "more glyphs placed than measured")
                }
                (glyphs.baseAddress! + written).initialize(to: PositionedGlyph(
                    faceIndex: face, pointSize: size, glyphID: glyph.glyphID,
                    x: x + Double(glyph.xOffset) * scale, y: baseline - Double(glyph.yOffset) * scale,
                    cluster: glyph.cluster, color: color))
                written += 1
                x += MeasuredItem.advance(shaped, index, scale: scale, tracking: tracking)
                if extraPerSpace > 0 && glyph.cluster < utf16.count && utf16[glyph.cluster] == 0x20 {
                    x += extraPerSpace
                }
            }
        }
        count = written
        pen = x
    }
}

extension Array {
    /// Room for `count` elements, growing at least twofold: the sweep's shared buffers need
    /// more lines at each larger category, and reserving just enough reallocated them for
    /// every category.
    mutating func reserveGrowing(_ count: Int) {
        if capacity < count { reserveCapacity(Swift.max(count, 2 * capacity)) }
    }
}
