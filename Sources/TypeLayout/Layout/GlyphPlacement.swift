import Synchronization

/// A layout's glyphs, placed when first read rather than with the layout.
///
/// Most layouts are only measured (lines, size, truncation: what the audit and a sweep's
/// callers read) and placing every glyph of every line up front would be wasted work, so the
/// layout keeps what placement needs (its measured items, the inserted marks, and with each
/// line its pieces, pen and baseline) and places once, for whichever thread reads first. A class: the
/// layout is a value copied freely, and every copy must share the one placement.
final class GlyphPlacement: Sendable {
    /// The placed glyphs and the faces they index.
    final class Placed: Sendable {
        let glyphs: [PositionedGlyph]
        let faces: [FontFace]

        init(glyphs: [PositionedGlyph], faces: [FontFace]) {
            self.glyphs = glyphs
            self.faces = faces
        }
    }

    private struct Inputs: Sendable {
        let analysis: TextAnalysis
        let items: [MeasuredItem]
        let inserted: [InsertedGlyphs]
        let lines: [LayoutLine]
    }

    private let inputs: Inputs?
    /// Set once, by the first read (retained; released with the placement).
    private let result: Atomic<Unmanaged<Placed>?>

    /// A placement to do when first read.
    init(analysis: TextAnalysis, items: [MeasuredItem], inserted: [InsertedGlyphs], lines: [LayoutLine]) {
        inputs = Inputs(analysis: analysis, items: items, inserted: inserted, lines: lines)
        result = Atomic(nil)
    }

    /// Glyphs already placed (empty text's: none).
    init(glyphs: [PositionedGlyph], faces: [FontFace]) {
        inputs = nil
        result = Atomic(Unmanaged.passRetained(Placed(glyphs: glyphs, faces: faces)))
    }

    /// The measured items placement reads (none for a placement made placed).
    var items: [MeasuredItem] { inputs?.items ?? [] }

    /// Empty text's placement: no glyphs, no faces.
    static let empty = GlyphPlacement(glyphs: [], faces: [])

    deinit { result.load(ordering: .acquiring)?.release() }

    /// The glyphs, placed now if no one has read them yet. Two threads reading first may both
    /// place (the same values); one result is kept.
    var placed: Placed {
        if let placed = result.load(ordering: .acquiring) { return placed.takeUnretainedValue() }
        guard let inputs else { preconditionFailure("a placement without inputs is created placed") }
        let new = Unmanaged.passRetained(Self.place(inputs))
        let (exchanged, original) = result.compareExchange(expected: nil, desired: new, ordering: .acquiringAndReleasing)
        if exchanged { return new.takeUnretainedValue() }
        new.release()
        return original!.takeUnretainedValue()
    }

    private static func place(_ inputs: Inputs) -> Placed {
        let analysis = inputs.analysis, inserted = inputs.inserted, lines = inputs.lines
        var faces = FaceTable(itemCount: inputs.items.count)
        // Each line's glyphs were counted with the layout, so they are written straight into
        // an array of exactly that size.
        let glyphs = [PositionedGlyph](unsafeUninitializedCapacity: lines.last?.glyphRange.upperBound ?? 0) { buffer, glyphCount in
            inputs.items.withUnsafeBufferPointer { items in
            analysis.utf16.withUnsafeBufferPointer { utf16 in
            for line in lines {
                var placer = GlyphPlacer(glyphs: buffer, count: glyphCount, pen: line.x, baseline: line.baseline,
                                         extraPerSpace: line.placement.extraPerSpace, utf16: utf16)
                placer.place(line.placement.segments, paragraph: analysis.paragraphs[line.placement.paragraph],
                             items: items, inserted: inserted, faces: &faces)
                precondition(placer.count == line.glyphRange.upperBound, "a line placed other glyphs than it counted")
                glyphCount = placer.count
            }
            }
            }
        }
        return Placed(glyphs: glyphs, faces: faces.faces)
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

/// Writes one line's glyphs, in visual order, into the layout's glyph buffer. A struct with
/// mutating methods: as nested functions sharing the pen and count, the line's state would be
/// boxed on the heap for every line placed.
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
        guard let first = MeasuredText.itemIndex(at: runRange.lowerBound, in: items) else { return }
        var end = first
        while end < items.count && items[end].range.lowerBound < runRange.upperBound { end += 1 }
        for step in 0..<(end - first) {
            let index = rightToLeft ? end - 1 - step : first + step
            guard items[index].range.overlaps(runRange) else { continue }
            emit(items.baseAddress! + index, item: index, indices: GlyphPlacement.glyphIndices(of: items[index], clusters: runRange),
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
                    layoutFaceIndex: face, pointSize: size, glyphID: glyph.glyphID,
                    x: x + Double(glyph.xOffset) * scale, y: baseline - Double(glyph.yOffset) * scale,
                    cluster: glyph.cluster, color: color))
                written += 1
                x += MeasuredItem.advance(shaped, index, scale: scale, tracking: tracking)
                if extraPerSpace > 0 && glyph.cluster < utf16.count && LineAlignment.isJustifiableSpace(utf16[glyph.cluster]) {
                    x += extraPerSpace
                }
            }
        }
        count = written
        pen = x
    }
}
