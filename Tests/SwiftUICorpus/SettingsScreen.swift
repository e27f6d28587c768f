#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A settings screen as most apps write one: a navigation stack over a form of sections, with
/// switches, a menu picker, navigation rows and an about section.
public struct SettingsScreen: View {
    @State private var notificationsOn = true
    @State private var soundsOn = false
    @State private var appearance = "System"
    private let appearances = ["System", "Light", "Dark"]

    /// The screen.
    public init() {}

    public var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Notifications", isOn: $notificationsOn)
                        .accessibilityIdentifier("notifications")
                    Toggle("Sounds", isOn: $soundsOn)
                } header: {
                    Text("Alerts")
                } footer: {
                    Text("Reminders arrive at the time you set for each list.")
                }
                Section("Display") {
                    Picker("Appearance", selection: $appearance) {
                        ForEach(appearances, id: \.self) { Text($0) }
                    }
                    .accessibilityIdentifier("appearance")
                    NavigationLink("App Icon") { Text("Icons") }
                }
                Section("About") {
                    LabeledContent("Version", value: "4.2.1 (318)")
                        .accessibilityIdentifier("version")
                    Link("Privacy Policy", destination: URL(string: "https://example.com/privacy")!)
                }
            }
            .navigationTitle("Settings")
        }
    }
}

struct SettingsScreen_Previews: PreviewProvider {
    static var previews: some View { SettingsScreen() }
}
