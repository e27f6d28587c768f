import Foundation

/// A control that performs an action, as SwiftUI's `Button`: its label drawn in the style of
/// the environment (`.buttonStyle`), tinted, sized by `.controlSize`, dimmed when disabled.
nonisolated public struct Button<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let role: ButtonRole?

    /// A button that shows `label`.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        role = nil
    }

    /// A button with a role that shows `label`.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        styledButton(label: label, role: role, context.environment)
    }
}

extension Button where Label == Text {
    /// A button titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, action: @escaping () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    /// A button titled with a string, shown as given.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button with a role, titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    /// A button with a role, titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

/// A button's label, as a style receives it.
nonisolated public struct _ButtonLabel: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: any View

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { try context.resolve(content) }
}

/// What a ``ButtonStyle`` draws a button from.
nonisolated public struct ButtonStyleConfiguration {
    /// The button's label view.
    public typealias Label = _ButtonLabel
    /// The button's role.
    public let role: ButtonRole?
    /// The label.
    public let label: Label
    /// Whether the button is pressed: never, here.
    public let isPressed: Bool
}

/// What a ``PrimitiveButtonStyle`` draws a button from.
nonisolated public struct PrimitiveButtonStyleConfiguration {
    /// The button's label view.
    public typealias Label = _ButtonLabel
    /// The button's role.
    public let role: ButtonRole?
    /// The label.
    public let label: Label
    /// Performs the button's action: nothing happens here.
    public func trigger() {}
}

/// A style of your own that draws a button's label, as SwiftUI's `ButtonStyle`.
@MainActor @preconcurrency
public protocol ButtonStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// What the style draws from.
    typealias Configuration = ButtonStyleConfiguration
    /// The button drawn.
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// A style that draws a button and decides when it triggers, as SwiftUI's
/// `PrimitiveButtonStyle`; the built-in styles are of this kind.
@MainActor @preconcurrency
public protocol PrimitiveButtonStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// What the style draws from.
    typealias Configuration = PrimitiveButtonStyleConfiguration
    /// The button drawn.
    @ViewBuilder func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// The style a button takes from its environment.
enum ButtonStyleKind {
    case automatic, plain, bordered, borderedProminent, borderless
    case custom(@MainActor (ButtonStyleConfiguration) -> any View)
    case primitive(@MainActor (PrimitiveButtonStyleConfiguration) -> any View)
}

/// A built-in style: a button looks it up by kind.
protocol BuiltInButtonStyle {
    var kind: ButtonStyleKind { get }
}

/// Declares a built-in style: a `PrimitiveButtonStyle` whose body is the built-in drawing.
private func builtInBody(_ kind: ButtonStyleKind, _ configuration: PrimitiveButtonStyleConfiguration) -> _BuiltInButton {
    _BuiltInButton(kind: kind, label: configuration.label, role: configuration.role)
}

/// The default style: borderless in most places, a row's title in a list.
nonisolated public struct DefaultButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    /// The default style.
    public init() {}
    var kind: ButtonStyleKind { .automatic }
    /// The button drawn.
    public func makeBody(configuration: Configuration) -> _BuiltInButton { builtInBody(kind, configuration) }
}

/// The label as it is, in the foreground colour.
nonisolated public struct PlainButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    /// The plain style.
    public init() {}
    var kind: ButtonStyleKind { .plain }
    /// The button drawn.
    public func makeBody(configuration: Configuration) -> _BuiltInButton { builtInBody(kind, configuration) }
}

/// The label in the tint colour, without a background.
nonisolated public struct BorderlessButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    /// The borderless style.
    public init() {}
    var kind: ButtonStyleKind { .borderless }
    /// The button drawn.
    public func makeBody(configuration: Configuration) -> _BuiltInButton { builtInBody(kind, configuration) }
}

/// The label in the tint colour on a light grey rounded rectangle.
nonisolated public struct BorderedButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    /// The bordered style.
    public init() {}
    var kind: ButtonStyleKind { .bordered }
    /// The button drawn.
    public func makeBody(configuration: Configuration) -> _BuiltInButton { builtInBody(kind, configuration) }
}

/// White label on a rounded rectangle of the tint colour.
nonisolated public struct BorderedProminentButtonStyle: PrimitiveButtonStyle, BuiltInButtonStyle {
    /// The prominent bordered style.
    public init() {}
    var kind: ButtonStyleKind { .borderedProminent }
    /// The button drawn.
    public func makeBody(configuration: Configuration) -> _BuiltInButton { builtInBody(kind, configuration) }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The default style.
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// The label as it is.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// The label tinted, without a background.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// The label tinted on a light grey rounded rectangle.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// White label on the tint colour.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

extension View {
    /// The buttons inside this view drawn by `style`.
    public consuming func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let kind = (style as? any BuiltInButtonStyle)?.kind ?? .primitive { style.makeBody(configuration: $0) }
        return environment(\.buttonStyle, kind)
    }

    /// The buttons inside this view drawn by a style of your own.
    public consuming func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyle, .custom { style.makeBody(configuration: $0) })
    }
}

/// A button drawn by a built-in style.
nonisolated public struct _BuiltInButton: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let kind: ButtonStyleKind
    let label: _ButtonLabel
    let role: ButtonRole?

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        builtInButton(kind, label: label, role: role, context.environment)
    }
}

/// A button's label drawn by the environment's style.
@MainActor
func styledButton(label: any View, role: ButtonRole?, _ environment: EnvironmentValues) -> any View {
    let wrapped = _ButtonLabel(content: label)
    switch environment.buttonStyle {
    case .custom(let make):
        return make(ButtonStyleConfiguration(role: role, label: wrapped, isPressed: false))
    case .primitive(let make):
        return make(PrimitiveButtonStyleConfiguration(role: role, label: wrapped))
    case let kind:
        return builtInButton(kind, label: wrapped, role: role, environment)
    }
}

/// The metrics of a bordered button at a control size (our approximation of iOS 17's, which
/// are not published: see the README's table).
struct BorderedMetrics {
    var font: Font
    var horizontal: CGFloat
    var vertical: CGFloat
    var cornerRadius: CGFloat

    init(_ size: ControlSize) {
        switch size {
        case .mini: self.init(font: .footnote, horizontal: 8, vertical: 3, cornerRadius: 5)
        case .small: self.init(font: .subheadline, horizontal: 10, vertical: 5, cornerRadius: 6)
        case .regular: self.init(font: .body, horizontal: 12, vertical: 7, cornerRadius: 8)
        case .large, .extraLarge: self.init(font: .body, horizontal: 20, vertical: 14, cornerRadius: 12)
        }
    }

    init(font: Font, horizontal: CGFloat, vertical: CGFloat, cornerRadius: CGFloat) {
        self.font = font
        self.horizontal = horizontal
        self.vertical = vertical
        self.cornerRadius = cornerRadius
    }
}

/// A built-in style's drawing: colours from the role, the tint and whether it is enabled;
/// padding and font from the control size for the bordered styles.
@MainActor
func builtInButton(_ kind: ButtonStyleKind, label: _ButtonLabel, role: ButtonRole?, _ environment: EnvironmentValues) -> any View {
    let enabled = environment.isEnabled
    let tint = role == .destructive ? Color.red : environment.resolvedTint
    let foreground = enabled ? environment.foregroundColor ?? tint : SystemColor.disabled
    let metrics = BorderedMetrics(environment.controlSize)
    let font = environment.font ?? metrics.font
    switch kind {
    case .plain:
        return label.foregroundColor(enabled ? environment.foregroundColor : SystemColor.disabled)
    case .bordered:
        let fill = enabled ? (environment.tint.map { $0.opacity(0.15) } ?? SystemColor.tertiaryFill) : SystemColor.tertiaryFill
        return label.font(font).foregroundColor(foreground)
            .padding(.horizontal, metrics.horizontal).padding(.vertical, metrics.vertical)
            .background(RoundedRectangle(cornerRadius: metrics.cornerRadius).fill(fill))
    case .borderedProminent:
        return label.font(font).foregroundColor(enabled ? .white : SystemColor.disabled)
            .padding(.horizontal, metrics.horizontal).padding(.vertical, metrics.vertical)
            .background(RoundedRectangle(cornerRadius: metrics.cornerRadius).fill(enabled ? tint : SystemColor.tertiaryFill))
    default:
        // Automatic and borderless: the tinted label (a list row's title in a list).
        return label.foregroundColor(foreground)
    }
}

/// A control that opens a URL, as SwiftUI's `Link`: drawn as a borderless button.
nonisolated public struct Link<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    /// Where the link goes.
    public let destination: URL

    /// A link to `destination` that shows `label`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        styledButton(label: label, role: nil, context.environment)
    }
}

extension Link where Label == Text {
    /// A link titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}
