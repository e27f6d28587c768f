import Foundation

// Less common modifiers of the corpus tally (one or two files each), accepted so that such files
// build unchanged; none of them changes a frame here.

/// The shape of a bordered button, as SwiftUI's `ButtonBorderShape`.
nonisolated public struct ButtonBorderShape: Hashable, Sendable {
    let radius: CGFloat?
    /// As the system chooses.
    public static let automatic = ButtonBorderShape(radius: nil)
    /// A capsule.
    public static let capsule = ButtonBorderShape(radius: .infinity)
    /// A rounded rectangle of the system's radius.
    public static let roundedRectangle = ButtonBorderShape(radius: nil)
    /// A circle.
    public static let circle = ButtonBorderShape(radius: .infinity)
    /// A rounded rectangle of `radius`.
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(radius: radius) }
}

/// How a scroll view bounces, as SwiftUI's `ScrollBounceBehavior`.
nonisolated public struct ScrollBounceBehavior: Hashable, Sendable {
    let name: String
    /// As the system chooses.
    public static let automatic = ScrollBounceBehavior(name: "automatic")
    /// Always.
    public static let always = ScrollBounceBehavior(name: "always")
    /// Only when the content is larger than the scroll view.
    public static let basedOnSize = ScrollBounceBehavior(name: "basedOnSize")
}

extension View {
    /// The shape of bordered buttons in the view: accepted; they keep this module's corners.
    public consuming func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { self }

    /// How scroll views in the view bounce: accepted (nothing scrolls here).
    public consuming func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = .vertical) -> some View { self }

    /// The axes along which a grid cell doesn't size its column or row: accepted; a view
    /// outside a `GridRow` already spans the grid without sizing it.
    public consuming func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View { self }

    /// Masks the view with `mask`'s opacity: accepted, not applied (the whole view is drawn).
    public consuming func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View { self }
}
