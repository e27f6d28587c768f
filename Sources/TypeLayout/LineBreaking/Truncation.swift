/// Lines as the breaker chose them, made into composed lines: a soft hyphen's line gets its
/// hyphen, and past `numberOfLines` the last line kept stands for the rest of its paragraph,
/// cut to fit with an ellipsis (tail, head or middle) or clipped.
enum Truncation {
    /// Composes `spans` (each with its paragraph in `spanParagraphs`, empty for one paragraph)
    /// into `composed`, adding the marks `marks` makes to `inserted`; whether text was left out.
    /// `style` gives the line limit, the width and the truncation mode.
    static func compose(
        _ spans: [LineSpan], spanParagraphs: [Int], breaker: LineBreaker, marks: InsertedMarks, style: ParagraphStyle,
        inserted: inout [InsertedGlyphs], into composed: inout [ComposedLine]
    ) -> Bool {
        let analysis = breaker.analysis, prefix = breaker.prefix
        composed.reserveGrowing(spans.count)
        let limit = style.numberOfLines
        for (index, span) in spans.enumerated() {
            let paragraph = spanParagraphs.isEmpty ? 0 : spanParagraphs[index]
            if limit > 0 && index == limit - 1 && spans.count > limit {
                let (segments, width) = truncatedLine(span, paragraph: paragraph, breaker: breaker, marks: marks,
                                                      style: style, inserted: &inserted)
                composed.append(ComposedLine(span: span, paragraph: paragraph, segments: segments, width: width, justify: false))
                return true
            }
            var segments = LineSegments(.text(span.range.lowerBound..<span.visibleEnd))
            let width: Double
            if span.hyphenated {
                // The hyphen is shaped once, for its glyphs and its width (the breaker's width
                // would shape it again).
                let hyphen = marks.hyphen(at: span.visibleEnd - 1)
                segments.append(.inserted(inserted.count))
                inserted.append(hyphen)
                width = prefix[span.visibleEnd] - prefix[span.range.lowerBound] + hyphen.width
            } else {
                width = breaker.width(span.range, paragraphEnd: analysis.paragraphs[paragraph].range.upperBound)
            }
            composed.append(ComposedLine(span: span, paragraph: paragraph, segments: segments, width: width,
                                         justify: !span.endsParagraph))
        }
        return false
    }

    /// The last visible line of a truncated label: the rest of its paragraph, cut to fit with
    /// an ellipsis (tail, head, middle) or just as wrapped (clip).
    private static func truncatedLine(
        _ span: LineSpan, paragraph: Int, breaker: LineBreaker, marks: InsertedMarks, style: ParagraphStyle,
        inserted: inout [InsertedGlyphs]
    ) -> (LineSegments, Double) {
        let analysis = breaker.analysis
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
            let boundaries = graphemeBoundaries(in: rest, of: analysis)
            let mark = marks.ellipsis(at: max(rest.lowerBound, rest.upperBound - 1), cluster: rest.upperBound)
            var end = rest.lowerBound
            for boundary in boundaries where measure(rest.lowerBound..<boundary) + mark.width <= width + 1e-9 { end = boundary }
            end = breaker.visibleEnd(rest.lowerBound..<end)
            inserted.append(mark)
            return (LineSegments(.text(rest.lowerBound..<end), .inserted(inserted.count - 1)), measure(rest.lowerBound..<end) + mark.width)
        case .head:
            let boundaries = graphemeBoundaries(in: rest, of: analysis)
            let mark = marks.ellipsis(at: rest.lowerBound, cluster: rest.lowerBound)
            var start = rest.upperBound
            for boundary in boundaries.reversed() where measure(boundary..<rest.upperBound) + mark.width <= width + 1e-9 { start = boundary }
            while start < rest.upperBound && LineBreaker.isHangingSpace(analysis.utf16[start]) { start += 1 }
            inserted.append(mark)
            return (LineSegments(.inserted(inserted.count - 1), .text(start..<rest.upperBound)), measure(start..<rest.upperBound) + mark.width)
        case .middle:
            let boundaries = graphemeBoundaries(in: rest, of: analysis)
            let mark = marks.ellipsis(at: rest.lowerBound, cluster: rest.lowerBound)
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

    /// The grapheme boundaries in `range` (its start, and its end where that is one): a slice
    /// of the analysis's own grapheme starts (which end with the text's length), not a copy.
    private static func graphemeBoundaries(in range: Range<Int>, of analysis: TextAnalysis) -> ArraySlice<Int> {
        guard !range.isEmpty else { return [range.lowerBound] }
        let starts = analysis.graphemeStarts
        let first = Int(analysis.graphemeIndex[range.lowerBound])
        var end = first
        while end < starts.count && starts[end] <= range.upperBound { end += 1 }
        return starts[first..<end]
    }
}
