import Foundation
import SwiftUICorpus
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutTestSupport
@testable import TypeLayoutSwiftUI

/// Every corpus view at the 12 categories, its resolution kept between categories where it
/// didn't read the category, against each category resolved afresh: the frames dumps are the
/// same byte for byte.
@MainActor
struct ResolutionReuseCorpusTests {
    @Test(arguments: CorpusSizeTests.cases)
    func keptMatchesAfresh(_ corpusCase: CorpusCase) throws {
        let (kept, fresh, summary) = try framesDumps(corpusCase.make())
        #expect(kept == fresh, "\(firstDifference(kept, fresh))")
        // Never redone afresh by a safety valve once replayed (which gives the same frames,
        // slower: only this tells).
        #expect(summary.redoneAfresh == 0)
    }

    @Test func keptMatchesAfreshRightToLeft() throws {
        for corpusCase in CorpusSizeTests.cases.prefix(6) {
            let (kept, fresh, _) = try framesDumps(corpusCase.make(), language: "ar")
            #expect(kept == fresh, "\(corpusCase.name): \(firstDifference(kept, fresh))")
        }
    }
}

/// The frames dumps of `view` at the 12 categories, kept between categories and afresh, and
/// what the replay did.
@MainActor
func framesDumps(_ view: any View, device: Device = .iPhone16, language: String? = nil,
                 strings: LocalizedStringLookup? = nil) throws -> (kept: String, fresh: String, summary: ReplaySummary) {
    // `AnyView` adds no node.
    let host = HostingScreen(rootView: AnyView(view), device: device, localizedStrings: strings)
    let kept = try host.replayedLayouts(categories: allCategories, language: language)
    let fresh = try host.layouts(categories: allCategories, language: language, reusingResolution: false)
    return (ScreenLayout.framesJSON(kept.layouts), ScreenLayout.framesJSON(fresh), kept.summary)
}
