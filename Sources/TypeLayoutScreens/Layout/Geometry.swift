// Small value types the algorithm works in: the space offered along one axis, and a
// box's resolved padding, border or margin.

/// How the space offered to a box along one axis constrains its size (CSS's sizing
/// constraints, which Yoga calls measure modes).
enum SizingMode: Hashable {
    /// The border box is exactly the offered size (a definite size, or stretch-fit).
    case exact
    /// The border box fits its content but stays within the offered size (fit-content).
    case atMost
    /// Nothing offered: the box takes its max-content size.
    case maxContent
}

/// The space offered to a box along one axis.
struct AxisSpace: Hashable {
    var size: Double
    var mode: SizingMode

    static func exact(_ size: Double) -> AxisSpace { AxisSpace(size: max(0, size), mode: .exact) }
    static func atMost(_ size: Double) -> AxisSpace { AxisSpace(size: max(0, size), mode: .atMost) }
    /// Nothing offered (the size is a mark for "none", below any real size).
    static let maxContent = AxisSpace(size: -1, mode: .maxContent)

    /// Max-content that still carries a size for the box's children: Yoga measures a box so
    /// where it has a size in mind but lets the box take its content's (a percentage cross
    /// size in a container not yet sized). The box is as large as its content, but its
    /// children are offered `size` and resolve percentages against it, as under
    /// `atMost(size)`. `nil` is plain max-content.
    static func maxContent(within size: Double?) -> AxisSpace {
        size.map { AxisSpace(size: max(0, $0), mode: .maxContent) } ?? .maxContent
    }

    /// The offered size (the one carried along with max-content, if any), unless nothing is
    /// offered.
    var limit: Double? { mode == .maxContent && size < 0 ? nil : size }

    /// Whether a box only measured under this offer takes its size without looking inside:
    /// an exact offer, or (with `zero`: a container, not measured content) an offer of at
    /// most nothing, which Yoga answers with 0 (`measureNodeWithFixedSize`).
    func fixesMeasuredSize(zero: Bool) -> Bool {
        mode == .exact || (zero && isAtMostNothing)
    }

    /// A fit-content offer of no space.
    var isAtMostNothing: Bool { mode == .atMost && size == 0 }

    /// Narrows the offer to a box's own maximum, which is then its limit even where the
    /// parent offered none.
    func constrained(toMaximum maximum: Double?) -> AxisSpace {
        guard let maximum else { return self }
        switch mode {
        case .exact, .atMost: return AxisSpace(size: min(size, maximum), mode: mode)
        case .maxContent: return .atMost(maximum)
        }
    }
}

/// A size in points.
struct Size: Hashable {
    var width: Double
    var height: Double

    static let zero = Size(width: 0, height: 0)

    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// A screen axis.
enum Axis: Hashable {
    case horizontal
    case vertical

    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension PhysicalEdge {
    var opposite: PhysicalEdge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .left: .right
        case .right: .left
        }
    }

    /// True for the edge a coordinate is measured from (left or top).
    var isOrigin: Bool { self == .left || self == .top }
}

/// Resolved thicknesses of a box's four sides, in points.
struct Insets: Hashable {
    var top = 0.0
    var right = 0.0
    var bottom = 0.0
    var left = 0.0

    subscript(edge: PhysicalEdge) -> Double {
        get {
            switch edge {
            case .top: top
            case .right: right
            case .bottom: bottom
            case .left: left
            }
        }
        set {
            switch edge {
            case .top: top = newValue
            case .right: right = newValue
            case .bottom: bottom = newValue
            case .left: left = newValue
            }
        }
    }

    func sum(_ axis: Axis) -> Double { axis == .horizontal ? left + right : top + bottom }

    static func + (lhs: Insets, rhs: Insets) -> Insets {
        Insets(top: lhs.top + rhs.top, right: lhs.right + rhs.right,
               bottom: lhs.bottom + rhs.bottom, left: lhs.left + rhs.left)
    }
}

extension Edges where Value == Dimension {
    /// Lengths per side; `auto` and percentages of an unknown width count as zero.
    /// Percentages are of `reference` on every side, as CSS resolves padding and margin
    /// against the containing block's width.
    func resolved(direction: Direction, reference: Double?) -> Insets {
        // Most boxes set no margin or padding at all; layout asks for them on every measure.
        if isUnset { return Insets() }
        func side(_ edge: PhysicalEdge) -> Double { value(for: edge, direction: direction)?.resolved(against: reference) ?? 0 }
        return Insets(top: side(.top), right: side(.right), bottom: side(.bottom), left: side(.left))
    }

    /// Whether any edge is a percentage, which makes the resolved sides depend on the reference.
    var hasPercentage: Bool {
        func percentage(_ value: Dimension?) -> Bool { value?.isPercentage ?? false }
        return percentage(all) || percentage(top) || percentage(right) || percentage(bottom) || percentage(left)
            || percentage(start) || percentage(end) || percentage(horizontal) || percentage(vertical)
    }

    /// Whether any edge is a percentage or `auto`, either of which needs more than the
    /// direction to resolve.
    var hasPercentageOrAuto: Bool {
        func open(_ value: Dimension?) -> Bool {
            switch value {
            case .percent, .auto: true
            case .points, nil: false
            }
        }
        return open(all) || open(top) || open(right) || open(bottom) || open(left) || open(start) || open(end)
            || open(horizontal) || open(vertical)
    }

    func isAuto(_ edge: PhysicalEdge, direction: Direction) -> Bool {
        value(for: edge, direction: direction) == .auto
    }
}

extension Edges where Value == Double {
    func resolved(direction: Direction) -> Insets {
        if isUnset { return Insets() }
        func side(_ edge: PhysicalEdge) -> Double { max(0, value(for: edge, direction: direction) ?? 0) }
        return Insets(top: side(.top), right: side(.right), bottom: side(.bottom), left: side(.left))
    }
}

extension Edges {
    /// True when no edge is set.
    var isUnset: Bool {
        all == nil && top == nil && right == nil && bottom == nil && left == nil && start == nil && end == nil
            && horizontal == nil && vertical == nil
    }
}

/// A size clamped by a box's `min…` and `max…` (the minimum winning, as in CSS), and never
/// below its padding and border.
func clamp(_ value: Double, minimum: Double?, maximum: Double?, paddingAndBorder: Double) -> Double {
    var clamped = value
    if let maximum, clamped > maximum { clamped = maximum }
    if let minimum, clamped < minimum { clamped = minimum }
    return max(clamped, paddingAndBorder)
}
