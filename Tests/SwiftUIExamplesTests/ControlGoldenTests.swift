import Foundation
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTesting

/// Controls, lists and navigation drawn as iOS 17 draws them: one golden per group, and the
/// settings form of Examples/swiftui at a few sizes.
@Suite(.dynamicType())
@MainActor
struct ControlGoldenTests {
    @Test func settingsFormAtFourSizes() throws {
        let layouts = assertGolden(of: SettingsForm(), device: .iPhone16,
                                   categories: [.large, .extraExtraExtraLarge, .accessibilityMedium, .accessibilityExtraExtraExtraLarge])
        try #require(layouts.count == 4)
        // The switch keeps iOS's 51 × 31 points at every size, at the row's trailing end.
        for layout in layouts {
            let row = try #require(layout["airplane-mode"])
            let switchNode = try #require(layout.nodes.first { $0.frame.width == 51 && $0.frame.height == 31 })
            #expect(abs(switchNode.frame.x + 51 - (row.frame.x + row.frame.width)) < 0.5, "\(layout.category.shortName)")
        }
        // The large title wraps at ax5 and is one line at large.
        let titleLarge = try #require(firstText(in: layouts[0], under: "large-title"))
        let titleAX5 = try #require(firstText(in: layouts[3], under: "large-title"))
        #expect(titleLarge.lines.count == 1)
        #expect(titleAX5.lines.count >= 1 && titleAX5.size.height > titleLarge.size.height)
        // The version row stacks its value under its label at the accessibility sizes.
        let version = try #require(layouts[2]["version"])
        let texts = layouts[2].nodes.filter { $0.kind == .text && $0.frame.y >= version.frame.y && $0.frame.y < version.frame.y + version.frame.height }
        #expect(texts.count == 2 && texts[1].frame.y > texts[0].frame.y + texts[0].frame.height - 0.5)
    }

    @Test func controlsGallery() throws {
        let layouts = assertGolden(of: ControlsGallery(), device: Device(width: 390, height: 1000),
                                   categories: [.large, .accessibilityLarge])
        try #require(layouts.count == 2)
        // A bordered prominent button's text grows with Dynamic Type, its padding doesn't.
        let small = try #require(layouts[0]["prominent"]), large = try #require(layouts[1]["prominent"])
        #expect(large.frame.height > small.frame.height + 10)
    }

    @Test func listStyles() throws {
        for style in ["insetGrouped", "grouped", "plain", "sidebar"] {
            let layouts = assertGolden(of: ListStyleSample(style: style), named: "list-\(style)", device: Device(width: 390, height: 520),
                                       categories: [.large])
            try #require(layouts.count == 1)
            // The one-line row is 44 points tall: its text is centred in it.
            let text = try #require(layouts[0]["row-0"])
            #expect(text.frame.height < 44)
            let row = try #require(layouts[0].nodes.first { $0.frame.height == 44 && $0.frame.y <= text.frame.y && $0.frame.y + 44 >= text.frame.y + text.frame.height })
            #expect(abs(row.frame.y + 22 - (text.frame.y + text.frame.height / 2)) < 0.5)
        }
    }

    @Test func navigationAndTabs() throws {
        let layouts = assertGolden(of: TabSample(), device: .iPhone16, categories: [.large, .accessibilityExtraLarge])
        try #require(layouts.count == 2)
        for layout in layouts {
            // The bars keep their size at every category.
            let bar = try #require(layout["navigation-bar"]), tabs = try #require(layout["tab-bar"])
            #expect(bar.frame.height == 44 && tabs.frame.height == 49)
            #expect(abs(tabs.frame.y + 49 - (852 - 34)) < 0.5)
        }
    }
}

/// The text layout of the first text node under the node with `id`.
func firstText(in layout: ScreenLayout, under id: String) -> TextLayout? {
    guard let index = layout.nodes.firstIndex(where: { $0.id == id }) else { return nil }
    var inside: Set<Int> = [index]
    for position in layout.nodes.indices where position >= index {
        if position > index {
            guard let parent = layout.nodes[position].parent, inside.contains(parent) else { continue }
            inside.insert(position)
        }
        if let text = layout.nodes[position].text { return text }
    }
    return nil
}

/// Every control of the first group, in a column.
struct ControlsGallery: View {
    @State private var isOn = true
    @State private var name = ""
    @State private var password = "secret"
    @State private var value = 0.3
    @State private var flavour = "Vanilla"

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Toggle("Wi-Fi Assist switches to mobile data when Wi-Fi is poor", isOn: $isOn)
            HStack {
                Button("Plain") {}.buttonStyle(.plain)
                Button("Link") {}.buttonStyle(.borderless)
                Button("Bordered") {}.buttonStyle(.bordered)
                Button("Go") {}.buttonStyle(.borderedProminent).accessibilityIdentifier("prominent")
            }
            HStack {
                Button("Delete", role: .destructive) {}.buttonStyle(.bordered)
                Button("Small") {}.buttonStyle(.bordered).controlSize(.small)
                Button("Disabled") {}.buttonStyle(.borderedProminent).disabled(true)
                Button("Tinted") {}.buttonStyle(.borderedProminent).tint(.green)
            }
            Button {} label: { Text("Continue").frame(maxWidth: .infinity) }
                .buttonStyle(.borderedProminent).controlSize(.large)
            HStack {
                Label("Favourites", systemImage: "star")
                Label("Icon only", systemImage: "heart").labelStyle(.iconOnly)
                Link("Support", destination: URL(string: "https://example.com")!)
            }
            Stepper("Quantity: 3", value: .constant(3), in: 0...10)
            Slider(value: $value)
            ProgressView(value: 0.7)
            HStack {
                ProgressView()
                ProgressView("Loading")
            }
            TextField("Name", text: $name).textFieldStyle(.roundedBorder)
            SecureField("Password", text: $password).textFieldStyle(.roundedBorder)
            Picker("Flavour", selection: $flavour) {
                Text("Vanilla").tag("Vanilla")
                Text("Chocolate").tag("Chocolate")
            }
            Picker("Period", selection: $flavour) {
                Text("Vanilla").tag("Vanilla")
                Text("Chocolate").tag("Chocolate")
                Text("Mint").tag("Mint")
            }
            .pickerStyle(.segmented)
            Toggle("Hidden label", isOn: $isOn).labelsHidden()
        }
        .padding()
    }
}

/// Two sections of rows in a list style named by the test.
struct ListStyleSample: View {
    let style: String

    var body: some View {
        let list = List {
            Section {
                Text("Plain row").accessibilityIdentifier("row-0")
                Label("With an icon", systemImage: "star")
                LabeledContent("Value", value: "Detail")
                Text("Badged").badge(3)
            } header: {
                Text("Header")
            } footer: {
                Text("A footer explains the section.")
            }
            Section("Second") {
                Text("Custom insets").listRowInsets(EdgeInsets(top: 0, leading: 60, bottom: 0, trailing: 0))
                Text("Yellow background").listRowBackground(Color.yellow)
                Text("No separator below").listRowSeparator(.hidden, edges: .bottom)
                Text("Last row with swipe actions").swipeActions { Button("Delete", role: .destructive) {} }
            }
        }
        switch style {
        case "grouped": list.listStyle(.grouped)
        case "plain": list.listStyle(.plain)
        case "sidebar": list.listStyle(.sidebar)
        default: list.listStyle(.insetGrouped)
        }
    }
}

/// A tab view whose first tab is a navigation stack with an inline title, toolbar items,
/// a search field and a plain list.
struct TabSample: View {
    @State private var query = ""
    @State private var tab = 0

    var body: some View {
        TabView(selection: $tab) {
            NavigationStack {
                List {
                    ForEach(["Inbox", "Drafts", "Sent", "Junk"], id: \.self) { name in
                        NavigationLink(name) { Text(name) }
                    }
                }
                .listStyle(.plain)
                .navigationTitle("Mailboxes")
                .navigationBarTitleDisplayMode(.inline)
                .searchable(text: $query)
                .toolbar {
                    ToolbarItem(placement: .topBarLeading) { Button("Edit") {} }
                    ToolbarItem(placement: .topBarTrailing) { Button("New") {} }
                }
                .sheet(isPresented: .constant(false)) { Text("Never shown") }
                .alert("Never shown", isPresented: .constant(false)) { Button("OK") {} }
            }
            .tabItem { Label("Mail", systemImage: "envelope") }
            .tag(0)
            Text("Settings")
                .tabItem { Label("Settings", systemImage: "gear") }
                .badge(2)
                .tag(1)
        }
    }
}
