#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// An app's root: a TabView of four tabs with labels and a badge, each tab a navigation stack.
public struct TabApp: View {
    @State private var selection = 0

    /// The app.
    public init() {}

    public var body: some View {
        TabView(selection: $selection) {
            NavigationStack {
                List(1...4, id: \.self) { day in
                    Text("Day \(day): Coastal walk")
                }
                .navigationTitle("Itinerary")
            }
            .tabItem { Label("Trips", systemImage: "airplane") }
            .tag(0)
            NavigationStack {
                Text("No saved places yet").foregroundStyle(.secondary)
                    .navigationTitle("Saved")
            }
            .tabItem { Label("Saved", systemImage: "heart") }
            .tag(1)
            NavigationStack {
                Text("Inbox").navigationTitle("Messages")
            }
            .tabItem { Label("Messages", systemImage: "bubble.left.and.bubble.right") }
            .badge(5)
            .tag(2)
            NavigationStack {
                Text("Settings").navigationTitle("Settings")
            }
            .tabItem { Label("Settings", systemImage: "gearshape") }
            .tag(3)
        }
    }
}
