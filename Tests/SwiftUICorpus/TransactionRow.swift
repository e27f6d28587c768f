#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A bank transaction row that reads @Environment(\.dynamicTypeSize): at the accessibility
/// sizes the amount moves under the merchant instead of beside it.
public struct TransactionRow: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    let merchant: String
    let category: String
    let amount: String

    /// A row for one payment.
    public init(merchant: String, category: String, amount: String) {
        self.merchant = merchant
        self.category = category
        self.amount = amount
    }

    public var body: some View {
        if dynamicTypeSize.isAccessibilitySize {
            VStack(alignment: .leading, spacing: 4) {
                details
                amountText
            }
        } else {
            HStack {
                details
                Spacer(minLength: 12)
                amountText
            }
        }
    }

    private var details: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(merchant).font(.body).accessibilityIdentifier("merchant")
            Text(category).font(.caption).foregroundStyle(.secondary)
        }
    }

    private var amountText: some View {
        Text(amount)
            .font(.body.weight(.semibold))
            .monospacedDigit()
            .accessibilityIdentifier("amount")
    }
}

/// Recent transactions.
public struct TransactionList: View {
    /// The list.
    public init() {}

    public var body: some View {
        List {
            Section("Today") {
                TransactionRow(merchant: "Corner Bakery", category: "Food & Drink", amount: "−€4.80")
                TransactionRow(merchant: "City Transit Monthly Pass", category: "Transport", amount: "−€49.00")
            }
        }
    }
}
