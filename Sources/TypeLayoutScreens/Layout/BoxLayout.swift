/// A rectangle in points, y growing downwards.
public struct BoxRect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// A rectangle from its origin and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `(x, y, width × height)`, for test failures.
    public var description: String { "(\(x), \(y), \(width) × \(height))" }
}

/// Where one box ended up.
public struct BoxFrame: Sendable, Hashable {
    /// The box.
    public var box: BoxID
    /// Its parent, `nil` for the laid-out root.
    public var parent: BoxID?
    /// The border box relative to the parent's border box.
    public var frame: BoxRect
    /// The border box relative to the root's.
    public var absoluteFrame: BoxRect
    /// False for a box under `display: none` (its frames are then zero-sized).
    public var isDisplayed: Bool
}

/// The result of ``BoxTree/layout(root:width:height:direction:)``: a frame for every box under
/// the root, in document order (a box before its children, children in order).
public struct BoxLayout: Sendable {
    /// The frames, the root's first.
    public let frames: [BoxFrame]
    /// Each box's position in `frames` by its index in the tree, -1 for a box not laid out:
    /// an array rather than a dictionary, so that 100,000 frames are indexed without hashing.
    let positionByBox: [Int]

    init(frames: [BoxFrame]) {
        self.frames = frames
        var positions = Array(repeating: -1, count: (frames.lazy.map(\.box.index).max() ?? -1) + 1)
        for (position, frame) in frames.enumerated() { positions[frame.box.index] = position }
        positionByBox = positions
    }

    /// The frame of `box`, or `nil` if it is not under the laid-out root.
    public subscript(box: BoxID) -> BoxFrame? {
        guard positionByBox.indices.contains(box.index), positionByBox[box.index] >= 0 else { return nil }
        return frames[positionByBox[box.index]]
    }
}
