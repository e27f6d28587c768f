import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// Smaller rules of Yoga's that the differential against it found, one case each, laid out
/// as Yoga lays them out (the expected frames are Yoga's, from scripts/flex-differential.py's
/// Yoga on the same trees); docs/flexbox.md names each rule.
@Suite struct YogaRuleCaseTests {
    // MARK: Aspect ratio

    /// docs/flexbox.md, "Aspect ratio": in a wrapping column, a stretched item's ratio gives
    /// its cross size while the container is sized (7 × 13 text at ratio 0.5 makes the
    /// column 6.5 wide), and the item itself then takes its max-content width (49).
    @Test func aStretchedItemsRatioSizesAWrappingContainerButNotItsLine() throws {
        let free = try ReactNativeCaseTests.frames("""
            {"style": {"flexWrap": "wrap"}, "children": [{"style": {"aspectRatio": 0.5}, "text": [7]}]}
            """, width: nil, height: nil)
        #expect(free == [rect(0, 0, 6.5, 13), rect(0, 0, 49, 13)])
        let fixed = try ReactNativeCaseTests.frames("""
            {"style": {"flexWrap": "wrap", "width": 100}, "children": [{"style": {"aspectRatio": 0.5}, "text": [7]}]}
            """, width: nil, height: nil)
        #expect(fixed == [rect(0, 0, 100, 200), rect(0, 0, 49, 200)])
    }

    // MARK: Auto margins

    /// docs/flexbox.md, "Flex base size": a column item with an auto cross margin is still
    /// stretched across the column's 51 pt while its height is measured (its text wraps to
    /// three lines there, 39 tall), and only then sized to fit its content (63 wide, its
    /// longest word) and placed by its margin.
    @Test func anAutoCrossMarginDoesNotStopStretchingForTheFlexBaseSize() throws {
        let frames = try ReactNativeCaseTests.frames("""
            {"children": [{"style": {"width": 51}, "children": [
              {"style": {"marginStart": "auto"}, "text": [9, 1, 6]}]}]}
            """, width: nil, height: nil)
        #expect(frames == [rect(0, 0, 51, 39), rect(0, 0, 51, 39), rect(0, 0, 63, 39)])
    }

    /// docs/flexbox.md, "Auto margins": which of a box's start and end margins is `auto`
    /// Yoga reads in its parent's direction, even when the box has a direction of its own.
    /// An ltr box in an rtl column with `marginEnd: auto` keeps its place at the column's
    /// start (the right, x 90), and in an rtl row `marginStart: auto` takes the free space
    /// on the right (x 0), where CSS would resolve both in the box's own ltr.
    @Test func anAutoStartOrEndMarginFollowsTheParentsDirection() throws {
        let column = try ReactNativeCaseTests.frames("""
            {"style": {"width": 100}, "children": [
              {"style": {"direction": "ltr", "width": 10, "height": 10, "marginEnd": "auto"}}]}
            """, width: nil, height: nil, direction: .rtl)
        #expect(column == [rect(0, 0, 100, 10), rect(90, 0, 10, 10)])
        let row = try ReactNativeCaseTests.frames("""
            {"style": {"width": 100, "flexDirection": "row"}, "children": [
              {"style": {"direction": "ltr", "width": 10, "height": 10, "marginStart": "auto"}}]}
            """, width: nil, height: nil, direction: .rtl)
        #expect(row == [rect(0, 0, 100, 10), rect(0, 0, 10, 10)])
    }

    // MARK: Scroll containers

    /// docs/flexbox.md, "Remaining differences" (flexGrow row): a growing scroll row held at
    /// its 150 pt fit-content limit whose items take 170 is not justified back into it: Yoga
    /// gives a line of a main size that is not exact no free space (`sizeBasedOnContent`), so
    /// `center` starts the items at 0, not at −10.
    @Test func aScrollRowHeldAtItsLimitDoesNotCentreItemsThatOverflowIt() throws {
        let frames = try ReactNativeCaseTests.frames("""
            {"style": {"width": 150, "alignItems": "flex-end"}, "children": [
              {"style": {"flexDirection": "row", "justifyContent": "center", "overflow": "scroll", "flexGrow": 1},
               "children": [{"style": {"flexGrow": 0.5, "width": 120, "height": 5}},
                            {"style": {"width": 50, "height": 5}}]}]}
            """, width: nil, height: nil)
        #expect(frames == [rect(0, 0, 150, 5), rect(0, 0, 150, 5), rect(0, 0, 120, 5), rect(120, 0, 50, 5)])
    }

    // MARK: Percentages

    /// docs/flexbox.md, "Cross sizes": a percentage width in a column whose width is not yet
    /// fixed is measured as max-content, but the box's children are still offered the
    /// percentage (75 % of 28 = 21): the text wraps there and the box is as wide as its
    /// longest word (42), not as its whole text (63).
    @Test func aLoosePercentageStillOffersItsSizeToTheBoxsChildren() throws {
        let frames = try ReactNativeCaseTests.frames("""
            {"style": {"width": 28}, "children": [{"style": {"alignSelf": "flex-start"}, "children": [
              {"style": {"width": "75%"}, "children": [{"text": [6, 2]}]}]}]}
            """, width: nil, height: nil)
        #expect(frames == [rect(0, 0, 28, 26), rect(0, 0, 42, 26), rect(0, 0, 42, 26), rect(0, 0, 42, 26)])
    }

    // MARK: Baseline

    /// docs/flexbox.md, "Baseline alignment": in a row aligned by baseline, a stretched item
    /// takes its line's height (33, the padded text's) even with auto cross margins, which
    /// a baseline layout ignores.
    @Test func aStretchedItemWithAutoMarginsTakesItsBaselineLinesHeight() throws {
        let frames = try ReactNativeCaseTests.frames("""
            {"style": {"flexDirection": "row", "alignItems": "baseline"}, "children": [
              {"style": {"width": 10, "marginVertical": "auto", "alignSelf": "stretch"}},
              {"text": [3]}, {"style": {"paddingTop": 20}, "text": [2]}]}
            """, width: 200, height: nil)
        #expect(frames == [rect(0, 0, 200, 33), rect(0, 0, 10, 33), rect(10, 20, 21, 13), rect(31, 0, 14, 33)])
    }

    /// docs/flexbox.md, "Baseline alignment": a view holding text, measured in a row aligned
    /// by baseline, has its text's baseline (10), not its bottom edge (13): the row is as
    /// tall as its text, 13, not 16.
    @Test func aMeasuredViewHasItsFirstTextsBaseline() throws {
        let frames = try ReactNativeCaseTests.frames("""
            {"children": [{"style": {"flexDirection": "row-reverse", "alignItems": "baseline"}, "children": [
              {"children": [{"text": [4]}]}, {"text": [6]}]}]}
            """, width: 200, height: nil)
        #expect(frames == [rect(0, 0, 200, 13), rect(0, 0, 200, 13), rect(172, 0, 28, 13), rect(0, 0, 28, 13),
                           rect(130, 0, 42, 13)])
    }
}
