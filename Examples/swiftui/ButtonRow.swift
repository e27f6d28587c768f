#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Examples/screens/button-row.yaml in SwiftUI: two buttons side by side while both titles fit
/// on one line, else stacked (`ViewThatFits`, as the screen file's `firstThatFits`).
public struct ButtonRow: View {
    /// The row.
    public init() {}

    public var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack(spacing: 12) {
                button("Not Now", primary: false, id: "secondary").lineLimit(1)
                button("Download All", primary: true, id: "primary").lineLimit(1)
            }
            .fixedSize(horizontal: false, vertical: true)
            .accessibilityIdentifier("side-by-side")
            VStack(spacing: 12) {
                button("Not Now", primary: false, id: "secondary-stacked")
                button("Download All", primary: true, id: "primary-stacked")
            }
            .accessibilityIdentifier("stacked")
        }
        .accessibilityIdentifier("buttons")
        .padding(16)
        .frame(maxHeight: .infinity, alignment: .top)
        .background(Color.groupedBackground)
    }

    /// A button's look: its title centred in a rounded fill that takes an equal share of the row.
    private func button(_ title: String, primary: Bool, id: String) -> some View {
        Text(title)
            .multilineTextAlignment(.center)
            .foregroundColor(primary ? .white : Color(hex: 0x007AFF))
            .fixedSize(horizontal: false, vertical: true)
            .padding(12)
            .frame(maxWidth: .infinity)
            .background(RoundedRectangle(cornerRadius: 10).fill(primary ? Color(hex: 0x007AFF) : Color(hex: 0xE5E5EA)))
            .accessibilityIdentifier(id)
    }
}
