import TypeLayout

/// Where a VStack puts children narrower than itself: SwiftUI's `HorizontalAlignment`.
public enum HorizontalAlignment: Sendable, Hashable, CaseIterable {
    /// At the leading edge (left, or right in a right-to-left layout): `flex-start`.
    case leading
    /// Centred: `center`, SwiftUI's default.
    case center
    /// At the trailing edge: `flex-end`.
    case trailing

    var keyword: String {
        switch self {
        case .leading: "flex-start"
        case .center: "center"
        case .trailing: "flex-end"
        }
    }
}

/// Where an HStack puts children shorter than itself: SwiftUI's `VerticalAlignment`.
public enum VerticalAlignment: Sendable, Hashable, CaseIterable {
    /// At the top: `flex-start`.
    case top
    /// Centred: `center`, SwiftUI's default.
    case center
    /// At the bottom: `flex-end`.
    case bottom
    /// First baselines lined up: `baseline`.
    case firstTextBaseline

    var keyword: String {
        switch self {
        case .top: "flex-start"
        case .center: "center"
        case .bottom: "flex-end"
        case .firstTextBaseline: "baseline"
        }
    }
}

/// What VStack and HStack share: a flex box whose direction may change with the category.
struct StackDescription: Sendable {
    /// SwiftUI's usual spacing between two views, used when a stack gives none.
    static let defaultSpacing = 8.0

    var axis: Responsive<StackAxis>
    /// The cross alignment while the stack is a row.
    var rowAlignment: VerticalAlignment
    /// The cross alignment while the stack is a column.
    var columnAlignment: HorizontalAlignment
    var spacing: ScreenLength
    var children: [any ScreenView]

    func resolved() -> ResolvedScreenView {
        let resolvedChildren = children.map { $0.resolved() }
        var style = ScreenStyle()
        style.set(.flexDirection, axis.map { .keyword($0 == .horizontal ? "row" : "column") })
        style.set(.alignItems, axis.map { .keyword($0 == .horizontal ? rowAlignment.keyword : columnAlignment.keyword) })
        style.set(.gap, .length(spacing))
        var stack = ResolvedScreenView(
            node: ScreenNode(style: style, content: .box(children: resolvedChildren.map { $0.placed(in: axis) })))
        let hasSpacer = resolvedChildren.contains { $0.spacerMinimumLength != nil }
        stack.flexibleWidth = resolvedChildren.contains(where: \.flexibleWidth) || (hasSpacer && axis.contains(.horizontal))
        stack.flexibleHeight = resolvedChildren.contains(where: \.flexibleHeight) || (hasSpacer && axis.contains(.vertical))
        return stack
    }

    /// The same stack laid out along `axis`.
    func along(_ axis: Responsive<StackAxis>) -> StackDescription {
        var stack = self
        stack.axis = axis
        return stack
    }
}

/// A stack whose axis may change with the category: the adaptive stack teams build by hand
/// (WooCommerce's, FINN's and Skyscanner's), a `flexDirection` per category.
///
/// As a row, an HStack's children align by its alignment and a VStack's are centred; as a
/// column, a VStack's align by its alignment and an HStack's sit at the leading edge.
public protocol AdaptiveStack: ScreenView {
    /// The stack along an axis that depends on the category.
    func axis(_ axis: Responsive<StackAxis>) -> Self
}

extension AdaptiveStack {
    /// The stack along `axis` below the accessibility sizes and along `accessibility` from
    /// accessibilityMedium up, the threshold Apple's apps use.
    public func axis(_ axis: StackAxis, accessibility: StackAxis) -> Self {
        self.axis(Responsive(base: axis, thresholds: [(.accessibilityMedium, accessibility)]))
    }
}

/// Children one above the other: SwiftUI's `VStack`, a `column` box.
///
/// `alignment` becomes `alignItems` (leading → `flex-start`), `spacing` the `gap`
/// (8 points when `nil`; it may scale with a text style).
public struct VStack: AdaptiveStack {
    var stack: StackDescription

    /// A column of the views `content` lists.
    public init(
        alignment: HorizontalAlignment = .center, spacing: ScreenLength? = nil,
        @ScreenViewBuilder content: () -> [any ScreenView]
    ) {
        stack = StackDescription(
            axis: Responsive(.vertical), rowAlignment: .center, columnAlignment: alignment,
            spacing: spacing ?? .points(StackDescription.defaultSpacing), children: content())
    }

    /// The column as a box.
    public func resolved() -> ResolvedScreenView { stack.resolved() }

    /// The stack along an axis that depends on the category (`flexDirection` per category).
    public func axis(_ axis: Responsive<StackAxis>) -> VStack {
        var copy = self
        copy.stack = stack.along(axis)
        return copy
    }
}

/// Children side by side: SwiftUI's `HStack`, a `row` box.
///
/// `alignment` becomes `alignItems` (top → `flex-start`), `spacing` the `gap` (8 points when
/// `nil`). Children other than images and fixed widths may shrink, so that text wraps in the
/// width that is left, as in SwiftUI.
public struct HStack: AdaptiveStack {
    var stack: StackDescription

    /// A row of the views `content` lists.
    public init(
        alignment: VerticalAlignment = .center, spacing: ScreenLength? = nil,
        @ScreenViewBuilder content: () -> [any ScreenView]
    ) {
        stack = StackDescription(
            axis: Responsive(.horizontal), rowAlignment: alignment, columnAlignment: .leading,
            spacing: spacing ?? .points(StackDescription.defaultSpacing), children: content())
    }

    /// The row as a box.
    public func resolved() -> ResolvedScreenView { stack.resolved() }

    /// The stack along an axis that depends on the category (`flexDirection` per category).
    public func axis(_ axis: Responsive<StackAxis>) -> HStack {
        var copy = self
        copy.stack = stack.along(axis)
        return copy
    }
}

/// Children over each other, centred: SwiftUI's `ZStack`.
///
/// A box with `alignItems` and `justifyContent` `center`. The first child is in the flow and
/// sizes the stack (SwiftUI takes the largest child: put it first, usually the background); the
/// later ones are `position: absolute`, centred over it, or stretched over it along an axis in
/// which they are flexible (`.frame(maxWidth: .infinity)` sets `left` and `right` to 0).
public struct ZStack: ScreenView {
    var children: [any ScreenView]

    /// The views `content` lists, the first at the back.
    public init(@ScreenViewBuilder content: () -> [any ScreenView]) {
        children = content()
    }

    /// The stack as a box.
    public func resolved() -> ResolvedScreenView {
        let resolvedChildren = children.map { $0.resolved() }
        var nodes: [ScreenNode] = []
        for (index, child) in resolvedChildren.enumerated() {
            var node = child.placed(in: Responsive(.vertical))
            if index > 0 {
                var overlay = ScreenStyle([StyleDeclaration(.position, .keyword("absolute"))])
                if child.flexibleWidth {
                    overlay.set(.left, .length(.points(0)))
                    overlay.set(.right, .length(.points(0)))
                }
                if child.flexibleHeight {
                    overlay.set(.top, .length(.points(0)))
                    overlay.set(.bottom, .length(.points(0)))
                }
                node.style.declarations.insert(contentsOf: overlay.declarations, at: 0)
            }
            nodes.append(node)
        }
        var style = ScreenStyle()
        style.set(.alignItems, .keyword("center"))
        style.set(.justifyContent, .keyword("center"))
        var stack = ResolvedScreenView(node: ScreenNode(style: style, content: .box(children: nodes)))
        stack.flexibleWidth = resolvedChildren.contains(where: \.flexibleWidth)
        stack.flexibleHeight = resolvedChildren.contains(where: \.flexibleHeight)
        return stack
    }
}

/// Space that grows along its stack's axis: SwiftUI's `Spacer`, `flexGrow: 1` with `minWidth`
/// (in a row) or `minHeight` (in a column) of its minimum length.
public struct Spacer: ScreenView {
    /// The least space it leaves, in points.
    public var minLength: Double

    /// A spacer at least `minLength` points long (8 when `nil`, SwiftUI's usual spacing).
    public init(minLength: Double? = nil) {
        self.minLength = minLength ?? StackDescription.defaultSpacing
    }

    /// An empty box its stack gives the free space to.
    public func resolved() -> ResolvedScreenView {
        var spacer = ResolvedScreenView(node: ScreenNode(content: .box(children: [])))
        spacer.spacerMinimumLength = minLength
        return spacer
    }
}

/// The first of several alternatives that fits: SwiftUI's `ViewThatFits`, a `firstThatFits`
/// node. A child fits when its layout at the proposed size truncates nothing and overflows
/// nothing; the last child is used when none does.
public struct ViewThatFits: ScreenView {
    var children: [any ScreenView]

    /// The alternatives `content` lists, the preferred first.
    public init(@ScreenViewBuilder content: () -> [any ScreenView]) {
        children = content()
    }

    /// The choice as a node.
    public func resolved() -> ResolvedScreenView {
        let resolvedChildren = children.map { $0.resolved() }
        var choice = ResolvedScreenView(
            node: ScreenNode(content: .firstThatFits(children: resolvedChildren.map { $0.placed(in: Responsive(.vertical)) })))
        choice.flexibleWidth = resolvedChildren.contains(where: \.flexibleWidth)
        choice.flexibleHeight = resolvedChildren.contains(where: \.flexibleHeight)
        return choice
    }
}
