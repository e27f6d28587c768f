import Foundation

/// Views chosen by a tab bar, as SwiftUI's `TabView`: the selected tab's view (the one whose
/// tag is the selection, else the first) above iOS's 49-point tab bar, each tab's
/// `.tabItem` label an icon over a 10-point title in the tint (selected) or grey. The bar
/// doesn't grow with Dynamic Type: iOS shows the large content viewer instead.
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let selection: SelectionValue?
    let content: Content

    /// Tabs of the views `content` builds, the one tagged `selection` shown.
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection?.wrappedValue
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let environment = context.environment
        let tabs = try context.resolve(content)
        let chosen = selection.map { AnyHashable($0) }
        let selected = tabs.firstIndex { chosen != nil && $0.traits.tag == chosen } ?? 0
        if let showsDots = environment.pagedTabView {
            let page = tabs.isEmpty ? [] : [tabs[selected]]
            return try context.resolve(pagedTabView(page: page, count: tabs.count, selected: selected, showsDots: showsDots))
        }
        var barContext = context.with {
            $0.dynamicTypeSize = .large
            $0.labelStyle = .tabItem
        }
        barContext.stackAxis = .horizontal
        var items: [LayoutNode] = []
        for (index, tab) in tabs.enumerated() {
            let color = index == selected ? environment.resolvedTint : SystemColor.unselectedTab
            let item = tab.traits.tabItem.map { AnyView($0) } ?? AnyView(EmptyView())
            let badge = tab.traits.badge
            items += try barContext.resolve(item.foregroundColor(color)
                .overlay(alignment: .top) { badge.map { tabBadge($0) } }
                .frame(maxWidth: .infinity))
        }
        let bar = HStack(spacing: 0) { ResolvedNodes(items) }
            .padding(.top, 7)
            .frame(maxWidth: .infinity)
            .frame(height: 49, alignment: .top)
            .background(SafeAreaFill(SystemColor.barBackground))
            .overlay(alignment: .top) { Rectangle().fill(Color(red: 0, green: 0, blue: 0, opacity: 0.3)).frame(height: 1.0 / 3.0) }
            .accessibilityIdentifier("tab-bar")
        let shown = tabs.isEmpty ? [] : [tabs[selected]]
        return try context.resolve(VStack(spacing: 0) {
            ResolvedNodes(shown).frame(maxWidth: .infinity, maxHeight: .infinity)
            bar
        })
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs of the views `content` builds, the first shown.
    public init(@ViewBuilder content: () -> Content) {
        selection = nil
        self.content = content()
    }
}

extension View {
    /// This view's item in a tab bar: a `Label` (icon over title) or a `Text` and an `Image`.
    public consuming func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        let item = label()
        return modifier(_TraitModifier { $0.tabItem = item })
    }

    /// A sheet shown while `isPresented` is true: accepted, not shown.
    public consuming func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View { self }

    /// A sheet shown for `item` while it is not `nil`: accepted, not shown.
    public consuming func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content) -> some View { self }

    /// A full-screen cover: accepted, not shown.
    public consuming func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping () -> Content) -> some View { self }

    /// A popover: accepted, not shown.
    public consuming func popover<Content: View>(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> Content) -> some View { self }

    /// An alert with a localized title: accepted, not shown.
    public consuming func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        self
    }

    /// An alert with a localized title and a message: accepted, not shown.
    public consuming func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A,
                                                  @ViewBuilder message: () -> M) -> some View { self }

    /// An alert with a title shown as given: accepted, not shown.
    @_disfavoredOverload
    public consuming func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View {
        self
    }

    /// A confirmation dialog: accepted, not shown.
    public consuming func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                                      titleVisibility: Visibility = .automatic, @ViewBuilder actions: () -> A) -> some View { self }

    /// Pull to refresh: accepted (nothing is pulled here).
    public consuming func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }
}

extension ForEach {
    /// Rows that can be deleted by swiping: accepted, not shown.
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> Self { self }

    /// Rows that can be moved: accepted, not shown.
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> Self { self }
}
