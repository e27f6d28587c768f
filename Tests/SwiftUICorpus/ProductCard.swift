#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A shop's product card in a two-column grid: a square picture, the name on two lines, the
/// price and an add-to-bag button.
public struct ProductCard: View {
    let name: String
    let price: String
    let color: Color

    /// A card for one product.
    public init(name: String, price: String, color: Color) {
        self.name = name
        self.price = price
        self.color = color
    }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            RoundedRectangle(cornerRadius: 12)
                .fill(color.opacity(0.25))
                .aspectRatio(1, contentMode: .fit)
                .overlay {
                    Image(systemName: "bag")
                        .font(.largeTitle)
                        .foregroundStyle(color)
                }
            Text(name)
                .font(.subheadline.weight(.medium))
                .lineLimit(2)
                .accessibilityIdentifier("name-\(name)")
            Text(price)
                .font(.headline)
            Button {
            } label: {
                Label("Add", systemImage: "plus")
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.bordered)
            .accessibilityIdentifier("add-\(name)")
        }
    }
}

/// Products in a lazy two-column grid inside a scroll view.
public struct ProductGrid: View {
    /// The grid.
    public init() {}

    private let columns = [GridItem(.flexible(), spacing: 16), GridItem(.flexible(), spacing: 16)]

    public var body: some View {
        ScrollView {
            LazyVGrid(columns: columns, spacing: 20) {
                ProductCard(name: "Linen Shirt", price: "€59", color: .orange)
                ProductCard(name: "Merino Wool Travel Blanket", price: "€120", color: .indigo)
                ProductCard(name: "Canvas Tote", price: "€25", color: .green)
                ProductCard(name: "Ceramic Mug", price: "€18", color: .pink)
            }
            .padding()
        }
    }
}
