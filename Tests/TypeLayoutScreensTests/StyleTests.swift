import Testing
@testable import TypeLayoutScreens

@Suite struct StyleTests {
    @Test func dimensionsParseReactNativeSpellings() {
        #expect(Dimension("auto") == .auto)
        #expect(Dimension("50%") == .percent(50))
        #expect(Dimension("12.5") == .points(12.5))
        #expect(Dimension("-4") == .points(-4))
        #expect(Dimension("50 %") == nil)
        #expect(Dimension("wide") == nil)
        #expect(Dimension("nan") == nil)
        #expect(Dimension("inf%") == nil)
    }

    @Test func dimensionsPrintBackToTheirSpelling() {
        #expect(Dimension.percent(50).description == "50.0%")
        #expect(Dimension("\(Dimension.points(3))") == .points(3))
        #expect(Dimension.auto.description == "auto")
    }

    @Test func keywordsUseReactNativeRawValues() {
        #expect(FlexDirection(rawValue: "row-reverse") == .rowReverse)
        #expect(FlexDirection(rawValue: "column-reverse") == .columnReverse)
        #expect(JustifyContent(rawValue: "space-between") == .spaceBetween)
        #expect(JustifyContent(rawValue: "space-evenly") == .spaceEvenly)
        #expect(AlignItems(rawValue: "flex-start") == .flexStart)
        #expect(AlignSelf(rawValue: "auto") == .auto)
        #expect(AlignContent(rawValue: "space-around") == .spaceAround)
        #expect(FlexWrap(rawValue: "wrap-reverse") == .wrapReverse)
        #expect(PositionType(rawValue: "absolute") == .absolute)
        #expect(Display(rawValue: "none") == Display.none)
        #expect(Overflow(rawValue: "scroll") == .scroll)
        #expect(Direction(rawValue: "rtl") == .rtl)
        #expect(FlexDirection(rawValue: "rowReverse") == nil)
    }

    @Test func defaultsAreReactNatives() {
        let defaults = BoxStyle()
        #expect(defaults.flexDirection == .column)
        #expect(defaults.flexShrink == 0)
        #expect(defaults.flexGrow == 0)
        #expect(defaults.alignContent == .flexStart)
        #expect(defaults.alignItems == .stretch)
        #expect(defaults.alignSelf == .auto)
        #expect(defaults.flexBasis == .auto)
        #expect(defaults.position == .relative)
        #expect(defaults.direction == .inherit)
    }

    @Test func theMostSpecificEdgeWins() {
        let edges = Edges<Double>(all: 1, left: 2, start: 3, horizontal: 4, vertical: 5)
        #expect(edges.value(for: .left, direction: .ltr) == 3)  // start beats left
        #expect(edges.value(for: .right, direction: .ltr) == 4)  // horizontal beats all
        #expect(edges.value(for: .top, direction: .ltr) == 5)
        #expect(edges.value(for: .right, direction: .rtl) == 3)  // start is the right edge in rtl
        #expect(edges.value(for: .left, direction: .rtl) == 2)
        #expect(Edges<Double>(all: 7).value(for: .bottom, direction: .rtl) == 7)
        #expect(Edges<Double>().value(for: .bottom, direction: .ltr) == nil)
    }
}
