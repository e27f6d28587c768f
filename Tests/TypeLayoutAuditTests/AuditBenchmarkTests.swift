import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit

@Suite struct AuditBenchmarkTests {
    @Test func theCatalogIsTheSameForTheSameSeed() throws {
        let first = AuditBenchmark.catalog(strings: 200, seed: 11)
        #expect(first == AuditBenchmark.catalog(strings: 200, seed: 11))
        #expect(first != AuditBenchmark.catalog(strings: 200, seed: 12))
        let file = StringFileReader.parse(first, format: .stringCatalog, path: "bench.xcstrings")
        #expect(file.diagnostics.isEmpty)
        #expect(file.strings.count == 200 * AuditBenchmark.languages.count)
        #expect(Set(file.strings.map(\.language)) == Set(AuditBenchmark.languages))
        let rules = try LabelRuleSet.parse(Array(AuditBenchmark.rulesJSON.utf8), path: "rules.json", yaml: false)
        #expect(Audit(rules: rules).checkCount(file.strings) == 200 * AuditBenchmark.languages.count * 12)
    }

    /// The speed case: 5,000 keys × 5 languages × 12 categories = 300,000 layouts. Timed
    /// only when asked (`TYPELAYOUT_AUDIT_BENCHMARK=1`, best in a release build:
    /// `swift test -c release --filter AuditBenchmarkTests`); it prints the time and asserts
    /// nothing about it, since the machine's load decides that.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TYPELAYOUT_AUDIT_BENCHMARK"] != nil))
    func threeHundredThousandLayouts() throws {
        let clock = ContinuousClock()
        let parseStart = clock.now
        let file = StringFileReader.parse(AuditBenchmark.catalog(), format: .stringCatalog, path: "bench.xcstrings")
        let parsed = clock.now - parseStart
        let rules = try LabelRuleSet.parse(Array(AuditBenchmark.rulesJSON.utf8), path: "rules.json", yaml: false)
        let report = Audit(rules: rules).check(file.strings)
        #expect(report.checked == 300_000)
        print("audit benchmark: parsed 25,000 strings in \(parsed); \(report.checked) checks in "
              + "\(report.duration) s on \(Audit.activeCores) cores; \(report.failures.count) failures")
    }
}
