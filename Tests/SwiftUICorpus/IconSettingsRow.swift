#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// The iOS Settings app's row: a white symbol on a coloured rounded square whose size grows
/// with Dynamic Type through @ScaledMetric, a title and a trailing value.
public struct IconSettingsRow: View {
    let title: String
    let symbol: String
    let color: Color
    let value: String?
    @ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 29

    /// A row with a title, a symbol on a colour, and an optional value.
    public init(title: String, symbol: String, color: Color, value: String? = nil) {
        self.title = title
        self.symbol = symbol
        self.color = color
        self.value = value
    }

    public var body: some View {
        HStack(spacing: 14) {
            Image(systemName: symbol)
                .font(.system(size: iconSize * 0.55, weight: .semibold))
                .foregroundStyle(.white)
                .frame(width: iconSize, height: iconSize)
                .background(color, in: .rect(cornerRadius: iconSize * 0.22))
                .accessibilityIdentifier("icon-\(title)")
            Text(title)
            Spacer()
            if let value {
                Text(value).foregroundStyle(.secondary)
            }
        }
    }
}

/// A settings group of icon rows.
public struct IconSettingsList: View {
    /// The list.
    public init() {}

    public var body: some View {
        List {
            Section {
                IconSettingsRow(title: "Airplane Mode", symbol: "airplane", color: .orange)
                IconSettingsRow(title: "Wi-Fi", symbol: "wifi", color: .blue, value: "Home")
                IconSettingsRow(title: "Bluetooth", symbol: "bolt.horizontal", color: .blue, value: "On")
            }
            Section {
                IconSettingsRow(title: "Battery", symbol: "battery.100", color: .green)
            }
        }
    }
}
