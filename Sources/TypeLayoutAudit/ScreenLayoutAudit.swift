import TypeLayout
import TypeLayoutGallery
import TypeLayoutScreens

// The audit and the gallery over layouts made elsewhere: TypeLayoutSwiftUI's `HostingScreen`
// lays a team's SwiftUI views out into the same `ScreenLayout`s that screen files become.

extension ScreenAudit {
    /// The findings of layouts already made, one per category of one language (a SwiftUI view's
    /// `HostingScreen(rootView:device:).layouts(categories:language:)`), category by category,
    /// as ``check(_:name:language:strings:categories:context:engine:)`` finds a screen file's.
    ///
    /// - Parameters:
    ///   - layouts: the layouts, each at its category.
    ///   - name: the screen's name in the findings (the view's name).
    ///   - language: the language the layouts' text is in.
    /// - Returns: the findings, in the layouts' order.
    public static func check(layouts: [ScreenLayout], name: String, language: String) -> [ScreenFinding] {
        layouts.flatMap { findings(in: $0, screen: name, language: language) }
    }
}

extension ScreenGallery {
    /// The review findings of layouts already made (a SwiftUI view's, one per category), as
    /// ``findings(of:name:language:strings:categories:findings:layouts:)`` makes a screen
    /// file's: one per node, other node and rule, each pictured at `large` (when `layouts` has
    /// it) and at each category it fails at, drawn from `layouts`.
    ///
    /// - Parameters:
    ///   - layouts: the layouts the findings were found in, each at its category.
    ///   - name: the screen's name in the captions.
    ///   - language: the language the layouts' text is in.
    ///   - findings: ``ScreenAudit/check(layouts:name:language:)``'s findings of them;
    ///     information only (``ScreenRule/isFailure`` false) is left out.
    /// - Returns: the review findings.
    public func findings(ofLayouts layouts: [ScreenLayout], name: String, language: String,
                         findings: [ScreenFinding]) -> [ReviewFinding] {
        var laidOut: [ContentSizeCategory: ScreenLayout] = [:]
        for layout in layouts { laidOut[layout.category] = layout }
        return reviewFindings(findings.filter(\.rule.isFailure), name: name, language: language,
                              checked: layouts.map(\.category), laidOut: laidOut, layOut: nil)
    }
}
