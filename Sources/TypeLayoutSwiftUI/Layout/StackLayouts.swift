import Foundation

/// An `HStack` as a ``Layout`` value, for ``AnyLayout``.
public struct HStackLayout: _BuiltInLayout, BuiltInLayout {
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
    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: .horizontal) }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        StackNode(axis: .horizontal, alignment: alignment.key, spacing: spacing, children: children)
    }
}

/// A `VStack` as a ``Layout`` value, for ``AnyLayout``.
public struct VStackLayout: _BuiltInLayout, BuiltInLayout {
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
    public static var layoutProperties: LayoutProperties { LayoutProperties(stackOrientation: .vertical) }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        StackNode(axis: .vertical, alignment: alignment.key, spacing: spacing, children: children)
    }
}

/// A `ZStack` as a ``Layout`` value, for ``AnyLayout``.
public struct ZStackLayout: _BuiltInLayout, BuiltInLayout {
    /// The guides the children line up on.
    public var alignment: Alignment

    /// An overlay layout.
    public init(alignment: Alignment = .center) {
        self.alignment = alignment
    }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        OverlayNode(alignment: alignment, children: children)
    }
}

/// Any layout, its type erased, as SwiftUI's `AnyLayout`: a container that switches layout
/// (a row at the regular sizes, a column at the accessibility sizes) keeps its subviews.
public struct AnyLayout: _BuiltInLayout, BuiltInLayout {
    private let make: @MainActor (_ children: [LayoutNode], _ session: LayoutSession?) -> LayoutNode
    /// The erased layout's stack axis, which its spacers grow along: a static property can't
    /// tell, as every `AnyLayout` is one type.
    let stackOrientation: Axis?

    /// Erases `layout`'s type.
    public init<L: Layout>(_ layout: L) {
        make = { children, session in makeLayoutNode(layout, children: children, session: session) }
        stackOrientation = (layout as? AnyLayout)?.stackOrientation ?? L.layoutProperties.stackOrientation
    }

    @MainActor func makeNode(children: [LayoutNode], session: LayoutSession?) -> LayoutNode {
        make(children, session)
    }
}

/// A layout this module lays out with a node of its own; it answers the protocol's questions
/// through that node, so that a layout of your own can call it.
public protocol _BuiltInLayout: Layout where Cache == () {}

extension _BuiltInLayout {
    /// The size the container chooses.
    public func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        node(subviews).sizeThatFits(proposal)
    }

    /// Places the subviews as the container does.
    public func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {
        node(subviews).placeChildren(in: bounds, proposal: proposal)
    }

    private func node(_ subviews: Subviews) -> LayoutNode {
        // Every conforming type of this module is a BuiltInLayout; another is laid out as a
        // ZStack rather than through itself without end.
        guard let builtIn = self as? any BuiltInLayout else { return OverlayNode(alignment: .center, children: subviews.nodes) }
        return builtIn.makeNode(children: subviews.nodes, session: subviews.session)
    }
}
