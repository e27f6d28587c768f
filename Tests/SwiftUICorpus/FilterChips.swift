#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Filter chips in a horizontal scroll view above a results list: the selected chips filled
/// with a checkmark, the others outlined.
public struct FilterChips: View {
    @State private var selected: Set<String> = ["Open now", "Vegetarian"]
    private let filters = ["Open now", "Vegetarian", "Outdoor seating", "Under €15", "Delivery", "Top rated"]

    /// The chips and results.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ScrollView(.horizontal, showsIndicators: false) {
                HStack(spacing: 8) {
                    ForEach(filters, id: \.self) { filter in
                        chip(filter, isOn: selected.contains(filter))
                    }
                }
                .padding(.horizontal)
                .padding(.vertical, 10)
            }
            .accessibilityIdentifier("chips")
            List {
                Text("Café Lumen · 0.4 km")
                Text("Green Table · 1.1 km")
            }
            .listStyle(.plain)
        }
    }

    private func chip(_ title: String, isOn: Bool) -> some View {
        HStack(spacing: 4) {
            if isOn {
                Image(systemName: "checkmark").font(.caption.bold())
            }
            Text(title).font(.subheadline)
        }
        .padding(.horizontal, 12)
        .padding(.vertical, 7)
        .foregroundStyle(isOn ? Color.white : Color.primary)
        .background(Capsule().fill(isOn ? Color.accentColor : Color.clear))
        .overlay(Capsule().strokeBorder(isOn ? Color.clear : Color.gray.opacity(0.4), lineWidth: 1))
        .fixedSize()
        .accessibilityIdentifier("chip-\(title)")
    }
}
