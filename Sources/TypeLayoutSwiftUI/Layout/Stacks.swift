import Foundation

/// Views in a row, as SwiftUI's `HStack`.
nonisolated public struct HStack<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    // The content first: at offset 0 whatever its type, so that copying or destroying a stack
    // in generic code needs no look-up of the stack's generic metadata for the offset.
    let content: Content
    let stack: StackSettings

    /// A row of the views `content` builds, aligned on `alignment`, `spacing` apart (`nil`:
    /// the default spacing).
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = StackSettings(axis: .horizontal, alignment: alignment.key, spacing: spacing)
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { try stack.makeNodes(content, context) }
}

/// Views in a column, as SwiftUI's `VStack`.
nonisolated public struct VStack<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    // The content first: at offset 0 whatever its type, so that copying or destroying a stack
    // in generic code needs no look-up of the stack's generic metadata for the offset.
    let content: Content
    let stack: StackSettings

    /// A column of the views `content` builds, aligned on `alignment`, `spacing` apart
    /// (`nil`: the default spacing).
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        stack = StackSettings(axis: .vertical, alignment: alignment.key, spacing: spacing)
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { try stack.makeNodes(content, context) }
}

/// What an `HStack` or `VStack` was made with.
struct StackSettings: Sendable {
    let axis: Axis
    let alignment: AlignmentKey
    let spacing: CGFloat?

    /// The stack's node, its children resolved as children of a stack along `axis`.
    @MainActor
    func makeNodes<Content: View>(_ content: Content, _ context: ResolveContext) throws -> [LayoutNode] {
        var inner = context
        inner.stackAxis = axis
        return [StackNode(axis: axis, alignment: alignment, spacing: spacing, children: try inner.resolve(content))]
    }
}

/// Views on top of each other, as SwiftUI's `ZStack`.
nonisolated public struct ZStack<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let alignment: Alignment
    let content: Content

    /// The views `content` builds, the first at the back, aligned on `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [OverlayNode(alignment: alignment, children: try context.outsideStack.resolve(content))]
    }
}

/// The default space between two neighbours in a stack: 8 points, SwiftUI's on iOS between
/// two texts, and none next to a spacer (whose own minimum length is the gap).
let defaultStackSpacing: CGFloat = 8

/// The order a stack serves its children in: by priority, then views before spacers.
struct StackServingOrder: Hashable, Comparable {
    let priority: Double
    let isView: Bool

    static func < (lhs: StackServingOrder, rhs: StackServingOrder) -> Bool {
        (lhs.priority, lhs.isView ? 1 : 0) < (rhs.priority, rhs.isView ? 1 : 0)
    }
}

/// An `HStack` or a `VStack`: SwiftUI's stack layout.
///
/// The spacing is set aside first. Each child's flexibility is the difference between its
/// sizes for a zero and an infinite proposal along the axis. Priority groups are served from
/// the highest down; each group gets what remains after the lower groups' minimum sizes are
/// set aside, and inside a group the least flexible child is offered its share first: the
/// remaining length divided by the children left. (objc.io, "How an HStack lays out its
/// children"; WWDC22 "Compose custom layouts with SwiftUI".)
class StackNode: LayoutNode {
    let axis: Axis
    let alignment: AlignmentKey
    let spacing: CGFloat?

    init(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, children: [LayoutNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        totalGap = Self.totalGap(between: children, spacing: spacing)
        super.init(children: children)
    }

    /// The sum of the spaces between the children.
    private var totalGap: CGFloat

    /// The space after the child at `index` of `children` (none after the last): worked out
    /// when needed rather than kept in an array, which was an allocation per stack made.
    private static func gap(after index: Int, in children: [LayoutNode], spacing: CGFloat?) -> CGFloat {
        guard index < children.count - 1 else { return 0 }
        if let spacing { return spacing }
        return children[index].isSpacer || children[index + 1].isSpacer ? 0 : defaultStackSpacing
    }

    private static func totalGap(between children: [LayoutNode], spacing: CGFloat?) -> CGFloat {
        var total: CGFloat = 0
        for index in 0..<max(0, children.count - 1) { total += gap(after: index, in: children, spacing: spacing) }
        return total
    }

    /// Makes `newChildren` the stack's children, with their gaps (an arrangement chosen when
    /// measured: ``AccessibilitySizeStackNode``).
    final func replaceChildren(_ newChildren: [LayoutNode]) {
        children = newChildren
        totalGap = Self.totalGap(between: newChildren, spacing: spacing)
        distributed = nil
        crossExtent = nil
    }

    /// A child's share of a distribution: what it was proposed, the size it chose, and its
    /// offset across the axis so that the children's guides line up.
    private struct Placement {
        var proposal: ProposedViewSize
        var size: CGSize
        var crossOffset: CGFloat
    }

    /// The proposal of the last distribution made, which placing asks for again after sizing;
    /// `placements` holds it.
    private var distributed: ProposedViewSize?
    /// The last distribution's placements, kept as storage when the layout is forgotten: a
    /// stack distributes several times per layout (its narrowest, widest and share).
    private var placements: [Placement] = []
    /// The last distribution's thickness across the axis, once its children are aligned
    /// across it: only when sizing, placing or a row's baseline asks, as aligning asks the
    /// children for guides (asked needlessly, a guide read while laid out can make the
    /// hosting screen redo a layout afresh; BENCHMARKS.md, tenth round).
    private var crossExtent: CGFloat?
    /// Room for a distribution's per-child figures, reused by every distribution of the stack.
    private var serving: [Serving] = []

    override func forgetLayout() {
        distributed = nil
        crossExtent = nil
        super.forgetLayout()
    }

    /// When a child is served: its priority, then whether it is a view (before) or a spacer.
    ///
    /// A spacer yields to the views of its priority, its minimum set aside for it: a label
    /// beside a `Spacer` takes the width it needs rather than half, as SwiftUI apps show (the
    /// write-ups only describe views that aren't spacers; see the README's approximations).
    private func servingOrder(_ child: LayoutNode) -> StackServingOrder {
        StackServingOrder(priority: child.layoutPriority, isView: !child.isSpacer)
    }

    /// Makes the children's placements for the stack's `proposal` the last distribution.
    private func distribute(_ proposal: ProposedViewSize) {
        if let distributed, distributed == proposal { return }
        // Filled in a local holding the kept storage, so that no access to the property spans
        // the children's sizing.
        var result: [Placement] = []
        swap(&result, &placements)
        result.removeAll(keepingCapacity: true)
        result.reserveCapacity(children.count)
        freshDistribution(proposal, into: &result)
        placements = result
        crossExtent = nil
        distributed = proposal
    }

    /// A child's figures while a distribution is made.
    private struct Serving {
        var order: StackServingOrder
        var flexibility: CGFloat = 0
        var minimum: CGFloat = 0
        var index: Int
    }

    // Loops rather than closures below: this runs for every stack at every proposal, and each
    // main-actor closure checks its executor when called. No temporary arrays either: the
    // figures go in storage the stack keeps (a distribution allocated five arrays before).
    private func freshDistribution(_ proposal: ProposedViewSize, into result: inout [Placement]) {
        let cross = proposal[axis.other]
        guard let main = proposal[axis] else {
            let childProposal = ProposedViewSize(axis, main: nil, cross: cross)
            for child in children {
                result.append(Placement(proposal: childProposal, size: child.sizeThatFits(childProposal), crossOffset: 0))
            }
            return
        }
        let count = children.count
        var work: [Serving] = []
        swap(&work, &serving)
        defer { swap(&work, &serving) }
        work.removeAll(keepingCapacity: true)
        work.reserveCapacity(count)
        var highest: StackServingOrder?
        for index in 0..<count {
            let order = servingOrder(children[index])
            work.append(Serving(order: order, index: index))
            if let top = highest, !(top < order) { continue }
            highest = order
        }
        // A child's narrowest size counts only where it orders its group (two or more) by
        // flexibility, or is set aside for a higher group; and a child that grows without end
        // is the most flexible whatever its narrowest size. So it is asked only then: a label
        // in a `.frame(maxWidth: .infinity)` beside a switch is never measured at width zero,
        // nor a row alone in its stack (a child infinite at zero, whose flexibility was not a
        // number, now counts as the most flexible).
        let minimumProposal = ProposedViewSize(axis, main: 0, cross: cross)
        let maximumProposal = ProposedViewSize(axis, main: .infinity, cross: cross)
        for index in 0..<count {
            let isLower = work[index].order != highest
            var sharesGroup = false
            for other in 0..<count where other != index && work[other].order == work[index].order {
                sharesGroup = true
                break
            }
            guard isLower || sharesGroup else { continue }
            let maximum = children[index].sizeThatFits(maximumProposal)[axis]
            if !isLower && maximum == .infinity {
                work[index].flexibility = .infinity
                continue
            }
            work[index].minimum = children[index].sizeThatFits(minimumProposal)[axis]
            work[index].flexibility = maximum - work[index].minimum
        }
        // Served in order: higher priorities first, inside a priority the spacers after the
        // other views (see `servingOrder`), and inside a group the least flexible first. An
        // insertion sort: a stack's children are few, and it takes no closure.
        for next in 1..<max(1, count) {
            let item = work[next]
            var position = next
            while position > 0, Self.isServed(item, before: work[position - 1]) {
                work[position] = work[position - 1]
                position -= 1
            }
            work[position] = item
        }
        var remaining = main - totalGap
        for _ in 0..<count { result.append(Placement(proposal: proposal, size: .zero, crossOffset: 0)) }
        var start = 0
        while start < count {
            let order = work[start].order
            var end = start + 1
            while end < count, work[end].order == order { end += 1 }
            var lowerMinimums: CGFloat = 0
            for later in end..<count { lowerMinimums += work[later].minimum }
            var available = remaining - lowerMinimums
            for position in start..<end {
                let index = work[position].index
                let offer = max(0, available / CGFloat(end - position))
                let childProposal = ProposedViewSize(axis, main: offer, cross: cross)
                let size = children[index].sizeThatFits(childProposal)
                result[index].proposal = childProposal
                result[index].size = size
                available -= size[axis]
                remaining -= size[axis]
            }
            start = end
        }
    }

    /// Whether `lhs` is served before `rhs`: a higher serving order, else less flexible, else
    /// earlier.
    private static func isServed(_ lhs: Serving, before rhs: Serving) -> Bool {
        if lhs.order != rhs.order { return rhs.order < lhs.order }
        return (lhs.flexibility, lhs.index) < (rhs.flexibility, rhs.index)
    }

    /// The last distribution's placements with their offsets across the axis, so that the
    /// children's guides line up, and the stack's thickness.
    private func alignedAcross() -> (placements: [Placement], extent: CGFloat) {
        if let crossExtent { return (placements, crossExtent) }
        var aligned: [Placement] = []
        swap(&aligned, &placements)
        let extent = alignCrossAxis(&aligned)
        placements = aligned
        crossExtent = extent
        return (aligned, extent)
    }

    /// Sets the children's offsets across the axis, so that their guides line up, and gives
    /// the stack's thickness.
    private func alignCrossAxis(_ placements: inout [Placement]) -> CGFloat {
        guard !children.isEmpty else { return 0 }
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for index in children.indices {
            let size = placements[index].size
            let guide = children[index].guide(alignment, in: size)
            placements[index].crossOffset = guide
            if index == 0 || -guide < low { low = -guide }
            let after = size[axis.other] - guide
            if index == 0 || high < after { high = after }
        }
        for index in placements.indices { placements[index].crossOffset = -placements[index].crossOffset - low }
        return high - low
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        distribute(proposal)
        let (placements, extent) = alignedAcross()
        var main: CGFloat = 0
        for placement in placements { main += placement.size[axis] }
        main += totalGap
        return CGSize(axis, main: main, cross: extent)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        distribute(proposal)
        let (placements, extent) = alignedAcross()
        let origin = CGPoint(axis, main: axis == .horizontal ? bounds.minX : bounds.minY,
                             cross: axis == .horizontal ? bounds.minY : bounds.minX)
        // A parent may place the stack in bounds thicker than it chose: the children then sit
        // at the side the alignment names (the middle for any other guide).
        let mainStart = axis == .horizontal ? origin.x : origin.y
        let fraction: CGFloat = alignment == HorizontalAlignment.leading.key || alignment == VerticalAlignment.top.key ? 0
            : alignment == HorizontalAlignment.trailing.key || alignment == VerticalAlignment.bottom.key ? 1 : 0.5
        let crossStart = (axis == .horizontal ? origin.y : origin.x) + (bounds.size[axis.other] - extent) * fraction
        var position = mainStart
        for index in children.indices {
            let size = placements[index].size
            let point = CGPoint(axis, main: position, cross: crossStart + placements[index].crossOffset)
            children[index].place(in: CGRect(origin: point, size: size), proposal: placements[index].proposal)
            position += size[axis] + Self.gap(after: index, in: children, spacing: spacing)
        }
    }

    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool {
        (key == VerticalAlignment.firstTextBaseline.key || key == VerticalAlignment.lastTextBaseline.key)
            && children.contains { $0.hasExplicitAlignment(key) }
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        // Text baselines come from the first or last child that has one, as in SwiftUI.
        guard key.axis == .vertical, key == VerticalAlignment.firstTextBaseline.key || key == VerticalAlignment.lastTextBaseline.key
        else { return nil }
        distribute(ProposedViewSize(size))
        let placements = axis == .vertical ? self.placements : alignedAcross().placements
        // Offsets along a column, or across a row.
        func offset(_ index: Int) -> CGFloat {
            guard axis == .vertical else { return placements[index].crossOffset }
            var position: CGFloat = 0
            for earlier in 0..<index {
                position += placements[earlier].size.height + Self.gap(after: earlier, in: children, spacing: spacing)
            }
            return position
        }
        let first = key == VerticalAlignment.firstTextBaseline.key
        for step in children.indices {
            let index = first ? step : children.count - 1 - step
            if let value = children[index].explicitAlignment(key, in: placements[index].size) { return offset(index) + value }
        }
        return nil
    }
}

/// A `ZStack`: every child is proposed the stack's proposal and aligned on the stack's guides;
/// the stack is as large as the union of its aligned children.
final class OverlayNode: LayoutNode {
    let alignment: Alignment

    init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        super.init(children: children)
    }

    // The children's sizes are asked again rather than kept in an array: each child keeps its
    // answers, and an array per sizing and placing was an allocation each.
    private func union(_ proposal: ProposedViewSize) -> CGRect {
        var rect: CGRect?
        for child in children {
            let size = child.sizeThatFits(proposal)
            let childRect = CGRect(x: -child.guide(alignment.horizontal.key, in: size), y: -child.guide(alignment.vertical.key, in: size),
                                   width: size.width, height: size.height)
            rect = rect?.union(childRect) ?? childRect
        }
        return rect ?? .zero
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { union(proposal).size }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        for child in children {
            let size = child.sizeThatFits(proposal)
            child.place(in: CGRect(origin: aligned(child, size: size, in: bounds, alignment: alignment), size: size),
                        proposal: proposal)
        }
    }
}
