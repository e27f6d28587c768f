import TypeLayout

/// A view with a modifier applied: what `.padding`, `.frame`, `.background` and the other
/// modifiers return (SwiftUI's `ModifiedContent`).
public struct ModifiedView: ScreenView {
    let content: any ScreenView
    let modify: @Sendable (ResolvedScreenView) -> ResolvedScreenView

    /// The content's node, modified.
    public func resolved() -> ResolvedScreenView { modify(content.resolved()) }
}

/// Which sides `.padding` pads: SwiftUI's `Edge.Set`. Leading and trailing follow the writing
/// direction (`paddingStart`, `paddingEnd`).
public struct PaddingEdges: OptionSet, Sendable, Hashable {
    /// The bits of the set.
    public let rawValue: Int

    /// A set from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The top side.
    public static let top = PaddingEdges(rawValue: 1)
    /// The bottom side.
    public static let bottom = PaddingEdges(rawValue: 2)
    /// The leading side (left, or right in a right-to-left layout).
    public static let leading = PaddingEdges(rawValue: 4)
    /// The trailing side.
    public static let trailing = PaddingEdges(rawValue: 8)
    /// Leading and trailing.
    public static let horizontal: PaddingEdges = [.leading, .trailing]
    /// Top and bottom.
    public static let vertical: PaddingEdges = [.top, .bottom]
    /// Every side.
    public static let all: PaddingEdges = [.horizontal, .vertical]

    /// The sides a React Native padding property sets.
    init(padding property: StyleProperty) {
        switch property {
        case .paddingTop: self = .top
        case .paddingBottom: self = .bottom
        case .paddingLeft, .paddingStart: self = .leading
        case .paddingRight, .paddingEnd: self = .trailing
        case .paddingHorizontal: self = .horizontal
        case .paddingVertical: self = .vertical
        default: self = .all
        }
    }

    /// React Native's properties for this set: the fewest that cover it.
    var properties: [StyleProperty] {
        if self == .all { return [.padding] }
        var properties: [StyleProperty] = []
        if isSuperset(of: .horizontal) {
            properties.append(.paddingHorizontal)
        } else {
            if contains(.leading) { properties.append(.paddingStart) }
            if contains(.trailing) { properties.append(.paddingEnd) }
        }
        if isSuperset(of: .vertical) {
            properties.append(.paddingVertical)
        } else {
            if contains(.top) { properties.append(.paddingTop) }
            if contains(.bottom) { properties.append(.paddingBottom) }
        }
        return properties
    }
}

/// Where `.frame` puts a view smaller than the frame: SwiftUI's `Alignment`.
public struct Alignment: Sendable, Hashable {
    /// The horizontal part.
    public var horizontal: HorizontalAlignment
    /// The vertical part.
    public var vertical: VerticalAlignment

    /// An alignment from its two parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centred both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// At the leading edge, centred vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// At the trailing edge, centred vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// At the top, centred horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// At the bottom, centred horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// At the top leading corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// At the top trailing corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// At the bottom leading corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// At the bottom trailing corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

extension ScreenLength: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A length in points, so that `.padding(12)` and `.frame(width: 44)` read as in SwiftUI.
    public init(floatLiteral value: Double) { self = .points(value) }

    /// A length in points, so that `.padding(12)` and `.frame(width: 44)` read as in SwiftUI.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }

    /// As much as is offered: `.frame(maxWidth: .infinity)` makes a view grow in a row and
    /// stretch in a column.
    public static let infinity = ScreenLength.points(.infinity)

    var isInfinite: Bool { self == .points(.infinity) }
}

/// The properties a modifier can't add to a node that already sets them without changing what
/// the earlier modifier meant: such a modifier wraps the node in a new box instead.
private let framing: Set<StyleProperty> = [.width, .height, .minWidth, .maxWidth, .minHeight, .maxHeight]
private let paddings: Set<StyleProperty> = [
    .padding, .paddingTop, .paddingRight, .paddingBottom, .paddingLeft, .paddingStart, .paddingEnd,
    .paddingHorizontal, .paddingVertical,
]
private let borders: Set<StyleProperty> = [
    .borderWidth, .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth,
    .borderStartWidth, .borderEndWidth, .borderColor,
]

extension ResolvedScreenView {
    /// This view, or a box around it when its node already sets one of `properties`.
    func accepting(_ properties: Set<StyleProperty>) -> ResolvedScreenView {
        sets(anyOf: properties) ? wrapped() : self
    }

    /// Whether the node's style declares any of `properties`.
    func sets(anyOf properties: Set<StyleProperty>) -> Bool {
        node.style.declarations.contains { properties.contains($0.property) }
    }
}

extension ScreenView {
    private func modified(_ modify: @escaping @Sendable (ResolvedScreenView) -> ResolvedScreenView) -> ModifiedView {
        ModifiedView(content: self, modify: modify)
    }

    /// Space around the view on `edges` (16 points unless given, SwiftUI's usual padding); a
    /// length may scale with a text style (`.scaled(16, relativeTo: .body)`).
    ///
    /// Padding is set on the view's own node (a text or image is drawn inside it), where it
    /// adds up as SwiftUI's nested paddings do (`.padding(.horizontal, 16).padding(.vertical, 11)`).
    /// A node that already has a size, a background, a border or padding on one of `edges` is
    /// wrapped in a new box that takes the padding, so that it goes around what came before.
    public func padding(_ edges: PaddingEdges = .all, _ length: ScreenLength = 16) -> ModifiedView {
        modified { view in
            let padded: Set<StyleProperty> = Set(paddings.filter { !PaddingEdges(padding: $0).isDisjoint(with: edges) })
            var box = view.accepting(padded.union(framing).union(borders).union([.backgroundColor]))
            for property in edges.properties { box.node.style.set(property, .length(length)) }
            return box
        }
    }

    /// Padding of `length` on every side.
    public func padding(_ length: ScreenLength) -> ModifiedView { padding(.all, length) }

    /// Sizes the view: fixed `width`/`height`, or bounds. A `maxWidth` (`maxHeight`) of
    /// ``ScreenLength/infinity`` makes the view take what it is offered: it grows in a row and
    /// stretches in a column (the other way round for heights).
    ///
    /// The sizes are set on the view's own node: its content keeps its own alignment (a text's
    /// lines stay at its `alignment`, where SwiftUI would centre a narrower text). With an
    /// `alignment`, or around a view that already has a frame, a new box takes the sizes and
    /// places the view in it by `alignment` (centred when `nil`).
    public func frame(
        width: ScreenLength? = nil, height: ScreenLength? = nil,
        minWidth: ScreenLength? = nil, maxWidth: ScreenLength? = nil,
        minHeight: ScreenLength? = nil, maxHeight: ScreenLength? = nil,
        alignment: Alignment? = nil
    ) -> ModifiedView {
        modified { view in
            var framed: ResolvedScreenView
            if alignment != nil || view.sets(anyOf: framing) {
                let placement = alignment ?? .center
                var style = ScreenStyle()
                style.set(.alignItems, .keyword(placement.horizontal.keyword))
                style.set(.justifyContent, .keyword(placement.vertical == .firstTextBaseline ? "flex-start" : placement.vertical.keyword))
                framed = view.wrapped(in: style)
            } else {
                framed = view
            }
            let sizes: [(StyleProperty, ScreenLength?)] = [
                (.width, width), (.height, height), (.minWidth, minWidth), (.minHeight, minHeight),
                (.maxWidth, maxWidth), (.maxHeight, maxHeight),
            ]
            for case let (property, length?) in sizes where !length.isInfinite {
                framed.node.style.set(property, .length(length))
            }
            if maxWidth?.isInfinite == true { framed.flexibleWidth = true }
            if maxHeight?.isInfinite == true { framed.flexibleHeight = true }
            if width != nil { framed.keepsWidth = true }
            return framed
        }
    }

    /// Fills the view's box with `color` (`backgroundColor`); a view that already has a
    /// background is wrapped in a new box that takes this one.
    public func background(_ color: Color) -> ModifiedView {
        modified { view in
            var filled = view.accepting([.backgroundColor])
            filled.node.style.set(.backgroundColor, .color(color))
            return filled
        }
    }

    /// Rounds the view's box's corners (`borderRadius`).
    public func cornerRadius(_ radius: Double) -> ModifiedView {
        modified { view in
            var rounded = view
            rounded.node.style.set(.borderRadius, .number(radius))
            return rounded
        }
    }

    /// A border of `width` points in `color` (`borderWidth`, `borderColor`). Unlike SwiftUI's,
    /// which is drawn over the view, it takes space inside the box, as React Native's does.
    public func border(_ color: Color, width: Double = 1) -> ModifiedView {
        modified { view in
            var bordered = view.accepting(borders)
            bordered.node.style.set(.borderWidth, .number(width))
            bordered.node.style.set(.borderColor, .color(color))
            return bordered
        }
    }

    /// Names the view's node, for tests and the frames dump.
    public func id(_ id: String) -> ModifiedView {
        modified { view in
            var named = view
            named.node.id = id
            return named
        }
    }

    /// Sets a style property by React Native's name, for everything the SwiftUI names don't
    /// cover; later declarations win over earlier ones and over the builders' own.
    public func style(_ property: StyleProperty, _ value: StyleValue) -> ModifiedView {
        style(property, Responsive(value))
    }

    /// Sets a style property to a value per category, such as `flexDirection` `row` up to
    /// xxxLarge and `column` from accessibilityMedium.
    public func style(_ property: StyleProperty, _ value: Responsive<StyleValue>) -> ModifiedView {
        modified { view in
            var styled = view
            styled.node.style.set(property, value)
            return styled
        }
    }

    /// Text inside the view at `size` whatever the category: SwiftUI's `.dynamicTypeSize(_:)`.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> ModifiedView {
        limitingDynamicTypeSize(to: DynamicTypeSizeLimit(size ... size))
    }

    /// Text inside the view within `range`: SwiftUI's `.dynamicTypeSize(.large ... .accessibility1)`,
    /// the node's `minimumContentSizeCategory` and `maximumContentSizeCategory`.
    public func dynamicTypeSize(_ range: ClosedRange<DynamicTypeSize>) -> ModifiedView {
        limitingDynamicTypeSize(to: DynamicTypeSizeLimit(range))
    }

    /// Text inside the view no larger than `range`'s bound: SwiftUI's `.dynamicTypeSize(...xxxLarge)`,
    /// the node's `maximumContentSizeCategory`.
    public func dynamicTypeSize(_ range: PartialRangeThrough<DynamicTypeSize>) -> ModifiedView {
        limitingDynamicTypeSize(to: DynamicTypeSizeLimit(range))
    }

    /// Text inside the view no smaller than `range`'s bound: SwiftUI's `.dynamicTypeSize(.large...)`,
    /// the node's `minimumContentSizeCategory`.
    public func dynamicTypeSize(_ range: PartialRangeFrom<DynamicTypeSize>) -> ModifiedView {
        limitingDynamicTypeSize(to: DynamicTypeSizeLimit(range))
    }

    /// The limit applied outside any the view has already: nested limits intersect, the outer
    /// one winning where they don't overlap, as in SwiftUI.
    private func limitingDynamicTypeSize(to outer: DynamicTypeSizeLimit) -> ModifiedView {
        modified { view in
            var limited = view
            let inner = DynamicTypeSizeLimit(
                DynamicTypeSize(view.node.minimumContentSizeCategory ?? .extraSmall)!
                    ... DynamicTypeSize(view.node.maximumContentSizeCategory ?? .accessibilityExtraExtraExtraLarge)!)
            let combined = inner.nested(inside: outer)
            limited.node.minimumContentSizeCategory =
                combined.lowerBound == .xSmall ? nil : ContentSizeCategory(combined.lowerBound)
            limited.node.maximumContentSizeCategory =
                combined.upperBound == .accessibility5 ? nil : ContentSizeCategory(combined.upperBound)
            return limited
        }
    }
}

/// A plain box with React Native's style properties: the raw box API next to the SwiftUI names.
/// Its children are placed along its `flexDirection` (the last one declared; `column` when none).
public struct Box: ScreenView {
    var style: ScreenStyle
    var children: [any ScreenView]

    /// A box styled by `declarations`, in order, holding the views `content` lists.
    public init(_ declarations: [StyleDeclaration] = [], @ScreenViewBuilder content: () -> [any ScreenView] = { [] }) {
        style = ScreenStyle(declarations)
        children = content()
    }

    /// The box as a node.
    public func resolved() -> ResolvedScreenView {
        let direction = style.declarations.last { $0.property == .flexDirection }?.value ?? Responsive(.keyword("column"))
        let axis = direction.map { value -> StackAxis in
            value == .keyword("row") || value == .keyword("row-reverse") ? .horizontal : .vertical
        }
        let nodes = children.map { $0.resolved().placed(in: axis) }
        return ResolvedScreenView(node: ScreenNode(style: style, content: .box(children: nodes)))
    }
}
