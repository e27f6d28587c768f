import Foundation
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutAudit
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTestSupport
import TypeLayoutTesting

/// The example settings app (Examples/swiftui/SettingsApp): its previews' goldens, one in
/// Arabic, and its string catalog against the strings its screens show.
@Suite(.dynamicType())
@MainActor
struct SettingsAppTests {
    /// The app's previews, as its preview command lists them.
    static let previews = [
        Preview(SettingsApp_Previews.self), Preview(SettingsHome_Previews.self), Preview(NotificationSettings_Previews.self),
        Preview(DisplaySettings_Previews.self), Preview(AboutSettings_Previews.self), Preview(Profile_Previews.self),
    ]

    /// The app's catalog, read as the preview command reads it.
    static func catalog() throws -> [LocalizedString] {
        let path = TestPaths.packageRoot.appendingPathComponent("Examples/swiftui/SettingsApp/Localizable.xcstrings").path
        let file = try StringFileReader.parse(contentsOf: path)
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        return file.strings
    }

    static func lookup() throws -> LocalizedStringLookup {
        let strings = ScreenStrings(try catalog())
        return { key, language in strings.text(key: key, language: language) }
    }

    @Test func previewGoldens() throws {
        let names = assertPreviewGoldens(Self.previews, device: .iPhone16,
                                         categories: [.large, .extraExtraExtraLarge, .accessibilityMedium, .accessibilityExtraExtraExtraLarge],
                                         language: "en", localizedStrings: try Self.lookup())
        #expect(names == ["SettingsApp_Previews", "SettingsHome_Previews", "NotificationSettings_Previews",
                          "DisplaySettings_Previews", "AboutSettings_Previews", "Profile_Previews"])
    }

    /// The whole app in Arabic: laid out right to left, its text from the catalog.
    @Test func arabicIsRightToLeft() throws {
        let layouts = assertGoldenContactSheet(of: SettingsAppRoot(), named: "SettingsApp-ar", device: .iPhone16,
                                               categories: [.large, .accessibilityMedium], language: "ar",
                                               localizedStrings: try Self.lookup())
        try #require(layouts.count == 2)
        for layout in layouts {
            let width = layout.device.width
            // The large title (the catalog's "Settings", the topmost) ends at the right-hand margin.
            let titled = layout.nodes.filter { $0.text?.lines.map(\.text).joined() == "الإعدادات" }.sorted { $0.frame.y < $1.frame.y }
            let title = try #require(titled.first)
            let titleText = try #require(firstText(in: layout, under: "large-title"))
            #expect(titleText.lines.map(\.text).joined() == "الإعدادات")
            #expect(abs(title.frame.x + title.frame.width - (width - 16)) < 1, "\(layout.category.shortName)")
            // The first tab (Settings, chosen) is on the right half of the bar.
            let bar = try #require(layout["tab-bar"])
            let tabTexts = layout.nodes.filter { $0.text != nil && $0.frame.y >= bar.frame.y }
            let settingsTab = try #require(tabTexts.first { $0.text?.lines.map(\.text).joined() == "الإعدادات" })
            let profileTab = try #require(tabTexts.first { $0.text?.lines.map(\.text).joined() == "الملف الشخصي" })
            #expect(settingsTab.frame.x > width / 2 && profileTab.frame.x + profileTab.frame.width < width / 2)
            // Switches sit at the rows' left-hand ends.
            let row = try #require(layout["airplane-mode"])
            let switchNode = try #require(layout.nodes.first { $0.frame.width == 51 && $0.frame.height == 31 })
            #expect(abs(switchNode.frame.x - row.frame.x) < 0.5)
        }
    }

    /// Every string a screen looks up is in the catalog in English, German and Arabic.
    @Test func everyShownStringIsTranslated() throws {
        let strings = try Self.catalog()
        var languagesByKey: [String: Set<String>] = [:]
        for string in strings { languagesByKey[string.key, default: []].insert(string.language) }
        let asked = KeyLog()
        let lookup: LocalizedStringLookup = { key, _ in asked.add(key); return nil }
        for preview in Self.previews {
            _ = try HostingScreen(rootView: preview.makeView(), device: .iPhone16, localizedStrings: lookup)
                .layout(category: .large, language: "en")
        }
        let keys = asked.keys
        #expect(keys.contains("Settings") && keys.contains("Badge Limit: %lld") && keys.contains("Sign Out"))
        for key in keys.sorted() {
            #expect(languagesByKey[key] == ["en", "de", "ar"], "\(key)")
        }
    }

    /// German's long compounds and Arabic stay on the screen at the largest size: no text runs
    /// past the device's edges.
    @Test(arguments: ["de", "ar"]) func longestLanguageStaysOnScreen(language: String) throws {
        let lookup = try Self.lookup()
        for preview in Self.previews {
            let layout = try HostingScreen(rootView: preview.makeView(), device: .iPhone16, typeContext: .current, localizedStrings: lookup)
                .layout(category: .accessibilityExtraExtraExtraLarge, language: language)
            for node in layout.nodes where node.text != nil {
                #expect(node.frame.x >= -0.5 && node.frame.x + node.frame.width <= layout.device.width + 0.5,
                        "\(preview.displayName) \(language): \(node.text?.lines.map(\.text).joined() ?? "")")
            }
        }
    }
}

/// The keys a layout asked for (the lookup is called on the main actor, during the layout).
private final class KeyLog: @unchecked Sendable {
    private(set) var keys: Set<String> = []
    func add(_ key: String) { keys.insert(key) }
}
