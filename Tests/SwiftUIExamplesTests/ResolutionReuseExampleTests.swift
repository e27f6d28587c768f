import Foundation
import SwiftUIExamples
import Testing
import TypeLayout
import TypeLayoutScreens
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
            let (kept, fresh) = try dumps(view, device: device)
            #expect(kept == fresh, "\(name): \(difference(kept, fresh))")
        }
    }

    @Test(arguments: ["en", "ar"])
    func appPreviews(_ language: String) throws {
        let strings = try SettingsAppTests.lookup()
        for preview in SettingsAppTests.previews {
            let (kept, fresh) = try dumps(preview.makeView(), device: .iPhone16, language: language, strings: strings)
            #expect(kept == fresh, "\(preview.name ?? "?"): \(difference(kept, fresh))")
        }
    }

    /// The frames dumps at the 12 categories, kept and afresh (the view erased: `AnyView` adds
    /// no node).
    private func dumps(_ view: any View, device: Device, language: String? = nil,
                       strings: LocalizedStringLookup? = nil) throws -> (kept: String, fresh: String) {
        let host = HostingScreen(rootView: AnyView(view), device: device, localizedStrings: strings)
        let all = DynamicTypeSize.allCases.map(\.contentSizeCategory)
        return (ScreenLayout.framesJSON(try host.layouts(categories: all, language: language, reusingResolution: true)),
                ScreenLayout.framesJSON(try host.layouts(categories: all, language: language, reusingResolution: false)))
    }

    private func difference(_ kept: String, _ fresh: String) -> String {
        let keptLines = kept.split(separator: "\n"), freshLines = fresh.split(separator: "\n")
        for (index, (a, b)) in zip(keptLines, freshLines).enumerated() where a != b {
            return "line \(index + 1): kept \(a) / afresh \(b)"
        }
        return keptLines.count == freshLines.count ? "none" : "\(keptLines.count) lines kept, \(freshLines.count) afresh"
    }
}
