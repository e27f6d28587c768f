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
