/// The screen a layout is made for: its size in points and its safe-area insets, portrait.
public struct Device: Sendable, Hashable {
    /// The preset's name, or `custom`.
    public var name: String
    /// The width in points.
    public var width: Double
    /// The height in points: the fold, since content taller than this scrolls.
    public var height: Double
    /// The safe area's insets in points: top, left, bottom, right.
    public var safeArea: (top: Double, left: Double, bottom: Double, right: Double)

    /// A device of the given size.
    public init(name: String = "custom", width: Double, height: Double,
                safeArea: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0)) {
        self.name = name
        self.width = width
        self.height = height
        self.safeArea = safeArea
    }

    /// Equal name, size and insets.
    public static func == (lhs: Device, rhs: Device) -> Bool {
        lhs.name == rhs.name && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.safeArea == rhs.safeArea
    }

    /// Hashes the name and size.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(width)
        hasher.combine(height)
    }
}
