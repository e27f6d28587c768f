import Testing
@testable import TypeLayoutScreens

/// Trees of fixed-size boxes, whose containers lay out the same under any fit-content limit:
/// measured once under no limit rather than once under each ancestor's.
@Suite struct FixedSizeTreeTests {
    /// A nest of `levels` containers, each holding a 10 × 10 box and the next container,
    /// alternately a column and a row, with 2 pt of padding and 1 pt of margin; the largest
    /// is `root`.
    static func nest(levels: Int, alignItems: AlignItems) throws -> (tree: BoxTree, root: BoxID) {
        var tree = BoxTree()
        var inner = try tree.addBox(style { $0.width = 10; $0.height = 10 })
        for level in 1...levels {
            let square = try tree.addBox(style { $0.width = 10; $0.height = 10 })
            inner = try tree.addBox(style {
                $0.flexDirection = level.isMultiple(of: 2) ? .row : .column
                $0.alignItems = alignItems
                $0.justifyContent = .center
                $0.padding.all = 2
                $0.margin.all = 1
            }, children: [square, inner])
        }
        return (tree, inner)
    }

    @Test func containersAreMeasuredOnceAndLaidOutOnceWhateverTheirDepth() throws {
        let levels = 16
        let (tree, root) = try Self.nest(levels: levels, alignItems: .center)
        let (_, pass) = try tree.layoutAndPass(root: root, width: 1_000, height: nil, direction: .ltr)
        // Measured under the limits of every ancestor, each level took more runs than the level
        // above (2,713 in all here); measured under none, three a container (46); laid out at
        // the size measured, answered from that measurement, two (the root is only laid out).
        #expect(pass.containerRuns <= 2 * levels, "\(pass.containerRuns) container runs for \(levels) levels")
    }

    @Test func aNestSizesToItsContent() throws {
        let levels = 16
        let (tree, root) = try Self.nest(levels: levels, alignItems: .flexStart)
        let layout = try tree.layout(root: root, width: nil, height: nil)
        // Each level adds its padding, and its square beside or above the next level with
        // that level's margins.
        var size = (width: 10.0, height: 10.0)
        for level in 1...levels {
            let inner = (width: level == 1 ? 10 : size.width + 2, height: level == 1 ? 10 : size.height + 2)
            size = level.isMultiple(of: 2)
                ? (4 + 10 + inner.width, 4 + max(10, inner.height))
                : (4 + max(10, inner.width), 4 + 10 + inner.height)
        }
        #expect(layout.frame(root) == rect(1, 1, size.width, size.height))
    }

    @Test func textDeepInsideStillWrapsAtTheLimit() throws {
        var tree = BoxTree()
        // 119 points on one line, two lines within the root's 80.
        let text = tree.addLeaf(content: FixedPitchText(words: [5, 5, 5]))
        let square = try tree.addBox(style { $0.width = 10; $0.height = 10 })
        let row = try tree.addBox(style { $0.flexDirection = .row; $0.alignItems = .flexStart }, children: [text])
        let column = try tree.addBox(style { $0.alignItems = .flexStart }, children: [square, row])
        let root = try tree.addBox(style { $0.width = 80; $0.alignItems = .flexStart }, children: [column])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(text).height == 26)
    }

    @Test func aSoleFlexibleChildStillStartsFromZeroWhenItsRowIsLaidOutAtItsOwnSize() throws {
        var tree = BoxTree()
        let fixed = try tree.addBox(style { $0.width = 30; $0.height = 10 })
        let inner = try tree.addBox(style { $0.width = 20; $0.height = 10 })
        let flexible = try tree.addBox(style { $0.flexGrow = 0.5; $0.flexShrink = 1 }, children: [inner])
        let row = try tree.addBox(style { $0.flexDirection = .row }, children: [fixed, flexible])
        let root = try tree.addBox(
            style { $0.flexDirection = .row; $0.width = 300; $0.alignItems = .flexStart }, children: [row])
        let layout = try tree.layout(root: root)
        // Measured, the row is 50 wide; laid out at exactly 50, its only child that both grows
        // and shrinks starts from a base of 0 (Yoga's rule) and takes half the 20 left, not
        // the 20 it measured at.
        #expect(layout.frame(row).width == 50)
        #expect(layout.frame(flexible).width == 10)
    }
}
