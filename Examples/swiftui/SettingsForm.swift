#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A settings screen as an app writes it with SwiftUI's controls: a `NavigationStack` with a
/// large title and a toolbar button, and a `Form` of sections with toggles, a menu picker, a
/// value row, navigation rows with icons, a stepper, a slider and a destructive button.
public struct SettingsForm: View {
    @State private var notifications = true
    @State private var airplaneMode = false
    @State private var appearance = Appearance.automatic
    @State private var fontSize = 3
    @State private var brightness = 0.6

    /// The screen.
    public init() {}

    enum Appearance: String, CaseIterable, Identifiable {
        case automatic = "Automatic"
        case light = "Light"
        case dark = "Dark"

        var id: String { rawValue }
    }

    public var body: some View {
        NavigationStack {
            Form {
                Section {
                    Toggle("Airplane Mode", isOn: $airplaneMode)
                        .accessibilityIdentifier("airplane-mode")
                    NavigationLink {
                        Text("Wi-Fi")
                    } label: {
                        LabeledContent("Wi-Fi", value: "Home")
                    }
                    .accessibilityIdentifier("wifi")
                    NavigationLink {
                        Text("Bluetooth")
                    } label: {
                        Label("Bluetooth", systemImage: "dot.radiowaves.left.and.right")
                    }
                    .accessibilityIdentifier("bluetooth")
                }
                Section {
                    Toggle("Allow Notifications", isOn: $notifications)
                        .accessibilityIdentifier("notifications")
                    Picker("Appearance", selection: $appearance) {
                        ForEach(Appearance.allCases) { option in
                            Text(option.rawValue).tag(option)
                        }
                    }
                    .accessibilityIdentifier("appearance")
                    Stepper("Text Size: \(fontSize)", value: $fontSize, in: 1...7)
                        .accessibilityIdentifier("text-size")
                    Slider(value: $brightness)
                        .accessibilityIdentifier("brightness")
                } header: {
                    Text("Display")
                } footer: {
                    Text("Notifications show on the Lock Screen and in Notification Centre.")
                        .accessibilityIdentifier("display-footer")
                }
                Section("About") {
                    LabeledContent("Version", value: "17.4.1")
                        .accessibilityIdentifier("version")
                    NavigationLink("Legal & Regulatory") { Text("Legal") }
                    Button("Sign Out", role: .destructive) {}
                        .accessibilityIdentifier("sign-out")
                }
            }
            .navigationTitle("Settings")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Button("Done") {}
                        .accessibilityIdentifier("done")
                }
            }
        }
    }
}
