import Testing
@testable import TypeLayoutScreens

/// What a tree keeps of each style for layout (`LayoutStyle`): sides resolved once per
/// direction where nothing else changes them, and the full style read where something does.
@Suite struct LayoutStyleTests {
    @Test func fixedSidesAreResolvedForBothDirections() throws {
        let style = style {
            $0.padding.start = 3
            $0.padding.right = 7
            $0.padding.vertical = 1
            $0.borderWidth.end = 2
            $0.borderWidth.top = 0.5
            $0.margin.start = 1
            $0.margin.horizontal = 4
            $0.margin.bottom = 6
        }
        let layoutStyle = LayoutStyle(style, hasContent: false)
        #expect(layoutStyle.hasFixedPaddingAndBorder && layoutStyle.hasFixedMargins)
        // `start` is the left in ltr and the right in rtl, and wins over `right`/`horizontal`.
        #expect(layoutStyle.paddingAndBorderLTR == Insets(top: 1.5, right: 9, bottom: 1, left: 3))
        #expect(layoutStyle.paddingAndBorderRTL == Insets(top: 1.5, right: 3, bottom: 1, left: 2))
        #expect(layoutStyle.marginLTR == Insets(top: 0, right: 4, bottom: 6, left: 1))
        #expect(layoutStyle.marginRTL == Insets(top: 0, right: 1, bottom: 6, left: 4))
        #expect(!layoutStyle.hasInset && !layoutStyle.hasSizeLimits && !layoutStyle.readsContainingSize)
    }

    @Test func percentagesAndAutoMarginsAreLeftToTheFullStyle() throws {
        let layoutStyle = LayoutStyle(style {
            $0.padding.left = .percent(10)
            $0.margin.top = .auto
            $0.inset.start = 2
            $0.maxWidth = 50
        }, hasContent: true)
        #expect(!layoutStyle.hasFixedPaddingAndBorder && !layoutStyle.hasFixedMargins)
        #expect(layoutStyle.hasInset && layoutStyle.hasSizeLimits && layoutStyle.readsContainingSize)
        #expect(layoutStyle.hasContent && layoutStyle.hasPercentageOrRatio)

        // Laid out, the percentage is of the parent's inner width, and the auto margin takes
        // the free space below the box in its column.
        var tree = BoxTree()
        let leaf = try tree.addBox(fixed(10, 10))
        let child = try tree.addBox(style {
            $0.padding.left = .percent(10)
            $0.margin.top = .auto
        }, children: [leaf])
        let root = try tree.addBox(fixed(200, 100) { $0.alignItems = .flexStart }, children: [child])
        let layout = try tree.layout(root: root)
        #expect(layout.frame(leaf) == rect(20, 0, 10, 10))
        #expect(layout.frame(child) == rect(0, 90, 30, 10))
    }

    @Test func anOutOfRangeNumberIsFlaggedWhenTheBoxIsAdded() throws {
        #expect(LayoutStyle(fixed(10, 10), hasContent: false).isWithinMaximumMagnitude)
        let tooLarge = LayoutStyle(fixed(10, 10) { $0.margin.bottom = .points(2e9) }, hasContent: false)
        #expect(!tooLarge.isWithinMaximumMagnitude)
        #expect(!LayoutStyle(fixed(10, 10) { $0.flexGrow = .nan }, hasContent: false).isWithinMaximumMagnitude)
    }
}
