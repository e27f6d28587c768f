/// The traits a size is computed for, like the parts of `UITraitCollection` Dynamic Type reads.
public struct TraitCollection: Sendable, Hashable {
    /// The content size category; ``ContentSizeCategory/unspecified`` computes as large.
    public var preferredContentSizeCategory: ContentSizeCategory
    /// Pixels per point: 1, 2 or 3 (@1x, @2x, @3x).
    public var displayScale: Double

    /// Traits for a category and display scale.
    public init(preferredContentSizeCategory: ContentSizeCategory, displayScale: Double = 1) {
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.displayScale = displayScale
    }

    /// The category and display scale of ``DynamicTypeContext/current``.
    public static var current: TraitCollection { DynamicTypeContext.current.traitCollection }
}
