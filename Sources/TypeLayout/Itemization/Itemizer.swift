/// A stretch of text shaped in one go: one attribute run, one face, one script, one bidi level.
struct TextItem: Sendable {
    let range: Range<Int>
    let runIndex: Int
    let font: Font
    let isRightToLeft: Bool
    let script: String
}

/// Splits each paragraph into items where the attribute run, the fallback face, the script or
/// the bidi level changes.
enum Itemizer {
    static func items(
        for analysis: TextAnalysis, fonts: [Font], style: ParagraphStyle
    ) -> [TextItem] {
        var items: [TextItem] = []
        var scriptIndex = 0
        for paragraph in analysis.paragraphs where !paragraph.range.isEmpty {
            var itemStart = paragraph.range.lowerBound
            var current: (run: Int, face: FontFace, rtl: Bool, script: String)?
            var grapheme = Int(analysis.graphemeIndex[paragraph.range.lowerBound])
            while grapheme < analysis.graphemeStarts.count - 1 && analysis.graphemeStarts[grapheme] < paragraph.range.upperBound {
                let offset = analysis.graphemeStarts[grapheme]
                let run = analysis.runIndex(at: offset)
                let primary = fonts[run].face
                let face: FontFace
                let unit = analysis.utf16[offset]
                if analysis.graphemeStarts[grapheme + 1] == offset + 1, unit >= 0x20, unit < 0x7F,
                   primary.hasGlyph(for: Unicode.Scalar(UInt8(unit))) {
                    // A lone printable ASCII character the run's face has: what FontFallback
                    // answers (ASCII has no emoji presentation and nothing ignorable), without
                    // its Unicode property lookups and arrays.
                    face = primary
                } else {
                    face = FontFallback.face(
                        for: analysis.scalars(ofGrapheme: grapheme), primary: primary, style: style)
                }
                while scriptIndex + 1 < analysis.scripts.count && analysis.scripts[scriptIndex].utf16Range.upperBound <= offset {
                    scriptIndex += 1
                }
                let script = analysis.scripts.isEmpty ? "Zyyy" : analysis.scripts[scriptIndex].script
                let level = paragraph.bidi.levels.isEmpty ? 0 : paragraph.bidi.levels[offset - paragraph.range.lowerBound]
                let key = (run: run, face: face, rtl: level & 1 == 1, script: script)
                if let previous = current,
                   previous.run != key.run || previous.face !== key.face || previous.rtl != key.rtl || previous.script != key.script {
                    items.append(TextItem(range: itemStart..<offset, runIndex: previous.run,
                                          font: fonts[previous.run].with(face: previous.face),
                                          isRightToLeft: previous.rtl, script: previous.script))
                    itemStart = offset
                }
                current = key
                grapheme += 1
            }
            if let last = current {
                items.append(TextItem(range: itemStart..<paragraph.range.upperBound, runIndex: last.run,
                                      font: fonts[last.run].with(face: last.face),
                                      isRightToLeft: last.rtl, script: last.script))
            }
        }
        return items
    }
}
