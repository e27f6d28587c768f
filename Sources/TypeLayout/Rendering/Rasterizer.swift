/// Turns a ``TextLayout`` into pixels: each glyph rasterized by FreeType (unhinted, 8-bit
/// anti-aliased), cached, and composited at its position.
///
/// Glyphs keep their fractional positions: x is rounded to the nearest quarter pixel and the
/// glyph is drawn from one of four images moved by 0, ¼, ½ or ¾ pixel (see ``GlyphCache``);
/// baselines are rounded to whole pixels. Outline glyphs are tinted with their run's colour;
/// colour glyphs (emoji) are drawn in their own colours.
///
/// Output is deterministic: the same layout, scale, padding and background give the same bytes,
/// whatever the cache holds and however many renderings run at once.
public struct Rasterizer: Sendable {
    /// The cache glyphs are drawn from.
    public let cache: GlyphCache

    /// The pixels-per-point scales supported: @1x, @2x and @3x.
    public static let scales: ClosedRange<Int> = 1...3

    /// A rasterizer drawing glyphs from `cache` (by default the process-wide one).
    public init(cache: GlyphCache = .shared) {
        self.cache = cache
    }

    /// The pixel size ``render(_:scale:padding:background:)`` gives `layout`:
    /// ⌈(width + 2 × padding) × scale⌉ (the wrap width, or the used width when unbounded) by ⌈(height + 2 × padding) × scale⌉, at least 1 × 1.
    ///
    /// - Throws: ``TypeLayoutError/invalidDisplayScale(_:)`` for a scale outside ``scales``,
    ///   ``TypeLayoutError/invalidValue(_:)`` for a padding that is negative or not finite.
    public static func imageSize(of layout: TextLayout, scale: Int, padding: Double = 0) throws -> (width: Int, height: Int) {
        try validate(scale: scale)
        guard padding.isFinite, padding >= 0 else { throw TypeLayoutError.invalidValue(padding) }
        let s = Double(scale)
        // A label with a wrap width is as wide as that width: alignment places lines within it.
        return (pixelCount(((layout.width ?? layout.size.width) + 2 * padding) * s),
                pixelCount((layout.size.height + 2 * padding) * s))
    }

    /// Renders `layout` into a new image of ``imageSize(of:scale:padding:)`` pixels, with the
    /// layout's top-left corner `padding` points in from the image's.
    ///
    /// - Parameters:
    ///   - layout: the laid-out text to draw.
    ///   - scale: pixels per point: 1, 2 or 3.
    ///   - padding: space around the layout's used size, in points.
    ///   - background: the colour the image starts as; ``Color/clear`` leaves it transparent
    ///     (alpha 0) wherever no glyph draws.
    /// - Throws: ``ImageError/tooLarge(width:height:)`` for an image beyond
    ///   ``RGBAImage/maximumDimension`` or ``RGBAImage/maximumByteCount``, before allocating it;
    ///   the errors of ``imageSize(of:scale:padding:)``; ``TypeLayoutError/invalidPointSize(_:)``,
    ///   ``TypeLayoutError/damagedGlyph(glyphID:path:reason:)`` or
    ///   ``TypeLayoutError/freeType(operation:code:)`` if a glyph can't be rasterized (never
    ///   skipped: a missing glyph would be a silent hole).
    public func render(_ layout: TextLayout, scale: Int, padding: Double = 0, background: Color = .white) throws -> RGBAImage {
        let size = try Self.imageSize(of: layout, scale: scale, padding: padding)
        var canvas = try Canvas(width: size.width, height: size.height, background: background)
        let inset = padding * Double(scale)
        try draw(layout, into: &canvas, atX: inset, y: inset, scale: scale)
        return canvas.takeImage()
    }

    /// Draws `layout` onto `canvas` with the layout's top-left corner at (`x`, `y`) in canvas
    /// pixels (fractions allowed), to put several layouts on one canvas, such as a contact sheet.
    /// Glyphs are clipped to the canvas.
    ///
    /// - Throws: ``TypeLayoutError/invalidDisplayScale(_:)`` for a scale outside ``scales``,
    ///   ``TypeLayoutError/invalidValue(_:)`` for a position that is not finite,
    ///   ``TypeLayoutError/invalidPointSize(_:)``, ``TypeLayoutError/damagedGlyph(glyphID:path:reason:)``
    ///   or ``TypeLayoutError/freeType(operation:code:)`` if a glyph can't be rasterized.
    public func draw(_ layout: TextLayout, into canvas: inout Canvas, atX x: Double, y: Double, scale: Int) throws {
        try draw(layout, into: &canvas, atX: x, y: y, scale: scale, ink: nil)
    }

    /// Draws `layout` as ``draw(_:into:atX:y:scale:)`` does, the same pixels, skipping the glyphs
    /// whose rows in `ink` (measured by ``ink(of:atX:y:scale:)`` at the same position and scale)
    /// miss the canvas's rows: a picture drawn in bands looks up only the glyphs each band shows.
    package func draw(_ layout: TextLayout, into canvas: inout Canvas, atX x: Double, y: Double, scale: Int,
                      ink: TextInk?) throws {
        let bounds = canvas.bounds
        let rows = bounds.minY..<bounds.maxY
        try forEachGlyph(of: layout, atX: x, y: y, scale: scale, skipping: { index in
            ink.map { !$0.glyphRows[index].overlaps(rows) } ?? false
        }) { _, glyph, place in
            switch glyph.image {
            case let .coverage(mask):
                canvas.composite(mask: mask, x: place.x + glyph.left, y: place.y - glyph.top, color: place.color)
            case let .color(bitmap):
                canvas.composite(colorBitmap: bitmap, x: place.x + glyph.left, y: place.y - glyph.top)
            }
        }
    }

    /// Rasterizes into the cache, drawing nothing, the glyphs that
    /// ``draw(_:into:atX:y:scale:)`` draws for `layout` at `x` (and any row: a glyph's image
    /// depends on its column's quarter pixel, not its baseline), so that a draw on another
    /// thread finds them there.
    ///
    /// - Throws: the errors of ``draw(_:into:atX:y:scale:)``.
    package func warm(_ layout: TextLayout, atX x: Double, scale: Int) throws {
        try forEachGlyph(of: layout, atX: x, y: 0, scale: scale, skipping: { _ in false }) { _, _, _ in }
    }

    /// The rows of pixels each glyph of `layout` covers when drawn at (`x`, `y`) at `scale`, as
    /// ``draw(_:into:atX:y:scale:)`` places it (rasterizing glyphs not yet in the cache).
    ///
    /// - Throws: the errors of ``draw(_:into:atX:y:scale:)``.
    package func ink(of layout: TextLayout, atX x: Double, y: Double, scale: Int) throws -> TextInk {
        var glyphRows = [Range<Int>](repeating: 0..<0, count: layout.placement.placed.glyphs.count)
        try forEachGlyph(of: layout, atX: x, y: y, scale: scale, skipping: { _ in false }) { index, glyph, place in
            let top = place.y - glyph.top
            glyphRows[index] = top..<top + glyph.height
        }
        return TextInk(glyphRows: glyphRows)
    }

    /// Calls `body` with each drawn glyph's index in the placed glyphs, its image and its pixel
    /// position (pen column, baseline row) and colour, for the glyphs `skip` doesn't skip by
    /// index.
    @inline(__always)
    private func forEachGlyph(
        of layout: TextLayout, atX x: Double, y: Double, scale: Int, skipping skip: (Int) -> Bool,
        _ body: (Int, RenderedGlyph, (x: Int, y: Int, color: Color)) throws -> Void
    ) throws {
        try Self.validate(scale: scale)
        guard x.isFinite else { throw TypeLayoutError.invalidValue(x) }
        guard y.isFinite else { throw TypeLayoutError.invalidValue(y) }
        let s = Double(scale)
        // Read once: the layout places its glyphs when first read, and each read after that
        // is an atomic load.
        let placed = layout.placement.placed
        let glyphs = placed.glyphs, faces = placed.faces
        // Glyphs are fetched from the cache a batch at a time, one lock for the batch.
        let batch = min(glyphs.count, GlyphCache.batchLimit)
        var requests: [GlyphCache.Request] = []
        var placements: [(index: Int, x: Int, y: Int, color: Color)] = []
        var rendered: [RenderedGlyph] = []
        requests.reserveCapacity(batch)
        placements.reserveCapacity(batch)
        rendered.reserveCapacity(batch)
        func flush() throws {
            try cache.glyphs(for: requests, into: &rendered)
            for i in rendered.indices {
                let place = placements[i]
                try body(place.index, rendered[i], (place.x, place.y, place.color))
            }
            requests.removeAll(keepingCapacity: true)
            placements.removeAll(keepingCapacity: true)
        }
        for (index, glyph) in glyphs.enumerated() {
            let face = faces[glyph.layoutFaceIndex]
            // An invisible outline glyph needs no rasterizing; a colour glyph ignores the colour.
            if glyph.color.alpha == 0, !face.hasColorGlyphs { continue }
            if skip(index) { continue }
            let penX = x + glyph.x * s, baselineY = y + glyph.y * s
            // Far outside any canvas (and past where Int conversion is safe): nothing to draw.
            guard abs(penX) < 1e9, abs(baselineY) < 1e9 else { continue }
            // Round to the nearest quarter pixel (GlyphCache.subpixelPhases is 4); `>>` and `&`
            // floor, so positions left of the canvas work too.
            let quarters = (penX * 4).roundedToInt
            let column = quarters >> 2, phase = quarters & 3
            let baseline = baselineY.roundedToInt
            requests.append(GlyphCache.Request(face: face, glyphID: glyph.glyphID, pixelsPerEm: glyph.pointSize * s, phase: phase))
            placements.append((index, column, baseline, glyph.color))
            if requests.count == GlyphCache.batchLimit { try flush() }
        }
        if !requests.isEmpty { try flush() }
    }

    private static func validate(scale: Int) throws {
        guard scales.contains(scale) else { throw TypeLayoutError.invalidDisplayScale(Double(scale)) }
    }

    /// ⌈`value`⌉, at least 1, capped (without trapping) far above any allowed image side so
    /// that the canvas reports the size as too large.
    private static func pixelCount(_ value: Double) -> Int {
        let cap = Double(1 << 40)
        guard !value.isNaN, value < cap else { return 1 << 40 }
        // Negative infinity (a layout whose advances sum below -Double.greatestFiniteMagnitude)
        // would trap converting to Int.
        guard value > 1 else { return 1 }
        return Int(value.rounded(.up))
    }
}

/// The rows of pixels each glyph of a text covers at one position and scale
/// (``Rasterizer/ink(of:atX:y:scale:)``), so that a band of a picture draws only the glyphs
/// that reach it.
package struct TextInk: Sendable {
    /// Each placed glyph's rows, by its index among the layout's placed glyphs; empty for a
    /// glyph that draws nothing.
    package let glyphRows: [Range<Int>]
}

extension Double {
    /// `Int(rounded())` (halves away from zero) for magnitudes below 2^52, in a few inline
    /// instructions: `rounded()` is a call to libm's `round` on baseline x86-64 (no SSE4.1),
    /// three per glyph drawn.
    var roundedToInt: Int {
        let truncated = Int(self)
        // Exact: for |self| ≥ 1 the integer part is within a factor of two of it.
        let fraction = self - Double(truncated)
        return fraction >= 0.5 ? truncated + 1 : fraction <= -0.5 ? truncated - 1 : truncated
    }
}
