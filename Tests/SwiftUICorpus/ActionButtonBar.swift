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
        // In a scroll view: at ax5 the stacked buttons and the message are taller than the screen.
        ScrollView {
            content
        }
    }

    private var content: some View {
        VStack(alignment: .leading, spacing: 16) {
            Text("Cancel your subscription?")
                .font(.headline)
            Text("You'll keep access until 14 June. You can subscribe again at any time.")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            ViewThatFits(in: .horizontal) {
                // Side by side at their own widths: stretched to equal halves, the longer label
                // was cut at sizes where both fitted but not in half the row each.
                HStack(spacing: 12) {
                    keepButton(fill: false)
                    cancelButton(fill: false)
                }
                .lineLimit(1)
                .accessibilityIdentifier("side-by-side")
                // Stacked, each label has the whole width and may wrap.
                VStack(spacing: 12) {
                    keepButton(fill: true)
                    cancelButton(fill: true)
                }
                .accessibilityIdentifier("stacked")
            }
        }
        .padding(20)
    }

    private func keepButton(fill: Bool) -> some View {
        Button {
        } label: {
            Text("Keep Subscription").frame(maxWidth: fill ? .infinity : nil)
        }
        .buttonStyle(.borderedProminent)
    }

    private func cancelButton(fill: Bool) -> some View {
        Button(role: .destructive) {
        } label: {
            Text("Cancel Subscription").frame(maxWidth: fill ? .infinity : nil)
        }
        .buttonStyle(.bordered)
    }
}
