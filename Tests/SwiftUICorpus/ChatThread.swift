#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A chat thread: bubbles on the trailing side for the sender and the leading side for the
/// other person, each at most about three quarters of the width (a Spacer with a minimum length).
public struct ChatThread: View {
    /// The thread.
    public init() {}

    private let messages: [(id: Int, mine: Bool, text: String)] = [
        (0, false, "Are we still on for the market tomorrow?"),
        (1, true, "Yes! Meet at the fountain at ten?"),
        (2, false, "Perfect. I'll bring the big baskets, the strawberries should be out by now."),
        (3, true, "👍"),
    ]

    public var body: some View {
        ScrollView {
            VStack(spacing: 8) {
                ForEach(messages, id: \.id) { message in
                    HStack {
                        if message.mine { Spacer(minLength: 64) }
                        Text(message.text)
                            .padding(.horizontal, 14)
                            .padding(.vertical, 9)
                            .foregroundStyle(message.mine ? Color.white : Color.primary)
                            .background(message.mine ? Color.blue : Color(white: 0.91),
                                        in: RoundedRectangle(cornerRadius: 18, style: .continuous))
                            .accessibilityIdentifier("bubble-\(message.id)")
                        if !message.mine { Spacer(minLength: 64) }
                    }
                }
            }
            .padding()
        }
    }
}
