#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// An order summary: line items with their prices, a discount in green, a bold total, a
/// promo code field and a checkout button, in a grouped form.
public struct OrderSummary: View {
    @State private var promo = ""

    /// The summary.
    public init() {}

    public var body: some View {
        Form {
            Section("Items") {
                LabeledContent("Field Notebook ×2", value: "€24.00")
                LabeledContent("Brass Pencil", value: "€32.50")
                    .accessibilityIdentifier("pencil")
            }
            Section {
                LabeledContent("Subtotal", value: "€56.50")
                LabeledContent {
                    Text("−€5.65").foregroundStyle(.green)
                } label: {
                    Text("Member discount")
                }
                LabeledContent("Shipping", value: "Free")
                LabeledContent {
                    Text("€50.85").bold()
                } label: {
                    Text("Total").bold()
                }
                .accessibilityIdentifier("total")
            }
            Section {
                HStack {
                    TextField("Promo code", text: $promo)
                    Button("Apply") {}
                        .disabled(promo.isEmpty)
                }
            }
            Section {
                Button {
                } label: {
                    Text("Place Order").frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .listRowInsets(EdgeInsets())
                .accessibilityIdentifier("checkout")
            }
        }
    }
}
