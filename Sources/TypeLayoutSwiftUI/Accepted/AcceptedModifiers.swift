import Foundation

// Modifiers that real apps' view files use often (issue 27's corpus tally) and that change
// nothing this module draws or lays out: each is accepted so that such a file builds with only
// its import changed, and returns the view as it was.

extension View {
    /// A shadow behind the view: accepted, not drawn (SwiftUI's shadow doesn't change the layout either).
    public consuming func shadow(color: Color = Color(red: 0, green: 0, blue: 0, opacity: 0.33), radius: CGFloat,
                                 x: CGFloat = 0, y: CGFloat = 0) -> some View { self }

    /// An action on a tap: accepted (nothing is tapped here).
    public consuming func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }

    /// An action on a long press: accepted (nothing is pressed here).
    public consuming func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> some View { self }

    /// An action when the view appears: accepted, not run (nothing appears over time here).
    public consuming func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// An action when the view disappears: accepted, not run.
    public consuming func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    /// Work started when the view appears: accepted, not run.
    public consuming func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View { self }

    /// An action when `value` changes, with its old and new values: accepted, not run.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View { self }

    /// An action when `value` changes: accepted, not run.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { self }

    /// An animation of changes to `value`: accepted (nothing animates here).
    public consuming func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }

    /// The shape that takes taps: accepted (hit testing is not modelled).
    public consuming func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }

    /// The view's VoiceOver label: accepted (the layout has no accessibility tree).
    public consuming func accessibilityLabel(_ label: Text) -> some View { self }

    /// The view's VoiceOver label, looked up as a localized key: accepted.
    public consuming func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { self }

    /// The view's VoiceOver label, shown as given: accepted.
    @_disfavoredOverload
    public consuming func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { self }

    /// The view's VoiceOver hint: accepted.
    public consuming func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View { self }

    /// The view's VoiceOver value: accepted.
    public consuming func accessibilityValue(_ valueKey: LocalizedStringKey) -> some View { self }

    /// Hides the view from VoiceOver: accepted.
    public consuming func accessibilityHidden(_ hidden: Bool) -> some View { self }

    /// Makes the view one VoiceOver element: accepted.
    public consuming func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }

    /// Adds VoiceOver traits: accepted.
    public consuming func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }

    /// How SF Symbols in the view are coloured: accepted (symbols are placeholder boxes here).
    public consuming func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }

    /// The variant of the SF Symbols in the view (`.fill`, `.circle`): accepted, the placeholder is the same.
    public consuming func symbolVariant(_ variant: SymbolVariants) -> some View { self }

    /// Digits of equal width: accepted; the width of digits is the font's own.
    public consuming func monospacedDigit() -> some View { self }

    /// The font design (`.rounded`, `.serif`): accepted; text keeps the system face.
    public consuming func fontDesign(_ design: Font.Design?) -> some View { self }

    /// How a text field capitalizes: accepted (nothing is typed here).
    public consuming func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }

    /// Turns autocorrection off: accepted (nothing is typed here).
    public consuming func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }

    /// The view extends into the safe area on `edges`: SwiftUI's older name for `.ignoresSafeArea(edges:)`.
    public consuming func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { ignoresSafeArea(.all, edges: edges) }

    /// The accent colour of controls in the view: SwiftUI's older name for `.tint(_:)`.
    public consuming func accentColor(_ accentColor: Color?) -> some View { tint(accentColor) }

    /// The colour scheme a preview or presentation prefers: accepted; views are drawn in the light appearance.
    public consuming func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }

    /// The view on `shape` filled with `style`: `.background { shape.fill(style) }`.
    public consuming func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background { shape.fill(style, style: fillStyle) }
    }
}

extension Text {
    /// Digits of equal width: accepted; a `Text` stays a `Text` so that it still concatenates.
    public func monospacedDigit() -> Text { self }
}

/// Runs `body`; in SwiftUI its changes animate, here they are simply made.
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// An animation, as SwiftUI's `Animation`: accepted by `.animation(_:value:)` and `withAnimation`.
nonisolated public struct Animation: Hashable, Sendable {
    let name: String
    let duration: Double

    /// The default animation.
    public static let `default` = Animation(name: "default", duration: 0.35)
    /// A spring that settles without bouncing much.
    public static let smooth = Animation(name: "smooth", duration: 0.5)
    /// A quick spring.
    public static let snappy = Animation(name: "snappy", duration: 0.5)
    /// A spring that bounces.
    public static let bouncy = Animation(name: "bouncy", duration: 0.5)
    /// Ease in and out over 0.35 seconds.
    public static let easeInOut = Animation(name: "easeInOut", duration: 0.35)
    /// Ease in over 0.35 seconds.
    public static let easeIn = Animation(name: "easeIn", duration: 0.35)
    /// Ease out over 0.35 seconds.
    public static let easeOut = Animation(name: "easeOut", duration: 0.35)
    /// A constant speed over 0.35 seconds.
    public static let linear = Animation(name: "linear", duration: 0.35)

    /// Ease in and out over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation(name: "easeInOut", duration: duration) }
    /// A constant speed over `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(name: "linear", duration: duration) }
    /// A spring.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring", duration: response)
    }
}

/// How a view's children become VoiceOver elements.
nonisolated public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String
    /// The children are hidden; the view is one element.
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    /// The children's labels are combined into one element.
    public static let combine = AccessibilityChildBehavior(name: "combine")
    /// The children stay elements inside a container.
    public static let contain = AccessibilityChildBehavior(name: "contain")
}

/// VoiceOver traits, as SwiftUI's `AccessibilityTraits`.
nonisolated public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    /// The traits' bits.
    public let rawValue: Int
    /// Traits from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A button.
    public static let isButton = AccessibilityTraits(rawValue: 1)
    /// A header.
    public static let isHeader = AccessibilityTraits(rawValue: 2)
    /// Selected.
    public static let isSelected = AccessibilityTraits(rawValue: 4)
    /// An image.
    public static let isImage = AccessibilityTraits(rawValue: 8)
    /// Static text.
    public static let isStaticText = AccessibilityTraits(rawValue: 16)
}

/// How SF Symbols are coloured, as SwiftUI's `SymbolRenderingMode`.
nonisolated public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    /// One colour.
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    /// One colour at several opacities.
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    /// Colours given by the foreground styles.
    public static let palette = SymbolRenderingMode(name: "palette")
    /// The symbol's own colours.
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
}

/// A variant of an SF Symbol, as SwiftUI's `SymbolVariants`.
nonisolated public struct SymbolVariants: Hashable, Sendable {
    let name: String
    /// No variant.
    public static let none = SymbolVariants(name: "none")
    /// The filled symbol.
    public static let fill = SymbolVariants(name: "fill")
    /// The symbol in a circle.
    public static let circle = SymbolVariants(name: "circle")
    /// The symbol in a square.
    public static let square = SymbolVariants(name: "square")
    /// The symbol struck through.
    public static let slash = SymbolVariants(name: "slash")
}

/// How a text field capitalizes, as SwiftUI's `TextInputAutocapitalization`.
nonisolated public struct TextInputAutocapitalization: Hashable, Sendable {
    let name: String
    /// No capitals.
    public static let never = TextInputAutocapitalization(name: "never")
    /// Each word's first letter.
    public static let words = TextInputAutocapitalization(name: "words")
    /// Each sentence's first letter.
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    /// Every letter.
    public static let characters = TextInputAutocapitalization(name: "characters")
}

// The shapes by their short names, as SwiftUI's `.clipShape(.circle)` and `in: .rect(cornerRadius:)` write them.

extension Shape where Self == Circle {
    /// A circle.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    /// A capsule.
    public static var capsule: Capsule { Capsule() }
}

extension Shape where Self == Rectangle {
    /// A rectangle.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rectangle with rounded corners.
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

// The baseline combinations SwiftUI also names (a Grid's or ZStack's `alignment:`).
extension Alignment {
    /// Leading, on the first text baseline.
    public static let leadingFirstTextBaseline = Alignment(horizontal: .leading, vertical: .firstTextBaseline)
    /// Centred, on the first text baseline.
    public static let centerFirstTextBaseline = Alignment(horizontal: .center, vertical: .firstTextBaseline)
    /// Trailing, on the first text baseline.
    public static let trailingFirstTextBaseline = Alignment(horizontal: .trailing, vertical: .firstTextBaseline)
    /// Leading, on the last text baseline.
    public static let leadingLastTextBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
    /// Centred, on the last text baseline.
    public static let centerLastTextBaseline = Alignment(horizontal: .center, vertical: .lastTextBaseline)
    /// Trailing, on the last text baseline.
    public static let trailingLastTextBaseline = Alignment(horizontal: .trailing, vertical: .lastTextBaseline)
}
