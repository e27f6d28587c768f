import Foundation

/// A stack of views under a navigation bar, as SwiftUI's `NavigationStack`: only its root is
/// shown. The bar is iOS 17's: a 44-point row of toolbar items (and the inline title), then
/// the large title, then the search field; the root view fills the rest.
nonisolated public struct NavigationStack<Root: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let root: Root

    /// A navigation stack showing `root`.
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
    }

    /// A navigation stack showing `root`, with a path of pushed values (not shown here).
    public init<Data>(path: Binding<Data>, @ViewBuilder root: () -> Root) {
        self.root = root()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try navigationNodes(root, context)
    }
}

/// The older navigation container, as SwiftUI's `NavigationView`: a stack on iPhone.
nonisolated public struct NavigationView<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: Content

    /// A navigation view showing `content`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try navigationNodes(content, context)
    }
}

/// The nodes whose traits count: a modifier's node holds its view's traits, so the view under
/// it is not visited again.
@MainActor
func traitNodes(_ nodes: [LayoutNode]) -> [LayoutNode] {
    var result: [LayoutNode] = []
    var stack = Array(nodes.reversed())
    while let node = stack.popLast() {
        result.append(node)
        let skipped = (node as? WrapperNode)?.child
        stack.append(contentsOf: node.children.reversed().filter { $0 !== skipped })
    }
    return result
}

/// The lengths of iOS 17's navigation bar on iPhone (UINavigationBar's 44-point bar and
/// 16-point margins; the large title's area, 52 points at the large size, is our measure).
enum NavigationBarMetrics {
    static let barHeight: CGFloat = 44
    static let margin: CGFloat = 16
    static let itemSpacing: CGFloat = 16
}

@MainActor
private func navigationNodes<Content: View>(_ content: Content, _ context: ResolveContext) throws -> [LayoutNode] {
    let contentNodes = try context.resolve(content)
    let marked = traitNodes(contentNodes)
    let title = marked.lazy.compactMap(\.traits.navigationTitle).first
    let mode = marked.lazy.compactMap(\.traits.titleDisplayMode).first ?? .automatic
    let hidden = marked.contains { $0.traits.hidesNavigationBar }
    let prompt = marked.lazy.compactMap(\.traits.searchPrompt).first
    let background = marked.lazy.compactMap(\.traits.containerBackground).first ?? .white
    let large = mode != .inline

    // The bar's items, by side. They don't grow with Dynamic Type (UIKit shows the large
    // content viewer instead), so the bar is laid out at the large size.
    var barContext = context.with { $0.dynamicTypeSize = .large; $0.font = $0.font ?? .system(size: 17) }
    barContext.stackAxis = .horizontal
    var leading: [LayoutNode] = [], trailing: [LayoutNode] = [], principal: [LayoutNode] = [], bottom: [LayoutNode] = []
    for view in marked.flatMap(\.traits.toolbarItems) {
        for node in try barContext.resolve(AnyView(view)) {
            switch (node.traits.toolbarPlacement ?? .automatic).side {
            case .leading: leading.append(node)
            case .trailing: trailing.append(node)
            case .principal: principal.append(node)
            case .bottom: bottom.append(node)
            case .none: break
            }
        }
    }

    var parts: [any View] = []
    if !hidden {
        let inlineTitle: (any View)? = principal.isEmpty
            ? (large ? nil : title.map { $0.font(.system(size: 17, weight: .semibold)).lineLimit(1) })
            : ResolvedNodes(principal)
        let sideInset = leading.isEmpty && trailing.isEmpty ? NavigationBarMetrics.margin : 90
        parts.append(ZStack {
            HStack(spacing: NavigationBarMetrics.itemSpacing) {
                ResolvedNodes(leading)
                Spacer(minLength: 0)
                ResolvedNodes(trailing)
            }
            .padding(.horizontal, NavigationBarMetrics.margin)
            inlineTitle.map { AnyView($0).padding(.horizontal, sideInset) }
        }
        .frame(maxWidth: .infinity)
        .frame(height: NavigationBarMetrics.barHeight)
        .environment(\.dynamicTypeSize, .large)
        .accessibilityIdentifier("navigation-bar"))
        if large, let title {
            parts.append(LargeTitle(title: title)
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal, NavigationBarMetrics.margin)
                .padding(.top, 3).padding(.bottom, 8)
                .accessibilityIdentifier("large-title"))
        }
        if let prompt { parts.append(SearchField(prompt: prompt)) }
    }
    parts.append(ResolvedNodes(contentNodes).frame(maxWidth: .infinity, maxHeight: .infinity))
    if !bottom.isEmpty { parts.append(bottomBar(bottom)) }
    var columnContext = context
    columnContext.stackAxis = .vertical
    let column = StackNode(axis: .vertical, alignment: HorizontalAlignment.center.key, spacing: 0,
                           children: try parts.flatMap { try columnContext.resolve(AnyView($0)) })
    return try context.resolve(ResolvedNodes([column]).background(SafeAreaFill(background)))
}

/// A large title: one line at the standard sizes, wrapping at the accessibility sizes (iOS 17).
/// The size is read in the title's own body, so that a hosting screen's layouts at other
/// categories redo the title alone, not the stack and its content (``ResolutionRecord``).
private struct LargeTitle: View {
    let title: Text
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        title.font(.largeTitle.bold()).lineLimit(dynamicTypeSize.isAccessibilitySize ? nil : 1)
    }
}

/// A bottom toolbar: its items spread across a 44-point bar.
@MainActor
private func bottomBar(_ items: [LayoutNode]) -> some View {
    HStack(spacing: 0) {
        ForEach(items.indices, id: \.self) { index in
            if index > 0 { Spacer(minLength: 8) }
            ResolvedNodes([items[index]])
        }
    }
    .padding(.horizontal, NavigationBarMetrics.margin)
    .frame(maxWidth: .infinity)
    .frame(height: NavigationBarMetrics.barHeight)
    .background(SafeAreaFill(SystemColor.barBackground))
    .environment(\.dynamicTypeSize, .large)
}

/// The search field of `.searchable` under the title: a 36-point grey rounded field with its
/// prompt (UISearchBar's, which keeps its size at every category).
struct SearchField: View, ComposedControl {
    typealias Body = Never
    let prompt: Text

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        HStack(spacing: 6) {
            RoundedRectangle(cornerRadius: 3).fill(SystemColor.groupedSecondary).frame(width: 15, height: 15)
            prompt.font(.system(size: 17)).foregroundColor(SystemColor.groupedSecondary).lineLimit(1)
                .frame(maxWidth: .infinity, alignment: .leading)
        }
        .padding(.horizontal, 8)
        .frame(height: 36)
        .background(RoundedRectangle(cornerRadius: 10).fill(Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, opacity: 0.12)))
        .padding(.horizontal, NavigationBarMetrics.margin)
        .padding(.bottom, 8)
        .environment(\.dynamicTypeSize, .large)
        .accessibilityIdentifier("search-field")
    }
}

/// A row or button that pushes a view, as SwiftUI's `NavigationLink`: in a list, its label
/// with a disclosure chevron at the trailing end; elsewhere a tinted button.
nonisolated public struct NavigationLink<Label: View, Destination: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label

    /// A link to `destination` that shows `label`.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A link to the view `destination` builds that shows `label`.
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A list row's nodes made directly (the label's aside, they are fixed): resolving the
    /// composed views was most of a link row's cost at each category.
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        guard context.environment.isListRow else { return try context.resolve(composed(context)) }
        return try controlRow(label, accessory: DisclosureChevron.node(context), context)
    }

    /// The link as this module's views (what ``makeNodes(_:)`` makes in a list).
    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        guard environment.isListRow else { return styledButton(label: label, role: nil, environment) }
        return HStack(spacing: 8) {
            label.frame(maxWidth: .infinity, alignment: .leading)
            DisclosureChevron()
        }
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value` (for a `.navigationDestination`) and shows `label`.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
    }
}

extension NavigationLink where Label == Text {
    /// A link titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a localized string key, to the view `destination` builds.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: Destination) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link titled with a string, to the view `destination` builds.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }
}

extension NavigationLink where Label == Text, Destination == Never {
    /// A link titled with a localized string key that pushes `value`.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }
}

/// A list row's `chevron.right`: a small box in the tertiary label colour, scaled with body
/// text (a placeholder, as SF Symbols are here).
struct DisclosureChevron: View, PrimitiveView {
    typealias Body = Never

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { [Self.node(context)] }

    /// `RoundedRectangle(cornerRadius: 1.5).fill(SystemColor.tertiaryLabel).frame(width:
    /// scaled(8), height: scaled(13)).accessibilityIdentifier("chevron")`'s node, made directly;
    /// scaled when measured, so that it is kept for every category.
    @MainActor static func node(_ context: ResolveContext) -> LayoutNode {
        let frame = ScaledFrameNode(ShapeNode(kind: .roundedRectangle(1.5), fill: SystemColor.tertiaryLabel, stroke: nil),
                                    width: 8, height: 13, alignment: .center, context)
        frame.identifier = "chevron"
        return frame
    }
}

/// How a navigation bar shows its title, as SwiftUI's `NavigationBarItem`.
public enum NavigationBarItem {
    /// Large or inline.
    public enum TitleDisplayMode: Hashable, Sendable {
        /// Large at the root of the stack.
        case automatic
        /// In the bar, small.
        case inline
        /// Large, under the bar.
        case large
    }
}

/// Where a toolbar item goes, as SwiftUI's `ToolbarItemPlacement`.
public struct ToolbarItemPlacement: Hashable, Sendable {
    enum Side: Hashable, Sendable {
        case leading, trailing, principal, bottom, none
    }

    let side: Side

    /// The platform's place: the trailing end of the bar.
    public static let automatic = ToolbarItemPlacement(side: .trailing)
    /// The centre of the bar, instead of the title.
    public static let principal = ToolbarItemPlacement(side: .principal)
    /// The leading end, for navigation.
    public static let navigation = ToolbarItemPlacement(side: .leading)
    /// The trailing end.
    public static let primaryAction = ToolbarItemPlacement(side: .trailing)
    /// The trailing end (a menu on iOS; drawn in the bar here).
    public static let secondaryAction = ToolbarItemPlacement(side: .trailing)
    /// The trailing end.
    public static let confirmationAction = ToolbarItemPlacement(side: .trailing)
    /// The leading end.
    public static let cancellationAction = ToolbarItemPlacement(side: .leading)
    /// The trailing end.
    public static let destructiveAction = ToolbarItemPlacement(side: .trailing)
    /// The leading end of the top bar.
    public static let topBarLeading = ToolbarItemPlacement(side: .leading)
    /// The trailing end of the top bar.
    public static let topBarTrailing = ToolbarItemPlacement(side: .trailing)
    /// The leading end of the navigation bar.
    public static let navigationBarLeading = ToolbarItemPlacement(side: .leading)
    /// The trailing end of the navigation bar.
    public static let navigationBarTrailing = ToolbarItemPlacement(side: .trailing)
    /// The bottom toolbar.
    public static let bottomBar = ToolbarItemPlacement(side: .bottom)
    /// Over the keyboard: not shown.
    public static let keyboard = ToolbarItemPlacement(side: .none)
    /// The centre of the bottom toolbar.
    public static let status = ToolbarItemPlacement(side: .bottom)
}

/// A toolbar item and its placement, as SwiftUI's `ToolbarItem`.
nonisolated public struct ToolbarItem<ID, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let nodes = try context.resolve(content)
        for node in nodes { node.traits.toolbarPlacement = placement }
        return nodes
    }
}

extension ToolbarItem where ID == () {
    /// An item of `content` at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// Toolbar items side by side at one placement, as SwiftUI's `ToolbarItemGroup`.
nonisolated public struct ToolbarItemGroup<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content

    /// Items of `content` at `placement`.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let nodes = try context.resolve(content)
        for node in nodes { node.traits.toolbarPlacement = placement }
        return nodes
    }
}

/// The bars a `.toolbar(_:for:)` hides, as SwiftUI's `ToolbarPlacement`.
public struct ToolbarPlacement: Hashable, Sendable {
    let name: String
    /// The navigation bar.
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    /// The tab bar.
    public static let tabBar = ToolbarPlacement(name: "tabBar")
    /// The bottom bar.
    public static let bottomBar = ToolbarPlacement(name: "bottomBar")
    /// The platform's bars.
    public static let automatic = ToolbarPlacement(name: "automatic")
}

/// Where a search field goes, as SwiftUI's `SearchFieldPlacement`: under the title here.
public struct SearchFieldPlacement: Hashable, Sendable {
    let name: String
    /// The platform's place.
    public static let automatic = SearchFieldPlacement(name: "automatic")
    /// The navigation bar.
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
    /// The toolbar.
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
}

extension View {
    /// The title of the navigation bar while this view is the stack's top.
    public consuming func navigationTitle(_ title: Text) -> some View {
        modifier(_TraitModifier { $0.navigationTitle = title })
    }

    /// The navigation bar's title, a localized string key.
    public consuming func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(Text(titleKey)) }

    /// The navigation bar's title, shown as given.
    @_disfavoredOverload
    public consuming func navigationTitle<S: StringProtocol>(_ title: S) -> some View { navigationTitle(Text(title)) }

    /// How the navigation bar shows the title: large under the bar, or inline in it.
    public consuming func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        modifier(_TraitModifier { $0.titleDisplayMode = displayMode })
    }

    /// The navigation bar hidden (or not).
    public consuming func navigationBarHidden(_ hidden: Bool) -> some View {
        modifier(_TraitModifier { $0.hidesNavigationBar = hidden })
    }

    /// The back button hidden: there is none at a stack's root, so nothing changes here.
    public consuming func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }

    /// Items in the navigation bar (or the bottom bar) while this view is the stack's top.
    public consuming func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let items = content()
        return modifier(_TraitModifier { $0.toolbarItems.append(items) })
    }

    /// A bar shown or hidden: `.hidden` for `.navigationBar` hides the navigation bar.
    public consuming func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        modifier(_TraitModifier { traits in
            if visibility == .hidden && (bars.contains(.navigationBar) || bars.contains(.automatic)) {
                traits.hidesNavigationBar = true
            }
        })
    }

    /// A search field under the navigation bar's title, showing `prompt` (or "Search").
    public consuming func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
        modifier(_TraitModifier { $0.searchPrompt = prompt ?? Text("Search") })
    }

    /// A search field with a localized prompt.
    public consuming func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    /// A search field with a prompt shown as given.
    @_disfavoredOverload
    public consuming func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        searchable(text: text, placement: placement, prompt: Text(prompt))
    }

    /// Where values pushed by `NavigationLink(value:)` go: accepted, not shown.
    public consuming func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        self
    }

    /// A view pushed while `isPresented` is true: accepted, not shown.
    public consuming func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View { self }
}
