import Foundation
import TypeLayoutScreens

/// `.background` and `.overlay`: a second view proposed the first's size and aligned on it.
nonisolated public struct _BackgroundModifier<Secondary: View>: ViewModifier, NodeWrappingModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    let secondary: Secondary
    let alignment: Alignment
    let isOverlay: Bool

    @usableFromInline init(secondary: Secondary, alignment: Alignment, isOverlay: Bool) {
        self.secondary = secondary
        self.alignment = alignment
        self.isOverlay = isOverlay
    }

    @MainActor func wrap(_ node: LayoutNode, _ context: ResolveContext) throws -> LayoutNode {
        let others = try context.outsideStack.resolve(secondary)
        let decoration = others.count == 1 ? others[0] : OverlayNode(alignment: alignment, children: others)
        return BackgroundNode(primary: node, secondary: decoration, alignment: alignment, isOverlay: isOverlay)
    }
}

extension View {
    /// `content` behind this view, proposed this view's size.
    @inlinable public consuming func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(_BackgroundModifier(secondary: content(), alignment: alignment, isOverlay: false))
    }

    /// `background` behind this view, proposed this view's size.
    @inlinable public consuming func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        modifier(_BackgroundModifier(secondary: background, alignment: alignment, isOverlay: false))
    }

    /// This view's whole frame filled with `style` behind it.
    @_disfavoredOverload
    public consuming func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        background(Rectangle().fill(style))
    }

    /// `content` in front of this view, proposed this view's size.
    @inlinable public consuming func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modifier(_BackgroundModifier(secondary: content(), alignment: alignment, isOverlay: true))
    }

    /// `overlay` in front of this view, proposed this view's size.
    @inlinable public consuming func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View {
        modifier(_BackgroundModifier(secondary: overlay, alignment: alignment, isOverlay: true))
    }

    /// This view's whole frame filled with `style` in front of it.
    @_disfavoredOverload
    public consuming func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        overlay(Rectangle().fill(style))
    }

    /// A border of `width` points in `content` drawn inside this view's frame.
    public consuming func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay(Rectangle().strokeBorder(content, lineWidth: width))
    }

    /// This view extending into the safe area: honoured for the root view, which is then
    /// proposed the whole screen.
    public consuming func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modifier(_LayoutModifier { SafeAreaIgnoringNode($0) })
    }

    /// This view laid out but not drawn.
    public consuming func hidden() -> some View {
        modifier(_LayoutModifier { HiddenNode($0) })
    }

    /// This view's drawing cut to its frame.
    public consuming func clipped(antialiased: Bool = false) -> some View {
        modifier(_LayoutModifier { ClipNode($0, cornerRadius: 0) })
    }

    /// This view's drawing cut to its frame with rounded corners.
    public consuming func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        modifier(_LayoutModifier { ClipNode($0, cornerRadius: radius) })
    }

    /// This view's drawing cut to `shape` (the shape's bounding box, rounded as the shape is,
    /// for the shapes of this module).
    public consuming func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        modifier(_LayoutModifier { ClipNode($0, shape: shape.kind) })
    }

    /// This view's id in the laid-out screen (`ScreenLayout.Node.id`) and
    /// its frames dump; an inner identifier wins over an outer one.
    @inlinable public consuming func accessibilityIdentifier(_ identifier: String) -> some View {
        modifier(_LayoutModifier.identifier(identifier))
    }
}

/// A primary view and a decoration behind or in front of it.
final class BackgroundNode: WrapperNode {
    let alignment: Alignment
    let isOverlay: Bool
    override var child: LayoutNode { children[isOverlay ? 0 : 1] }
    private var secondary: LayoutNode { children[isOverlay ? 1 : 0] }

    init(primary: LayoutNode, secondary: LayoutNode, alignment: Alignment, isOverlay: Bool) {
        self.alignment = alignment
        self.isOverlay = isOverlay
        super.init(primary)
        // Painted in order: a background before the view, an overlay after it.
        children = isOverlay ? [primary, secondary] : [secondary, primary]
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        child.place(in: bounds, proposal: proposal)
        let offer = ProposedViewSize(bounds.size)
        let size = secondary.sizeThatFits(offer)
        secondary.place(in: CGRect(origin: aligned(secondary, size: size, in: bounds, alignment: alignment), size: size), proposal: offer)
    }
}

/// `.hidden()`: laid out, not drawn.
final class HiddenNode: WrapperNode {
    override var showsChildren: Bool { false }
}

/// `.clipped()`, `.cornerRadius`, `.clipShape`: the children's drawing cut to the frame.
final class ClipNode: WrapperNode {
    let shape: ShapeKind

    init(_ child: LayoutNode, cornerRadius: CGFloat) {
        shape = .roundedRectangle(cornerRadius)
        super.init(child)
    }

    init(_ child: LayoutNode, shape: ShapeKind) {
        self.shape = shape
        super.init(child)
    }

    override var mayPaint: Bool { true }

    override func paint(_ style: inout BoxStyle) {
        style.overflow = .hidden
        style.borderRadius = shape.cornerRadius(in: frame.size)
    }
}

/// `.ignoresSafeArea()`.
final class SafeAreaIgnoringNode: WrapperNode {}

/// The kinds of safe area.
public struct SafeAreaRegions: OptionSet, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// A set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The device's insets.
    public static let container = SafeAreaRegions(rawValue: 1)
    /// The keyboard's.
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    /// Both.
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
