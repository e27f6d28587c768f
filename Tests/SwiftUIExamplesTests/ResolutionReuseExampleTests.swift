import Foundation
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutTestSupport
@testable import TypeLayoutSwiftUI

/// The examples and the example app's previews at the 12 categories, their resolution kept
/// between categories where it didn't read the category, against each category resolved
/// afresh: the frames dumps are the same byte for byte.
@MainActor
struct ResolutionReuseExampleTests {
    @Test func examples() throws {
        let views: [(String, any View)] = [
            ("list-cell", ListCell()), ("card", Card()), ("button-row", ButtonRow()),
            ("larger-text-row", LargerTextRow()), ("tab-bar", TabBar()), ("settings", SettingsScreen()),
        ]
        for (name, view) in views {
            let device = try ScreenFile.read(atPath: ExampleTwin.folder + "/\(name).yaml").device
            let (kept, fresh, summary) = try dumps(view, device: device)
            #expect(kept == fresh, "\(name): \(firstDifference(kept, fresh))")
            // Each further category replayed, none redone afresh (same frames, slower: only
            // this tells); the list cell and the larger-text row read the size at their root
            // (`@ScaledMetric`), so nothing of theirs is kept and nothing replayed.
            let replayed = ["list-cell", "larger-text-row"].contains(name) ? 0 : 11
            #expect(summary == ReplaySummary(replayed: replayed, redoneAfresh: 0), "\(name)")
        }
    }

    @Test(arguments: ["en", "ar"])
    func appPreviews(_ language: String) throws {
        let strings = try SettingsAppTests.lookup()
        for preview in SettingsAppTests.previews {
            let (kept, fresh, summary) = try dumps(preview.makeView(), device: .iPhone16, language: language, strings: strings)
            #expect(kept == fresh, "\(preview.name ?? "?"): \(firstDifference(kept, fresh))")
            #expect(summary == ReplaySummary(replayed: 11, redoneAfresh: 0), "\(preview.name ?? "?")")
        }
    }

    /// The frames dumps at the 12 categories, kept and afresh, and what the replay did (the
    /// view erased: `AnyView` adds no node).
    private func dumps(_ view: any View, device: Device, language: String? = nil,
                       strings: LocalizedStringLookup? = nil) throws -> (kept: String, fresh: String, summary: ReplaySummary) {
        let host = HostingScreen(rootView: AnyView(view), device: device, localizedStrings: strings)
        let all = DynamicTypeSize.allCases.map(\.contentSizeCategory)
        let kept = try host.replayedLayouts(categories: all, language: language)
        return (ScreenLayout.framesJSON(kept.layouts),
                ScreenLayout.framesJSON(try host.layouts(categories: all, language: language, reusingResolution: false)), kept.summary)
    }
}
