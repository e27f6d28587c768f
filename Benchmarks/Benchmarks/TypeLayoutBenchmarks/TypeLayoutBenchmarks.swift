// The TypeLayout benchmark suite: every stage of a label, from font load to PNG.
//
//   cd Benchmarks && swift package benchmark                 # all, as a table per benchmark
//   swift package benchmark --filter "Layout.*"               # some
//
// Medians, p90 and allocations are in each benchmark's table. ../BENCHMARKS.md explains the
// figures and holds the latest results. Labels come from BenchCorpus (shared with compare.sh's
// in-process timer and the C floor).
import Benchmark
import BenchCorpus
import TypeLayout
import TypeLayoutAudit
import TypeLayoutScreens

#if canImport(Glibc)
import Glibc
#endif

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        warmupIterations: 3,
        maxDuration: .seconds(2),
        maxIterations: 2_000)

    // The same body label the whole suite uses, made once (faces load once per process).
    let body = try! Corpus.text(Corpus.bodyText)
    let button = try! Corpus.text(Corpus.buttonText)
    let paragraph = try! Corpus.text(Corpus.paragraphText)
    let style = Corpus.style
    let engine = TextLayoutEngine()
    // Warm the engine's shaping cache and check the corpus is what BENCHMARKS.md says.
    let bodyLarge = try! engine.layout(body, paragraphStyle: style, category: .large)
    precondition(bodyLarge.lines.count == 3, "body label should be 3 lines at large, got \(bodyLarge.lines.count)")
    let bodyAX5 = try! engine.layout(body, paragraphStyle: style, category: .accessibilityExtraExtraExtraLarge)
    precondition(bodyAX5.lines.count == 10, "body label should be 10 lines at ax5, got \(bodyAX5.lines.count)")
    precondition(try! engine.layout(button, paragraphStyle: style, category: .large).lines.count == 1)
    let paragraphLines = try! engine.layout(paragraph, paragraphStyle: style, category: .large).lines.count
    precondition(paragraphLines == 40, "paragraph should be 40 lines at large, got \(paragraphLines)")

    // MARK: Fonts

    // FontFace.load keeps every face it loads (by path), so a cold load needs a path it has not
    // seen: the same file with a different number of slashes. Bounded, since each face is kept.
    let fontDirectory = BundledFonts.directory
    nonisolated(unsafe) var loads = 0
    Benchmark("Font load (new face) + metrics", configuration: .init(maxIterations: 300)) { benchmark in
        for _ in benchmark.scaledIterations {
            loads += 1
            let path = fontDirectory + String(repeating: "/", count: loads) + Corpus.fontFile
            let face = try FontFace.load(path: path)
            blackHole(try face.metrics(atPointSize: Corpus.pointSize))
        }
    }

    let font = try! Corpus.font()
    Benchmark("Font metrics at 12 categories (loaded face)") { benchmark in
        for _ in benchmark.scaledIterations {
            for category in ContentSizeCategory.allCases {
                blackHole(try font.resolved(for: category).metrics)
            }
        }
    }

    // MARK: Shaping and layout

    // Shaping is cached per engine (in font units, for every size and width), so a new engine
    // shapes the run with HarfBuzz again: this is analysis + shaping + one layout. The shaping
    // alone is about this minus "Layout body label".
    Benchmark("Shaping one run (new engine: analysis + HarfBuzz + layout)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try TextLayoutEngine().layout(body, paragraphStyle: style, category: .large))
        }
    }

    Benchmark("Layout button title (1 line)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try engine.layout(button, paragraphStyle: style, category: .large))
        }
    }

    Benchmark("Layout body label (3 lines)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try engine.layout(body, paragraphStyle: style, category: .large))
        }
    }

    Benchmark("Layout paragraph (40 lines)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try engine.layout(paragraph, paragraphStyle: style, category: .large))
        }
    }

    // A prepared text re-laid out at another width each time (its analysis and shaping done
    // once); suite.sh prints its ratio to a full layout, "Shaping one run (new engine …)".
    let prepared = try! engine.prepare(body, paragraphStyle: style)
    let widths = [style.width ?? 343, (style.width ?? 343) - 40]
    nonisolated(unsafe) var turn = 0
    Benchmark("Prepared body label: re-layout at a new width") { benchmark in
        for _ in benchmark.scaledIterations {
            turn += 1
            blackHole(try prepared.layout(width: widths[turn & 1], category: .large))
        }
    }

    Benchmark("Prepared body label: intrinsic widths") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try prepared.intrinsicWidths(category: .large))
        }
    }

    Benchmark("Sweep: body label at 12 categories") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try engine.layout(body, paragraphStyle: style, categories: ContentSizeCategory.allCases))
        }
    }

    // A label the engine has not seen (new engine): analysis and shaping once for the 12.
    // Compare with "Shaping one run (new engine …)", the same for one category.
    Benchmark("Sweep: body label at 12 categories (new engine)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try TextLayoutEngine().layout(body, paragraphStyle: style, categories: ContentSizeCategory.allCases))
        }
    }

    // MARK: Rasterizing

    for scale in [1, 2] {
        Benchmark("Rasterize body label @\(scale)x, cold glyph cache") { benchmark in
            for _ in benchmark.scaledIterations {
                let rasterizer = Rasterizer(cache: GlyphCache())
                blackHole(try rasterizer.render(bodyLarge, scale: scale, padding: 8))
            }
        }
        let warm = Rasterizer(cache: GlyphCache())
        _ = try! warm.render(bodyLarge, scale: scale, padding: 8)
        Benchmark("Rasterize body label @\(scale)x, warm glyph cache") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try warm.render(bodyLarge, scale: scale, padding: 8))
            }
        }
    }

    // MARK: PNG

    for scale in [1, 2] {
        let image = try! Rasterizer().render(bodyLarge, scale: scale, padding: 8)
        Benchmark("PNG encode body label @\(scale)x (\(image.width)×\(image.height))") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try PNGCodec.encode(image))
            }
        }
    }

    // MARK: Contact sheet

    let sweep = try! engine.layout(body, paragraphStyle: style, categories: ContentSizeCategory.allCases)
    Benchmark("Contact sheet @1x: 12 categories rendered (no PNG)") { benchmark in
        for _ in benchmark.scaledIterations {
            var sheet = ContactSheet(scale: 1)
            sheet.columns = 4
            blackHole(try sheet.render(sweep))
        }
    }

    // MARK: Screens

    // The example list cell and settings screen (Examples/screens/), read once, laid out at the
    // 12 categories: every text prepared once for the 12 (in the engine's caches after the
    // warm-up), styles resolved and the boxes laid out at each. Goal: settings ≤ 2 ms.
    for (name, nodes) in [(Corpus.cellScreen, 7), (Corpus.settingsScreen, 41)] {
        let screen = try! Corpus.screen(name)
        let layouts = try! screen.layouts(at: ContentSizeCategory.allCases, engine: engine)
        precondition(layouts[0].nodes.count == nodes, "\(name) should lay out \(nodes) nodes, got \(layouts[0].nodes.count)")
        Benchmark("Screen: \(name) at 12 categories") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try screen.layouts(at: ContentSizeCategory.allCases, engine: engine))
            }
        }
    }

    // MARK: Audit

    // The audit's generated catalog from its fixed seed: 5,000 keys × 5 languages × 12
    // categories = 300,000 layouts per iteration, across the cores (issue goal: under 30 s).
    // A fresh engine per iteration so every label is laid out, not found in the analysis cache.
    let catalog = StringFileReader.parse(AuditBenchmark.catalog(), format: .stringCatalog, path: "bench.xcstrings")
    let auditRules = try! LabelRuleSet.parse(Array(AuditBenchmark.rulesJSON.utf8), path: "rules.json", yaml: false)
    Benchmark("Audit catalog: 25,000 strings × 12 categories",
              configuration: .init(metrics: [.wallClock, .cpuTotal, .peakMemoryResident], warmupIterations: 0,
                                   maxDuration: .seconds(60), maxIterations: 3)) { benchmark in
        for _ in benchmark.scaledIterations {
            let report = Audit(rules: auditRules, engine: TextLayoutEngine()).check(catalog.strings)
            precondition(report.checked == 300_000)
            blackHole(report)
        }
    }
}
