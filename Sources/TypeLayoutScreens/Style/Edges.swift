/// One value per edge, set the way React Native's `padding`, `paddingTop`, …,
/// `paddingStart`, `paddingHorizontal` are: the most specific edge that is set wins.
///
/// `start` and `end` name the left and right edges in `ltr` and the right and left ones in
/// `rtl`, and win over `left` and `right`; then `left`/`right`/`top`/`bottom`, then
/// `horizontal`/`vertical`, then `all`.
public struct Edges<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Every edge not set otherwise (`padding`).
    public var all: Value?
    /// The top edge (`paddingTop`).
    public var top: Value?
    /// The right edge (`paddingRight`).
    public var right: Value?
    /// The bottom edge (`paddingBottom`).
    public var bottom: Value?
    /// The left edge (`paddingLeft`).
    public var left: Value?
    /// The leading edge: left in `ltr`, right in `rtl` (`paddingStart`).
    public var start: Value?
    /// The trailing edge: right in `ltr`, left in `rtl` (`paddingEnd`).
    public var end: Value?
    /// The left and right edges (`paddingHorizontal`).
    public var horizontal: Value?
    /// The top and bottom edges (`paddingVertical`).
    public var vertical: Value?

    /// Edges with the given values set; the rest unset.
    public init(
        all: Value? = nil, top: Value? = nil, right: Value? = nil, bottom: Value? = nil,
        left: Value? = nil, start: Value? = nil, end: Value? = nil,
        horizontal: Value? = nil, vertical: Value? = nil
    ) {
        self.all = all
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
        self.start = start
        self.end = end
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The value that applies to `edge` in the given writing direction, if any is set.
    public func value(for edge: PhysicalEdge, direction: Direction) -> Value? {
        let rightToLeft = direction == .rtl
        switch edge {
        case .top: return top ?? vertical ?? all
        case .bottom: return bottom ?? vertical ?? all
        case .left: return (rightToLeft ? end : start) ?? left ?? horizontal ?? all
        case .right: return (rightToLeft ? start : end) ?? right ?? horizontal ?? all
        }
    }
}

/// A side of a box on the screen, after `start` and `end` are resolved.
public enum PhysicalEdge: Sendable, Hashable, CaseIterable {
    /// The top side.
    case top
    /// The right side.
    case right
    /// The bottom side.
    case bottom
    /// The left side.
    case left
}
