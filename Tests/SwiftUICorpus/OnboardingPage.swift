#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// One onboarding page: a large symbol, a title, a description, and the page's buttons at the
/// bottom (a prominent Continue, a plain Skip), with page dots drawn by hand.
public struct OnboardingPage: View {
    let symbol: String
    let title: String
    let message: String
    let page: Int
    let pageCount: Int
    let showsDots: Bool

    /// A page; `showsDots` false when a paged TabView draws the dots.
    public init(symbol: String = "sparkles", title: String = "Plan your week in minutes",
                message: String = "Drag tasks into the days that suit you; we'll remind you when it's time to start.",
                page: Int = 0, pageCount: Int = 3, showsDots: Bool = true) {
        self.symbol = symbol
        self.title = title
        self.message = message
        self.page = page
        self.pageCount = pageCount
        self.showsDots = showsDots
    }

    public var body: some View {
        VStack(spacing: 20) {
            // The text scrolls at the largest sizes; the buttons stay at the bottom.
            ScrollView {
                content
            }
            if showsDots { pageDots }
            Button {
                withAnimation(.easeInOut) {}
            } label: {
                Text("Continue")
                    .font(.headline)
                    .frame(maxWidth: .infinity)
            }
            .buttonStyle(.borderedProminent)
            .controlSize(.large)
            .accessibilityIdentifier("continue")
            Button("Skip") {}
                .accessibilityIdentifier("skip")
        }
        .padding(.horizontal, 32)
        .padding(.bottom, 16)
    }

    private var content: some View {
        VStack(spacing: 20) {
            Image(systemName: symbol)
                .font(.system(size: 80))
                .foregroundStyle(Color.accentColor)
                .accessibilityHidden(true)
            Text(title)
                .font(.title.bold())
                .multilineTextAlignment(.center)
                .accessibilityIdentifier("title")
            Text(message)
                .font(.body)
                .foregroundStyle(.secondary)
                .multilineTextAlignment(.center)
        }
        .padding(.top, 80)
    }

    private var pageDots: some View {
        HStack(spacing: 8) {
            ForEach(0..<pageCount, id: \.self) { index in
                Circle()
                    .fill(index == page ? Color.accentColor : Color.gray.opacity(0.3))
                    .frame(width: 8, height: 8)
            }
        }
    }
}

struct OnboardingPage_Previews: PreviewProvider {
    static var previews: some View {
        OnboardingPage()
        OnboardingPage(symbol: "bell.badge", title: "Never miss a deadline", message: "Reminders follow you to your watch.", page: 1)
    }
}
