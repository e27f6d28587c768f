/// An RGBA8 drawing surface with premultiplied alpha, for compositing glyphs, colour emoji,
/// rectangles and whole renderings.
///
/// **Gamma.** Compositing works directly on sRGB-encoded values, without converting to linear
/// light and back, as CoreGraphics bitmap contexts in an sRGB colour space and browsers' CSS
/// compositing do. Why: results are exact and reproducible in 8-bit integer arithmetic (no
/// transfer-function tables or floating point, so reference images compare byte for byte);
/// colour emoji bitmaps and most UI colours are authored for this kind of blending; and the
/// output matches what most 2D stacks produce, which makes renderings comparable.
/// The cost is known: FreeType's documentation for `FT_Render_Glyph` recommends blending
/// coverage in linear space (with an inverse gamma around 1.8), because blending encoded
/// values makes anti-aliased edges too dark, so dark text on light looks a little heavy and
/// light text on dark a little thin. Switching to linear blending would change every pixel of
/// anti-aliased output, so it would need to be a deliberate, separate change.
///
/// **Exactness.** Every operation uses integer math with round-to-nearest
/// (`(a × b + 127) / 255`), so the same calls give the same bytes on every machine. Opaque
/// colour at full coverage gives exactly that colour.
///
/// All drawing is clipped to the canvas, and to its clip rectangle when one is set: any
/// position and size is allowed, including ones partly or wholly outside it.
public struct Canvas: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels (of the rows held, for a band of a taller picture).
    public let height: Int
    /// The first row held: 0, or a band's first row of the picture it is part of. Drawing
    /// takes the picture's coordinates; only rows `top ..< top + height` are kept.
    package let top: Int
    /// `width × height × 4` bytes, RGBA with premultiplied alpha, rows from the top.
    /// ``image()`` converts to straight alpha.
    public package(set) var premultipliedPixels: [UInt8]
    /// The pixels drawing may change (the whole canvas unless `setClip(_:)` narrowed it):
    /// how a screen's `overflow: hidden` box keeps its children inside it.
    package private(set) var clip: PixelRect
    /// Whether every pixel is opaque: true from an opaque background on, since source-over
    /// keeps an opaque pixel opaque (a + d × (255 − a) / 255 = 255 when d = 255, exactly, for
    /// every operation here). Premultiplied and straight are then the same bytes, so
    /// ``image()`` needn't convert.
    private let isOpaque: Bool

    /// A canvas filled with `background`.
    ///
    /// A transparent background stores as premultiplied zero, so its colour channels are lost:
    /// ``image()`` gives (0, 0, 0, 0) wherever nothing is drawn on it.
    ///
    /// - Throws: ``ImageError/invalidSize(width:height:)`` for a side below 1,
    ///   ``ImageError/tooLarge(width:height:)`` above ``RGBAImage/maximumDimension`` on a side
    ///   or ``RGBAImage/maximumByteCount`` bytes.
    public init(width: Int, height: Int, background: Color = .clear) throws {
        try self.init(width: width, top: 0, height: height, background: background)
    }

    /// The band `rows` of a picture `width` pixels wide, filled with `background`: drawing the
    /// same calls into each band of a picture gives the same pixels as drawing them once into
    /// the whole (every operation reads and writes only the pixel it paints), without holding
    /// the whole picture.
    package init(width: Int, rows: Range<Int>, background: Color = .clear) throws {
        try self.init(width: width, top: rows.lowerBound, height: rows.count, background: background)
    }

    private init(width: Int, top: Int, height: Int, background: Color) throws {
        let count = try RGBAImage.checkedByteCount(width: width, height: height)
        self.width = width
        self.height = height
        self.top = top
        let (r, g, b, a) = background.premultiplied
        isOpaque = a == 255
        clip = PixelRect(minX: 0, minY: top, maxX: width, maxY: top + height)
        // One 32-bit store a pixel (the bytes r, g, b, a in memory order on any host), which
        // the compiler vectorizes, unlike a byte at a time.
        let pattern = (r | g << 8 | b << 16 | a << 24).littleEndian
        premultipliedPixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress!), count: count)
            UnsafeMutableRawPointer(buffer.baseAddress!).initializeMemory(
                as: UInt32.self, repeating: pattern, count: count / 4)
            initialized = count
        }
    }

    /// Limits drawing to `rect` within the canvas (an empty rectangle draws nothing); the
    /// previous clip is forgotten, so a caller nesting clips intersects them itself.
    package mutating func setClip(_ rect: PixelRect) {
        clip = rect.intersection(bounds)
    }

    /// The pixels held, in the picture's coordinates.
    package var bounds: PixelRect { PixelRect(minX: 0, minY: top, maxX: width, maxY: top + height) }

    /// Paints a rectangle with `color`, blended source-over (a translucent colour tints what is
    /// below; an opaque one replaces it). Empty for a width or height of 0 or less.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: Color) {
        guard color.alpha != 0,
              let columns = PixelMath.clip(origin: x, length: width, lower: clip.minX, upper: clip.maxX),
              let rows = PixelMath.clip(origin: y, length: height, lower: clip.minY, upper: clip.maxY)
        else { return }
        let (r, g, b, a) = color.premultiplied
        let inverse = 255 - a
        let stride = self.width * 4
        premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
            let base = pixels.baseAddress!
            if a == 255 {
                // An opaque colour replaces the pixels (the blend below with inverse 0): one
                // 32-bit store each, which the compiler vectorizes.
                let pattern = (r | g << 8 | b << 16 | a << 24).littleEndian
                for row in rows.destination..<(rows.destination + rows.count) {
                    UnsafeMutableRawPointer(base + (row - top) * stride + columns.destination * 4)
                        .initializeMemory(as: UInt32.self, repeating: pattern, count: columns.count)
                }
                return
            }
            for row in rows.destination..<(rows.destination + rows.count) {
                var d = base + (row - top) * stride + columns.destination * 4
                for _ in 0..<columns.count {
                    d[0] = UInt8(truncatingIfNeeded: r &+ PixelMath.multiply(UInt32(d[0]), inverse))
                    d[1] = UInt8(truncatingIfNeeded: g &+ PixelMath.multiply(UInt32(d[1]), inverse))
                    d[2] = UInt8(truncatingIfNeeded: b &+ PixelMath.multiply(UInt32(d[2]), inverse))
                    d[3] = UInt8(truncatingIfNeeded: a &+ PixelMath.multiply(UInt32(d[3]), inverse))
                    d += 4
                }
            }
        }
    }

    /// Outlines a rectangle with lines `lineWidth` pixels thick, drawn inside its edges, so the
    /// outline covers exactly the pixels of the rectangle that are within `lineWidth` of its
    /// border (used to mark failed renderings). Each pixel is painted once, so a translucent
    /// colour doesn't darken the corners. A `lineWidth` of half the smaller side or more fills
    /// the rectangle; 0 or less draws nothing.
    public mutating func strokeRect(x: Int, y: Int, width: Int, height: Int, lineWidth: Int, color: Color) {
        guard width > 0, height > 0, lineWidth > 0 else { return }
        // `lineWidth < (width + 1) / 2`, written so that a width of Int.max can't overflow.
        guard lineWidth <= (width - 1) / 2, lineWidth <= (height - 1) / 2 else {
            fill(x: x, y: y, width: width, height: height, color: color)
            return
        }
        let innerTop = PixelMath.saturatingAdd(y, lineWidth)
        let innerHeight = height - 2 * lineWidth
        fill(x: x, y: y, width: width, height: lineWidth, color: color)
        fill(x: x, y: PixelMath.saturatingAdd(y, height - lineWidth), width: width, height: lineWidth, color: color)
        fill(x: x, y: innerTop, width: lineWidth, height: innerHeight, color: color)
        fill(x: PixelMath.saturatingAdd(x, width - lineWidth), y: innerTop,
             width: lineWidth, height: innerHeight, color: color)
    }

    /// Composites a coverage mask tinted with `color`, source-over, with its top-left corner at
    /// (`x`, `y`): each pixel gets `color` at opacity coverage × `color.alpha`.
    public mutating func composite(mask: CoverageMask, x: Int, y: Int, color: Color) {
        guard color.alpha != 0,
              let columns = PixelMath.clip(origin: x, length: mask.width, lower: clip.minX, upper: clip.maxX),
              let rows = PixelMath.clip(origin: y, length: mask.height, lower: clip.minY, upper: clip.maxY)
        else { return }
        let (r, g, b, a) = color.premultiplied
        let stride = width * 4
        let maskWidth = mask.width
        // On an opaque canvas alpha stays 255 (see `isOpaque`): only colour is blended, sparing
        // text drawn on an opaque background the alpha channel's arithmetic.
        let keepsAlpha = isOpaque
        mask.withUnsafeBytes { coverage in
            premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
                let source = coverage.baseAddress!.assumingMemoryBound(to: UInt8.self), base = pixels.baseAddress!
                if r | g | b == 0, a == 255 {
                    // Opaque black, the default text colour: the blend below with its zero
                    // terms dropped (multiply(0, c) = 0 and multiply(255, c) = c), the same
                    // bytes for half the arithmetic.
                    for row in 0..<rows.count {
                        var s = source + (rows.source + row) * maskWidth + columns.source
                        var d = base + (rows.destination - top + row) * stride + columns.destination * 4
                        var remaining = columns.count
                        // Four pixels at a time in 16-bit lanes (SSE2 on any x86-64): fewer
                        // instructions than the loop below, which finishes the row (a padded
                        // block for the last pixels would cost more: their coverage is mostly 0).
                        while remaining >= 4 {
                            Self.blendBlack(coverage: SIMD4(UInt32(s[0]), UInt32(s[1]), UInt32(s[2]), UInt32(s[3])), pixels: d)
                            s += 4
                            d += 16
                            remaining -= 4
                        }
                        for _ in 0..<remaining {
                            let c = UInt32(s.pointee)
                            if c != 0 {
                                let inverse = 255 - c
                                d[0] = UInt8(truncatingIfNeeded: PixelMath.multiply(UInt32(d[0]), inverse))
                                d[1] = UInt8(truncatingIfNeeded: PixelMath.multiply(UInt32(d[1]), inverse))
                                d[2] = UInt8(truncatingIfNeeded: PixelMath.multiply(UInt32(d[2]), inverse))
                                if !keepsAlpha {
                                    d[3] = UInt8(truncatingIfNeeded: c &+ PixelMath.multiply(UInt32(d[3]), inverse))
                                }
                            }
                            s += 1
                            d += 4
                        }
                    }
                    return
                }
                for row in 0..<rows.count {
                    var s = source + (rows.source + row) * maskWidth + columns.source
                    var d = base + (rows.destination - top + row) * stride + columns.destination * 4
                    for _ in 0..<columns.count {
                        let c = UInt32(s.pointee)
                        if c == 255 && a == 255 {
                            // Full coverage of an opaque colour replaces the pixel: what the
                            // blend below gives (multiply(x, 255) = x, inverse 0), cheaper.
                            d[0] = UInt8(truncatingIfNeeded: r)
                            d[1] = UInt8(truncatingIfNeeded: g)
                            d[2] = UInt8(truncatingIfNeeded: b)
                            d[3] = 255
                        } else if c != 0 {
                            let inverse = 255 - PixelMath.multiply(a, c)
                            d[0] = UInt8(truncatingIfNeeded: PixelMath.multiply(r, c) &+ PixelMath.multiply(UInt32(d[0]), inverse))
                            d[1] = UInt8(truncatingIfNeeded: PixelMath.multiply(g, c) &+ PixelMath.multiply(UInt32(d[1]), inverse))
                            d[2] = UInt8(truncatingIfNeeded: PixelMath.multiply(b, c) &+ PixelMath.multiply(UInt32(d[2]), inverse))
                            if !keepsAlpha {
                                d[3] = UInt8(truncatingIfNeeded: PixelMath.multiply(a, c) &+ PixelMath.multiply(UInt32(d[3]), inverse))
                            }
                        }
                        s += 1
                        d += 4
                    }
                }
            }
        }
    }

    /// Opaque black at `coverage` (0...255 each) over four premultiplied pixels, as the scalar loop of
    /// ``composite(mask:x:y:color:)`` blends them: each channel becomes `multiply(d, 255 − c)`,
    /// and alpha gains `c` on top (which leaves an opaque pixel at 255). A coverage of 0 leaves
    /// a pixel as it is (`multiply(d, 255) = d`), so no pixel needs a branch.
    ///
    /// The 16 bytes are split into two vectors of 16-bit lanes, even bytes (red, blue) and odd
    /// bytes (green, alpha), each pixel taking two lanes; only same-type SIMD operations are
    /// used, because the standard library's lane-type conversions are element-wise calls.
    /// `multiply(x, y) = (x·y + 127) / 255` is computed as `(t + t >> 8) >> 8` with
    /// `t = x·y + 128`, which is exact for every x and y in 0...255 and stays below 2^16.
    @inline(__always)
    private static func blendBlack(coverage: SIMD4<UInt32>, pixels d: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(d)
        // Each pixel's coverage in both of its lanes.
        let c = unsafeBitCast(coverage &* 0x0001_0001, to: SIMD8<UInt16>.self)
        let inverse = 255 &- c
        let pixels = raw.loadUnaligned(as: SIMD8<UInt16>.self)
        let even = (pixels & 0x00FF) &* inverse &+ 128
        let odd = (pixels &>> 8) &* inverse &+ 128
        // Alpha is the odd byte of each pixel's second lane.
        let alphaLanes = SIMD8<UInt16>(0, 0xFF, 0, 0xFF, 0, 0xFF, 0, 0xFF)
        let blendedEven = (even &+ (even &>> 8)) &>> 8
        let blendedOdd = (odd &+ (odd &>> 8)) &>> 8 &+ (c & alphaLanes)
        raw.storeBytes(of: blendedEven | blendedOdd &<< 8, as: SIMD8<UInt16>.self)
    }

    /// Composites a premultiplied colour bitmap (a colour emoji), source-over, with its top-left
    /// corner at (`x`, `y`), honouring its ``PremultipliedBitmap/format``. Scale it to the text
    /// size first with ``PremultipliedBitmap/scaled(toWidth:height:)``.
    public mutating func composite(colorBitmap bitmap: PremultipliedBitmap, x: Int, y: Int) {
        guard let columns = PixelMath.clip(origin: x, length: bitmap.width, lower: clip.minX, upper: clip.maxX),
              let rows = PixelMath.clip(origin: y, length: bitmap.height, lower: clip.minY, upper: clip.maxY)
        else { return }
        // Byte offsets of red and blue within a source pixel.
        let (redOffset, blueOffset) = bitmap.format == .bgra ? (2, 0) : (0, 2)
        let stride = width * 4
        let sourceStride = bitmap.width * 4
        bitmap.bytes.withUnsafeBufferPointer { bitmapBytes in
            premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
                let source = bitmapBytes.baseAddress!, base = pixels.baseAddress!
                for row in 0..<rows.count {
                    var s = source + (rows.source + row) * sourceStride + columns.source * 4
                    var d = base + (rows.destination - top + row) * stride + columns.destination * 4
                    for _ in 0..<columns.count {
                        let a = UInt32(s[3])
                        if a != 0 {
                            let inverse = 255 - a
                            // Capping colour at alpha keeps malformed input from overflowing.
                            let r = Swift.min(UInt32(s[redOffset]), a)
                            let g = Swift.min(UInt32(s[1]), a)
                            let b = Swift.min(UInt32(s[blueOffset]), a)
                            d[0] = UInt8(truncatingIfNeeded: r &+ PixelMath.multiply(UInt32(d[0]), inverse))
                            d[1] = UInt8(truncatingIfNeeded: g &+ PixelMath.multiply(UInt32(d[1]), inverse))
                            d[2] = UInt8(truncatingIfNeeded: b &+ PixelMath.multiply(UInt32(d[2]), inverse))
                            d[3] = UInt8(truncatingIfNeeded: a &+ PixelMath.multiply(UInt32(d[3]), inverse))
                        }
                        s += 4
                        d += 4
                    }
                }
            }
        }
    }

    /// Draws a straight-alpha image, source-over, with its top-left corner at (`x`, `y`): to
    /// paste one rendering into a contact sheet. Opaque pixels replace the canvas; translucent
    /// ones blend over it.
    public mutating func draw(image: RGBAImage, x: Int, y: Int) {
        guard let columns = PixelMath.clip(origin: x, length: image.width, lower: clip.minX, upper: clip.maxX),
              let rows = PixelMath.clip(origin: y, length: image.height, lower: clip.minY, upper: clip.maxY)
        else { return }
        let stride = width * 4
        let sourceStride = image.width * 4
        image.pixels.withUnsafeBufferPointer { imagePixels in
            premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
                let source = imagePixels.baseAddress!, base = pixels.baseAddress!
                for row in 0..<rows.count {
                    var s = source + (rows.source + row) * sourceStride + columns.source * 4
                    var d = base + (rows.destination - top + row) * stride + columns.destination * 4
                    for _ in 0..<columns.count {
                        let a = UInt32(s[3])
                        if a == 255 {
                            d.update(from: s, count: 4)
                        } else if a != 0 {
                            let inverse = 255 - a
                            d[0] = UInt8(truncatingIfNeeded: PixelMath.multiply(UInt32(s[0]), a) &+ PixelMath.multiply(UInt32(d[0]), inverse))
                            d[1] = UInt8(truncatingIfNeeded: PixelMath.multiply(UInt32(s[1]), a) &+ PixelMath.multiply(UInt32(d[1]), inverse))
                            d[2] = UInt8(truncatingIfNeeded: PixelMath.multiply(UInt32(s[2]), a) &+ PixelMath.multiply(UInt32(d[2]), inverse))
                            d[3] = UInt8(truncatingIfNeeded: a &+ PixelMath.multiply(UInt32(d[3]), inverse))
                        }
                        s += 4
                        d += 4
                    }
                }
            }
        }
    }

    /// The canvas as a straight-alpha image, for `PNGCodec.encode(_:)` (TypeLayoutRendering).
    ///
    /// Each colour channel is divided by alpha with rounding to nearest; fully transparent
    /// pixels become (0, 0, 0, 0). Light translucent pixels can differ by a little from the
    /// colour drawn, since premultiplied 8-bit storage keeps fewer distinct colours at low alpha.
    public func image() -> RGBAImage {
        var pixels = premultipliedPixels
        if !isOpaque { Self.unpremultiplyInPlace(&pixels) }
        return RGBAImage(unchecked: width, height: height, pixels: pixels)
    }

    /// ``image()`` without a copy, for a canvas's last use: the pixels are converted where they
    /// are and moved into the image, leaving this canvas with none (it must not be drawn on or
    /// read again). Saves a second full-size buffer: 22 MB for a 12-category sheet at @2x.
    package mutating func takeImage() -> RGBAImage {
        var pixels: [UInt8] = []
        swap(&pixels, &premultipliedPixels)
        if !isOpaque { Self.unpremultiplyInPlace(&pixels) }
        return RGBAImage(unchecked: width, height: height, pixels: pixels)
    }

    /// Premultiplied to straight alpha, pixel by pixel in place: opaque pixels (most of a
    /// rendered label) are left as they are, transparent ones become (0, 0, 0, 0).
    private static func unpremultiplyInPlace(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let d = buffer.baseAddress else { return }
            let count = buffer.count
            let raw = UnsafeRawPointer(d)
            var i = 0
            while i < count {
                // Two opaque pixels at once (alpha is the 4th and 8th byte): nothing to do.
                if i + 8 <= count,
                   UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0xFF00_0000_FF00_0000
                    == 0xFF00_0000_FF00_0000 {
                    i += 8
                    continue
                }
                let a = UInt32(d[i + 3])
                if a == 255 {
                    // Already straight.
                } else if a == 0 {
                    (d + i).update(repeating: 0, count: 4)
                } else {
                    d[i] = UInt8(truncatingIfNeeded: PixelMath.unpremultiply(UInt32(d[i]), alpha: a))
                    d[i + 1] = UInt8(truncatingIfNeeded: PixelMath.unpremultiply(UInt32(d[i + 1]), alpha: a))
                    d[i + 2] = UInt8(truncatingIfNeeded: PixelMath.unpremultiply(UInt32(d[i + 2]), alpha: a))
                }
                i += 4
            }
        }
    }
}
