import Foundation

/// A layout modifier that this module lays out: each makes a node around each of its content's.
nonisolated public struct _LayoutModifier: ViewModifier, NodeWrappingModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    let make: @MainActor (LayoutNode) -> LayoutNode

    init(make: @escaping @MainActor (LayoutNode) -> LayoutNode) {
        self.make = make
    }

    @MainActor func wrap(_ node: LayoutNode, _ context: ResolveContext) throws -> LayoutNode { make(node) }
}

// The modifiers used most are inlinable, each making its modifier here: an app's views then
// build them knowing the view's type, where a call through this module's generic code looked
// the type of the modified view up at every modifier of every body.
extension _LayoutModifier {
    /// `.padding(insets)`.
    @usableFromInline static func padding(_ insets: EdgeInsets) -> _LayoutModifier {
        _LayoutModifier { PaddingNode($0, insets: insets) }
    }

    /// `.padding(edges, length)`.
    @usableFromInline static func padding(_ edges: Edge.Set, _ length: CGFloat?) -> _LayoutModifier {
        padding(EdgeInsets(edges, length ?? defaultPadding))
    }

    /// `.frame(width:height:alignment:)`.
    @usableFromInline static func frame(width: CGFloat?, height: CGFloat?, alignment: Alignment) -> _LayoutModifier {
        _LayoutModifier { FixedFrameNode($0, width: width, height: height, alignment: alignment) }
    }

    /// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
    @usableFromInline static func frame(minWidth: CGFloat?, idealWidth: CGFloat?, maxWidth: CGFloat?, minHeight: CGFloat?,
                                        idealHeight: CGFloat?, maxHeight: CGFloat?, alignment: Alignment) -> _LayoutModifier {
        let horizontal = FlexibleFrameNode.Bounds(minimum: minWidth, ideal: idealWidth, maximum: maxWidth)
        let vertical = FlexibleFrameNode.Bounds(minimum: minHeight, ideal: idealHeight, maximum: maxHeight)
        return _LayoutModifier { FlexibleFrameNode($0, horizontal: horizontal, vertical: vertical, alignment: alignment) }
    }

    /// `.accessibilityIdentifier(identifier)`: an inner identifier wins over an outer one.
    @usableFromInline static func identifier(_ identifier: String) -> _LayoutModifier {
        _LayoutModifier { node in
            if node.identifier == nil { node.identifier = identifier }
            return node
        }
    }
}

extension View {
    /// This view inset by `insets`.
    @inlinable public consuming func padding(_ insets: EdgeInsets) -> some View {
        modifier(_LayoutModifier.padding(insets))
    }

    /// This view inset by `length` on `edges` (`nil`: SwiftUI's default of 16 points).
    @inlinable public consuming func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        modifier(_LayoutModifier.padding(edges, length))
    }

    /// This view inset by `length` on every edge.
    @inlinable public consuming func padding(_ length: CGFloat) -> some View { modifier(_LayoutModifier.padding(.all, length)) }

    /// This view in a frame of a fixed width, height or both, aligned inside it; an axis
    /// without a length is the view's own size.
    @inlinable public consuming func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modifier(_LayoutModifier.frame(width: width, height: height, alignment: alignment))
    }

    /// This view in a frame whose size follows the proposal within the bounds given, aligned
    /// inside it.
    @inlinable public consuming func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        modifier(_LayoutModifier.frame(minWidth: minWidth, idealWidth: idealWidth, maxWidth: maxWidth, minHeight: minHeight,
                                       idealHeight: idealHeight, maxHeight: maxHeight, alignment: alignment))
    }

    /// This view at its ideal size on both axes, whatever it is proposed.
    public consuming func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// This view at its ideal size on the axes given.
    public consuming func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modifier(_LayoutModifier { FixedSizeNode($0, horizontal: horizontal, vertical: vertical) })
    }

    /// This view drawn moved by `offset`, its layout unchanged.
    public consuming func offset(_ offset: CGSize) -> some View { self.offset(x: offset.width, y: offset.height) }

    /// This view drawn moved by `x` and `y`, its layout unchanged.
    public consuming func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modifier(_LayoutModifier { OffsetNode($0, offset: CGSize(width: x, height: y)) })
    }

    /// This view proposed the largest (`.fit`) or smallest (`.fill`) size of the aspect ratio
    /// `aspectRatio` (width over height; `nil`: its ideal size's) that fits the proposal.
    public consuming func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modifier(_LayoutModifier { AspectRatioNode($0, ratio: aspectRatio, contentMode: contentMode) })
    }

    /// This view proposed the aspect ratio of `aspectRatio`.
    public consuming func aspectRatio(_ aspectRatio: CGSize, contentMode: ContentMode) -> some View {
        self.aspectRatio(aspectRatio.height == 0 ? nil : aspectRatio.width / aspectRatio.height, contentMode: contentMode)
    }

    /// This view scaled to fit the proposal at its own aspect ratio.
    public consuming func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }

    /// This view scaled to fill the proposal at its own aspect ratio.
    public consuming func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    /// The priority of this view in its stack: higher priorities are offered space first.
    public consuming func layoutPriority(_ value: Double) -> some View {
        modifier(_LayoutModifier { node in
            let wrapper = WrapperNode(node)
            wrapper.layoutPriority = value
            return wrapper
        })
    }
}

/// SwiftUI's default padding on iOS.
let defaultPadding: CGFloat = 16

/// `.padding`: the proposal less the insets, the child's size plus them.
final class PaddingNode: WrapperNode {
    let insets: EdgeInsets

    init(_ child: LayoutNode, insets: EdgeInsets) {
        self.insets = insets
        super.init(child)
    }

    private func inner(_ proposal: ProposedViewSize) -> ProposedViewSize {
        // No closures: each would check its executor (this runs for every padding and proposal).
        var inner = proposal
        if let width = proposal.width { inner.width = max(0, width - insets.total(.horizontal)) }
        if let height = proposal.height { inner.height = max(0, height - insets.total(.vertical)) }
        return inner
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let size = child.sizeThatFits(inner(proposal))
        return CGSize(width: size.width + insets.total(.horizontal), height: size.height + insets.total(.vertical))
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let rect = CGRect(x: bounds.minX + insets.leading, y: bounds.minY + insets.top,
                          width: max(0, bounds.width - insets.total(.horizontal)),
                          height: max(0, bounds.height - insets.total(.vertical)))
        child.place(in: rect, proposal: inner(proposal))
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let inner = CGSize(width: max(0, size.width - insets.total(.horizontal)), height: max(0, size.height - insets.total(.vertical)))
        return child.explicitAlignment(key, in: inner).map { $0 + (key.axis == .horizontal ? insets.leading : insets.top) }
    }
}

/// A frame that proposes a size to its child, reports a size of its own, and aligns the
/// child inside; the child's explicit guides show through, moved to where it sits.
class FrameNode: WrapperNode {
    let alignment: Alignment

    init(_ child: LayoutNode, alignment: Alignment) {
        self.alignment = alignment
        super.init(child)
    }

    /// What the frame proposes to its child when it is proposed `proposal`.
    func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize { proposal }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let inner = childProposal(proposal)
        let size = child.sizeThatFits(inner)
        child.place(in: CGRect(origin: aligned(child, size: size, in: bounds, alignment: alignment), size: size), proposal: inner)
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        guard child.hasExplicitAlignment(key) else { return nil }
        let childSize = child.sizeThatFits(childProposal(ProposedViewSize(size)))
        guard let value = child.explicitAlignment(key, in: childSize) else { return nil }
        let origin = aligned(child, size: childSize, in: CGRect(origin: .zero, size: size), alignment: alignment)
        return value + (key.axis == .horizontal ? origin.x : origin.y)
    }
}

/// `.frame(width:height:alignment:)`.
final class FixedFrameNode: FrameNode {
    let width: CGFloat?
    let height: CGFloat?

    init(_ child: LayoutNode, width: CGFloat?, height: CGFloat?, alignment: Alignment) {
        self.width = width.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
        super.init(child, alignment: alignment)
    }

    override func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: width ?? proposal.width, height: height ?? proposal.height)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        guard let width, let height else {
            let size = child.sizeThatFits(childProposal(proposal))
            return CGSize(width: width ?? size.width, height: height ?? size.height)
        }
        return CGSize(width: width, height: height)
    }
}

/// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
///
/// On each axis the child is proposed the proposal (the ideal length when there is none)
/// clamped to the bounds. The frame's length is the proposal (or ideal, or else the child's),
/// clamped to the bounds, where a missing bound is the child's length: so `maxWidth:
/// .infinity` takes the whole proposal and `minWidth` alone grows a small child.
final class FlexibleFrameNode: FrameNode {
    struct Bounds {
        var minimum: CGFloat?
        var ideal: CGFloat?
        var maximum: CGFloat?
    }

    let horizontal: Bounds
    let vertical: Bounds

    init(_ child: LayoutNode, horizontal: Bounds, vertical: Bounds, alignment: Alignment) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child, alignment: alignment)
    }

    // Each axis by a call of its own rather than a loop over an array of the axes, made at
    // every sizing of every frame.
    override func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: Self.childLength(proposal.width, horizontal),
                         height: Self.childLength(proposal.height, vertical))
    }

    /// What the child is proposed along an axis: the proposal (else the ideal) clamped.
    private static func childLength(_ proposed: CGFloat?, _ bounds: Bounds) -> CGFloat? {
        guard let length = proposed ?? bounds.ideal else { return nil }
        return clamp(length, min: bounds.minimum, max: bounds.maximum)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let childSize = child.sizeThatFits(childProposal(proposal))
        return CGSize(width: Self.length(proposal.width, horizontal, child: childSize.width),
                      height: Self.length(proposal.height, vertical, child: childSize.height))
    }

    /// The frame's length along an axis, its child's being `child`.
    private static func length(_ proposed: CGFloat?, _ bounds: Bounds, child: CGFloat) -> CGFloat {
        if bounds.minimum == nil && bounds.maximum == nil { return proposed == nil ? bounds.ideal ?? child : child }
        var length = proposed ?? bounds.ideal ?? child
        length = min(length, bounds.maximum ?? child)
        length = max(length, bounds.minimum ?? child)
        return length
    }
}

/// `.fixedSize`: the ideal size on the fixed axes.
final class FixedSizeNode: WrapperNode {
    let horizontal: Bool
    let vertical: Bool

    init(_ child: LayoutNode, horizontal: Bool, vertical: Bool) {
        self.horizontal = horizontal
        self.vertical = vertical
        super.init(child)
    }

    private func inner(_ proposal: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(inner(proposal)) }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let inner = self.inner(proposal)
        let size = child.sizeThatFits(inner)
        child.place(in: CGRect(origin: aligned(child, size: size, in: bounds, alignment: .center), size: size), proposal: inner)
    }
}

/// `.offset`: drawn elsewhere, laid out in place.
final class OffsetNode: WrapperNode {
    let offset: CGSize

    init(_ child: LayoutNode, offset: CGSize) {
        self.offset = offset
        super.init(child)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        child.place(in: bounds.offsetBy(dx: offset.width, dy: offset.height), proposal: proposal)
    }
}

/// `.aspectRatio`: proposes the child a size of the ratio inside (`.fit`) or around (`.fill`)
/// the proposal, and takes the child's size.
final class AspectRatioNode: WrapperNode {
    let ratio: CGFloat?
    let contentMode: ContentMode

    init(_ child: LayoutNode, ratio: CGFloat?, contentMode: ContentMode) {
        self.ratio = ratio.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.contentMode = contentMode
        super.init(child)
    }

    private func inner(_ proposal: ProposedViewSize) -> ProposedViewSize {
        let ideal = child.sizeThatFits(.unspecified)
        let ratio = self.ratio ?? (ideal.height > 0 && ideal.width > 0 ? ideal.width / ideal.height : 1)
        switch (proposal.width, proposal.height) {
        case let (width?, height?):
            let byHeight = height * ratio
            let chosen = contentMode == .fit ? min(width, byHeight) : max(width, byHeight)
            return chosen.isFinite ? ProposedViewSize(width: chosen, height: chosen / ratio) : proposal
        case let (width?, nil):
            return ProposedViewSize(width: width, height: width / ratio)
        case let (nil, height?):
            return ProposedViewSize(width: height * ratio, height: height)
        case (nil, nil):
            return ProposedViewSize(width: ideal.width, height: ideal.width / ratio)
        }
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { child.sizeThatFits(inner(proposal)) }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let inner = self.inner(proposal)
        let size = child.sizeThatFits(inner)
        child.place(in: CGRect(origin: aligned(child, size: size, in: bounds, alignment: .center), size: size), proposal: inner)
    }
}
