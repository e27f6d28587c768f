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
}
