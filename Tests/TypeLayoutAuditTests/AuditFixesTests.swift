import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

/// Issue 16's audit fixes: what a new user ran into.
@Suite(.temporaryFolders) struct AuditFixesTests {
    static func string(_ text: String, key: String = "k", variant: String? = nil, language: String = "de", file: String = "t") -> LocalizedString {
        LocalizedString(key: key, variant: variant, language: language, text: text, location: TextFileLocation(file: file, line: 1, column: 1))
    }

    static func json(_ output: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    // MARK: Languages

    @Test func aLanguageNoInputHasIsAnErrorNamingThoseThatExist() throws {
        let result = try CLI.run(AuditCommandTests.german + ["--languages", "de,xx"])
        #expect(result.status == 2)
        #expect(result.stderr == "render-cli: error: no input has language 'xx'; the inputs have de, en\n")
        #expect(result.stdout.isEmpty)
        let strings = [Self.string("Fertig"), Self.string("Done", language: "en")]
        #expect(try AuditLanguages.filter(strings, languages: ["DE"]).map(\.text) == ["Fertig"])
        #expect(throws: AuditError.invalidLabel("no input has language 'fr'; the inputs have de, en")) {
            try AuditLanguages.filter(strings, languages: ["fr"])
        }
    }

    // MARK: Scaling

    @Test func aMistypedOptionIsNamedNotTakenForAFile() throws {
        let result = try CLI.run(["audit", AuditFixtures.path("Lines.txt"), "--scalng", "apple"])
        #expect(result.status == 2)
        #expect(result.stderr == "render-cli: error: Unknown option '--scalng'. Did you mean '--scaling'?\n")
        // A real file of an unknown type is still named as such.
        let file = try CLI.run(["audit", AuditFixtures.path("Lines.txt"), "notes.doc"])
        #expect(file.status == 2 && file.stderr.contains("notes.doc: unknown string file type"))
    }

    /// A rules file's `scaling` chooses the mode; `--scaling` wins over it.
    @Test func theRulesFileChoosesTheScalingMode() throws {
        let directory = try TestPaths.temporaryDirectory()
        let strings = directory.appendingPathComponent("en.txt")
        try Data("A sentence long enough to wrap onto a second line at the largest size.\n".utf8).write(to: strings)
        let rules = directory.appendingPathComponent("rules.yaml")
        try Data("scaling: apple\nrules:\n  - key: \"*\"\n    size: 17\n    maxLines: 1\n    categories: ax5\n".utf8).write(to: rules)
        func pointSize(_ more: [String]) throws -> Double? {
            let result = try CLI.run(["audit", strings.path, "--rules", rules.path, "--format", "json"] + more)
            #expect(result.status == 1, "\(result.stderr)")
            return (try Self.json(result.stdout)["failures"] as? [[String: Any]])?.first?["pointSize"] as? Double
        }
        #expect(try pointSize([]) == 48)
        #expect(try pointSize(["--scaling", "metrics"]) == 53)
        let set = try LabelRuleSet.parse(Array("scaling: apple\nrules: []\n".utf8), path: "r.yaml", yaml: true)
        #expect(set.scalingMode == .apple)
        #expect(throws: AuditError.self) { try LabelRuleSet.parse(Array("scaling: uikit\nrules: []\n".utf8), path: "r.yaml", yaml: true) }
    }

    // MARK: Lines needed, one cause

    @Test func aTruncatedLabelSaysTheLinesItShowsAndTheLinesItNeeds() throws {
        let rules = try LabelRuleSet(LabelRuleSpec(style: .body, width: 120, maxLines: 2, categories: [.large]))
        let entry = Audit(rules: rules).check(Self.string("Bitte wählen Sie hier die Töne für alle neuen Nachrichten aus"))
        let check = try #require(entry.checks.first)
        #expect(check.reasons == [.truncated])
        #expect(check.lineCount == 2)
        #expect(check.linesNeeded > 2)
        let report = AuditReport(entries: [entry])
        let failure = try #require(try (Self.json(report.json())["failures"] as? [[String: Any]])?.first)
        #expect(failure["lineCount"] as? Int == 2 && failure["linesNeeded"] as? Int == check.linesNeeded)
        #expect(report.textTable().contains("2 of \(check.linesNeeded)"))

        // A label that fits needs the lines it shows.
        let fits = Audit(rules: rules).check(Self.string("Fertig"))
        #expect(fits.checks[0].lineCount == 1 && fits.checks[0].linesNeeded == 1)
    }

    @Test func aSingleLineLabelThatTruncatesReportsOneCause() throws {
        let rules = try LabelRuleSet(LabelRuleSpec(style: .body, width: 100, maxLines: 1, categories: [.large]))
        let entry = Audit(rules: rules).check(Self.string("Datenschutzeinstellungen und mehr"))
        #expect(entry.checks.map(\.reasons) == [[.truncated]])
        // Two lines allowed: the word is wider than the label on its own, a second cause.
        let twoLines = try LabelRuleSet(LabelRuleSpec(style: .body, width: 100, maxLines: 2, categories: [.large]))
        let broken = Audit(rules: twoLines).check(Self.string("Datenschutzeinstellungen und noch viel mehr Text"))
        #expect(broken.checks.map(\.reasons) == [[.truncated, .wordBroken]])
        // A truncated line that ends mid-word only because of the limit is not a broken word.
        let words = Audit(rules: twoLines).check(Self.string("Bitte wählen Sie hier die Töne für alle neuen Nachrichten aus"))
        #expect(words.checks.map(\.reasons) == [[.truncated]])
    }

    // MARK: Skipped keys, untranslated strings

    @Test func rulesSkipKeysAndWarnAboutUntranslatedStrings() throws {
        let directory = try TestPaths.temporaryDirectory()
        let catalog = directory.appendingPathComponent("App.xcstrings")
        try Data("""
            { "sourceLanguage" : "en", "strings" : {
              "a11y.hint" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Double tap to open the settings of notifications and sounds" } } } },
              "ok" : { "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "OK" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "OK" } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "D'accord" } } } },
              "save" : { "localizations" : {
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Save" } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "Enregistrer" } } } }
            }, "version" : "1.0" }
            """.utf8).write(to: catalog)
        let rules = directory.appendingPathComponent("rules.yaml")
        try Data("skip: [\"a11y.*\"]\nuntranslated: identical\nrules:\n  - key: \"*\"\n    width: 100\n    maxLines: 1\n    categories: l\n".utf8)
            .write(to: rules)
        let result = try CLI.run(["audit", catalog.path, "--rules", rules.path, "--format", "json"])
        // The VoiceOver hint would be truncated at 100 pt; skipped, everything else fits.
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.json(result.stdout)["strings"] as? Int == 5)
        let warnings = result.stderr.split(separator: "\n").map { $0.replacingOccurrences(of: catalog.path, with: "F") }
        #expect(warnings == [
            "render-cli: warning: F:5:65: ok in de is the same as the development language's",
            "render-cli: warning: F:9:65: save has no de translation",
        ])
        // Only missing keys with `missing` (the hint too, unskipped here); none without the field.
        let missing = UntranslatedString.find(
            in: try StringFileReader.parse(contentsOf: catalog.path).strings, check: .missing, developmentLanguage: "en")
        #expect(missing.map { "\($0.key) \($0.language) \($0.isMissing)" } == ["a11y.hint de true", "a11y.hint fr true", "save de true"])
        let silent = try CLI.run(["audit", catalog.path, "--width", "1000", "--format", "json"])
        #expect(silent.status == 0 && silent.stderr.isEmpty, "\(silent.stderr)")
        // The text report lists them itself, above its summary, and not again on stderr.
        let text = try CLI.run(["audit", catalog.path, "--rules", rules.path, "--format", "text"])
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map { $0.replacingOccurrences(of: catalog.path, with: "F") }
        #expect(lines.suffix(3) == [
            "warning: F:5:65: ok in de is the same as the development language's",
            "warning: F:9:65: save has no de translation",
            "All 5 checks fit (5 strings). 2 untranslated strings (warnings above; they don't fail the audit).",
        ])
    }

    @Test func pluralFormsAreNotMissingTranslations() {
        let strings = [
            Self.string("1 Datei", key: "files", variant: "plural:one"), Self.string("%d Dateien", key: "files", variant: "plural:other"),
            Self.string("%d plików", key: "files", variant: "plural:few", language: "pl"),
            Self.string("%d files", key: "files", variant: "plural:other", language: "en"),
            Self.string("Base", key: "files", language: "Base"),
        ]
        #expect(UntranslatedString.find(in: strings, check: .identical, developmentLanguage: "en").isEmpty)
        let german = Array(strings[0...1])
        #expect(UntranslatedString.find(in: german + [Self.string("x", key: "other", language: "pl")], check: .missing,
                                        developmentLanguage: "en").map { "\($0.key) \($0.language)" } == ["files pl", "other de"])
    }

    // MARK: Shards

    @Test func shardsAreDisjointAndAddUpToTheWhole() throws {
        let strings = StringFileReader.parse(AuditBenchmark.catalog(strings: 200, languages: ["de", "ja"], seed: 3),
                                             format: .stringCatalog, path: "bench.xcstrings").strings
        for count in [1, 3, 7] {
            let shards = try (1...count).map { try AuditShard(index: $0, count: count) }
            for string in strings { #expect(shards.filter { $0.contains(string) }.count == 1) }
            // Stable: by key and file, so a key's languages share a slice whatever the order.
            let slices = shards.map { shard in Set(strings.reversed().filter(shard.contains).map(\.key)) }
            #expect(slices.reduce(0) { $0 + $1.count } == Set(strings.map(\.key)).count)
        }
        let four = try (1...4).map { try AuditShard(index: $0, count: 4) }
        #expect(four.allSatisfy { shard in strings.contains(where: shard.contains) })
        #expect(throws: AuditError.self) { try AuditShard(parsing: "0/3") }
        #expect(throws: AuditError.self) { try AuditShard(parsing: "2") }
        #expect(try AuditShard(parsing: "2/3").description == "2/3")
    }

    /// Three CI jobs' JUnit reports: their test cases are the whole run's, each once.
    @Test func threeJobsJUnitReportsAddUpToTheWhole() throws {
        let directory = try TestPaths.temporaryDirectory()
        let catalog = directory.appendingPathComponent("bench.xcstrings")
        try Data(AuditBenchmark.catalog(strings: 40, languages: ["de", "fr"], seed: 5)).write(to: catalog)
        // A file with a problem: its error goes to exactly one slice.
        let broken = directory.appendingPathComponent("de.strings")
        try Data("\"a\" = \"Abbrechen\";\n\"broken\" \"x\";\n".utf8).write(to: broken)
        func testCases(_ more: [String]) throws -> (cases: [String], tests: Int, failures: Int) {
            let result = try CLI.run(["audit", catalog.path, broken.path, "--width", "120", "--max-lines", "1", "--categories", "l,ax3",
                                      "--format", "junit", "--quiet"] + more)
            let cases = result.stdout.split(separator: "\n").filter { $0.contains("<testcase ") }.map { String($0.prefix { $0 != ">" }) }
            func total(_ name: String) -> Int {
                guard let range = result.stdout.range(of: "<testsuites "), let value = result.stdout[range.upperBound...]
                    .range(of: "\(name)=\"") else { return -1 }
                return Int(result.stdout[value.upperBound...].prefix { $0 != "\"" }) ?? -1
            }
            return (cases, total("tests"), total("failures"))
        }
        let whole = try testCases([])
        #expect(whole.cases.count > 80 && whole.failures > 0)
        let shards = try (1...3).map { try testCases(["--shard", "\($0)/3"]) }
        let union = shards.flatMap(\.cases)
        #expect(union.sorted() == whole.cases.sorted())
        #expect(Set(union).count == union.count)
        #expect(shards.reduce(0) { $0 + $1.tests } == whole.tests)
        #expect(shards.reduce(0) { $0 + $1.failures } == whole.failures)
        #expect(shards.allSatisfy { !$0.cases.isEmpty })
    }

    // MARK: Fails from … up

    static func entry(_ failing: Set<ContentSizeCategory>, checked: [ContentSizeCategory]) -> AuditEntry {
        AuditEntry(string: string("x"), ruleIndex: nil, checks: checked.map { category in
            AuditCheck(category: category, reasons: failing.contains(category) ? [.truncated] : [], lineCount: 1,
                       size: LayoutSize(width: 1, height: 1), pointSize: 17)
        }, error: nil)
    }

    @Test func failsFromIsTheFirstFailingSizeWhenEveryLargerOneFails() {
        let all = ContentSizeCategory.allCases.filter { $0 != .unspecified }
        let fromAX1 = Set(all.filter { $0 >= .accessibilityMedium })
        #expect(Self.entry(fromAX1, checked: all).failsFrom == .accessibilityMedium)
        // The order the rule lists categories in doesn't matter.
        #expect(Self.entry(fromAX1, checked: all.reversed()).failsFrom == .accessibilityMedium)
        #expect(Self.entry([], checked: all).failsFrom == nil)
        // Fails at AX1 but fits at AX2 (a line break that happens to land well): not "from up".
        #expect(Self.entry([.accessibilityMedium, .accessibilityExtraExtraExtraLarge], checked: all).failsFrom == nil)
        let report = AuditReport(entries: [
            Self.entry(fromAX1, checked: all),
            Self.entry([.large, .accessibilityExtraExtraExtraLarge], checked: all),
        ]).textTable()
        let summary = report.split(separator: "\n").drop { !$0.contains("FAILS") }.map(String.init)
        #expect(summary == [
            "KEY  LANG  FAILS                                                                     REASONS",
            "k    de    from accessibilityMedium up                                               truncated",
            "k    de    only at large, accessibilityExtraExtraExtraLarge (not every larger size)  truncated",
            "7 of 24 checks fail, in 2 of 2 strings.",
        ], "\(report)")
    }
}
