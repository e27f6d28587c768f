extension Comparable {
    /// The value brought inside `range`: the package's one clamp (font weights on a variable
    /// axis, categories inside a screen's limits).
    package func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
