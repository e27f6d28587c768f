#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// The example settings app's root view: a tab bar over the Settings and Profile tabs, each a
/// navigation stack of its own, as iOS apps keep one per tab. On iOS the app target's small
/// `@main` `App` shows it in its `WindowGroup` (TypeLayoutSwiftUI has no `App` or `Scene`).
public struct SettingsAppRoot: View {
    /// The app's tabs, tagged so that the selection names one.
    public enum Tab: Hashable, Sendable {
        /// The settings form.
        case settings
        /// The account holder's profile.
        case profile
    }

    @State private var selection: Tab

    /// The app showing `selection`'s tab.
    public init(selection: Tab = .settings) {
        _selection = State(initialValue: selection)
    }

    public var body: some View {
        TabView(selection: $selection) {
            SettingsHome()
                .tabItem { Label("Settings", systemImage: "gearshape") }
                .tag(Tab.settings)
            ProfileView()
                .tabItem { Label("Profile", systemImage: "person.crop.circle") }
                .tag(Tab.profile)
                .badge(1)
        }
    }
}
