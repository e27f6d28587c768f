#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Notifications, pushed from the Settings form: a switch for all of them, an inline picker of
/// when previews show, and a scheduled summary with its time.
public struct NotificationSettings: View {
    @State private var allowNotifications = true
    @State private var previews = PreviewPolicy.whenUnlocked
    @State private var scheduledSummary = false
    @State private var badgeCount = 3

    /// The screen.
    public init() {}

    public var body: some View {
        Form {
            Section {
                Toggle("Allow Notifications", isOn: $allowNotifications)
                    .accessibilityIdentifier("allow-notifications")
                Toggle("Scheduled Summary", isOn: $scheduledSummary)
                    .accessibilityIdentifier("scheduled-summary")
            } footer: {
                Text("Get a summary of your notifications at the times you choose.")
            }
            Section("Show Previews") {
                Picker("Show Previews", selection: $previews) {
                    ForEach(PreviewPolicy.allCases) { policy in
                        Text(policy.title).tag(policy)
                    }
                }
                .pickerStyle(.inline)
                .labelsHidden()
                .accessibilityIdentifier("show-previews")
            }
            Section {
                Stepper("Badge Limit: \(badgeCount)", value: $badgeCount, in: 0...9)
                    .accessibilityIdentifier("badge-limit")
            }
        }
        .navigationTitle("Notifications")
        .navigationBarTitleDisplayMode(.inline)
    }
}

/// When a notification's preview shows on the Lock Screen.
enum PreviewPolicy: String, CaseIterable, Identifiable {
    case always, whenUnlocked, never

    var id: String { rawValue }

    var title: LocalizedStringKey {
        switch self {
        case .always: "Always"
        case .whenUnlocked: "When Unlocked"
        case .never: "Never"
        }
    }
}

/// Display & Brightness, pushed from the Settings form: the appearance as a segmented picker,
/// the brightness slider, and text settings.
public struct DisplaySettings: View {
    @State private var appearance = Appearance.light
    @State private var automatic = true
    @State private var brightness = 0.7
    @State private var boldText = false

    /// The screen.
    public init() {}

    public var body: some View {
        Form {
            Section("Appearance") {
                Picker("Appearance", selection: $appearance) {
                    ForEach(Appearance.allCases) { option in
                        Text(option.title).tag(option)
                    }
                }
                .pickerStyle(.segmented)
                .accessibilityIdentifier("appearance")
                Toggle("Automatic", isOn: $automatic)
                    .accessibilityIdentifier("automatic")
            }
            Section("Brightness") {
                HStack {
                    Image(systemName: "sun.min")
                    Slider(value: $brightness)
                        .accessibilityIdentifier("brightness")
                    Image(systemName: "sun.max")
                }
            }
            Section {
                NavigationLink("Text Size") { Text("Text Size") }
                    .accessibilityIdentifier("text-size")
                Toggle("Bold Text", isOn: $boldText)
                    .accessibilityIdentifier("bold-text")
            }
        }
        .navigationTitle("Display & Brightness")
    }
}

/// The appearance the app is shown in.
enum Appearance: String, CaseIterable, Identifiable {
    case light, dark

    var id: String { rawValue }

    var title: LocalizedStringKey {
        switch self {
        case .light: "Light"
        case .dark: "Dark"
        }
    }
}

/// About, pushed from the Settings form: the device's facts as value rows (their values are
/// data, shown as they are), and a link to the legal notices.
public struct AboutSettings: View {
    /// The screen.
    public init() {}

    public var body: some View {
        Form {
            Section {
                LabeledContent("Name", value: "Amelia’s iPhone")
                    .accessibilityIdentifier("device-name")
                LabeledContent("Software Version", value: "18.2")
                    .accessibilityIdentifier("software-version")
                LabeledContent("Model Name", value: "iPhone 16")
                LabeledContent("Available Storage", value: "87.4 GB")
                    .accessibilityIdentifier("storage")
            }
            Section {
                NavigationLink("Software Update") { Text("Software Update") }
                    .badge(1)
                    .accessibilityIdentifier("software-update")
                NavigationLink("Legal & Regulatory") { Text("Legal & Regulatory") }
            }
        }
        .navigationTitle("About")
    }
}
