/// Every error thrown by the image stage: image sizes, colours, PNG decoding and file I/O.
///
/// Each ``description`` is one line that names the path (where there is one) and the reason.
public enum ImageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A width or height below the minimum (1 for images and canvases, 0 for masks and bitmaps).
    case invalidSize(width: Int, height: Int)
    /// A size above ``RGBAImage/maximumDimension`` on a side or above
    /// ``RGBAImage/maximumByteCount`` bytes of RGBA8 pixels.
    case tooLarge(width: Int, height: Int)
    /// Pixel data whose byte count doesn't match its size.
    case byteCountMismatch(width: Int, height: Int, expected: Int, actual: Int)
    /// A colour string that isn't `#RRGGBB` or `#RRGGBBAA`.
    case invalidColor(String)
    /// Data (or the file at `path`) that doesn't start with the PNG signature.
    case notPNG(path: String?)
    /// PNG data (or the file at `path`) that libpng rejected, or whose size is over the limits.
    case undecodablePNG(path: String?, reason: String)
    /// An image couldn't be encoded as PNG (a size PNG can't hold, or compression failed).
    case encodingFailed(reason: String)
    /// A file that can't be opened or read.
    case readFailed(path: String, reason: String)
    /// A file that can't be written; whatever was at `path` before is unchanged.
    case writeFailed(path: String, reason: String)

    /// A one-line description naming the path (if any) and the reason.
    public var description: String {
        switch self {
        case let .invalidSize(width, height):
            if width < 0 || height < 0 {
                "image size \(width) × \(height) is invalid: width and height can't be negative"
            } else {
                "image size \(width) × \(height) is invalid: width and height must be at least 1"
            }
        case let .tooLarge(width, height):
            if width > RGBAImage.maximumDimension || height > RGBAImage.maximumDimension {
                "image \(width) × \(height) pixels exceeds the limit of "
                    + "\(RGBAImage.maximumDimension) × \(RGBAImage.maximumDimension)"
            } else {
                "image \(width) × \(height) pixels exceeds the limit of "
                    + "\(RGBAImage.maximumByteCount >> 20) MiB of RGBA pixels"
            }
        case let .byteCountMismatch(width, height, expected, actual):
            "pixel data for \(width) × \(height) pixels must be \(expected) bytes, got \(actual)"
        case let .invalidColor(text):
            "invalid colour '\(text)'; expected #RRGGBB or #RRGGBBAA"
        case let .notPNG(path):
            if let path { "can't read \(path): not a PNG file" } else { "not a PNG file" }
        case let .undecodablePNG(path, reason):
            if let path { "can't read \(path): \(reason)" } else { "can't decode PNG data: \(reason)" }
        case let .encodingFailed(reason):
            "can't encode PNG: \(reason)"
        case let .readFailed(path, reason):
            "can't read \(path): \(reason)"
        case let .writeFailed(path, reason):
            "can't write \(path): \(reason)"
        }
    }
}
