import Foundation

/// Views in a row, as SwiftUI's `HStack`.
nonisolated public struct HStack<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let stack: StackSettings
    let content: Content

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
    let stack: StackSettings
    let content: Content

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
final class StackNode: LayoutNode {
    let axis: Axis
    let alignment: AlignmentKey
    let spacing: CGFloat?

    init(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, children: [LayoutNode]) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing
        super.init(children: children)
    }

    /// The space after each child but the last.
    private var gaps: [CGFloat] {
        guard children.count > 1 else { return [] }
        return (0..<children.count - 1).map { index in
            if let spacing { return spacing }
            return children[index].isSpacer || children[index + 1].isSpacer ? 0 : defaultStackSpacing
        }
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
        let cross = proposal[axis.other]
        guard let main = proposal[axis] else {
            return children.map { child in
                let childProposal = ProposedViewSize(axis, main: nil, cross: cross)
                return (childProposal, child.sizeThatFits(childProposal))
            }
        }
        let minimums = children.map { $0.sizeThatFits(ProposedViewSize(axis, main: 0, cross: cross))[axis] }
        let maximums = children.map { $0.sizeThatFits(ProposedViewSize(axis, main: .infinity, cross: cross))[axis] }
        var remaining = main - gaps.reduce(0, +)
        var result = [(proposal: ProposedViewSize, size: CGSize)?](repeating: nil, count: children.count)
        // Groups in the order they are served: higher priorities first, and inside a priority
        // the spacers after the other views (see `servingOrder`).
        let keys = children.map(servingOrder)
        for key in Set(keys).sorted(by: >) {
            let group = children.indices.filter { keys[$0] == key }
                .sorted { (maximums[$0] - minimums[$0], $0) < (maximums[$1] - minimums[$1], $1) }
            let lowerMinimums = children.indices.filter { keys[$0] < key }.reduce(0) { $0 + minimums[$1] }
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
        return result.map { $0! }
    }

    /// The children's offsets across the axis, so that their guides line up, and the stack's
    /// thickness.
    private func crossOffsets(_ sizes: [CGSize]) -> (offsets: [CGFloat], extent: CGFloat) {
        let guides = zip(children, sizes).map { child, size in child.dimensions(in: size)[alignment] }
        let low = zip(guides, sizes).map { guide, _ in -guide }.min() ?? 0
        let high = zip(guides, sizes).map { guide, size in size[axis.other] - guide }.max() ?? 0
        return (guides.map { -$0 - low }, high - low)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let sizes = distribute(proposal).map(\.size)
        let main = sizes.reduce(0) { $0 + $1[axis] } + gaps.reduce(0, +)
        return CGSize(axis, main: main, cross: crossOffsets(sizes).extent)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let placements = distribute(proposal)
        let cross = crossOffsets(placements.map(\.size))
        let gaps = self.gaps
        let origin = CGPoint(axis, main: axis == .horizontal ? bounds.minX : bounds.minY,
                             cross: axis == .horizontal ? bounds.minY : bounds.minX)
        // A parent may place the stack in bounds thicker than it chose: the children then sit
        // at the side the alignment names (the middle for any other guide).
        let mainStart = axis == .horizontal ? origin.x : origin.y
        let leadingKeys = [HorizontalAlignment.leading.key, VerticalAlignment.top.key]
        let trailingKeys = [HorizontalAlignment.trailing.key, VerticalAlignment.bottom.key]
        let fraction: CGFloat = leadingKeys.contains(alignment) ? 0 : trailingKeys.contains(alignment) ? 1 : 0.5
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
            let dimensions = child.dimensions(in: size)
            let childRect = CGRect(x: -dimensions[alignment.horizontal], y: -dimensions[alignment.vertical],
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
