import Foundation
import Testing
import TypeLayout
import TypeLayoutSwiftUI

/// Lists, forms and navigation: row insets and heights, separators, headers, and the bars.
@MainActor
struct ListAndNavigationTests {
    private func threeRows(_ style: String) -> some View {
        let list = List {
            Section {
                Text("One").accessibilityIdentifier("one")
                Text("Two").accessibilityIdentifier("two")
                Text("Three").accessibilityIdentifier("three")
            }
        }
        return Group {
            if style == "plain" { list.listStyle(.plain) } else { list.listStyle(.insetGrouped) }
        }
    }

    @Test func insetGroupedRowsAre44PointsWithSeparatorsFromTheirText() throws {
        let layout = try layOut(threeRows("insetGrouped"))
        let one = try #require(layout.textRect("one")), two = try #require(layout.textRect("two"))
        #expect(close(one.minX, 36))
        #expect(close(two.midY - one.midY, 44))
        let lines = layout.hairlines
        try #require(lines.count == 2)
        #expect(close(lines[0].minX, 36) && close(lines[0].maxX, 374))
        // The hairline is the first row's last third of a point, a row's height under its top.
        #expect(close(lines[0].maxY, one.midY + 22))
        // The first section starts 35 points down.
        #expect(close(one.midY - 22, 35))
    }

    @Test func plainRowsRunEdgeToEdge() throws {
        let layout = try layOut(threeRows("plain"))
        #expect(close(try #require(layout.textRect("one")).minX, 20))
        let lines = layout.hairlines
        try #require(lines.count == 2)
        #expect(close(lines[0].minX, 20) && close(lines[0].maxX, 390))
    }

    @Test func rowsGrowWithTheirText() throws {
        let layout = try layOut(threeRows("insetGrouped"), category: .accessibilityExtraExtraExtraLarge)
        let one = try #require(layout.textRect("one")), two = try #require(layout.textRect("two"))
        #expect(one.height > 44)
        #expect(close(two.midY - one.midY, one.height + 16))
    }

    @Test func rowSettingsChangeInsetsBackgroundAndSeparators() throws {
        let view = List {
            Text("Inset").listRowInsets(EdgeInsets(top: 0, leading: 50, bottom: 0, trailing: 0)).accessibilityIdentifier("inset")
            Text("Yellow").listRowBackground(Color.yellow).listRowSeparator(.hidden, edges: .bottom)
            Text("Swipe").swipeActions { Button("Delete", role: .destructive) {} }
        }
        let layout = try layOut(view)
        #expect(close(try #require(layout.textRect("inset")).minX, 66))
        // One separator: the yellow row hides the one below it.
        #expect(layout.hairlines.count == 1)
        // Hidden on both edges, it hides the one above too, as in SwiftUI.
        let both = try layOut(List {
            Text("One")
            Text("Two").listRowSeparator(.hidden)
            Text("Three")
        })
        #expect(both.hairlines.isEmpty)
        let yellow = try #require(layout.nodes.first { $0.style.backgroundColor == TypeLayout.Color(red: 255, green: 204, blue: 0) })
        #expect(close(yellow.frame.width, 358) && close(yellow.frame.height, 44))
    }

    @Test func labelRowSeparatorStartsAtTheTitle() throws {
        let layout = try layOut(List {
            Label("Bluetooth", systemImage: "b.circle").accessibilityIdentifier("label")
            Text("Next")
        })
        let title = try #require(layout.textRect("label"))
        let iconEnd: CGFloat = 36 + 16
        #expect(title.minX > iconEnd)
        #expect(close(try #require(layout.hairlines.first).minX, title.minX))
    }

    @Test func headersAreUppercaseFootnotesUnlessAskedOtherwise() throws {
        let view = Form {
            Section { Text("Row") } header: { Text("Display").accessibilityIdentifier("header") } footer: {
                Text("Footer").accessibilityIdentifier("footer")
            }
            Section { Text("Row") } header: { Text("Kept").textCase(nil).accessibilityIdentifier("kept") }
        }
        let layout = try layOut(view)
        #expect(layout.textLayout("header")?.string == "DISPLAY")
        #expect(layout.textLayout("kept")?.string == "Kept")
        #expect(layout.textLayout("footer")?.string == "Footer")
        let header = try #require(layout.textRect("header")), footer = try #require(layout.textRect("footer"))
        #expect(close(header.minX, 36) && close(footer.minX, 36))
    }

    @Test func valueRowsStackAtTheAccessibilitySizes() throws {
        let view = Form { LabeledContent("Version", value: "17.4").accessibilityIdentifier("row") }
        let large = try layOut(view), ax1 = try layOut(view, category: .accessibilityMedium)
        let texts = large.textFrames, stacked = ax1.textFrames
        try #require(texts.count == 2 && stacked.count == 2)
        #expect(close(texts[0].midY, texts[1].midY, within: 0.5) && close(texts[1].maxX, 354))
        #expect(stacked[1].minY >= stacked[0].maxY && close(stacked[1].minX, 36))
    }

    @Test func navigationLinkRowsEndInAChevron() throws {
        let layout = try layOut(List { NavigationLink("General") { Text("General") } })
        let chevron = try #require(layout.rect("chevron"))
        #expect(close(chevron.maxX, 354) && close(chevron.width, 8) && close(chevron.height, 13))
        // Outside a list a link is a tinted button, without a chevron.
        #expect(try layOut(NavigationLink("General") { Text("General") }).rect("chevron") == nil)
    }

    @Test func largeTitleSitsUnderTheBarAndWrapsAtAccessibilitySizes() throws {
        let view = NavigationStack {
            Text("Body").navigationTitle("Notifications and Sounds")
        }
        let large = try layOutWithSafeArea(view), ax5 = try layOutWithSafeArea(view, category: .accessibilityExtraExtraExtraLarge)
        let bar = try #require(large.rect("navigation-bar"))
        #expect(close(bar.minY, 47) && close(bar.height, 44) && close(bar.width, 390))
        let title = try #require(large.rect("large-title"))
        #expect(close(title.minY, 91))
        let titleLines = large.textLayout("large-title")?.lines.count
        #expect(titleLines == 1)
        let wrapped = try #require(ax5.textLayout("large-title"))
        #expect(wrapped.lines.count >= 2 && !wrapped.isTruncated)
        // The bar keeps its height at every size.
        #expect(close(try #require(ax5.rect("navigation-bar")).height, 44))
    }

    @Test func inlineTitleAndToolbarItemsStayInTheBar() throws {
        let view = NavigationStack {
            Text("Body")
                .navigationTitle("Inbox")
                .navigationBarTitleDisplayMode(.inline)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) { Button("Edit") {}.accessibilityIdentifier("edit") }
                    ToolbarItem(placement: .topBarTrailing) { Button("Add") {}.accessibilityIdentifier("add") }
                }
                .sheet(isPresented: .constant(true)) { Text("Sheet") }
        }
        let large = try layOut(view), ax5 = try layOut(view, category: .accessibilityExtraExtraExtraLarge)
        #expect(large.rect("large-title") == nil)
        let titles = large.textFrames.filter { $0.minY < 44 }
        try #require(titles.count == 3)
        #expect(close(titles.map(\.midX).sorted()[1], 195, within: 0.5))
        let edit = try #require(large.rect("edit")), add = try #require(large.rect("add"))
        #expect(close(edit.minX, 16) && close(add.maxX, 374))
        // Bar buttons don't grow with Dynamic Type.
        #expect(try #require(ax5.rect("edit")).size == edit.size)
        // The sheet is not shown.
        #expect(!large.nodes.contains { $0.text?.string == "Sheet" })
    }

    @Test func searchFieldGoesUnderTheTitle() throws {
        let view = NavigationStack { List { Text("Row") }.navigationTitle("Mail").searchable(text: .constant("")) }
        let layout = try layOut(view)
        let title = try #require(layout.rect("large-title")), field = try #require(layout.rect("search-field"))
        #expect(close(field.minY, title.maxY) && close(field.height, 44) && close(field.width, 390))
        #expect(layout.textLayout("search-field")?.string == "Search")
    }

    @Test func tabViewShowsTheSelectedTabAboveA49PointBar() throws {
        let view = TabView(selection: .constant(1)) {
            Text("First").tabItem { Label("One", systemImage: "1.circle") }.tag(0)
            Text("Second").tabItem { Label("Two", systemImage: "2.circle") }.tag(1)
        }
        let layout = try layOutWithSafeArea(view, category: .accessibilityMedium)
        let bar = try #require(layout.rect("tab-bar"))
        #expect(close(bar.height, 49) && close(bar.maxY, 810))
        let strings = layout.nodes.compactMap { $0.text?.string }
        #expect(strings.contains("Second") && !strings.contains("First"))
        #expect(strings.contains("One") && strings.contains("Two"))
        // Tab titles keep their 10-point size at the accessibility sizes.
        let one = try #require(layout.nodes.first { $0.text?.string == "One" })
        #expect(one.frame.height < 16)
    }

    @Test func badInputGivesADocumentedResult() throws {
        // An empty label: the switch alone keeps its size and place.
        let empty = try layOut(Toggle("", isOn: .constant(true)).accessibilityIdentifier("toggle"), width: 300)
        #expect(close(try #require(empty.rect("toggle")).height, 31))
        #expect(close(try #require(empty.frames(of: CGSize(width: 51, height: 31)).first).maxX, 300))
        // A 10,000-character label wraps in the row: the button's height is finite and grows.
        let long = String(repeating: "word ", count: 2_000)
        let button = try layOut(List { Button(long) {}.accessibilityIdentifier("long") }, height: 100_000)
        let text = try #require(button.textRect("long"))
        #expect(text.height > 1_000 && text.height.isFinite && close(text.minX, 36))
        // 10,000 rows (the case) are laid out whole, each 44 points.
        let rows = try layOut(List(0..<10_000, id: \.self) { Text("Row \($0)").accessibilityIdentifier("row-\($0)") }, height: 1_000_000)
        let first = try #require(rows.textRect("row-0")), last = try #require(rows.textRect("row-9999"))
        let distance = last.midY - first.midY, rowsBetween: CGFloat = 9_999 * 44
        #expect(close(distance, rowsBetween, within: 0.5))
    }

    @Test func olderNavigationModifiersFillTheSameBar() throws {
        let older = NavigationView {
            Form { Text("Row") }
                .formStyle(.grouped)
                .navigationBarTitle("Profile", displayMode: .inline)
                .navigationBarItems(leading: Button("Cancel") {}.accessibilityIdentifier("cancel"),
                                    trailing: Button("Save") {}.accessibilityIdentifier("save"))
        }
        let layout = try layOut(older)
        #expect(layout.rect("large-title") == nil)
        #expect(layout.nodes.contains { $0.text?.string == "Profile" })
        let cancel = try #require(layout.rect("cancel")), save = try #require(layout.rect("save"))
        #expect(close(cancel.minX, 16) && close(save.maxX, 374) && close(cancel.midY, 22, within: 0.5))
    }
}
