import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutTesting
import TypeLayoutRendering

/// The example screens (Examples/screens/) as pictures, with every node's frame as a sidecar:
/// each at large, xxxLarge and ax3, and the settings screen at all 12 categories in one sheet.
@Suite struct ExampleGoldenTests {
    func example(_ name: String) throws -> Screen { try ExampleScreens.screen(name) }

    @Test(arguments: ExampleScreens.names)
    func examples(name: String) throws {
        assertGolden(
            of: try example(name), named: name,
            categories: [.large, .extraExtraExtraLarge, .accessibilityExtraLarge], scale: 1)
    }

    @Test func settingsSheet() throws {
        assertGoldenContactSheet(of: try example("settings"), named: "settings")
    }
}
