import Foundation
import TypeLayout
import TypeLayoutScreens

/// What containers read from the views in them: SwiftUI keeps these as view traits and
/// preferences (a picker's tags, a list row's settings, a navigation title). They travel on
/// the layout node, and a modifier's node keeps its view's.
struct ViewTraits {
    /// The traits, in one shared box (`nil` while none is set): a modifier's node copies its
    /// view's traits, and a copy of one reference is one retain where the fields were a dozen.
    private var storage: Storage?

    /// Every trait.
    private struct Fields {
        var tag: AnyHashable?
        var listRowInsets: EdgeInsets?
        var listRowBackground: (any View)?
        var hidesSeparatorBelow: Bool = false
        var hidesSeparatorAbove: Bool = false
        var badge: Text?
        var navigationTitle: Text?
        var titleDisplayMode: NavigationBarItem.TitleDisplayMode?
        var toolbarItems: [any View] = []
        var toolbarPlacement: ToolbarItemPlacement?
        var hidesNavigationBar: Bool = false
        var tabItem: (any View)?
        var searchPrompt: Text?
        var containerBackground: Color?
        var section: ListSection?
    }

    /// The box; never changed once made, so a write makes a new one.
    private final class Storage {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// The traits set so far, each of the others at its default.
    private var fields: Fields { storage?.fields ?? Fields() }

    /// Changes one trait in a new box.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var changed = fields
        change(&changed)
        storage = Storage(changed)
    }

    /// `.tag(_:)`, or the id a `ForEach` gave the view.
    var tag: AnyHashable? {
        get { fields.tag }
        set { update { $0.tag = newValue } }
    }
    /// `.listRowInsets(_:)`.
    var listRowInsets: EdgeInsets? {
        get { fields.listRowInsets }
        set { update { $0.listRowInsets = newValue } }
    }
    /// `.listRowBackground(_:)`.
    var listRowBackground: (any View)? {
        get { fields.listRowBackground }
        set { update { $0.listRowBackground = newValue } }
    }
    /// `.listRowSeparator(_:edges:)`: hidden below the row.
    var hidesSeparatorBelow: Bool {
        get { fields.hidesSeparatorBelow }
        set { update { $0.hidesSeparatorBelow = newValue } }
    }
    /// `.listRowSeparator(.hidden, edges: .top)`: hidden above the row.
    var hidesSeparatorAbove: Bool {
        get { fields.hidesSeparatorAbove }
        set { update { $0.hidesSeparatorAbove = newValue } }
    }
    /// `.badge(_:)`.
    var badge: Text? {
        get { fields.badge }
        set { update { $0.badge = newValue } }
    }
    /// `.navigationTitle(_:)`.
    var navigationTitle: Text? {
        get { fields.navigationTitle }
        set { update { $0.navigationTitle = newValue } }
    }
    /// `.navigationBarTitleDisplayMode(_:)`.
    var titleDisplayMode: NavigationBarItem.TitleDisplayMode? {
        get { fields.titleDisplayMode }
        set { update { $0.titleDisplayMode = newValue } }
    }
    /// `.toolbar { … }`: the views of the bar's items.
    var toolbarItems: [any View] {
        get { fields.toolbarItems }
        set { update { $0.toolbarItems = newValue } }
    }
    /// A `ToolbarItem`'s placement.
    var toolbarPlacement: ToolbarItemPlacement? {
        get { fields.toolbarPlacement }
        set { update { $0.toolbarPlacement = newValue } }
    }
    /// `.toolbar(.hidden, for: .navigationBar)` or `.navigationBarHidden(true)`.
    var hidesNavigationBar: Bool {
        get { fields.hidesNavigationBar }
        set { update { $0.hidesNavigationBar = newValue } }
    }
    /// `.tabItem { … }`.
    var tabItem: (any View)? {
        get { fields.tabItem }
        set { update { $0.tabItem = newValue } }
    }
    /// `.searchable(text:prompt:)`: the field's prompt.
    var searchPrompt: Text? {
        get { fields.searchPrompt }
        set { update { $0.searchPrompt = newValue } }
    }
    /// The colour a list paints behind itself, which a navigation bar above it shows too.
    var containerBackground: Color? {
        get { fields.containerBackground }
        set { update { $0.containerBackground = newValue } }
    }
    /// A `Section`'s parts, for the list it is in.
    var section: ListSection? {
        get { fields.section }
        set { update { $0.section = newValue } }
    }
}

/// Views already resolved into nodes, put back into a view tree so that a control can be
/// composed of its label's nodes and of ordinary views.
struct ResolvedNodes: View, PrimitiveView {
    typealias Body = Never
    let nodes: [LayoutNode]

    init(_ nodes: [LayoutNode]) { self.nodes = nodes }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { nodes }
}

/// `node.frame(maxWidth: .infinity, alignment: alignment)`'s node, made directly by a control
/// whose parts are fixed (resolving the generic modifier costs more than the node).
@MainActor
func fillingWidth(_ node: LayoutNode, alignment: Alignment) -> LayoutNode {
    FlexibleFrameNode(node, horizontal: FlexibleFrameNode.Bounds(maximum: .infinity), vertical: FlexibleFrameNode.Bounds(),
                      alignment: alignment)
}

/// Each of `nodes` filling the width (`fillingWidth(_:alignment:)`), by a loop: a main-actor
/// closure passed to `map` checks its executor at each call.
@MainActor
func fillingWidth(_ nodes: [LayoutNode], alignment: Alignment) -> [LayoutNode] {
    var framed: [LayoutNode] = []
    framed.reserveCapacity(nodes.count + 1)
    for node in nodes { framed.append(fillingWidth(node, alignment: alignment)) }
    return framed
}

/// `label` resolved as the children of a row, each filling the row's width at its leading edge:
/// how a toggle, a link and a value cell begin their rows (`label.frame(maxWidth: .infinity,
/// alignment: .leading)` in an `HStack`).
@MainActor
func leadingRowLabel<Label: View>(_ label: Label, _ context: ResolveContext) throws -> [LayoutNode] {
    fillingWidth(try context.inStack(.horizontal).resolve(label), alignment: .leading)
}

/// A control's row: `label` filling the width (``leadingRowLabel(_:_:)``), then `accessory`,
/// centred on each other 8 points apart: a switch's or a link's row, as their composed views
/// (`HStack(spacing: 8)`) make it.
@MainActor
func controlRow<Label: View>(_ label: Label, accessory: LayoutNode, _ context: ResolveContext) throws -> [LayoutNode] {
    var items = try leadingRowLabel(label, context)
    items.append(accessory)
    return [StackNode(axis: .horizontal, alignment: VerticalAlignment.center.key, spacing: 8, children: items)]
}

/// A control drawn as a composition of this module's views, chosen from its environment
/// (style, size, tint) when it resolves.
protocol ComposedControl: PrimitiveView {
    @MainActor func composed(_ context: ResolveContext) throws -> any View
}

extension ComposedControl {
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try context.resolve(composed(context))
    }
}

/// iOS's light-appearance colours that controls and lists are drawn in.
enum SystemColor {
    /// `systemGroupedBackground`.
    static let groupedBackground = Color(red: 242 / 255, green: 242 / 255, blue: 247 / 255)
    /// `tertiarySystemFill` over white: bordered buttons, the stepper, the search field.
    static let tertiaryFill = Color(red: 238 / 255, green: 238 / 255, blue: 239 / 255)
    /// A switch that is off: `systemFill` over white.
    static let switchOff = Color(red: 233 / 255, green: 233 / 255, blue: 235 / 255)
    /// A progress bar's track.
    static let track = Color(red: 227 / 255, green: 227 / 255, blue: 229 / 255)
    /// `tertiaryLabel` over white: chevrons, placeholders.
    static let tertiaryLabel = Color(red: 196 / 255, green: 196 / 255, blue: 199 / 255)
    /// `secondaryLabel` over the grouped background: headers and footers.
    static let groupedSecondary = Color(red: 109 / 255, green: 109 / 255, blue: 114 / 255)
    /// A disabled control's text.
    static let disabled = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.3)
    /// `separator` over white.
    static let separator = Color(red: 198 / 255, green: 198 / 255, blue: 200 / 255)
    /// The bars' chrome (a tab bar's background).
    static let barBackground = Color(red: 249 / 255, green: 249 / 255, blue: 249 / 255)
    /// A tab bar item that is not selected.
    static let unselectedTab = Color(red: 153 / 255, green: 153 / 255, blue: 153 / 255)
}

/// The size of a control, as SwiftUI's `ControlSize`.
public enum ControlSize: CaseIterable, Hashable, Sendable {
    /// The smallest.
    case mini
    /// Smaller than regular.
    case small
    /// The default.
    case regular
    /// Larger than regular.
    case large
    /// The largest.
    case extraLarge
}

/// What a button does, which colours it, as SwiftUI's `ButtonRole`.
public struct ButtonRole: Equatable, Sendable {
    let name: String
    /// Deletes or removes data: drawn in red.
    public static let destructive = ButtonRole(name: "destructive")
    /// Cancels: drawn as a plain button.
    public static let cancel = ButtonRole(name: "cancel")
}

/// Whether a piece of chrome shows, as SwiftUI's `Visibility`.
public enum Visibility: CaseIterable, Hashable, Sendable {
    /// The container decides.
    case automatic
    /// Shown.
    case visible
    /// Hidden.
    case hidden
}

/// The top or bottom edge.
public enum VerticalEdge: Int8, CaseIterable, Hashable, Sendable {
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom

    /// A set of vertical edges.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: Int8
        /// A set from its bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// The top edge.
        public static let top = Set(rawValue: 1)
        /// The bottom edge.
        public static let bottom = Set(rawValue: 2)
        /// Both.
        public static let all: Set = [.top, .bottom]
    }
}

/// The leading or trailing edge.
public enum HorizontalEdge: Int8, CaseIterable, Hashable, Sendable {
    /// The leading edge.
    case leading
    /// The trailing edge.
    case trailing
}

/// How prominent a section header is, as SwiftUI's `Prominence`.
public enum Prominence: Hashable, Sendable {
    /// The style's own.
    case standard
    /// Larger and bolder.
    case increased
}

extension Text {
    /// A case text is shown in, as SwiftUI's `Text.Case`.
    public enum Case: Hashable, Sendable {
        /// Capitals.
        case uppercase
        /// Small letters.
        case lowercase

        func applied(to string: String, locale: Locale) -> String {
            self == .uppercase ? string.uppercased(with: locale) : string.lowercased(with: locale)
        }
    }
}

// The environment values of controls, kept under keys of this file so that the shared
// `EnvironmentValues` declaration stays as it is.
private struct ControlSizeKey: EnvironmentKey { static var defaultValue: ControlSize { .regular } }
private struct IsEnabledKey: EnvironmentKey { static var defaultValue: Bool { true } }
private struct TintKey: EnvironmentKey { static var defaultValue: Color? { nil } }
private struct LabelsHiddenKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct TextCaseKey: EnvironmentKey { static var defaultValue: Text.Case? { nil } }
private struct ButtonStyleKey: EnvironmentKey { static var defaultValue: ButtonStyleKind { .automatic } }
private struct ToggleStyleKey: EnvironmentKey { static var defaultValue: ToggleStyleKind { .switch } }
private struct LabelStyleKey: EnvironmentKey { static var defaultValue: LabelStyleKind { .automatic } }
private struct PickerStyleKey: EnvironmentKey { static var defaultValue: PickerStyleKind { .automatic } }
private struct TextFieldStyleKey: EnvironmentKey { static var defaultValue: TextFieldStyleKind { .automatic } }
private struct ListStyleKey: EnvironmentKey { static var defaultValue: ListStyleKind { .insetGrouped } }
private struct ListRowKey: EnvironmentKey { static var defaultValue: Bool { false } }
private struct HeaderProminenceKey: EnvironmentKey { static var defaultValue: Prominence { .standard } }
private struct ScrollBackgroundKey: EnvironmentKey { static var defaultValue: Visibility { .automatic } }

extension EnvironmentValues {
    /// The size controls are drawn at.
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }

    /// Whether controls take input; `.disabled(true)` turns it off for everything inside.
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    /// The case of text in this environment (section headers are upper case); `nil` as written.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }

    /// The prominence of section headers.
    public var headerProminence: Prominence {
        get { self[HeaderProminenceKey.self] }
        set { self[HeaderProminenceKey.self] = newValue }
    }

    /// `.tint(_:)`; `nil` is the accent colour.
    var tint: Color? {
        get { self[TintKey.self] }
        set { self[TintKey.self] = newValue }
    }

    /// `.labelsHidden()`.
    var labelsHidden: Bool {
        get { self[LabelsHiddenKey.self] }
        set { self[LabelsHiddenKey.self] = newValue }
    }

    var buttonStyle: ButtonStyleKind {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }

    var toggleStyle: ToggleStyleKind {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }

    var labelStyle: LabelStyleKind {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }

    var pickerStyle: PickerStyleKind {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }

    var textFieldStyle: TextFieldStyleKind {
        get { self[TextFieldStyleKey.self] }
        set { self[TextFieldStyleKey.self] = newValue }
    }

    var listStyle: ListStyleKind {
        get { self[ListStyleKey.self] }
        set { self[ListStyleKey.self] = newValue }
    }

    /// Whether the views are a list's rows (a button or link then draws as a row).
    var isListRow: Bool {
        get { self[ListRowKey.self] }
        set { self[ListRowKey.self] = newValue }
    }

    /// `.scrollContentBackground(_:)`.
    var scrollContentBackground: Visibility {
        get { self[ScrollBackgroundKey.self] }
        set { self[ScrollBackgroundKey.self] = newValue }
    }

    /// The colour controls are tinted with.
    var resolvedTint: Color { tint ?? .accentColor }
}

extension View {
    /// The controls inside this view tinted with `tint` (`nil`: the accent colour).
    public consuming func tint(_ tint: Color?) -> some View { environment(\.tint, tint) }

    /// The controls inside this view tinted with `tint`.
    @_disfavoredOverload
    public consuming func tint<S: ShapeStyle>(_ tint: S?) -> some View { environment(\.tint, tint?.resolvedColor) }

    /// The controls inside this view at `controlSize`.
    public consuming func controlSize(_ controlSize: ControlSize) -> some View { environment(\.controlSize, controlSize) }

    /// The controls inside this view disabled (drawn dimmed) when `disabled` is true.
    public consuming func disabled(_ disabled: Bool) -> some View {
        modifier(_ControlEnvironmentModifier { if disabled { $0.isEnabled = false } })
    }

    /// The labels of the controls inside this view hidden (a toggle shows only its switch).
    public consuming func labelsHidden() -> some View { environment(\.labelsHidden, true) }

    /// The text inside this view in `textCase` (`nil`: as written).
    public consuming func textCase(_ textCase: Text.Case?) -> some View { environment(\.textCase, textCase) }

    /// The section headers inside this view at `prominence`.
    public consuming func headerProminence(_ prominence: Prominence) -> some View { environment(\.headerProminence, prominence) }

    /// This view tagged with `tag`, which a `Picker` or `TabView` matches against its selection.
    public consuming func tag<V: Hashable>(_ tag: V) -> some View {
        modifier(_TraitModifier { $0.tag = AnyHashable(tag) })
    }

    /// A count shown at the end of this list row (or on this tab's item); 0 shows none.
    public consuming func badge(_ count: Int) -> some View {
        modifier(_TraitModifier { $0.badge = count == 0 ? nil : Text(verbatim: String(count)) })
    }

    /// A text shown at the end of this list row (or on this tab's item).
    public consuming func badge(_ label: Text?) -> some View {
        modifier(_TraitModifier { $0.badge = label })
    }

    /// A localized text shown at the end of this list row.
    public consuming func badge(_ key: LocalizedStringKey) -> some View { badge(Text(key)) }
}

/// A modifier that changes the environment by a closure (for changes that depend on the value
/// already there, such as `.disabled`, which never re-enables).
nonisolated public struct _ControlEnvironmentModifier: ViewModifier, EnvironmentModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    let change: @MainActor (inout EnvironmentValues) -> Void

    @MainActor func modify(_ environment: inout EnvironmentValues) { change(&environment) }
}

/// A modifier that sets a trait on each node of its content.
nonisolated public struct _TraitModifier: ViewModifier, NodeWrappingModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    let change: @MainActor (inout ViewTraits) -> Void

    @MainActor func wrap(_ node: LayoutNode, _ context: ResolveContext) throws -> LayoutNode {
        change(&node.traits)
        return node
    }
}

/// `value` points at the large size, scaled as `style` scales at the environment's size (as
/// `@ScaledMetric` does), for controls whose metrics grow with the text.
@MainActor
func scaled(_ value: CGFloat, relativeTo style: Font.TextStyle = .body, in environment: EnvironmentValues) -> CGFloat {
    // No closure: a main-actor closure passed to the standard library checks its executor.
    guard let scaled = scaledMetricValue(Double(value), relativeTo: style.typeLayoutStyle, in: environment) else { return value }
    return CGFloat(scaled)
}

/// The screen and its safe area, as the hosting screen lays the view out.
struct ScreenSafeArea {
    var screen: CGRect
    var insets: EdgeInsets

    /// The safe area's rectangle on the screen.
    var frame: CGRect {
        CGRect(x: screen.minX + insets.leading, y: screen.minY + insets.top,
               width: max(0, screen.width - insets.leading - insets.trailing),
               height: max(0, screen.height - insets.top - insets.bottom))
    }
}

private struct ScreenSafeAreaKey: EnvironmentKey { static var defaultValue: ScreenSafeArea? { nil } }

extension EnvironmentValues {
    /// The screen's safe area (set by `HostingScreen`).
    var screenSafeArea: ScreenSafeArea? {
        get { self[ScreenSafeAreaKey.self] }
        set { self[ScreenSafeAreaKey.self] = newValue }
    }
}

/// A colour filling its frame that extends into the safe area where the frame reaches it, as
/// SwiftUI's `.background(_:ignoresSafeAreaEdges: .all)` does for bars and lists: a grouped
/// list's grey goes up under the status bar, a tab bar's chrome down under the home indicator.
struct SafeAreaFill: View, PrimitiveView {
    typealias Body = Never
    let color: Color

    init(_ color: Color) { self.color = color }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [SafeAreaFillNode(color: color, safeArea: context.environment.screenSafeArea)]
    }
}

final class SafeAreaFillNode: LayoutNode {
    let color: Color
    let safeArea: ScreenSafeArea?

    init(color: Color, safeArea: ScreenSafeArea?) {
        self.color = color
        self.safeArea = safeArea
        super.init()
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    override var drawnFrame: CGRect {
        guard let safeArea else { return frame }
        let inner = safeArea.frame, screen = safeArea.screen
        func touches(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) < 0.5 }
        let minX = touches(frame.minX, inner.minX) ? screen.minX : frame.minX
        let maxX = touches(frame.maxX, inner.maxX) ? screen.maxX : frame.maxX
        let minY = touches(frame.minY, inner.minY) ? screen.minY : frame.minY
        let maxY = touches(frame.maxY, inner.maxY) ? screen.maxY : frame.maxY
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    override var mayPaint: Bool { true }

    override func paint(_ style: inout BoxStyle) { style.backgroundColor = color.rgba }
}
