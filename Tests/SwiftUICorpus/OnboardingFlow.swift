#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// An onboarding flow as most apps write it: three pages in a TabView with the page style,
/// the selection bound to a @State index, the TabView drawing the page dots over the bottom.
public struct OnboardingFlow: View {
    @State private var page: Int

    /// The flow, showing `page`.
    public init(page: Int = 0) {
        _page = State(initialValue: page)
    }

    public var body: some View {
        TabView(selection: $page) {
            OnboardingPage(symbol: "sparkles", title: "Plan your week in minutes",
                           message: "Drag tasks into the days that suit you.", page: 0, showsDots: false)
                .tag(0)
            OnboardingPage(symbol: "bell.badge", title: "Never miss a deadline",
                           message: "Reminders follow you to your watch.", page: 1, showsDots: false)
                .tag(1)
            OnboardingPage(symbol: "person.2", title: "Share the load",
                           message: "Invite your household and split the chores.", page: 2, showsDots: false)
                .tag(2)
        }
        .tabViewStyle(.page(indexDisplayMode: .always))
        .indexViewStyle(.page(backgroundDisplayMode: .always))
        .onAppear {}
    }
}
