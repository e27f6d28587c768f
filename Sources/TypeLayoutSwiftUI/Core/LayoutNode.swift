import Foundation
import TypeLayout
import TypeLayoutScreens

/// A view resolved into a node of the layout: it answers size proposals, is placed by its
/// parent, and becomes one node of the `ScreenLayout` (a node a hosting screen keeps serves
/// the layouts at several categories, cleared in between).
///
/// A node's answer to a proposal is kept: stacks ask each child the same questions several
/// times (its minimum and maximum, then its share), and text is costly to measure.
@MainActor
class LayoutNode {
    var children: [LayoutNode]
    /// The `.accessibilityIdentifier`, which becomes the layout node's id.
    var identifier: String?
    /// The `.layoutPriority`; a modifier around a view keeps the view's.
    var layoutPriority: Double = 0
    /// Whether this is a `Spacer`: stacks put no spacing next to one.
    var isSpacer: Bool { false }
    /// The values of `.layoutValue(key:value:)`; a modifier around a view keeps the view's.
    var layoutValues: [ObjectIdentifier: Any] = [:]
    /// What containers read from the view (tag, list row settings, navigation title); a
    /// modifier around a view keeps the view's.
    var traits = ViewTraits()
    /// Where the node was placed, from the screen's top-left corner.
    private(set) var frame: CGRect = .zero
    /// Whether the parent has placed the node.
    private(set) var isPlaced = false
    // The caches' accesses are checked at run time in debug builds (the tests) and not in
    // release ones, where every look-up of every node was a call into the run time's
    // exclusivity tracking, a tenth of a layout. What keeps them apart: each access is one
    // call of `SmallCache`'s, which calls out only to the keys' `==`, so no access spans a
    // call that could reach the same cache (a look-up ends before `computeSize`, the answer is
    // written after it). Keep it so.
    #if DEBUG
    private final var sizes = SmallCache<ProposedViewSize, CGSize>()
    #else
    @exclusivity(unchecked) private final var sizes = SmallCache<ProposedViewSize, CGSize>()
    #endif

    init(children: [LayoutNode] = []) {
        self.children = children
    }

    /// A node around `child` that takes its priority, layout values and traits: set here,
    /// while the node is made, rather than after (each was then an access checked at run time).
    init(wrapping child: LayoutNode) {
        let source = child
        children = [source]
        layoutPriority = source.layoutPriority
        layoutValues = source.layoutValues
        traits = source.traits
    }

    /// The size the node chooses for `proposal` (answered once per proposal).
    final func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        if let known = sizes[proposal] { return known }
        let size = computeSize(proposal)
        sizes[proposal] = size
        return size
    }

    /// The node's own sizing rule.
    func computeSize(_ proposal: ProposedViewSize) -> CGSize { .zero }

    /// Forgets the last layout in the node and the nodes under it, so that a hosting screen's
    /// next layout, at another category, can keep them; each node once per `generation`.
    final func prepareForAnotherLayout(_ generation: Int) {
        guard preparedGeneration != generation else { return }
        preparedGeneration = generation
        forgetLayout()
        for node in nodesKeptBetweenLayouts { node.prepareForAnotherLayout(generation) }
    }

    /// The nodes under this one that a kept node keeps for the next layout, cleared with it:
    /// its children, or more where only some of what it holds are its children in a layout.
    var nodesKeptBetweenLayouts: [LayoutNode] { children }

    /// Forgets what the last layout left in the node (sizes, guides, frame); a node that
    /// keeps anything else from a layout clears it here too.
    func forgetLayout() {
        sizes.removeAll()
        explicitGuides.removeAll()
        frame = .zero
        isPlaced = false
    }

    /// The layout the node was last prepared for.
    private var preparedGeneration = 0

    /// Gives the node its frame, `proposal` being what its parent proposed when sizing it,
    /// and places its children.
    final func place(in bounds: CGRect, proposal: ProposedViewSize) {
        frame = bounds
        isPlaced = true
        placeChildren(in: bounds, proposal: proposal)
    }

    /// Places the children inside `bounds`.
    func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {}

    /// The node's own value for an alignment guide at `size`, if it has one (text has
    /// baselines, `alignmentGuide` sets any guide); `nil` means the guide's default.
    func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? { nil }

    /// Whether the node or a view inside it may have an explicit value for the guide: asked
    /// before `explicitAlignment`, which a frame answers by sizing its child again (for a text,
    /// a layout at another width) even when nothing inside sets the guide.
    func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool { false }

    /// ``mayHaveExplicitAlignment(_:)``, answered once per guide.
    final func hasExplicitAlignment(_ key: AlignmentKey) -> Bool {
        // A leaf answers at once (a text compares the key with its baselines'): keeping its
        // answer cost more than finding it again.
        if children.isEmpty { return mayHaveExplicitAlignment(key) }
        if let known = explicitGuides[key] { return known }
        let answer = mayHaveExplicitAlignment(key)
        explicitGuides[key] = answer
        return answer
    }

    // Checked in debug builds only, as `sizes`.
    #if DEBUG
    private final var explicitGuides = SmallCache<AlignmentKey, Bool>()
    #else
    @exclusivity(unchecked) private final var explicitGuides = SmallCache<AlignmentKey, Bool>()
    #endif

    /// The node's size and guides at `size`.
    final func dimensions(in size: CGSize) -> ViewDimensions {
        ViewDimensions(width: size.width, height: size.height) { [self] key in
            hasExplicitAlignment(key) ? explicitAlignment(key, in: size) : nil
        }
    }

    /// The node's value for the guide at `size`: its explicit one, else the guide's default.
    /// What `dimensions(in:)[key]` gives, without making a closure for each child aligned.
    final func guide(_ key: AlignmentKey, in size: CGSize) -> CGFloat {
        if hasExplicitAlignment(key), let value = explicitAlignment(key, in: size) { return value }
        return key.id.defaultValue(in: ViewDimensions(width: size.width, height: size.height))
    }

    // What the node becomes in the screen layout.

    /// Text, image or box.
    var kind: ScreenLayout.Node.Kind { .box }
    /// Whether the node's children are drawn (not for `.hidden()`).
    var showsChildren: Bool { true }
    /// The node's paint: background, border, radius, clipping.
    func paint(_ style: inout BoxStyle) {}
    /// Whether ``paint(_:)`` may change the style (a node that overrides it says so): only
    /// then is the painted style compared with the plain one (comparing every node's was a
    /// tenth of emitting a form). Debug builds check the others paint nothing.
    var mayPaint: Bool { false }
    /// The node's text laid out in its frame, for a text node.
    func finalText() throws -> TextLayout? { nil }
    /// The node's picture, for an image node.
    var imageFill: ScreenLayout.ImageFill? { nil }
    /// The rectangle drawn, when it is not the frame (a circle in a wide frame).
    var drawnFrame: CGRect { frame }
}

/// A node around one child that, unless it says otherwise, sizes, places and aligns as the
/// child does: the base of the layout modifiers.
class WrapperNode: LayoutNode {
    var child: LayoutNode { children[0] }

    init(_ child: LayoutNode) {
        super.init(wrapping: child)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(proposal) }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        child.place(in: bounds, proposal: proposal)
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        child.explicitAlignment(key, in: size)
    }

    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool { child.hasExplicitAlignment(key) }
}

/// A few answers by key, searched in the order kept: a node is asked few distinct questions
/// per layout (a stack's zero, infinity and share), which a short list finds sooner than a
/// dictionary hashes them.
///
/// The first four answers are held in the cache itself, the rest in an array: a node kept
/// between layouts, or made afresh, allocates nothing for its usual questions (an array for
/// every node at every category was a tenth of a layout's allocations). Four named slots
/// rather than an `InlineArray`, whose copies and destruction went through the elements' type
/// metadata, looked up at run time. Not copyable: a read borrows it where it is (copying four
/// entries for each look-up went through the same metadata).
struct SmallCache<Key: Equatable, Value>: ~Copyable {
    private struct Entry {
        var key: Key
        var value: Value
    }

    // Filled in order: a slot is empty only if the slots after it are.
    private var first: Entry?
    private var second: Entry?
    private var third: Entry?
    private var fourth: Entry?
    private var overflow: [Entry] = []

    /// The answer for `key`; answers are only added (setting `nil` is not supported) or replaced.
    subscript(key: Key) -> Value? {
        get {
            guard let first else { return nil }
            if first.key == key { return first.value }
            guard let second else { return nil }
            if second.key == key { return second.value }
            guard let third else { return nil }
            if third.key == key { return third.value }
            guard let fourth else { return nil }
            if fourth.key == key { return fourth.value }
            for entry in overflow where entry.key == key { return entry.value }
            return nil
        }
        set {
            guard let newValue else { preconditionFailure("a small cache's answers are not removed but all at once") }
            let entry = Entry(key: key, value: newValue)
            if first == nil || first?.key == key {
                first = entry
            } else if second == nil || second?.key == key {
                second = entry
            } else if third == nil || third?.key == key {
                third = entry
            } else if fourth == nil || fourth?.key == key {
                fourth = entry
            } else if let index = overflow.firstIndex(where: { $0.key == key }) {
                overflow[index] = entry
            } else {
                overflow.append(entry)
            }
        }
    }

    /// Forgets every answer, keeping the room made for them.
    mutating func removeAll() {
        // Most leaves never keep a guide's answer.
        guard case .some = first else { return }
        first = nil
        second = nil
        third = nil
        fourth = nil
        if !overflow.isEmpty { overflow.removeAll(keepingCapacity: true) }
    }
}

/// A value that can't be a size (not a number, negative) becomes 0; infinity stays, as
/// SwiftUI's views answer an infinite proposal with an infinite size.
func sanitized(_ size: CGSize) -> CGSize {
    func clean(_ value: CGFloat) -> CGFloat { value.isNaN || value < 0 ? 0 : value }
    return CGSize(width: clean(size.width), height: clean(size.height))
}

/// `value` clamped to the bounds that are given.
func clamp(_ value: CGFloat, min lower: CGFloat?, max upper: CGFloat?) -> CGFloat {
    var result = value
    if let upper { result = Swift.min(result, upper) }
    if let lower { result = Swift.max(result, lower) }
    return result
}

/// Where a child of `size` goes in `bounds` so that its guides meet the container's.
@MainActor
func aligned(_ child: LayoutNode, size: CGSize, in bounds: CGRect, alignment: Alignment) -> CGPoint {
    let container = ViewDimensions(width: bounds.width, height: bounds.height)
    return CGPoint(x: bounds.minX + container[alignment.horizontal] - child.guide(alignment.horizontal.key, in: size),
                   y: bounds.minY + container[alignment.vertical] - child.guide(alignment.vertical.key, in: size))
}

/// Where the layout direction changes: the subtree is laid out left to right and its frames
/// are mirrored across this node's frame when the layout becomes a screen layout, as SwiftUI
/// mirrors a right-to-left layout (text keeps its own glyph order and alignment).
final class DirectionNode: WrapperNode {
    let direction: LayoutDirection

    init(_ child: LayoutNode, direction: LayoutDirection) {
        self.direction = direction
        super.init(child)
    }
}
