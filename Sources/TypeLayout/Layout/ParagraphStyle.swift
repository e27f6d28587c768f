/// How a label truncates text that needs more lines than it may show.
public enum TruncationMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// "The quick br…" (UILabel's default).
    case tail
    /// "…own fox."
    case head
    /// "The qu…n fox."
    case middle
    /// Lines past the limit are dropped and the last line is cut at the width, without an ellipsis.
    case clip
}

/// Horizontal alignment of lines, like `NSTextAlignment`.
public enum TextAlignment: String, Sendable, Hashable, CaseIterable, Codable {
    /// Left for a left-to-right paragraph, right for a right-to-left one.
    case natural
    /// Flush left.
    case left
    /// Centred.
    case center
    /// Flush right.
    case right
    /// Spaces stretched so lines fill the width, except a paragraph's last line (aligned naturally).
    case justified
}

/// A label's layout settings: width, line limit, truncation, alignment, line spacing and font
/// fallback, like `UILabel`'s properties and `NSParagraphStyle`.
public struct ParagraphStyle: Sendable, Hashable {
    /// The width lines wrap in, in points; `nil` lays out without wrapping (intrinsic size).
    public var width: Double?
    /// The most lines shown; 0 means unlimited (UILabel's `numberOfLines`).
    public var numberOfLines: Int
    /// How text past ``numberOfLines`` is truncated.
    public var truncation: TruncationMode
    /// Horizontal alignment.
    public var alignment: TextAlignment
    /// The paragraph direction; `.natural` takes it from the first strong character.
    public var baseDirection: BaseDirection
    /// Multiplies each line's height when greater than 0 (`NSParagraphStyle.lineHeightMultiple`).
    public var lineHeightMultiple: Double
    /// Extra points between lines (`NSParagraphStyle.lineSpacing`).
    public var lineSpacing: Double
    /// Faces tried, in order, for characters the run's own face lacks; then fontconfig's
    /// best match on the system.
    ///
    /// Styles compare by how their chain was given: a style with the default chain and one
    /// given ``bundledFallbackFaces`` explicitly lay out alike but are not `==`.
    public var fallbackFaces: [FontFace] {
        get { leadingFallbackFaces + (includesBundledFallbackFaces ? Self.bundledFallbackFaces : []) }
        set {
            leadingFallbackFaces = newValue
            includesBundledFallbackFaces = false
        }
    }
    /// The chain is kept as the faces given plus a flag for the bundled ones, so that the
    /// bundled files (16 MB, mostly colour emoji) are opened only when a label has a character
    /// its own font lacks, not by every label that could need them.
    private var leadingFallbackFaces: [FontFace]
    private var includesBundledFallbackFaces: Bool
    /// Whether fontconfig may supply a face when no face in ``fallbackFaces`` has a character.
    public var usesSystemFallback: Bool
    /// A BCP 47 language for line breaking when no run names one (e.g. "ja").
    public var locale: String?

    /// A style; the defaults are UILabel's: unlimited lines, tail truncation, natural
    /// alignment, and the bundled fallback faces (emoji, Japanese, Arabic, Hebrew).
    public init(width: Double? = nil, numberOfLines: Int = 0, truncation: TruncationMode = .tail,
                alignment: TextAlignment = .natural, baseDirection: BaseDirection = .natural,
                lineHeightMultiple: Double = 0, lineSpacing: Double = 0,
                fallbackFaces: [FontFace]? = nil, usesSystemFallback: Bool = true, locale: String? = nil) {
        self.width = width
        self.numberOfLines = numberOfLines
        self.truncation = truncation
        self.alignment = alignment
        self.baseDirection = baseDirection
        self.lineHeightMultiple = lineHeightMultiple
        self.lineSpacing = lineSpacing
        self.leadingFallbackFaces = fallbackFaces ?? []
        self.includesBundledFallbackFaces = fallbackFaces == nil
        self.usesSystemFallback = usesSystemFallback
        self.locale = locale
    }

    /// The default fallback chain: the bundled Noto Color Emoji, Noto Sans Arabic, Noto Sans
    /// Hebrew and VL PGothic faces, in that order. Files that fail to load are left out here
    /// and listed in ``bundledFallbackFaceErrors``; laying out a label that needs the chain
    /// then throws the error of the first one before the face that has its characters.
    public static var bundledFallbackFaces: [FontFace] { FontFallback.bundledChain.faces }

    /// Why each bundled fallback face that can't be loaded failed
    /// (``TypeLayoutError/bundledFallbackFontUnavailable(path:reason:)``); empty when all load.
    /// Reading it loads the bundled faces.
    public static var bundledFallbackFaceErrors: [TypeLayoutError] { FontFallback.bundledChain.errors }

    /// Puts faces at the front of the fallback chain, before the faces already in it (the
    /// bundled ones by default), without opening those.
    public mutating func prependFallbackFaces(_ faces: [FontFace]) {
        leadingFallbackFaces.insert(contentsOf: faces, at: 0)
    }

    /// Whether text is itemized and shaped alike under both styles: the same fallback faces
    /// (by identity), system fallback and locale; width, lines and alignment don't matter.
    func itemizesLike(_ other: ParagraphStyle) -> Bool {
        includesBundledFallbackFaces == other.includesBundledFallbackFaces
            && usesSystemFallback == other.usesSystemFallback && locale == other.locale
            && leadingFallbackFaces.count == other.leadingFallbackFaces.count
            && zip(leadingFallbackFaces, other.leadingFallbackFaces).allSatisfy { $0 === $1 }
    }

    /// Whether the chain is the bundled faces alone (the default), so that a fallback face
    /// chosen under one such style serves every other.
    var hasDefaultFallbackChain: Bool { leadingFallbackFaces.isEmpty && includesBundledFallbackFaces }

    /// The first face of the fallback chain that passes the test, opening the bundled faces
    /// only if no face before them does; a bundled face that can't be loaded before the answer
    /// is an error.
    func firstFallbackFace(where test: (FontFace) -> Bool) throws -> FontFace? {
        if let face = leadingFallbackFaces.first(where: test) { return face }
        return includesBundledFallbackFaces ? try FontFallback.bundledChain.firstFace(where: test) : nil
    }
}
