import Foundation
import Testing
import TypeLayoutSwiftUI

let longSentence = "Get notified when someone replies to your comments, mentions you in a post, or shares your work."

/// The three cases of issue 26, where the flexbox builders gave frames SwiftUI doesn't.
@MainActor
struct IssueCaseTests {
    @Test func rowInAColumnIsOfferedTheWidthAndWrapsTheText() throws {
        let view = VStack {
            HStack {
                Image(systemName: "bell").resizable().frame(width: 24, height: 24).accessibilityIdentifier("icon")
                Text(longSentence).accessibilityIdentifier("text")
            }
            .accessibilityIdentifier("row")
        }
        let layout = try layOut(view, width: 343, height: 600)
        let row = try #require(layout.rect("row"))
        let text = try #require(layout.rect("text"))
        let lines = try #require(layout.textLayout("text")).lines
        // Offered 343, the row gives the text 343 − 24 − 8 spacing = 311 and stays inside.
        #expect(row.minX >= 0 && row.maxX <= 343)
        #expect(close(text.minX - row.minX, 32))
        let offered: CGFloat = 311 + 0.01, oneLongWordLess: CGFloat = 311 - 90
        #expect(text.width <= offered)
        #expect(lines.count >= 2)
        #expect(lines.allSatisfy { $0.width <= offered })
        // Wrapped in 311, the widest line is within one long word of it.
        #expect(text.width > oneLongWordLess)
        #expect(close(row.width, 32 + text.width))
    }

    @Test func shortLabelKeepsItsIdealWidthBesideALongOne() throws {
        let ideal = try #require(layOut(Text("Notifications").fixedSize().accessibilityIdentifier("t")).rect("t")).width
        let view = HStack {
            Text("Notifications").accessibilityIdentifier("label")
            Text(longSentence).accessibilityIdentifier("detail")
        }
        let layout = try layOut(view, width: 300, height: 600)
        let label = try #require(layout.rect("label"))
        let detail = try #require(layout.rect("detail"))
        #expect(close(label.width, ideal))
        let labelLines = try #require(layout.textLayout("label")).lines.count
        let detailLines = try #require(layout.textLayout("detail")).lines.count
        let rest = 300 - ideal - 8, edge: CGFloat = 300 + 0.01
        #expect(labelLines == 1)
        #expect(close(detail.width, rest, within: 40))
        #expect(detail.maxX <= edge)
        #expect(detailLines >= 3)
    }

    @Test func textInAFixedHeightKeepsTheLinesThatFit() throws {
        let paragraph = String(repeating: longSentence + " ", count: 4)
        let view = Text(paragraph).frame(width: 200, height: 100).accessibilityIdentifier("frame")
        let layout = try layOut(view)
        let frame = try #require(layout.rect("frame"))
        let text = try #require(layout.textLayout("frame"))
        let textFrame = try #require(layout.textRect("frame"))
        #expect(close(frame.height, 100) && close(frame.width, 200))
        #expect(text.isTruncated)
        #expect(CGFloat(text.size.height) <= 100)
        #expect(textFrame.height <= 100)
        // One more line would not have fitted.
        let lineHeight = CGFloat(text.size.height) / CGFloat(text.lines.count)
        #expect(CGFloat(text.size.height) + lineHeight > 100)
        // Centred in the frame, as `.frame` aligns its child.
        #expect(close(textFrame.midY, frame.midY, within: 0.5))
    }
}
