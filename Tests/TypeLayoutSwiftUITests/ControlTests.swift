import Foundation
import Testing
import TypeLayout
import TypeLayoutSwiftUI

/// The frames of the controls: iOS's fixed sizes where UIKit has them, the label's text
/// elsewhere, at the large and the accessibility sizes.
@MainActor
struct ControlTests {
    @Test func toggleIsASwitchAtTheTrailingEndBesideItsWrappingLabel() throws {
        let view = Toggle("Wi-Fi Assist switches to mobile data when Wi-Fi is poor", isOn: .constant(true))
            .accessibilityIdentifier("toggle")
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            // 241 points for the label: three lines at large, a word or two a line at ax5.
            let layout = try layOut(view, width: 300, height: 600, category: category)
            let toggle = try #require(layout.rect("toggle"))
            let switches = layout.frames(of: CGSize(width: 51, height: 31))
            // The frame, and the track filling it.
            try #require(!switches.isEmpty, "\(category)")
            #expect(switches.allSatisfy { $0 == switches[0] })
            #expect(close(switches[0].maxX, 300) && close(toggle.width, 300))
            // The label takes the rest, 8 points from the switch, and wraps in it.
            let label = try #require(layout.textRect("toggle"))
            #expect(label.maxX <= switches[0].minX - 8 + 0.01)
            #expect(label.minX == 0)
            let lines = try #require(layout.textLayout("toggle")).lines.count
            #expect(category == .large ? lines == 3 : lines >= 6, "\(category): \(lines) lines")
            // The switch is centred on the label.
            #expect(abs(switches[0].midY - label.midY) < 0.5)
        }
    }

    @Test func labelsHiddenLeavesTheSwitch() throws {
        let layout = try layOut(Toggle("Hidden", isOn: .constant(false)).labelsHidden().accessibilityIdentifier("toggle"))
        let toggle = try #require(layout.rect("toggle"))
        #expect(toggle.size == CGSize(width: 51, height: 31))
        #expect(layout.textRect("toggle") == nil)
    }

    @Test func borderedButtonsArePaddedByControlSize() throws {
        let view = VStack {
            Button("Save") {}.buttonStyle(.bordered).accessibilityIdentifier("regular")
            Button("Save") {}.buttonStyle(.borderedProminent).controlSize(.large).accessibilityIdentifier("large")
            Button("Save") {}.buttonStyle(.borderless).accessibilityIdentifier("borderless")
            Button("Save") {}.buttonStyle(.borderedProminent).tint(.green).accessibilityIdentifier("green")
        }
        let layout = try layOut(view)
        let text = try #require(layout.textRect("borderless"))
        let regular = try #require(layout.rect("regular")), large = try #require(layout.rect("large"))
        let borderless = try #require(layout.rect("borderless"))
        #expect(close(regular.width, text.width + 24) && close(regular.height, text.height + 14))
        #expect(close(large.width, text.width + 40) && close(large.height, text.height + 28))
        #expect(close(borderless.width, text.width) && close(borderless.height, text.height))
        // The prominent style fills with the tint.
        let green = try #require(layout.nodes.first { $0.style.backgroundColor == TypeLayout.Color(red: 52, green: 199, blue: 89) })
        #expect(close(green.frame.height, regular.height))
    }

    @Test func buttonTextGrowsWithDynamicTypeAndItsPaddingDoesNot() throws {
        let view = Button("Continue") {}.buttonStyle(.borderedProminent).accessibilityIdentifier("button")
        let large = try layOut(view, category: .large), ax3 = try layOut(view, category: .accessibilityExtraLarge)
        let small = try #require(large.rect("button")), big = try #require(ax3.rect("button"))
        let smallText = try #require(large.textRect("button")), bigText = try #require(ax3.textRect("button"))
        #expect(bigText.height > smallText.height * 1.8)
        #expect(close(big.height - bigText.height, small.height - smallText.height))
    }

    @Test func stepperSliderAndProgressKeepUIKitSizes() throws {
        let view = VStack(spacing: 0) {
            Stepper("Quantity", value: .constant(2), in: 0...5).accessibilityIdentifier("stepper")
            Slider(value: .constant(0.5)).accessibilityIdentifier("slider")
            ProgressView(value: 0.25).accessibilityIdentifier("bar")
            ProgressView().accessibilityIdentifier("spinner")
            ProgressView().controlSize(.large).accessibilityIdentifier("large-spinner")
        }
        let layout = try layOut(view, width: 300, height: 400, category: .accessibilityMedium)
        let stepper = try #require(layout.frames(of: CGSize(width: 94, height: 32)).first)
        #expect(close(stepper.maxX, 300))
        let slider = try #require(layout.rect("slider"))
        #expect(close(slider.height, 28) && close(slider.width, 300))
        let bar = try #require(layout.rect("bar"))
        #expect(close(bar.height, 4) && close(bar.width, 300))
        // The filled part is a quarter of the bar.
        #expect(layout.frames(of: CGSize(width: 75, height: 4)).count == 1)
        #expect(try #require(layout.rect("spinner")).size == CGSize(width: 20, height: 20))
        #expect(try #require(layout.rect("large-spinner")).size == CGSize(width: 37, height: 37))
    }

    @Test func textFieldsShowTheirValueOrPlaceholder() throws {
        let view = VStack {
            TextField("Name", text: .constant("")).textFieldStyle(.roundedBorder).accessibilityIdentifier("empty")
            TextField("Name", text: .constant("Jane")).accessibilityIdentifier("filled")
            SecureField("Password", text: .constant("abc")).accessibilityIdentifier("secure")
        }
        let layout = try layOut(view, width: 300)
        #expect(layout.textLayout("empty")?.string == "Name")
        #expect(layout.textLayout("filled")?.string == "Jane")
        #expect(layout.textLayout("secure")?.string == "•••")
        let box = try #require(layout.rect("empty")), text = try #require(layout.textRect("empty"))
        #expect(close(box.width, 300) && close(box.height, text.height + 12) && close(text.minX, 7))
        #expect(close(try #require(layout.rect("filled")).width, 300))
    }

    @Test func menuPickerShowsTheTaggedSelection() throws {
        let view = Picker("Flavour", selection: .constant(2)) {
            Text("Vanilla").tag(1)
            Text("Chocolate").tag(2)
        }
        .accessibilityIdentifier("picker")
        let layout = try layOut(view)
        #expect(layout.textLayout("picker")?.string == "Chocolate")
        // A `ForEach`'s ids are its views' tags.
        let each = Picker("Number", selection: .constant("two")) {
            ForEach(["one", "two"], id: \.self) { Text($0) }
        }
        .accessibilityIdentifier("each")
        #expect(try layOut(each).textLayout("each")?.string == "two")
    }

    @Test func labelStylesChooseTheParts() throws {
        let view = VStack {
            Label("Star", systemImage: "star").accessibilityIdentifier("both")
            Label("Star", systemImage: "star").labelStyle(.titleOnly).accessibilityIdentifier("title")
            Label("Star", systemImage: "star").labelStyle(.iconOnly).accessibilityIdentifier("icon")
        }
        let layout = try layOut(view)
        let both = try #require(layout.rect("both")), title = try #require(layout.rect("title")), icon = try #require(layout.rect("icon"))
        #expect(close(both.width, title.width + icon.width + 8))
        #expect(layout.textRect("icon") == nil)
    }

    @Test func segmentedPickerShares32PointsOfHeightAmongItsOptions() throws {
        let view = Picker("Mode", selection: .constant("Week")) {
            ForEach(["Day", "Week", "Month"], id: \.self) { Text($0) }
        }
        .pickerStyle(.segmented)
        .accessibilityIdentifier("segments")
        for category in [ContentSizeCategory.large, .accessibilityExtraExtraExtraLarge] {
            let layout = try layOut(view, width: 300, category: category)
            let control = try #require(layout.rect("segments"))
            #expect(close(control.height, 32) && close(control.width, 300))
            // Three segments of (300 - 4) / 3, the chosen one white.
            let segments = layout.frames(of: CGSize(width: 296.0 / 3, height: 28))
            #expect(segments.count >= 3)
            let white = try #require(layout.nodes.first { $0.style.backgroundColor == TypeLayout.Color(red: 255, green: 255, blue: 255) })
            #expect(close(white.frame.x, 2 + 296.0 / 3))
        }
    }

    @Test func disclosureGroupAndMenu() throws {
        let view = List {
            DisclosureGroup("Advanced", isExpanded: .constant(true)) {
                Text("One")
                Text("Two")
            }
            DisclosureGroup("Closed") { Text("Hidden") }
        }
        let layout = try layOut(view)
        let strings = layout.nodes.compactMap { $0.text?.string }
        #expect(strings == ["Advanced", "One", "Two", "Closed"])
        // Each is a row of its own.
        #expect(layout.hairlines.count == 3)
        let menu = try layOut(Menu("Sort") { Button("Name") {} }.accessibilityIdentifier("menu"))
        #expect(menu.textLayout("menu")?.string == "Sort")
        #expect(!menu.nodes.contains { $0.text?.string == "Name" })
    }

    @Test func iOS18TabsAndBadges() throws {
        let view = TabView(selection: .constant("b")) {
            Tab("First", systemImage: "1.circle", value: "a") { Text("Page A") }
            Tab("Second", systemImage: "2.circle", value: "b") { Text("Page B") }.badge(5)
        }
        let layout = try layOut(view)
        let strings = layout.nodes.compactMap { $0.text?.string }
        #expect(strings.contains("Page B") && !strings.contains("Page A"))
        #expect(strings.contains("First") && strings.contains("Second") && strings.contains("5"))
        let badge = try #require(layout.nodes.first { $0.style.backgroundColor == TypeLayout.Color(red: 255, green: 59, blue: 48) })
        #expect(badge.frame.height >= 18 && badge.frame.x > 195)
    }

    @Test func datePickerGaugeAndControlGroup() throws {
        // 2 December 2026, 18:40 UTC.
        let date = Date(timeIntervalSince1970: 1_796_236_800)
        let view = VStack {
            DatePicker("Alarm", selection: .constant(date)).accessibilityIdentifier("date")
            Gauge(value: 0.5) { Text("Battery") }.accessibilityIdentifier("gauge")
            ControlGroup {
                Button("Cut") {}
                Button("Copy") {}
            }
            .accessibilityIdentifier("group")
        }
        let layout = try layOut(view, width: 390)
        // ICU writes a narrow no-break space before PM.
        let strings = layout.nodes.compactMap { $0.text?.string.replacingOccurrences(of: "\u{202F}", with: " ") }
        #expect(strings.contains("Dec 2, 2026") && strings.contains("6:40 PM"), "\(strings)")
        #expect(close(try #require(layout.rect("date")).width, 390))
        let gauge = try #require(layout.rect("gauge"))
        #expect(layout.frames(of: CGSize(width: gauge.width / 2, height: 4)).count == 1)
        // The two buttons share the group's width, each centred in its half.
        let group = try #require(layout.rect("group"))
        let cut = try #require(layout.nodes.first { $0.text?.string == "Cut" }), copy = try #require(layout.nodes.first { $0.text?.string == "Copy" })
        #expect(close(cut.frame.x + cut.frame.width / 2, group.width / 4 - 1.0 / 6, within: 0.5))
        #expect(close(copy.frame.x + copy.frame.width / 2, group.width * 3 / 4 + 1.0 / 6, within: 0.5))
    }
}
