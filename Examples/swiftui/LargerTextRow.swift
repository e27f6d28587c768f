#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Examples/screens/larger-text-row.yaml in SwiftUI: a title and a switch-sized capsule, a
/// column at the accessibility sizes.
public struct LargerTextRow: View {
    @ScaledMetric(relativeTo: .body) private var verticalPadding: CGFloat = 10

    /// The row.
    public init() {}

    public var body: some View {
        AdaptiveRow(spacing: 8) {
            Text("Larger Text").font(.body)
                .frame(maxWidth: .infinity, alignment: .leading)
                .accessibilityIdentifier("title")
            Capsule()
                .fill(Color.toggleGreen)
                .frame(width: 51, height: 31)
                .accessibilityIdentifier("toggle")
        }
        .padding(.horizontal, 16)
        .padding(.vertical, verticalPadding)
        .background(Color.white)
        .accessibilityIdentifier("row")
        .frame(maxHeight: .infinity, alignment: .top)
        .background(Color.groupedBackground)
    }
}
