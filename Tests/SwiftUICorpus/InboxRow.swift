#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A mail inbox row: an unread dot, the sender in bold, the date at the trailing end, the
/// subject and a two-line preview.
public struct InboxRow: View {
    /// One message.
    public struct Message: Identifiable {
        /// The message's identity.
        public let id: Int
        let sender: String
        let subject: String
        let preview: String
        let date: String
        let isUnread: Bool
    }

    let message: Message

    /// A row for one message.
    public init(message: Message) { self.message = message }

    public var body: some View {
        HStack(alignment: .top, spacing: 8) {
            Circle()
                .fill(message.isUnread ? Color.blue : Color.clear)
                .frame(width: 10, height: 10)
                .padding(.top, 6)
            VStack(alignment: .leading, spacing: 3) {
                HStack(alignment: .firstTextBaseline) {
                    Text(message.sender)
                        .font(.headline)
                        .lineLimit(1)
                        .accessibilityIdentifier("sender-\(message.id)")
                    Spacer()
                    Text(message.date)
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                        .accessibilityIdentifier("date-\(message.id)")
                }
                Text(message.subject)
                    .font(.subheadline)
                    .lineLimit(1)
                Text(message.preview)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(2)
                    .accessibilityIdentifier("preview-\(message.id)")
            }
        }
    }
}

/// An inbox of three messages.
public struct Inbox: View {
    /// The inbox.
    public init() {}

    static let messages = [
        InboxRow.Message(id: 0, sender: "Harbour Bike Rentals", subject: "Your booking is confirmed",
                         preview: "Pick up your bike at the north gate from 9:00. Bring a photo ID and the code below.",
                         date: "09:41", isUnread: true),
        InboxRow.Message(id: 1, sender: "Marguerite Delacroix-Fontaine", subject: "Re: Saturday's rehearsal",
                         preview: "Could we move it to the afternoon? The hall is booked until two.",
                         date: "Yesterday", isUnread: false),
    ]

    public var body: some View {
        List(Self.messages) { message in
            InboxRow(message: message)
        }
        .listStyle(.plain)
    }
}
