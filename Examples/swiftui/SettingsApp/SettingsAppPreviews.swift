#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

// The app's previews, one per screen as a team keeps them beside its views. Pushed screens
// are previewed inside a navigation stack so that their title shows, as Xcode's canvas needs
// too. Public so that the preview command (Examples/settings-app-previews) and the tests can name
// them.

/// The whole app: the tab bar with the Settings tab chosen.
public struct SettingsApp_Previews: PreviewProvider {
    public static var previews: some View {
        SettingsAppRoot().previewDisplayName("App")
    }
}

/// The Settings form, the tab's root.
public struct SettingsHome_Previews: PreviewProvider {
    public static var previews: some View { SettingsHome() }
}

/// Notifications.
public struct NotificationSettings_Previews: PreviewProvider {
    public static var previews: some View {
        NavigationStack { NotificationSettings() }
    }
}

/// Display & Brightness.
public struct DisplaySettings_Previews: PreviewProvider {
    public static var previews: some View {
        NavigationStack { DisplaySettings() }
    }
}

/// About.
public struct AboutSettings_Previews: PreviewProvider {
    public static var previews: some View {
        NavigationStack { AboutSettings() }
    }
}

/// The Profile tab.
public struct Profile_Previews: PreviewProvider {
    public static var previews: some View { ProfileView() }
}
