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
        // Breaks ascend and items are in text order: one pass over both (a megabyte-long word
        // breaks into tens of thousands of lines inside one item).
        var index = 0
        for line in lines where !line.endsParagraph {
            let offset = line.range.upperBound
            // Between two items the break is safe whatever the flags: each side is shaped alone.
            while index < items.count && items[index].range.upperBound <= offset { index += 1 }
            guard index < items.count, items[index].range.lowerBound < offset else { continue }
            // No glyph starting there: the break splits a cluster (a ligature).
            let starting = shaping.glyphsBefore[offset + 1] - shaping.glyphsBefore[offset]
            if starting == 0 || isFlagged(offset, in: shaping.items[index]) { breaks.append(offset) }
        }
        return breaks
    }

    /// Whether a glyph of the item whose cluster starts at `offset` is flagged unsafe to break
    /// before; monotone clusters (HarfBuzz's default cluster level) are found by binary search.
    private static func isFlagged(_ offset: Int, in item: ItemShaping) -> Bool {
        item.glyphs.withUnsafeBufferPointer { glyphs in
            func first(_ before: (Int) -> Bool) -> Int {
                var low = 0, high = glyphs.count
                while low < high {
                    let mid = (low + high) / 2
                    if before(glyphs[mid].cluster) { low = mid + 1 } else { high = mid }
                }
                return low
            }
            let range = item.clustersAscend ? first { $0 < offset }..<first { $0 <= offset }
                : item.clustersDescend ? first { $0 > offset }..<first { $0 >= offset } : 0..<glyphs.count
            for index in range where glyphs[index].cluster == offset && glyphs[index].unsafeToBreak { return true }
            return false
        }
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
