import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutAudit

/// Issue 29: text stays inside its box, as React Native's does, and overlaps are found
/// wherever the two nodes are in the tree.
@Suite struct ScreenTrustTests {
    typealias Builder = ScreenFindingsTests.Builder

    /// A one-line "Fertig" in a 32 pt button: at ax3 it truncates inside the button instead of
    /// spilling out of it, and the audit says `truncated`.
    @Test func textInABoxTruncatesInsideItsParent() throws {
        let screen = try ScreenFile.parse("""
            device: { width: 390, height: 844 }
            root:
              style: { padding: 16, alignItems: flex-start }
              children:
                - id: done-button
                  role: button
                  style: { width: 32, minHeight: 44, alignItems: center, justifyContent: center }
                  children:
                    - id: done
                      text: { text: Fertig, numberOfLines: 1 }
                - id: row
                  style: { flexDirection: row, width: 60 }
                  children:
                    - id: in-row
                      text: { text: Zusammenfassung, numberOfLines: 1 }
            """, fileName: "s.yaml", format: .yaml)
        let layout = try screen.layouts(at: [.accessibilityExtraLarge], in: DynamicTypeContext())[0]
        let done = try #require(layout.nodes.first { $0.id == "done" })
        let button = try #require(layout.nodes.first { $0.id == "done-button" })
        #expect(done.frame.width <= button.frame.width + 1e-9, "\(done.frame) in \(button.frame)")
        #expect(done.frame.x >= button.frame.x - 1e-9)
        #expect(done.text?.isTruncated == true)
        let inRow = try #require(layout.nodes.first { $0.id == "in-row" })
        #expect(inRow.frame.width <= 60 + 1e-9 && inRow.text?.isTruncated == true, "\(inRow.frame)")
        let findings = ScreenAudit.findings(in: layout, screen: "s", language: "de")
        #expect(findings.contains { $0.node == "done" && $0.rule == .truncated })
        #expect(findings.contains { $0.node == "in-row" && $0.rule == .truncated })
        #expect(!findings.contains { $0.rule == .overlap }, "\(findings)")
    }

    /// A text spilling over a navigation title in another branch of the tree is an overlap.
    @Test func overlapsAreFoundAcrossTheTree() throws {
        var screen = Builder()
        let root = screen.add("root", parent: nil, 0, 0, 390, 844)
        let bar = screen.add("navigation-bar", parent: root, 0, 0, 390, 44)
        screen.add("nav-title", parent: bar, 120, 10, 150, 24, text: try ScreenFindingsTests.text("Einstellungen", width: 150))
        let toolbar = screen.add("toolbar", parent: root, 0, 0, 100, 44)
        // Spilled out of its 32 pt toolbar button, over the title.
        let button = screen.add("done-button", parent: toolbar, 8, 0, 32, 44, role: .button)
        screen.add("done", parent: button, 8, 10, 180, 24, text: try ScreenFindingsTests.text("Fertig", width: 180))
        #expect(ScreenFindingsTests.summary(screen.layout()).filter { $0.hasPrefix("overlap") } == ["overlap done nav-title"])
    }

    /// Boxes that hold one another, and a node and what it holds, are never an overlap; nor are
    /// two containers that draw nothing unless they are siblings.
    @Test func containmentAndUndrawnCousinsAreNotOverlaps() throws {
        var screen = Builder()
        let root = screen.add("root", parent: nil, 0, 0, 390, 844)
        let left = screen.add("left", parent: root, 0, 0, 200, 100)
        let right = screen.add("right", parent: root, 300, 0, 90, 100)
        screen.add("left-box", parent: left, 150, 0, 100, 50)
        screen.add("right-box", parent: right, 200, 20, 100, 50)
        screen.add("label", parent: left, 10, 10, 50, 20, text: try ScreenFindingsTests.text("Hi", width: 50))
        #expect(ScreenFindingsTests.summary(screen.layout()).filter { $0.hasPrefix("overlap") } == [])
    }

    /// Many texts: the sweep compares only frames that cross in x, and finds the same pairs as
    /// comparing every pair would.
    @Test func theSweepFindsWhatEveryPairWould() throws {
        var screen = Builder()
        let root = screen.add("root", parent: nil, 0, 0, 390, 2000)
        let label = try ScreenFindingsTests.text("x", width: 30)
        var frames: [BoxRect] = []
        for index in 0..<200 {
            let parent = screen.add("p\(index)", parent: root, 0, 0, 390, 2000)
            let frame = BoxRect(x: Double((index * 37) % 360), y: Double((index * 53) % 1900), width: 30, height: 20)
            frames.append(frame)
            screen.add("t\(index)", parent: parent, frame.x, frame.y, frame.width, frame.height, text: label)
        }
        var expected = 0
        for a in 0..<frames.count { for b in 0..<a {
            let w = min(frames[a].x + 30, frames[b].x + 30) - max(frames[a].x, frames[b].x)
            let h = min(frames[a].y + 20, frames[b].y + 20) - max(frames[a].y, frames[b].y)
            if w > 0.5 && h > 0.5 { expected += 1 }
        } }
        let found = ScreenAudit.overlaps(in: screen.layout().nodes).values.reduce(0) { $0 + $1.count }
        #expect(found == expected)
    }
}
