import Foundation

/// Rows in sections, scrolling, as SwiftUI's `List`, drawn in the style of the environment
/// (`.listStyle`; inset grouped by default, as on iOS): each row at least 44 points tall and
/// growing with its text, inset from the edges, separated by hairlines that start at the
/// row's text; section headers and footers in the grouped styles' small grey text.
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: Content

    /// A list of the rows and sections `content` builds.
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never {
        self.content = content()
    }

    /// A list that keeps a selection (not drawn here) of the rows `content` builds.
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A list that keeps a set of selected rows (not drawn here).
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A list of a row for each element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent>, SelectionValue == Never {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// A list of a row for each element of `data`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
        content = ForEach(data, content: rowContent)
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try listNodes(content, context)
    }
}

/// A list of settings, as SwiftUI's `Form`: on iOS a list in the inset grouped style.
nonisolated public struct Form<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: Content

    /// A form of the rows and sections `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try listNodes(content, context)
    }
}

/// A section's parts, for the list it is in.
struct ListSection {
    var header: (any View)?
    var footer: (any View)?
    var rows: [LayoutNode]
}

/// Rows under a header and over a footer, as SwiftUI's `Section`. In a list, a group of rows
/// with its own background in the grouped styles; elsewhere its header, rows and footer one
/// after the other.
nonisolated public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let header: Parent?
    let content: Content
    let footer: Footer?

    /// A section of `content` with a header and a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    /// A section of `content` with a header and a footer (the older argument order).
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.header = header
        self.footer = footer
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let header: (any View)? = Parent.self == EmptyView.self ? nil : self.header
        let footer: (any View)? = Footer.self == EmptyView.self ? nil : self.footer
        guard context.environment.isListRow else {
            var nodes = try header.map { try context.resolve($0) } ?? []
            nodes += try context.resolve(content)
            nodes += try footer.map { try context.resolve($0) } ?? []
            return nodes
        }
        let marker = LayoutNode()
        marker.traits.section = ListSection(header: header, footer: footer, rows: try context.resolve(content))
        return [marker]
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section of `content` alone.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Footer == EmptyView {
    /// A section of `content` with a header.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// A section of `content` with a header (the older argument order).
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { header }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// A section of `content` with a footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }

    /// A section of `content` with a footer (the older argument order).
    public init(footer: Footer, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { footer })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section of `content` under a localized title.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }

    /// A section of `content` under a title shown as given.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

/// The list styles.
enum ListStyleKind {
    case insetGrouped, grouped, plain, sidebar

    var isGrouped: Bool { self != .plain }
}

/// A style of list, as SwiftUI's `ListStyle`: the built-in ones only.
public protocol ListStyle {
    /// The kind this style draws as.
    var _kind: _ListStyleKind { get }
}

/// A built-in list style's kind.
public struct _ListStyleKind: Sendable {
    let kind: ListStyleKind
}

/// The platform's style: inset grouped on iOS.
nonisolated public struct DefaultListStyle: ListStyle {
    /// The default style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .insetGrouped) }
}

/// Sections as rounded groups inset from the edges.
nonisolated public struct InsetGroupedListStyle: ListStyle {
    /// The inset grouped style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .insetGrouped) }
}

/// Sections as groups from edge to edge.
nonisolated public struct GroupedListStyle: ListStyle {
    /// The grouped style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .grouped) }
}

/// Rows from edge to edge on white.
nonisolated public struct PlainListStyle: ListStyle {
    /// The plain style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .plain) }
}

/// Rows inset from the edges on white: drawn as the plain style here.
nonisolated public struct InsetListStyle: ListStyle {
    /// The inset style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .plain) }
}

/// A sidebar: on iPhone, rounded groups under prominent headers.
nonisolated public struct SidebarListStyle: ListStyle {
    /// The sidebar style.
    public init() {}
    /// The kind this style draws as.
    public var _kind: _ListStyleKind { _ListStyleKind(kind: .sidebar) }
}

extension ListStyle where Self == DefaultListStyle {
    /// The platform's style.
    public static var automatic: DefaultListStyle { DefaultListStyle() }
}

extension ListStyle where Self == InsetGroupedListStyle {
    /// Rounded groups inset from the edges.
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

extension ListStyle where Self == GroupedListStyle {
    /// Groups from edge to edge.
    public static var grouped: GroupedListStyle { GroupedListStyle() }
}

extension ListStyle where Self == PlainListStyle {
    /// Rows from edge to edge.
    public static var plain: PlainListStyle { PlainListStyle() }
}

extension ListStyle where Self == InsetListStyle {
    /// Rows inset from the edges.
    public static var inset: InsetListStyle { InsetListStyle() }
}

extension ListStyle where Self == SidebarListStyle {
    /// A sidebar.
    public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

extension View {
    /// The lists inside this view drawn in `style`.
    public consuming func listStyle<S: ListStyle>(_ style: S) -> some View { environment(\.listStyle, style._kind.kind) }

    /// This list row inset by `insets` (`nil`: the style's insets).
    public consuming func listRowInsets(_ insets: EdgeInsets?) -> some View {
        modifier(_TraitModifier { $0.listRowInsets = insets })
    }

    /// `view` behind this list row instead of the style's background.
    public consuming func listRowBackground<V: View>(_ view: V?) -> some View {
        modifier(_TraitModifier { $0.listRowBackground = view })
    }

    /// This list row's separators shown or hidden on `edges`.
    public consuming func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        modifier(_TraitModifier {
            let hidden = visibility == .hidden
            if edges.contains(.bottom) { $0.hidesSeparatorBelow = hidden }
            if edges.contains(.top) { $0.hidesSeparatorAbove = hidden }
        })
    }

    /// The tint of this row's separators: accepted, drawn in the separator colour.
    public consuming func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View { self }

    /// This section's separators: accepted, not drawn here.
    public consuming func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }

    /// Actions revealed by swiping this row: accepted, not shown.
    public consuming func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                                @ViewBuilder content: () -> T) -> some View { self }

    /// The background of the lists and forms inside this view shown or hidden.
    public consuming func scrollContentBackground(_ visibility: Visibility) -> some View {
        environment(\.scrollContentBackground, visibility)
    }
}

/// A list's or form's node: its rows gathered into sections and drawn in the environment's
/// style.
@MainActor
private func listNodes<Content: View>(_ content: Content, _ context: ResolveContext) throws -> [LayoutNode] {
    let style = context.environment.listStyle
    var rowContext = context.with { $0.isListRow = true }
    rowContext.stackAxis = .vertical
    var sections: [ListSection] = []
    var loose: [LayoutNode] = []
    for node in try rowContext.resolve(content) {
        if let section = node.traits.section {
            if !loose.isEmpty { sections.append(ListSection(header: nil, footer: nil, rows: loose)) }
            loose = []
            sections.append(section)
        } else {
            loose.append(node)
        }
    }
    if !loose.isEmpty { sections.append(ListSection(header: nil, footer: nil, rows: loose)) }

    let metrics = ListMetrics(style)
    var parts: [LayoutNode] = []
    for section in sections {
        parts += try sectionNodes(section, metrics: metrics, rowContext)
    }
    if style.isGrouped { parts.append(SpacerNode(minLength: metrics.sectionGap, axis: .vertical)) }
    let background = context.environment.scrollContentBackground == .hidden ? Color.clear
        : style.isGrouped ? SystemColor.groupedBackground : Color.white
    let stack = StackNode(axis: .vertical, alignment: HorizontalAlignment.leading.key, spacing: 0, children: parts)
    // The colour under the rows as far as they go, and under the whole list into the safe area.
    let nodes = try context.resolve(ScrollView { ResolvedNodes([stack]).background(background) }.background(SafeAreaFill(background)))
    nodes.first?.traits.containerBackground = background
    return nodes
}

/// The lengths of a list style (our approximation of iOS 17's: see the README's table).
struct ListMetrics {
    let style: ListStyleKind
    /// Between the screen's edge and a group's (inset grouped, sidebar).
    var groupMargin: CGFloat { style == .insetGrouped || style == .sidebar ? 16 : 0 }
    /// Between a group's edge and its rows' content.
    var rowInsets: EdgeInsets { EdgeInsets(top: 8, leading: 20, bottom: 8, trailing: 20) }
    /// The gap above a section without a header, and below the last.
    var sectionGap: CGFloat { style.isGrouped ? 35 : 0 }
    /// The corner radius of a group.
    var cornerRadius: CGFloat { style == .insetGrouped || style == .sidebar ? 10 : 0 }
    /// SwiftUI's `defaultMinListRowHeight`.
    var minimumRowHeight: CGFloat { 44 }

    init(_ style: ListStyleKind) { self.style = style }
}

/// A section's header, group of rows and footer, as nodes of the list's column.
@MainActor
private func sectionNodes(_ section: ListSection, metrics: ListMetrics, _ context: ResolveContext) throws -> [LayoutNode] {
    let environment = context.environment
    var nodes: [LayoutNode] = []
    let textInset = metrics.groupMargin + metrics.rowInsets.leading
    var plainContext = context.with { $0.isListRow = false }
    plainContext.stackAxis = .vertical
    if let header = section.header {
        let prominent = metrics.style == .sidebar || environment.headerProminence == .increased
        let font: Font = prominent ? .title3.bold() : metrics.style == .plain ? .headline : .footnote
        let color: Color = prominent || metrics.style == .plain ? .primary : SystemColor.groupedSecondary
        let top: CGFloat = metrics.style.isGrouped ? 17 : 6
        let textCase: Text.Case? = prominent || metrics.style == .plain ? nil : .uppercase
        nodes += try listSectionLabel(header, insets: EdgeInsets(top: top, leading: textInset, bottom: metrics.style.isGrouped ? 7 : 6,
                                                                 trailing: textInset), plainContext) {
            $0.font = font
            $0.foregroundColor = color
            $0.textCase = textCase
        }
    } else if metrics.sectionGap > 0 {
        nodes.append(SpacerNode(minLength: metrics.sectionGap, axis: .vertical))
    }
    var rows: [LayoutNode] = []
    for row in section.rows {
        let chrome = try listRowChrome(row, metrics: metrics, context)
        chrome.traits = row.traits
        rows.append(chrome)
    }
    let group = ListGroupNode(rows: rows, fallbackInset: metrics.rowInsets.leading)
    // `group.clipShape(RoundedRectangle(cornerRadius:)).padding(.horizontal, groupMargin)`.
    let drawn = metrics.cornerRadius > 0
        ? ClipNode(group, shape: RoundedRectangle(cornerRadius: metrics.cornerRadius).kind) : group
    nodes.append(PaddingNode(drawn, insets: EdgeInsets(.horizontal, metrics.groupMargin)))
    if let footer = section.footer {
        nodes += try listSectionLabel(footer, insets: EdgeInsets(top: 7, leading: textInset, bottom: 0, trailing: textInset),
                                      plainContext) {
            $0.font = .footnote
            $0.foregroundColor = SystemColor.groupedSecondary
        }
    }
    return nodes
}

/// A section's header or footer: the nodes of `label` with the environment `change` makes
/// (its font, colour, case), `.frame(maxWidth: .infinity, alignment: .leading).padding(insets)`,
/// made directly rather than by resolving those modifiers at each category
/// (`ListChromeTests` checks them against the views).
@MainActor
func listSectionLabel(_ label: any View, insets: EdgeInsets, _ context: ResolveContext,
                      _ change: (inout EnvironmentValues) -> Void) throws -> [LayoutNode] {
    var nodes: [LayoutNode] = []
    for node in try context.with(change).resolve(label) {
        nodes.append(PaddingNode(fillingWidth(node, alignment: .leading), insets: insets))
    }
    return nodes
}

/// A row in its cell: the nodes of `HStack(spacing: 8) { row.frame(maxWidth: .infinity,
/// alignment: .leading); badge }.padding(insets).frame(maxWidth: .infinity, minHeight: 44,
/// alignment: .leading).background(cellBackground)`, made directly: the parts are fixed, and
/// resolving that generic view for each row at each category was a twentieth of a form's layout
/// (`ListChromeTests` checks the frames against the views').
@MainActor
func listRowChrome(_ row: LayoutNode, metrics: ListMetrics, _ context: ResolveContext) throws -> LayoutNode {
    var items = [fillingWidth(row, alignment: .leading)]
    if let badge = row.traits.badge {
        items += try context.inStack(.horizontal).resolve(badge.foregroundColor(.secondary))
    }
    let content = StackNode(axis: .horizontal, alignment: VerticalAlignment.center.key, spacing: 8, children: items)
    let cell = FlexibleFrameNode(PaddingNode(content, insets: row.traits.listRowInsets ?? metrics.rowInsets),
                                 horizontal: FlexibleFrameNode.Bounds(maximum: .infinity),
                                 vertical: FlexibleFrameNode.Bounds(minimum: metrics.minimumRowHeight), alignment: .leading)
    if let custom = row.traits.listRowBackground {
        return try _BackgroundModifier(secondary: AnyView(custom), alignment: .center, isOverlay: false).wrap(cell, context)
    }
    let fill = ShapeNode(kind: .rectangle, fill: metrics.style == .plain ? Color.clear : Color.white, stroke: nil)
    return BackgroundNode(primary: cell, secondary: fill, alignment: .center, isOverlay: false)
}

/// A section's rows, one under the other as wide as offered, with a hairline between two rows
/// from the first text of the upper row (its title, after any icon) to the trailing edge, as
/// iOS 16 and later align separators; `.listRowSeparator(.hidden)` removes one.
final class ListGroupNode: LayoutNode {
    let rowCount: Int
    let fallbackInset: CGFloat

    init(rows: [LayoutNode], fallbackInset: CGFloat) {
        rowCount = rows.count
        self.fallbackInset = fallbackInset
        var separators: [LayoutNode] = []
        for index in rows.indices.dropLast() {
            let hidden = rows[index].traits.hidesSeparatorBelow || rows[index + 1].traits.hidesSeparatorAbove
            let divider = DividerNode(vertical: false)
            separators.append(hidden ? HiddenNode(divider) : divider)
        }
        super.init(children: rows + separators)
    }

    private var rows: ArraySlice<LayoutNode> { children[..<rowCount] }

    /// The first text with a width in `node`'s subtree, depth first, parents before children
    /// (searched in place: gathering each row's subtree first was a twentieth of a form's layout).
    private static func firstPlacedText(in node: LayoutNode) -> LayoutNode? {
        if node is TextNode && node.frame.width > 0 { return node }
        for child in node.children {
            if let found = firstPlacedText(in: child) { return found }
        }
        return nil
    }

    private func width(_ proposal: ProposedViewSize) -> CGFloat {
        if let width = proposal.width, width.isFinite { return width }
        return rows.map { $0.sizeThatFits(.unspecified).width }.max() ?? 0
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        let width = width(proposal)
        let height = rows.reduce(0) { $0 + $1.sizeThatFits(ProposedViewSize(width: width, height: nil)).height }
        return CGSize(width: width, height: height)
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        let offer = ProposedViewSize(width: bounds.width, height: nil)
        var y = bounds.minY
        var bottoms: [CGFloat] = []
        for row in rows {
            let height = row.sizeThatFits(offer).height
            row.place(in: CGRect(x: bounds.minX, y: y, width: bounds.width, height: height), proposal: offer)
            y += height
            bottoms.append(y)
        }
        for (index, separator) in children[rowCount...].enumerated() {
            let firstText = Self.firstPlacedText(in: children[index])
            let x = min(bounds.maxX, firstText?.frame.minX ?? bounds.minX + fallbackInset)
            let thickness = DividerNode.thickness
            let rect = CGRect(x: x, y: bottoms[index] - thickness, width: bounds.maxX - x, height: thickness)
            separator.place(in: rect, proposal: ProposedViewSize(rect.size))
        }
    }
}
