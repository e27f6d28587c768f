import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// Tests of the writable, observable category. The ones that set the shared `default`
/// environment run one at a time and put it back.
@Suite(.serialized) struct DynamicTypeEnvironmentTests {
    final class Recorder: Sendable {
        let values = Lock<[ContentSizeCategory]>([])
        func record(_ value: ContentSizeCategory) { values.withLock { $0.append(value) } }
        var recorded: [ContentSizeCategory] { values.withLock { $0 } }
    }

    @Test func writableCategoryChangesAResolvedFontAndNotifiesOnce() throws {
        let environment = DynamicTypeEnvironment.default
        let saved = environment.contentSizeCategory
        defer { environment.contentSizeCategory = saved }
        environment.contentSizeCategory = .large
        let recorder = Recorder()
        let token = environment.observe { recorder.record($0) }
        defer { token.cancel() }

        #expect(try Font.preferredFont(forTextStyle: .body).pointSize == 17)
        environment.contentSizeCategory = .accessibilityExtraExtraExtraLarge
        #expect(try Font.preferredFont(forTextStyle: .body).pointSize == 53)
        environment.contentSizeCategory = .accessibilityExtraExtraExtraLarge  // same value: nobody hears
        #expect(recorder.recorded == [.accessibilityExtraExtraExtraLarge])
        let scaled = try FontMetrics(forTextStyle: .body, scalingMode: .apple)
            .scaledFont(for: Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: 36))
        #expect(scaled.pointSize == 101)
    }

    @Test func cancelledOrReleasedTokensStopNotifications() {
        let environment = DynamicTypeEnvironment(provider: FixedCategoryProvider(.medium))
        #expect(environment.contentSizeCategory == .medium)
        let kept = Recorder(), cancelled = Recorder(), released = Recorder()
        let keptToken = environment.observe { kept.record($0) }
        let cancelledToken = environment.observe { cancelled.record($0) }
        do {
            let releasedToken = environment.observe { released.record($0) }
            _ = releasedToken
        }
        cancelledToken.cancel()
        environment.contentSizeCategory = .small
        #expect(kept.recorded == [.small])
        #expect(cancelled.recorded.isEmpty)
        #expect(released.recorded.isEmpty)
        environment.resetToSystem()
        #expect(kept.recorded == [.small, .medium])
        keptToken.cancel()
    }

    @Test func asyncStreamDeliversChanges() async {
        let environment = DynamicTypeEnvironment(provider: FixedCategoryProvider(.large))
        let updates = environment.contentSizeCategoryUpdates()
        environment.contentSizeCategory = .extraLarge
        environment.contentSizeCategory = .extraLarge
        environment.contentSizeCategory = .accessibilityMedium
        var received: [ContentSizeCategory] = []
        for await category in updates {
            received.append(category)
            if received.count == 2 { break }
        }
        #expect(received == [.extraLarge, .accessibilityMedium])
    }

    @Test func environmentVariableProvider() {
        // The CLI tests cover the variable end to end; here, an unset variable means large.
        let environment = DynamicTypeEnvironment(provider: FixedCategoryProvider(.unspecified))
        #expect(environment.contentSizeCategory == .unspecified)
        #expect(TextStyle.body.pointSize(at: environment.contentSizeCategory) == 17)
    }

    @Test func safeFromManyTasksAtOnce() async {
        let environment = DynamicTypeEnvironment(provider: FixedCategoryProvider(.large))
        let recorder = Recorder()
        let token = environment.observe { recorder.record($0) }
        let changes = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var changed = 0
                    for step in 0..<500 {
                        let category = ContentSizeCategory.allCases[(task * 5 + step) % 12]
                        if environment.setContentSizeCategory(category) { changed += 1 }
                        _ = environment.contentSizeCategory
                    }
                    return changed
                }
            }
            return await group.reduce(0, +)
        }
        // Exactly one notification per real change, however the tasks interleave.
        #expect(changes > 0)
        #expect(recorder.recorded.count == changes)
        token.cancel()
    }
}
