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

    override var mayPaint: Bool { true }

    override func paint(_ style: inout BoxStyle) { style.backgroundColor = separatorColor }
}
