/// The range SwiftUI's `.dynamicTypeSize(_:)` range modifiers limit a view's size to, as a value.
///
/// Apple's documentation of `View.dynamicTypeSize(_:)`: the modifier "limits the Dynamic Type
/// size within the view to the given range"; nested modifiers intersect, and a size set inside
/// a limited view is limited by it (`.dynamicTypeSize(...large)` outside `.dynamicTypeSize(.xLarge)`
/// gives `large`). ../shared/dynamic-type/platform-scaling.json, `swiftUI.dynamicTypeSizeClamp`.
public struct DynamicTypeSizeLimit: Sendable, Hashable {
    /// The smallest size allowed.
    public let lowerBound: DynamicTypeSize
    /// The largest size allowed.
    public let upperBound: DynamicTypeSize

    /// No limit: every size from ``DynamicTypeSize/xSmall`` to ``DynamicTypeSize/accessibility5``.
    public static let unlimited = DynamicTypeSizeLimit(.xSmall ... .accessibility5)

    /// A limit to a closed range (`.dynamicTypeSize(.small ... .xLarge)`).
    public init(_ range: ClosedRange<DynamicTypeSize>) {
        lowerBound = range.lowerBound
        upperBound = range.upperBound
    }

    /// A limit to at most a size (`.dynamicTypeSize(...large)`).
    public init(_ range: PartialRangeThrough<DynamicTypeSize>) { self.init(.xSmall ... range.upperBound) }

    /// A limit to at least a size (`.dynamicTypeSize(.large...)`).
    public init(_ range: PartialRangeFrom<DynamicTypeSize>) { self.init(range.lowerBound ... .accessibility5) }

    /// The sizes allowed.
    public var range: ClosedRange<DynamicTypeSize> { lowerBound ... upperBound }

    /// The size a view inside the limit gets when the size outside (the person's setting, or one
    /// set by `.dynamicTypeSize(_:)` with a single size) is `size`: the size clamped to the range.
    public func applied(to size: DynamicTypeSize) -> DynamicTypeSize {
        min(max(size, lowerBound), upperBound)
    }

    /// The same clamp for a category; ``ContentSizeCategory/unspecified``
    /// computes as large, as everywhere a size is computed.
    public func applied(toCategory category: ContentSizeCategory) -> ContentSizeCategory {
        ContentSizeCategory(applied(to: DynamicTypeSize(category.resolved)!))
    }

    /// The limit in force inside this one when it sits inside `outer`: the two ranges' intersection.
    ///
    /// Where the ranges don't overlap the outer one wins: this range is clamped into the outer
    /// one, as Swift's `ClosedRange.clamped(to:)` does, so the result collapses onto the outer
    /// bound nearest this range (a size set inside a range is limited by it, whatever it is).
    public func nested(inside outer: DynamicTypeSizeLimit) -> DynamicTypeSizeLimit {
        DynamicTypeSizeLimit(range.clamped(to: outer.range))
    }
}
