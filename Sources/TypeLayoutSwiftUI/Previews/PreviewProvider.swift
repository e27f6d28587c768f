/// A type that produces view previews, declared as SwiftUI declares it, so that a team's
/// `…_Previews` types compile here unchanged.
///
/// On Linux nothing finds a provider by itself (there is no Objective-C runtime to list a
/// protocol's conformers): a preview run or golden test names its providers
/// (`Preview(SettingsView_Previews.self)`), while `#Preview` blocks (the `TypeLayoutPreviews`
/// package) are found in the program without a list (``Preview/registered``).
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The type of the previews' view.
    associatedtype Previews: View

    /// The view to preview; laid out as one preview (several views in it are stacked as the
    /// root views of a hosting screen are, where Xcode would show one preview each).
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }

    /// The platform to preview on; `nil` (the default) infers it. Accepted and ignored here:
    /// previews are laid out as iOS lays them out.
    static var platform: PreviewPlatform? { get }
}

extension PreviewProvider {
    /// No platform: inferred.
    public static var platform: PreviewPlatform? { nil }
}

/// The platforms a preview can name, as in SwiftUI.
public enum PreviewPlatform: Sendable, Hashable {
    /// iOS.
    case iOS
    /// macOS.
    case macOS
    /// tvOS.
    case tvOS
    /// watchOS.
    case watchOS
    /// visionOS.
    case visionOS
}

/// How a preview is framed, as in SwiftUI's `.previewLayout(_:)`; accepted and ignored here
/// (a preview run hosts every preview on the device it is given).
public enum PreviewLayout: Sendable, Hashable {
    /// The preview's device.
    case device
    /// The view's own size.
    case sizeThatFits
    /// A fixed container.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device named for a preview, as in SwiftUI's `.previewDevice(_:)`; accepted and ignored
/// here.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Sendable, Hashable {
    /// The device's name ("iPhone 16").
    public var rawValue: String
    /// A device named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A device named by a string literal.
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// A name for this preview in Xcode's canvas; accepted and ignored here (a preview run
    /// names a provider's preview by its type).
    public consuming func previewDisplayName(_ value: String?) -> some View { self }

    /// How this preview is framed; accepted and ignored here.
    public consuming func previewLayout(_ value: PreviewLayout) -> some View { self }

    /// The device this preview is shown on; accepted and ignored here.
    public consuming func previewDevice(_ value: PreviewDevice?) -> some View { self }
}
