/// One of the eleven iOS text styles, like UIKit's `UIFont.TextStyle`, with Apple's published
/// point size, leading and weight at every content size category.
public enum TextStyle: String, CaseIterable, Sendable, Hashable, Codable {
    /// The largest title (UIKit `largeTitle`, 34 pt at large).
    case largeTitle
    /// First-level title (28 pt at large).
    case title1
    /// Second-level title (22 pt at large).
    case title2
    /// Third-level title (20 pt at large).
    case title3
    /// Headline, semibold (17 pt at large).
    case headline
    /// Body text (17 pt at large); the style `FontMetrics.default` scales by.
    case body
    /// Callout (16 pt at large).
    case callout
    /// Subheadline (15 pt at large).
    case subheadline
    /// Footnote (13 pt at large).
    case footnote
    /// First caption (12 pt at large).
    case caption1
    /// Second caption (11 pt at large).
    case caption2

    /// The style's point size at a category, from Apple's table (``ContentSizeCategory/unspecified`` reads as large).
    public func pointSize(at category: ContentSizeCategory) -> Double {
        Self.publishedRows[ordinal][category.resolved.index].pointSize
    }

    /// The style's baseline-to-baseline distance at a category, in points: the column Apple's
    /// table calls "Leading" (the whole distance, not ``FaceMetrics/leading``'s gap).
    public func baselineToBaseline(at category: ContentSizeCategory) -> Double {
        Self.publishedRows[ordinal][category.resolved.index].leading
    }

    /// ``publishedTable``'s rows by the style's ``ordinal``: the dictionary hashed the style at
    /// every font resolved, at every layout. Filled by ordinal, so that the cases' order doesn't
    /// matter (two styles with one ordinal would leave a row empty, and its look-up trap).
    private static let publishedRows: [[(pointSize: Double, leading: Double)]] = {
        var rows = [[(pointSize: Double, leading: Double)]](repeating: [], count: allCases.count)
        for style in allCases { rows[style.ordinal] = publishedTable[style]! }
        return rows
    }()

    /// The style's own row number in ``publishedRows``.
    private var ordinal: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }

    /// The style's weight: semibold for ``headline``, regular for the others.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }

    /// The weight UIKit uses for the style with the bold symbolic trait.
    public var emphasizedWeight: FontWeight {
        switch self {
        case .largeTitle, .title1, .title2: .bold
        default: .semibold
        }
    }

    /// UIKit's raw value for the style, e.g. `UICTFontTextStyleBody`.
    public var uiKitRawValue: String {
        switch self {
        case .largeTitle: "UICTFontTextStyleTitle0"
        case .title1: "UICTFontTextStyleTitle1"
        case .title2: "UICTFontTextStyleTitle2"
        case .title3: "UICTFontTextStyleTitle3"
        case .headline: "UICTFontTextStyleHeadline"
        case .body: "UICTFontTextStyleBody"
        case .callout: "UICTFontTextStyleCallout"
        case .subheadline: "UICTFontTextStyleSubhead"
        case .footnote: "UICTFontTextStyleFootnote"
        case .caption1: "UICTFontTextStyleCaption1"
        case .caption2: "UICTFontTextStyleCaption2"
        }
    }

    /// Parses a style case-insensitively from its name (`body`, `largeTitle`) or UIKit's raw value.
    ///
    /// - Throws: ``TypeLayoutError/unknownTextStyle(_:validNames:)`` listing the valid names.
    public init(parsing name: String) throws {
        let key = String(name.filter { !$0.isWhitespace }).lowercased()
        guard let match = TextStyle.allCases.first(where: {
            $0.rawValue.lowercased() == key || $0.uiKitRawValue.lowercased() == key
        }) else {
            throw TypeLayoutError.unknownTextStyle(name, validNames: TextStyle.allCases.map(\.rawValue))
        }
        self = match
    }
}
