#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Empty states: iOS 17's ContentUnavailableView for a list with nothing in it, and the search
/// variant, as apps show them in place of a list.
public struct EmptyStates: View {
    let searching: Bool

    /// The empty list, or the empty search when `searching`.
    public init(searching: Bool = false) { self.searching = searching }

    public var body: some View {
        if searching {
            ContentUnavailableView.search(text: "ferns")
                .accessibilityIdentifier("empty")
        } else {
            ContentUnavailableView {
                Label("No Plants Yet", systemImage: "leaf")
            } description: {
                Text("Add the plants you care for and we'll remind you when they need water.")
            } actions: {
                Button("Add a Plant") {}
                    .buttonStyle(.borderedProminent)
                    .accessibilityIdentifier("add")
            }
            .accessibilityIdentifier("empty")
        }
    }
}
