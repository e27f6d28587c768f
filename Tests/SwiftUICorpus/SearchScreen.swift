#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A searchable list under a large title: recent searches as rows with a clock symbol, and
/// suggestions with a trailing arrow.
public struct SearchScreen: View {
    @State private var query = ""

    /// The screen.
    public init() {}

    public var body: some View {
        NavigationStack {
            List {
                Section("Recent") {
                    ForEach(["pasta al limone", "miso soup", "banana bread"], id: \.self) { recent in
                        Label(recent, systemImage: "clock.arrow.circlepath")
                            .accessibilityIdentifier("recent-\(recent)")
                    }
                }
                Section("Suggestions") {
                    ForEach(["Quick weeknight dinners", "Vegetarian", "Under 30 minutes"], id: \.self) { suggestion in
                        HStack {
                            Text(suggestion)
                            Spacer()
                            Image(systemName: "arrow.up.left").foregroundStyle(.secondary)
                        }
                    }
                }
            }
            .listStyle(.insetGrouped)
            .navigationTitle("Recipes")
            .searchable(text: $query, prompt: "Dishes, ingredients, cuisines")
        }
    }
}
