import Foundation

/// A control that is on or off, as SwiftUI's `Toggle`: on iOS a switch of 51 × 31 points at
/// the trailing end, its label taking the rest of the width and wrapping.
nonisolated public struct Toggle<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let isOn: Bool

    /// A toggle bound to `isOn` that shows `label`.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn.wrappedValue
        self.label = label()
    }

    /// UISwitch's size, which does not change with Dynamic Type (UIKit's `intrinsicContentSize`).
    static var switchSize: CGSize { CGSize(width: 51, height: 31) }

    /// The switch style's nodes made directly: `composed(_:)`'s views for it are fixed but for
    /// the label, and resolving them was most of a toggle row's cost at each category
    /// (`ListChromeTests` checks the frames against the composed views').
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let environment = context.environment
        guard environment.toggleStyle == .switch else { return try context.resolve(composed(context)) }
        let track = isOn ? environment.tint ?? .green : SystemColor.switchOff
        let knob = FixedFrameNode(ShapeNode(kind: .circle, fill: .white, stroke: nil), width: 27, height: 27, alignment: .center)
        let layers = [ShapeNode(kind: .capsule, fill: environment.isEnabled ? track : track.opacity(0.5), stroke: nil),
                      PaddingNode(knob, insets: EdgeInsets(.all, 2))]
        let control = FixedFrameNode(OverlayNode(alignment: isOn ? .trailing : .leading, children: layers),
                                     width: Self.switchSize.width, height: Self.switchSize.height, alignment: .center)
        if environment.labelsHidden { return [control] }
        let labelContext = context.with { $0.foregroundColor = environment.isEnabled ? environment.foregroundColor : SystemColor.disabled }
        return try controlRow(label, accessory: control, labelContext)
    }

    /// The toggle as this module's views (what ``makeNodes(_:)`` makes for the switch style).
    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        switch environment.toggleStyle {
        case .button:
            // A button that shows whether it is on by its fill.
            let style: ButtonStyleKind = isOn ? .borderedProminent : .bordered
            return label.environment(\.buttonStyle, style).modifier(_ButtonWrap())
        case .switch:
            let track = isOn ? environment.tint ?? .green : SystemColor.switchOff
            let knob = Circle().fill(Color.white).frame(width: 27, height: 27)
            let control = ZStack(alignment: isOn ? .trailing : .leading) {
                Capsule().fill(environment.isEnabled ? track : track.opacity(0.5))
                knob.padding(2)
            }
            .frame(width: Self.switchSize.width, height: Self.switchSize.height)
            if environment.labelsHidden { return control }
            return HStack(spacing: 8) {
                label.frame(maxWidth: .infinity, alignment: .leading)
                    .foregroundColor(environment.isEnabled ? environment.foregroundColor : SystemColor.disabled)
                control
            }
        }
    }
}

/// Wraps a label in a button whose style the environment gives.
struct _ButtonWrap: ViewModifier {
    func body(content: Content) -> some View {
        Button(action: {}) { content }
    }
}

extension Toggle where Label == Text {
    /// A toggle titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A toggle titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// How toggles draw, from the environment.
enum ToggleStyleKind {
    case `switch`, button
}

/// A style of toggle, as SwiftUI's `ToggleStyle`: the built-in ones only.
public protocol ToggleStyle {}

/// The default style: a switch on iOS.
nonisolated public struct DefaultToggleStyle: ToggleStyle {
    /// The default style.
    public init() {}
}

/// A switch.
nonisolated public struct SwitchToggleStyle: ToggleStyle {
    /// The switch style.
    public init() {}
}

/// A bordered button, filled when on.
nonisolated public struct ButtonToggleStyle: ToggleStyle {
    /// The button style.
    public init() {}
}

extension ToggleStyle where Self == DefaultToggleStyle {
    /// The default style: a switch.
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}

extension ToggleStyle where Self == SwitchToggleStyle {
    /// A switch.
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}

extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button, filled when on.
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}

extension View {
    /// The toggles inside this view drawn in `style`.
    public consuming func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        environment(\.toggleStyle, style is ButtonToggleStyle ? .button : .switch)
    }
}
