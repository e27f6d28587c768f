import Foundation
import SwiftUICorpus
import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutSwiftUI

/// Every corpus view at the 12 categories, its resolution kept between categories where it
/// didn't read the category, against each category resolved afresh: the frames dumps are the
/// same byte for byte.
@MainActor
struct ResolutionReuseCorpusTests {
    @Test(arguments: CorpusSizeTests.cases)
    func keptMatchesAfresh(_ corpusCase: CorpusCase) throws {
        let (kept, fresh) = try framesDumps(corpusCase.make())
        #expect(kept == fresh, "\(firstDifference(kept, fresh))")
    }

    @Test func keptMatchesAfreshRightToLeft() throws {
        for corpusCase in CorpusSizeTests.cases.prefix(6) {
            let (kept, fresh) = try framesDumps(corpusCase.make(), language: "ar")
            #expect(kept == fresh, "\(corpusCase.name): \(firstDifference(kept, fresh))")
        }
    }
}

/// The frames dumps of `view` at the 12 categories: kept between categories, and afresh.
@MainActor
func framesDumps(_ view: any View, device: Device = .iPhone16, language: String? = nil,
                 strings: LocalizedStringLookup? = nil) throws -> (kept: String, fresh: String) {
    func dumps<V: View>(_ view: V) throws -> (kept: String, fresh: String) {
        let host = HostingScreen(rootView: view, device: device, localizedStrings: strings)
        let categories = DynamicTypeSize.allCases.map(\.contentSizeCategory)
        let kept = try host.layouts(categories: categories, language: language, reusingResolution: true)
        let fresh = try host.layouts(categories: categories, language: language, reusingResolution: false)
        return (ScreenLayout.framesJSON(kept), ScreenLayout.framesJSON(fresh))
    }
    return try dumps(view)
}

/// The first line where two dumps differ, for the failure message.
func firstDifference(_ kept: String, _ fresh: String) -> String {
    let keptLines = kept.split(separator: "\n"), freshLines = fresh.split(separator: "\n")
    for (index, (a, b)) in zip(keptLines, freshLines).enumerated() where a != b {
        return "line \(index + 1): kept \(a) / afresh \(b)"
    }
    return keptLines.count == freshLines.count ? "none" : "\(keptLines.count) lines kept, \(freshLines.count) afresh"
}
