import Foundation
import Testing
@testable import TypeLayoutScreens

/// The measurement cache saves work and never changes a frame: every fixture tree laid out
/// with and without it gives the same frames, bit for bit.
@Suite struct LayoutCacheTests {
    /// Every fixture's trees, as (name, tree, root, viewport, direction).
    static func fixtureTrees() throws -> [(name: String, tree: BoxTree, root: BoxID, width: Double?, height: Double?,
                                          direction: Direction)] {
        var trees: [(String, BoxTree, BoxID, Double?, Double?, Direction)] = []
        let (cases, text) = try FlexDifferentialTests.loadCases()
        for testCase in cases {
            var tree = BoxTree()
            let root = try FlexDifferentialTests.build(testCase.tree, into: &tree, text: text)
            trees.append(("differential case \(testCase.index)", tree, root, testCase.viewport.width,
                          testCase.viewport.height, testCase.direction))
        }
        for browserCase in try BrowserFixtureTests.loadCases() {
            var tree = BoxTree()
            let root = try BrowserFixtureTests.build(browserCase.tree, into: &tree)
            trees.append(("browser case \(browserCase.name)", tree, root, browserCase.viewport.width,
                          browserCase.viewport.height, .ltr))
        }
        return trees
    }

    @Test func framesAreTheSameWithAndWithoutTheCache() throws {
        let trees = try Self.fixtureTrees()
        #expect(trees.count >= 900)
        var differing: [String] = []
        var (runsWith, runsWithout) = (0, 0)
        for (name, tree, root, width, height, direction) in trees {
            let cached = try tree.layoutAndPass(root: root, width: width, height: height, direction: direction)
            let uncached = try tree.layoutAndPass(
                root: root, width: width, height: height, direction: direction, cachesAnswers: false)
            runsWith += cached.pass.containerRuns
            runsWithout += uncached.pass.containerRuns
            if cached.layout.frames != uncached.layout.frames {
                let first = zip(cached.layout.frames, uncached.layout.frames).first { $0.0 != $0.1 }
                differing.append("\(name): box \(first.map { "\($0.0.box) \($0.0.frame) with, \($0.1.frame) without" } ?? "?")")
            }
        }
        #expect(differing.isEmpty, "frames differ without the cache in \(differing.count) trees: \(differing.prefix(5))")
        // The switch is real: without the cache, containers are laid out more often.
        #expect(runsWithout > runsWith, "\(runsWithout) container runs without the cache, \(runsWith) with it")
    }
}
