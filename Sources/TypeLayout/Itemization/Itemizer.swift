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
///
/// A space between two words that both fall back to the same face stays in that face (when it
/// has a space), as Pango and CoreText keep it: an Arabic or Hebrew sentence under a Latin
/// label font is one item, not one per word with the Latin face's spaces between. Not colour
/// (emoji) faces: emoji are separate symbols, and their spaces stay the text's.
enum Itemizer {
    /// The spaces that stay with their neighbours' fallback face.
    @inline(__always)
    static func isWordSpace(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0xA0 }

    /// The items of every paragraph of `analysis`, each run drawn with `fonts[run]` or the
    /// fallback faces `style` allows.
    ///
    /// `skippingCoveredASCII` is for tests, which compare the two ways: false looks at every
    /// grapheme in full.
    static func items(
        for analysis: TextAnalysis, fonts: [Font], style: ParagraphStyle, skippingCoveredASCII: Bool = true
    ) throws -> [TextItem] {
        var items: [TextItem] = []
        var scriptIndex = 0
        let starts = analysis.graphemeStarts, utf16 = analysis.utf16, scripts = analysis.scripts
        // The item being built, by indices and identity: keeping its face and script as values
        // would retain and release them for every grapheme.
        var current: (run: Int, face: ObjectIdentifier, rtl: Bool, script: Int)?
        var currentFace: FontFace?
        func close(_ item: (run: Int, face: ObjectIdentifier, rtl: Bool, script: Int), _ range: Range<Int>) {
            items.append(TextItem(range: range, runIndex: item.run, font: fonts[item.run].with(face: currentFace!),
                                  isRightToLeft: item.rtl, script: scripts.isEmpty ? "Zyyy" : scripts[item.script].script))
        }
        /// The face a grapheme falls back to, or nil for the run's own face.
        func fallbackFace(ofGrapheme grapheme: Int, primary: FontFace) throws -> FontFace? {
            let offset = starts[grapheme], unit = utf16[offset]
            if starts[grapheme + 1] == offset + 1, unit >= 0x20, unit < 0x7F, primary.hasASCIIGlyph(unit) {
                // A lone printable ASCII character the run's face has: what FontFallback
                // answers (ASCII has no emoji presentation and nothing ignorable), without
                // its Unicode property lookups and arrays.
                return nil
            }
            // One character is looked up without an array for it.
            let face = if let scalar = analysis.singleScalar(ofGrapheme: grapheme) {
                try FontFallback.face(for: scalar, primary: primary, style: style)
            } else {
                try FontFallback.face(for: analysis.scalars(ofGrapheme: grapheme), primary: primary, style: style)
            }
            return face === primary ? nil : face
        }
        /// The face of the first grapheme after the spaces that follow `grapheme`, before `end`
        /// (the paragraph's or the run's end); nil at `end`.
        func nextWordFace(after grapheme: Int, before end: Int, primary: FontFace) throws -> FontFace? {
            var next = grapheme + 1
            while next < starts.count - 1, starts[next] < end, isWordSpace(utf16[starts[next]]) { next += 1 }
            guard next < starts.count - 1, starts[next] < end else { return nil }
            return try fallbackFace(ofGrapheme: next, primary: primary) ?? primary
        }
        let runRanges = analysis.runRanges
        for paragraph in analysis.paragraphs where !paragraph.range.isEmpty {
            var itemStart = paragraph.range.lowerBound
            current = nil
            var grapheme = Int(analysis.graphemeIndex[paragraph.range.lowerBound])
            // The run, its face and where the next run starts, updated only when the offset
            // reaches it (offsets only grow; runs are contiguous, so this is runIndex(at:)).
            var run = analysis.runIndex(at: paragraph.range.lowerBound)
            var primary = fonts[run].face
            var nextRun = run + 1 < runRanges.count ? runRanges[run + 1].lowerBound : Int.max
            let levels = paragraph.bidi.levels
            let uniformLevels = paragraph.bidi.isUniformLeftToRight
            while grapheme < starts.count - 1 && starts[grapheme] < paragraph.range.upperBound {
                if skippingCoveredASCII, let item = current, !item.rtl, item.run == run, uniformLevels || levels.isEmpty,
                   item.face == ObjectIdentifier(primary), item.script == (scripts.isEmpty ? 0 : scriptIndex) {
                    // Graphemes that would give the item's own key (the loop below finds nothing
                    // to close) are passed over: lone printable ASCII characters the run's face
                    // has, before the paragraph, the run or the script run ends: most of a
                    // label's graphemes, so few are looked at in full.
                    let scriptEnd = scriptIndex + 1 < scripts.count ? scripts[scriptIndex].utf16Range.upperBound : Int.max
                    let end = min(paragraph.range.upperBound, nextRun, scriptEnd)
                    let face = primary
                    starts.withUnsafeBufferPointer { starts in
                        utf16.withUnsafeBufferPointer { utf16 in
                            // `starts` ends with the text's length, so `grapheme + 1` is in it.
                            while grapheme < starts.count - 1 {
                                let offset = starts[grapheme]
                                guard offset < end, starts[grapheme + 1] == offset + 1 else { break }
                                let unit = utf16[offset]
                                guard unit >= 0x20, unit < 0x7F, face.hasASCIIGlyph(unit) else { break }
                                grapheme += 1
                            }
                        }
                    }
                    guard grapheme < starts.count - 1 && starts[grapheme] < paragraph.range.upperBound else { break }
                }
                let offset = starts[grapheme]
                if offset >= nextRun {
                    while run + 1 < runRanges.count && runRanges[run + 1].lowerBound <= offset { run += 1 }
                    primary = fonts[run].face
                    nextRun = run + 1 < runRanges.count ? runRanges[run + 1].lowerBound : Int.max
                }
                let unit = utf16[offset]
                var fallback = try fallbackFace(ofGrapheme: grapheme, primary: primary)
                if fallback == nil, isWordSpace(unit), starts[grapheme + 1] == offset + 1, let item = current,
                   item.run == run, let face = currentFace, face !== primary, !face.hasColorGlyphs,
                   try nextWordFace(after: grapheme, before: min(paragraph.range.upperBound, nextRun), primary: primary) === face,
                   face.hasGlyph(for: Unicode.Scalar(unit)!) {
                    fallback = face
                }
                while scriptIndex + 1 < scripts.count && scripts[scriptIndex].utf16Range.upperBound <= offset {
                    scriptIndex += 1
                }
                let level = uniformLevels || levels.isEmpty ? 0 : levels[offset - paragraph.range.lowerBound]
                let key = (run: run, face: ObjectIdentifier(fallback ?? primary), rtl: level & 1 == 1,
                           script: scripts.isEmpty ? 0 : scriptIndex)
                if let previous = current {
                    if previous.run != key.run || previous.face != key.face || previous.rtl != key.rtl
                        || (previous.script != key.script && scripts[previous.script].script != scripts[key.script].script) {
                        close(previous, itemStart..<offset)
                        itemStart = offset
                        currentFace = fallback ?? primary
                    }
                } else {
                    currentFace = fallback ?? primary
                }
                current = key
                grapheme += 1
            }
            if let last = current {
                close(last, itemStart..<paragraph.range.upperBound)
            }
        }
        return items
    }
}
