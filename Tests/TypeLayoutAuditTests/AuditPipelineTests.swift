import Foundation
import Synchronization
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

/// The audit's chunks laid out on workers while the caller consumes the finished ones
/// (``ChunkPipeline``): order kept across chunks with several workers, the workers going on
/// while a chunk is consumed, stopping early, and the same report whatever the number of jobs.
/// In scripts/sanitize.sh's `concurrency` filter, so that ThreadSanitizer runs them in CI.
@Suite(.temporaryFolders, .timeLimit(.minutes(5))) struct AuditPipelineTests {
    /// Counts from any thread.
    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func add(_ amount: Int = 1) { value.add(amount, ordering: .relaxed) }
        var count: Int { value.load(ordering: .relaxed) }
    }

    @Test func chunksComeOutInTheOrderSubmittedWithSeveralWorkers() {
        // Items of uneven cost, so that later batches and chunks often finish first.
        let process: @Sendable (ArraySlice<Int>) -> [String] = { items in
            items.map { item in
                if item % 7 == 0 { usleep(useconds_t(200 * (item % 5))) }
                return "item \(item)"
            }
        }
        let sizes = [0, 1, 5, 33, 100, 7, 64, 2, 0, 50]
        var chunks: [[Int]] = []
        var first = 0
        for size in sizes {
            chunks.append(Array(first..<first + size))
            first += size
        }
        // As the audit does: a window of chunks submitted ahead of the one taken.
        let taken = ChunkPipeline.with(workers: 4, process: process) { pipeline in
            var taken: [[String]] = []
            for (index, chunk) in chunks.prefix(3).enumerated() { pipeline.submit(chunk, batch: 1 + index % 3) }
            for index in chunks.indices {
                taken.append(pipeline.next())
                if index + 3 < chunks.count { pipeline.submit(chunks[index + 3], batch: 1 + index % 3) }
            }
            return taken
        }
        #expect(taken == chunks.map { $0.map { "item \($0)" } })
    }

    @Test func workersGoOnToTheNextChunkWhileOneIsConsumed() {
        let processed = Counter()
        ChunkPipeline<Int, Int>.with(workers: 2, process: { items in
            processed.add(items.count)
            return Array(items)
        }) { pipeline in
            pipeline.submit(Array(0..<10), batch: 2)
            pipeline.submit(Array(10..<30), batch: 2)
            #expect(pipeline.next() == Array(0..<10))
            // The consumer holds on to the first chunk: the second is laid out meanwhile.
            let deadline = ContinuousClock.now + .seconds(60)
            while processed.count < 30 && ContinuousClock.now < deadline { usleep(1000) }
            #expect(processed.count == 30)
            #expect(pipeline.next() == Array(10..<30))
        }
    }

    @Test func leavingTheBodyStopsTheWorkersWithChunksLeft() {
        let processed = Counter()
        // The body ends with the chunk far from done: leaving it stops the workers.
        ChunkPipeline<Int, Int>.with(workers: 3, process: { items in
            usleep(500)
            processed.add(items.count)
            return Array(items)
        }) { pipeline in
            pipeline.submit(Array(0..<100_000), batch: 1)
            usleep(5000)
        }
        let atClose = processed.count
        usleep(20_000)
        #expect(processed.count == atClose)
        #expect(atClose < 100_000)
    }

    static func strings(count: Int) -> [LocalizedString] {
        // Repeats within and across chunks (laid out once per chunk), three languages, and
        // texts of different lengths so that the workers finish out of order.
        let words = ["Einstellungen", "speichern", "Änderungen", "Benachrichtigungen", "anzeigen", "Konto", "löschen"]
        return (0..<count).map { index in
            let text = index % 9 == 0 ? "Alle löschen"
                : (0...(index % 6)).map { words[($0 * 3 + index) % words.count] }.joined(separator: " ")
            return LocalizedString(key: "k\(index)", language: ["de", "fr", "ja"][index % 3], text: text,
                                   location: TextFileLocation(file: "f\(index / 40).strings", line: index + 1, column: 1))
        }
    }

    @Test(arguments: [1, 7, 64, 500])
    func checkingInChunksOnSeveralWorkersKeepsInputOrder(chunkSize: Int) throws {
        let rules = try AuditCheckTests.rule(width: 150, maxLines: 1, categories: [.small, .large, .accessibilityLarge])
        let strings = Self.strings(count: 150)
        let serial = Audit(rules: rules, concurrency: 1).check(strings)
        let audit = Audit(rules: rules, concurrency: 4)
        // The project's pthread-backed Lock, which ThreadSanitizer understands (Mutex's futex it doesn't).
        let highest = Lock(0)
        var chunks: [[AuditEntry]] = []
        audit.check(strings, chunkSize: chunkSize, progress: { done, total in
            #expect(total == 450)
            highest.withLock { $0 = max($0, done) }
        }) { chunks.append($0) }
        #expect(chunks.count == (strings.count + chunkSize - 1) / chunkSize)
        #expect(chunks.dropLast().allSatisfy { $0.count == chunkSize })
        let entries = chunks.flatMap { $0 }
        #expect(entries.map(\.string) == strings)
        #expect(entries.map(\.checks) == serial.entries.map(\.checks))
        #expect(entries.map(\.ruleIndex) == serial.entries.map(\.ruleIndex))
        #expect(highest.withLock { $0 } == 450)
        #expect(!serial.failures.isEmpty && serial.failures.count < serial.checked)
    }

    struct Stop: Error {}

    @Test func aConsumerThatThrowsStopsTheAudit() throws {
        let audit = Audit(rules: try AuditCheckTests.rule(width: 150, categories: [.large]), concurrency: 3)
        var consumed = 0
        #expect(throws: Stop.self) {
            try audit.check(Self.strings(count: 60), chunkSize: 5) { _ in
                consumed += 1
                if consumed == 2 { throw Stop() }
            }
        }
        #expect(consumed == 2)
    }

    /// Audits started on every thread of Dispatch's shared pool at once, each waiting for its
    /// own workers: the workers run on threads of their own, so none waits for a pool thread.
    @Test func auditsFromEveryPoolThreadAtOnceFinish() throws {
        let audit = Audit(rules: try AuditCheckTests.rule(width: 150, categories: [.large]), concurrency: 2)
        let strings = Self.strings(count: 40)
        let expected = Audit(rules: audit.rules, concurrency: 1).check(strings).entries.map(\.checks)
        let agreeing = Counter()
        DispatchQueue.concurrentPerform(iterations: Audit.activeCores * 3) { _ in
            var entries: [AuditEntry] = []
            audit.check(strings, chunkSize: 3) { entries += $0 }
            if entries.map(\.checks) == expected && entries.map(\.string) == strings { agreeing.add() }
        }
        #expect(agreeing.count == Audit.activeCores * 3)
    }

    /// Several chunks' report (more strings than render-cli's 2,048 a chunk), in every format:
    /// the same bytes with one job and with three.
    @Test func oneJobAndThreeJobsWriteTheSameReport() throws {
        let directory = try TestPaths.temporaryDirectory()
        let catalog = directory.appendingPathComponent("bench.xcstrings").path
        let generated = try CLI.run(["audit", "--generate-benchmark-catalog", catalog, "--benchmark-strings", "410"])
        #expect(generated.status == 0, "\(generated.stderr)")
        // One category keeps the run short (under ThreadSanitizer too): 2,050 checks.
        let rules = directory.appendingPathComponent("rules.json").path
        try Data("""
            [{"key": "button.*", "style": "body", "width": 160, "maxLines": 1, "categories": ["accessibilityExtraExtraExtraLarge"]},
             {"key": "*", "style": "body", "width": 200, "maxLines": 2, "categories": ["accessibilityExtraExtraExtraLarge"]}]
            """.utf8).write(to: URL(fileURLWithPath: rules))
        for format in AuditReportFormat.allCases {
            let runs = try [1, 3].map { jobs in
                try CLI.run(["audit", catalog, "--rules", rules, "--format", format.rawValue, "--quiet", "--jobs", String(jobs)])
            }
            #expect(runs[0].status == 1 && runs[1].status == 1, "\(runs[0].stderr) \(runs[1].stderr)")
            // JUnit's suites say how long the run took: the one difference allowed.
            let outputs = runs.map { $0.stdout.replacing(#/ time="[0-9.]+"/#, with: "") }
            #expect(outputs[0] == outputs[1], "\(format) differs between --jobs 1 and --jobs 3")
            #expect(runs[0].stdout.count > 10_000)
            if format == .text { #expect(runs[0].stdout.contains(" of 2050 checks fail, in "), "\(runs[0].stdout.suffix(300))") }
        }
    }
}
