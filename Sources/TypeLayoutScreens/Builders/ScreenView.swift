// SwiftUI-named builders for screens: a description language over ScreenNode and
// StyleDeclaration, not a layout engine. Each builder becomes the flexbox node SwiftUI's layout
// corresponds to; the mapping is documented on each type and in one place below.
//
// The names are SwiftUI's (VStack, HStack, ZStack, Text, Image, Spacer, ViewThatFits) at the top
// level of TypeLayoutScreens. None of them exists in TypeLayout, so a file importing both modules
// needs no qualification; the builders take TypeLayout's own `Color`, `TextStyle`,
// `TextAlignment` and `DynamicTypeSize` rather than defining look-alikes.
//
// How SwiftUI's layout maps onto the boxes:
// - A stack is a box: VStack a column, HStack a row, spacing the `gap` (8 points when not given,
//   SwiftUI's usual spacing between two views), alignment its `alignItems`.
// - ZStack is a box whose first child is in the flow (it sizes the stack: put the largest first,
//   usually the background) and whose later children are absolute, centred over it.
// - Spacer is `flexGrow: 1` with a minimum length (8 points unless given) along its stack's axis.
// - `.frame(maxWidth: .infinity)` makes a view flexible across the width: in a row it grows
//   (`flexGrow: 1`, `flexBasis: 0`, so that two such views share equally, as SwiftUI does), in a
//   column it stretches (`alignSelf: stretch`). A stack holding a flexible view, or a Spacer
//   along its axis, is flexible too, as in SwiftUI.
// - In a row, every child but an image or a fixed-width view may shrink (`flexShrink: 1`):
//   SwiftUI offers text in an HStack the width that is left, and it wraps; React Native's
//   default (0) would let it overflow.
// - Modifiers set properties on the view's own node when that means the same as SwiftUI's
//   wrapping view would; otherwise (padding around a background or a frame, a second
//   background, a frame with an alignment) they wrap it in a new box.

import TypeLayout

/// A piece of a screen described with SwiftUI's names: SwiftUI's `View`.
///
/// Views are values; ``resolved()`` turns one into the ``ScreenNode`` it stands for. Compose
/// views in functions that return `some ScreenView`.
public protocol ScreenView: Sendable {
    /// The node this view describes, with what its parent needs to know to place it.
    func resolved() -> ResolvedScreenView
}

extension ScreenView {
    /// The node this view describes, placed as the root of a screen.
    public var node: ScreenNode { resolved().placed(in: Responsive(.vertical)) }
}

/// A view turned into its node, with how it takes part in its parent's layout.
public struct ResolvedScreenView: Sendable {
    /// The node, before its parent has placed it.
    public var node: ScreenNode
    /// Whether the view takes all the width it is offered (`.frame(maxWidth: .infinity)`).
    var flexibleWidth = false
    /// Whether the view takes all the height it is offered.
    var flexibleHeight = false
    /// For a ``Spacer``, its minimum length along the stack's axis.
    var spacerMinimumLength: Double?
    /// Whether the view keeps its width in a row rather than shrinking (images, fixed widths).
    var keepsWidth = false

    init(node: ScreenNode) {
        self.node = node
    }

    /// A box around this view's node: the box takes its flexibility, the node is its only child.
    func wrapped(in style: ScreenStyle = ScreenStyle()) -> ResolvedScreenView {
        var wrapper = ResolvedScreenView(node: ScreenNode(style: style, content: .box(children: [placed(in: Responsive(.vertical))])))
        wrapper.flexibleWidth = flexibleWidth
        wrapper.flexibleHeight = flexibleHeight
        return wrapper
    }

    /// The node as a child of a box whose main axis is `axis` (possibly per category): its
    /// flexibility and shrinking become flex properties along that axis. The declarations go
    /// first, so that any the view sets itself win.
    func placed(in axis: Responsive<StackAxis>) -> ScreenNode {
        var placement: [StyleDeclaration] = []
        func add(_ property: StyleProperty, row: StyleValue, column: StyleValue) {
            placement.append(StyleDeclaration(property, axis.map { $0 == .horizontal ? row : column }))
        }
        if let minimum = spacerMinimumLength {
            placement.append(StyleDeclaration(.flexGrow, .number(1)))
            add(.minWidth, row: .length(.points(minimum)), column: .length(.auto))
            add(.minHeight, row: .length(.auto), column: .length(.points(minimum)))
        } else {
            let grows = axis.map { $0 == .horizontal ? flexibleWidth : flexibleHeight }
            let stretches = axis.map { $0 == .horizontal ? flexibleHeight : flexibleWidth }
            if grows.contains(true) {
                placement.append(StyleDeclaration(.flexGrow, grows.map { .number($0 ? 1 : 0) }))
                placement.append(StyleDeclaration(.flexBasis, grows.map { .length($0 ? .points(0) : .auto) }))
            }
            if stretches.contains(true) {
                placement.append(StyleDeclaration(.alignSelf, stretches.map { .keyword($0 ? "stretch" : "auto") }))
            }
            if !keepsWidth, axis.contains(.horizontal) {
                add(.flexShrink, row: .number(1), column: .number(0))
            }
        }
        var node = node
        node.style.declarations.insert(contentsOf: placement, at: 0)
        return node
    }
}

/// The direction a stack lays its children out in: SwiftUI's `Axis`.
public enum StackAxis: String, Sendable, Hashable, CaseIterable {
    /// Side by side: an HStack, a `row`.
    case horizontal
    /// One above the other: a VStack, a `column`.
    case vertical
}

extension Responsive {
    /// The same thresholds with each value transformed.
    func map<Other: Sendable>(_ transform: (Value) -> Other) -> Responsive<Other> {
        Responsive<Other>(base: transform(base), thresholds: thresholds.map { ($0.from, transform($0.value)) })
    }

    /// Whether any category has a value equal to `value`.
    func contains(_ value: Value) -> Bool where Value: Equatable {
        base == value || thresholds.contains { $0.value == value }
    }
}

/// Collects the views written in a builder closure, with `if`, `switch` and `for` allowed:
/// SwiftUI's `ViewBuilder`.
@resultBuilder
public enum ScreenViewBuilder {
    /// One view.
    public static func buildExpression(_ view: any ScreenView) -> [any ScreenView] { [view] }

    /// Views made elsewhere, in order.
    public static func buildExpression(_ views: [any ScreenView]) -> [any ScreenView] { views }

    /// The views of a closure's statements, in order.
    public static func buildBlock(_ parts: [any ScreenView]...) -> [any ScreenView] { parts.flatMap { $0 } }

    /// The views of an `if` without `else`, or none.
    public static func buildOptional(_ part: [any ScreenView]?) -> [any ScreenView] { part ?? [] }

    /// The views of an `if`'s first branch.
    public static func buildEither(first part: [any ScreenView]) -> [any ScreenView] { part }

    /// The views of an `if`'s `else` branch.
    public static func buildEither(second part: [any ScreenView]) -> [any ScreenView] { part }

    /// The views of every pass of a `for` loop.
    public static func buildArray(_ parts: [[any ScreenView]]) -> [any ScreenView] { parts.flatMap { $0 } }
}

extension Screen {
    /// A screen on `device` whose content is described with the SwiftUI-named builders; several
    /// views are stacked in a ``VStack`` with no spacing.
    public init(device: Device, background: Color? = nil, @ScreenViewBuilder content: () -> [any ScreenView]) {
        let views = content()
        let root: any ScreenView = views.count == 1 ? views[0] : VStack(spacing: 0) { views }
        self.init(device: device, background: background, root: root.node)
    }
}
