/// Content whose size the box engine asks for rather than computes: text, chiefly.
///
/// The engine asks many times per layout, at many widths, so an implementation need not
/// cache: the engine keeps each leaf's min- and max-content widths and its height at every
/// width it has asked for, for the length of one `layout` call. All values are in points.
public protocol MeasuredContent: Sendable {
    /// The narrowest the content can be laid out without overflowing (the longest
    /// unbreakable run of text).
    var minContentWidth: Double { get }
    /// The width the content takes with no limit (text on as few lines as its hard breaks
    /// allow).
    var maxContentWidth: Double { get }
    /// The content's height when laid out at `width`, which may be below `minContentWidth`.
    func height(atWidth width: Double) -> Double
    /// The distance from the content's top to its first line's baseline when laid out at
    /// `width`, or `nil` for content without a line of text: a box aligned by `baseline`
    /// then aligns by its bottom edge, as in React Native.
    func firstBaseline(atWidth width: Double) -> Double?
    /// Whether the content is at most as wide as the space its container offers, even below
    /// its min-content width, and wraps or truncates inside it (a React Native, UIKit or
    /// SwiftUI text), rather than CSS's fit-content, which lets it stick out.
    var isLimitedToAvailableWidth: Bool { get }
}

extension MeasuredContent {
    /// No baseline: content that isn't text aligns by its bottom edge.
    public func firstBaseline(atWidth width: Double) -> Double? { nil }
    /// CSS's fit-content: never narrower than the min-content width.
    public var isLimitedToAvailableWidth: Bool { false }
}

/// A box in a ``BoxTree``: an index into it, in the order boxes were added.
public struct BoxID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The position in ``BoxTree``'s storage.
    public let index: Int

    /// Orders boxes by when they were added.
    public static func < (lhs: BoxID, rhs: BoxID) -> Bool { lhs.index < rhs.index }

    /// `#` and the index, for error messages.
    public var description: String { "#\(index)" }
}

/// A tree of styled boxes to lay out.
///
/// Boxes live in flat arrays, one per field, and refer to their children by ``BoxID``, so a tree of
/// 100,000 boxes or 10,000 levels is built, copied and freed without recursion. A box's
/// children are given when it is added, which makes every child older than its parent:
/// the tree can hold no cycle, and no box can have two parents.
public struct BoxTree: Sendable {
    // A field apiece, by box index: layout shares these arrays rather than copying boxes,
    // and reads a style without touching children or content.
    var styles: [BoxStyle] = []
    var contents: [(any MeasuredContent)?] = []
    var childLists: [[BoxID]] = []
    var parents: [BoxID?] = []
    /// What layout reads of each box, made as the box is added.
    var layoutStyles: [LayoutStyle] = []
    /// The edges of the boxes whose layout needs them (``LayoutStyle/edges``).
    var layoutEdges: [LayoutEdges] = []

    /// An empty tree.
    public init() {}

    /// The number of boxes added so far.
    public var count: Int { styles.count }

    /// Adds a container box whose children, in order, are `children`.
    ///
    /// - Throws: ``BoxLayoutError/unknownBox(_:)`` for a child not in this tree, and
    ///   ``BoxLayoutError/boxAlreadyHasParent(_:)`` for one already given to another box
    ///   (or listed twice).
    @discardableResult
    public mutating func addBox(_ style: BoxStyle = BoxStyle(), children: [BoxID] = []) throws -> BoxID {
        let id = BoxID(index: count)
        // A child listed twice is found by the parent it was given a moment before; a refused
        // call undoes what it set, and so leaves the tree as it was. No set: a tree of 100,000
        // boxes is built without hashing.
        for (position, child) in children.enumerated() {
            guard parents.indices.contains(child.index), parents[child.index] == nil else {
                for earlier in children[..<position] { parents[earlier.index] = nil }
                guard parents.indices.contains(child.index) else { throw BoxLayoutError.unknownBox(child) }
                throw BoxLayoutError.boxAlreadyHasParent(child)
            }
            parents[child.index] = id
        }
        append(style, content: nil, children: children)
        return id
    }

    /// Adds a leaf whose size, where its style leaves it open, comes from `content`.
    @discardableResult
    public mutating func addLeaf(_ style: BoxStyle = BoxStyle(), content: any MeasuredContent) -> BoxID {
        let id = BoxID(index: count)
        append(style, content: content, children: [])
        return id
    }

    private mutating func append(_ style: BoxStyle, content: (any MeasuredContent)?, children: [BoxID]) {
        styles.append(style)
        contents.append(content)
        childLists.append(children)
        parents.append(nil)
        var layoutStyle = LayoutStyle(style, hasContent: content != nil)
        if layoutStyle.needsEdges {
            layoutStyle.edges = layoutEdges.count
            layoutEdges.append(LayoutEdges(style))
        }
        layoutStyles.append(layoutStyle)
    }

    /// Makes room for `count` boxes in all, so that adding them copies none.
    mutating func reserveCapacity(_ count: Int) {
        styles.reserveCapacity(count)
        contents.reserveCapacity(count)
        childLists.reserveCapacity(count)
        parents.reserveCapacity(count)
        layoutStyles.reserveCapacity(count)
    }

    /// The style `box` was added with.
    public func style(of box: BoxID) -> BoxStyle { styles[box.index] }

    /// The children of `box`, in order.
    public func children(of box: BoxID) -> [BoxID] { childLists[box.index] }
}

/// Why a tree could not be built or laid out.
public enum BoxLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A ``BoxID`` that is not in the tree it was used with.
    case unknownBox(BoxID)
    /// A box given as a child twice, or to two parents.
    case boxAlreadyHasParent(BoxID)
    /// The tree nests deeper than the layout's limit; the layout recurses once a level.
    case treeTooDeep(depth: Int, limit: Int)
    /// A style number that is NaN or infinite, named by its property.
    case nonFiniteValue(box: BoxID, property: String)
    /// A style number, named by its property, beyond ``BoxTree/maximumMagnitude`` (`limit`)
    /// in magnitude.
    case valueTooLarge(box: BoxID, property: String, limit: Double)
    /// A viewport side that is negative, NaN, infinite or beyond ``BoxTree/maximumMagnitude``.
    case invalidViewport(width: Double?, height: Double?)

    /// A sentence naming the box and what is wrong with it.
    public var description: String {
        switch self {
        case .unknownBox(let box): "box \(box) is not in this tree"
        case .boxAlreadyHasParent(let box): "box \(box) already has a parent; a box can have only one"
        case .treeTooDeep(let depth, let limit):
            "the tree nests at least \(depth) levels deep; layout supports at most \(limit)"
        case .nonFiniteValue(let box, let property): "box \(box) has a \(property) that is not a finite number"
        case .valueTooLarge(let box, let property, let limit):
            "box \(box) has a \(property) beyond ±\(Int(limit)), the largest number layout takes"
        case .invalidViewport(let width, let height):
            "the viewport (width \(width.map { "\($0)" } ?? "none"), height \(height.map { "\($0)" } ?? "none")) "
                + "must be finite and from 0 to \(Int(BoxTree.maximumMagnitude)) points"
        }
    }
}
