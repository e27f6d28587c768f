import Foundation
import Testing
import TypeLayout
import TypeLayoutAudit
import TypeLayoutGallery
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTesting

/// A row whose title is squeezed into a fixed height: SwiftUI truncates it to the lines that fit.
private struct CrampedRow: TypeLayoutSwiftUI.View {
    var body: some TypeLayoutSwiftUI.View {
        TypeLayoutSwiftUI.HStack {
            TypeLayoutSwiftUI.Text("Notifications from every app you have installed, grouped by app")
                .accessibilityIdentifier("title")
                .frame(height: 22)
            TypeLayoutSwiftUI.Spacer()
        }
        .padding(.horizontal, 16)
    }
}

/// The screen audit and the review gallery over SwiftUI layouts, as over screen files.
@Suite(.dynamicType())
@MainActor
struct AuditTests {
    @Test func truncatedTitleIsFoundAndPictured() throws {
        let host = HostingScreen(rootView: CrampedRow(), device: Device(width: 320, height: 120), typeContext: .current)
        let categories: [ContentSizeCategory] = [.extraSmall, .large, .accessibilityExtraExtraExtraLarge]
        let layouts = try host.layouts(categories: categories, language: "en")
        let findings = ScreenAudit.check(layouts: layouts, name: "CrampedRow", language: "en")
        let truncated = findings.filter { $0.node == "title" && $0.rule == .truncated }
        // One line of 22 pt in 288 pt holds the title at none of these sizes.
        #expect(truncated.map(\.category) == categories)
        #expect(findings.allSatisfy { $0.screen == "CrampedRow" && $0.language == "en" })

        let gallery = ScreenGallery(context: .current)
        let review = gallery.findings(ofLayouts: layouts, name: "CrampedRow", language: "en", findings: findings)
        let title = try #require(review.first { $0.node == "title" && $0.reasons == [ScreenRule.truncated.rawValue] })
        #expect(title.failingCategories == ["xs", "l", "ax5"])
        // Pictured at each failing category.
        #expect(title.pictures.map(\.label) == ["xs", "l", "ax5"])
        #expect(title.text.hasPrefix("Notifications"))
    }

    @Test func fittingViewHasNoFailures() throws {
        let view = TypeLayoutSwiftUI.Text("Wi-Fi").padding().accessibilityIdentifier("label")
        let layouts = try HostingScreen(rootView: view, device: Device(width: 320, height: 300), typeContext: .current)
            .layouts(language: "en")
        let failures = ScreenAudit.check(layouts: layouts, name: "Label", language: "en").filter(\.rule.isFailure)
        #expect(failures.isEmpty, "\(failures)")
        #expect(ScreenGallery(context: .current).findings(ofLayouts: layouts, name: "Label", language: "en",
                                                          findings: failures).isEmpty)
    }

    /// A form longer than the room above a tab bar is drawn whole, past the bar; in the app it
    /// scrolls under the bar and back above it, so rows and bar don't overlap (the example app's
    /// gallery had 553 such findings). Outside scroll views, text over a bar still does.
    @Test func contentPastAScrollViewsEndDoesntOverlapTheBarsOutsideIt() throws {
        let form = TypeLayoutSwiftUI.TabView {
            TypeLayoutSwiftUI.Form {
                TypeLayoutSwiftUI.ForEach(0..<30, id: \.self) { row in
                    TypeLayoutSwiftUI.Text("Row \(row)").accessibilityIdentifier("row-\(row)")
                }
            }
            .tabItem { TypeLayoutSwiftUI.Label("Settings", systemImage: "gear") }
        }
        let layout = try HostingScreen(rootView: form, device: .iPhone16, typeContext: .current).layout(category: .large, language: "en")
        // The form runs past the tab bar: rows are drawn there.
        let tabBar = try #require(layout.nodes.first { $0.id == "tab-bar" })
        let last = try #require(layout.nodes.first { $0.id == "row-29" })
        #expect(last.frame.y > tabBar.frame.y + tabBar.frame.height)
        let scrolls = layout.nodes.contains { $0.scrollsContent }
        #expect(scrolls)
        let overlaps = ScreenAudit.check(layouts: [layout], name: "Form", language: "en").filter { $0.rule == .overlap }
        #expect(overlaps.isEmpty, "\(overlaps.map { "\($0.node) / \($0.otherNode ?? "")" })")

        // A text moved over another one is found; a ZStack's layers and an overlay are on purpose.
        let moved = TypeLayoutSwiftUI.VStack {
            TypeLayoutSwiftUI.Text("Title").accessibilityIdentifier("title")
            TypeLayoutSwiftUI.Text("Continue").accessibilityIdentifier("continue").offset(y: -12)
            TypeLayoutSwiftUI.ZStack {
                TypeLayoutSwiftUI.Capsule().fill(TypeLayoutSwiftUI.Color.gray).frame(width: 200, height: 4)
                TypeLayoutSwiftUI.Text("Thumb").accessibilityIdentifier("thumb")
            }
            TypeLayoutSwiftUI.Text("Inbox").overlay(alignment: .topTrailing) {
                TypeLayoutSwiftUI.Text("3").accessibilityIdentifier("badge").offset(x: 6, y: -6)
            }
            .accessibilityIdentifier("inbox")
        }
        let covered = try HostingScreen(rootView: moved, device: Device(width: 300, height: 200), typeContext: .current)
            .layout(category: .large, language: "en")
        let found = ScreenAudit.check(layouts: [covered], name: "Covered", language: "en").filter { $0.rule == .overlap }
        #expect(found.map { Set([$0.node, $0.otherNode ?? ""]) } == [["title", "continue"]], "\(found)")
    }
}
