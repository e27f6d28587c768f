#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A toast banner at the top of the screen: a symbol, a message that wraps, and a close
/// button, in a capsule-cornered box that keeps its padding at every size.
public struct ToastBanner: View {
    let message: String

    /// A banner with `message`.
    public init(message: String = "Photo saved to your “Summer in Lisbon” album.") {
        self.message = message
    }

    public var body: some View {
        VStack {
            HStack(alignment: .center, spacing: 12) {
                Image(systemName: "checkmark.circle.fill")
                    .foregroundStyle(.green)
                    .font(.title3)
                Text(message)
                    .font(.subheadline)
                    .fixedSize(horizontal: false, vertical: true)
                    .accessibilityIdentifier("message")
                Spacer(minLength: 0)
                Button {} label: {
                    Image(systemName: "xmark")
                        .font(.footnote.bold())
                        .foregroundStyle(.secondary)
                }
                .accessibilityLabel("Dismiss")
                .accessibilityIdentifier("close")
            }
            .padding(.horizontal, 16)
            .padding(.vertical, 12)
            .background(Color.white, in: RoundedRectangle(cornerRadius: 22, style: .continuous))
            .shadow(color: .black.opacity(0.15), radius: 16, y: 6)
            .padding(.horizontal)
            .accessibilityIdentifier("toast")
            Spacer()
        }
        .background(Color(white: 0.93))
    }
}
