/// Every error the library throws, each with a one-line description that names what is wrong.
public enum TypeLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A content size category name that matches no category; the description suggests the
    /// nearest valid names (``NameSuggestion``).
    case unknownCategory(String, validNames: [String])
    /// A text style name that matches no style; the description suggests the nearest.
    case unknownTextStyle(String, validNames: [String])
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but can't be read (permissions, a directory, an I/O error).
    case unreadableFile(path: String, reason: String)
    /// The file was read but is not a font: FreeType can't open it, or a table text needs is damaged.
    case notAFont(path: String, reason: String)
    /// A font file cut short or otherwise damaged: a table lying outside the file, with which.
    case damagedFont(path: String, reason: String)
    /// A glyph FreeType can't load or render from a font that otherwise loads (damaged outlines
    /// or instructions), with FreeType's reason: drawing on without it would leave a hole.
    case damagedGlyph(glyphID: UInt32, path: String, reason: String)
    /// A collection (TTC) face index past the collection's face count.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// A font weight that is not a finite number.
    case invalidFontWeight(Double)
    /// A point size that is negative, zero where not allowed, or not finite.
    case invalidPointSize(Double)
    /// A value to scale that is not finite.
    case invalidValue(Double)
    /// A display scale other than 1, 2 or 3.
    case invalidDisplayScale(Double)
    /// `scaledFont(for:)` was given a font that already follows Dynamic Type.
    case alreadyScaled(description: String)
    /// A glyph whose outline is too large to rasterize: more than 64 em, or than the largest
    /// image, on a side (a damaged font), with its size in pixels.
    case glyphTooLarge(glyphID: UInt32, path: String, width: Int, height: Int)
    /// A FreeType call failed.
    case freeType(operation: String, code: Int32)
    /// A paragraph style value out of range (width, line count, spacing), with what was wrong.
    case invalidParagraphStyle(String)
    /// A run's attribute out of range (tracking that is not finite), with what was wrong.
    case invalidAttributes(String)
    /// An environment variable whose value is not one of its valid values, with what was wrong.
    case invalidEnvironmentVariable(name: String, message: String)
    /// A face of the bundled fallback chain that can't be loaded, with why: a label that needed
    /// it (or a face after it) would have been drawn with a later face or `.notdef` boxes.
    case bundledFallbackFontUnavailable(path: String, reason: String)

    /// A one-line message for people, naming the value at fault (and the valid ones, if few).
    public var description: String {
        switch self {
        case let .unknownCategory(name, valid):
            "unknown content size category '\(name)'\(NameSuggestion.phrase(for: name, among: valid)); valid names: \(valid.joined(separator: ", "))"
        case let .unknownTextStyle(name, valid):
            "unknown text style '\(name)'\(NameSuggestion.phrase(for: name, among: valid)); valid names: \(valid.joined(separator: ", "))"
        case let .fileNotFound(path):
            "no such font file: \(path)"
        case let .unreadableFile(path, reason):
            "can't read \(path): \(reason)"
        case let .notAFont(path, reason):
            "\(path) is not a font file TypeLayout can use (\(reason))"
        case let .damagedFont(path, reason):
            "\(path) is a damaged font: \(reason)"
        case let .damagedGlyph(glyph, path, reason):
            "\(path) is a damaged font: glyph \(glyph) can't be drawn (\(reason))"
        case let .faceIndexOutOfRange(path, index, count):
            "\(path) has \(count) face(s); face index \(index) is out of range"
        case let .invalidFontWeight(weight):
            "font weight must be a finite number on the wght scale (1…1000), got \(weight)"
        case let .invalidPointSize(size):
            "point size must be a finite number greater than 0, got \(size)"
        case let .invalidValue(value):
            "value to scale must be a finite number, got \(value)"
        case let .invalidDisplayScale(scale):
            "display scale must be 1, 2 or 3, got \(scale)"
        case let .alreadyScaled(font):
            "\(font) already follows Dynamic Type; scaling it again would scale it twice"
        case let .glyphTooLarge(glyph, path, width, height):
            "glyph \(glyph) of \(path) would be \(width) × \(height) pixels, too large to draw (damaged outlines?)"
        case let .freeType(operation, code):
            "FreeType failed in \(operation) (error \(code))"
        case let .invalidParagraphStyle(message), let .invalidAttributes(message):
            message
        case let .invalidEnvironmentVariable(name, message):
            "\(name): \(message)"
        case let .bundledFallbackFontUnavailable(path, reason):
            "the bundled fallback font \(path) can't be loaded (\(reason)); set TYPELAYOUT_FONTS_DIR to "
                + "a folder with the bundled fonts, or give the paragraph style its own fallbackFaces"
        }
    }
}

