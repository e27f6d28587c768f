// SwiftUI views (issue 26): the same screens as the flexbox benchmarks, written in SwiftUI
// (Examples/swiftui) and laid out by TypeLayoutSwiftUI's own engine. Goals: the settings screen
// at 12 categories ≤ 1.5 × its screen file through flexbox; a list cell's 12-category golden
// check (layout, draw, compare) ≤ 40 ms.
import Benchmark
import BenchCorpus
import SwiftUIExamples
import TypeLayout
import TypeLayoutRendering
import TypeLayoutScreens
import TypeLayoutSwiftUI

func swiftUIBenchmarks(engine: TextLayoutEngine) {
    let categories = ContentSizeCategory.allCases

    // The flexbox twin, beside it in the same run (the suite's "Screen: settings" does the same).
    let settingsFile = try! Corpus.screen(Corpus.settingsScreen)
    Benchmark("SwiftUI: settings screen file (flexbox) at 12 categories") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try settingsFile.layouts(at: categories, engine: engine))
        }
    }
    Benchmark("SwiftUI: settings view (SwiftUI layout) at 12 categories") { benchmark async in
        // Views lay out on the main actor; one hop per iteration of 12 layouts.
        await MainActor.run {
            let host = HostingScreen(rootView: SettingsScreen(), device: settingsFile.device, engine: engine)
            for _ in benchmark.scaledIterations {
                blackHole(try! host.layouts(categories: categories))
            }
        }
    }

    // A golden check of the list cell at 12 categories, as assertGolden does it minus the file
    // reads: lay out, draw at 2 ×, compare with the references' pixels and frames dumps (equal
    // pixels are what ImageComparison checks first).
    Benchmark("SwiftUI: list cell golden check at 12 categories (layout, draw, compare)") { benchmark async in
        await MainActor.run {
            let host = HostingScreen(rootView: ListCell(), device: Device(width: 375, height: 84), engine: engine)
            let renderer = ScreenRenderer(scale: 2)
            let references = try! host.layouts(categories: categories).map { (try! renderer.render($0), $0.framesJSON()) }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for (layout, reference) in zip(try! host.layouts(categories: categories), references) {
                    let image = try! renderer.render(layout)
                    precondition(image == reference.0 && layout.framesJSON() == reference.1, "the golden check failed")
                }
            }
            benchmark.stopMeasurement()
        }
    }
}
