import Testing
import TypeLayout
import TypeLayoutScreens

/// What each example screen is for, asserted on its frames: the files laid out at the
/// categories where the behaviour shows.
@Suite struct ExampleScreenTests {
    func layout(_ name: String, at category: ContentSizeCategory) throws -> ScreenLayout {
        try ExampleScreens.screen(name).layout(at: category)
    }

    func frame(_ id: String, in layout: ScreenLayout) throws -> BoxRect {
        try #require(layout[id], "no node \(id) at \(layout.category)").frame
    }

    @Test(arguments: [ContentSizeCategory.large, .extraExtraExtraLarge])
    func largerTextRowKeepsTheSwitchBesideItsLabelUpToXXXLarge(category: ContentSizeCategory) throws {
        let layout = try layout("larger-text-row", at: category)
        let title = try frame("title", in: layout), toggle = try frame("toggle", in: layout)
        #expect(toggle.x >= title.x + title.width)
        #expect(abs((toggle.y + toggle.height / 2) - (title.y + title.height / 2)) < 1)
        #expect(toggle.x + toggle.width == 375 - 16)
    }

    @Test(arguments: [ContentSizeCategory.accessibilityMedium, .accessibilityExtraLarge, .accessibilityExtraExtraExtraLarge])
    func largerTextRowPutsTheSwitchBelowItsLabelFromAccessibilityMedium(category: ContentSizeCategory) throws {
        let layout = try layout("larger-text-row", at: category)
        let title = try frame("title", in: layout), toggle = try frame("toggle", in: layout)
        #expect(toggle.y >= title.y + title.height)
        #expect(toggle.x == title.x)
        #expect(title.width == 375 - 32)
    }

    @Test func listCellIconGrowsWithTheTextAndTheCellStacksAtAccessibilitySizes() throws {
        let large = try layout("list-cell", at: .large)
        let xxxl = try layout("list-cell", at: .extraExtraExtraLarge)
        let ax1 = try layout("list-cell", at: .accessibilityMedium)
        #expect(try frame("icon", in: large).width == 29)
        #expect(try frame("icon", in: xxxl).width > 29)
        #expect(try frame("icon", in: ax1).width > frame("icon", in: xxxl).width)
        // Side by side up to xxxLarge, one above the other from ax1.
        #expect(try frame("labels", in: xxxl).x >= frame("icon", in: xxxl).x + frame("icon", in: xxxl).width)
        #expect(try frame("labels", in: ax1).y >= frame("icon", in: ax1).y + frame("icon", in: ax1).height)
        #expect(try frame("chevron", in: ax1).y >= frame("labels", in: ax1).y + frame("labels", in: ax1).height)
        #expect(try frame("labels", in: ax1).width == 375 - 32)
    }

    @Test func cardKeepsItsPictureAndGrowsItsText() throws {
        var heights: [Double] = []
        for category in ContentSizeCategory.allCases {
            let layout = try layout("card", at: category)
            let picture = try frame("picture", in: layout)
            #expect(picture.width == 343 && picture.height == 160)
            #expect(try frame("body", in: layout).y > picture.y + picture.height)
            #expect(layout["body"]?.text?.isTruncated == false)
            heights.append(try frame("card", in: layout).height)
        }
        #expect(heights == heights.sorted())
        #expect(heights.last! > heights.first! * 2)
    }

    @Test func buttonRowStacksWhenTheTitlesNoLongerFitSideBySide() throws {
        let large = try layout("button-row", at: .large)
        #expect(large["side-by-side"] != nil && large["stacked"] == nil)
        let primary = try frame("primary", in: large), secondary = try frame("secondary", in: large)
        #expect(primary.y == secondary.y)
        #expect(primary.width == secondary.width)
        // The button's title is the text leaf inside it.
        let primaryIndex = try #require(large.nodes.firstIndex { $0.id == "primary" })
        #expect(large.nodes.first { $0.parent == primaryIndex }?.text?.isTruncated == false)
        let ax3 = try layout("button-row", at: .accessibilityExtraLarge)
        #expect(ax3["side-by-side"] == nil && ax3["stacked"] != nil)
        let top = try frame("secondary-stacked", in: ax3), bottom = try frame("primary-stacked", in: ax3)
        #expect(bottom.y >= top.y + top.height)
        #expect(top.width == 343 && bottom.width == 343)
        // Side by side wherever no title is truncated: the switch happens exactly once.
        let sideBySide = try ContentSizeCategory.allCases.map { try layout("button-row", at: $0)["side-by-side"] != nil }
        #expect(sideBySide.first == true && sideBySide.last == false)
        #expect(zip(sideBySide, sideBySide.dropFirst()).filter { $0 != $1 }.count == 1)
    }

    @Test func tabBarStopsGrowingAtXXXLargeWhileTheTextAboveGoesOn() throws {
        let xxxl = try layout("tab-bar", at: .extraExtraExtraLarge)
        let large = try layout("tab-bar", at: .large)
        #expect(try frame("tab-bar", in: xxxl).height > frame("tab-bar", in: large).height)
        for category in [ContentSizeCategory.accessibilityMedium, .accessibilityExtraLarge, .accessibilityExtraExtraExtraLarge] {
            let layout = try layout("tab-bar", at: category)
            #expect(try frame("tab-bar", in: layout).height == frame("tab-bar", in: xxxl).height)
            #expect(layout["tab-home-label"]?.category == .extraExtraExtraLarge)
            #expect(try frame("heading", in: layout).height > frame("heading", in: xxxl).height)
        }
    }

    @Test func settingsFitsTheDeviceAtLargeAndOverflowsItAtTheAccessibilitySizes() throws {
        let large = try layout("settings", at: .large)
        #expect(large.nodes.count >= 25)
        #expect(large.device == .iPhoneSE)
        #expect(large.contentHeight == large.device.height)
        for category in ContentSizeCategory.allCases where category.isAccessibilityCategory {
            let layout = try layout("settings", at: category)
            #expect(layout.contentHeight > layout.device.height)
            let row = try frame("wifi", in: layout)
            let title = try frame("wifi-title", in: layout)
            #expect(title.width == row.width - 32)
        }
    }
}
