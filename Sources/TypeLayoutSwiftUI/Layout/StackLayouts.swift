import Foundation

/// An `HStack` as a ``Layout`` value, for ``AnyLayout``.
public struct HStackLayout: Layout, BuiltInLayout {
    /// The guide the children line up on.
    public var alignment: VerticalAlignment
    /// The space between children; `nil` for the default.
    public var spacing: CGFloat?

    /// A row layout.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    /// A horizontal stack.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .horizontal
        return properties
    }

    /// The size the container chooses.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        builtInSize(self, proposal, subviews)
    }

    /// Places the subviews as the container does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        builtInPlace(self, bounds, proposal, subviews)
    }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        StackNode(axis: .horizontal, alignment: alignment.key, spacing: spacing, children: children)
    }
}

/// A `VStack` as a ``Layout`` value, for ``AnyLayout``.
public struct VStackLayout: Layout, BuiltInLayout {
    /// The guide the children line up on.
    public var alignment: HorizontalAlignment
    /// The space between children; `nil` for the default.
    public var spacing: CGFloat?

    /// A column layout.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }

    /// A vertical stack.
    public static var layoutProperties: LayoutProperties {
        var properties = LayoutProperties()
        properties.stackOrientation = .vertical
        return properties
    }

    /// The size the container chooses.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        builtInSize(self, proposal, subviews)
    }

    /// Places the subviews as the container does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        builtInPlace(self, bounds, proposal, subviews)
    }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        StackNode(axis: .vertical, alignment: alignment.key, spacing: spacing, children: children)
    }
}

/// A `ZStack` as a ``Layout`` value, for ``AnyLayout``.
public struct ZStackLayout: Layout, BuiltInLayout {
    /// The guides the children line up on.
    public var alignment: Alignment

    /// An overlay layout.
    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    /// The size the container chooses.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        builtInSize(self, proposal, subviews)
    }

    /// Places the subviews as the container does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        builtInPlace(self, bounds, proposal, subviews)
    }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        OverlayNode(alignment: alignment, children: children)
    }
}

/// Any layout, its type erased, as SwiftUI's `AnyLayout`: a container that switches layout
/// (a row at the regular sizes, a column at the accessibility sizes) keeps its subviews.
public struct AnyLayout: Layout, BuiltInLayout {
    private let make: @MainActor (_ children: [LayoutNode], _ session: LayoutSession?) -> LayoutNode

    /// Erases `layout`'s type.
    public init<L: Layout>(_ layout: L) {
        make = { children, session in makeLayoutNode(layout, children: children, session: session) }
    }

    /// The size the container chooses.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        builtInSize(self, proposal, subviews)
    }

    /// Places the subviews as the container does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        builtInPlace(self, bounds, proposal, subviews)
    }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        make(children, session)
    }
}

/// The built-in layouts answer the protocol's questions through the node they make, so that a
/// layout of your own can call them.
@MainActor
private func builtInSize(_ layout: some BuiltInLayout, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) -> CGSize {
    layout.makeNode(children: subviews.nodes, session: subviews.session).sizeThatFits(proposal)
}

@MainActor
private func builtInPlace(_ layout: some BuiltInLayout, _ bounds: CGRect, _ proposal: ProposedViewSize, _ subviews: LayoutSubviews) {
    layout.makeNode(children: subviews.nodes, session: subviews.session).placeChildren(in: bounds, proposal: proposal)
}
