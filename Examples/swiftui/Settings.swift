#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Examples/screens/settings.yaml in SwiftUI: a large title, a search field, an account row and
/// two groups of rows with icons, values, a switch and chevrons (more than 40 views). Each row
/// becomes a column at the accessibility sizes; the screen scrolls where it grows taller than
/// the device.
public struct SettingsScreen: View {
    /// The screen.
    public init() {}

    public var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                VStack(alignment: .leading, spacing: 8) {
                    Text("Settings").font(.largeTitle).bold().accessibilityIdentifier("navigation-title")
                    Text("Search").lineLimit(1).foregroundColor(.secondaryLabel)
                        .padding(.horizontal, 8)
                        .padding(.vertical, 7)
                        .frame(maxWidth: .infinity, alignment: .leading)
                        .background(RoundedRectangle(cornerRadius: 10).fill(Color(hex: 0xE3E3E8)))
                        .accessibilityIdentifier("search")
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal, 16)
                .accessibilityIdentifier("header")
                AccountRow()
                SettingsGroup(id: "connectivity") {
                    SettingsRow(id: "airplane-mode", title: "Airplane Mode", icon: Color(hex: 0xFF9500), accessory: .toggle)
                    SettingsRow(id: "wifi", title: "Wi-Fi", icon: Color(hex: 0x007AFF), accessory: .value("Home"))
                    SettingsRow(id: "bluetooth", title: "Bluetooth", icon: Color(hex: 0x007AFF), accessory: .value("On"))
                }
                SettingsGroup(id: "alerts") {
                    SettingsRow(id: "notifications", title: "Notifications", icon: Color(hex: 0xFF3B30), accessory: .chevron)
                    SettingsRow(id: "sounds", title: "Sounds & Haptics", icon: Color(hex: 0xFF2D55), accessory: .chevron)
                    SettingsRow(id: "focus", title: "Focus", icon: Color(hex: 0x5856D6), accessory: .chevron)
                }
                Text("Text size, bold text and more are in Accessibility and in Display & Brightness.")
                    .font(.footnote)
                    .foregroundColor(Color(hex: 0x6D6D72))
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding(.horizontal, 32)
                    .accessibilityIdentifier("footer")
            }
            .padding(.top, 8)
            .padding(.bottom, 20)
        }
        .background(Color.groupedBackground)
    }
}

/// The account row: an avatar, the name and what the account holds, a chevron.
struct AccountRow: View {
    @ScaledMetric private var avatarSize: CGFloat = 56

    var body: some View {
        AdaptiveRow(spacing: 12) {
            Circle().fill(Color(hex: 0xA2845E)).frame(width: avatarSize, height: avatarSize)
                .accessibilityIdentifier("avatar")
            VStack(alignment: .leading, spacing: 2) {
                Text("Jane Appleseed").font(.title3).accessibilityIdentifier("account-name")
                Text("Apple Account, iCloud, Media & Purchases").font(.footnote)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityIdentifier("account-labels")
            Chevron()
        }
        .padding(.horizontal, 16)
        .padding(.vertical, 10)
        .background(RoundedRectangle(cornerRadius: 10).fill(Color.white))
        .padding(.horizontal, 16)
        .accessibilityIdentifier("account")
    }
}

/// A white rounded group of rows with hairlines between them.
struct SettingsGroup<Rows: View>: View {
    let id: String
    @ViewBuilder var rows: Rows

    var body: some View {
        VStack(spacing: 0) { rows }
            .background(RoundedRectangle(cornerRadius: 10).fill(Color.white))
            .padding(.horizontal, 16)
            .accessibilityIdentifier(id)
    }
}

/// What a settings row shows at its end.
enum SettingsAccessory {
    case toggle
    case value(String)
    case chevron
}

/// One settings row: an icon, a title that takes the free width, and its accessory.
struct SettingsRow: View {
    let id: String
    let title: String
    let icon: Color
    let accessory: SettingsAccessory
    @ScaledMetric private var iconSize: CGFloat = 29
    @ScaledMetric(relativeTo: .body) private var verticalPadding: CGFloat = 10

    var body: some View {
        AdaptiveRow(spacing: 12) {
            RoundedRectangle(cornerRadius: 7).fill(icon).frame(width: iconSize, height: iconSize)
            Text(title).frame(maxWidth: .infinity, alignment: .leading).accessibilityIdentifier("\(id)-title")
            switch accessory {
            case .toggle:
                Capsule().fill(Color.toggleGreen).frame(width: 51, height: 31).accessibilityIdentifier("\(id)-toggle")
            case .value(let value):
                Text(value).foregroundColor(.secondaryLabel)
                Chevron()
            case .chevron:
                Chevron()
            }
        }
        .padding(.horizontal, 16)
        .padding(.vertical, verticalPadding)
        .overlay(alignment: .top) {
            if id != "airplane-mode" && id != "notifications" {
                Rectangle().fill(Color.separatorGrey).frame(height: 0.5)
            }
        }
        .accessibilityIdentifier(id)
    }
}

/// A disclosure chevron's box.
struct Chevron: View {
    var body: some View {
        RoundedRectangle(cornerRadius: 2).fill(Color.chevron).frame(width: 8, height: 13)
    }
}
