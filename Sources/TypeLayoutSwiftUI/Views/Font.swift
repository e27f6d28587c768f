import Foundation
import TypeLayout

/// A font, as SwiftUI's `Font`: a text style that follows Dynamic Type, a fixed system size,
/// or a custom face, resolved through TypeLayout's Dynamic Type model.
///
/// A custom font's name is a font file's path; any other name draws in the system family
/// (there is no font registry here).
nonisolated public struct Font: Hashable, Sendable {
    enum Source: Hashable, Sendable {
        case style(TextStyle)
        case system(size: CGFloat)
        case custom(name: String, size: CGFloat, relativeTo: TextStyle?)
    }

    let source: Source
    var weight: Weight?
    var isItalic = false

    /// A text style: the styles of Dynamic Type.
    public enum TextStyle: CaseIterable, Hashable, Sendable {
        /// Large title.
        case largeTitle
        /// Title.
        case title
        /// Second title.
        case title2
        /// Third title.
        case title3
        /// Headline.
        case headline
        /// Subheadline.
        case subheadline
        /// Body.
        case body
        /// Callout.
        case callout
        /// Footnote.
        case footnote
        /// Caption.
        case caption
        /// Second caption.
        case caption2

        /// TypeLayout's style of the same name.
        var typeLayoutStyle: TypeLayout.TextStyle {
            switch self {
            case .largeTitle: return .largeTitle
            case .title: return .title1
            case .title2: return .title2
            case .title3: return .title3
            case .headline: return .headline
            case .subheadline: return .subheadline
            case .body: return .body
            case .callout: return .callout
            case .footnote: return .footnote
            case .caption: return .caption1
            case .caption2: return .caption2
            }
        }
    }

    /// A weight.
    public struct Weight: Hashable, Sendable {
        let value: FontWeight
        /// 100.
        public static let ultraLight = Weight(value: .ultraLight)
        /// 200.
        public static let thin = Weight(value: .thin)
        /// 300.
        public static let light = Weight(value: .light)
        /// 400.
        public static let regular = Weight(value: .regular)
        /// 500.
        public static let medium = Weight(value: .medium)
        /// 600.
        public static let semibold = Weight(value: .semibold)
        /// 700.
        public static let bold = Weight(value: .bold)
        /// 800.
        public static let heavy = Weight(value: .heavy)
        /// 900.
        public static let black = Weight(value: .black)
    }

    /// A design of the system family (all drawn with the system stand-in here).
    public enum Design: Hashable, Sendable {
        /// The default design.
        case `default`
        /// Serif.
        case serif
        /// Rounded.
        case rounded
        /// Monospaced.
        case monospaced
    }

    init(_ source: Source, weight: Weight? = nil) {
        self.source = source
        self.weight = weight
    }

    /// Large title.
    public static let largeTitle = Font(.style(.largeTitle))
    /// Title.
    public static let title = Font(.style(.title))
    /// Second title.
    public static let title2 = Font(.style(.title2))
    /// Third title.
    public static let title3 = Font(.style(.title3))
    /// Headline.
    public static let headline = Font(.style(.headline))
    /// Subheadline.
    public static let subheadline = Font(.style(.subheadline))
    /// Body.
    public static let body = Font(.style(.body))
    /// Callout.
    public static let callout = Font(.style(.callout))
    /// Footnote.
    public static let footnote = Font(.style(.footnote))
    /// Caption.
    public static let caption = Font(.style(.caption))
    /// Second caption.
    public static let caption2 = Font(.style(.caption2))

    /// A text style of the system family, at a weight.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(.style(style), weight: weight)
    }

    /// The system family at a fixed size, which Dynamic Type doesn't change.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        Font(.system(size: size), weight: weight)
    }

    /// A custom face that scales with body, as SwiftUI's does.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(.custom(name: name, size: size, relativeTo: .body))
    }

    /// A custom face that scales as `textStyle` does (UIFontMetrics' rule).
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        Font(.custom(name: name, size: size, relativeTo: textStyle))
    }

    /// A custom face at a fixed size.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font(.custom(name: name, size: fixedSize, relativeTo: nil))
    }

    /// The font at `weight`.
    public func weight(_ weight: Weight) -> Font {
        var copy = self
        copy.weight = weight
        return copy
    }

    /// The font bold.
    public func bold() -> Font { weight(.bold) }

    /// The font italic.
    public func italic() -> Font {
        var copy = self
        copy.isItalic = true
        return copy
    }

    /// The text style the font follows, if any (for symbol sizes).
    var textStyle: TextStyle? {
        switch source {
        case .style(let style): return style
        case .custom(_, _, let relativeTo): return relativeTo
        case .system: return nil
        }
    }

    /// TypeLayout's font in `context`, which re-resolves at each category the text is laid
    /// out at (a text style, a scaled custom face) or stays fixed.
    func resolved(in context: DynamicTypeContext, weight override: Weight?, italic: Bool) throws -> TypeLayout.Font {
        let weight = (override ?? self.weight)?.value
        let family = context.systemFontFamily
        let italic = italic || isItalic
        func systemPath(_ weight: FontWeight?) -> String {
            if italic, let path = family.italicFacePath { return path }
            return (weight ?? .regular) >= .semibold ? family.boldFacePath ?? family.textFacePath : family.textFacePath
        }
        switch source {
        case .style(let style):
            let typeStyle = style.typeLayoutStyle
            guard (weight != nil && weight != typeStyle.weight) || italic else {
                return try TypeLayout.Font.preferredFont(forTextStyle: typeStyle, in: context)
            }
            // A style at another weight is the system face at that weight through a
            // one-style theme, so that it keeps following the style's size.
            let face = FontTheme.Face(path: systemPath(weight), weight: weight ?? typeStyle.weight)
            return try FontTheme(name: "system \(weight?.rawValue ?? 400)", faces: [typeStyle: face])
                .font(forTextStyle: typeStyle, in: context)
        case .system(let size):
            return try TypeLayout.Font(path: systemPath(weight), pointSize: Double(size), weight: weight ?? .regular)
        case .custom(let name, let size, let relativeTo):
            let path = FileManager.default.fileExists(atPath: name) ? name : systemPath(weight)
            let base = try TypeLayout.Font(path: path, pointSize: Double(size), weight: weight)
            guard let relativeTo else { return base }
            return try FontMetrics(forTextStyle: relativeTo.typeLayoutStyle).scaledFont(for: base, maximumPointSize: 0, in: context)
        }
    }
}
