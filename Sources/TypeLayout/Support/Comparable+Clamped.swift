extension Comparable {
    /// The value brought inside `range`: one rule for the engine and the screens.
    package func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
