import Foundation

// What real apps' views read from the app around them (issue 27's corpus tally): a dismiss
// action, stored settings, remote images. Nothing runs between layouts here, so each renders
// as the view first appears.

/// Dismisses the presentation a view is in, as SwiftUI's `DismissAction`: here there is none,
/// so calling it does nothing.
nonisolated public struct DismissAction: Sendable {
    /// Dismisses: nothing is presented here.
    public func callAsFunction() {}
}

extension EnvironmentValues {
    /// The action that dismisses the view's presentation (`@Environment(\.dismiss)`).
    public var dismiss: DismissAction { DismissAction() }

    /// Whether the view is in a presentation: never here, as sheets are not shown.
    public var isPresented: Bool { false }
}

/// A value kept in the app's user defaults, as SwiftUI's `@AppStorage`: here a view's own value
/// starting at its default (no defaults are read, so every layout shows the default).
@propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    private let state: State<Value>

    /// The value stored under `key`, `wrappedValue` when nothing is stored.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) {
        state = State(wrappedValue: wrappedValue)
    }

    /// The current value.
    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set { state.wrappedValue = newValue }
    }

    /// A binding to the value.
    public var projectedValue: Binding<Value> { state.projectedValue }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    /// The optional value stored under `key`: `nil` here.
    public init(_ key: String, store: UserDefaults? = nil) {
        self.init(wrappedValue: nil, key, store: store)
    }
}

/// Where an `AsyncImage` is in loading, as SwiftUI's `AsyncImagePhase`.
public enum AsyncImagePhase {
    /// Not loaded yet: the only phase here, as nothing is fetched.
    case empty
    /// Loaded.
    case success(Image)
    /// Failed.
    case failure(any Error)

    /// The image, once loaded.
    public var image: Image? {
        if case let .success(image) = self { return image }
        return nil
    }

    /// The error, if loading failed.
    public var error: (any Error)? {
        if case let .failure(error) = self { return error }
        return nil
    }
}

/// An image loaded from a URL, as SwiftUI's `AsyncImage`: nothing is fetched here, so it shows
/// what SwiftUI shows before the image arrives: the placeholder, or for the plain initializer a
/// grey fill taking the room it is offered (our approximation of SwiftUI's default placeholder).
public struct AsyncImage<Content: View>: View {
    let content: Content

    /// The image at `url` shown by `content`, `placeholder` until then.
    public init<I: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
                         @ViewBuilder placeholder: @escaping () -> Content) {
        self.content = placeholder()
    }

    /// The image at `url` shown by `content` for each phase of loading (here always `.empty`).
    public init(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (AsyncImagePhase) -> Content) {
        self.content = content(.empty)
    }

    public var body: some View { content }
}

extension AsyncImage where Content == Color {
    /// The image at `url`, a grey fill until it loads.
    public init(url: URL?, scale: CGFloat = 1) {
        content = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255, opacity: 0.2)
    }
}

/// A translucent backdrop, as SwiftUI's `Material`: drawn here as white at an opacity that
/// grows with its thickness (our approximation; nothing is blurred).
nonisolated public struct Material: ShapeStyle {
    let opacity: Double

    /// The most translucent.
    public static let ultraThin = Material(opacity: 0.55)
    /// More translucent than regular.
    public static let thin = Material(opacity: 0.7)
    /// The default.
    public static let regular = Material(opacity: 0.8)
    /// Less translucent than regular.
    public static let thick = Material(opacity: 0.9)
    /// The least translucent.
    public static let ultraThick = Material(opacity: 0.95)
    /// The bars' material.
    public static let bar = Material(opacity: 0.94)

    var color: Color { Color(white: 1, opacity: opacity) }
}

extension ShapeStyle where Self == Material {
    /// The most translucent material.
    public static var ultraThinMaterial: Material { .ultraThin }
    /// A thin material.
    public static var thinMaterial: Material { .thin }
    /// The regular material.
    public static var regularMaterial: Material { .regular }
    /// A thick material.
    public static var thickMaterial: Material { .thick }
    /// The least translucent material.
    public static var ultraThickMaterial: Material { .ultraThick }
    /// The bars' material.
    public static var bar: Material { .bar }
}
