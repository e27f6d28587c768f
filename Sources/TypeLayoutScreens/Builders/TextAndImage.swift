import TypeLayout

/// A text leaf: SwiftUI's `Text`, a ``ScreenText`` in the body style, unlimited lines,
/// truncated at the tail, black.
///
/// The text modifiers (``font(_:)``, ``lineLimit(_:)``, ``multilineTextAlignment(_:)``,
/// ``foregroundColor(_:)``) return a `Text`, so they come before layout modifiers such as
/// `.padding`; unlike SwiftUI's they don't reach into stacks.
public struct Text: ScreenView {
    /// The text and how it is set.
    public var text: ScreenText

    /// A text showing `string`.
    public init(_ string: String) {
        text = ScreenText(string)
    }

    /// The text as a leaf.
    public func resolved() -> ResolvedScreenView { ResolvedScreenView(node: ScreenNode(content: .text(text))) }

    /// Set in `font`: `.body`, `.headline.weight(.semibold)`, `.custom(path, size: 17, relativeTo: .body)`.
    public func font(_ font: ScreenText.FontSource) -> Text { with { $0.font = font } }

    /// Set at `weight` (a text style's own weight otherwise); a font file keeps its face.
    public func fontWeight(_ weight: FontWeight) -> Text { with { $0.font = $0.font.weight(weight) } }

    /// At most `limit` lines, `nil` for no limit (`numberOfLines`).
    public func lineLimit(_ limit: Int?) -> Text { with { $0.numberOfLines = limit ?? 0 } }

    /// Where text that doesn't fit in its lines is cut (`truncation`).
    public func truncationMode(_ mode: TruncationMode) -> Text { with { $0.truncation = mode } }

    /// How the lines sit in the node's width (`alignment`).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text { with { $0.alignment = alignment } }

    /// The text's colour (`color`).
    public func foregroundColor(_ color: Color) -> Text { with { $0.color = color } }

    private func with(_ change: (inout ScreenText) -> Void) -> Text {
        var copy = self
        change(&copy.text)
        return copy
    }
}

extension ScreenText.FontSource {
    /// The large title style.
    public static var largeTitle: Self { .textStyle(.largeTitle, weight: nil) }
    /// The first-level title style (SwiftUI's `.title`).
    public static var title: Self { .textStyle(.title1, weight: nil) }
    /// The second-level title style.
    public static var title2: Self { .textStyle(.title2, weight: nil) }
    /// The third-level title style.
    public static var title3: Self { .textStyle(.title3, weight: nil) }
    /// The headline style.
    public static var headline: Self { .textStyle(.headline, weight: nil) }
    /// The subheadline style.
    public static var subheadline: Self { .textStyle(.subheadline, weight: nil) }
    /// The body style.
    public static var body: Self { .textStyle(.body, weight: nil) }
    /// The callout style.
    public static var callout: Self { .textStyle(.callout, weight: nil) }
    /// The footnote style.
    public static var footnote: Self { .textStyle(.footnote, weight: nil) }
    /// The first caption style (SwiftUI's `.caption`).
    public static var caption: Self { .textStyle(.caption1, weight: nil) }
    /// The second caption style.
    public static var caption2: Self { .textStyle(.caption2, weight: nil) }

    /// A font file at `size` points at the large category that scales with `relativeTo`:
    /// SwiftUI's `Font.custom(_:size:relativeTo:)`.
    public static func custom(_ path: String, size: Double, relativeTo style: TextStyle = .body) -> Self {
        .file(path: path, size: size, relativeTo: style, maximumPointSize: nil)
    }

    /// A font file at `size` points at every category: SwiftUI's `Font.custom(_:fixedSize:)`.
    public static func custom(_ path: String, fixedSize size: Double) -> Self {
        .file(path: path, size: size, relativeTo: nil, maximumPointSize: nil)
    }

    /// The same text style at `weight`; a font file is returned unchanged (its face decides).
    public func weight(_ weight: FontWeight) -> Self {
        switch self {
        case .textStyle(let style, _): .textStyle(style, weight: weight)
        case .file: self
        }
    }
}

/// An image leaf: SwiftUI's `Image`, a PNG file or a coloured placeholder (``ScreenImage``),
/// that keeps its width in a row.
public struct Image: ScreenView {
    /// What is drawn and how it scales.
    public var image: ScreenImage

    /// The PNG at `path`, at its own size in points unless `width` and `height` are given.
    public init(file path: String, width: Double? = nil, height: Double? = nil) {
        image = ScreenImage(.file(path: path), width: width, height: height)
    }

    /// A rectangle of `color`, `width` × `height` points at the large category: a stand-in for
    /// an icon or a control.
    public init(placeholder color: Color, width: Double, height: Double) {
        image = ScreenImage(.placeholder(color: color), width: width, height: height)
    }

    /// The image as a leaf.
    public func resolved() -> ResolvedScreenView {
        var leaf = ResolvedScreenView(node: ScreenNode(content: .image(image)))
        leaf.keepsWidth = true
        return leaf
    }

    /// How the image grows with the category: `.accessibility` (UIKit's
    /// `adjustsImageSizeForAccessibilityContentSizeCategory`) or `.relativeTo(.body)` (as SF
    /// Symbols and SwiftUI's `imageScale` follow text).
    public func imageScaling(_ scaling: ScreenImage.Scaling) -> Image {
        var copy = self
        copy.image.scaling = scaling
        return copy
    }
}
