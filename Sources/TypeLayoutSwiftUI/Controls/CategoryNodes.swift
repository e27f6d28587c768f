import Foundation
import TypeLayout

// Nodes that depend on the category only in their sizes or their arrangement (text, and this
// module's controls here) read it when measured, not while their views resolve
// (``MeasuredCategory``): so a hosting screen's layouts at other categories keep them, and the
// rows around them (``ResolutionRecord``), instead of resolving them afresh at each.

/// The category a node made for the layout's reads when measured: the size a view set above
/// it, or else the layout's current category (a node kept for another layout takes that one's).
@MainActor
struct MeasuredCategory {
    /// The size a view set (`.dynamicTypeSize(_:)`), `nil` for the layout's.
    let fixed: ContentSizeCategory?
    let session: LayoutSession

    /// The category for a node made in `context`; not a read of the category.
    init(_ context: ResolveContext) {
        fixed = context.environment.fixedDynamicTypeSize?.contentSizeCategory
        session = context.session
    }

    /// The category the node is being laid out at.
    var current: ContentSizeCategory { fixed ?? session.textCategory }
}

/// `.frame(width: scaled(width), height: scaled(height))` scaled when measured: a list row's
/// chevron, made once for every category.
final class ScaledFrameNode: FrameNode {
    let width: CGFloat
    let height: CGFloat
    let style: TypeLayout.TextStyle
    let displayScale: CGFloat
    let scalingMode: ScalingMode
    let category: MeasuredCategory
    /// The frame's size at the last layout's category.
    private var scaledSize: CGSize?

    /// A frame of `width` × `height` points at the large size, scaled as `style` in `context`.
    init(_ child: LayoutNode, width: CGFloat, height: CGFloat, relativeTo style: Font.TextStyle = .body,
         alignment: Alignment, _ context: ResolveContext) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.style = style.typeLayoutStyle
        displayScale = context.environment.displayScale
        scalingMode = context.environment.scalingMode
        category = MeasuredCategory(context)
        super.init(child, alignment: alignment)
    }

    override func forgetLayout() {
        scaledSize = nil
        super.forgetLayout()
    }

    /// The size at the category being laid out (as `scaled(_:relativeTo:in:)` gives it).
    private var size: CGSize {
        if let scaledSize { return scaledSize }
        let at = category.current
        let size = CGSize(width: scale(width, at: at), height: scale(height, at: at))
        scaledSize = size
        return size
    }

    private func scale(_ value: CGFloat, at category: ContentSizeCategory) -> CGFloat {
        guard let scaled = scaledMetricValue(Double(value), relativeTo: style, at: category, displayScale: displayScale,
                                             scalingMode: scalingMode) else { return value }
        return CGFloat(scaled)
    }

    override func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize { ProposedViewSize(size) }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { size }
}

/// A stack of one of two arrangements of the same views, chosen by whether the category it is
/// measured at is an accessibility size: a value cell's label and value side by side, or the
/// value under the label. Both are made once; only the chosen one is the stack's children.
final class AccessibilitySizeStackNode: StackNode {
    let regular: [LayoutNode]
    let accessible: [LayoutNode]
    let category: MeasuredCategory
    /// The arrangement the children are: `nil` after a layout, until measured again.
    private var showsAccessible: Bool?

    init(axis: Axis, alignment: AlignmentKey, spacing: CGFloat?, regular: [LayoutNode], accessible: [LayoutNode],
         category: MeasuredCategory) {
        self.regular = regular
        self.accessible = accessible
        self.category = category
        let isAccessible = category.current.isAccessibilityCategory
        showsAccessible = isAccessible
        super.init(axis: axis, alignment: alignment, spacing: spacing, children: isAccessible ? accessible : regular)
    }

    /// Both arrangements, so that the one not shown last time is cleared too.
    override var nodesKeptBetweenLayouts: [LayoutNode] { regular + accessible }

    override func forgetLayout() {
        // Measuring chooses again.
        showsAccessible = nil
        super.forgetLayout()
    }

    /// Makes the children the arrangement for the category being laid out.
    private func choose() {
        let isAccessible = category.current.isAccessibilityCategory
        guard showsAccessible != isAccessible else { return }
        showsAccessible = isAccessible
        replaceChildren(isAccessible ? accessible : regular)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        choose()
        return super.computeSize(proposal)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        choose()
        super.placeChildren(in: bounds, proposal: proposal)
    }

    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool {
        choose()
        return super.mayHaveExplicitAlignment(key)
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        choose()
        return super.explicitAlignment(key, in: size)
    }
}
