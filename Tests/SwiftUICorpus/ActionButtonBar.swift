#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A confirmation's two buttons: side by side when both labels fit on one line, stacked
/// full-width when they don't (ViewThatFits picks the first that fits).
public struct ActionButtonBar: View {
    /// The bar.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Cancel your subscription?")
                .font(.headline)
            Text("You'll keep access until 14 June. You can subscribe again at any time.")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            ViewThatFits(in: .horizontal) {
                HStack(spacing: 12) {
                    keepButton
                    cancelButton
                }
                .accessibilityIdentifier("side-by-side")
                VStack(spacing: 12) {
                    keepButton
                    cancelButton
                }
                .accessibilityIdentifier("stacked")
            }
        }
        .padding(20)
    }

    private var keepButton: some View {
        Button {
        } label: {
            Text("Keep Subscription").lineLimit(1).frame(maxWidth: .infinity)
        }
        .buttonStyle(.borderedProminent)
    }

    private var cancelButton: some View {
        Button(role: .destructive) {
        } label: {
            Text("Cancel Subscription").lineLimit(1).frame(maxWidth: .infinity)
        }
        .buttonStyle(.bordered)
    }
}
