import Foundation

// The older navigation-bar modifiers that much view code still uses, and bar and form settings
// that change nothing drawn here.

extension View {
    /// The navigation bar's title (the older name of `navigationTitle`).
    public consuming func navigationBarTitle(_ title: Text) -> some View { navigationTitle(title) }

    /// The navigation bar's title, a localized string key (the older name).
    public consuming func navigationBarTitle(_ titleKey: LocalizedStringKey) -> some View { navigationTitle(Text(titleKey)) }

    /// The navigation bar's title and how it shows (the older form).
    public consuming func navigationBarTitle(_ titleKey: LocalizedStringKey, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(Text(titleKey)).navigationBarTitleDisplayMode(displayMode)
    }

    /// Items at the two ends of the navigation bar (the older form of `.toolbar`).
    public consuming func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View {
        toolbar {
            ToolbarItem(placement: .navigationBarLeading) { leading }
            ToolbarItem(placement: .navigationBarTrailing) { trailing }
        }
    }

    /// An item at the leading end of the navigation bar (the older form).
    public consuming func navigationBarItems<L: View>(leading: L) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarLeading) { leading } }
    }

    /// An item at the trailing end of the navigation bar (the older form).
    public consuming func navigationBarItems<T: View>(trailing: T) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarTrailing) { trailing } }
    }

    /// The bars' background: accepted, drawn in iOS's default chrome.
    public consuming func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }

    /// The space between list rows: accepted, rows touch here as in the default.
    public consuming func listRowSpacing(_ spacing: CGFloat?) -> some View { self }

    /// The forms inside this view in `style`: every form is drawn grouped, as on iOS.
    public consuming func formStyle<S: FormStyle>(_ style: S) -> some View { self }
}

/// A style of form, as SwiftUI's `FormStyle`: on iOS every form is grouped.
public protocol FormStyle {}

/// The platform's form style.
nonisolated public struct AutomaticFormStyle: FormStyle {
    /// The automatic style.
    public init() {}
}

/// Rows in rounded groups.
nonisolated public struct GroupedFormStyle: FormStyle {
    /// The grouped style.
    public init() {}
}

/// Labels and controls in columns (macOS); grouped here.
nonisolated public struct ColumnsFormStyle: FormStyle {
    /// The columns style.
    public init() {}
}

extension FormStyle where Self == AutomaticFormStyle {
    /// The platform's style.
    public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}

extension FormStyle where Self == GroupedFormStyle {
    /// Rows in rounded groups.
    public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}

extension FormStyle where Self == ColumnsFormStyle {
    /// Labels and controls in columns.
    public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}
