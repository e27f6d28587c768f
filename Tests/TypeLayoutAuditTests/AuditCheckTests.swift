import Foundation
import Synchronization
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutRendering

@Suite struct AuditCheckTests {
    static func germanCatalogReport() throws -> AuditReport {
        let rules = try LabelRuleSet.load(contentsOf: AuditFixtures.path("GermanAX2.rules.yaml"))
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("GermanAX2.xcstrings"))
        return Audit(rules: rules).check(file.strings)
    }

    @Test func oneGermanStringFailsAtAccessibilityLargeOnly() throws {
        let report = try Self.germanCatalogReport()
        #expect(report.entries.count == 4)
        #expect(report.checked == 4 * 9)
        let failures = report.failures
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.string.key == "button.clear_all")
        #expect(failure.string.language == "de")
        #expect(failure.category == .accessibilityLarge)
        #expect(failure.reasons == [.truncated])
        #expect(failure.lineCount == 1)
        #expect(failure.pointSize == 33)

        // At accessibilityMedium the same string fits on its one line.
        let entry = try #require(report.entries.first { $0.string.key == "button.clear_all" && $0.string.language == "de" })
        let medium = try #require(entry.checks.first { $0.category == .accessibilityMedium })
        #expect(medium.fits && medium.lineCount == 1 && medium.size.width <= 160)
        #expect(entry.failingCategories == [.accessibilityLarge])
        #expect(!report.isClean)
    }

    static func rule(width: Double, maxLines: Int = 0, maxHeight: Double? = nil,
                     categories: [ContentSizeCategory] = ContentSizeCategory.allCases) throws -> LabelRuleSet {
        try LabelRuleSet(LabelRuleSpec(style: .body, width: width, maxLines: maxLines, maxHeight: maxHeight, categories: categories))
    }

    static func string(_ text: String, key: String = "k", language: String = "de") -> LocalizedString {
        LocalizedString(key: key, language: language, text: text, location: TextFileLocation(file: "t", line: 1, column: 1))
    }

    @Test func aWordWiderThanTheLabelIsBroken() throws {
        let audit = Audit(rules: try Self.rule(width: 120, categories: [.large, .accessibilityExtraExtraExtraLarge]))
        let entry = audit.check(Self.string("Datenschutzeinstellungen"))
        #expect(entry.checks.map(\.reasons) == [[.wordBroken], [.wordBroken]])
        #expect(entry.checks[1].lineCount > entry.checks[0].lineCount)
    }

    @Test func aLabelTallerThanItsMaximum() throws {
        let audit = Audit(rules: try Self.rule(width: 343, maxHeight: 30, categories: [.large, .accessibilityMedium]))
        let entry = audit.check(Self.string("Fertig"))
        #expect(entry.checks.map(\.reasons) == [[], [.tooTall]])
        #expect(entry.checks[1].size.height > 30 && entry.checks[0].size.height <= 30)
    }

    @Test func reasonsComeMostSeriousFirst() throws {
        let audit = Audit(rules: try Self.rule(width: 100, maxLines: 1, maxHeight: 10, categories: [.accessibilityExtraExtraExtraLarge]))
        let entry = audit.check(Self.string("Datenschutzeinstellungen und mehr"))
        // One line: the long word is the truncation's cause, said once.
        #expect(entry.checks.first?.reasons == [.truncated, .tooTall])
        let twoLines = Audit(rules: try Self.rule(width: 100, maxLines: 2, maxHeight: 10, categories: [.accessibilityExtraExtraExtraLarge]))
        #expect(twoLines.check(Self.string("Datenschutzeinstellungen und mehr")).checks.first?.reasons == [.truncated, .wordBroken, .tooTall])
    }

    @Test func everythingFitsInAWideLabel() throws {
        let audit = Audit(rules: try Self.rule(width: 343))
        let report = audit.check([Self.string("OK"), Self.string("Abbrechen", key: "cancel")])
        #expect(report.isClean && report.failures.isEmpty && report.checked == 24)
    }

    @Test func repeatedStringsShareOneLayoutAndKeepTheirOwnIdentity() throws {
        let audit = Audit(rules: try Self.rule(width: 60, maxLines: 1, categories: [.large, .accessibilityMedium]))
        let strings = (0..<50).map { Self.string("Einstellungen", key: "key\($0 % 5)", language: ["de", "de-AT"][$0 % 2]) }
        let report = audit.check(strings)
        #expect(report.entries.map(\.string) == strings)
        #expect(report.checked == 100)
        #expect(report.entries.allSatisfy { $0.checks.map(\.reasons) == report.entries[0].checks.map(\.reasons) })
    }

    @Test func manyStringsOnManyWorkersMatchOneWorker() throws {
        let catalog = AuditBenchmark.catalog(strings: 60, languages: ["de", "ja"], seed: 7)
        let strings = StringFileReader.parse(catalog, format: .stringCatalog, path: "bench.xcstrings").strings
        let rules = try LabelRuleSet.parse(Array(AuditBenchmark.rulesJSON.utf8), path: "rules.json", yaml: false)
        let serial = Audit(rules: rules, concurrency: 1).check(strings)
        let calls = Atomic<Int>(0)
        let last = Lock<Int>(0)
        let parallel = Audit(rules: rules, concurrency: 4).check(strings) { done, total in
            calls.add(1, ordering: .relaxed)
            last.withLock { $0 = max($0, done) }
            #expect(total == serial.checked)
        }
        #expect(parallel.failures == serial.failures)
        #expect(parallel.checked == serial.checked && serial.checked == strings.count * 12)
        #expect(calls.load(ordering: .relaxed) > 0)
        #expect(last.withLock { $0 } == serial.checked)
    }

    @Test func contactSheetsOutlineTheFailingCategories() throws {
        let rules = try LabelRuleSet.load(contentsOf: AuditFixtures.path("GermanAX2.rules.yaml"))
        let audit = Audit(rules: rules)
        let entry = audit.check(Self.string("Alle löschen", key: "button.clear_all"))
        let image = try audit.contactSheet(for: entry)
        let outlined = ContactSheet().failureColor
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == outlined { red += 1 } }
        // One thick outline (about 2 × (width + height) × 4 px at scale 2), not nine.
        #expect(red > 1000 && red < 6000, "\(red) outline pixels")
    }

    @Test func sheetFileNamesAreSafeAndDistinct() {
        func name(_ key: String, _ variant: String? = nil, _ language: String = "de") -> String {
            AuditSheetName.fileName(for: LocalizedString(key: key, variant: variant, language: language, text: "",
                                                         location: TextFileLocation(file: "", line: 1, column: 1)))
        }
        #expect(name("button.save") .hasPrefix("button.save-de-"))
        #expect(name("../../etc/passwd").allSatisfy { $0 != "/" })
        #expect(!name("../x").hasPrefix("."))
        #expect(name("a b") != name("a_b"))
        #expect(name("%lld items", "plural:one").hasPrefix("_lld_items-plural_one-de-"))
        #expect(name(String(repeating: "x", count: 500)).count < 100)
        #expect(name("Größe") == name("Größe"))
        #expect(name("k", nil, "de") != name("k", nil, "fr"))
    }
}

@Suite struct AuditReportFormatTests {
    @Test func jsonHasTheFieldsToolsRead() throws {
        let report = try AuditCheckTests.germanCatalogReport()
        let object = try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as! [String: Any]
        #expect(object["checked"] as? Int == 36)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        #expect(failures[0]["key"] as? String == "button.clear_all")
        #expect(failures[0]["language"] as? String == "de")
        #expect(failures[0]["category"] as? String == "accessibilityLarge")
        #expect(failures[0]["reason"] as? String == "truncated")
        #expect(failures[0]["lineCount"] as? Int == 1)
        #expect(failures[0]["text"] as? String == "Alle löschen")
    }

    @Test func textTableListsEachFailure() throws {
        let table = try AuditCheckTests.germanCatalogReport().textTable()
        let lines = table.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("KEY"))
        #expect(lines[1].contains("button.clear_all") && lines[1].contains("accessibilityLarge") && lines[1].contains("truncated"))
        // Then one row per failing string: AX2 is the largest checked, so "from … up".
        #expect(lines[2].hasPrefix("KEY") && lines[2].contains("FAILS"))
        #expect(lines[3] == "button.clear_all  de    from accessibilityLarge up  truncated")
        #expect(lines[4] == "1 of 36 checks fail, in 1 of 4 strings.")
    }

    @Test func xmlEscapingKeepsDocumentsWellFormed() {
        #expect(XMLText.attribute("a<b & \"c\"\n") == "a&lt;b &amp; &quot;c&quot;&#10;")
        #expect(XMLText.content("nul\u{0}bell\u{7} ok\t\n") == "nul\u{FFFD}bell\u{FFFD} ok\t\n")
    }
}
