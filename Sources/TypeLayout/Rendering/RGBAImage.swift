#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A finished image: straight (not premultiplied) RGBA, 8 bits a channel, sRGB-encoded,
/// rows top to bottom with no padding between them.
///
/// Every value is within ``maximumDimension`` and ``maximumByteCount``, so any image can be
/// encoded as PNG or drawn onto a ``Canvas``.
public struct RGBAImage: Sendable, Equatable {
    /// The largest width or height of an image or canvas, in pixels.
    public static let maximumDimension = 16384
    /// The most bytes of RGBA8 pixels an image or canvas may hold (256 MiB).
    ///
    /// Bounds memory use, including for a hostile PNG that claims a huge size.
    public static let maximumByteCount = 256 << 20

    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, row by row from the top.
    public let pixels: [UInt8]

    /// Wraps RGBA8 pixels.
    ///
    /// - Throws: ``ImageError/invalidSize(width:height:)``, ``ImageError/tooLarge(width:height:)``
    ///   or ``ImageError/byteCountMismatch(width:height:expected:actual:)``.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        let byteCount = try RGBAImage.checkedByteCount(width: width, height: height)
        guard pixels.count == byteCount else {
            throw ImageError.byteCountMismatch(
                width: width, height: height, expected: byteCount, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// For callers that have already validated the size and byte count.
    package init(unchecked width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Whether both have the same size and the same bytes. One `memcmp`: the synthesized
    /// comparison of the pixel arrays went byte by byte, a third of a golden check's time.
    public static func == (lhs: RGBAImage, rhs: RGBAImage) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.pixels.count == rhs.pixels.count else { return false }
        return lhs.pixels.withUnsafeBytes { a in
            rhs.pixels.withUnsafeBytes { b in
                a.baseAddress == b.baseAddress || a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
    }

    /// The straight-alpha colour of the pixel at (`x`, `y`), counted from the top left.
    ///
    /// - Precondition: the pixel is inside the image.
    public func pixel(x: Int, y: Int) -> Color {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the image")
        let i = (y * width + x) * 4
        return Color(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// The RGBA8 byte count of a `width × height` image or canvas, after checking the limits.
    package static func checkedByteCount(width: Int, height: Int) throws(ImageError) -> Int {
        guard width >= 1, height >= 1 else { throw .invalidSize(width: width, height: height) }
        // Dimensions are at most 2^14, so the product can't overflow once they're checked.
        guard width <= maximumDimension, height <= maximumDimension,
              width * height * 4 <= maximumByteCount
        else { throw .tooLarge(width: width, height: height) }
        return width * height * 4
    }
}
