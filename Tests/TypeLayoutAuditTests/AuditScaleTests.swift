import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit

/// The logic that bounds the audit on deep and wide input (a million strings, 100,000 globs):
/// chunked checking, a report spooled rather than held, rule lookup, the wildcard limit. The
/// figures themselves are measured by hand (docs/robustness.md), not asserted here.
@Suite struct AuditScaleTests {
    static func rules(_ keys: [[String]]) -> String {
        "[" + keys.enumerated().map { index, keys in
            "{\"key\": [\(keys.map { "\"\($0)\"" }.joined(separator: ","))], \"width\": \(100 + index % 3)}"
        }.joined(separator: ",") + "]"
    }

    @Test func wildcardPatternsPastTheLimitAreOneClearError() throws {
        let limit = LabelRuleSet.maximumWildcardPatterns
        let allowed = (0..<limit).map { "screen\($0).*" }
        #expect(try LabelRuleSet.parse(Array(Self.rules([allowed]).utf8), path: "r.json", yaml: false).rules[0].patterns.count == limit)
        // One more, in a second rule, on the second line: refused where it is written.
        let json = Self.rules([allowed]).dropLast() + ",\n{\"key\": \"over.*\"}]"
        let error = #expect(throws: AuditError.self) { try LabelRuleSet.parse(Array(json.utf8), path: "r.json", yaml: false) }
        guard case let .invalidRules(diagnostic) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(diagnostic.location.line == 2 && diagnostic.location.column == 9, "\(diagnostic)")
        #expect(diagnostic.message.hasPrefix("more than \(limit) key patterns with wildcards"), "\(diagnostic.message)")
        // In a list, the pattern over the limit is named, not the list.
        let list = "[{\"key\": [" + (0...limit).map { "\"s\($0).*\"" }.joined(separator: ",\n") + "]}]"
        let listError = #expect(throws: AuditError.self) { try LabelRuleSet.parse(Array(list.utf8), path: "r.yaml", yaml: true) }
        guard case let .invalidRules(listDiagnostic) = listError else {
            Issue.record("\(String(describing: listError))")
            return
        }
        #expect(listDiagnostic.location.line == limit + 1 && listDiagnostic.location.column == 1, "\(listDiagnostic)")
    }

    @Test func literalKeysAreNotLimitedAndShareOneResolvedLabel() throws {
        let keys = (0..<20_000).map { ["key.\($0)"] }
        let set = try LabelRuleSet.parse(Array(Self.rules(keys).utf8), path: "r.json", yaml: false)
        #expect(set.rules.count == 20_000)
        #expect(set.rule(for: "key.19999").index == 19_999 && set.rule(for: "key.19999").rule.width == Double(100 + 19_999 % 3))
        #expect(set.rule(for: "key.20000").index == nil)
        // Rules that differ only in keys (resolved once) have the same label.
        #expect(set.rules[0].font == set.rules[3].font)
        #expect(set.rules[0].location?.line == 1 && set.rules[1].patterns.map(\.description) == ["key.1"])
    }

    @Test func lookupKeepsTheFirstMatchingRuleAcrossLiteralsAndGlobs() throws {
        let set = try LabelRuleSet.parse(Array(Self.rules([["exact"], ["ex*", "b\\\\*"], ["exact", "other"], ["*"]]).utf8),
                                         path: "r.json", yaml: false)
        #expect(set.rule(for: "exact").index == 0)
        #expect(set.rule(for: "extra").index == 1)
        #expect(set.rule(for: "b*").index == 1 && set.rule(for: "bb").index == 3)
        #expect(set.rule(for: "other").index == 2)
        #expect(set.rule(for: "").index == 3)
        // Changing the rules changes the lookup.
        var changed = set
        changed.rules.removeFirst()
        #expect(changed.rule(for: "exact").index == 0 && changed.rule(for: "exact").rule.patterns[0].description == "ex*")
    }

    static func strings() -> [LocalizedString] {
        // Repeats within and across chunks, and two languages.
        (0..<23).map { index in
            LocalizedString(key: "k\(index)", language: index % 2 == 0 ? "de" : "ja",
                            text: index % 5 == 0 ? "Einstellungen speichern" : "Text \(index % 7) Änderungen",
                            location: TextFileLocation(file: "f\(index / 10).strings", line: index + 1, column: 1))
        }
    }

    @Test func chunkedCheckingGivesTheSameEntriesInOrder() throws {
        let audit = Audit(rules: try AuditCheckTests.rule(width: 150, maxLines: 1, categories: [.small, .large, .accessibilityLarge]))
        let strings = Self.strings()
        let whole = audit.check(strings)
        for chunkSize in [1, 4, 100] {
            var chunks: [[AuditEntry]] = []
            audit.check(strings, chunkSize: chunkSize) { chunks.append($0) }
            #expect(chunks.count == (strings.count + chunkSize - 1) / chunkSize)
            #expect(chunks.allSatisfy { $0.count <= chunkSize })
            let entries = chunks.flatMap { $0 }
            #expect(entries.map(\.string) == strings)
            #expect(entries.map(\.checks) == whole.entries.map(\.checks))
        }
        #expect(!whole.failures.isEmpty && whole.failures.count < whole.checked)
    }

    @Test(arguments: AuditReportFormat.allCases)
    func reportSpooledToDiskIsTheReportHeldInMemory(format: AuditReportFormat) throws {
        let audit = Audit(rules: try AuditCheckTests.rule(width: 150, maxLines: 1, categories: [.small, .large, .accessibilityLarge]))
        let problems = [StringFileDiagnostic(location: TextFileLocation(file: "f1.strings", line: 3, column: 2), message: "bad")]
        let report = audit.check(Self.strings(), diagnostics: problems)
        let expected = switch format {
        case .json: try report.json()
        case .junit: report.junitXML()
        case .text: report.textTable()
        }
        let writer = try AuditReportWriter(format: format, diagnostics: problems)
        var pieces = 0
        audit.check(Self.strings(), chunkSize: 4) { try? writer.add($0) }
        var bytes: [UInt8] = []
        try writer.finish(duration: report.duration) { bytes += $0; pieces += 1 }
        // Given the same duration, even JUnit's time attribute agrees.
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        #expect(pieces > 1)
        #expect(writer.strings == 23 && writer.checked == report.checked && writer.failures == report.failures.count)
        #expect(!writer.isClean)
    }
}
