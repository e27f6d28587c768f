import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutTesting
import TypeLayoutTestSupport

/// Issue 29: what a new user meets from the README: the keyed text's error names the valid
/// shapes, the README's whole node parses, a screen file reads from a URL or a path, and the
/// trait's arguments the docs show work.
@Suite(.temporaryFolders) struct ScreenFileTrustTests {
    @Test func aKeyInsideTextNamesTheValidShapes() {
        let message: String
        do {
            _ = try ScreenFile.parse("device: { width: 390, height: 844 }\nroot:\n  text: { text: { key: settings.title } }\n",
                                     fileName: "s.yaml", format: .yaml)
            message = "parsed"
        } catch { message = error.description }
        #expect(message.hasPrefix("s.yaml:3:17: error: expected 'text' to be a string; got an object; a node's text is `text: Hello`"), "\(message)")
        #expect(message.contains("`text: { key: settings.title, font: { style: body } }` (key beside font, not inside text)"))
    }

    /// The README's example of a keyed text is a whole node that parses as it stands.
    @Test func theReadmesKeyedNodeParses() throws {
        let readme = try String(contentsOf: TestPaths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "as in this whole node"))
        let block = try #require(readme[start.upperBound...].range(of: "```yaml\n"))
        let end = try #require(readme[block.upperBound...].range(of: "```"))
        let node = readme[block.upperBound..<end.lowerBound].split(separator: "\n").map { "  " + $0.dropFirst(2) }.joined(separator: "\n")
        let screen = try ScreenFile.parse("device: { width: 390, height: 844 }\nroot:\n  children:\n\(node)\n", fileName: "r.yaml", format: .yaml)
        guard case let .text(text) = screen.root.children.first?.content else {
            Issue.record("expected a text node")
            return
        }
        #expect(screen.root.children.first?.id == "title" && text.key == "settings.title" && text.arguments == ["Jo", "3"])
        #expect(text.numberOfLines == 2)
    }

    @Test func aScreenFileReadsFromAURLOrAPath() throws {
        let url = try TestPaths.temporaryDirectory().appendingPathComponent("s.yaml")
        try "device: { width: 390, height: 844 }\nroot:\n  id: only\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(try ScreenFile.read(contentsOf: url).root.id == "only")
        #expect(try ScreenFile.read(atPath: url.path).root.id == "only")
        #expect(throws: ScreenFileError.self) { try ScreenFile.read(contentsOf: URL(string: "https://example.com/s.yaml")!) }
    }

    /// The trait example of docs/GOLDENS.md and the DocC comment.
    @Test(.dynamicType(category: .accessibilityExtraExtraExtraLarge,
                       platform: .reactNative(ReactNativeTextScaling(maxFontSizeMultiplier: 2, renderer: .classic))))
    func theTraitsReactNativeExampleSetsTheContext() throws {
        let context = DynamicTypeContext.current
        #expect(context.contentSizeCategory == .accessibilityExtraExtraExtraLarge)
        #expect(context.platform == .reactNative(ReactNativeTextScaling(maxFontSizeMultiplier: 2, renderer: .classic)))
        // A 17 pt body capped at 2×: 34 pt, rounded by the classic renderer.
        #expect(try Font.preferredFont(forTextStyle: .body, in: context).pointSize == 34)
    }

    @Test(.dynamicType(displayScale: 3, platform: .android(AndroidFontScale(1.3)), legibilityWeight: .bold))
    func theTraitsAndroidExampleSetsTheContext() {
        let context = DynamicTypeContext.current
        #expect(context.displayScale == 3 && context.platform == .android(AndroidFontScale(1.3)) && context.legibilityWeight == .bold)
    }
}
