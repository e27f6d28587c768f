/// The text size a person picked, like UIKit's `UIContentSizeCategory`.
///
/// The twelve real categories are ordered from ``extraSmall`` to
/// ``accessibilityExtraExtraExtraLarge``; ``unspecified`` stands for "no category known" and
/// resolves to ``large`` wherever a size is computed, as UIKit does.
public enum ContentSizeCategory: String, CaseIterable, Sendable, Hashable, Comparable, Codable {
    /// Unknown; behaves as ``large`` for every size computation.
    case unspecified
    /// The smallest size (HIG "xSmall").
    case extraSmall
    /// HIG "Small".
    case small
    /// HIG "Medium".
    case medium
    /// The default size (HIG "Large (Default)").
    case large
    /// HIG "xLarge".
    case extraLarge
    /// HIG "xxLarge".
    case extraExtraLarge
    /// HIG "xxxLarge", the largest size outside the accessibility range.
    case extraExtraExtraLarge
    /// HIG "AX1".
    case accessibilityMedium
    /// HIG "AX2".
    case accessibilityLarge
    /// HIG "AX3".
    case accessibilityExtraLarge
    /// HIG "AX4".
    case accessibilityExtraExtraLarge
    /// HIG "AX5", the largest size.
    case accessibilityExtraExtraExtraLarge

    /// The twelve real categories in order, smallest first (``unspecified`` is not among them).
    public static let allCases: [ContentSizeCategory] = [
        .extraSmall, .small, .medium, .large, .extraLarge, .extraExtraLarge,
        .extraExtraExtraLarge, .accessibilityMedium, .accessibilityLarge,
        .accessibilityExtraLarge, .accessibilityExtraExtraLarge,
        .accessibilityExtraExtraExtraLarge,
    ]

    /// The category every size is computed for: ``large`` for ``unspecified``, itself otherwise.
    public var resolved: ContentSizeCategory { self == .unspecified ? .large : self }

    /// Position in ``allCases`` (0 for extraSmall … 11 for accessibilityExtraExtraExtraLarge);
    /// ``unspecified`` takes the position of ``large``.
    public var index: Int {
        // A switch rather than a search of allCases: fonts ask for it several times per layout.
        switch self {
        case .extraSmall: 0
        case .small: 1
        case .medium: 2
        case .large, .unspecified: 3
        case .extraLarge: 4
        case .extraExtraLarge: 5
        case .extraExtraExtraLarge: 6
        case .accessibilityMedium: 7
        case .accessibilityLarge: 8
        case .accessibilityExtraLarge: 9
        case .accessibilityExtraExtraLarge: 10
        case .accessibilityExtraExtraExtraLarge: 11
        }
    }

    /// Whether this is one of the five accessibility categories (AX1 … AX5).
    public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

    /// The short name used on the command line and in file names (`xs`, `l`, `ax5`, …).
    public var shortName: String {
        switch self {
        case .unspecified: "unspecified"
        case .extraSmall: "xs"
        case .small: "s"
        case .medium: "m"
        case .large: "l"
        case .extraLarge: "xl"
        case .extraExtraLarge: "xxl"
        case .extraExtraExtraLarge: "xxxl"
        case .accessibilityMedium: "ax1"
        case .accessibilityLarge: "ax2"
        case .accessibilityExtraLarge: "ax3"
        case .accessibilityExtraExtraLarge: "ax4"
        case .accessibilityExtraExtraExtraLarge: "ax5"
        }
    }

    /// UIKit's raw value for the category, e.g. `UICTContentSizeCategoryAccessibilityXXXL`.
    public var uiKitRawValue: String {
        switch self {
        case .unspecified: "_UICTContentSizeCategoryUnspecified"
        case .extraSmall: "UICTContentSizeCategoryXS"
        case .small: "UICTContentSizeCategoryS"
        case .medium: "UICTContentSizeCategoryM"
        case .large: "UICTContentSizeCategoryL"
        case .extraLarge: "UICTContentSizeCategoryXL"
        case .extraExtraLarge: "UICTContentSizeCategoryXXL"
        case .extraExtraExtraLarge: "UICTContentSizeCategoryXXXL"
        case .accessibilityMedium: "UICTContentSizeCategoryAccessibilityM"
        case .accessibilityLarge: "UICTContentSizeCategoryAccessibilityL"
        case .accessibilityExtraLarge: "UICTContentSizeCategoryAccessibilityXL"
        case .accessibilityExtraExtraLarge: "UICTContentSizeCategoryAccessibilityXXL"
        case .accessibilityExtraExtraExtraLarge: "UICTContentSizeCategoryAccessibilityXXXL"
        }
    }

    /// Orders by size; ``unspecified`` sorts first.
    public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int { self == .unspecified ? -1 : index }

    /// Parses a category case-insensitively from its full name (`accessibilityExtraExtraExtraLarge`),
    /// its short name (`ax5`), SwiftUI's `DynamicTypeSize` name (`accessibility5`) or UIKit's raw
    /// value (`UICTContentSizeCategoryAccessibilityXXXL`).
    ///
    /// - Throws: ``TypeLayoutError/unknownCategory(_:validNames:)`` listing the valid names.
    public init(parsing name: String) throws {
        let key = String(name.filter { !$0.isWhitespace }).lowercased()
        let candidates = ContentSizeCategory.allCases + [.unspecified]
        if let match = candidates.first(where: {
            $0.rawValue.lowercased() == key || $0.shortName == key || $0.uiKitRawValue.lowercased() == key
                || $0.swiftUIName?.lowercased() == key
        }) {
            self = match
            return
        }
        throw TypeLayoutError.unknownCategory(name, validNames: ContentSizeCategory.validNames)
    }

    /// The valid names nearest to a mistyped one (`xxxxl` → `xxxl`), for "did you mean"
    /// messages wherever a category is read; empty when none is near.
    public static func suggestions(for name: String) -> [String] {
        NameSuggestion.nearest(to: name, among: validNames)
    }

    /// Every accepted short and full name, for error messages and help texts.
    public static var validNames: [String] {
        allCases.map(\.shortName) + allCases.map(\.rawValue)
    }
}
