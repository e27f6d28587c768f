#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A recipe's ingredients in a Grid: quantities right-aligned in the first column, the
/// ingredient names wrapping in the second, a divider spanning both, and a servings stepper.
public struct RecipeIngredients: View {
    @State private var servings = 4

    /// The ingredients.
    public init() {}

    private let ingredients = [("400 g", "spaghetti"), ("2", "unwaxed lemons, zest and juice"),
                               ("60 g", "Parmigiano Reggiano, finely grated"), ("3 tbsp", "olive oil")]

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Ingredients").font(.title3.bold())
            Stepper("Serves \(servings)", value: $servings, in: 1...12)
                .accessibilityIdentifier("servings")
            Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12, verticalSpacing: 8) {
                ForEach(ingredients, id: \.1) { item in
                    GridRow {
                        Text(item.0)
                            .font(.body.weight(.semibold))
                            .gridColumnAlignment(.trailing)
                            .accessibilityIdentifier("quantity-\(item.1)")
                        Text(item.1)
                            .accessibilityIdentifier("name-\(item.1)")
                    }
                }
                Divider().gridCellColumns(2)
                GridRow {
                    Text("Salt").font(.body.weight(.semibold))
                    Text("to taste").foregroundStyle(.secondary)
                }
            }
        }
        .padding()
    }
}
