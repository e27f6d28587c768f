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
        gaps = Self.gaps(between: children, spacing: spacing)
        totalGap = gaps.reduce(0, +)
        super.init(children: children)
    }

    /// The space after each child but the last, and their sum.
    private var gaps: [CGFloat]
    private var totalGap: CGFloat

    private static func gaps(between children: [LayoutNode], spacing: CGFloat?) -> [CGFloat] {
        children.count > 1 ? (0..<children.count - 1).map { index in
            if let spacing { return spacing }
            return children[index].isSpacer || children[index + 1].isSpacer ? 0 : defaultStackSpacing
        } : []
    }

    /// Makes `newChildren` the stack's children, with their gaps (an arrangement chosen when
    /// measured: ``AccessibilitySizeStackNode``).
    final func replaceChildren(_ newChildren: [LayoutNode]) {
        children = newChildren
        gaps = Self.gaps(between: newChildren, spacing: spacing)
        totalGap = gaps.reduce(0, +)
        lastDistribution = nil
    }
    /// The last distribution made, which placing asks for again after sizing.
    private var lastDistribution: (proposal: ProposedViewSize, placements: [(proposal: ProposedViewSize, size: CGSize)])?

    override func forgetLayout() {
        lastDistribution = nil
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

    /// Each child's proposal and size for the stack's `proposal`.
    private func distribute(_ proposal: ProposedViewSize) -> [(proposal: ProposedViewSize, size: CGSize)] {
        if let last = lastDistribution, last.proposal == proposal { return last.placements }
        let placements = freshDistribution(proposal)
        lastDistribution = (proposal, placements)
        return placements
    }

    // Loops rather than closures below: this runs for every stack at every proposal, and each
    // main-actor closure checks its executor when called.
    private func freshDistribution(_ proposal: ProposedViewSize) -> [(proposal: ProposedViewSize, size: CGSize)] {
        let cross = proposal[axis.other]
        var result: [(proposal: ProposedViewSize, size: CGSize)] = []
        result.reserveCapacity(children.count)
        guard let main = proposal[axis] else {
            let childProposal = ProposedViewSize(axis, main: nil, cross: cross)
            for child in children { result.append((childProposal, child.sizeThatFits(childProposal))) }
            return result
        }
        let count = children.count
        var keys: [StackServingOrder] = []
        keys.reserveCapacity(count)
        for child in children { keys.append(servingOrder(child)) }
        // Groups in the order they are served: higher priorities first, and inside a priority
        // the spacers after the other views (see `servingOrder`).
        var groupKeys: [StackServingOrder] = []
        for key in keys where !groupKeys.contains(key) { groupKeys.append(key) }
        groupKeys.sort(by: >)
        // A child's narrowest size counts only where it orders its group (two or more) by
        // flexibility, or is set aside for a higher group; and a child that grows without end
        // is the most flexible whatever its narrowest size. So it is asked only then: a label
        // in a `.frame(maxWidth: .infinity)` beside a switch is never measured at width zero,
        // nor a row alone in its stack (a child infinite at zero, whose flexibility was not a
        // number, now counts as the most flexible).
        var flexibilities = [CGFloat](repeating: 0, count: count), minimums = [CGFloat](repeating: 0, count: count)
        let minimumProposal = ProposedViewSize(axis, main: 0, cross: cross)
        let maximumProposal = ProposedViewSize(axis, main: .infinity, cross: cross)
        for index in 0..<count {
            let isLower = keys[index] != groupKeys[0]
            var sharesGroup = false
            for other in 0..<count where other != index && keys[other] == keys[index] {
                sharesGroup = true
                break
            }
            guard isLower || sharesGroup else { continue }
            let maximum = children[index].sizeThatFits(maximumProposal)[axis]
            if !isLower && maximum == .infinity {
                flexibilities[index] = .infinity
                continue
            }
            minimums[index] = children[index].sizeThatFits(minimumProposal)[axis]
            flexibilities[index] = maximum - minimums[index]
        }
        var remaining = main - totalGap
        result = Array(repeating: (proposal, .zero), count: count)
        for key in groupKeys {
            var group: [Int] = []
            var lowerMinimums: CGFloat = 0
            for index in 0..<count {
                if keys[index] == key { group.append(index) } else if keys[index] < key { lowerMinimums += minimums[index] }
            }
            group.sort { (flexibilities[$0], $0) < (flexibilities[$1], $1) }
            var available = remaining - lowerMinimums
            for (position, index) in group.enumerated() {
                let offer = max(0, available / CGFloat(group.count - position))
                let childProposal = ProposedViewSize(axis, main: offer, cross: cross)
                let size = children[index].sizeThatFits(childProposal)
                result[index] = (childProposal, size)
                available -= size[axis]
                remaining -= size[axis]
            }
        }
        return result
    }

    /// The children's offsets across the axis, so that their guides line up, and the stack's
    /// thickness.
    private func crossOffsets(_ sizes: [CGSize]) -> (offsets: [CGFloat], extent: CGFloat) {
        guard !children.isEmpty else { return ([], 0) }
        var guides: [CGFloat] = []
        guides.reserveCapacity(children.count)
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for index in children.indices {
            let guide = children[index].guide(alignment, in: sizes[index])
            guides.append(guide)
            if index == 0 || -guide < low { low = -guide }
            let after = sizes[index][axis.other] - guide
            if index == 0 || high < after { high = after }
        }
        for index in guides.indices { guides[index] = -guides[index] - low }
        return (guides, high - low)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let placements = distribute(proposal)
        var sizes: [CGSize] = []
        sizes.reserveCapacity(placements.count)
        var main: CGFloat = 0
        for placement in placements {
            sizes.append(placement.size)
            main += placement.size[axis]
        }
        main += totalGap
        return CGSize(axis, main: main, cross: crossOffsets(sizes).extent)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let placements = distribute(proposal)
        let cross = crossOffsets(placements.map(\.size))
        let origin = CGPoint(axis, main: axis == .horizontal ? bounds.minX : bounds.minY,
                             cross: axis == .horizontal ? bounds.minY : bounds.minX)
        // A parent may place the stack in bounds thicker than it chose: the children then sit
        // at the side the alignment names (the middle for any other guide).
        let mainStart = axis == .horizontal ? origin.x : origin.y
        let fraction: CGFloat = alignment == HorizontalAlignment.leading.key || alignment == VerticalAlignment.top.key ? 0
            : alignment == HorizontalAlignment.trailing.key || alignment == VerticalAlignment.bottom.key ? 1 : 0.5
        let crossStart = (axis == .horizontal ? origin.y : origin.x) + (bounds.size[axis.other] - cross.extent) * fraction
        var position = mainStart
        for (index, child) in children.enumerated() {
            let size = placements[index].size
            let point = CGPoint(axis, main: position, cross: crossStart + cross.offsets[index])
            child.place(in: CGRect(origin: point, size: size), proposal: placements[index].proposal)
            position += size[axis] + (index < gaps.count ? gaps[index] : 0)
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
        let placements = distribute(ProposedViewSize(size))
        let sizes = placements.map(\.size)
        var offsets: [CGFloat]
        if axis == .vertical {
            var position: CGFloat = 0
            offsets = []
            for (index, childSize) in sizes.enumerated() {
                offsets.append(position)
                position += childSize.height + (index < gaps.count ? gaps[index] : 0)
            }
        } else {
            offsets = crossOffsets(sizes).offsets
        }
        let order = key == VerticalAlignment.firstTextBaseline.key ? Array(children.indices) : Array(children.indices.reversed())
        for index in order {
            if let value = children[index].explicitAlignment(key, in: sizes[index]) { return offsets[index] + value }
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

    private func union(_ proposal: ProposedViewSize) -> (sizes: [CGSize], rect: CGRect) {
        let sizes = children.map { $0.sizeThatFits(proposal) }
        var rect: CGRect?
        for (child, size) in zip(children, sizes) {
            let childRect = CGRect(x: -child.guide(alignment.horizontal.key, in: size), y: -child.guide(alignment.vertical.key, in: size),
                                   width: size.width, height: size.height)
            rect = rect?.union(childRect) ?? childRect
        }
        return (sizes, rect ?? .zero)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { union(proposal).rect.size }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let (sizes, _) = union(proposal)
        for (child, size) in zip(children, sizes) {
            child.place(in: CGRect(origin: aligned(child, size: size, in: bounds, alignment: alignment), size: size),
                        proposal: proposal)
        }
    }
}
