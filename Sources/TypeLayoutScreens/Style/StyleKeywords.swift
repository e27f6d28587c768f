// The keyword-valued style properties. Raw values are React Native's spellings, so that a
// screen file's strings map onto the cases with `init(rawValue:)`.

/// Which way the main axis runs (`flexDirection`).
public enum FlexDirection: String, Sendable, Hashable, CaseIterable {
    /// Children left to right (right to left in `rtl`).
    case row
    /// Children top to bottom: React Native's default.
    case column
    /// Children right to left (left to right in `rtl`).
    case rowReverse = "row-reverse"
    /// Children bottom to top.
    case columnReverse = "column-reverse"

    var isRow: Bool { self == .row || self == .rowReverse }
}

/// How a line's free space is shared out along the main axis (`justifyContent`).
public enum JustifyContent: String, Sendable, Hashable, CaseIterable {
    /// Packed at the main start.
    case flexStart = "flex-start"
    /// Packed in the middle.
    case center
    /// Packed at the main end.
    case flexEnd = "flex-end"
    /// First and last at the edges, equal space between the others.
    case spaceBetween = "space-between"
    /// Equal space around each item (half of it at the edges).
    case spaceAround = "space-around"
    /// Equal space between items and at both edges.
    case spaceEvenly = "space-evenly"
}

/// How children sit along the cross axis of their line (`alignItems`).
public enum AlignItems: String, Sendable, Hashable, CaseIterable {
    /// At the cross start.
    case flexStart = "flex-start"
    /// Centred.
    case center
    /// At the cross end.
    case flexEnd = "flex-end"
    /// Filling the line's cross size when the child's cross size is `auto`: the default.
    case stretch
    /// First baselines lined up, in a row (a box without text by its bottom edge); in a
    /// column, `flex-start`, as in React Native.
    case baseline
}

/// A child's own cross-axis alignment (`alignSelf`); `auto` defers to the parent's
/// `alignItems`.
public enum AlignSelf: String, Sendable, Hashable, CaseIterable {
    /// The parent's `alignItems`: the default.
    case auto
    /// At the cross start.
    case flexStart = "flex-start"
    /// Centred.
    case center
    /// At the cross end.
    case flexEnd = "flex-end"
    /// Filling the line's cross size when the cross size is `auto`.
    case stretch
    /// First baselines lined up, in a row (a box without text by its bottom edge); in a
    /// column, `flex-start`, as in React Native.
    case baseline

    func resolved(parent: AlignItems) -> AlignItems {
        switch self {
        case .auto: parent
        case .flexStart: .flexStart
        case .center: .center
        case .flexEnd: .flexEnd
        case .stretch: .stretch
        case .baseline: .baseline
        }
    }
}

/// How wrapped lines share the container's cross space (`alignContent`).
public enum AlignContent: String, Sendable, Hashable, CaseIterable {
    /// Packed at the cross start: React Native's default (the web's is `stretch`).
    case flexStart = "flex-start"
    /// Packed in the middle.
    case center
    /// Packed at the cross end.
    case flexEnd = "flex-end"
    /// Lines grown equally to fill the cross space.
    case stretch
    /// First and last lines at the edges, equal space between the others.
    case spaceBetween = "space-between"
    /// Equal space around each line.
    case spaceAround = "space-around"
    /// Equal space between lines and at both edges.
    case spaceEvenly = "space-evenly"
}

/// Whether children may wrap onto more lines (`flexWrap`).
public enum FlexWrap: String, Sendable, Hashable, CaseIterable {
    /// One line, whatever overflows: the default.
    case nowrap
    /// New lines after the first, towards the cross end.
    case wrap
    /// New lines towards the cross start.
    case wrapReverse = "wrap-reverse"
}

/// Whether a box takes part in its parent's flex layout (`position`).
public enum PositionType: String, Sendable, Hashable, CaseIterable {
    /// In the flow, then moved by `top`/`left`/… without affecting siblings: the default.
    case relative
    /// Out of the flow, placed against the parent's padding box by its insets.
    case absolute
}

/// Whether a box is laid out at all (`display`).
public enum Display: String, Sendable, Hashable, CaseIterable {
    /// Laid out as a flex container: the default.
    case flex
    /// Not laid out, nor its subtree: zero-sized at its parent's origin.
    case none
}

/// What happens to children that overflow (`overflow`): drawing clips for `hidden` and
/// `scroll`, and a `scroll` container measures its children unconstrained along its main
/// axis.
public enum Overflow: String, Sendable, Hashable, CaseIterable {
    /// Overflowing children are drawn: the default.
    case visible
    /// Overflowing children are clipped.
    case hidden
    /// The content scrolls; children are measured without the container's main-axis limit.
    case scroll
}

/// Writing direction (`direction`): flips `start`/`end` edges and the order of rows.
public enum Direction: String, Sendable, Hashable, CaseIterable {
    /// The parent's direction (the root's is the one `layout` is given): the default.
    case inherit
    /// Left to right.
    case ltr
    /// Right to left: `start` is the right edge and rows run from the right.
    case rtl
}
