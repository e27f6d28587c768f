import Foundation
import Synchronization
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// Labels of every kind the engine handles, for concurrency tests: text styles, a scaled
/// custom font, a fixed font, several runs, right-to-left, Japanese, emoji, truncation and
/// justification.
enum StressLabels {
    static let large = TraitCollection(preferredContentSizeCategory: .large)

    static func all() throws -> [(text: AttributedText, style: ParagraphStyle)] {
        let gillius = try Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: 36)
        let scaled = try FontMetrics(forTextStyle: .body).scaledFont(for: gillius, compatibleWith: large)
        func style(_ textStyle: TextStyle) throws -> Font { try Font.preferredFont(forTextStyle: textStyle, compatibleWith: large) }
        let runs = AttributedText(runs: [
            .init("Fixed 12 pt ", attributes: TextAttributes(font: try Font(path: TestPaths.font("CourierPrime-Regular.otf"), pointSize: 12))),
            .init("caption ", attributes: TextAttributes(font: try style(.caption1), foregroundColor: Color(red: 200, green: 0, blue: 0))),
            .init("scaled, capped at 30 ", attributes: TextAttributes(
                font: try FontMetrics(forTextStyle: .title1).scaledFont(
                    for: Font(path: TestPaths.font("LiberationSerif-Regular.ttf"), pointSize: 20), maximumPointSize: 30, compatibleWith: large),
                tracking: 0.5)),
            .init("and a headline 👍🏽", attributes: TextAttributes(font: try style(.headline))),
        ])
        return [
            (AttributedText("I'm sorry, Dave. I'm afraid I can't do that.", font: scaled), ParagraphStyle(width: 343)),
            (AttributedText(LayoutEngineTests.paragraph, font: try style(.body)), ParagraphStyle(width: 200, numberOfLines: 3)),
            (AttributedText("مرحبا بالعالم، هذا نص عربي للاختبار", font: try style(.title2)), ParagraphStyle(width: 250)),
            (AttributedText("吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。", font: try style(.callout)),
             ParagraphStyle(width: 150, numberOfLines: 4, truncation: .middle)),
            (AttributedText("Family 👨‍👩‍👧‍👦, flags 🇯🇵🇫🇷 and 🏳️‍🌈 #1", font: try style(.title3)), ParagraphStyle(width: 180)),
            (runs, ParagraphStyle(width: 220, alignment: .center)),
            (AttributedText("שלום עולם and hello (עברית) 123", font: try style(.subheadline)), ParagraphStyle(width: 160, alignment: .natural)),
            (AttributedText(LayoutEngineTests.paragraph + " " + LayoutEngineTests.paragraph, font: try style(.footnote)),
             ParagraphStyle(width: 240, alignment: .justified, lineSpacing: 2)),
        ]
    }
}

/// What two layouts must agree on to be the same, byte for byte.
func sameLayout(_ a: TextLayout, _ b: TextLayout) -> Bool {
    a.category == b.category && a.glyphs == b.glyphs && a.faces == b.faces && a.lines == b.lines && a.size == b.size && a.isTruncated == b.isTruncated
}

/// Many tasks at once over shared caches: results must be exactly the serial ones.
@Suite(.timeLimit(.minutes(3)))
struct StressTests {
    /// How long the concurrent phase keeps going after every label and category was done once.
    static let duration = Duration.milliseconds(2500)

    @Test func eightTasksOverSharedCachesMatchTheSerialResults() async throws {
        let labels = try StressLabels.all()
        let categories = ContentSizeCategory.allCases
        // The serial reference: its own engine and cache, one layout and rendering at a time.
        let serialEngine = TextLayoutEngine()
        let serialRasterizer = Rasterizer(cache: GlyphCache())
        var expected: [(layout: TextLayout, image: RGBAImage)] = []
        for label in labels {
            for layout in try serialEngine.layout(label.text, paragraphStyle: label.style, categories: categories) {
                expected.append((layout, try serialRasterizer.render(layout, scale: 2, padding: 4)))
            }
        }
        let reference = expected
        let jobs = reference.count

        // Shared by all tasks: one engine, and a glyph cache far smaller than the glyphs drawn,
        // so that tasks evict each other's glyphs while they draw them.
        let engine = TextLayoutEngine()
        let cache = GlyphCache(byteLimit: 256 << 10)
        let rasterizer = Rasterizer(cache: cache)
        // Set by any task that sees the cache over its limit (in a class: an Atomic can't be copied into tasks).
        final class Flag: Sendable { let raised = Atomic<Bool>(false) }
        let overLimit = Flag()
        let deadline = ContinuousClock.now + Self.duration
        let counts = try await withThrowingTaskGroup(of: (done: Int, mismatches: Int).self) { group in
            for task in 0..<8 {
                group.addTask {
                    var done = 0, mismatches = 0, index = task
                    // Each job once across the eight tasks, then round and round until the deadline.
                    while index < jobs || ContinuousClock.now < deadline {
                        let job = index % jobs
                        let label = labels[job / categories.count]
                        let layout = try engine.layout(label.text, paragraphStyle: label.style, category: categories[job % categories.count])
                        let image = try rasterizer.render(layout, scale: 2, padding: 4)
                        if !sameLayout(layout, reference[job].layout) || image != reference[job].image { mismatches += 1 }
                        if cache.statistics.byteCount > cache.byteLimit { overLimit.raised.store(true, ordering: .relaxed) }
                        done += 1
                        index += 8
                    }
                    return (done, mismatches)
                }
            }
            var counts: [(done: Int, mismatches: Int)] = []
            for try await count in group { counts.append(count) }
            return counts
        }
        #expect(counts.count == 8)
        #expect(counts.map(\.mismatches).reduce(0, +) == 0, "\(counts)")
        #expect(counts.map(\.done).reduce(0, +) >= jobs)
        let statistics = cache.statistics
        let wentOver = overLimit.raised.load(ordering: .relaxed)
        #expect(!wentOver, "the cache went over its byte limit while tasks drew")
        #expect(statistics.byteCount <= cache.byteLimit)
        #expect(statistics.evictions > 0, "the limit was small enough to be tested")
        #expect(statistics.hits > 0)
    }
}

extension DynamicTypeEnvironmentTests {
    /// Changing the shared category while layouts that read it run: each layout must be wholly
    /// at one category, equal to the layout made at that category explicitly. (In this
    /// serialized suite, which puts the category back, because other tests read it too.)
    @Test(.timeLimit(.minutes(2)))
    func categoryChangesWhileLayoutsRunNeverMixTwoCategories() async throws {
        let environment = DynamicTypeEnvironment.default
        let saved = environment.contentSizeCategory
        defer { environment.contentSizeCategory = saved }

        let labels = try StressLabels.all()
        let categories = ContentSizeCategory.allCases
        let engine = TextLayoutEngine()
        var references: [[ContentSizeCategory: TextLayout]] = []
        for label in labels {
            let layouts = try engine.layout(label.text, paragraphStyle: label.style, categories: categories)
            references.append(Dictionary(uniqueKeysWithValues: layouts.map { ($0.category, $0) }))
        }
        let expected = references

        // Atomics can't be captured by tasks directly (they can't be copied): a class holds them.
        final class Shared: Sendable {
            let stop = Atomic<Bool>(false)
            let changes = Atomic<Int>(0)
        }
        let shared = Shared()
        let results = try await withThrowingTaskGroup(of: (done: Int, mixed: Int, seen: Set<ContentSizeCategory>).self) { group in
            group.addTask {
                var step = 0
                while !shared.stop.load(ordering: .relaxed) {
                    environment.contentSizeCategory = categories[step % categories.count]
                    shared.changes.add(1, ordering: .relaxed)
                    step += 1
                }
                return (0, 0, [])
            }
            for task in 0..<4 {
                group.addTask {
                    var done = 0, mixed = 0
                    var seen: Set<ContentSizeCategory> = []
                    let deadline = ContinuousClock.now + .milliseconds(1500)
                    while ContinuousClock.now < deadline {
                        let index = (task + done) % labels.count
                        let layout = try engine.layout(labels[index].text, paragraphStyle: labels[index].style, category: nil)
                        seen.insert(layout.category)
                        // The runs' fonts and every glyph must be those of the layout's own category.
                        if let reference = expected[index][layout.category], sameLayout(layout, reference),
                           layout.text == reference.text {
                        } else {
                            mixed += 1
                        }
                        done += 1
                    }
                    return (done, mixed, seen)
                }
            }
            var results: [(done: Int, mixed: Int, seen: Set<ContentSizeCategory>)] = []
            for _ in 0..<4 {
                if let result = try await group.next() { results.append(result) }
            }
            shared.stop.store(true, ordering: .relaxed)
            for try await _ in group {}
            return results
        }
        #expect(results.map(\.mixed).reduce(0, +) == 0)
        #expect(results.map(\.done).reduce(0, +) > 0)
        // The category really did change under the layouts.
        let changes = shared.changes.load(ordering: .relaxed)
        #expect(changes > 100)
        #expect(results.reduce(into: Set<ContentSizeCategory>()) { $0.formUnion($1.seen) }.count > 1)
    }
}
