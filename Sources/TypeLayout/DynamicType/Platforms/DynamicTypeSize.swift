/// The text size a person picked, under SwiftUI's names: SwiftUI's `DynamicTypeSize`.
///
/// The twelve cases map one to one, in order, onto the real ``ContentSizeCategory`` cases
/// (Apple's documentation of `DynamicTypeSize` and its `init?(_: UIContentSizeCategory)`;
/// the pairing is the `swiftui` alias in ../shared/dynamic-type/ios-text-styles.json).
/// SwiftUI has no "unspecified" size, so ``ContentSizeCategory/unspecified`` has no counterpart.
public enum DynamicTypeSize: String, CaseIterable, Sendable, Hashable, Comparable, Codable {
    /// HIG "xSmall" (``ContentSizeCategory/extraSmall``).
    case xSmall
    /// HIG "Small" (``ContentSizeCategory/small``).
    case small
    /// HIG "Medium" (``ContentSizeCategory/medium``).
    case medium
    /// The default, HIG "Large (Default)" (``ContentSizeCategory/large``).
    case large
    /// HIG "xLarge" (``ContentSizeCategory/extraLarge``).
    case xLarge
    /// HIG "xxLarge" (``ContentSizeCategory/extraExtraLarge``).
    case xxLarge
    /// HIG "xxxLarge" (``ContentSizeCategory/extraExtraExtraLarge``).
    case xxxLarge
    /// HIG "AX1" (``ContentSizeCategory/accessibilityMedium``).
    case accessibility1
    /// HIG "AX2" (``ContentSizeCategory/accessibilityLarge``).
    case accessibility2
    /// HIG "AX3" (``ContentSizeCategory/accessibilityExtraLarge``).
    case accessibility3
    /// HIG "AX4" (``ContentSizeCategory/accessibilityExtraExtraLarge``).
    case accessibility4
    /// HIG "AX5" (``ContentSizeCategory/accessibilityExtraExtraExtraLarge``).
    case accessibility5

    /// The size of a category, like SwiftUI's `DynamicTypeSize(_: UIContentSizeCategory)`;
    /// `nil` for ``ContentSizeCategory/unspecified``, which SwiftUI has no size for.
    public init?(_ category: ContentSizeCategory) {
        guard category != .unspecified else { return nil }
        self = Self.allCases[category.index]
    }

    /// Parses a size case-insensitively from SwiftUI's name (`xLarge`, `accessibility5`) or any
    /// name ``ContentSizeCategory/init(parsing:)`` accepts (`ax5`, `extraLarge`, UIKit's raw value).
    ///
    /// - Throws: ``TypeLayoutError/unknownCategory(_:validNames:)`` for an unknown name, and for
    ///   `unspecified`, which has no SwiftUI size.
    public init(parsing name: String) throws {
        guard let size = DynamicTypeSize(try ContentSizeCategory(parsing: name)) else {
            throw TypeLayoutError.unknownCategory(name, validNames: Self.allCases.map(\.rawValue))
        }
        self = size
    }

    /// The category of this size (one to one, in order).
    public var contentSizeCategory: ContentSizeCategory { ContentSizeCategory.allCases[index] }

    /// Whether this is one of the five accessibility sizes, like SwiftUI's `isAccessibilitySize`.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// Position among the twelve sizes, 0 for ``xSmall`` … 11 for ``accessibility5``.
    var index: Int { Self.allCases.firstIndex(of: self)! }

    /// Orders by size, as SwiftUI's `DynamicTypeSize` is `Comparable`.
    public static func < (lhs: DynamicTypeSize, rhs: DynamicTypeSize) -> Bool { lhs.index < rhs.index }

    /// This size limited to a range (SwiftUI's `.dynamicTypeSize(_:)` with a `ClosedRange`).
    public func clamped(to range: ClosedRange<DynamicTypeSize>) -> DynamicTypeSize {
        DynamicTypeSizeLimit(range).applied(to: self)
    }

    /// This size limited to at most the range's upper bound (`.dynamicTypeSize(...upper)`).
    public func clamped(to range: PartialRangeThrough<DynamicTypeSize>) -> DynamicTypeSize {
        DynamicTypeSizeLimit(range).applied(to: self)
    }

    /// This size limited to at least the range's lower bound (`.dynamicTypeSize(lower...)`).
    public func clamped(to range: PartialRangeFrom<DynamicTypeSize>) -> DynamicTypeSize {
        DynamicTypeSizeLimit(range).applied(to: self)
    }
}

extension ContentSizeCategory {
    /// The category of a SwiftUI size, like UIKit's `UIContentSizeCategory(_: DynamicTypeSize)`.
    public init(_ size: DynamicTypeSize) { self = size.contentSizeCategory }

    /// SwiftUI's name for the category (`xLarge`, `accessibility5`); `nil` for ``unspecified``.
    /// Apple's `DynamicTypeSize` case names, paired as in ios-text-styles.json's `swiftui` aliases.
    public var swiftUIName: String? { DynamicTypeSize(self)?.rawValue }
}
