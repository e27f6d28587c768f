import TypeLayout

/// A value that may change with the content size category, as a stack's axis does at the
/// accessibility sizes.
///
/// A screen file writes `"row"` (always), `{ "default": "row", "accessibility": "column" }`
/// (from accessibilityMedium up) or `{ "default": "row", "from": "extraExtraExtraLarge", "value": "column" }`.
public struct Responsive<Value: Sendable>: Sendable {
    /// The value below every threshold.
    public var base: Value
    /// Later values and the category each starts at, in ascending order of category.
    public var thresholds: [(from: ContentSizeCategory, value: Value)]

    /// The same value at every category.
    public init(_ value: Value) {
        base = value
        thresholds = []
    }

    /// `base` below the first threshold, then each threshold's value from its category up.
    public init(base: Value, thresholds: [(from: ContentSizeCategory, value: Value)]) {
        self.base = base
        self.thresholds = thresholds.sorted { $0.from < $1.from }
    }

    /// The value at `category`: the last threshold at or below it, else the base.
    public func value(at category: ContentSizeCategory) -> Value {
        let resolved = category.resolved
        return thresholds.last { $0.from <= resolved }?.value ?? base
    }

    /// Whether the value is the same at every category.
    public var isConstant: Bool { thresholds.isEmpty }
}

/// A length in a screen: points, a percentage, `auto`, or points that scale with a text style
/// (UIFontMetrics' `scaledValue(for:)`, SwiftUI's `@ScaledMetric`).
public enum ScreenLength: Sendable, Hashable {
    /// Sized by the layout.
    case auto
    /// A fixed number of points.
    case points(Double)
    /// A percentage (50 is half) of the containing box's matching size.
    case percent(Double)
    /// Points at the large category, scaled as `relativeTo`'s line spacing scales.
    case scaled(Double, relativeTo: TextStyle)
}

/// A style property's value before the category is known.
public enum StyleValue: Sendable, Hashable {
    /// A length: sizes, padding, margins, offsets, flex basis.
    case length(ScreenLength)
    /// A plain number: flexGrow, flexShrink, aspectRatio, borderWidth, gap.
    case number(Double)
    /// A keyword: flexDirection's `row`, alignItems' `center` and the like.
    case keyword(String)
    /// A colour: backgroundColor, borderColor.
    case color(Color)
}

/// The style properties a screen node may set, by React Native's names.
public enum StyleProperty: String, Sendable, Hashable, CaseIterable {
    case flexDirection, justifyContent, alignItems, alignSelf, alignContent, flexWrap
    case flexGrow, flexShrink, flexBasis
    case width, height, minWidth, maxWidth, minHeight, maxHeight
    case padding, paddingTop, paddingRight, paddingBottom, paddingLeft, paddingStart, paddingEnd
    case paddingHorizontal, paddingVertical
    case margin, marginTop, marginRight, marginBottom, marginLeft, marginStart, marginEnd
    case marginHorizontal, marginVertical
    case borderWidth, borderTopWidth, borderRightWidth, borderBottomWidth, borderLeftWidth
    case borderStartWidth, borderEndWidth
    case gap, rowGap, columnGap
    case position, top, right, bottom, left, start, end
    case aspectRatio, display, overflow, direction
    case backgroundColor, borderColor, borderRadius
}

/// One property set on a node, possibly to a value per category.
public struct StyleDeclaration: Sendable {
    /// The property.
    public var property: StyleProperty
    /// Its value at each category.
    public var value: Responsive<StyleValue>

    /// Sets `property` to `value`.
    public init(_ property: StyleProperty, _ value: Responsive<StyleValue>) {
        self.property = property
        self.value = value
    }

    /// Sets `property` to the same `value` at every category.
    public init(_ property: StyleProperty, _ value: StyleValue) {
        self.init(property, Responsive(value))
    }
}

/// A node's style as written: declarations applied in order over React Native's defaults, so
/// a later one wins (`padding` then `paddingTop` sets all edges, then the top).
public struct ScreenStyle: Sendable {
    /// The declarations in the order they were written.
    public var declarations: [StyleDeclaration]

    /// The declarations `declarations`, in order.
    public init(_ declarations: [StyleDeclaration] = []) {
        self.declarations = declarations
    }

    /// Adds a declaration after the others.
    public mutating func set(_ property: StyleProperty, _ value: StyleValue) {
        declarations.append(StyleDeclaration(property, value))
    }

    /// Adds a per-category declaration after the others.
    public mutating func set(_ property: StyleProperty, _ value: Responsive<StyleValue>) {
        declarations.append(StyleDeclaration(property, value))
    }
}
