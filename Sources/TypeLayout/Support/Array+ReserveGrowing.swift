extension Array {
    /// Room for `count` elements, growing at least twofold: the sweep's shared buffers need
    /// more lines at each larger category, and reserving just enough reallocated them for
    /// every category.
    mutating func reserveGrowing(_ count: Int) {
        if capacity < count { reserveCapacity(Swift.max(count, 2 * capacity)) }
    }
}

