import Foundation

/// A title with an icon, as SwiftUI's `Label`: side by side by default, or one of them
/// (`.labelStyle`); in a tab bar the icon stands over the title.
nonisolated public struct Label<Title: View, Icon: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let title: Title
    let icon: Icon

    /// A label of `title` and `icon`.
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        switch environment.labelStyle {
        case .custom(let makeBody):
            // The style's body, whose `Label(configuration)` draws as a plain label.
            let configuration = LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon)))
            return makeBody(configuration).environment(\.labelStyle, .automatic)
        case .titleOnly:
            return title
        case .iconOnly:
            return icon
        case .tabItem:
            // Tab bar items don't grow with Dynamic Type (UITabBar shows the large content
            // viewer instead): fixed sizes, the title one line.
            return VStack(spacing: 2) {
                icon.font(.system(size: 21))
                title.font(.system(size: 10, weight: .medium)).lineLimit(1)
            }
        case .unavailable:
            return VStack(spacing: 12) {
                icon.font(.system(size: 48)).foregroundColor(.secondary)
                title
            }
        case .automatic, .titleAndIcon:
            // In a list the icon is tinted and set further from the title (iOS's cell image).
            let row = environment.isListRow
            return HStack(spacing: row ? 16 : 8) {
                icon.foregroundColor(row ? environment.resolvedTint : environment.foregroundColor)
                title
            }
        }
    }
}

extension Label where Title == LabelStyleConfiguration.Title, Icon == LabelStyleConfiguration.Icon {
    /// The label a style's `makeBody(configuration:)` is given, drawn as a plain label (in the
    /// style around the custom one, as SwiftUI draws it).
    public init(_ configuration: LabelStyleConfiguration) {
        self.init(title: { configuration.title }, icon: { configuration.icon })
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label titled with a localized string key and a system symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A label titled with a string and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A label titled with a localized string key and an image of the app's.
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(name) })
    }
}

/// How labels draw, from the environment.
enum LabelStyleKind {
    case automatic, titleAndIcon, titleOnly, iconOnly, tabItem
    /// In a `ContentUnavailableView`: the icon large and secondary, over the title.
    case unavailable
    /// A team's own style: its `makeBody(configuration:)`.
    case custom(@MainActor (LabelStyleConfiguration) -> AnyView)
}

/// A style of label, as SwiftUI's `LabelStyle`: the built-in ones, or a team's own with
/// `makeBody(configuration:)` arranging `configuration.icon` and `configuration.title`.
@MainActor @preconcurrency
public protocol LabelStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The label drawn in this style.
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Configuration) -> Body
    /// What a style is given: the label's title and icon.
    typealias Configuration = LabelStyleConfiguration
}

/// A label's parts, as a ``LabelStyle`` is given them.
nonisolated public struct LabelStyleConfiguration {
    /// The label's title, type-erased.
    nonisolated public struct Title: View, ComposedControl {
        /// The body of a primitive view.
        public typealias Body = Never
        let content: AnyView
        @MainActor func composed(_ context: ResolveContext) throws -> any View { content }
    }

    /// The label's icon, type-erased.
    nonisolated public struct Icon: View, ComposedControl {
        /// The body of a primitive view.
        public typealias Body = Never
        let content: AnyView
        @MainActor func composed(_ context: ResolveContext) throws -> any View { content }
    }

    /// The title.
    public var title: Title
    /// The icon.
    public var icon: Icon
}

/// A built-in style: the kind of label it draws.
protocol BuiltInLabelStyle {
    var kind: LabelStyleKind { get }
}


/// The context's style.
nonisolated public struct DefaultLabelStyle: LabelStyle, BuiltInLabelStyle {
    /// The default style.
    public init() {}
    var kind: LabelStyleKind { .automatic }
    /// The label drawn in this style.
    @MainActor public func makeBody(configuration: Configuration) -> some View {
        Label(configuration).environment(\.labelStyle, kind)
    }
}

/// Both title and icon.
nonisolated public struct TitleAndIconLabelStyle: LabelStyle, BuiltInLabelStyle {
    /// The style.
    public init() {}
    var kind: LabelStyleKind { .titleAndIcon }
    /// The label drawn in this style.
    @MainActor public func makeBody(configuration: Configuration) -> some View {
        Label(configuration).environment(\.labelStyle, kind)
    }
}

/// The title only.
nonisolated public struct TitleOnlyLabelStyle: LabelStyle, BuiltInLabelStyle {
    /// The style.
    public init() {}
    var kind: LabelStyleKind { .titleOnly }
    /// The label drawn in this style.
    @MainActor public func makeBody(configuration: Configuration) -> some View {
        Label(configuration).environment(\.labelStyle, kind)
    }
}

/// The icon only.
nonisolated public struct IconOnlyLabelStyle: LabelStyle, BuiltInLabelStyle {
    /// The style.
    public init() {}
    var kind: LabelStyleKind { .iconOnly }
    /// The label drawn in this style.
    @MainActor public func makeBody(configuration: Configuration) -> some View {
        Label(configuration).environment(\.labelStyle, kind)
    }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The context's style.
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// Both title and icon.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title only.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon only.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension View {
    /// The labels inside this view drawn in `style`.
    public consuming func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let kind = (style as? BuiltInLabelStyle)?.kind ?? .custom { AnyView(style.makeBody(configuration: $0)) }
        return environment(\.labelStyle, kind)
    }
}

/// A label beside a value, as SwiftUI's `LabeledContent`: the value at the trailing end in the
/// secondary colour; at the accessibility sizes the value goes under the label, as iOS's
/// value cells stack.
nonisolated public struct LabeledContent<Label: View, Content: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label
    let content: Content

    /// `content` labelled with `label`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    /// The cell's nodes made directly (the label's and value's aside, they are fixed):
    /// resolving the composed views was most of a value row's cost at each category. Where
    /// the size is the layout's, both arrangements are made and the stack chooses when
    /// measured, so the cell isn't made again at each category (``AccessibilitySizeStackNode``).
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        guard !context.environment.labelsHidden else { return try context.resolve(composed(context)) }
        let category = MeasuredCategory(context)
        let center = VerticalAlignment.center.key
        if let fixed = category.fixed {
            return [StackNode(axis: .horizontal, alignment: center, spacing: 8,
                              children: try fixed.isAccessibilityCategory ? stacked(context) : sideBySide(context))]
        }
        return [AccessibilitySizeStackNode(axis: .horizontal, alignment: center, spacing: 8, regular: try sideBySide(context),
                                           accessible: try stacked(context), category: category)]
    }

    /// The label filling the width, the value at the trailing end: the cell's stack's children.
    @MainActor private func sideBySide(_ context: ResolveContext) throws -> [LayoutNode] {
        var items = try leadingRowLabel(label, context)
        let values = try context.inStack(.horizontal).with {
            $0.foregroundColor = .secondary
            $0.multilineTextAlignment = .trailing
        }.resolve(content)
        items.append(StackNode(axis: .horizontal, alignment: VerticalAlignment.center.key, spacing: 6, children: values))
        return items
    }

    /// The value under the label, at the accessibility sizes: the cell's stack's children.
    @MainActor private func stacked(_ context: ResolveContext) throws -> [LayoutNode] {
        let inStack = context.inStack(.vertical)
        var items = try inStack.resolve(label)
        items += try inStack.with { $0.foregroundColor = .secondary }.resolve(content)
        return [fillingWidth(StackNode(axis: .vertical, alignment: HorizontalAlignment.leading.key, spacing: 2, children: items),
                             alignment: .leading)]
    }

    /// The cell as this module's views (what ``makeNodes(_:)`` makes beside the label).
    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        valueRow(label: label, value: content.foregroundColor(.secondary), context.environment)
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A localized label and a value shown as given.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }
}

extension LabeledContent where Label == Text {
    /// `content` labelled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
}

/// A label and its value as an iOS value cell: side by side with the value at the trailing
/// end, or the value under the label at the accessibility sizes; `.labelsHidden()` leaves
/// the value.
@MainActor
func valueRow(label: any View, value: any View, accessory: (any View)? = nil, _ environment: EnvironmentValues) -> any View {
    if environment.labelsHidden { return HStack(spacing: 6) { AnyView(value); accessory.map { AnyView($0) } } }
    if environment.dynamicTypeSize.isAccessibilitySize {
        return HStack(spacing: 8) {
            VStack(alignment: .leading, spacing: 2) {
                AnyView(label)
                AnyView(value)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            accessory.map { AnyView($0) }
        }
    }
    return HStack(spacing: 8) {
        AnyView(label).frame(maxWidth: .infinity, alignment: .leading)
        HStack(spacing: 6) {
            AnyView(value).multilineTextAlignment(.trailing)
            accessory.map { AnyView($0) }
        }
    }
}
