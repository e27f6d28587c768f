#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Examples/screens/card.yaml in SwiftUI: a picture above a title and a paragraph that wraps.
/// The picture is a filled shape of the photo's size (the screen file's PNG is not part of
/// this target).
public struct Card: View {
    /// The card.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Rectangle()
                .fill(Color(hex: 0x7FA36B))
                .frame(width: 343, height: 160)
                .accessibilityIdentifier("picture")
            VStack(alignment: .leading, spacing: 4) {
                Text("Spring in the Hills").font(.title3).fontWeight(.semibold)
                    .accessibilityIdentifier("title")
                Text("Green slopes, a warm sun and the long evenings are back: take a walk before the summer crowds arrive.")
                    .font(.body)
                    .foregroundColor(Color(hex: 0x3C3C43))
                    .accessibilityIdentifier("body")
            }
            .padding(16)
            .accessibilityIdentifier("caption")
        }
        .background(Color.white)
        .clipShape(RoundedRectangle(cornerRadius: 12))
        .accessibilityIdentifier("card")
        .padding(16)
        .frame(maxHeight: .infinity, alignment: .top)
        .background(Color.groupedBackground)
    }
}
