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
        public var path: String
        /// What the node is.
        public var kind: Kind
        /// Position of the parent in ``ScreenLayout/nodes``; `nil` for the root.
        public var parent: Int?
        /// The border box in points from the screen's top-left corner.
        public var frame: BoxRect
        /// The style resolved at the node's category: what it is painted with (background,
        /// border, radius) and whether it clips (`overflow`).
        public var style: BoxStyle
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
            self.contentFrame = contentFrame ?? frame
            self.id = id
            self.path = path
            self.kind = kind
            self.parent = parent
            self.frame = frame
            self.style = style
            self.category = category
            self.text = text
            self.image = image
            self.sourceLocation = sourceLocation
            self.role = role
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
