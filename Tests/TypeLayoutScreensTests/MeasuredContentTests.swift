import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// Text-like leaves: fit-content widths from min- and max-content, heights at a width, and
/// the engine's cache of those heights.
@Suite struct MeasuredContentTests {
    /// Fixed-pitch text that counts the heights it is asked for.
    final class CountingText: MeasuredContent {
        let text: FixedPitchText
        let heightQueries = Lock(0)

        init(words: [Int]) { text = FixedPitchText(words: words) }

        var minContentWidth: Double { text.minContentWidth }
        var maxContentWidth: Double { text.maxContentWidth }

        func height(atWidth width: Double) -> Double {
            heightQueries.withLock { $0 += 1 }
            return text.height(atWidth: width)
        }
    }

    @Test func textWrapsToItsContainerAndTakesItsHeightThere() throws {
        var tree = BoxTree()
        // Words of 5, 5 and 5 characters, 7 points each: 35 a word, 119 on one line.
        let text = tree.addLeaf(content: FixedPitchText(words: [5, 5, 5]))
        let root = try tree.addBox(style { $0.width = 80; $0.alignItems = .flexStart }, children: [text])
        let layout = try tree.layout(root: root)
        // Two words fit in 80 (35 + 7 + 35 = 77): two lines. Wrapped text is as wide as the
        // space offered (CSS fit-content), not as its longest line.
        #expect(layout.frame(text) == rect(0, 0, 80, 26))
    }

    @Test func textNeverNarrowsBelowItsLongestWord() throws {
        var tree = BoxTree()
        let text = tree.addLeaf(content: FixedPitchText(words: [9, 2]))
        let root = try tree.addBox(style { $0.width = 30; $0.alignItems = .flexStart }, children: [text])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(text).width == 63)
        #expect(layout.frame(text).height == 26)
    }

    @Test func stretchedTextTakesItsLineAndWrapsThere() throws {
        var tree = BoxTree()
        let text = tree.addLeaf(content: FixedPitchText(words: [5, 5, 5]))
        let root = try tree.addBox(style { $0.width = 50 }, children: [text])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(text) == rect(0, 0, 50, 39))
    }

    /// Each container is measured under a few constraints and laid out once (about eight runs
    /// a level here, the same at every depth); were a parent's measurements of a child not
    /// remembered, the runs would multiply with every level.
    @Test func nestedContainersAreLaidOutAFewTimesEachNotOncePerAncestor() throws {
        var tree = BoxTree()
        let text = tree.addLeaf(content: FixedPitchText(words: [5, 5, 5]))
        var node = text
        let levels = 40
        for level in 0..<levels {
            node = try tree.addBox(style {
                $0.flexDirection = level.isMultiple(of: 2) ? .row : .column
                $0.padding.all = 1
            }, children: [node])
        }
        let (layout, pass) = try tree.layoutAndPass(root: node, width: 300, height: nil, direction: .ltr)
        #expect(pass.containerRuns <= 10 * levels, "\(pass.containerRuns) container runs for \(levels) levels")
        // The text is on one line (119 points) at the bottom of 40 one-point paddings.
        #expect(layout.frame(text).height == 13)
        #expect(layout.frame(node).height == 13 + 2 * Double(levels))
    }

    @Test func heightsAreAskedOnceAWidth() throws {
        var tree = BoxTree()
        let content = CountingText(words: [3, 4, 5, 6])
        let text = tree.addLeaf(style { $0.flexShrink = 1 }, content: content)
        let sibling = try tree.addBox(style { $0.flexGrow = 1 })
        let row = try tree.addBox(style { $0.flexDirection = .row }, children: [text, sibling])
        let root = try tree.addBox(style { $0.width = 60 }, children: [row])
        _ = try tree.layout(root: root)
        let firstRun = content.heightQueries.withLock { $0 }
        // The row is measured, then laid out, and the text in both at the same widths.
        #expect(firstRun >= 1)
        #expect(firstRun <= 3)
    }
}
