import TypeLayout

/// A text leaf: the string and how it is set, with the label features the engine has.
public struct ScreenText: Sendable, Hashable {
    /// Where the text's font comes from.
    public enum FontSource: Sendable, Hashable {
        /// The system face at a text style's size for the category (UIKit's
        /// `preferredFont(forTextStyle:)`), at `weight` when given.
        case textStyle(TextStyle, weight: FontWeight?)
        /// A font file at `size` points at the large category, scaled with `relativeTo` through
        /// FontMetrics (UIFontMetrics' `scaledFont(for:maximumPointSize:)`), or fixed when
        /// `relativeTo` is `nil`.
        case file(path: String, size: Double, relativeTo: TextStyle?, maximumPointSize: Double?)
    }

    /// The text shown; for a text naming a ``key``, what is shown when no catalog has the key.
    public var string: String
    /// A string catalog key whose localized text is shown instead of ``string`` (the screen
    /// audit looks it up in each language), `nil` for literal text.
    public var key: String?
    /// Values for the localized text's format placeholders (`%@`, `%lld`, `%1$@`), in argument
    /// order; placeholders past the end take the screen's ``Screen/samples``.
    public var arguments: [String]
    /// The text's language (a BCP 47 tag) for shaping and line breaking (kinsoku in Japanese);
    /// `nil` guesses from the text. The screen audit sets it for a text it localizes.
    public var language: String?
    /// The font.
    public var font: FontSource
    /// The most lines shown; 0 for no limit.
    public var numberOfLines: Int
    /// Where text is cut when it doesn't fit in `numberOfLines`.
    public var truncation: TruncationMode
    /// Horizontal alignment of the lines in the node's width.
    public var alignment: TextAlignment
    /// The text's colour.
    public var color: Color

    /// A text set in `font`.
    public init(
        _ string: String, font: FontSource = .textStyle(.body, weight: nil), numberOfLines: Int = 0,
        truncation: TruncationMode = .tail, alignment: TextAlignment = .natural, color: Color = .black
    ) {
        self.string = string
        key = nil
        arguments = []
        language = nil
        self.font = font
        self.numberOfLines = numberOfLines
        self.truncation = truncation
        self.alignment = alignment
        self.color = color
    }
}

/// Sample values for the format placeholders of localized text that names no values of its own:
/// a name for `%@` and a number for `%d`, `%lld` and the like, chosen long enough to show
/// problems (a four-digit number with a grouping separator takes a plural's `other` form).
public struct FormatSamples: Sendable, Hashable {
    /// The text for string placeholders (`%@`, `%s`).
    public var string: String
    /// The number for integer and floating-point placeholders.
    public var number: Int
    /// Values for particular keys' placeholders, in argument order, used where a text naming the
    /// key gives no ``ScreenText/arguments`` of its own.
    public var arguments: [String: [String]]

    /// Samples; by default "Alexandra" and 1,234.
    public init(string: String = "Alexandra", number: Int = 1234, arguments: [String: [String]] = [:]) {
        self.string = string
        self.number = number
        self.arguments = arguments
    }
}

/// An image leaf: a PNG file or a coloured placeholder, and how it grows with the category.
public struct ScreenImage: Sendable, Hashable {
    /// What is drawn.
    public enum Source: Sendable, Hashable {
        /// A PNG file; its size in points is its size in pixels unless `width`/`height` say otherwise.
        case file(path: String)
        /// A rectangle of `color`.
        case placeholder(color: Color)
    }

    /// How the image's size changes with the category.
    public enum Scaling: Sendable, Hashable {
        /// The same size at every category.
        case none
        /// Larger at the accessibility categories only (UIKit's
        /// `adjustsImageSizeForAccessibilityContentSizeCategory`, `ImageScaling`).
        case accessibility
        /// Grows as a text style's line spacing grows, as SF Symbols do.
        case relativeTo(TextStyle)
    }

    /// What is drawn.
    public var source: Source
    /// The width in points at the large category; `nil` for the file's own.
    public var width: Double?
    /// The height in points at the large category; `nil` for the file's own.
    public var height: Double?
    /// How the size changes with the category.
    public var scaling: Scaling

    /// An image from `source`.
    public init(_ source: Source, width: Double? = nil, height: Double? = nil, scaling: Scaling = .none) {
        self.source = source
        self.width = width
        self.height = height
        self.scaling = scaling
    }
}
