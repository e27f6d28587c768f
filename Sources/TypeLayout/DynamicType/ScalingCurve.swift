/// A custom four-point size curve: the smallest size at extraSmall, the normal size at large,
/// the largest normal size at extraExtraExtraLarge and the largest accessibility size at
/// accessibilityExtraExtraExtraLarge, linear in between and rounded to whole points.
///
/// Use it where a design gives its own sizes instead of following a text style's leading ratio,
/// directly or through ``FontMetrics/init(curve:)``.
public struct ScalingCurve: Sendable, Hashable {
    /// The size at extraSmall.
    public let smallest: Double
    /// The size at large.
    public let normal: Double
    /// The size at extraExtraExtraLarge.
    public let largestNormal: Double
    /// The size at accessibilityExtraExtraExtraLarge.
    public let largestAccessibility: Double

    /// A curve through four sizes.
    ///
    /// - Throws: ``TypeLayoutError/invalidPointSize(_:)`` for a size that is not finite and positive.
    public init(smallest: Double, normal: Double, largestNormal: Double, largestAccessibility: Double) throws {
        for size in [smallest, normal, largestNormal, largestAccessibility] where !(size.isFinite && size > 0) {
            throw TypeLayoutError.invalidPointSize(size)
        }
        self.smallest = smallest
        self.normal = normal
        self.largestNormal = largestNormal
        self.largestAccessibility = largestAccessibility
    }

    /// The curve's size at a category, rounded to a whole point.
    public func pointSize(at category: ContentSizeCategory) -> Double {
        let anchors: [(index: Int, size: Double)] = [
            (ContentSizeCategory.extraSmall.index, smallest),
            (ContentSizeCategory.large.index, normal),
            (ContentSizeCategory.extraExtraExtraLarge.index, largestNormal),
            (ContentSizeCategory.accessibilityExtraExtraExtraLarge.index, largestAccessibility),
        ]
        let index = category.index
        for (start, end) in zip(anchors, anchors.dropFirst()) where index <= end.index {
            let t = Double(index - start.index) / Double(end.index - start.index)
            return (start.size + (end.size - start.size) * t).rounded(.toNearestOrAwayFromZero)
        }
        return largestAccessibility.rounded(.toNearestOrAwayFromZero)
    }

    /// The curve's size at a category over its size at large.
    public func scaleFactor(at category: ContentSizeCategory) -> Double {
        pointSize(at: category) / normal.rounded(.toNearestOrAwayFromZero)
    }
}
