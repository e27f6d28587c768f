#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A contact list row: initials in a coloured circle, the name and a detail line, and a
/// chevron; a plain list of them with sample people.
public struct ContactRow: View {
    let name: String
    let detail: String
    let color: Color
    // The circle grows with the text up to 72 points (fixed at 44 the initials were cut at the
    // accessibility sizes; unbounded it left the name a few letters a line at ax5), and the
    // initials shrink to fit it.
    @ScaledMetric(relativeTo: .headline) private var scaledAvatar: CGFloat = 44
    private var avatarSize: CGFloat { min(scaledAvatar, 72) }

    /// A row for one person.
    public init(name: String, detail: String, color: Color) {
        self.name = name
        self.detail = detail
        self.color = color
    }

    private var initials: String {
        name.split(separator: " ").compactMap(\.first).prefix(2).map(String.init).joined()
    }

    public var body: some View {
        HStack(spacing: 12) {
            Text(initials)
                .font(.headline)
                .lineLimit(1)
                .minimumScaleFactor(0.4)
                .foregroundColor(.white)
                .padding(4)
                .frame(width: avatarSize, height: avatarSize)
                .background(Circle().fill(color))
                .accessibilityIdentifier("avatar")
            VStack(alignment: .leading, spacing: 2) {
                Text(name)
                    .font(.body.weight(.medium))
                    .accessibilityIdentifier("name")
                Text(detail)
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            Spacer()
            Image(systemName: "chevron.right")
                .font(.footnote.weight(.semibold))
                .foregroundStyle(.tertiary)
        }
        .padding(.vertical, 4)
    }
}

/// Contacts in a plain list.
public struct ContactList: View {
    /// The list.
    public init() {}

    private let people: [(String, String, Color)] = [
        ("Nadia Okafor", "Mobile · last called yesterday", .orange),
        ("Tomás Ribeiro", "Work · Lisbon office", .teal),
        ("Hiroshi Tanaka", "Home", .purple),
    ]

    public var body: some View {
        List(people, id: \.0) { person in
            ContactRow(name: person.0, detail: person.1, color: person.2)
        }
        .listStyle(.plain)
    }
}
