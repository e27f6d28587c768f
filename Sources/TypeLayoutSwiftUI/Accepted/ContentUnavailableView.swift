import Foundation

/// An empty state, as SwiftUI's `ContentUnavailableView` (iOS 17): a label (its icon large and
/// secondary, over its title in `.title2` bold), a secondary description and actions, centred in
/// all the room it is offered. Lengths are our approximation: the icon in a 48-point font at every
/// size, 12 points over the title, 8 over the description in `.callout`, 16 above the actions,
/// 24 points from the sides.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions

    /// An empty state with a label, a description and actions of your own.
    public init(@ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
                @ViewBuilder actions: () -> Actions = { EmptyView() }) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    public var body: some View {
        VStack(spacing: 16) {
            VStack(spacing: 8) {
                label
                    .environment(\.labelStyle, .unavailable)
                    .font(.title2.bold())
                    .multilineTextAlignment(.center)
                description
                    .font(.callout)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
            }
            actions
        }
        .padding(.horizontal, 24)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

extension ContentUnavailableView where Label == TypeLayoutSwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// An empty state with a localized title, an SF Symbol and an optional description.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { TypeLayoutSwiftUI.Label(titleKey, systemImage: name) }, description: { description })
    }

    /// An empty state with a title shown as given, an SF Symbol and an optional description.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { TypeLayoutSwiftUI.Label(title, systemImage: name) }, description: { description })
    }

    /// iOS's "No Results" state for a search.
    public static var search: Self {
        Self("No Results", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }

    /// iOS's "No Results" state for a search for `text`.
    public static func search(text: String) -> Self {
        Self("No Results for “\(text)”", systemImage: "magnifyingglass", description: Text("Check the spelling or try a new search."))
    }
}
