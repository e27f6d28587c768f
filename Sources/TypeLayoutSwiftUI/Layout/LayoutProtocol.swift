import Foundation

/// A container's geometry written by you, as SwiftUI's `Layout`: it sizes itself from its
/// subviews' answers to proposals and places them. Stacks are layouts too
/// (``HStackLayout``, ``VStackLayout``, ``ZStackLayout``), and ``AnyLayout`` switches between
/// layouts.
@MainActor @preconcurrency
public protocol Layout {
    /// What the layout keeps between its calls; `Void` for none.
    associatedtype Cache = Void
    /// The container's subviews.
    typealias Subviews = LayoutSubviews

    /// Properties of the layout (whether it is a stack, along which axis).
    static var layoutProperties: LayoutProperties { get }

    /// The container's size for `proposal`.
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache) -> CGSize

    /// Places each subview in `bounds`, the container's frame.
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout Cache)

    /// The container's own value for a horizontal guide, if it has one.
    func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?

    /// The container's own value for a vertical guide, if it has one.
    func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                           subviews: Subviews, cache: inout Cache) -> CGFloat?

    /// The spacing the container wants around it.
    func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing

    /// A new cache for `subviews`.
    func makeCache(subviews: Subviews) -> Cache

    /// Brings `cache` up to date when the subviews change.
    func updateCache(_ cache: inout Cache, subviews: Subviews)

    /// The node TypeLayoutSwiftUI lays a container of this layout out with; not for use in
    /// apps. A requirement, so that this module's layouts are told from yours by their type,
    /// not by a cast of every container.
    @MainActor func _containerNode(_ children: _LayoutChildren) -> _LayoutContainerNode
}

/// The subviews a layout's container node is made with (``Layout/_containerNode(_:)``); not
/// for use in apps.
public struct _LayoutChildren {
    let nodes: [LayoutNode]
    let session: LayoutSession?
}

/// A layout's container node (``Layout/_containerNode(_:)``); not for use in apps.
public struct _LayoutContainerNode {
    let node: LayoutNode
}

extension Layout {
    /// A layout of your own: laid out through its `sizeThatFits` and `placeSubviews`.
    @MainActor public func _containerNode(_ children: _LayoutChildren) -> _LayoutContainerNode {
        _LayoutContainerNode(node: CustomLayoutNode(self, children: children.nodes, session: children.session))
    }

    /// Not a stack.
    public static var layoutProperties: LayoutProperties { LayoutProperties() }

    /// No explicit horizontal guides.
    public func explicitAlignment(of guide: HorizontalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }

    /// No explicit vertical guides.
    public func explicitAlignment(of guide: VerticalAlignment, in bounds: CGRect, proposal: ProposedViewSize,
                                  subviews: Subviews, cache: inout Cache) -> CGFloat? { nil }

    /// The default spacing.
    public func spacing(subviews: Subviews, cache: inout Cache) -> ViewSpacing { ViewSpacing() }

    /// Makes the cache again.
    public func updateCache(_ cache: inout Cache, subviews: Subviews) {
        cache = makeCache(subviews: subviews)
    }

    /// The views `content` builds, laid out by this layout.
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _LayoutView(layout: self, content: content())
    }
}

extension Layout where Cache == () {
    /// No cache.
    public func makeCache(subviews: Subviews) -> Cache { () }
}

/// Properties of a layout.
nonisolated public struct LayoutProperties: Sendable {
    /// The axis of a stack-like layout, which its `Spacer`s grow along; `nil` otherwise.
    public var stackOrientation: Axis?

    /// Not a stack.
    public init() {}

    init(stackOrientation: Axis?) { self.stackOrientation = stackOrientation }
}

/// The spacing a view wants from its neighbours: 8 points here, none for a spacer.
nonisolated public struct ViewSpacing: Sendable {
    let isSpacer: Bool

    /// The default spacing.
    public init() { isSpacer = false }

    init(isSpacer: Bool) { self.isSpacer = isSpacer }

    /// No spacing.
    public static let zero = ViewSpacing(isSpacer: true)

    /// The distance from this view to `next` along `axis`.
    public func distance(to next: ViewSpacing, along axis: Axis) -> CGFloat {
        isSpacer || next.isSpacer ? 0 : defaultStackSpacing
    }
}

/// A key for a value a view gives its layout container with ``View/layoutValue(key:value:)``.
public protocol LayoutValueKey {
    /// The type of the value.
    associatedtype Value
    /// The value of a view that sets none.
    static var defaultValue: Value { get }
}

/// A `Layout` with its content.
nonisolated public struct _LayoutView<L: Layout, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let layout: L
    let content: Content

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        var inner = context
        inner.stackAxis = (layout as? AnyLayout)?.stackOrientation ?? L.layoutProperties.stackOrientation
        return [makeLayoutNode(layout, children: try inner.resolve(content), session: context.session)]
    }
}

/// A layout this module lays out with a node of its own (the stacks, `AnyLayout`).
protocol BuiltInLayout: Layout {
    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode
}

extension BuiltInLayout {
    /// A layout of this module: laid out by its own node.
    @MainActor public func _containerNode(_ children: _LayoutChildren) -> _LayoutContainerNode {
        _LayoutContainerNode(node: makeNode(children: children.nodes, session: children.session))
    }
}

/// The node that lays `children` out with `layout`.
@MainActor
func makeLayoutNode<L: Layout>(_ layout: L, children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
    layout._containerNode(_LayoutChildren(nodes: children, session: session)).node
}

/// A node laid out by a `Layout` of the team's own.
///
/// Sizes that are not numbers, and frames placed at places that are not numbers, are recorded
/// as an error the layout then throws (``SwiftUILayoutError/invalidGeometry(_:)``) and count as
/// zero meanwhile.
final class CustomLayoutNode<L: Layout>: LayoutNode {
    let layout: L
    let session: LayoutSession?
    private var cache: L.Cache?

    override func forgetLayout() {
        cache = nil
        super.forgetLayout()
    }

    init(_ layout: L, children: [LayoutNode], session: LayoutSession?) {
        self.layout = layout
        self.session = session
        super.init(children: children)
    }

    private var subviews: LayoutSubviews { LayoutSubviews(nodes: children, session: session) }

    private func withCache<R>(_ body: (inout L.Cache) -> R) -> R {
        var current = cache ?? layout.makeCache(subviews: subviews)
        defer { cache = current }
        return body(&current)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let size = withCache { layout.sizeThatFits(proposal: proposal, subviews: subviews, cache: &$0) }
        if size.width.isNaN || size.height.isNaN || size.width < 0 || size.height < 0 {
            session?.record(SwiftUILayoutError.invalidGeometry("\(L.self) chose the size \(size.width) × \(size.height) for the proposal \(proposal.width.map { "\($0)" } ?? "nil") × \(proposal.height.map { "\($0)" } ?? "nil")"))
            return .zero
        }
        return size
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let subviews = self.subviews
        withCache { layout.placeSubviews(in: bounds, proposal: proposal, subviews: subviews, cache: &$0) }
        // A subview the layout didn't place sits at the centre at its ideal size, as in SwiftUI.
        for child in children where !child.isPlaced {
            let size = child.sizeThatFits(.unspecified)
            child.place(in: CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                                   width: size.width, height: size.height), proposal: .unspecified)
        }
    }

    /// A team's layout may answer any guide.
    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool { true }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let bounds = CGRect(origin: .zero, size: size)
        let proposal = ProposedViewSize(size)
        return withCache { cache in
            key.axis == .horizontal
                ? layout.explicitAlignment(of: HorizontalAlignment(key.id), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
                : layout.explicitAlignment(of: VerticalAlignment(key.id), in: bounds, proposal: proposal, subviews: subviews, cache: &cache)
        }
    }
}

/// A layout container's subviews.
@MainActor
public struct LayoutSubviews: @MainActor RandomAccessCollection, @MainActor Equatable {
    let nodes: [LayoutNode]
    let session: LayoutSession?

    /// The first position.
    public var startIndex: Int { nodes.startIndex }
    /// The position after the last.
    public var endIndex: Int { nodes.endIndex }

    /// The subview at `index`.
    public subscript(index: Int) -> LayoutSubview { LayoutSubview(node: nodes[index], session: session) }

    /// Equal when they are the same views.
    public static func == (lhs: LayoutSubviews, rhs: LayoutSubviews) -> Bool {
        lhs.nodes.count == rhs.nodes.count && zip(lhs.nodes, rhs.nodes).allSatisfy { $0 === $1 }
    }
}

/// One subview of a layout container: what the container can ask it and do with it.
@MainActor
public struct LayoutSubview: @MainActor Equatable {
    let node: LayoutNode
    let session: LayoutSession?

    /// The subview's size for `proposal`.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize { node.sizeThatFits(proposal) }

    /// The subview's size and guides for `proposal`.
    public func dimensions(in proposal: ProposedViewSize) -> ViewDimensions {
        node.dimensions(in: node.sizeThatFits(proposal))
    }

    /// The subview's `layoutPriority`.
    public var priority: Double { node.layoutPriority }

    /// The spacing the subview wants.
    public var spacing: ViewSpacing { ViewSpacing(isSpacer: node.isSpacer) }

    /// The subview's value for a layout value key.
    public subscript<K: LayoutValueKey>(key: K.Type) -> K.Value {
        node.layoutValues[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue
    }

    /// Places the subview with its `anchor` at `position`, at its size for `proposal`.
    public func place(at position: CGPoint, anchor: UnitPoint = .topLeading, proposal: ProposedViewSize) {
        let size = node.sizeThatFits(proposal)
        let origin = CGPoint(x: position.x - anchor.x * size.width, y: position.y - anchor.y * size.height)
        guard origin.x.isFinite, origin.y.isFinite else {
            session?.record(SwiftUILayoutError.invalidGeometry("a layout placed a subview at \(position.x), \(position.y)"))
            node.place(in: CGRect(origin: .zero, size: size), proposal: proposal)
            return
        }
        node.place(in: CGRect(origin: origin, size: size), proposal: proposal)
    }

    /// Equal when they are the same view.
    public static func == (lhs: LayoutSubview, rhs: LayoutSubview) -> Bool { lhs.node === rhs.node }
}

/// A point in a view's own unit square: (0, 0) its top-leading corner, (1, 1) its
/// bottom-trailing one.
nonisolated public struct UnitPoint: Hashable, Sendable {
    /// The horizontal fraction.
    public var x: CGFloat
    /// The vertical fraction.
    public var y: CGFloat

    /// A point of fractions.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension View {
    /// This view's value for `key`, which its layout container reads from its subviews.
    public consuming func layoutValue<K: LayoutValueKey>(key: K.Type, value: K.Value) -> some View {
        modifier(_LayoutModifier { node in
            let wrapper = WrapperNode(node)
            wrapper.layoutValues[ObjectIdentifier(key)] = value
            return wrapper
        })
    }
}
