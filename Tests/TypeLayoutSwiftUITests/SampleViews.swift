import Foundation
import TypeLayoutSwiftUI

/// A settings row as a team writes it for SwiftUI: an icon, a title and subtitle, a badge.
struct SettingsRow: View {
    let title: String
    let subtitle: String

    var body: some View {
        HStack(spacing: 12) {
            RoundedRectangle(cornerRadius: 7)
                .fill(Color.blue)
                .frame(width: 29, height: 29)
                .overlay { Image(systemName: "bell.fill").foregroundColor(.white) }
                .accessibilityIdentifier("icon")
            VStack(alignment: .leading, spacing: 2) {
                Text(title).font(.body).accessibilityIdentifier("title")
                Text(subtitle).font(.footnote).foregroundStyle(.secondary).accessibilityIdentifier("subtitle")
            }
            Spacer()
            Text("3")
                .font(.caption.bold())
                .foregroundColor(.white)
                .padding(.horizontal, 7)
                .padding(.vertical, 2)
                .background(Capsule().fill(Color.red))
                .accessibilityIdentifier("badge")
        }
        .padding()
        .background(Color.white)
        .accessibilityIdentifier("row")
    }
}

/// The sample screen the rendering tests draw.
@MainActor
func sampleScreen() -> some View {
    VStack(spacing: 0) {
        SettingsRow(title: "Notifications", subtitle: "Banners, sounds, badges")
        Divider()
        SettingsRow(title: "Focus", subtitle: "Silence notifications when you need to concentrate")
    }
    .background(Color(white: 0.95))
}
