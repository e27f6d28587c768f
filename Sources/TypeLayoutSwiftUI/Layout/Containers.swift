import Foundation

/// The first of its views whose ideal size fits the proposal on the constrained axes, else
/// the last, as SwiftUI's `ViewThatFits`.
nonisolated public struct ViewThatFits<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let axes: Axis.Set
    let content: Content

    /// Chooses among the views `content` builds, in order, by whether they fit along `axes`.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [ViewThatFitsNode(axes: axes, candidates: try context.outsideStack.resolve(content))]
    }
}

/// `ViewThatFits`: only the chosen candidate is placed and drawn.
final class ViewThatFitsNode: LayoutNode {
    let axes: Axis.Set
    let candidates: [LayoutNode]

    init(axes: Axis.Set, candidates: [LayoutNode]) {
        self.axes = axes
        self.candidates = candidates
        super.init()
    }

    /// Every candidate, chosen or not.
    override var nodesKeptBetweenLayouts: [LayoutNode] { candidates }

    override func forgetLayout() {
        // The choice is the last layout's: every candidate is one again.
        children = []
        super.forgetLayout()
    }

    /// The candidate for `proposal`: the first whose ideal length on each constrained axis is
    /// within the proposal there.
    private func choice(_ proposal: ProposedViewSize) -> LayoutNode? {
        let ideal = ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                                     height: axes.contains(.vertical) ? nil : proposal.height)
        return candidates.first { candidate in
            let size = candidate.sizeThatFits(ideal)
            return Axis.allCases.allSatisfy { axis in
                let set: Axis.Set = axis == .horizontal ? .horizontal : .vertical
                guard axes.contains(set), let limit = proposal[axis] else { return true }
                return size[axis] <= limit + 0.001
            }
        } ?? candidates.last
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        choice(proposal)?.sizeThatFits(proposal) ?? .zero
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        guard let chosen = choice(proposal) else { return }
        children = [chosen]
        chosen.place(in: bounds, proposal: proposal)
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        choice(ProposedViewSize(size))?.explicitAlignment(key, in: size)
    }

    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool { candidates.contains { $0.hasExplicitAlignment(key) } }
}

/// A view whose content is made from its own size, as SwiftUI's `GeometryReader`: it takes
/// the whole proposal (10 points where there is none) and places its content at its
/// top-leading corner. The content can't change the reader's size, so there is no feedback.
nonisolated public struct GeometryReader<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    /// Makes the content from the reader's geometry.
    public var content: (GeometryProxy) -> Content

    /// A reader of the content `content` makes.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let inner = context.outsideStack
        return [GeometryReaderNode(session: context.session) { proxy in try inner.resolve(content(proxy)) }]
    }
}

/// The size and place of a `GeometryReader`.
nonisolated public struct GeometryProxy {
    /// The reader's size.
    public let size: CGSize
    /// The safe area's insets inside the reader (none here).
    public let safeAreaInsets: EdgeInsets
    let globalFrame: CGRect

    /// The reader's frame in a coordinate space: the screen's, or its own.
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect {
        switch coordinateSpace {
        case .global, .named: return globalFrame
        case .local: return CGRect(origin: .zero, size: size)
        }
    }
}

/// A coordinate space frames are given in.
public enum CoordinateSpace: Hashable {
    /// The screen's.
    case global
    /// The view's own.
    case local
    /// A space named with `.coordinateSpace(name:)` (the screen's here).
    case named(AnyHashable)
}

/// `GeometryReader`: its content is resolved when it is placed, from its frame.
final class GeometryReaderNode: LayoutNode {
    let session: LayoutSession
    let makeContent: (GeometryProxy) throws -> [LayoutNode]

    init(session: LayoutSession, makeContent: @escaping (GeometryProxy) throws -> [LayoutNode]) {
        self.session = session
        self.makeContent = makeContent
        super.init()
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        do {
            children = try makeContent(GeometryProxy(size: bounds.size, safeAreaInsets: EdgeInsets(), globalFrame: bounds))
        } catch {
            session.record(error)
            children = []
        }
        let offer = ProposedViewSize(bounds.size)
        for child in children {
            child.place(in: CGRect(origin: bounds.origin, size: child.sizeThatFits(offer)), proposal: offer)
        }
    }
}

/// A scrolling view, as SwiftUI's `ScrollView`: it takes the proposal, proposes its content
/// nothing (its ideal length) along the scrolling axes, and is laid out whole, as if every part
/// of it were scrolled into view at once; drawn whole too, unless something is pinned below it
/// (`ScreenLayout.clipsContent(_:)`).
nonisolated public struct ScrollView<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    /// The scrolling axes.
    public var axes: Axis.Set
    /// Whether indicators show (they are not drawn here).
    public var showsIndicators: Bool
    /// The content.
    public var content: Content

    /// A view that scrolls the views `content` builds along `axes`.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        // Several views in a scroll view stack along its axis, as in SwiftUI.
        let axis: Axis = axes == .horizontal ? .horizontal : .vertical
        var inner = context
        inner.stackAxis = axis
        let nodes = try inner.resolve(content)
        let body = nodes.count == 1 ? nodes[0] : StackNode(axis: axis, alignment: axis == .vertical ? HorizontalAlignment.center.key : VerticalAlignment.center.key,
                                                            spacing: nil, children: nodes)
        return [ScrollNode(body, axes: axes)]
    }
}

/// `ScrollView`.
final class ScrollNode: WrapperNode {
    let axes: Axis.Set

    init(_ child: LayoutNode, axes: Axis.Set) {
        self.axes = axes
        super.init(child)
    }

    private func inner(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : proposal.width,
                         height: axes.contains(.vertical) ? nil : proposal.height)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let content = child.sizeThatFits(inner(proposal))
        return CGSize(width: proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? content.width,
                      height: proposal.height.flatMap { $0.isFinite ? $0 : nil } ?? content.height)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let offer = inner(proposal)
        let size = child.sizeThatFits(offer)
        // From the top (or leading edge) along the scrolling axes, centred across them.
        let x = axes.contains(.horizontal) ? bounds.minX : bounds.midX - size.width / 2
        let y = axes.contains(.vertical) ? bounds.minY : bounds.midY - size.height / 2
        child.place(in: CGRect(x: x, y: y, width: size.width, height: size.height), proposal: offer)
    }
}

/// A `VStack` laid out whole (nothing is lazy here), as SwiftUI's `LazyVStack`.
nonisolated public struct LazyVStack<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let stack: StackSettings
    let content: Content

    /// A column of the views `content` builds.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        stack = StackSettings(axis: .vertical, alignment: alignment.key, spacing: spacing)
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { try stack.makeNodes(content, context) }
}

/// An `HStack` laid out whole, as SwiftUI's `LazyHStack`.
nonisolated public struct LazyHStack<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let stack: StackSettings
    let content: Content

    /// A row of the views `content` builds.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
                @ViewBuilder content: () -> Content) {
        stack = StackSettings(axis: .horizontal, alignment: alignment.key, spacing: spacing)
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { try stack.makeNodes(content, context) }
}

/// Views of a lazy stack that stay pinned while it scrolls (nothing scrolls here).
nonisolated public struct PinnedScrollableViews: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt32
    /// A set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

extension View {
    /// This view's value for a guide, computed from its dimensions, replacing the default.
    public consuming func alignmentGuide(_ guide: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifier(_LayoutModifier { AlignmentGuideNode($0, key: guide.key, compute: computeValue) })
    }

    /// This view's value for a guide, computed from its dimensions, replacing the default.
    public consuming func alignmentGuide(_ guide: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View {
        modifier(_LayoutModifier { AlignmentGuideNode($0, key: guide.key, compute: computeValue) })
    }
}

/// `.alignmentGuide`: one guide given by a closure.
final class AlignmentGuideNode: WrapperNode {
    let key: AlignmentKey
    let compute: (ViewDimensions) -> CGFloat

    init(_ child: LayoutNode, key: AlignmentKey, compute: @escaping (ViewDimensions) -> CGFloat) {
        self.key = key
        self.compute = compute
        super.init(child)
    }

    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool { key == self.key || child.hasExplicitAlignment(key) }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard key == self.key else { return child.explicitAlignment(key, in: size) }
        let value = compute(child.dimensions(in: size))
        return value.isFinite ? value : nil
    }
}
