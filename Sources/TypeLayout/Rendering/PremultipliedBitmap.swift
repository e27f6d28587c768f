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
    /// - Parameters:
    ///   - width: pixels per row.
    ///   - height: the number of rows.
    ///   - format: the order of the channels in each pixel.
    ///   - pitch: bytes from one row's start to the next's.
    ///   - rows: the first byte of the top row; may be nil only for an empty bitmap.
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
