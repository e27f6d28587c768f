import Foundation

// `.tabViewStyle(.page)`: the style onboarding flows write most (10 of the corpus tally's files).
// A paged TabView shows its selected page (else the first) in all its room, without a tab bar,
// with iOS's page dots over the page's bottom edge unless `indexDisplayMode` is `.never`.

/// A style of tab view, as SwiftUI's `TabViewStyle`: the built-in ones.
public protocol TabViewStyle {
    /// How the style draws (this module's own; the built-in styles only).
    var _isPaged: Bool { get }
    /// Whether the page dots are shown.
    var _showsIndex: Bool { get }
}

/// The tab bar style (iOS's default).
nonisolated public struct DefaultTabViewStyle: TabViewStyle {
    /// The default style.
    public init() {}
    /// Not paged.
    public var _isPaged: Bool { false }
    /// No dots.
    public var _showsIndex: Bool { false }
}

/// Pages side by side, one shown, with page dots, as SwiftUI's `PageTabViewStyle`.
nonisolated public struct PageTabViewStyle: TabViewStyle {
    /// When the page dots are shown.
    public struct IndexDisplayMode: Hashable, Sendable {
        let shows: Bool
        /// Shown when there is more than one page.
        public static let automatic = IndexDisplayMode(shows: true)
        /// Always shown.
        public static let always = IndexDisplayMode(shows: true)
        /// Never shown.
        public static let never = IndexDisplayMode(shows: false)
    }

    let indexDisplayMode: IndexDisplayMode

    /// Pages with their dots shown as `indexDisplayMode` says.
    public init(indexDisplayMode: IndexDisplayMode = .automatic) {
        self.indexDisplayMode = indexDisplayMode
    }

    /// Paged.
    public var _isPaged: Bool { true }
    /// Whether the dots are shown.
    public var _showsIndex: Bool { indexDisplayMode.shows }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    /// The tab bar.
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

extension TabViewStyle where Self == PageTabViewStyle {
    /// Pages with dots.
    public static var page: PageTabViewStyle { PageTabViewStyle() }

    /// Pages with their dots shown as `indexDisplayMode` says.
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

/// How a paged tab view's dots are drawn, as SwiftUI's `IndexViewStyle`: accepted.
public protocol IndexViewStyle {}

/// Page dots, as SwiftUI's `PageIndexViewStyle`: accepted (the dots are drawn without a backdrop).
nonisolated public struct PageIndexViewStyle: IndexViewStyle {
    /// When a backdrop is drawn behind the dots.
    public struct BackgroundDisplayMode: Hashable, Sendable {
        let name: String
        /// As the system chooses.
        public static let automatic = BackgroundDisplayMode(name: "automatic")
        /// Always.
        public static let always = BackgroundDisplayMode(name: "always")
        /// While the dots are touched.
        public static let interactive = BackgroundDisplayMode(name: "interactive")
        /// Never.
        public static let never = BackgroundDisplayMode(name: "never")
    }

    /// Page dots with a backdrop shown as `backgroundDisplayMode` says.
    public init(backgroundDisplayMode: BackgroundDisplayMode = .automatic) {}
}

extension IndexViewStyle where Self == PageIndexViewStyle {
    /// Page dots.
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }

    /// Page dots with a backdrop shown as `backgroundDisplayMode` says.
    public static func page(backgroundDisplayMode: PageIndexViewStyle.BackgroundDisplayMode) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
}

/// A paged tab view's look, from the environment: `nil` for the tab bar, else whether it shows its dots.
private struct PagedTabViewKey: EnvironmentKey { static var defaultValue: Bool? { nil } }

extension EnvironmentValues {
    /// `nil`: a tab bar; `true`/`false`: pages, with or without their dots.
    var pagedTabView: Bool? {
        get { self[PagedTabViewKey.self] }
        set { self[PagedTabViewKey.self] = newValue }
    }
}

extension View {
    /// The tab views inside this view drawn in `style`: a tab bar, or pages.
    public consuming func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        environment(\.pagedTabView, style._isPaged ? style._showsIndex : nil)
    }

    /// The page dots of the paged tab views inside this view drawn in `style`: accepted.
    public consuming func indexViewStyle<S: IndexViewStyle>(_ style: S) -> some View { self }
}

/// A paged tab view: `page` in all the room, and `count` dots (iOS's page control: 7-point dots
/// 9 points apart, the selected one black, the others a quarter as dark; 26 points tall, over
/// the page's bottom edge; our approximation) unless `showsDots` is false.
@MainActor
func pagedTabView(page: [LayoutNode], count: Int, selected: Int, showsDots: Bool) -> some View {
    ResolvedNodes(page)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .overlay(alignment: .bottom) {
            if showsDots && count > 1 {
                HStack(spacing: 9) {
                    ForEach(0..<count, id: \.self) { index in
                        Circle()
                            .fill(Color(white: 0, opacity: index == selected ? 1 : 0.25))
                            .frame(width: 7, height: 7)
                    }
                }
                .frame(height: 26)
                .accessibilityIdentifier("page-dots")
            }
        }
}
