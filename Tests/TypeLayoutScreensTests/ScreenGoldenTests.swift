import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutTesting
import TypeLayoutRendering

/// Screens checked as goldens: each category's picture and frames dump, and a sheet of all
/// twelve, with the facts the pictures must show checked too.
@Suite(.dynamicType(category: .large, scaling: .metrics)) struct ScreenGoldenTests {
    /// A settings card: the "Larger Text" row (its switch below the label from
    /// accessibilityMedium up), a list cell with an icon that grows with the text, and a
    /// clipping box, on a small device so that the largest sizes run past the fold.
    static let yaml = """
        device: { width: 320, height: 420 }
        background: "#F2F2F7"
        root:
          style: { padding: 16, gap: 12 }
          children:
            - id: card
              style: { backgroundColor: "#FFFFFF", borderRadius: 12, borderWidth: 1, borderColor: "#C6C6C8", overflow: hidden }
              children:
                - id: row
                  style:
                    flexDirection: { default: row, accessibility: column }
                    alignItems: { default: center, accessibility: flex-start }
                    padding: { scaled: 12, relativeTo: body }
                    gap: 8
                  children:
                    - id: title
                      style: { flexShrink: 1, flexGrow: 1 }
                      text: { text: Larger Text, font: { style: body } }
                    - id: toggle
                      style: { width: 51, height: 31, borderRadius: 15.5, backgroundColor: "#34C759", alignItems: flex-end, padding: 2 }
                      children:
                        - style: { width: 27, height: 27, borderRadius: 13.5, backgroundColor: "#FFFFFF", borderWidth: 0.5, borderColor: "#00000022" }
                - id: cell
                  style: { flexDirection: row, alignItems: center, gap: 10, padding: 12, borderTopWidth: 1, borderColor: "#E5E5EA" }
                  children:
                    - id: icon
                      style: { borderRadius: 6, overflow: hidden }
                      image: { width: 28, height: 28, color: "#007AFF", scaling: { relativeTo: body } }
                    - id: subtitle
                      style: { flexShrink: 1 }
                      text: { text: "Display & Brightness, with a subtitle that wraps", font: { style: subheadline }, color: "#6D6D72" }
            - id: clip
              style: { height: 40, backgroundColor: "#FFCC00", borderRadius: 8, borderWidth: 3, borderColor: "#FF9500", overflow: hidden }
              children:
                - style: { position: absolute, left: -20, top: 10, width: 120, height: 60, backgroundColor: "#FF3B30" }
        """

    static func screen() throws -> Screen {
        try ScreenFile.parse(yaml, fileName: "settings-card.yaml", format: .yaml)
    }

    @Test func settingsCard() throws {
        let layouts = assertGolden(of: try Self.screen(), named: "card",
                                   categories: [.large, .accessibilityMedium, .accessibilityExtraExtraExtraLarge])
        try #require(layouts.count == 3)
        for layout in layouts {
            let title = try #require(layout["title"]), toggle = try #require(layout["toggle"])
            let below = toggle.frame.y >= title.frame.y + title.frame.height - 0.01
            #expect(below == layout.category.isAccessibilityCategory, "\(layout.category)")
        }
        // The icon grows with the text; the largest size runs past the fold.
        #expect(layouts[0]["icon"]!.frame.width < layouts[2]["icon"]!.frame.width)
        #expect(layouts[0].contentHeight == 420 && layouts[2].contentHeight > 420)
    }

    @Test func settingsCardSheet() throws {
        let layouts = assertGoldenContactSheet(of: try Self.screen(), named: "card", debugFrames: true)
        #expect(layouts.map(\.category) == ContentSizeCategory.allCases)
    }
}

/// The frames sidecar as the golden harness reads, writes and compares it.
@Suite struct ScreenFramesSidecarTests {
    @Test func aChangedFrameIsNamedByItsLine() throws {
        let reference = GoldenFacts.screenFrames("{\n  \"x\" : 1,\n  \"y\" : 2\n}")
        let actual = GoldenFacts.screenFrames("{\n  \"x\" : 1,\n  \"y\" : 3\n}")
        #expect(actual.differences(from: reference) == ["frames line 3 was \"y\" : 2, now \"y\" : 3"])
        #expect(reference.differences(from: reference).isEmpty)
        #expect(GoldenFacts.screenFrames("{}").differences(from: .layouts([])) == ["the reference holds another kind of facts"])
    }

    /// A changed string shows in the sidecar, not only in the pixels: each text's string and
    /// its lines as shown, beside its line count and truncation.
    @Test func theSidecarHoldsEachTextsStringLinesAndTruncation() throws {
        let screen = try ScreenFile.parse("""
            device: { width: 120, height: 200 }
            root:
              children:
                - id: done
                  text: { text: Fertig und weiter, numberOfLines: 1 }
            """, fileName: "s.yaml", format: .yaml)
        let frames = try screen.layouts(at: [.large], in: DynamicTypeContext())[0].framesJSON()
        #expect(frames.contains("\"text\" : \"Fertig und weiter\""), "\(frames)")
        #expect(frames.contains("\"lineTexts\" : [\n        \"Fertig und") && frames.contains("…\"\n      ]"), "\(frames)")
        #expect(frames.contains("\"truncated\" : true") && frames.contains("\"lines\" : 1"))
    }

    @Test func theFileEndsInANewlineAndReadsBackEqual() throws {
        let facts = GoldenFacts.screenFrames("{\n}")
        let data = try facts.encoded()
        #expect(data.last == UInt8(ascii: "\n"))
        #expect(try facts.decoded(from: data) == facts)
    }
}
