import Foundation

/// An editable line of text, as SwiftUI's `TextField`: its value, or its prompt in the
/// placeholder colour when the value is empty, one line as wide as it is offered (several
/// lines along a vertical axis). `.textFieldStyle(.roundedBorder)` draws UIKit's rounded box.
nonisolated public struct TextField<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let value: String
    let prompt: Text
    let isSecure: Bool
    let isMultiline: Bool

    init(value: String, prompt: Text, isSecure: Bool = false, isMultiline: Bool = false) {
        self.value = value
        self.prompt = prompt
        self.isSecure = isSecure
        self.isMultiline = isMultiline
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        textFieldBody(value: value, prompt: prompt, isSecure: isSecure, isMultiline: isMultiline, context.environment)
    }
}

extension TextField where Label == Text {
    /// A field of `text` with a localized placeholder.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis = .horizontal) {
        self.init(value: text.wrappedValue, prompt: Text(titleKey), isMultiline: axis == .vertical)
    }

    /// A field of `text` with a localized title and a prompt shown when it is empty.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?, axis: Axis = .horizontal) {
        self.init(value: text.wrappedValue, prompt: prompt ?? Text(titleKey), isMultiline: axis == .vertical)
    }

    /// A field of `text` with a placeholder shown as given.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis = .horizontal) {
        self.init(value: text.wrappedValue, prompt: Text(title), isMultiline: axis == .vertical)
    }
}

extension TextField {
    /// A field of `text` with a label view and a prompt.
    public init(text: Binding<String>, prompt: Text? = nil, axis: Axis = .horizontal, @ViewBuilder label: () -> Label) {
        self.init(value: text.wrappedValue, prompt: prompt ?? Text(verbatim: ""), isMultiline: axis == .vertical)
    }
}

/// A field whose value is hidden, as SwiftUI's `SecureField`: a bullet for each character.
nonisolated public struct SecureField<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let value: String
    let prompt: Text

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        textFieldBody(value: value, prompt: prompt, isSecure: true, isMultiline: false, context.environment)
    }
}

extension SecureField where Label == Text {
    /// A secure field of `text` with a localized placeholder.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        value = text.wrappedValue
        prompt = Text(titleKey)
    }

    /// A secure field of `text` with a localized title and a prompt.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {
        value = text.wrappedValue
        self.prompt = prompt ?? Text(titleKey)
    }

    /// A secure field of `text` with a placeholder shown as given.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        value = text.wrappedValue
        prompt = Text(title)
    }
}

/// The field's text (or prompt) in its style.
@MainActor
private func textFieldBody(value: String, prompt: Text, isSecure: Bool, isMultiline: Bool, _ environment: EnvironmentValues) -> any View {
    if case .custom(let makeBody) = environment.textFieldStyle {
        // The style's body around the field, which draws as a plain field inside it.
        let field = TextField<_TextFieldStyleLabel>(value: value, prompt: prompt, isSecure: isSecure, isMultiline: isMultiline)
        return makeBody(field).environment(\.textFieldStyle, .automatic)
    }
    let shown = value.isEmpty ? prompt.foregroundColor(SystemColor.tertiaryLabel)
        : Text(verbatim: isSecure ? String(repeating: "•", count: value.count) : value)
    let line = shown.lineLimit(isMultiline ? nil : 1).frame(maxWidth: .infinity, alignment: .leading)
    guard case .roundedBorder = environment.textFieldStyle else { return line }
    // UITextField's rounded-rect border style: a white box with a thin grey edge.
    return line.padding(.horizontal, 7).padding(.vertical, 6)
        .background(RoundedRectangle(cornerRadius: 5).fill(Color.white))
        .overlay(RoundedRectangle(cornerRadius: 5).strokeBorder(SystemColor.separator, lineWidth: 0.5))
}

/// How text fields draw, from the environment.
enum TextFieldStyleKind {
    case automatic, roundedBorder
    /// A team's own style: its `_body(configuration:)`.
    case custom(@MainActor (TextField<_TextFieldStyleLabel>) -> AnyView)
}

/// A style of text field, as SwiftUI's `TextFieldStyle`: the built-in ones, or a team's own.
///
/// SwiftUI declares no public requirement for a custom style; teams write the underscored one
/// it has, `func _body(configuration: TextField<Self._Label>) -> some View`, decorating the
/// field it is given (`configuration.padding(10).background(…)`), and so it is here.
@MainActor @preconcurrency
public protocol TextFieldStyle {
    /// The view the style makes.
    associatedtype _Body: View
    /// The label type of the field a style is given.
    typealias _Label = _TextFieldStyleLabel
    /// The field drawn in this style.
    @ViewBuilder @MainActor @preconcurrency func _body(configuration: TextField<Self._Label>) -> Self._Body
}

/// The label of the field a ``TextFieldStyle`` is given: not drawn.
nonisolated public struct _TextFieldStyleLabel: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { [] }
}

/// A built-in style: how the field draws.
protocol BuiltInTextFieldStyle {
    var kind: TextFieldStyleKind { get }
}

/// The default: the text alone.
nonisolated public struct DefaultTextFieldStyle: TextFieldStyle, BuiltInTextFieldStyle {
    /// The default style.
    public init() {}
    var kind: TextFieldStyleKind { .automatic }
    /// The field as given.
    @MainActor public func _body(configuration: TextField<_Label>) -> some View { configuration.environment(\.textFieldStyle, kind) }
}

/// The text alone.
nonisolated public struct PlainTextFieldStyle: TextFieldStyle, BuiltInTextFieldStyle {
    /// The plain style.
    public init() {}
    var kind: TextFieldStyleKind { .automatic }
    /// The field as given.
    @MainActor public func _body(configuration: TextField<_Label>) -> some View { configuration.environment(\.textFieldStyle, kind) }
}

/// The text in a rounded box.
nonisolated public struct RoundedBorderTextFieldStyle: TextFieldStyle, BuiltInTextFieldStyle {
    /// The rounded-border style.
    public init() {}
    var kind: TextFieldStyleKind { .roundedBorder }
    /// The field in a rounded box.
    @MainActor public func _body(configuration: TextField<_Label>) -> some View { configuration.environment(\.textFieldStyle, kind) }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    /// The default style.
    public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
    /// The text alone.
    public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    /// The text in a rounded box.
    public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

extension View {
    /// The text fields inside this view drawn in `style`.
    public consuming func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environment(\.textFieldStyle, (style as? BuiltInTextFieldStyle)?.kind ?? .custom { AnyView(style._body(configuration: $0)) })
    }
}

/// A choice among tagged views, as SwiftUI's `Picker`. In a list, the menu style (iOS 16's
/// default there) is a row of the label and the chosen option with an up-down chevron, and
/// the inline style is a row per option, the chosen one checked; elsewhere the menu style is
/// a tinted button of the chosen option.
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let selection: SelectionValue
    let content: Content

    /// A picker of `selection` among `content`'s tagged views, labelled with `label`.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.selection = selection.wrappedValue
        self.content = content()
        self.label = label()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let environment = context.environment
        let chosen = AnyHashable(selection)
        let inline = environment.pickerStyle == .inline || environment.pickerStyle == .wheel
        // The options, each a node with its tag; in the menu style the chosen one shows, grey.
        var optionContext = context.with { $0.isListRow = false }
        if environment.pickerStyle == .segmented {
            // UISegmentedControl's 13-point titles, which don't grow with Dynamic Type.
            optionContext = optionContext.with {
                $0.dynamicTypeSize = .large
                $0.font = .system(size: 13, weight: .medium)
                $0.lineLimit = 1
            }
            optionContext.stackAxis = .horizontal
            let options = try optionContext.resolve(content)
            return try context.resolve(segmentedControl(options, selected: options.first { $0.traits.tag == chosen }))
        }
        if !inline { optionContext = optionContext.with { $0.foregroundColor = $0.foregroundColor ?? (environment.isListRow ? .secondary : environment.resolvedTint) } }
        optionContext.stackAxis = .horizontal
        let options = try optionContext.resolve(content)
        let selected = options.first { $0.traits.tag == chosen }
        if inline {
            return try options.flatMap { option in
                try context.resolve(HStack(spacing: 8) {
                    ResolvedNodes([option]).frame(maxWidth: .infinity, alignment: .leading)
                    if option === selected { Checkmark() }
                })
            }
        }
        let value = ResolvedNodes(selected.map { [$0] } ?? [])
        let chevrons = UpDownChevrons(color: environment.isListRow ? .secondary : environment.resolvedTint)
        if environment.isListRow {
            return try context.resolve(valueRow(label: label, value: value, accessory: chevrons, environment))
        }
        return try context.resolve(HStack(spacing: 6) { value; chevrons })
    }
}

extension Picker where Label == Text {
    /// A picker titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(titleKey) }
    }

    /// A picker titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { Text(title) }
    }
}

extension Picker {
    /// A picker labelled with `label` (the older argument order).
    public init(selection: Binding<SelectionValue>, label: Label, @ViewBuilder content: () -> Content) {
        self.init(selection: selection, content: content) { label }
    }
}

/// The chosen option's mark in an inline picker: `checkmark`, tinted (a placeholder box, as
/// SF Symbols are here).
struct Checkmark: View, ComposedControl {
    typealias Body = Never

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let side = scaled(14, in: context.environment)
        return RoundedRectangle(cornerRadius: 2).fill(context.environment.resolvedTint).frame(width: side, height: side * 0.8)
    }
}

/// A menu picker's `chevron.up.chevron.down` (two small boxes, as SF Symbols are here).
struct UpDownChevrons: View, ComposedControl {
    typealias Body = Never
    let color: Color

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let side = scaled(7, in: context.environment)
        return VStack(spacing: side / 3) {
            RoundedRectangle(cornerRadius: 1).fill(color).frame(width: side * 1.4, height: side * 0.7)
            RoundedRectangle(cornerRadius: 1).fill(color).frame(width: side * 1.4, height: side * 0.7)
        }
    }
}

/// How pickers draw, from the environment.
enum PickerStyleKind {
    case automatic, menu, inline, wheel, navigationLink, segmented
}

/// A style of picker, as SwiftUI's `PickerStyle`: the built-in ones only.
public protocol PickerStyle {
    /// The kind this style draws as.
    var _kind: _PickerStyleKind { get }
}

/// A built-in picker style's kind.
public struct _PickerStyleKind: Sendable {
    let kind: PickerStyleKindName
}

/// The built-in picker styles, by name.
enum PickerStyleKindName: Sendable {
    case automatic, menu, inline, wheel, navigationLink, segmented
}

/// The context's style (a menu on iOS).
nonisolated public struct DefaultPickerStyle: PickerStyle {
    /// The default style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _PickerStyleKind { _PickerStyleKind(kind: .automatic) }
}

/// A menu: the chosen option with an up-down chevron.
nonisolated public struct MenuPickerStyle: PickerStyle {
    /// The menu style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _PickerStyleKind { _PickerStyleKind(kind: .menu) }
}

/// Every option, the chosen one checked.
nonisolated public struct InlinePickerStyle: PickerStyle {
    /// The inline style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _PickerStyleKind { _PickerStyleKind(kind: .inline) }
}

/// A wheel: drawn as the inline style here.
nonisolated public struct WheelPickerStyle: PickerStyle {
    /// The wheel style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _PickerStyleKind { _PickerStyleKind(kind: .wheel) }
}

/// A row that pushes the options: drawn as the menu style's row here.
nonisolated public struct NavigationLinkPickerStyle: PickerStyle {
    /// The navigation-link style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _PickerStyleKind { _PickerStyleKind(kind: .navigationLink) }
}

/// Segments side by side, the chosen one white.
nonisolated public struct SegmentedPickerStyle: PickerStyle {
    /// The segmented style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _PickerStyleKind { _PickerStyleKind(kind: .segmented) }
}

extension PickerStyle where Self == DefaultPickerStyle {
    /// The context's style.
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
    /// A menu.
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
    /// Every option, the chosen one checked.
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
    /// A wheel.
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

extension PickerStyle where Self == NavigationLinkPickerStyle {
    /// A row that pushes the options.
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
    /// Segments side by side.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension View {
    /// The pickers inside this view drawn in `style`.
    public consuming func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        let kind: PickerStyleKind
        switch style._kind.kind {
        case .automatic: kind = .automatic
        case .menu: kind = .menu
        case .inline: kind = .inline
        case .wheel: kind = .wheel
        case .navigationLink: kind = .navigationLink
        case .segmented: kind = .segmented
        }
        return environment(\.pickerStyle, kind)
    }
}
