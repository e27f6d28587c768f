#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A custom tab bar, drawn by hand as many apps draw theirs: icons over short titles sharing the
/// width, the selected tab tinted with a capsule indicator above it, on a white bar with a shadow.
public struct CustomTabBar: View {
    /// The app's tabs.
    public enum Tab: String, CaseIterable, Identifiable {
        case home, explore, saved, profile
        /// The tab's identity.
        public var id: String { rawValue }
        var symbol: String {
            switch self {
            case .home: "house"
            case .explore: "safari"
            case .saved: "bookmark"
            case .profile: "person"
            }
        }
        var title: String { rawValue.capitalized }
    }

    @State private var selection: Tab

    /// A bar with `selection` chosen.
    public init(selection: Tab = .home) {
        _selection = State(initialValue: selection)
    }

    public var body: some View {
        VStack {
            Spacer()
            HStack(spacing: 0) {
                ForEach(Tab.allCases) { tab in
                    VStack(spacing: 4) {
                        Capsule()
                            .fill(tab == selection ? Color.accentColor : Color.clear)
                            .frame(width: 24, height: 3)
                        Image(systemName: tab.symbol)
                            .symbolVariant(tab == selection ? .fill : .none)
                            .font(.title3)
                        Text(tab.title)
                            .font(.caption2)
                            .lineLimit(1)
                    }
                    .foregroundStyle(tab == selection ? Color.accentColor : Color.gray)
                    .frame(maxWidth: .infinity)
                    .contentShape(Rectangle())
                    .onTapGesture { selection = tab }
                    .accessibilityIdentifier("tab-\(tab.rawValue)")
                }
            }
            .padding(.top, 6)
            .padding(.bottom, 8)
            .background(Color.white.shadow(radius: 2))
            .accessibilityIdentifier("bar")
        }
        .dynamicTypeSize(...DynamicTypeSize.accessibility2)
    }
}
