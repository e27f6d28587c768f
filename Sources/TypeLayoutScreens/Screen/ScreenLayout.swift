import Foundation
import TypeLayout

/// A ``Screen`` laid out at one content size category: every displayed node's frame, in
/// document order, with the text and image each leaf ended up with.
public struct ScreenLayout: Sendable {
    /// The category the screen was laid out at (nodes inside a clamp may use another; see
    /// ``ScreenLayout/Node/category``).
    public let category: ContentSizeCategory
    /// The device.
    public let device: Device
    /// The colour behind everything.
    public let background: Color
    /// Every displayed node, a parent before its children; the root first.
    public let nodes: [Node]
    /// The direction the screen was laid out in (`ltr` or `rtl`): the language's, which the
    /// device's status bar follows too (the clock on the right, right to left).
    public let direction: Direction

    /// Makes a layout from its nodes.
    public init(category: ContentSizeCategory, device: Device, background: Color, nodes: [Node],
                direction: Direction = .ltr) {
        self.category = category
        self.device = device
        self.background = background
        self.nodes = nodes
        self.direction = direction == .rtl ? .rtl : .ltr
    }

    /// The bottom of the lowest node, as far as it is drawn (a node inside one that
    /// ``clipsContent(_:)`` ends at that one's bottom), at least the device's height: how tall a
    /// picture of the whole screen is.
    public var contentHeight: Double {
        var bottoms: [Double] = [], clipBottoms: [Double] = []
        bottoms.reserveCapacity(nodes.count)
        clipBottoms.reserveCapacity(nodes.count)
        for node in nodes {
            let bottom = node.frame.y + node.frame.height
            let limit = node.parent.map { clipBottoms[$0] } ?? .infinity
            bottoms.append(min(bottom, limit))
            clipBottoms.append(clipsContent(node) ? min(bottom, limit) : limit)
        }
        return max(device.height, bottoms.filter(\.isFinite).max() ?? 0)
    }

    /// Whether `node` cuts what is inside it to its padding box when drawn: `overflow: hidden`
    /// or `scroll`, or a scroll view's viewport (``Node/scrollsContent``) that ends above the
    /// bottom of the device's safe area, so that something is pinned below it (a tab bar, a
    /// bottom toolbar, an onboarding page's Continue button), which its content runs under as
    /// iOS shows it. A scroll view that reaches the bottom has only the fold below it: its
    /// content is drawn whole, past the fold, as if scrolled into view.
    public func clipsContent(_ node: Node) -> Bool {
        if node.style.overflow != .visible { return true }
        guard node.scrollsContent else { return false }
        return node.frame.y + node.frame.height < device.height - device.safeArea.bottom - 0.5
    }

    /// The first node with `id`, or `nil`.
    public subscript(id: String) -> Node? { nodes.first { $0.id == id } }

    /// One laid-out node.
    public struct Node: Sendable {
        /// What the node is.
        public enum Kind: String, Sendable, Hashable {
            /// A container.
            case box
            /// A text leaf.
            case text
            /// An image leaf.
            case image
        }

        /// The node's id from the screen, if it has one.
        public var id: String?
        /// Where the node is in the tree: child indices from the root, such as `0.2.1`
        /// (the root is `0`), so that nodes without an id can be named too.
        public var path: String {
            get {
                switch pathSource {
                case .given(let path): return path
                case .tree(let paths, let index): return paths.path(of: index)
                }
            }
            set { pathSource = .given(newValue) }
        }
        /// The path as given, or where a hosting screen's emitter noted it: made only when
        /// asked (a dump, an audit's name), as most layouts are drawn or measured without it.
        @usableFromInline var pathSource: PathSource
        /// What the node is.
        public var kind: Kind
        /// Position of the parent in ``ScreenLayout/nodes``; `nil` for the root.
        public var parent: Int?
        /// The border box in points from the screen's top-left corner.
        public var frame: BoxRect
        /// The style resolved at the node's category: what it is painted with (background,
        /// border, radius) and whether it clips (`overflow`).
        public var style: BoxStyle {
            get { styleBox.style }
            set { styleBox = StyleBox(newValue) }
        }
        /// The style in a shared box: a style is large (most of a node), and most of a hosting
        /// screen's nodes share the one unpainted box; copying a node copies one reference.
        @usableFromInline var styleBox: StyleBox
        /// The category the node was laid out at, after the clamps around it.
        public var category: ContentSizeCategory
        /// The frame less padding and border: where a text leaf's lines and an image leaf's
        /// picture go.
        public var contentFrame: BoxRect
        /// For a text leaf, its layout at the content frame's width (glyphs relative to
        /// ``contentFrame``'s top-left corner); `nil` otherwise.
        public var text: TextLayout?
        /// For an image leaf, what to draw in the frame; `nil` otherwise.
        public var image: ImageFill?
        /// Where the node was written, if it came from a file.
        public var sourceLocation: TextFileLocation?
        /// The screen node's ``ScreenNode/role``.
        public var role: ScreenRole?
        /// Whether the node is a scroll view's viewport whose content is drawn whole, past it
        /// (SwiftUI's `ScrollView`, `List`, `Form`): what lies outside it is reached by
        /// scrolling, so the screen audit doesn't count it as overlapping what is outside the
        /// scroll view (a tab bar under a long form).
        public var scrollsContent = false

        /// A node with every field given; the content frame is the frame unless given.
        ///
        /// Inlinable, so that a node is built where it is stored: passed to a call of another
        /// module, its style and text layout were copied field by field for every node.
        @inlinable
        public init(
            id: String?, path: String, kind: Kind, parent: Int?, frame: BoxRect, style: BoxStyle,
            category: ContentSizeCategory, text: TextLayout? = nil, image: ImageFill? = nil,
            sourceLocation: TextFileLocation? = nil, contentFrame: BoxRect? = nil, role: ScreenRole? = nil
        ) {
            self.init(id: id, pathSource: .given(path), kind: kind, parent: parent, frame: frame,
                      styleBox: StyleBox(style), category: category, text: text, image: image,
                      sourceLocation: sourceLocation, contentFrame: contentFrame ?? frame, role: role,
                      scrollsContent: false)
        }

        /// A hosting screen's node: its path noted in `paths` at `pathIndex`, its style boxed
        /// (``StyleBox/plain`` for an unpainted node).
        @inlinable
        package init(
            id: String?, paths: ScreenNodePaths, pathIndex: Int, kind: Kind, parent: Int?, frame: BoxRect,
            styleBox: StyleBox, category: ContentSizeCategory, text: TextLayout?, image: ImageFill?,
            scrollsContent: Bool
        ) {
            self.init(id: id, pathSource: .tree(paths, pathIndex), kind: kind, parent: parent, frame: frame,
                      styleBox: styleBox, category: category, text: text, image: image, sourceLocation: nil,
                      contentFrame: frame, role: nil, scrollsContent: scrollsContent)
        }

        /// A node from its stored fields.
        @inlinable
        init(
            id: String?, pathSource: PathSource, kind: Kind, parent: Int?, frame: BoxRect, styleBox: StyleBox,
            category: ContentSizeCategory, text: TextLayout?, image: ImageFill?, sourceLocation: TextFileLocation?,
            contentFrame: BoxRect, role: ScreenRole?, scrollsContent: Bool
        ) {
            self.contentFrame = contentFrame
            self.id = id
            self.pathSource = pathSource
            self.kind = kind
            self.parent = parent
            self.frame = frame
            self.styleBox = styleBox
            self.category = category
            self.text = text
            self.image = image
            self.sourceLocation = sourceLocation
            self.role = role
            self.scrollsContent = scrollsContent
        }

        /// Where a node's path comes from.
        @usableFromInline
        enum PathSource: Sendable {
            /// Given whole (a screen file's node, a node made by hand).
            case given(String)
            /// Noted in a hosting screen's path table, at an index.
            case tree(ScreenNodePaths, Int)
        }
    }

    /// What an image leaf draws in its frame.
    public enum ImageFill: Sendable {
        /// The decoded PNG, scaled to the frame.
        case bitmap(RGBAImage)
        /// A rectangle of one colour.
        case color(Color)
    }
}

/// A ``BoxStyle`` in a box of its own, never changed: nodes that share a style share the box.
@usableFromInline
package final class StyleBox: Sendable {
    /// The style.
    @usableFromInline package let style: BoxStyle

    /// A box for `style`.
    @inlinable
    package init(_ style: BoxStyle) { self.style = style }

    /// The default style's box, which every unpainted node shares.
    package static let plain = StyleBox(BoxStyle())
}

/// Where an emitter paints each node's style: reset to the plain style's bytes before each
/// node, so that an unpainted node is told by comparing bytes (equal bytes are equal styles, as
/// a style holds no references; comparing field by field cost more than emitting the node).
package final class StylePainter {
    /// The plain style, made once.
    private static let plain = BoxStyle()
    private let plainBytes: UnsafeMutablePointer<BoxStyle>
    private let scratch: UnsafeMutablePointer<BoxStyle>

    /// A painter for one layout.
    package init() {
        precondition(_isPOD(BoxStyle.self), "a style compared by its bytes holds no references")
        plainBytes = .allocate(capacity: 1)
        plainBytes.initialize(to: Self.plain)
        scratch = .allocate(capacity: 1)
        scratch.initialize(to: Self.plain)
    }

    deinit {
        plainBytes.deallocate()
        scratch.deallocate()
    }

    /// Whether `scratch` holds the plain style's bytes: set when ``box()`` found it unpainted,
    /// so that the next ``begin()`` needn't copy them again (three nodes in four are unpainted).
    private var scratchIsPlain = true

    /// The style to paint the next node into: the plain style, padding and all.
    package func begin() -> UnsafeMutablePointer<BoxStyle> {
        if !scratchIsPlain {
            UnsafeMutableRawPointer(scratch).copyMemory(from: plainBytes, byteCount: MemoryLayout<BoxStyle>.size)
        }
        // Until `box()` compares, the caller may have painted it.
        scratchIsPlain = false
        return scratch
    }

    /// The box of the style painted since ``begin()``: the shared plain one when nothing changed it.
    package func box() -> StyleBox {
        guard memcmp(scratch, plainBytes, MemoryLayout<BoxStyle>.size) == 0 else { return StyleBox(scratch.pointee) }
        scratchIsPlain = true
        return .plain
    }
}

/// The paths of a hosting screen's nodes, as each node's parent and position among its
/// siblings: a node's path string is made only when asked (making one per node was a tenth
/// of emitting a form).
///
/// Written only while the layout is emitted, before any node is handed out; read-only after.
@usableFromInline
package final class ScreenNodePaths: @unchecked Sendable {
    /// Two entries per node: its parent's index (−1 for the root) and its position.
    private let entries: UnsafeMutablePointer<Int32>
    private let capacity: Int

    /// A table for `capacity` nodes.
    package init(capacity: Int) {
        self.capacity = capacity
        entries = .allocate(capacity: 2 * capacity)
        entries.initialize(repeating: -1, count: 2 * capacity)
    }

    deinit { entries.deallocate() }

    /// Notes the node at `index` (the screen layout's) under `parent` (`nil` for the root,
    /// whose path is `0`) at `position` among its siblings.
    package func set(_ index: Int, parent: Int?, position: Int) {
        precondition(index < capacity, "a node past the table's capacity")
        entries[2 * index] = Int32(parent ?? -1)
        entries[2 * index + 1] = Int32(position)
    }

    /// The path of the node at `index`: its position after its parent's path, such as `0.2.1`.
    package func path(of index: Int) -> String {
        var positions: [Int32] = []
        var node = index
        while node >= 0 {
            positions.append(entries[2 * node + 1])
            node = Int(entries[2 * node])
        }
        return positions.reversed().map(String.init).joined(separator: ".")
    }
}
