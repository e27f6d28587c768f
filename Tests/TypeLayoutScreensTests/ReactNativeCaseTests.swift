import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// What a React Native developer expects of `baseline`, absolute children in right-to-left
/// layouts, `aspectRatio` and `gap` with wrapping: each case laid out as Yoga lays it out
/// (the expected frames are Yoga's, from scripts/flex-differential.py's Yoga on the same
/// trees; docs/flexbox.md names the rules).
@Suite struct ReactNativeCaseTests {
    /// Lays out a tree written in React Native's style names, with fixed-pitch text leaves
    /// (7 pt characters, 13 pt lines, first baseline 10 pt down), and returns every frame
    /// relative to its parent, in document order.
    static func frames(_ json: String, width: Double?, height: Double?, direction: Direction = .ltr) throws -> [BoxRect] {
        let node = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var tree = BoxTree()
        let text = FlexDifferentialTests.TextMetrics(width: 7, height: 13, baseline: 10, tolerance: 1e-3)
        let root = try FlexDifferentialTests.build(node, into: &tree, text: text)
        return try tree.layout(root: root, width: width, height: height, direction: direction).frames.map(\.frame)
    }

    // MARK: Baseline

    @Test func aRowAlignsItsItemsFirstBaselinesAndABoxWithoutTextByItsBottomEdge() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "alignItems": "baseline"}, "children": [
              {"style": {"paddingTop": 20}, "text": [3, 3]},
              {"style": {"width": 30, "height": 50}},
              {"text": [4]}]}
            """, width: 300, height: nil)
        // Baselines at 50: the padded text's (20 + 10), the box's bottom edge, the last text's.
        #expect(frames == [rect(0, 0, 300, 53), rect(0, 20, 49, 33), rect(49, 0, 30, 50), rect(79, 40, 28, 13)])
    }

    @Test func aCentredItemInABaselineRowIsCentredOnItsLineNotOnTheContainer() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "alignItems": "baseline"}, "children": [
              {"style": {"paddingTop": 20}, "text": [3, 3]},
              {"style": {"width": 30, "height": 50}},
              {"text": [4], "style": {"alignSelf": "center"}}]}
            """, width: 300, height: 100)
        #expect(frames[3] == rect(79, 20, 28, 13))
    }

    @Test func aContainersBaselineIsItsFirstItemsAndMarginsMoveIt() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row"}, "children": [
              {"style": {"alignSelf": "baseline", "marginTop": 5}, "text": [3, 3]},
              {"style": {"alignSelf": "baseline"}, "children": [{"style": {"height": 7}}, {"text": [2]}]},
              {"style": {"width": 10, "height": 40}}]}
            """, width: 300, height: nil)
        // The column's baseline is its first child's bottom edge (7), so it sits 8 below the
        // text's 15.
        #expect(frames[1] == rect(0, 5, 49, 13))
        #expect(frames[2] == rect(49, 8, 14, 20))
    }

    @Test func wrappedLinesAlignTheirOwnBaselinesWithTheRowGapBetween() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "flexWrap": "wrap", "alignItems": "baseline", "rowGap": 4}, "children": [
              {"style": {"width": 40, "paddingTop": 8}, "text": [3]},
              {"style": {"width": 40, "height": 30}},
              {"style": {"width": 40}, "text": [2]},
              {"style": {"width": 40, "paddingTop": 3}, "text": [2]}]}
            """, width: 100, height: nil)
        #expect(frames == [rect(0, 0, 100, 53), rect(0, 12, 40, 21), rect(40, 0, 40, 30),
                           rect(0, 40, 40, 13), rect(40, 37, 40, 16)])
    }

    @Test func baselineInAColumnIsFlexStart() throws {
        let frames = try Self.frames("""
            {"style": {"alignItems": "baseline"}, "children": [
              {"style": {"paddingTop": 20}, "text": [3, 3]}, {"style": {"width": 30, "height": 50}}]}
            """, width: 300, height: nil)
        #expect(frames == [rect(0, 0, 300, 83), rect(0, 0, 49, 33), rect(0, 33, 30, 50)])
    }

    @Test func textOfTwoSizesInAScreenRowSharesOneBaseline() throws {
        let screen = Screen(device: Device(width: 390, height: 300), root: ScreenLayoutTests.box(
            [ScreenLayoutTests.keyword(.flexDirection, "row"), ScreenLayoutTests.keyword(.alignItems, "baseline")], [
                ScreenLayoutTests.text("title", "Title", font: .textStyle(.largeTitle, weight: nil)),
                ScreenLayoutTests.text("note", "note", font: .textStyle(.footnote, weight: nil)),
            ]))
        let layout = try screen.layout(at: .large)
        let title = try #require(layout["title"]), note = try #require(layout["note"])
        let titleBaseline = try #require(title.text?.firstBaseline)
        let noteBaseline = try #require(note.text?.firstBaseline)
        #expect(abs((title.frame.y + titleBaseline) - (note.frame.y + noteBaseline)) < 0.01)
        #expect(note.frame.y > title.frame.y)
    }

    // MARK: Absolute children in right-to-left layouts

    @Test func startAndEndInsetsAreTheRightAndLeftOnesInRTL() throws {
        let start = try Self.frames("""
            {"style": {"flexDirection": "row", "width": 200, "height": 100, "padding": 5}, "children": [
              {"style": {"position": "absolute", "start": 10, "width": 20, "height": 20}}]}
            """, width: 200, height: 100, direction: .rtl)
        #expect(start[1].x == 170)
        let both = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"position": "absolute", "start": 10, "end": 30, "height": 20}}]}
            """, width: 200, height: 100, direction: .rtl)
        #expect(both[1] == rect(30, 0, 160, 20))
    }

    @Test func theInlineStartInsetWinsOverTheOtherSideInRTL() throws {
        // `start` is the right inset in rtl and wins over `left`; a set `right` wins over
        // `end` (the left inset), as in CSS 2.1 §10.3.7 and Yoga.
        let startAndLeft = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"position": "absolute", "start": 10, "left": 3, "width": 20, "height": 20}}]}
            """, width: 200, height: 100, direction: .rtl)
        #expect(startAndLeft[1].x == 170)
        let endAndRight = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"position": "absolute", "end": 10, "right": 3, "width": 20, "height": 20}}]}
            """, width: 200, height: 100, direction: .rtl)
        #expect(endAndRight[1].x == 177)
    }

    // MARK: Aspect ratio and gap

    @Test func anAbsoluteChildsAspectRatioComesFromItsWidthOrItsInsets() throws {
        let fromWidth = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"position": "absolute", "width": 40, "aspectRatio": 2}}]}
            """, width: 200, height: 100)
        #expect(fromWidth[1] == rect(0, 0, 40, 20))
        let fromInsets = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"position": "absolute", "left": 10, "right": 10, "aspectRatio": 2}}]}
            """, width: 200, height: 100)
        #expect(fromInsets[1] == rect(10, 0, 180, 90))
        let capped = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"position": "absolute", "height": 30, "aspectRatio": 2, "maxWidth": 40}}]}
            """, width: 200, height: 100)
        #expect(capped[1] == rect(0, 0, 40, 30))
    }

    @Test func gapSeparatesItemsOnALineAndTheLinesOfAWrappingRow() throws {
        let frames = try Self.frames("""
            {"style": {"width": 100, "flexDirection": "row", "flexWrap": "wrap", "gap": 10}, "children": [
              {"style": {"width": 45, "height": 10}}, {"style": {"width": 45, "height": 10}},
              {"style": {"width": 45, "height": 10}}]}
            """, width: 200, height: nil)
        #expect(frames == [rect(0, 0, 100, 30), rect(0, 0, 45, 10), rect(55, 0, 45, 10), rect(0, 20, 45, 10)])
        let spaced = try Self.frames("""
            {"style": {"width": 100, "flexDirection": "row", "flexWrap": "wrap", "columnGap": 10, "rowGap": 5,
                       "justifyContent": "space-between"}, "children": [
              {"style": {"width": 30, "height": 10}}, {"style": {"width": 30, "height": 10}},
              {"style": {"width": 30, "height": 10}}, {"style": {"width": 30, "height": 10, "flexGrow": 1}}]}
            """, width: 200, height: nil)
        #expect(spaced == [rect(0, 0, 100, 25), rect(0, 0, 30, 10), rect(70, 0, 30, 10),
                           rect(0, 15, 30, 10), rect(40, 15, 60, 10)])
    }

    /// docs/flexbox.md, "Baseline alignment": Yoga places a baseline layout's items without
    /// their auto cross margins.
    @Test func autoCrossMarginsDoNotCountInABaselineRow() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "alignItems": "baseline", "height": 100}, "children": [
              {"style": {"width": 20, "height": 10, "marginVertical": "auto"}}, {"style": {"width": 20, "height": 30}},
              {"style": {"width": 20, "height": 10, "marginTop": "auto", "alignSelf": "flex-start"}}]}
            """, width: 200, height: nil)
        // On the baseline (30) and at the top, not centred at 45 nor pushed down to 90.
        #expect(frames == [rect(0, 0, 200, 100), rect(0, 20, 20, 10), rect(20, 0, 20, 30), rect(40, 0, 20, 10)])
    }

    // MARK: Wrapping containers

    /// docs/flexbox.md, "Wrapping containers": a wrapping container offered at most some main
    /// size, whose items overflow it, takes that size exactly.
    @Test func aWrappingContainerWhoseItemsOverflowItsLimitTakesTheLimit() throws {
        // A column at most 75 tall: 34 + 13 + 75 overflow it, so the first line (47) grows
        // its flexGrow item by the 28 left, as within an exact height.
        let grown = try Self.frames("""
            {"style": {"flexWrap": "wrap", "maxHeight": 75}, "children": [
              {"style": {"flexGrow": 2, "height": 34}}, {"text": [2, 4, 2, 1, 7]}, {"style": {"height": 75, "width": 20}}]}
            """, width: 200, height: 150)
        #expect(grown == [rect(0, 0, 200, 75), rect(0, 0, 140, 62), rect(0, 62, 140, 13), rect(140, 0, 20, 75)])
        // A row offered 150 with 180 of items is 150 wide, not its longest line's 120, and
        // flex-end puts its lines against that edge.
        let justified = try Self.frames("""
            {"style": {"alignItems": "flex-start"}, "children": [
              {"style": {"flexDirection": "row", "flexWrap": "wrap", "justifyContent": "flex-end"}, "children": [
                {"style": {"width": 60, "height": 10}}, {"style": {"width": 60, "height": 10}},
                {"style": {"width": 60, "height": 10}}]}]}
            """, width: 150, height: nil)
        #expect(justified == [rect(0, 0, 150, 20), rect(0, 0, 150, 20), rect(30, 0, 60, 10), rect(90, 0, 60, 10),
                              rect(90, 10, 60, 10)])
    }

    /// docs/flexbox.md, "Wrapping containers": Yoga counts the auto margins of the item that
    /// starts the next line with the line before, which is then not justified.
    @Test func anAutoMarginOfTheNextLinesFirstItemStopsJustificationOfTheLineBefore() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "flexWrap": "wrap", "justifyContent": "center", "width": 100},
             "children": [
              {"style": {"width": 40, "height": 10}}, {"style": {"width": 80, "height": 10, "marginLeft": "auto"}},
              {"style": {"width": 10, "height": 10}}]}
            """, width: 200, height: nil)
        // Not centred at 30: the first line keeps its 60 free; the second gives its 10 to the
        // auto margin.
        #expect(frames == [rect(0, 0, 100, 20), rect(0, 0, 40, 10), rect(10, 10, 80, 10), rect(90, 10, 10, 10)])
    }

    /// docs/flexbox.md, "Flexible lengths": the sole flexible child of a row of definite
    /// width flexes from 0, not from its padding: it takes half (its grow factor) of the
    /// 170 left, 85 (CSS: 145). An item whose maximum is below its padding still makes
    /// its line as long as that padding.
    @Test func theSoleFlexibleChildGrowsFromZeroNotFromItsPadding() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "width": 200}, "children": [
              {"style": {"flexGrow": 0.5, "flexShrink": 1, "paddingHorizontal": 8, "width": 120, "height": 10}},
              {"style": {"width": 30, "height": 10}}]}
            """, width: 300, height: 300)
        #expect(frames == [rect(0, 0, 200, 300), rect(0, 0, 85, 10), rect(85, 0, 30, 10)])
        let padded = try Self.frames("""
            {"style": {"alignItems": "flex-start"}, "children": [{"style": {"flexDirection": "row"}, "children": [
              {"style": {"width": 20, "height": 10}}, {"style": {"width": 42, "maxWidth": 0, "paddingRight": 13, "height": 10}}]}]}
            """, width: 300, height: 300)
        #expect(padded == [rect(0, 0, 300, 300), rect(0, 0, 33, 10), rect(0, 0, 20, 10), rect(20, 0, 13, 10)])
    }

    /// docs/flexbox.md, "Wrapping containers": a stretched item of a wrapping column is laid
    /// out within the line its flexing pass measured (92, the container's width), so its
    /// text wraps there, rather than at the text's max-content width (154).
    @Test func aStretchedItemOfAWrappingContainerFitsTheLineItWasMeasuredIn() throws {
        let frames = try Self.frames("""
            {"style": {"flexWrap": "wrap", "width": 92, "height": 200}, "children": [
              {"children": [{"text": [9, 8, 3]}]}, {"style": {"height": 20, "width": 30}}]}
            """, width: 300, height: 300)
        #expect(frames == [rect(0, 0, 92, 200), rect(0, 0, 92, 26), rect(0, 0, 92, 26), rect(0, 26, 30, 20)])
    }

    /// docs/flexbox.md, "Wrapping containers": Yoga keeps that layout when it fills the
    /// line, so a stretched row of a wrapping column is its content's width, its item's 50 %
    /// being of the 200 pt line it was laid out in (not of its own final 100).
    @Test func aStretchedRowOfAWrappingColumnKeepsItsContentWidth() throws {
        let frames = try Self.frames("""
            {"style": {"flexWrap": "wrap", "width": 200, "height": 100}, "children": [
              {"style": {"flexDirection": "row"}, "children": [{"style": {"width": "50%", "height": 10}}]}]}
            """, width: 300, height: 300)
        #expect(frames == [rect(0, 0, 200, 100), rect(0, 0, 100, 10), rect(0, 0, 100, 10)])
        // In a row Yoga compares sizes with the main-axis margins added, so a negative cross
        // margin doesn't make it stretch the item again: it stays 0 tall, not 5.
        let margined = try Self.frames("""
            {"style": {"flexDirection": "row", "flexWrap": "wrap", "width": 100}, "children": [
              {"style": {"width": 20}}, {"style": {"width": 10, "marginBottom": -5}}]}
            """, width: 300, height: 300)
        #expect(margined == [rect(0, 0, 100, 300), rect(0, 0, 20, 0), rect(20, 0, 10, 0)])
    }

    /// docs/flexbox.md, "Cross sizes": a scroll container sized by its content is at most as
    /// wide as it is offered (the centred column's 114), its content scrolling within.
    @Test func aScrollContainerIsAtMostAsWideAsOffered() throws {
        let frames = try Self.frames("""
            {"style": {"alignItems": "center", "width": 114, "height": 100}, "children": [
              {"style": {"overflow": "scroll"}, "children": [{"style": {"width": 155, "height": 20}}]}]}
            """, width: 300, height: 300)
        #expect(frames == [rect(0, 0, 114, 100), rect(0, 0, 114, 20), rect(0, 0, 155, 20)])
        // Along its main axis, only where it and an item of its last line grow.
        let rows = try Self.frames("""
            {"style": {"width": 200, "height": 100}, "children": [
              {"style": {"flexDirection": "row", "overflow": "scroll", "flexGrow": 1, "alignSelf": "flex-start"},
               "children": [{"style": {"width": 300, "height": 10, "flexGrow": 1}}]},
              {"style": {"flexDirection": "row", "overflow": "scroll", "alignSelf": "flex-start"},
               "children": [{"style": {"width": 300, "height": 10, "flexGrow": 1}}]}]}
            """, width: 300, height: 300)
        #expect(rows == [rect(0, 0, 200, 100), rect(0, 0, 200, 90), rect(0, 0, 300, 10), rect(0, 90, 300, 10),
                         rect(0, 0, 300, 10)])
        // A stretched item of a wrapping container is offered its line as max-content with a
        // size, not as a limit: there a scroll container takes its content's 150, not 100.
        let wrapped = try Self.frames("""
            {"style": {"flexDirection": "row", "flexWrap": "wrap", "width": 200, "height": 100}, "children": [
              {"style": {"overflow": "scroll", "flexDirection": "row"}, "children": [{"style": {"width": 20, "height": 150}}]}]}
            """, width: 300, height: 300)
        #expect(wrapped == [rect(0, 0, 200, 100), rect(0, 0, 20, 150), rect(0, 0, 20, 150)])
    }

    // MARK: Measuring

    /// docs/flexbox.md, "Measuring with a fixed cross size": a column of fixed width, sized
    /// by its content, is as tall as its items' heights, gap and margins (64 + 3 + 2 + 10),
    /// not as its first item's minimum (116) would make it; the item itself is 116 tall.
    @Test func aContentSizedColumnOfFixedWidthIsAsTallAsItsItemsBasesNotTheirMinimums() throws {
        let frames = try Self.frames("""
            {"style": {"alignItems": "flex-start"}, "children": [
              {"style": {"width": 56, "rowGap": 3}, "children": [
                {"style": {"height": 64, "minHeight": 116}}, {"style": {"height": 10, "marginTop": 2}}]}]}
            """, width: 100, height: 200)
        #expect(frames == [rect(0, 0, 100, 200), rect(0, 0, 56, 79), rect(0, 0, 56, 116), rect(0, 121, 56, 10)])
    }

    /// docs/flexbox.md, "Measuring into no space": a wrapping column of no height measures its
    /// first item within at most 0 pt, and Yoga answers a container offered nothing with 0
    /// without looking inside, so the item's base is 0, not its child's 50: it is 0 tall and
    /// its child overflows it.
    @Test func aContainerMeasuredIntoNoSpaceHasABaseOfZero() throws {
        let frames = try Self.frames("""
            {"style": {"flexWrap": "wrap", "height": 0, "width": 200}, "children": [
              {"style": {"width": 40}, "children": [{"style": {"height": 50}}]},
              {"style": {"width": 30, "height": 20}}]}
            """, width: 300, height: 300)
        #expect(frames == [rect(0, 0, 200, 0), rect(0, 0, 40, 0), rect(0, 0, 40, 50), rect(40, 0, 30, 20)])
    }

    /// docs/flexbox.md, "Measuring with a fixed cross size": the shortcut is Yoga's only
    /// where it measures. The inner column is measured 144 tall (its item's unclamped height)
    /// while the outer row is measured, but laid out, as Yoga lays out an item it doesn't
    /// stretch, it is 26, and so is the row, which sits at the bottom of the container.
    @Test func theMeasuringShortcutDoesNotSizeABoxYogaLaysOut() throws {
        let frames = try Self.frames("""
            {"style": {"flexDirection": "row", "alignItems": "flex-end", "height": 100}, "children": [
              {"style": {"flexDirection": "row", "alignItems": "flex-end"}, "children": [
                {"children": [{"style": {"height": 144, "maxHeight": 26, "width": 6}}]}]}]}
            """, width: 300, height: 300)
        #expect(frames == [rect(0, 0, 300, 100), rect(0, 74, 6, 26), rect(0, 0, 6, 26), rect(0, 0, 6, 26)])
    }

    /// docs/flexbox.md, "Relative offsets of a box in another direction" (a choice of ours):
    /// `left: 10` moves a box right, also when its own direction differs from its parent's
    /// (Yoga moves this one to 70).
    @Test func leftMovesABoxRightWhateverItsOwnDirection() throws {
        let frames = try Self.frames("""
            {"children": [{"style": {"direction": "ltr", "left": 10, "width": 20, "height": 20}}]}
            """, width: 100, height: 100, direction: .rtl)
        #expect(frames[1] == rect(90, 0, 20, 20))
    }
}
