@_exported import TypeLayoutPreviewRunner
@_exported import TypeLayoutSwiftUI

/// A preview of the view `body` builds, named `name`, as SwiftUI's `#Preview` declares one;
/// `PreviewRunner` and `assertPreviewGoldens` find it in the program through
/// `Preview.registered`, with no list to keep.
///
/// Written at a file's top level, as in SwiftUI. SwiftUI's `traits:` are accepted and ignored.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait..., @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "TypeLayoutPreviewsMacros", type: "PreviewMacro")

/// A preview's trait, as SwiftUI's `PreviewTrait` (`.landscapeLeft`, `.sizeThatFitsLayout`):
/// accepted and ignored.
public struct PreviewTrait: Sendable {
    /// The portrait orientation.
    public static let portrait = PreviewTrait()
    /// A landscape orientation.
    public static let landscapeLeft = PreviewTrait()
    /// A landscape orientation.
    public static let landscapeRight = PreviewTrait()
    /// The view's own size.
    public static let sizeThatFitsLayout = PreviewTrait()
    /// The preview's device.
    public static let defaultLayout = PreviewTrait()
    /// A fixed size.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait() }
}
