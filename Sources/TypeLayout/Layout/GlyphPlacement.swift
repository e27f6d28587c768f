import Synchronization

/// A layout's glyphs, placed when first read rather than with the layout.
///
/// Most layouts are only measured (lines, size, truncation: what the audit and a sweep's
/// callers read) and placing every glyph of every line was a third of a sweep's work, so the
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

    /// Glyphs already placed (tests make layouts by hand; empty text has none).
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
}
