/// Where a line break falls inside a shaped item at a place HarfBuzz says shaping depends on
/// (a glyph flagged unsafe to break, or inside a cluster such as a ligature), the two sides are
/// shaped again on their own, as Pango does: an Arabic word broken mid-word takes its final and
/// initial forms, a ligature split at a break becomes its letters on each line, kerning across
/// the break is dropped.
enum BreakReshaping {
    /// The offsets strictly inside items where `lines` break (each line's end but a paragraph's
    /// last) at a glyph flagged unsafe to break or between a cluster's glyphs, ascending.
    static func unsafeBreaks(in lines: ArraySlice<LineSpan>, items: [TextItem], shaping: TextShaping) -> [Int] {
        var breaks: [Int] = []
        // Breaks, flagged offsets and items all ascend: one pass over the three (a megabyte-long
        // word breaks into tens of thousands of lines inside one item).
        let flagged = shaping.unsafeToBreakOffsets
        var nextFlagged = 0, index = 0
        for line in lines where !line.endsParagraph {
            let offset = line.range.upperBound
            while nextFlagged < flagged.count && flagged[nextFlagged] < offset { nextFlagged += 1 }
            // No glyph starting there: the break splits a cluster (a ligature).
            let splitsCluster = shaping.glyphsBefore[offset + 1] == shaping.glyphsBefore[offset]
            guard splitsCluster || (nextFlagged < flagged.count && flagged[nextFlagged] == offset) else { continue }
            // Between two items the break is safe whatever the flags: each side is shaped alone.
            while index < items.count && items[index].range.upperBound <= offset { index += 1 }
            guard index < items.count, items[index].range.lowerBound < offset else { continue }
            breaks.append(offset)
        }
        return breaks
    }

    /// `items` with each one that contains a break split there (`breaks` ascending).
    static func split(_ items: [TextItem], at breaks: [Int]) -> [TextItem] {
        var result: [TextItem] = []
        result.reserveCapacity(items.count + breaks.count)
        var next = breaks.startIndex
        for item in items {
            var start = item.range.lowerBound
            while next < breaks.endIndex && breaks[next] <= start { next += 1 }
            while next < breaks.endIndex && breaks[next] < item.range.upperBound {
                result.append(item.piece(start..<breaks[next]))
                start = breaks[next]
                next += 1
            }
            result.append(item.piece(start..<item.range.upperBound))
        }
        return result
    }
}

extension TextItem {
    /// The same run, face, direction and script over part of the item's text.
    func piece(_ range: Range<Int>) -> TextItem {
        TextItem(range: range, runIndex: runIndex, font: font, isRightToLeft: isRightToLeft, script: script)
    }
}
