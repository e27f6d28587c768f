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

/// Inputs the box fuzzer (Fuzz/Sources/BoxFuzzer) found wrong answers for, reduced.
@Suite struct BoxFuzzRegressionTests {
    /// The fuzzer's input: a column-reverse root 10³⁰⁰ points tall whose first child has a flex
    /// basis of 10³⁰⁰. Every position was 10³⁰⁰ less something that 10³⁰⁰ swallows, so the
    /// children overlapped; now such numbers are refused.
    @Test func aFlexBasisOfTenToTheThreeHundredIsRefused() throws {
        var tree = BoxTree()
        let huge = try tree.addBox(style {
            $0.flexBasis = .points(1e300)
            $0.flexShrink = 1
            $0.padding.all = 100
        })
        let small = try tree.addBox(style { $0.padding.start = 0.5 })
        let root = try tree.addBox(style { $0.flexDirection = .columnReverse }, children: [huge, small])
        #expect(throws: BoxLayoutError.valueTooLarge(box: huge, property: "flexBasis", limit: BoxTree.maximumMagnitude)) {
            try tree.layout(root: root, width: 1e6, height: 1e6)
        }
        #expect(throws: BoxLayoutError.invalidViewport(width: 1e6, height: 1e300)) {
            try tree.layout(root: small, width: 1e6, height: 1e300)
        }
    }

    /// A shrink factor times a flex basis overflowed to infinity (10³⁰⁰ × 10⁹), and shares of
    /// infinity are NaN; at the limit the products stay finite.
    @Test func numbersAtTheLimitLayOutFinitely() throws {
        var tree = BoxTree()
        let limit = BoxTree.maximumMagnitude
        let children = try (0..<3).map { _ in
            try tree.addBox(style {
                $0.flexBasis = .points(limit)
                $0.flexShrink = limit
                $0.flexGrow = limit
                $0.aspectRatio = limit
                $0.margin.all = .percent(limit)
            })
        }
        let root = try tree.addBox(style { $0.flexDirection = .row; $0.gap = limit }, children: children)
        let layout = try tree.layout(root: root, width: limit, height: limit)
        for frame in layout.frames {
            for value in [frame.absoluteFrame.x, frame.absoluteFrame.y, frame.frame.width, frame.frame.height] {
                #expect(value.isFinite)
            }
        }
        var beyond = tree
        let tooBig = try beyond.addBox(style { $0.flexShrink = limit * 2 })
        #expect(throws: BoxLayoutError.valueTooLarge(box: tooBig, property: "flexShrink", limit: limit)) {
            try beyond.layout(root: tooBig)
        }
    }

    @Test func aViewportMustBeAFiniteNonNegativeSize() throws {
        var tree = BoxTree()
        let root = try tree.addBox()
        for side in [-1, .infinity, 2e9] as [Double] {
            #expect(throws: BoxLayoutError.invalidViewport(width: side, height: 10)) {
                try tree.layout(root: root, width: side, height: 10)
            }
        }
        // NaN equals nothing, so the error is matched by what it says.
        let error = #expect(throws: BoxLayoutError.self) { try tree.layout(root: root, width: 10, height: .nan) }
        #expect(error?.description.hasPrefix("the viewport (width 10.0, height nan)") == true)
        #expect(try tree.layout(root: root, width: 0, height: BoxTree.maximumMagnitude).frames.count == 1)
        #expect(BoxLayoutError.invalidViewport(width: nil, height: -1).description
            == "the viewport (width none, height -1.0) must be finite and from 0 to 1000000000 points")
    }
}

/// Screens past the box layout's limit get the screen's own errors, naming the node or device.
@Suite struct ScreenLimitTests {
    @Test func aLengthBeyondTheLimitNamesItsNode() throws {
        let screen = try ScreenFile.parse(
            "device: { width: 320, height: 480 }\nroot:\n  children:\n    - { id: huge, style: { width: 1e12 } }\n",
            fileName: "huge.yaml", format: .yaml)
        let error = #expect(throws: ScreenError.self) { try screen.layout(at: .large) }
        #expect(error?.description == "huge.yaml:4:7: node 'huge': width must be a number from −1000000000 to 1000000000, "
            + "got a value beyond ±1000000000")
    }

    @Test func aDeviceBeyondTheLimitIsRefused() throws {
        let reason = "width must be a number of points greater than 0 and at most 1000000000, got 2000000000.0"
        // A file's device is checked as the file is read, where its line is known.
        let fileError = #expect(throws: ScreenFileError.self) {
            try ScreenFile.parse("device: { width: 2e9, height: 480 }\nroot: {}\n", fileName: "wide.yaml", format: .yaml)
        }
        #expect(fileError?.description.hasPrefix("wide.yaml:1:9: error: device 'custom' can't be laid out on:") == true)
        #expect(fileError?.description.contains(reason) == true)
        let screen = Screen(device: Device(width: 2e9, height: 480), root: ScreenNode(content: .box(children: [])))
        let error = #expect(throws: ScreenError.self) { try screen.layout(at: .large) }
        #expect(error?.description.contains(reason) == true)
    }
}
