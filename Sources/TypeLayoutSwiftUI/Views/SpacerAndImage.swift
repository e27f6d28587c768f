import Foundation
import TypeLayout
import TypeLayoutScreens

/// Flexible space along the axis of the stack it is in (both axes outside a stack), as
/// SwiftUI's `Spacer`.
nonisolated public struct Spacer: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    /// The least length the spacer shrinks to; `nil` is the default spacing (8 points).
    public var minLength: CGFloat?

    /// A spacer.
    public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [SpacerNode(minLength: max(0, minLength ?? defaultStackSpacing), axis: context.stackAxis)]
    }
}

/// A spacer: the proposal along its axis, at least its minimum, and nothing across it.
final class SpacerNode: LayoutNode {
    let minLength: CGFloat
    let axis: Axis?

    init(minLength: CGFloat, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
        super.init()
    }

    override var isSpacer: Bool { true }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        func grown(_ length: CGFloat?) -> CGFloat { max(minLength, length ?? minLength) }
        switch axis {
        case .horizontal?: return CGSize(width: grown(proposal.width), height: 0)
        case .vertical?: return CGSize(width: 0, height: grown(proposal.height))
        case nil: return CGSize(width: grown(proposal.width), height: grown(proposal.height))
        }
    }
}

/// A thin line across the stack it is in (horizontal outside a stack), as SwiftUI's
/// `Divider`: one pixel of an @3x screen thick, the proposed length long (none unproposed).
nonisolated public struct Divider: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never

    /// A divider.
    public init() {}

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [DividerNode(vertical: context.stackAxis == .horizontal)]
    }
}

/// The separator colour of iOS's light appearance.
let separatorColor = TypeLayout.Color(red: 198, green: 198, blue: 200)

final class DividerNode: LayoutNode {
    static let thickness: CGFloat = 1.0 / 3.0
    let vertical: Bool

    init(vertical: Bool) {
        self.vertical = vertical
        super.init()
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        vertical ? CGSize(width: Self.thickness, height: proposal.height ?? 0)
            : CGSize(width: proposal.width ?? 0, height: Self.thickness)
    }

    override func paint(_ style: inout BoxStyle) { style.backgroundColor = separatorColor }
}

/// An image, as SwiftUI's `Image`. There are no SF Symbols nor asset catalogs here: a symbol
/// is a grey box sized as a symbol is at the surrounding font (1.2 × its point size square),
/// a named image a 24-point grey box.
nonisolated public struct Image: View, PrimitiveView, Equatable, Sendable {
    /// The body of a primitive view.
    public typealias Body = Never

    enum Source: Equatable, Sendable {
        case symbol(String)
        case named(String)
    }

    let source: Source
    var isResizable = false

    /// A system symbol.
    public init(systemName: String) { source = .symbol(systemName) }
    /// An image from the app's assets.
    public init(_ name: String, bundle: Bundle? = nil) { source = .named(name) }
    /// An image that accessibility ignores.
    public init(decorative name: String, bundle: Bundle? = nil) { source = .named(name) }

    /// How a resizable image stretches.
    public enum ResizingMode: Hashable, Sendable {
        /// Tiled.
        case tile
        /// Stretched.
        case stretch
    }

    /// How an image is coloured.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// As drawn.
        case original
        /// In the foreground colour.
        case template
    }

    /// The image stretched to the size it is proposed.
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// The image drawn as given or in the foreground colour.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let natural: CGSize
        switch source {
        case .named:
            natural = CGSize(width: 24, height: 24)
        case .symbol:
            let environment = context.environment
            let font = try (environment.font ?? .body).resolved(in: context.session.typeContext, weight: nil, italic: false)
            let pointSize = try font.resolved(for: environment.dynamicTypeSize.contentSizeCategory).pointSize
            let side = (CGFloat(pointSize) * 1.2).rounded()
            natural = CGSize(width: side, height: side)
        }
        return [ImageNode(natural: natural, isResizable: isResizable)]
    }
}

/// An image: its natural size, or the proposal when resizable.
final class ImageNode: LayoutNode {
    let natural: CGSize
    let isResizable: Bool

    init(natural: CGSize, isResizable: Bool) {
        self.natural = natural
        self.isResizable = isResizable
        super.init()
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        isResizable ? proposal.replacingUnspecifiedDimensions(by: natural) : natural
    }

    override var kind: ScreenLayout.Node.Kind { .image }
    override var imageFill: ScreenLayout.ImageFill? { .color(TypeLayout.Color(red: 174, green: 174, blue: 178)) }
}
