import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTesting
import TypeLayoutTestSupport

/// The explicit context and its task-local override: what a call without a context resolves
/// in, and that tests running in parallel with different settings never see each other's.
struct DynamicTypeContextTests {
    static let ax5 = ContentSizeCategory.accessibilityExtraExtraExtraLarge

    static func gillius36() throws -> Font {
        try Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: 36)
    }

    /// What a label's layout depends on in a context: the run sizes at each of two fonts (one
    /// scaled by FontMetrics without its own mode, one a text style), the lines and the size.
    struct Fingerprint: Hashable {
        let runSizes: [Double]
        let lines: [String]
        let width: Double
        let height: Double
    }

    /// The label laid out in the current context, with every font made without one of its own.
    static func fingerprint(engine: TextLayoutEngine) throws -> Fingerprint {
        let scaled = try FontMetrics(forTextStyle: .body).scaledFont(for: gillius36())
        let body = try Font.preferredFont(forTextStyle: .body)
        let text = AttributedText(runs: [
            .init("Scaled words that wrap across lines, ", attributes: TextAttributes(font: scaled)),
            .init("then body text.", attributes: TextAttributes(font: body)),
        ])
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 300))
        return Fingerprint(runSizes: layout.text.runs.map(\.attributes.font.pointSize), lines: layout.lines.map(\.text),
                           width: layout.size.width, height: layout.size.height)
    }

    static let contexts: [DynamicTypeContext] = ScalingMode.allCases.flatMap { mode in
        ContentSizeCategory.allCases.map { DynamicTypeContext(contentSizeCategory: $0, scalingMode: mode) }
    }

    @Test(.dynamicType(category: .accessibilityExtraExtraExtraLarge, scaling: .apple))
    func traitSetsTheCurrentContextToAppleAtAX5() throws {
        #expect(DynamicTypeContext.current.contentSizeCategory == Self.ax5)
        #expect(DynamicTypeContext.current.scalingMode == .apple)
        #expect(try Font.preferredFont(forTextStyle: .body).pointSize == 53)
        // UIKit's number: 36 × 62 / 22 → 101.
        #expect(try FontMetrics.default.scaledFont(for: Self.gillius36()).pointSize == 101)
    }

    @Test(.dynamicType(category: .accessibilityExtraExtraExtraLarge, scaling: .metrics))
    func traitSetsTheCurrentContextToMetricsAtAX5() throws {
        #expect(DynamicTypeContext.current.scalingMode == .metrics)
        #expect(try FontMetrics.default.scaledFont(for: Self.gillius36()).pointSize == 112)
        // Explicit traits still choose the category; the mode stays the context's.
        let large = TraitCollection(preferredContentSizeCategory: .large)
        #expect(try FontMetrics.default.scaledFont(for: Self.gillius36(), compatibleWith: large).pointSize == 36)
    }

    @Test(.dynamicType(category: .extraSmall, displayScale: 3))
    func traitCarriesTheDisplayScale() throws {
        #expect(TraitCollection.current == TraitCollection(preferredContentSizeCategory: .extraSmall, displayScale: 3))
        // body at xs is 14/17 of large in the apple table's leading (19/22): 10 × 19/22 = 8.636 → 8.667 at @3x.
        let value = try FontMetrics(forTextStyle: .body, scalingMode: .apple).scaledValue(for: 10)
        #expect(abs(value - 26.0 / 3) < 1e-9)
    }

    @Test func explicitContextWinsOverTheTaskOverride() throws {
        let apple = DynamicTypeContext(contentSizeCategory: Self.ax5, scalingMode: .apple)
        let metrics = DynamicTypeContext(contentSizeCategory: Self.ax5, scalingMode: .metrics)
        try withDynamicTypeContext(apple) { () throws in
            let font = try FontMetrics.default.scaledFont(for: Self.gillius36(), in: metrics)
            #expect(font.pointSize == 112)
            #expect(try font.resolved(for: Self.ax5).pointSize == 101, "re-resolving without a context uses the override")
            #expect(try font.resolved(in: metrics).pointSize == 112)
        }
    }

    @Test func nestedOverridesRestoreTheOuterContext() throws {
        let outer = DynamicTypeContext(contentSizeCategory: .small)
        let inner = DynamicTypeContext(contentSizeCategory: .extraLarge, scalingMode: .apple)
        withDynamicTypeContext(outer) {
            withDynamicTypeContext(inner) { #expect(DynamicTypeContext.current == inner) }
            #expect(DynamicTypeContext.current == outer)
        }
    }

    /// Every mode at every category, each repeated 50 times, all at once over one engine: each
    /// result must equal the one computed for that context alone, one at a time.
    @Test func parallelContextsNeverSeeEachOthersSettings() async throws {
        let engine = TextLayoutEngine()
        var serial: [DynamicTypeContext: Fingerprint] = [:]
        for context in Self.contexts {
            serial[context] = try withDynamicTypeContext(context) { try Self.fingerprint(engine: engine) }
        }
        // The contexts really differ: 24 contexts, more than 12 different results.
        #expect(Set(serial.values).count > 12)
        let expected = serial
        let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
            for repetition in 0..<50 {
                for (index, context) in Self.contexts.enumerated() {
                    group.addTask {
                        try await withDynamicTypeContext(context) {
                            // Let tasks interleave inside the scope.
                            if (repetition + index) % 3 == 0 { await Task.yield() }
                            let found = try Self.fingerprint(engine: engine)
                            return found == expected[context] ? 0 : 1
                        }
                    }
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    /// The same as parallel test cases, as Swift Testing runs them: each case sets its own
    /// context with the task-local override and must get the serial answer.
    @Test(arguments: 0..<50, [ScalingMode.apple, .metrics])
    func parallelTestCasesGetTheirOwnContext(repetition: Int, mode: ScalingMode) throws {
        let category = ContentSizeCategory.allCases[repetition % 12]
        let context = DynamicTypeContext(contentSizeCategory: category, scalingMode: mode)
        let base = try Self.gillius36()
        let expected = try FontMetrics.default.scaledFont(for: base, in: context).pointSize
        try withDynamicTypeContext(context) { () throws in
            #expect(try FontMetrics.default.scaledFont(for: base).pointSize == expected)
            #expect(try Font.preferredFont(forTextStyle: .title1).pointSize == TextStyle.title1.pointSize(at: category))
        }
    }
}
