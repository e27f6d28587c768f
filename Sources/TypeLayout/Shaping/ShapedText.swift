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
        // Plain loops, which cost far less a glyph than zip over the array and its slice.
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
/// items keep their faces. A class: each category's layout passes it on, and a reference is
/// one reference count where a struct of arrays would be one per array.
final class TextShaping: Sendable {
    let items: [ItemShaping]
    /// For each UTF-16 offset (and the text's end), how many glyphs of all the items have
    /// clusters before it: a line's glyph count is a difference of two entries, without placing
    /// its glyphs.
    let glyphsBefore: [Int]
    /// The clusters of glyphs HarfBuzz flagged unsafe to break before, ascending: a line break
    /// there needs the sides reshaped (``BreakReshaping``). Few or none in most text, so most
    /// layouts check their breaks against an empty list.
    let unsafeToBreakOffsets: [Int]

    init(items: [ItemShaping], utf16Count: Int) {
        self.items = items
        var flagged: [Int] = []
        glyphsBefore = [Int](unsafeUninitializedCapacity: utf16Count + 1) { counts, initialized in
            counts.initialize(repeating: 0)
            for item in items {
                item.glyphs.withUnsafeBufferPointer { glyphs in
                    for glyph in glyphs {
                        // One unsigned comparison: a cluster below 0 wraps past the end.
                        precondition(UInt(bitPattern: glyph.cluster) < UInt(utf16Count), "cluster outside the text")
                        counts[glyph.cluster + 1] += 1
                        if glyph.unsafeToBreak { flagged.append(glyph.cluster) }
                    }
                }
            }
            for index in counts.indices.dropFirst() { counts[index] += counts[index - 1] }
            initialized = utf16Count + 1
        }
        // Right-to-left items list their glyphs in visual order.
        flagged.sort()
        unsafeToBreakOffsets = flagged
    }
}

extension TextShaping {
    /// Shapes each of a text's items (through the shaper's cache) with its run's features and
    /// language: the text's shaping at every category whose items keep these faces.
    /// `locale` is the paragraph's, for runs without a language of their own.
    convenience init(shaping items: [TextItem], of text: AttributedText, analysis: TextAnalysis, locale: String?,
                     shaper: Shaper) {
        self.init(items: items.map { Self.shape($0, of: text, analysis: analysis, locale: locale, shaper: shaper) },
                  utf16Count: analysis.utf16.count)
    }

    private static func shape(
        _ item: TextItem, of text: AttributedText, analysis: TextAnalysis, locale: String?, shaper: Shaper
    ) -> ItemShaping {
        var features = text.runs[item.runIndex].attributes.features
        if !text.runs[item.runIndex].attributes.kerning { features.append(FontFeature("kern", 0)) }
        let language = text.runs[item.runIndex].attributes.language ?? locale
        let shaped = shaper.shape(
            analysis.utf16, range: item.range, face: item.font.face, rightToLeft: item.isRightToLeft,
            script: item.script, language: language, features: features)
        var glyphs = shaped.glyphs
        // An item at the text's start keeps the cached array (made absolute, it would be a copy).
        if item.range.lowerBound != 0 {
            for index in glyphs.indices { glyphs[index].cluster += item.range.lowerBound }
        }
        return ItemShaping(glyphs: glyphs)
    }

    /// The item at its size, each glyph's advance added to its cluster's entry in `advance`
}
