import Testing
@testable import TypeLayoutScreens

/// Each property's edge cases, with frames worked out by hand from the spec.
@Suite struct FlexLayoutTests {
    @Test func columnIsTheDefaultAndChildrenStretchAcross() throws {
        var tree = BoxTree()
        let first = try tree.addBox(style { $0.height = 20 })
        let second = try tree.addBox(style { $0.height = 30 })
        let root = try tree.addBox(fixed(100, 100), children: [first, second])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(first) == rect(0, 0, 100, 20))
        #expect(layout.frame(second) == rect(0, 20, 100, 30))
    }

    @Test func growingStopsAtAMaximumAndTheRestGoesToTheOthers() throws {
        var tree = BoxTree()
        let capped = try tree.addBox(style { $0.flexGrow = 1; $0.maxWidth = 50 })
        let a = try tree.addBox(style { $0.flexGrow = 1 })
        let b = try tree.addBox(style { $0.flexGrow = 1 })
        let root = try tree.addBox(fixed(300, 10) { $0.flexDirection = .row }, children: [capped, a, b])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(capped).width == 50)
        #expect(layout.frame(a) == rect(50, 0, 125, 10))
        #expect(layout.frame(b) == rect(175, 0, 125, 10))
    }

    @Test func shrinkingStopsAtAMinimumAndTheRestComesFromTheOthers() throws {
        var tree = BoxTree()
        let floored = try tree.addBox(style { $0.width = 200; $0.flexShrink = 1; $0.minWidth = 180 })
        let other = try tree.addBox(style { $0.width = 200; $0.flexShrink = 1 })
        let root = try tree.addBox(fixed(300, 10) { $0.flexDirection = .row }, children: [floored, other])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(floored).width == 180)
        #expect(layout.frame(other) == rect(180, 0, 120, 10))
    }

    @Test func shrinkingIsWeightedByBaseSize() throws {
        var tree = BoxTree()
        let large = try tree.addBox(style { $0.width = 300; $0.flexShrink = 1 })
        let small = try tree.addBox(style { $0.width = 100; $0.flexShrink = 1 })
        let root = try tree.addBox(fixed(200, 10) { $0.flexDirection = .row }, children: [large, small])
        let layout = try tree.layout(root: root)
        // 200 over: 300 gives three quarters of it, 100 one quarter.
        #expect(layout.frame(large).width == 150)
        #expect(layout.frame(small).width == 50)
    }

    @Test func aSoleFlexibleChildShrinksToItsPaddingWhenTheOthersOverflow() throws {
        var tree = BoxTree()
        let flexible = try tree.addBox(style {
            $0.width = 22; $0.flexGrow = 3; $0.flexShrink = 0.5
            $0.padding = Edges(horizontal: 4)
        })
        let rigid = try tree.addBox(style { $0.minWidth = 106 })
        let root = try tree.addBox(fixed(25, 10) { $0.flexDirection = .row }, children: [flexible, rigid])
        let layout = try tree.layout(root: root)
        // 103 over: the only shrinkable item stops at its padding (CSS and Yoga agree).
        #expect(layout.frame(flexible) == rect(0, 0, 8, 10))
        #expect(layout.frame(rigid) == rect(8, 0, 106, 10))
    }

    @Test func aPercentageCrossSizeInAContainerOfUnfixedCrossSizeIsMeasuredAsContent() throws {
        var tree = BoxTree()
        let percent = try tree.addBox(style { $0.width = .percent(50); $0.height = 10; $0.padding = Edges(horizontal: 3) })
        let wide = try tree.addBox(fixed(80, 10))
        let column = try tree.addBox(style { _ in }, children: [percent, wide])
        let root = try tree.addBox(fixed(200, 100) { $0.alignItems = .flexStart }, children: [column])
        let layout = try tree.layout(root: root)
        // The column is as wide as its widest item; as in Yoga, 50% of a width that isn't
        // fixed yet is the item's content (its padding here), not 40 as CSS would give.
        #expect(layout.frame(column).width == 80)
        #expect(layout.frame(percent) == rect(0, 0, 6, 10))
    }

    @Test func anAbsoluteChildSizedByContentLaysItsChildrenOutAtThatSize() throws {
        var tree = BoxTree()
        let ratio = try tree.addBox(style { $0.aspectRatio = 1.5 })
        let absolute = try tree.addBox(style { $0.position = .absolute; $0.minWidth = 120 }, children: [ratio])
        let root = try tree.addBox(fixed(200, 200), children: [absolute])
        let layout = try tree.layout(root: root)
        // Measured, the box is 120 wide by its minimum and empty (the child's ratio has no
        // width to work from yet); laid out again at 120 × 0, as Yoga does, its stretched
        // child takes the width and its ratio gives the height, overflowing the box.
        #expect(layout.frame(absolute) == rect(0, 0, 120, 0))
        #expect(layout.frame(ratio) == rect(0, 0, 120, 80))
    }

    @Test func anAbsoluteTextIsMeasuredUnwrappedThenClampedToItsMaximum() throws {
        var tree = BoxTree()
        let text = tree.addLeaf(style { $0.position = .absolute; $0.maxWidth = 50 },
                                content: FixedPitchText(words: [5, 5, 5]))
        let root = try tree.addBox(fixed(100, 100) { $0.flexDirection = .row }, children: [text])
        let layout = try tree.layout(root: root)
        // 119 points of text on one line, clamped to 50 wide afterwards, as Yoga does;
        // wrapped within 50 it would be three lines, 39 high.
        #expect(layout.frame(text) == rect(0, 0, 50, 13))
    }

    @Test func anAbsoluteTextWrapsWithinAColumnLessItsMargins() throws {
        var tree = BoxTree()
        let text = tree.addLeaf(style { $0.position = .absolute; $0.margin = Edges(left: .points(30)) },
                                content: FixedPitchText(words: [5, 5, 5]))
        let root = try tree.addBox(fixed(100, 100), children: [text])
        let layout = try tree.layout(root: root)
        // 70 points left beside the margin: one 35-point word a line (Yoga's result).
        #expect(layout.frame(text) == rect(30, 0, 70, 39))
    }

    @Test func flexShrinkZeroOverflows() throws {
        var tree = BoxTree()
        let a = try tree.addBox(fixed(150, 10))
        let b = try tree.addBox(fixed(150, 10))
        let root = try tree.addBox(fixed(200, 10) { $0.flexDirection = .row }, children: [a, b])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(b) == rect(150, 0, 150, 10))
    }

    @Test func percentagesOfAnIndefiniteSizeActAsAuto() throws {
        var tree = BoxTree()
        let half = try tree.addBox(style { $0.height = .percent(50); $0.width = 10 })
        let content = try tree.addBox(fixed(10, 40))
        let root = try tree.addBox(style { $0.width = 100 }, children: [half, content])
        let layout = try tree.layout(root: root)  // no viewport height: the root's is its content's
        #expect(layout.frame(half).height == 0)
        #expect(layout.frame(root).height == 40)
    }

    @Test func percentagesOfADefiniteSizeResolve() throws {
        var tree = BoxTree()
        let half = try tree.addBox(style { $0.width = .percent(50); $0.height = .percent(25) })
        let root = try tree.addBox(fixed(200, 80) { $0.alignItems = .flexStart; $0.padding.all = 10 }, children: [half])
        let layout = try tree.layout(root: root)
        // Of the 180 × 60 content box.
        #expect(layout.frame(half) == rect(10, 10, 90, 15))
    }

    @Test func sizesIncludePaddingAndBorderAndNeverGoBelowThem() throws {
        var tree = BoxTree()
        let padded = try tree.addBox(style { $0.width = 10; $0.padding.horizontal = 8; $0.borderWidth.left = 2 })
        let root = try tree.addBox(fixed(100, 100) { $0.alignItems = .flexStart }, children: [padded])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(padded).width == 18)
        #expect(layout.frame(padded).height == 0)
    }

    @Test func wrappedLinesFollowAlignContent() throws {
        func lineTops(_ alignContent: AlignContent) throws -> [Double] {
            var tree = BoxTree()
            let a = try tree.addBox(style { $0.width = 60; $0.height = 10 })
            let b = try tree.addBox(style { $0.width = 60 })
            let root = try tree.addBox(fixed(100, 100) {
                $0.flexDirection = .row
                $0.flexWrap = .wrap
                $0.alignContent = alignContent
            }, children: [a, b])
            let layout = try tree.layout(root: root)
            return [layout.frame(a).y, layout.frame(b).y, layout.frame(b).height]
        }
        // Line cross sizes 10 and 0 (b is empty and stretches to its line), 90 to spare.
        #expect(try lineTops(.flexStart) == [0, 10, 0])
        #expect(try lineTops(.flexEnd) == [90, 100, 0])
        #expect(try lineTops(.center) == [45, 55, 0])
        // As in Yoga (not CSS), a stretched item also takes the space after its line: the
        // 90 after the first line under space-between, the 45 around it under space-around.
        #expect(try lineTops(.spaceBetween) == [0, 100, 90])
        #expect(try lineTops(.spaceAround) == [22.5, 77.5, 45])
        #expect(try lineTops(.stretch) == [0, 55, 45])
    }

    @Test func aWrappingContainerPlacesFlexStartItemsWithoutTheirCrossStartMargin() throws {
        var tree = BoxTree()
        let a = try tree.addBox(fixed(60, 10) { $0.margin = Edges(top: .points(10)) })
        let b = try tree.addBox(fixed(60, 10))
        let root = try tree.addBox(fixed(100, 100) {
            $0.flexDirection = .row; $0.flexWrap = .wrap; $0.alignItems = .flexStart
        }, children: [a, b])
        let layout = try tree.layout(root: root)
        // The margin still makes the first line 20 high, but, as in Yoga, a's top sits on
        // the line's top.
        #expect(layout.frame(a) == rect(0, 0, 60, 10))
        #expect(layout.frame(b) == rect(0, 20, 60, 10))
    }

    @Test func aStretchedItemCountsAsFillingTheContainerWhenAlignContentSharesSpace() throws {
        var tree = BoxTree()
        let stretched = try tree.addBox(style { $0.height = 10 })
        let narrow = try tree.addBox(fixed(60, 10) { $0.alignSelf = .flexStart })
        let root = try tree.addBox(fixed(100, 100) { $0.flexWrap = .wrap; $0.alignContent = .flexEnd },
                                   children: [stretched, narrow])
        let layout = try tree.layout(root: root)
        // As in Yoga: while flexing, the stretched item is measured 100 wide, so the one
        // line leaves nothing for flex-end to move; the line itself is then 60 wide (the
        // stretched item's own width is 0), and the stretched item takes that.
        #expect(layout.frame(stretched) == rect(0, 0, 60, 10))
        #expect(layout.frame(narrow) == rect(0, 10, 60, 10))
    }

    @Test func aWrappingColumnsStretchedItemGetsYogasHeight() throws {
        var tree = BoxTree()
        let stretched = try tree.addBox(style { $0.height = 20; $0.margin = Edges(horizontal: .points(5)) })
        let next = try tree.addBox(fixed(10, 10))
        let root = try tree.addBox(fixed(100, 100) { $0.flexWrap = .wrap }, children: [stretched, next])
        let layout = try tree.layout(root: root)
        // Yoga's multi-line stretch adds the left and right margins to the height (20 + 10),
        // after the next item was placed after the 20; the line is 10 wide, margins included.
        #expect(layout.frame(stretched) == rect(5, 0, 0, 30))
        #expect(layout.frame(next) == rect(0, 20, 10, 10))
    }

    @Test func wrapReverseStartsFromTheCrossEnd() throws {
        var tree = BoxTree()
        let a = try tree.addBox(fixed(60, 10))
        let b = try tree.addBox(fixed(60, 20))
        let root = try tree.addBox(fixed(100, 100) { $0.flexDirection = .row; $0.flexWrap = .wrapReverse }, children: [a, b])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(a) == rect(0, 90, 60, 10))
        #expect(layout.frame(b) == rect(0, 70, 60, 20))
    }

    @Test func gapsSeparateItemsAndLines() throws {
        var tree = BoxTree()
        let items = try (0..<3).map { _ in try tree.addBox(fixed(40, 10)) }
        let root = try tree.addBox(fixed(100, 100) {
            $0.flexDirection = .row
            $0.flexWrap = .wrap
            $0.columnGap = 10
            $0.rowGap = 5
        }, children: items)
        let layout = try tree.layout(root: root)
        #expect(layout.frame(items[1]) == rect(50, 0, 40, 10))
        #expect(layout.frame(items[2]) == rect(0, 15, 40, 10))
    }

    @Test func justifyContentDistributesFreeSpace() throws {
        func lefts(_ justify: JustifyContent) throws -> [Double] {
            var tree = BoxTree()
            let items = try (0..<2).map { _ in try tree.addBox(fixed(20, 10)) }
            let root = try tree.addBox(fixed(100, 10) { $0.flexDirection = .row; $0.justifyContent = justify }, children: items)
            let layout = try tree.layout(root: root)
            return items.map { layout.frame($0).x }
        }
        #expect(try lefts(.flexStart) == [0, 20])
        #expect(try lefts(.flexEnd) == [60, 80])
        #expect(try lefts(.center) == [30, 50])
        #expect(try lefts(.spaceBetween) == [0, 80])
        #expect(try lefts(.spaceAround) == [15, 65])
        #expect(try lefts(.spaceEvenly) == [20, 60])
    }

    @Test func autoMarginsTakeTheFreeSpaceBeforeJustifyContent() throws {
        var tree = BoxTree()
        let pushed = try tree.addBox(fixed(20, 10) { $0.margin.left = .auto })
        let centred = try tree.addBox(fixed(20, 10) { $0.margin.vertical = .auto })
        let root = try tree.addBox(fixed(100, 50) { $0.flexDirection = .row; $0.justifyContent = .center },
                                   children: [pushed, centred])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(pushed) == rect(60, 0, 20, 10))
        #expect(layout.frame(centred) == rect(80, 20, 20, 10))
    }

    @Test func alignSelfOverridesAlignItems() throws {
        var tree = BoxTree()
        let end = try tree.addBox(fixed(10, 10) { $0.alignSelf = .flexEnd })
        let middle = try tree.addBox(fixed(10, 10) { $0.alignSelf = .center })
        let stretched = try tree.addBox(style { $0.width = 10 })
        let root = try tree.addBox(fixed(100, 50) { $0.flexDirection = .row; $0.alignItems = .flexStart },
                                   children: [end, middle, stretched])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(end).y == 40)
        #expect(layout.frame(middle).y == 20)
        #expect(layout.frame(stretched).height == 0)  // flex-start: no stretching
    }

    @Test func absoluteChildrenArePlacedByTheirInsetsInThePaddingBox() throws {
        var tree = BoxTree()
        let corner = try tree.addBox(fixed(10, 10) { $0.position = .absolute; $0.inset.right = 5; $0.inset.bottom = 5 })
        let spanning = try tree.addBox(style {
            $0.position = .absolute
            $0.inset.left = 10
            $0.inset.right = 20
            $0.inset.top = .percent(10)
            $0.height = .percent(50)
        })
        let inFlow = try tree.addBox(fixed(30, 30))
        let root = try tree.addBox(fixed(200, 100) { $0.borderWidth.all = 10; $0.padding.all = 5 },
                                   children: [corner, spanning, inFlow])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(corner) == rect(175, 75, 10, 10))
        // The padding box is 180 × 80, inside the 10-point border.
        #expect(layout.frame(spanning) == rect(20, 18, 150, 40))
        #expect(layout.frame(inFlow) == rect(15, 15, 30, 30))  // absolute siblings take no space
    }

    @Test func absoluteChildrenWithoutInsetsSitWhereAnItemWould() throws {
        var tree = BoxTree()
        let child = try tree.addBox(fixed(20, 20) { $0.position = .absolute })
        let root = try tree.addBox(fixed(100, 100) { $0.justifyContent = .center; $0.alignItems = .flexEnd }, children: [child])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(child) == rect(80, 40, 20, 20))
    }

    @Test func aspectRatioDerivesTheOpenAxis() throws {
        var tree = BoxTree()
        let wide = try tree.addBox(style { $0.width = 100; $0.aspectRatio = 2 })
        let tall = try tree.addBox(style { $0.height = 30; $0.aspectRatio = 0.5 })
        let root = try tree.addBox(fixed(300, 300) { $0.alignItems = .flexStart }, children: [wide, tall])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(wide) == rect(0, 0, 100, 50))
        #expect(layout.frame(tall) == rect(0, 50, 15, 30))
    }

    @Test func rightToLeftFlipsRowsAndStartEdges() throws {
        var tree = BoxTree()
        let first = try tree.addBox(fixed(20, 10) { $0.margin.start = 5 })
        let second = try tree.addBox(fixed(20, 10))
        let row = try tree.addBox(style { $0.flexDirection = .row; $0.padding.start = 10; $0.height = 10 },
                                  children: [first, second])
        let aligned = try tree.addBox(fixed(30, 10) { $0.alignSelf = .flexStart })
        let root = try tree.addBox(fixed(100, 100), children: [row, aligned])
        let layout = try tree.layout(root: root, direction: .rtl)
        // Start is the right edge: 10 of padding, 5 of margin, then the first child.
        #expect(layout.frame(first) == rect(65, 0, 20, 10))
        #expect(layout.frame(second) == rect(45, 0, 20, 10))
        // In a column, flex-start is the right edge too.
        #expect(layout.frame(aligned) == rect(70, 10, 30, 10))
    }

    @Test func directionIsInheritedAndCanBeOverridden() throws {
        var tree = BoxTree()
        let child = try tree.addBox(fixed(20, 10))
        let row = try tree.addBox(style { $0.flexDirection = .row; $0.direction = .ltr; $0.height = 10 }, children: [child])
        let root = try tree.addBox(fixed(100, 100), children: [row])
        let layout = try tree.layout(root: root, direction: .rtl)
        #expect(layout.frame(child).x == 0)
    }

    @Test func reversedDirectionsStartFromTheOtherEnd() throws {
        var tree = BoxTree()
        let a = try tree.addBox(fixed(10, 10))
        let b = try tree.addBox(fixed(10, 10))
        let root = try tree.addBox(fixed(100, 100) { $0.flexDirection = .columnReverse; $0.alignItems = .flexStart },
                                   children: [a, b])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(a) == rect(0, 90, 10, 10))
        #expect(layout.frame(b) == rect(0, 80, 10, 10))
    }

    @Test func displayNoneTakesNoSpaceAndHasAZeroFrame() throws {
        var tree = BoxTree()
        let hiddenChild = try tree.addBox(fixed(5, 5))
        let hidden = try tree.addBox(fixed(50, 50) { $0.display = Display.none }, children: [hiddenChild])
        let shown = try tree.addBox(fixed(10, 10))
        let root = try tree.addBox(fixed(100, 100), children: [hidden, shown])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(shown).y == 0)
        #expect(layout.frame(hidden) == rect(0, 0, 0, 0))
        #expect(layout[hiddenChild]?.isDisplayed == false)
        #expect(layout[shown]?.isDisplayed == true)
    }

    @Test func relativeOffsetsMoveABoxWithoutMovingItsSiblings() throws {
        var tree = BoxTree()
        let moved = try tree.addBox(fixed(10, 10) { $0.inset.left = 5; $0.inset.top = 3 })
        let next = try tree.addBox(fixed(10, 10))
        let root = try tree.addBox(fixed(100, 100) { $0.alignItems = .flexStart }, children: [moved, next])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(moved) == rect(5, 3, 10, 10))
        #expect(layout.frame(next) == rect(0, 10, 10, 10))
    }

    @Test func theRootTakesTheViewportUnlessItHasASize() throws {
        var tree = BoxTree()
        let root = try tree.addBox()
        #expect(try tree.layout(root: root, width: 390, height: 844).frame(root) == rect(0, 0, 390, 844))
        var sized = BoxTree()
        let sizedRoot = try sized.addBox(fixed(100, 50))
        #expect(try sized.layout(root: sizedRoot, width: 390, height: 844).frame(sizedRoot) == rect(0, 0, 100, 50))
    }

    @Test func framesComeInDocumentOrderWithAbsolutePositions() throws {
        var tree = BoxTree()
        let leaf = try tree.addBox(fixed(10, 10) { $0.margin.left = 3 })
        let inner = try tree.addBox(style { $0.padding.all = 4 }, children: [leaf])
        let sibling = try tree.addBox(fixed(10, 10))
        let root = try tree.addBox(fixed(100, 100) { $0.padding.top = 20 }, children: [inner, sibling])
        let layout = try tree.layout(root: root)
        #expect(layout.frames.map(\.box) == [root, inner, leaf, sibling])
        #expect(layout[leaf]?.parent == inner)
        #expect(layout[leaf]?.absoluteFrame == rect(7, 24, 10, 10))
    }
}
