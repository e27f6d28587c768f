import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutTesting

/// Each SwiftUI example against its screen file: the views both name (by id) get the same
/// frames, to half a point, except where flexbox and SwiftUI lay out differently, each
/// difference listed here with why.
@Suite(.dynamicType())
@MainActor
struct TwinFrameTests {
    /// Ids whose frames differ between the screen file (flexbox) and the SwiftUI twin, per
    /// example and category, and why.
    static let expectedDifferences: [String: [ContentSizeCategory: (ids: Set<String>, why: String)]] = [
        "list-cell": [.accessibilityExtraLarge: (
            ["cell", "icon", "labels", "title", "subtitle", "chevron"],
            "the 84 pt device is shorter than the column: a hosting controller centres the taller root (negative y) and "
                + "SwiftUI proposes the text the height left, so the subtitle truncates; flexbox lets the column overflow "
                + "downwards. The icon and chevron scale with @ScaledMetric (pixel-rounded UIFontMetrics), the file's by its own rule")],
        "card": [
            .large: (["caption", "body"],
                     "a VStack sizes a child to its content (the caption hugs its text) where flexbox stretches it across the card"),
            .accessibilityExtraLarge: (["card", "caption", "title", "body"],
                                       "the 372 pt device can't hold the card: SwiftUI truncates the text to the height proposed, "
                                           + "flexbox lets the card overflow"),
        ],
        "button-row": [.accessibilityExtraLarge: (
            ["buttons", "stacked", "secondary-stacked", "primary-stacked"],
            "the stacked buttons are taller than the 84 pt device: centred by the hosting screen (negative y), not top-aligned")],
        "larger-text-row": [.accessibilityExtraLarge: (
            ["row", "title", "toggle"], "the column is taller than the 60 pt device: centred by the hosting screen, not top-aligned")],
        "tab-bar": [.accessibilityExtraLarge: (
            ["heading", "tab-bar", "tab-home", "tab-home-label", "tab-browse", "tab-radio", "tab-library"],
            "taller than the 124 pt device: centred by the hosting screen; the hairline is an overlay in SwiftUI, a 0.5 pt border in the file")],
        "settings": [
            .large: (["account", "connectivity", "alerts", "notifications", "sounds", "focus", "bluetooth-title",
                      "notifications-title", "sounds-title", "focus-title", "footer"],
                     "the ids sit on the padded view in SwiftUI (the group's frame includes its 16 pt margins) where the file "
                         + "names the inner box; hairlines are overlays that take no height, the file's borders take 0.5 pt"),
            .accessibilityExtraLarge: (["account", "avatar", "account-labels", "account-name", "connectivity", "airplane-mode",
                                        "airplane-mode-title", "airplane-mode-toggle", "wifi", "wifi-title", "bluetooth",
                                        "bluetooth-title", "alerts", "notifications", "notifications-title", "sounds",
                                        "sounds-title", "focus", "focus-title", "footer"],
                                       "as at large, and @ScaledMetric grows the avatar and icons by UIFontMetrics' ratio "
                                           + "where the file's `scaling: accessibility` grows them less"),
        ],
    ]

    @Test(arguments: ExampleTwin.all)
    func framesAgreeExceptWhereSaid(_ example: ExampleTwin) throws {
        let screen = try example.screen()
        for category in [ContentSizeCategory.large, .accessibilityExtraLarge] {
            let flex = try screen.layout(at: category)
            let swiftUI = try example.layOut(category)
            var differing: [String] = []
            for node in swiftUI.nodes {
                guard let id = node.id, let twin = flex[id] else { continue }
                let a = node.frame, b = twin.frame
                if abs(a.x - b.x) > 0.5 || abs(a.y - b.y) > 0.5 || abs(a.width - b.width) > 0.5 || abs(a.height - b.height) > 0.5 {
                    differing.append(id)
                }
            }
            let expected = Self.expectedDifferences[example.name]?[category]
            #expect(Set(differing) == expected?.ids ?? [], "\(example) at \(category.shortName): \(expected?.why ?? "none expected")")
        }
    }
}
