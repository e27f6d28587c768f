#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// The Settings tab: a navigation stack whose root is a form of sections with toggles, a menu
/// picker and rows that push the detail screens.
public struct SettingsHome: View {
    @State private var airplaneMode = false
    @State private var wifi = true
    @State private var silentMode = false
    @State private var ringtone = Ringtone.reflection

    /// The tab's root screen.
    public init() {}

    public var body: some View {
        NavigationStack {
            Form {
                Section {
                    NavigationLink {
                        ProfileDetails()
                    } label: {
                        AccountSummaryRow(name: SampleAccount.name, detail: "Account, iCloud, Media & Purchases")
                    }
                    .accessibilityIdentifier("account")
                }
                Section {
                    Toggle(isOn: $airplaneMode) {
                        Label("Airplane Mode", systemImage: "airplane")
                    }
                    .accessibilityIdentifier("airplane-mode")
                    Toggle(isOn: $wifi) {
                        Label("Wi-Fi", systemImage: "wifi")
                    }
                    .accessibilityIdentifier("wifi")
                }
                Section {
                    NavigationLink {
                        NotificationSettings()
                    } label: {
                        Label("Notifications", systemImage: "bell.badge")
                    }
                    .accessibilityIdentifier("notifications")
                    NavigationLink {
                        DisplaySettings()
                    } label: {
                        Label("Display & Brightness", systemImage: "sun.max")
                    }
                    .accessibilityIdentifier("display")
                    NavigationLink {
                        AboutSettings()
                    } label: {
                        Label("About", systemImage: "info.circle")
                    }
                    .badge(1)
                    .accessibilityIdentifier("about")
                }
                Section {
                    Toggle("Silent Mode", isOn: $silentMode)
                        .accessibilityIdentifier("silent-mode")
                    Picker("Ringtone", selection: $ringtone) {
                        ForEach(Ringtone.allCases) { tone in
                            Text(tone.title).tag(tone)
                        }
                    }
                    .accessibilityIdentifier("ringtone")
                } header: {
                    Text("Sounds")
                } footer: {
                    Text("Silent Mode mutes ringtones and alerts. Alarms and media still play.")
                        .accessibilityIdentifier("sounds-footer")
                }
            }
            .navigationTitle("Settings")
        }
    }
}

/// The account's row at the top of the form: a round picture beside the name and a line
/// saying what the account holds, as iOS's Settings shows its Apple Account.
struct AccountSummaryRow: View {
    let name: String
    let detail: LocalizedStringKey

    var body: some View {
        HStack(spacing: 14) {
            Circle()
                .fill(Color.accentColor)
                .frame(width: 56, height: 56)
                // A fixed size: the monogram fills a circle that doesn't grow with Dynamic Type.
                .overlay { Text(verbatim: SampleAccount.initials).font(.system(size: 22, weight: .medium)).foregroundColor(.white) }
                .accessibilityIdentifier("avatar")
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: name).font(.title3)
                    .accessibilityIdentifier("account-name")
                Text(detail).font(.footnote).foregroundStyle(.secondary)
                    .accessibilityIdentifier("account-detail")
            }
        }
        .padding(.vertical, 4)
    }
}

/// A ringtone the picker offers.
enum Ringtone: String, CaseIterable, Identifiable {
    case reflection, radar, chimes

    var id: String { rawValue }

    var title: LocalizedStringKey {
        switch self {
        case .reflection: "Reflection"
        case .radar: "Radar"
        case .chimes: "Chimes"
        }
    }
}

/// The sample account the previews show: data, not interface text, so not localized.
enum SampleAccount {
    static let name = "Amelia Hartmann"
    static let initials = "AH"
    static let email = "amelia@example.com"
}
