/// An item's shaped glyphs with their absolute clusters, at a size.
struct MeasuredItem: Sendable {
    /// The item's text.
    let range: Range<Int>
    /// Its attribute run.
    let runIndex: Int
    /// The face its glyphs come from (a fallback face, maybe) and their size: just these, not
    /// the item's ``Font``, whose copies would retain and release its references.
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
    /// measured. Worked out where needed rather than kept: an array of them per item would be an
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

/// A text's items at one category's sizes: each item's glyphs with the points per font unit,
/// tracking and colour of its run, and the metrics a line holding it counts. Measuring also
/// sums each cluster's advance into the prefix sums line breaking measures with.
struct MeasuredText {
    let items: [MeasuredItem]

    /// Measures `textItems` (shaped as `shaping`) at the runs' sizes in `fonts`, adding each
    /// glyph's advance to its cluster's entry in `advance` (offset by one: `advance[cluster + 1]`,
    /// ready for prefix sums). The items are written into `items`' storage, emptied first, and
    /// shared with it: a caller measuring many times hands the same array back each time, which
    /// saves an allocation per measuring once the previous measured text is gone.
    init(measuring textItems: [TextItem], shaping: TextShaping, fonts: RunFonts, of text: AttributedText,
         into advance: inout [Double], reusing items: inout [MeasuredItem]) {
        items.removeAll(keepingCapacity: true)
        items.reserveCapacity(textItems.count)
        // By index: zip would copy each item (its font's references and script) and its shaping.
        for index in textItems.indices {
            items.append(Self.measure(textItems, index, shaping.items[index], fonts: fonts, text: text, into: &advance))
        }
        self.items = items
    }

    /// (offset by one: `advance[cluster + 1]`, ready for prefix sums).
    private static func measure(
        _ textItems: [TextItem], _ itemIndex: Int, _ shaping: ItemShaping, fonts: RunFonts, text: AttributedText,
        into advance: inout [Double]
    ) -> MeasuredItem {
        // Fields read one by one: copying the item or the run's attributes would retain each of
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
}

/// The marks a layout inserts (a soft hyphen's hyphen, a truncation's ellipsis), each shaped in
/// the face, size and colour of the measured item where it goes.
struct InsertedMarks {
    let measured: MeasuredText
    let fonts: RunFonts
    /// The text's runs give a mark's colour; the analysis, the run at an offset past the items.
    let text: AttributedText
    let analysis: TextAnalysis
    let shaper: Shaper

    /// The hyphen a line ending at the soft hyphen at `offset` shows.
    func hyphen(at offset: Int) -> InsertedGlyphs {
        inserted("-", fallback: "-", at: offset, cluster: offset)
    }

    /// The ellipsis of a truncated line, in the face of the item at `offset`.
    func ellipsis(at offset: Int, cluster: Int) -> InsertedGlyphs {
        inserted("\u{2026}", fallback: "...", at: offset, cluster: cluster)
    }

    /// Glyphs for inserted text in the face of the item at `offset`.
    private func inserted(_ string: String, fallback: String, at offset: Int, cluster: Int) -> InsertedGlyphs {
        let items = measured.items
        // The item at the offset gives the face (a fallback face included) and the colour.
        let neighbour = MeasuredText.itemIndex(at: offset, in: items).map { items[$0] }
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
}
