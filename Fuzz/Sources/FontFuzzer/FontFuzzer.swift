// Font loading and metrics under mutated font files: every input is a font file's bytes.
//
// A typed error is the right answer to a broken font; a trap, a sanitizer report or a hang is a
// bug. Past loading, the face is used the way a label uses it (metrics, cmap lookups, shaping,
// line breaking, rasterizing) so that damage FreeType accepts at load time is exercised too.

// The in-memory, uncached loader is internal: the public one caches faces by path for ever,
// which would keep every mutated font alive.
@testable import TypeLayout

@_cdecl("LLVMFuzzerTestOneInput")
public func fontFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    FontFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum FontFuzzing {
    /// Latin with a ligature and marks, Arabic, Hebrew, Japanese and emoji: whatever the
    /// mutated font maps, some of it reaches its cmap, GSUB, GPOS and glyph outlines.
    static let sample = "Hello, Wörld! ﬁ office 0123 — e\u{0301} مرحبا שלום 日本語 👍🏽 AVATAR"

    static func run(_ bytes: UnsafeRawBufferPointer) {
        // The weight varies with the length rather than with a byte, so that seed fonts are
        // read exactly as they are.
        let weights: [FontWeight?] = [nil, .bold, FontWeight(rawValue: 1)]
        let face: FontFace
        do {
            let data = try FontData.copying(bytes, path: "fuzz-input")
            face = try FontFace(data: data, path: "fuzz-input", faceIndex: 0, weight: weights[bytes.count % 3])
        } catch is TypeLayoutError {
            return
        } catch {
            preconditionFailure("loading threw an untyped error: \(error)")
        }
        precondition(face.unitsPerEm.isFinite && face.unitsPerEm > 0, "units per em \(face.unitsPerEm)")
        if let axis = face.weightAxis { precondition(axis.contains(face.weight.rawValue), "weight outside its axis") }

        guard let metrics = try? face.metrics(atPointSize: 17) else { preconditionFailure("metrics at 17 pt threw") }
        for value in [metrics.ascender, metrics.descender, metrics.leading, metrics.capHeight, metrics.xHeight] {
            precondition(value.isFinite, "metric \(value) is not finite")
        }
        for scalar in sample.unicodeScalars { _ = face.hasGlyph(for: scalar) }

        // Shaping and breaking with this face alone (no fallback), in a fresh engine so that
        // nothing outlives the input and a crash replays without the inputs before it.
        guard let font = try? Font(face: face, pointSize: 17) else { preconditionFailure("17 pt font threw") }
        let style = ParagraphStyle(width: 150, numberOfLines: 4, fallbackFaces: [], usesSystemFallback: false)
        let layout: TextLayout
        do {
            layout = try TextLayoutEngine().layout(AttributedText(sample, font: font), paragraphStyle: style, category: .large)
        } catch {
            preconditionFailure("layout threw: \(error)")
        }
        precondition(layout.lines.count <= 4, "\(layout.lines.count) lines for a 4-line limit")
        for glyph in layout.glyphs {
            precondition(glyph.x.isFinite && glyph.y.isFinite, "glyph at (\(glyph.x), \(glyph.y))")
            precondition((0...sample.utf16.count).contains(glyph.cluster), "cluster \(glyph.cluster)")
        }

        // Rasterizing reads the glyph outlines or bitmaps; a fresh cache makes each input
        // rasterize its own glyphs.
        guard let size = try? Rasterizer.imageSize(of: layout, scale: 1, padding: 2),
              size.width <= 4096, size.height <= 4096, size.width * size.height <= 1 << 20 else { return }
        do {
            _ = try Rasterizer(cache: GlyphCache(byteLimit: 4 << 20)).render(layout, scale: 1, padding: 2)
        } catch is TypeLayoutError {
            // FreeType refusing a damaged glyph is a typed error, not a bug.
        } catch {
            preconditionFailure("rendering threw an untyped error: \(error)")
        }
    }
}
