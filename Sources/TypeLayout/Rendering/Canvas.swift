// MARK: - Pixel math

/// Integer pixel arithmetic shared by ``Canvas`` and ``PremultipliedBitmap``, so that the same
/// input always gives the same bytes on every machine.
enum PixelMath {
    /// `a × b / 255` rounded to nearest, exactly, for `a` and `b` in 0...255.
    ///
    /// Adding 127 rounds correctly because `a × b / 255` is never exactly halfway between two
    /// integers: 255 is odd, so `2ab = 255(2k + 1)` has no solution.
    @inline(__always)
    static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (a &* b &+ 127) / 255
    }

    /// The straight value of premultiplied channel `c` at alpha `a` (1...255), rounded to
    /// nearest and capped at 255 in case `c > a` in malformed input.
    @inline(__always)
    static func unpremultiply(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        Swift.min(255, (c &* 255 &+ a / 2) / a)
    }

    /// The part of `origin ..< origin + length` inside `0 ..< limit`: where it starts on the
    /// destination, how far into the source that is, and how long it is; nil if empty.
    /// Written so that no input, however extreme, overflows.
    static func clip(origin: Int, length: Int, limit: Int) -> (destination: Int, source: Int, count: Int)? {
        guard length > 0, limit > 0, origin < limit, origin > -length else { return nil }
        let start = Swift.max(origin, 0)
        let end = origin > limit - length ? limit : origin + length
        return (start, start - origin, end - start)
    }

    /// `a + b`, saturating instead of trapping: used for rectangle edges from caller input.
    static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}

extension Color {
    /// Premultiplied channels (red, green, blue scaled by alpha / 255, rounded), alpha last.
    var premultiplied: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) {
        let a = UInt32(alpha)
        return (PixelMath.multiply(UInt32(red), a), PixelMath.multiply(UInt32(green), a),
                PixelMath.multiply(UInt32(blue), a), a)
    }
}

// MARK: - CoverageMask

/// An 8-bit coverage (alpha) mask, such as an anti-aliased glyph from FreeType: 0 is
/// uncovered, 255 fully covered. Rows top to bottom, `width` bytes each, no padding.
///
/// A mask may be empty (0 × 0, like the glyph for a space).
///
/// A mask is a view of bytes it shares, never changes: masks rasterized together by a
/// ``GlyphCache`` are slices of one block of memory (one allocation for a batch of glyphs
/// instead of one each), which lives as long as any mask of it. Read the values in place with
/// ``withUnsafeBytes(_:)``; ``bytes`` copies them.
public struct CoverageMask: Sendable, Equatable {
    /// Width in pixels (0 or more).
    public let width: Int
    /// Height in pixels (0 or more).
    public let height: Int
    /// The block holding the values, shared with other masks.
    let storage: CoverageStorage
    /// Where this mask's first value is in `storage`.
    let offset: Int

    /// `width × height` coverage values, copied out of the shared block.
    public var bytes: [UInt8] {
        withUnsafeBytes { [UInt8]($0) }
    }

    /// Calls `body` with the `width × height` coverage values, in place (no copy). The buffer
    /// is valid only during the call and must not be written to.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            try body(UnsafeRawBufferPointer(start: storage.base + offset, count: width * height))
        }
    }

    /// Wraps coverage values.
    ///
    /// - Throws: ``ImageError/invalidSize(width:height:)`` for a negative size,
    ///   ``ImageError/tooLarge(width:height:)`` if `width × height` overflows, or
    ///   ``ImageError/byteCountMismatch(width:height:expected:actual:)``.
    public init(width: Int, height: Int, bytes: [UInt8]) throws {
        let count = try bitmapByteCount(width: width, height: height, bytesPerPixel: 1)
        guard bytes.count == count else {
            throw ImageError.byteCountMismatch(width: width, height: height, expected: count, actual: bytes.count)
        }
        let storage = CoverageStorage(zeroedCount: count)
        bytes.withUnsafeBytes { storage.base.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(storage.base), byteCount: count) }
        self.init(storage: storage, offset: 0, width: width, height: height)
    }

    /// Copies a mask whose rows are `pitch` bytes apart, such as FreeType's `FT_Bitmap`
    /// (`buffer`, `width`, `rows`, `pitch`) for `FT_PIXEL_MODE_GRAY`, dropping the row padding.
    ///
    /// - Parameter rows: the first byte of the top row; may be nil only for an empty mask.
    /// - Precondition: `pitch >= width` (FreeType's glyph renderer never gives a negative pitch).
    /// - Throws: ``ImageError/invalidSize(width:height:)`` or ``ImageError/tooLarge(width:height:)``.
    public init(width: Int, height: Int, pitch: Int, rows: UnsafePointer<UInt8>?) throws {
        let count = try bitmapByteCount(width: width, height: height, bytesPerPixel: 1)
        try self.init(width: width, height: height,
                      bytes: copyRows(rows, rowBytes: width, pitch: pitch, height: height, total: count))
    }

    /// The `width × height` values at `offset` in `storage`, which the caller has written and
    /// won't change.
    init(storage: CoverageStorage, offset: Int, width: Int, height: Int) {
        precondition(width >= 0 && height >= 0 && offset >= 0 && offset + width * height <= storage.count,
                     "a \(width) × \(height) mask at \(offset) is outside its \(storage.count)-byte block")
        self.storage = storage
        self.offset = offset
        self.width = width
        self.height = height
    }

    /// Same size and values, wherever they are stored.
    public static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        if a.storage === b.storage, a.offset == b.offset { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.elementsEqual(y) } }
    }
}

/// A block of coverage bytes shared by the ``CoverageMask``s sliced from it: written once by
/// whoever made it, before any mask of it is handed out, then only read. That is what makes
/// sharing it between threads safe (hence `@unchecked Sendable`).
final class CoverageStorage: @unchecked Sendable {
    /// `count` bytes, owned.
    let base: UnsafeMutableRawPointer
    let count: Int

    /// `count` zero bytes (FreeType's rasterizer adds coverage to what is there).
    init(zeroedCount count: Int) {
        precondition(count >= 0, "a block of \(count) bytes")
        self.count = count
        base = .allocate(byteCount: max(count, 1), alignment: 16)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
    }

    deinit {
        base.deallocate()
    }
}

// MARK: - PremultipliedBitmap

/// A colour bitmap with premultiplied alpha, such as a colour emoji glyph.
///
/// FreeType renders colour glyphs (`FT_PIXEL_MODE_BGRA`, e.g. from Noto Color Emoji's CBDT
/// table) as premultiplied, sRGB-encoded **BGRA**: use ``Format/bgra`` for those.
/// Rows top to bottom, `width × 4` bytes each, no padding.
public struct PremultipliedBitmap: Sendable, Equatable {
    /// The byte order of each 4-byte pixel.
    public enum Format: Sendable, Hashable {
        /// Blue, green, red, alpha: FreeType's `FT_PIXEL_MODE_BGRA`.
        case bgra
        /// Red, green, blue, alpha.
        case rgba
    }

    /// Width in pixels (0 or more).
    public let width: Int
    /// Height in pixels (0 or more).
    public let height: Int
    /// The byte order of ``bytes``.
    public let format: Format
    /// `width × height × 4` bytes, premultiplied: no colour byte should exceed its alpha
    /// (compositing caps any that do).
    public let bytes: [UInt8]

    /// Wraps premultiplied pixels.
    ///
    /// - Throws: ``ImageError/invalidSize(width:height:)`` for a negative size,
    ///   ``ImageError/tooLarge(width:height:)`` if the byte count overflows, or
    ///   ``ImageError/byteCountMismatch(width:height:expected:actual:)``.
    public init(width: Int, height: Int, format: Format, bytes: [UInt8]) throws {
        let count = try bitmapByteCount(width: width, height: height, bytesPerPixel: 4)
        guard bytes.count == count else {
            throw ImageError.byteCountMismatch(width: width, height: height, expected: count, actual: bytes.count)
        }
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// Copies a bitmap whose rows are `pitch` bytes apart, such as FreeType's `FT_Bitmap` for
    /// `FT_PIXEL_MODE_BGRA`, dropping the row padding.
    ///
    /// - Parameter rows: the first byte of the top row; may be nil only for an empty bitmap.
    /// - Precondition: `pitch >= width × 4`.
    /// - Throws: ``ImageError/invalidSize(width:height:)`` or ``ImageError/tooLarge(width:height:)``.
    public init(width: Int, height: Int, format: Format, pitch: Int, rows: UnsafePointer<UInt8>?) throws {
        let count = try bitmapByteCount(width: width, height: height, bytesPerPixel: 4)
        self.width = width
        self.height = height
        self.format = format
        self.bytes = copyRows(rows, rowBytes: width * 4, pitch: pitch, height: height, total: count)
    }

    private init(unchecked width: Int, height: Int, format: Format, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.format = format
        self.bytes = bytes
    }

    /// This bitmap resampled to `newWidth × newHeight`, for drawing a fixed-size colour glyph
    /// (Noto Color Emoji's bitmaps are 136 × 128 at 109 ppem) at the text's size.
    ///
    /// Each axis is filtered separately: shrinking averages the source pixels each destination
    /// pixel covers, weighted by the covered area (a box filter, which doesn't alias or drop
    /// thin lines as sampling would); enlarging interpolates linearly between the two nearest
    /// pixel centres (bilinear). Filtering premultiplied values keeps edges free of dark
    /// fringes. All weights are integers, so results are exact and deterministic. An empty
    /// bitmap scales to a transparent one.
    ///
    /// - Throws: ``ImageError/invalidSize(width:height:)`` or ``ImageError/tooLarge(width:height:)``
    ///   for a new size outside the canvas limits.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) throws -> PremultipliedBitmap {
        let count = try RGBAImage.checkedByteCount(width: newWidth, height: newHeight)
        if newWidth == width, newHeight == height { return self }
        guard width > 0, height > 0 else {
            return PremultipliedBitmap(
                unchecked: newWidth, height: newHeight, format: format,
                bytes: [UInt8](repeating: 0, count: count))
        }

        let horizontal = ResampleAxis(source: width, destination: newWidth)
        let vertical = ResampleAxis(source: height, destination: newHeight)
        let sourceWidth = width, sourceHeight = height

        // Horizontal pass: every source row to newWidth columns. Values stay below
        // 255 × horizontal.total (≤ 2^23), so UInt32 holds them.
        var middle = [UInt32](repeating: 0, count: sourceHeight * newWidth * 4)
        bytes.withUnsafeBufferPointer { source in
            middle.withUnsafeMutableBufferPointer { middle in
                for y in 0..<sourceHeight {
                    let sourceRow = y * sourceWidth * 4
                    let middleRow = y * newWidth * 4
                    for x in 0..<newWidth {
                        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
                        var s = sourceRow + horizontal.first[x] * 4
                        for t in horizontal.offsets[x]..<horizontal.offsets[x + 1] {
                            let w = horizontal.weights[t]
                            r &+= w &* UInt32(source[s])
                            g &+= w &* UInt32(source[s + 1])
                            b &+= w &* UInt32(source[s + 2])
                            a &+= w &* UInt32(source[s + 3])
                            s += 4
                        }
                        let m = middleRow + x * 4
                        middle[m] = r
                        middle[m + 1] = g
                        middle[m + 2] = b
                        middle[m + 3] = a
                    }
                }
            }
        }

        // Vertical pass into one reused accumulator row; sums reach 255 × 2^30, hence UInt64.
        let divisor = UInt64(horizontal.total) * UInt64(vertical.total)
        let half = divisor / 2
        let rowLength = newWidth * 4
        var output = [UInt8](repeating: 0, count: count)
        var accumulator = [UInt64](repeating: 0, count: rowLength)
        middle.withUnsafeBufferPointer { middle in
            output.withUnsafeMutableBufferPointer { output in
                accumulator.withUnsafeMutableBufferPointer { accumulator in
                    for y in 0..<newHeight {
                        for k in 0..<rowLength { accumulator[k] = 0 }
                        var row = vertical.first[y] * rowLength
                        for t in vertical.offsets[y]..<vertical.offsets[y + 1] {
                            let w = UInt64(vertical.weights[t])
                            for k in 0..<rowLength {
                                accumulator[k] &+= w &* UInt64(middle[row + k])
                            }
                            row += rowLength
                        }
                        let outputRow = y * rowLength
                        for k in 0..<rowLength {
                            // Weights sum to the divisor, so the result is ≤ 255.
                            output[outputRow + k] = UInt8(truncatingIfNeeded: (accumulator[k] &+ half) / divisor)
                        }
                    }
                }
            }
        }
        return PremultipliedBitmap(unchecked: newWidth, height: newHeight, format: format, bytes: output)
    }
}

/// Integer filter taps for resampling one axis: destination pixel `i` is the sum over
/// `t` in `offsets[i] ..< offsets[i + 1]` of `weights[t]` × source pixel
/// `first[i] + (t - offsets[i])`, divided by `total`.
private struct ResampleAxis {
    var first: [Int] = []
    var offsets: [Int] = [0]
    var weights: [UInt32] = []
    var total: UInt32

    init(source: Int, destination: Int) {
        first.reserveCapacity(destination)
        offsets.reserveCapacity(destination + 1)
        if destination == source {
            total = 1
            for i in 0..<destination { add(first: i, weights: [1]) }
        } else if destination < source {
            // Box filter. Measure in units of 1/(source × destination) of the image: source
            // pixel j spans [j × destination, (j + 1) × destination), destination pixel i spans
            // [i × source, (i + 1) × source); a tap's weight is their overlap, summing to source.
            total = UInt32(source)
            for i in 0..<destination {
                let low = i * source, high = (i + 1) * source
                let j0 = low / destination, j1 = (high - 1) / destination
                add(first: j0, weights: (j0...j1).map { j in
                    UInt32(Swift.min((j + 1) * destination, high) - Swift.max(j * destination, low))
                })
            }
        } else {
            // Bilinear with pixel centres aligned: destination centre i + ½ maps to source
            // position (i + ½) × source / destination − ½ = numerator / (2 × destination).
            let denominator = 2 * destination
            total = UInt32(denominator)
            for i in 0..<destination {
                let numerator = (2 * i + 1) * source - destination
                if numerator <= 0 {
                    add(first: 0, weights: [UInt32(denominator)])
                    continue
                }
                let j = numerator / denominator, fraction = numerator % denominator
                if j >= source - 1 || fraction == 0 {
                    add(first: Swift.min(j, source - 1), weights: [UInt32(denominator)])
                } else {
                    add(first: j, weights: [UInt32(denominator - fraction), UInt32(fraction)])
                }
            }
        }
    }

    private mutating func add(first index: Int, weights taps: [UInt32]) {
        first.append(index)
        weights.append(contentsOf: taps)
        offsets.append(weights.count)
    }
}

/// The byte count of a mask or bitmap, which unlike an image may be empty.
private func bitmapByteCount(width: Int, height: Int, bytesPerPixel: Int) throws(ImageError) -> Int {
    guard width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
    let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
    let (count, overflow2) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
    guard !overflow1, !overflow2 else { throw .tooLarge(width: width, height: height) }
    return count
}

/// `height` rows of `rowBytes` bytes, `pitch` apart in `rows`, packed without padding.
private func copyRows(
    _ rows: UnsafePointer<UInt8>?, rowBytes: Int, pitch: Int, height: Int, total: Int
) -> [UInt8] {
    guard total > 0 else { return [] }
    precondition(pitch >= rowBytes, "pitch \(pitch) is less than the row length \(rowBytes)")
    guard let rows else { preconditionFailure("no pixel data for a non-empty bitmap") }
    return [UInt8](unsafeUninitializedCapacity: total) { buffer, initialized in
        for y in 0..<height {
            (buffer.baseAddress! + y * rowBytes).initialize(from: rows + y * pitch, count: rowBytes)
        }
        initialized = total
    }
}

// MARK: - Canvas

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
/// All drawing is clipped to the canvas: any position and size is allowed, including ones
/// partly or wholly outside it.
public struct Canvas: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes, RGBA with premultiplied alpha, rows from the top.
    /// ``image()`` converts to straight alpha.
    public private(set) var premultipliedPixels: [UInt8]
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
        let count = try RGBAImage.checkedByteCount(width: width, height: height)
        self.width = width
        self.height = height
        let (r, g, b, a) = background.premultiplied
        isOpaque = a == 255
        // One 32-bit store a pixel (the bytes r, g, b, a in memory order on any host), which
        // the compiler vectorizes; a byte at a time was a tenth of a warm-cache render.
        let pattern = (r | g << 8 | b << 16 | a << 24).littleEndian
        premultipliedPixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawPointer(buffer.baseAddress!).initializeMemory(
                as: UInt32.self, repeating: pattern, count: count / 4)
            initialized = count
        }
    }

    /// Paints a rectangle with `color`, blended source-over (a translucent colour tints what is
    /// below; an opaque one replaces it). Empty for a width or height of 0 or less.
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: Color) {
        guard color.alpha != 0,
              let columns = PixelMath.clip(origin: x, length: width, limit: self.width),
              let rows = PixelMath.clip(origin: y, length: height, limit: self.height)
        else { return }
        let (r, g, b, a) = color.premultiplied
        let inverse = 255 - a
        let stride = self.width * 4
        premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
            let base = pixels.baseAddress!
            for row in rows.destination..<(rows.destination + rows.count) {
                var d = base + row * stride + columns.destination * 4
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
              let columns = PixelMath.clip(origin: x, length: mask.width, limit: width),
              let rows = PixelMath.clip(origin: y, length: mask.height, limit: height)
        else { return }
        let (r, g, b, a) = color.premultiplied
        let stride = width * 4
        let maskWidth = mask.width
        // On an opaque canvas alpha stays 255 (see `isOpaque`): only colour is blended, which
        // was a quarter of the arithmetic of text drawn on an opaque background.
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
                        var d = base + (rows.destination + row) * stride + columns.destination * 4
                        var remaining = columns.count
                        // Four pixels at a time in 16-bit lanes (SSE2 on any x86-64): a third
                        // of the instructions of the loop below, which finishes the row (a
                        // padded block for the last pixels cost more: their coverage is mostly 0).
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
                    var d = base + (rows.destination + row) * stride + columns.destination * 4
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
        guard let columns = PixelMath.clip(origin: x, length: bitmap.width, limit: width),
              let rows = PixelMath.clip(origin: y, length: bitmap.height, limit: height)
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
                    var d = base + (rows.destination + row) * stride + columns.destination * 4
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
        guard let columns = PixelMath.clip(origin: x, length: image.width, limit: width),
              let rows = PixelMath.clip(origin: y, length: image.height, limit: height)
        else { return }
        let stride = width * 4
        let sourceStride = image.width * 4
        image.pixels.withUnsafeBufferPointer { imagePixels in
            premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
                let source = imagePixels.baseAddress!, base = pixels.baseAddress!
                for row in 0..<rows.count {
                    var s = source + (rows.source + row) * sourceStride + columns.source * 4
                    var d = base + (rows.destination + row) * stride + columns.destination * 4
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

    /// The canvas as a straight-alpha image, for ``PNGCodec/encode(_:)``.
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
    mutating func takeImage() -> RGBAImage {
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
