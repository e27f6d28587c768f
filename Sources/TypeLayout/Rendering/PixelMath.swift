/// Integer pixel arithmetic shared by ``Canvas`` and ``PremultipliedBitmap``, so that the same
/// input always gives the same bytes on every machine.
package enum PixelMath {
    /// `a × b / 255` rounded to nearest, exactly, for `a` and `b` in 0...255.
    ///
    /// Adding 127 rounds correctly because `a × b / 255` is never exactly halfway between two
    /// integers: 255 is odd, so `2ab = 255(2k + 1)` has no solution.
    @inline(__always)
    package static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
        (a &* b &+ 127) / 255
    }

    /// The straight value of premultiplied channel `c` at alpha `a` (1...255), rounded to
    /// nearest and capped at 255 in case `c > a` in malformed input.
    @inline(__always)
    package static func unpremultiply(_ c: UInt32, alpha a: UInt32) -> UInt32 {
        Swift.min(255, (c &* 255 &+ a / 2) / a)
    }

    /// The part of `origin ..< origin + length` inside `lower ..< upper` (both within
    /// 0...``RGBAImage/maximumDimension``): where it starts on the destination, how far into
    /// the source that is, and how long it is; nil if empty. Written so that no input, however
    /// extreme, overflows.
    package static func clip(origin: Int, length: Int, lower: Int, upper: Int) -> (destination: Int, source: Int, count: Int)? {
        guard length > 0, upper > lower, origin < upper, origin > lower - length else { return nil }
        let start = Swift.max(origin, lower)
        let end = origin > upper - length ? upper : origin + length
        return (start, start - origin, end - start)
    }

    /// `a + b`, saturating instead of trapping: used for rectangle edges from caller input.
    package static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}

extension Color {
    /// Premultiplied channels (red, green, blue scaled by alpha / 255, rounded), alpha last.
    package var premultiplied: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) {
        let a = UInt32(alpha)
        return (PixelMath.multiply(UInt32(red), a), PixelMath.multiply(UInt32(green), a),
                PixelMath.multiply(UInt32(blue), a), a)
    }
}

/// The byte count of a mask or bitmap, which unlike an image may be empty.
func bitmapByteCount(width: Int, height: Int, bytesPerPixel: Int) throws(ImageError) -> Int {
    guard width >= 0, height >= 0 else { throw .invalidSize(width: width, height: height) }
    let (pixels, overflow1) = width.multipliedReportingOverflow(by: height)
    let (count, overflow2) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
    guard !overflow1, !overflow2 else { throw .tooLarge(width: width, height: height) }
    return count
}

/// `height` rows of `rowBytes` bytes, `pitch` apart in `rows`, packed without padding.
func copyRows(
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

/// A rectangle of whole pixels, `minX ..< maxX` by `minY ..< maxY`: a canvas's clip.
package struct PixelRect: Sendable, Hashable {
    /// The first column inside.
    package var minX: Int
    /// The first row inside.
    package var minY: Int
    /// The first column past the right edge.
    package var maxX: Int
    /// The first row past the bottom edge.
    package var maxY: Int

    /// The columns `minX ..< maxX` of the rows `minY ..< maxY`.
    package init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The pixels in both; empty (`maxX <= minX` or `maxY <= minY`) when they don't overlap.
    package func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        return PixelRect(minX: x0, minY: y0, maxX: Swift.max(x0, Swift.min(maxX, other.maxX)),
                         maxY: Swift.max(y0, Swift.min(maxY, other.maxY)))
    }
}
