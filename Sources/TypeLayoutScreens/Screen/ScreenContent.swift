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

    /// The text shown.
    public var string: String
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
        self.font = font
        self.numberOfLines = numberOfLines
        self.truncation = truncation
        self.alignment = alignment
        self.color = color
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
