#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Examples/screens/list-cell.yaml in SwiftUI: an icon, a title and a subtitle, and a
/// disclosure chevron; the icon and chevron grow with the body text, and at the accessibility
/// sizes the cell stacks its parts.
public struct ListCell: View {
    @ScaledMetric(relativeTo: .body) private var iconSize: CGFloat = 29
    @ScaledMetric(relativeTo: .body) private var chevronWidth: CGFloat = 8
    @ScaledMetric(relativeTo: .body) private var chevronHeight: CGFloat = 13
    @ScaledMetric(relativeTo: .body) private var verticalPadding: CGFloat = 10

    /// The cell.
    public init() {}

    public var body: some View {
        AdaptiveRow(spacing: 12) {
            RoundedRectangle(cornerRadius: 7)
                .fill(Color(hex: 0xFF9500))
                .frame(width: iconSize, height: iconSize)
                .accessibilityIdentifier("icon")
            VStack(alignment: .leading, spacing: 2) {
                Text("Notifications").font(.body).accessibilityIdentifier("title")
                Text("Banners, sounds, badges").font(.subheadline).foregroundColor(.secondaryLabel)
                    .accessibilityIdentifier("subtitle")
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            .accessibilityIdentifier("labels")
            RoundedRectangle(cornerRadius: 2)
                .fill(Color.chevron)
                .frame(width: chevronWidth, height: chevronHeight)
                .accessibilityIdentifier("chevron")
        }
        .padding(.horizontal, 16)
        .padding(.vertical, verticalPadding)
        .background(Color.white)
        .accessibilityIdentifier("cell")
        .frame(maxHeight: .infinity, alignment: .top)
        .background(Color.groupedBackground)
    }
}
