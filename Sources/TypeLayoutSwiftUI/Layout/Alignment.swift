import Foundation

/// A type that names an alignment guide and gives its value for a view with no explicit one.
public protocol AlignmentID {
    /// The guide's value in a view of the given dimensions, from its top-left corner.
    static func defaultValue(in context: ViewDimensions) -> CGFloat
}

/// A guide along one axis: its identity and default. Metatypes are immutable, so sharing one
/// between tasks is safe.
struct AlignmentKey: Hashable, @unchecked Sendable {
    let id: any AlignmentID.Type
    let axis: Axis

    static func == (lhs: AlignmentKey, rhs: AlignmentKey) -> Bool {
        ObjectIdentifier(lhs.id) == ObjectIdentifier(rhs.id) && lhs.axis == rhs.axis
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(id))
        hasher.combine(axis)
    }
}

/// A horizontal alignment guide: where views line up along the x axis.
nonisolated public struct HorizontalAlignment: Equatable, Sendable {
    let key: AlignmentKey

    /// A guide named by `id`.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, axis: .horizontal)
    }

    private enum Leading: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
    }
    private enum Center: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width / 2 }
    }
    private enum Trailing: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.width }
    }

    /// The leading edge (left in a left-to-right layout).
    public static let leading = HorizontalAlignment(Leading.self)
    /// The horizontal centre.
    public static let center = HorizontalAlignment(Center.self)
    /// The trailing edge.
    public static let trailing = HorizontalAlignment(Trailing.self)
}

/// A vertical alignment guide: where views line up along the y axis.
nonisolated public struct VerticalAlignment: Equatable, Sendable {
    let key: AlignmentKey

    /// A guide named by `id`.
    public init(_ id: any AlignmentID.Type) {
        key = AlignmentKey(id: id, axis: .vertical)
    }

    private enum Top: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { 0 }
    }
    private enum Center: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height / 2 }
    }
    private enum Bottom: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }
    // A view without text has its baselines at its bottom, as in SwiftUI.
    enum FirstTextBaseline: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }
    enum LastTextBaseline: AlignmentID {
        static func defaultValue(in context: ViewDimensions) -> CGFloat { context.height }
    }

    /// The top edge.
    public static let top = VerticalAlignment(Top.self)
    /// The vertical centre.
    public static let center = VerticalAlignment(Center.self)
    /// The bottom edge.
    public static let bottom = VerticalAlignment(Bottom.self)
    /// The first line's baseline of the text in a view; its bottom when it has none.
    public static let firstTextBaseline = VerticalAlignment(FirstTextBaseline.self)
    /// The last line's baseline of the text in a view; its bottom when it has none.
    public static let lastTextBaseline = VerticalAlignment(LastTextBaseline.self)
}

/// A horizontal and a vertical guide together.
nonisolated public struct Alignment: Equatable, Sendable {
    /// The horizontal guide.
    public var horizontal: HorizontalAlignment
    /// The vertical guide.
    public var vertical: VerticalAlignment

    /// An alignment of two guides.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    private init(_ horizontal: HorizontalAlignment, _ vertical: VerticalAlignment) {
        self.init(horizontal: horizontal, vertical: vertical)
    }

    // The nine combinations of the built-in guides, corners first.

    /// The top-leading corner.
    public static let topLeading = Alignment(.leading, .top)
    /// The top-trailing corner.
    public static let topTrailing = Alignment(.trailing, .top)
    /// The bottom-leading corner.
    public static let bottomLeading = Alignment(.leading, .bottom)
    /// The bottom-trailing corner.
    public static let bottomTrailing = Alignment(.trailing, .bottom)
    /// Centred on both axes.
    public static let center = Alignment(.center, .center)
    /// The middle of the leading edge.
    public static let leading = Alignment(.leading, .center)
    /// The middle of the trailing edge.
    public static let trailing = Alignment(.trailing, .center)
    /// The middle of the top edge.
    public static let top = Alignment(.center, .top)
    /// The middle of the bottom edge.
    public static let bottom = Alignment(.center, .bottom)
}

/// A view's size and its alignment guides, as a parent sees it when aligning it.
nonisolated public struct ViewDimensions {
    /// The view's width.
    public let width: CGFloat
    /// The view's height.
    public let height: CGFloat
    let explicitValue: (AlignmentKey) -> CGFloat?

    init(width: CGFloat, height: CGFloat, explicitValue: @escaping (AlignmentKey) -> CGFloat? = { _ in nil }) {
        self.width = width
        self.height = height
        self.explicitValue = explicitValue
    }

    /// The guide's value: the view's explicit one, else the guide's default.
    public subscript(guide: HorizontalAlignment) -> CGFloat { self[guide.key] }
    /// The guide's value: the view's explicit one, else the guide's default.
    public subscript(guide: VerticalAlignment) -> CGFloat { self[guide.key] }
    /// The view's explicit value for the guide, if it has one.
    public subscript(explicit guide: HorizontalAlignment) -> CGFloat? { explicitValue(guide.key) }
    /// The view's explicit value for the guide, if it has one.
    public subscript(explicit guide: VerticalAlignment) -> CGFloat? { explicitValue(guide.key) }

    subscript(key: AlignmentKey) -> CGFloat {
        explicitValue(key) ?? key.id.defaultValue(in: self)
    }
}
