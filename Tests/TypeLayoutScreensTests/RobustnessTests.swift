import Testing
@testable import TypeLayoutScreens

/// Bad input gets a clear error or a result, never a crash.
@Suite struct RobustnessTests {
    /// A chain of `depth` boxes, each the only child of the next; built without recursion.
    static func chain(depth: Int) throws -> (tree: BoxTree, root: BoxID) {
        var tree = BoxTree()
        var current = try tree.addBox(fixed(1, 1))
        for _ in 1..<depth {
            current = try tree.addBox(style { $0.padding.left = 0.001 }, children: [current])
        }
        return (tree, current)
    }

    @Test func aTreeTenThousandLevelsDeepIsRefusedClearly() throws {
        let (tree, root) = try Self.chain(depth: 10_000)
        #expect(throws: BoxLayoutError.treeTooDeep(depth: BoxTree.maximumDepth + 1, limit: BoxTree.maximumDepth)) {
            try tree.layout(root: root, width: 100, height: 100)
        }
    }

    @Test func aTreeAtTheDepthLimitIsLaidOut() throws {
        let (tree, root) = try Self.chain(depth: BoxTree.maximumDepth)
        let layout = try tree.layout(root: root, width: 100, height: 100)
        #expect(layout.frames.count == BoxTree.maximumDepth)
        #expect(layout.frames.last?.frame.width == 1)
    }

    @Test func aHundredThousandBoxesAreLaidOut() throws {
        var tree = BoxTree()
        var rows: [BoxID] = []
        for _ in 0..<1_000 {
            let leaves = try (0..<99).map { _ in try tree.addBox(fixed(3, 3)) }
            rows.append(try tree.addBox(style { $0.flexDirection = .row; $0.flexWrap = .wrap }, children: leaves))
        }
        let root = try tree.addBox(style { $0.width = 300 }, children: rows)
        #expect(tree.count == 100_001)
        let layout = try tree.layout(root: root, width: 300)
        #expect(layout.frames.count == 100_001)
        // 99 leaves of 3 points fit on one 300-point line: each row is 3 tall.
        #expect(layout.frame(root).height == 3_000)
    }

    @Test func childrenMustExistAndHaveOneParent() throws {
        var tree = BoxTree()
        let child = try tree.addBox()
        #expect(throws: BoxLayoutError.unknownBox(BoxID(index: 7))) { try tree.addBox(children: [BoxID(index: 7)]) }
        #expect(throws: BoxLayoutError.boxAlreadyHasParent(child)) { try tree.addBox(children: [child, child]) }
        var other = tree
        _ = try other.addBox(children: [child])
        #expect(throws: BoxLayoutError.boxAlreadyHasParent(child)) { try other.addBox(children: [child]) }
    }

    @Test func nonFiniteNumbersAreNamed() throws {
        var tree = BoxTree()
        let bad = try tree.addBox(style { $0.flexGrow = .infinity })
        let root = try tree.addBox(children: [bad])
        #expect(throws: BoxLayoutError.nonFiniteValue(box: bad, property: "flexGrow")) { try tree.layout(root: root) }
        var another = BoxTree()
        let nanWidth = try another.addBox(style { $0.width = .points(.nan) })
        #expect(throws: BoxLayoutError.nonFiniteValue(box: nanWidth, property: "width")) { try another.layout(root: nanWidth) }
    }

    @Test func errorsSayWhatIsWrong() {
        #expect(BoxLayoutError.treeTooDeep(depth: 501, limit: 500).description.contains("at most 500"))
        #expect(BoxLayoutError.nonFiniteValue(box: BoxID(index: 3), property: "gap").description == "box #3 has a gap that is not a finite number")
    }
}
