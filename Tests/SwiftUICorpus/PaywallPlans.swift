#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A subscription paywall: a crown, a headline, a checklist of benefits, two selectable plan
/// cards (one with a "Best value" badge) and a subscribe button, in a scroll view.
public struct PaywallPlans: View {
    @State private var annual = true

    /// The paywall.
    public init() {}

    public var body: some View {
        ScrollView {
            VStack(spacing: 20) {
                Image(systemName: "crown.fill")
                    .font(.system(size: 44))
                    .foregroundStyle(.yellow)
                Text("Unlock Studio Pro")
                    .font(.title.bold())
                    .accessibilityIdentifier("headline")
                VStack(alignment: .leading, spacing: 10) {
                    Label("Unlimited projects", systemImage: "checkmark.circle.fill")
                    Label("Export in 4K", systemImage: "checkmark.circle.fill")
                    Label("Cloud backup of every version", systemImage: "checkmark.circle.fill")
                }
                .foregroundStyle(.primary)
                .frame(maxWidth: .infinity, alignment: .leading)
                plan(title: "Yearly", price: "€39.99 / year", note: "€3.33 a month", selected: annual, badge: "Best value")
                    .accessibilityIdentifier("plan-yearly")
                plan(title: "Monthly", price: "€5.99 / month", note: "Cancel anytime", selected: !annual, badge: nil)
                    .accessibilityIdentifier("plan-monthly")
                Button {
                } label: {
                    Text("Start Free Trial").font(.headline).frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .accessibilityIdentifier("subscribe")
                Text("7 days free, then \(annual ? "€39.99 per year" : "€5.99 per month").")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            .padding(24)
        }
    }

    private func plan(title: String, price: String, note: String, selected: Bool, badge: String?) -> some View {
        HStack {
            Image(systemName: selected ? "largecircle.fill.circle" : "circle")
                .foregroundStyle(selected ? Color.accentColor : Color.gray)
            VStack(alignment: .leading, spacing: 2) {
                // The badge sits in the text column: drawn over the card's corner, it covered
                // the plan's title at the accessibility sizes (the corpus test found it).
                if let badge {
                    Text(badge.uppercased())
                        .font(.caption2.bold())
                        .foregroundColor(.white)
                        .padding(.horizontal, 8)
                        .padding(.vertical, 3)
                        .background(Capsule().fill(Color.orange))
                }
                Text(title).font(.headline)
                Text(note).font(.caption).foregroundStyle(.secondary)
            }
            Spacer()
            Text(price).font(.subheadline.weight(.semibold))
        }
        .padding()
        .overlay(RoundedRectangle(cornerRadius: 14).stroke(selected ? Color.accentColor : Color.gray.opacity(0.3), lineWidth: 2))
    }
}
