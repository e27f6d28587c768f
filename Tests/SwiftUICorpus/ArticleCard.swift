#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A news card: a picture, a category in small capitals, a headline, a summary cut to three
/// lines and a byline, on a white rounded card with a shadow.
public struct ArticleCard: View {
    /// The card.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            LinearGradient(colors: [.teal, .blue], startPoint: .topLeading, endPoint: .bottomTrailing)
                .frame(height: 150)
                .accessibilityIdentifier("picture")
            VStack(alignment: .leading, spacing: 6) {
                Text("CLIMATE")
                    .font(.caption.weight(.bold))
                    .foregroundStyle(.teal)
                Text("The coastal towns planting sea grass to hold back the tide")
                    .font(.title3.weight(.semibold))
                    .accessibilityIdentifier("headline")
                Text("Volunteers in three harbours have replanted forty hectares of meadow since spring, and the first storms of autumn show the difference.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .lineLimit(3)
                    .accessibilityIdentifier("summary")
                HStack {
                    Label("Ines Moreau", systemImage: "person.circle")
                    Spacer()
                    Text("6 min read")
                }
                .font(.caption)
                .foregroundStyle(.secondary)
                .padding(.top, 4)
            }
            .padding(14)
        }
        .background(Color.white)
        .clipShape(RoundedRectangle(cornerRadius: 16, style: .continuous))
        .shadow(color: .black.opacity(0.1), radius: 8, x: 0, y: 4)
        .accessibilityIdentifier("card")
        .padding()
        .frame(maxHeight: .infinity, alignment: .top)
        .background(Color(red: 0.95, green: 0.95, blue: 0.97))
    }
}

struct ArticleCard_Previews: PreviewProvider {
    static var previews: some View { ArticleCard() }
}
