import TypeLayout

/// A whole screen to lay out at every content size category: a device and a tree of nodes.
///
/// A screen is a description, not a layout: its style values may depend on the category
/// (``Responsive``), its lengths may scale with a text style (``ScreenLength/scaled(_:relativeTo:)``)
/// and its text follows Dynamic Type. ``ScreenLayout`` is what it becomes at one category.
public struct Screen: Sendable {
    /// The device the screen is laid out on: its width is the root's, its height marks the fold.
    public var device: Device
    /// The colour behind everything; `nil` for white.
    public var background: Color?
    /// The outermost node.
    public var root: ScreenNode
    /// The values localized texts' format placeholders take when a text gives none.
    public var samples: FormatSamples

    /// A screen on `device` whose content is `root`.
    public init(device: Device, background: Color? = nil, root: ScreenNode, samples: FormatSamples = FormatSamples()) {
        self.device = device
        self.background = background
        self.root = root
        self.samples = samples
    }
}

/// One node of a ``Screen``: a box, a text, an image, or a choice among children.
public struct ScreenNode: Sendable {
    /// What a node holds.
    public enum Content: Sendable {
        /// A container laid out by flexbox.
        case box(children: [ScreenNode])
        /// A leaf measured as text.
        case text(ScreenText)
        /// A leaf sized as an image.
        case image(ScreenImage)
        /// SwiftUI's `ViewThatFits`: the first child whose layout at the proposed size
        /// truncates nothing and overflows nothing; the last child when none fits.
        case firstThatFits(children: [ScreenNode])
    }

    /// The name tests and reports use for the node; `nil` if the screen gives none.
    public var id: String?
    /// Flexbox and painting properties, each possibly depending on the category.
    public var style: ScreenStyle
    /// The node's content.
    public var content: Content
    /// Clamps the category inside this subtree from below (SwiftUI's `.dynamicTypeSize(x...)`,
    /// UIKit's `minimumContentSizeCategory`).
    public var minimumContentSizeCategory: ContentSizeCategory?
    /// Clamps the category inside this subtree from above (SwiftUI's `.dynamicTypeSize(...x)`,
    /// UIKit's `maximumContentSizeCategory`): text inside stops growing there.
    public var maximumContentSizeCategory: ContentSizeCategory?
    /// Where the node was written, for error messages and reports; `nil` for nodes built in Swift.
    public var sourceLocation: TextFileLocation?
    /// What the node is to the person using the screen (a button, a control), for checks such
    /// as the minimum tap target; `nil` for content.
    public var role: ScreenRole?

    /// A node with `content`, styled by `style`.
    public init(
        id: String? = nil, style: ScreenStyle = ScreenStyle(), content: Content,
        minimumContentSizeCategory: ContentSizeCategory? = nil,
        maximumContentSizeCategory: ContentSizeCategory? = nil,
        sourceLocation: TextFileLocation? = nil, role: ScreenRole? = nil
    ) {
        self.id = id
        self.style = style
        self.content = content
        self.minimumContentSizeCategory = minimumContentSizeCategory
        self.maximumContentSizeCategory = maximumContentSizeCategory
        self.sourceLocation = sourceLocation
        self.role = role
    }

    /// The node's children, empty for a leaf.
    public var children: [ScreenNode] {
        switch content {
        case .box(let children), .firstThatFits(let children): children
        case .text, .image: []
        }
    }
}

/// What a node is to the person using the screen, as accessibility traits say: a screen file
/// writes `role: button` or `role: control`.
public enum ScreenRole: String, Sendable, Hashable, CaseIterable {
    /// Something to tap that acts (UIKit's `.button` trait).
    case button
    /// Another control to tap or drag: a switch, a slider, a segmented control.
    case control
}
