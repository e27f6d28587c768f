import Foundation

/// A picker's options as iOS's segmented control: 32 points tall at every size (UISegmentedControl
/// keeps its size), the options sharing the width, the chosen one on a white rounded segment.
@MainActor
func segmentedControl(_ options: [LayoutNode], selected: LayoutNode?) -> some View {
    HStack(spacing: 0) {
        ForEach(options.indices, id: \.self) { index in
            ResolvedNodes([options[index]])
                .frame(maxWidth: .infinity)
                .frame(height: 28)
                .background(RoundedRectangle(cornerRadius: 7).fill(options[index] === selected ? Color.white : Color.clear))
        }
    }
    .padding(2)
    .background(RoundedRectangle(cornerRadius: 9).fill(SystemColor.tertiaryFill))
}

/// A tab of a `TabView`, as iOS 18's `Tab`: its content, with the tab item and tag it stands for.
nonisolated public struct Tab<Value: Hashable, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let title: Text
    let systemImage: String
    let value: Value?
    let content: Content

    /// A tab titled with a localized string key and a symbol, chosen when the selection is `value`.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        title = Text(titleKey)
        self.systemImage = systemImage
        self.value = value
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let nodes = try context.resolve(content)
        // A tab is one page: several views in it stack as in a `VStack`.
        let page = nodes.count == 1 ? nodes[0] : StackNode(axis: .vertical, alignment: HorizontalAlignment.center.key, spacing: nil, children: nodes)
        let title = self.title, systemImage = self.systemImage
        page.traits.tabItem = Label(title: { title }, icon: { Image(systemName: systemImage) })
        if let value { page.traits.tag = AnyHashable(value) }
        return [page]
    }
}

extension Tab where Value == Never {
    /// A tab titled with a localized string key and a symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        title = Text(titleKey)
        self.systemImage = systemImage
        value = nil
        self.content = content()
    }
}

/// A label that shows or hides its content, as SwiftUI's `DisclosureGroup`: the label with a
/// tinted chevron, then (expanded) the content, each view a row of its own in a list.
nonisolated public struct DisclosureGroup<Label: View, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let content: Content
    let isExpanded: Bool

    /// A group of `content` under `label`, expanded when `isExpanded` is true (collapsed without one).
    public init(isExpanded: Binding<Bool>? = nil, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        self.isExpanded = isExpanded?.wrappedValue ?? false
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let chevron = DisclosureChevron().foregroundColor(context.environment.resolvedTint)
        var nodes = try context.resolve(HStack(spacing: 8) {
            label.frame(maxWidth: .infinity, alignment: .leading)
            chevron
        })
        if isExpanded { nodes += try context.resolve(content) }
        return nodes
    }
}

extension DisclosureGroup where Label == Text {
    /// A group of `content` under a localized title.
    public init(_ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>? = nil, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(titleKey) }
    }
}

/// A button that opens a menu, as SwiftUI's `Menu`: its label drawn as a button; the menu's
/// items are not shown.
nonisolated public struct Menu<Label: View, Content: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label

    /// A menu of `content` opened by `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        styledButton(label: label, role: nil, context.environment)
    }
}

extension Menu where Label == Text {
    /// A menu titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }
}

/// A tab item's badge: a red capsule of white 13-point text at the icon's top trailing corner.
@MainActor
func tabBadge(_ badge: Text) -> some View {
    badge.font(.system(size: 13)).foregroundColor(.white).lineLimit(1)
        .padding(.horizontal, 6)
        .frame(minWidth: 18, minHeight: 18)
        .background(Capsule().fill(Color.red))
        .offset(x: 16, y: -2)
}

/// The parts of a date a `DatePicker` shows, as SwiftUI's `DatePickerComponents`.
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt
    /// A set from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The day, month and year.
    public static let date = DatePickerComponents(rawValue: 1)
    /// The hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A date, as SwiftUI's `DatePicker` draws it in its compact style on iOS: the label, then the
/// date and the time each in a grey rounded box at the trailing end (a row in a list; the
/// boxes go under the label at the accessibility sizes). Dates are written in the
/// environment's locale, in UTC so that a picture doesn't depend on the machine's zone.
nonisolated public struct DatePicker<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let date: Date
    let components: DatePickerComponents

    /// A picker of `selection` showing `displayedComponents`, labelled with `label`.
    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute],
                @ViewBuilder label: () -> Label) {
        self.label = label()
        date = selection.wrappedValue
        components = displayedComponents
    }

    /// A picker of `selection` within `range`.
    public init(selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute],
                @ViewBuilder label: () -> Label) {
        self.init(selection: selection, displayedComponents: displayedComponents, label: label)
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        func formatted(date dateStyle: DateFormatter.Style, time timeStyle: DateFormatter.Style) -> String {
            let formatter = DateFormatter()
            formatter.locale = environment.locale
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateStyle = dateStyle
            formatter.timeStyle = timeStyle
            return formatter.string(from: date)
        }
        var boxes: [String] = []
        if components.contains(.date) { boxes.append(formatted(date: .medium, time: .none)) }
        if components.contains(.hourAndMinute) { boxes.append(formatted(date: .none, time: .short)) }
        let value = HStack(spacing: 6) {
            ForEach(boxes, id: \.self) { text in
                Text(verbatim: text).lineLimit(1)
                    .padding(.horizontal, 11).padding(.vertical, 6)
                    .background(RoundedRectangle(cornerRadius: 6).fill(SystemColor.tertiaryFill))
            }
        }
        return valueRow(label: label, value: value, environment)
    }
}

extension DatePicker where Label == Text {
    /// A picker of `selection` titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>,
                displayedComponents: DatePickerComponents = [.date, .hourAndMinute]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }
}

/// A value in a range, as SwiftUI's `Gauge` in its default iOS style: drawn as a progress bar
/// with its label over it.
nonisolated public struct Gauge<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let fraction: CGFloat

    /// A gauge of `value` within `bounds`, labelled with `label`.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.label = label()
        let span = bounds.upperBound - bounds.lowerBound
        fraction = span > 0 && value.isFinite ? CGFloat(min(1, max(0, (value - bounds.lowerBound) / span))) : 0
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        ProgressView<Label, EmptyView>(fraction: fraction, label: label)
    }
}

/// Controls side by side in one grey bar, as SwiftUI's `ControlGroup` on iOS: the buttons share
/// the width, hairlines between them.
nonisolated public struct ControlGroup<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: Content

    /// A group of the controls `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        var inner = context
        inner.stackAxis = .horizontal
        let controls = try inner.resolve(content)
        return try context.resolve(HStack(spacing: 0) {
            ForEach(controls.indices, id: \.self) { index in
                if index > 0 { Rectangle().fill(SystemColor.separator).frame(width: 1.0 / 3.0, height: 20) }
                ResolvedNodes([controls[index]]).frame(maxWidth: .infinity)
            }
        }
        .padding(.vertical, 7)
        .background(RoundedRectangle(cornerRadius: 8).fill(SystemColor.tertiaryFill)))
    }
}
