/// Composed lines made into the layout's lines: each line's box (the tallest ascender,
/// descender and line gap among its fonts, times the line height multiple, with the paragraph's
/// line spacing between lines), its baseline, and its x and extra space per space from the
/// alignment (``LineAlignment``), justification included.
enum LineBoxes {
    /// One composed line's box: its metrics, baseline, alignment and shown width.
    struct Box {
        let ascent: Double
        let descent: Double
        let baseline: Double
        let x: Double
        /// The line's width as shown: its advance, plus the justified extra space.
        let width: Double
        let extraPerSpace: Double
    }

    /// The lines, top to bottom, and their used size (see ``boxes(_:measured:inserted:fonts:analysis:style:_:)``).
    /// `glyphsBefore` counts each line's glyphs (``TextShaping/glyphsBefore``); `truncated` says
    /// the last line stands for the rest of its paragraph.
    static func lines(
        _ composed: [ComposedLine], measured: MeasuredText, inserted: [InsertedGlyphs], fonts: RunFonts,
        glyphsBefore: [Int], truncated: Bool, analysis: TextAnalysis, style: ParagraphStyle
    ) -> (lines: [LayoutLine], size: LayoutSize) {
        var lines: [LayoutLine] = []
        lines.reserveCapacity(composed.count)
        var glyphCount = 0
        let paragraphs = analysis.paragraphs
        let size = boxes(composed, measured: measured, inserted: inserted, fonts: fonts, analysis: analysis, style: style) {
            index, info, box in
            // The paragraph's fields read in place: binding the paragraph would retain and
            // release it for every line.
            let paragraphRange = paragraphs[info.paragraph].range
            let segments = info.segments
            let firstGlyph = glyphCount
            glyphCount += GlyphPlacement.glyphCount(segments, paragraph: paragraphRange.lowerBound..<(paragraphRange.lowerBound
                + paragraphs[info.paragraph].bidi.utf16Count), glyphsBefore: glyphsBefore, inserted: inserted)
            let range = info.span.range.lowerBound..<(truncated && index == composed.count - 1
                ? paragraphRange.upperBound : info.span.range.upperBound)
            lines.append(LayoutLine(
                shown: shownText(segments, inserted: inserted, analysis: analysis), utf16Range: range,
                characterRange: characterIndex(range.lowerBound, in: analysis)..<characterIndex(range.upperBound, in: analysis),
                width: box.width, x: box.x, ascent: box.ascent, descent: box.descent, baseline: box.baseline,
                glyphRange: firstGlyph..<glyphCount, isRightToLeft: paragraphs[info.paragraph].bidi.isRightToLeft,
                placement: LinePlacement(segments: segments, paragraph: info.paragraph, extraPerSpace: box.extraPerSpace)))
        }
        return (lines, size)
    }

    /// The lines' used size without building the lines (what a measurement reads).
    static func size(
        _ composed: [ComposedLine], measured: MeasuredText, inserted: [InsertedGlyphs], fonts: RunFonts,
        analysis: TextAnalysis, style: ParagraphStyle
    ) -> LayoutSize {
        boxes(composed, measured: measured, inserted: inserted, fonts: fonts, analysis: analysis, style: style) { _, _, _ in }
    }

    /// Each composed line's box, top to bottom, handed to `body` with its index; returns the
    /// used size: the widest line (the first of equals) and the height of all lines. The one
    /// place line heights, spacing and alignment are worked out.
    @inline(__always)
    private static func boxes(
        _ composed: [ComposedLine], measured: MeasuredText, inserted: [InsertedGlyphs], fonts: RunFonts,
        analysis: TextAnalysis, style: ParagraphStyle, _ body: (Int, ComposedLine, Box) -> Void
    ) -> LayoutSize {
        let boxWidth = style.width ?? composed.map(\.width).max() ?? 0
        var top = 0.0, usedWidth = 0.0
        let paragraphs = analysis.paragraphs
        measured.items.withUnsafeBufferPointer { items in
            for (index, info) in composed.enumerated() {
                let rtl = paragraphs[info.paragraph].bidi.isRightToLeft
                let segments = info.segments
                let metrics = verticalMetrics(segments, items: items, inserted: inserted, at: info.span.range.lowerBound,
                                              fonts: fonts, analysis: analysis)
                var height = metrics.ascent + metrics.descent + metrics.leading
                if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
                let baseline = top + height - metrics.descent - metrics.leading

                var extraPerSpace = 0.0
                var spaces = 0
                if style.alignment == .justified && info.justify {
                    spaces = segments.reduce(0) { count, segment in
                        guard case let .text(range) = segment else { return count }
                        return count + analysis.utf16[range].count(where: LineAlignment.isJustifiableSpace)
                    }
                    extraPerSpace = LineAlignment.extraPerSpace(lineWidth: info.width, boxWidth: boxWidth, spaces: spaces)
                }
                let x = extraPerSpace > 0 ? 0 : LineAlignment.offset(
                    lineWidth: info.width, boxWidth: boxWidth, alignment: style.alignment, rightToLeft: rtl)
                let box = Box(ascent: metrics.ascent, descent: metrics.descent, baseline: baseline, x: x,
                              width: info.width + extraPerSpace * Double(spaces), extraPerSpace: extraPerSpace)
                if index == 0 || usedWidth < box.width { usedWidth = box.width }
                body(index, info, box)
                top += height
                if index < composed.count - 1 { top += style.lineSpacing }
            }
        }
        return LayoutSize(width: usedWidth, height: top)
    }

    private static func verticalMetrics(
        _ segments: LineSegments, items: UnsafeBufferPointer<MeasuredItem>, inserted: [InsertedGlyphs], at offset: Int,
        fonts: RunFonts, analysis: TextAnalysis
    ) -> (ascent: Double, descent: Double, leading: Double) {
        // The largest of each metric over the line's fonts, in segment and item order, taken
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
                guard !range.isEmpty, var index = MeasuredText.itemIndex(at: range.lowerBound, in: items) else { continue }
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

    /// The line's text as shown: its text segments, with the inserted marks' text.
    private static func shownText(_ segments: LineSegments, inserted: [InsertedGlyphs], analysis: TextAnalysis) -> ShownText {
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

    private static func characterIndex(_ offset: Int, in analysis: TextAnalysis) -> Int {
        offset >= analysis.utf16.count ? analysis.graphemeStarts.count - 1 : Int(analysis.graphemeIndex[offset])
    }
}
