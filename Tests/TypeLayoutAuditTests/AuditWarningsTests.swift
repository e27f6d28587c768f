import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutGallery
import TypeLayoutTestSupport

/// Untranslated strings (rules' `untranslated:`) are warnings in every report, not only on
/// standard error: JSON's `warnings`, lines under the text table, JUnit's `system-err`, and the
/// review gallery's reason "untranslated".
@Suite(.temporaryFolders) struct AuditWarningsTests {
    static let strings = [
        LocalizedString(key: "ok", language: "en", text: "OK", location: TextFileLocation(file: "App.xcstrings", line: 3, column: 9)),
        LocalizedString(key: "ok", language: "de", text: "OK", location: TextFileLocation(file: "App.xcstrings", line: 4, column: 9)),
        LocalizedString(key: "save", language: "en", text: "Save", location: TextFileLocation(file: "App.xcstrings", line: 7, column: 9)),
        LocalizedString(key: "save", language: "fr", text: "Enregistrer", location: TextFileLocation(file: "App.xcstrings", line: 8, column: 9)),
        LocalizedString(key: "ok", language: "fr", text: "D'accord", location: TextFileLocation(file: "App.xcstrings", line: 5, column: 9)),
    ]
    static let warnings = UntranslatedString.find(in: strings, check: .identical, developmentLanguage: "en")

    static func report(_ format: AuditReportFormat, warnings: [UntranslatedString] = warnings) throws -> String {
        let rules = try LabelRuleSet(LabelRuleSpec(width: 1000, categories: [.large]))
        let entries = Audit(rules: rules, engine: TextLayoutEngine()).check(strings).entries
        let writer = try AuditReportWriter(format: format, diagnostics: [], warnings: warnings, spoolsToDisk: false)
        try writer.add(entries)
        #expect(writer.isClean, "warnings don't fail the audit")
        var bytes: [UInt8] = []
        try writer.finish(duration: 0) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theWarningsFound() {
        #expect(Self.warnings.map { "\($0.displayKey) \($0.language) \($0.isMissing)" } == ["ok de false", "save de true"])
    }

    /// A key with a line break (OmniKit's `"Insulin\nSuspended"`) stays on its warning's one line.
    @Test func aKeyWithALineBreakStaysOnOneLine() {
        let location = TextFileLocation(file: "de.lproj/Localizable.strings", line: 2, column: 1)
        let strings = [
            LocalizedString(key: "Insulin\nSuspended", language: "de", text: "Insulinabgabe\nunterbrochen", location: location),
            LocalizedString(key: "Done", language: "de", text: "Fertig", location: location),
            LocalizedString(key: "Done", language: "ja", text: "完了", location: location),
        ]
        let warnings = UntranslatedString.find(in: strings, check: .missing, developmentLanguage: "en")
        #expect(warnings.map(\.description) == [#"de.lproj/Localizable.strings:2:1: Insulin\nSuspended has no ja translation"#])
        #expect(warnings.first?.key == "Insulin\nSuspended", "the key itself is kept as it is")
    }

    /// Without a development-language file (OmniKitUI's six languages have no English), a key
    /// missing from hi is reported in hi's file of the key's table, with where another language
    /// has it: not at the Arabic string alone (`ar.lproj/…: %@ ago has no hi translation`).
    @Test func aKeyWithoutADevelopmentStringIsReportedInTheFileItIsMissingFrom() throws {
        func at(_ file: String, _ line: Int) -> TextFileLocation { TextFileLocation(file: file, line: line, column: 1) }
        let strings = [
            LocalizedString(key: "%@ ago", language: "ar", text: "منذ %@", location: at("UI/ar.lproj/Localizable.strings", 12)),
            LocalizedString(key: "%@ ago", language: "de", text: "vor %@", location: at("UI/de.lproj/Localizable.strings", 30)),
            // hi's other table comes first: the warning must still name its Localizable.strings.
            LocalizedString(key: "Pods", language: "hi", text: "पॉड", location: at("UI/hi.lproj/InfoPlist.strings", 2)),
            LocalizedString(key: "Done", language: "hi", text: "हो गया", location: at("UI/hi.lproj/Localizable.strings", 4)),
            LocalizedString(key: "Done", language: "ja", text: "完了", location: at("Other/ja.lproj/Pods.strings", 3)),
        ]
        let warnings = UntranslatedString.find(in: strings, check: .missing, developmentLanguage: "en")
        let agoInHindi = try #require(warnings.first { $0.key == "%@ ago" && $0.language == "hi" })
        #expect(agoInHindi.description
            == "UI/hi.lproj/Localizable.strings: %@ ago has no hi translation (ar has it at UI/ar.lproj/Localizable.strings:12:1)")
        #expect(agoInHindi.location == at("UI/hi.lproj/Localizable.strings", 1))
        #expect(agoInHindi.sourceLocation == at("UI/ar.lproj/Localizable.strings", 12) && agoInHindi.sourceLanguage == "ar")
        // ja has no file of that table: the warning stays at the Arabic string and says so.
        let agoInJapanese = try #require(warnings.first { $0.key == "%@ ago" && $0.language == "ja" })
        #expect(agoInJapanese.description
            == "UI/ar.lproj/Localizable.strings:12:1: %@ ago has no ja translation (ar has it here; no ja file has this table)")
        // With a development-language string, the warning is at it, as before.
        let english = strings + [LocalizedString(key: "%@ ago", language: "en", text: "%@ ago", location: at("UI/en.lproj/Localizable.strings", 9))]
        let withEnglish = UntranslatedString.find(in: english, check: .missing, developmentLanguage: "en")
        #expect(withEnglish.first { $0.key == "%@ ago" && $0.language == "hi" }?.description
            == "UI/en.lproj/Localizable.strings:9:1: %@ ago has no hi translation")
        // The review page names both places.
        let finding = AuditGallery(audit: Audit(rules: try LabelRuleSet(LabelRuleSpec()), engine: TextLayoutEngine())).finding(agoInHindi)
        #expect(finding.details == ["%@ ago: no hi translation", "UI/hi.lproj/Localizable.strings; ar has it at UI/ar.lproj/Localizable.strings:12"])
        // Where ja has no file of the table, the page says so, as the text report does.
        let inJapanese = AuditGallery(audit: Audit(rules: try LabelRuleSet(LabelRuleSpec()), engine: TextLayoutEngine())).finding(agoInJapanese)
        #expect(inJapanese.details.last == "ar has it at UI/ar.lproj/Localizable.strings:12; no ja file has this table")
    }

    /// A string catalog holds every language in one file, so a key missing from a language with
    /// no string in the catalog yet is reported at the key's own entry, without "no file".
    @Test func aKeyMissingFromACatalogIsReportedAtItsEntry() {
        let entry = TextFileLocation(file: "UI/Localizable.xcstrings", line: 7, column: 9)
        let strings = [
            LocalizedString(key: "Save", language: "ar", text: "حفظ", location: entry),
            LocalizedString(key: "Done", language: "hi", text: "हो गया", location: TextFileLocation(file: "UI/hi.lproj/Other.strings", line: 2, column: 1)),
        ]
        let warnings = UntranslatedString.find(in: strings, check: .missing, developmentLanguage: "en")
        #expect(warnings.first { $0.key == "Save" && $0.language == "hi" }?.description
            == "UI/Localizable.xcstrings:7:9: Save has no hi translation")
    }

    @Test func jsonListsEachWarning() throws {
        let object = try JSONSerialization.jsonObject(with: Data(try Self.report(.json).utf8)) as! [String: Any]
        let warnings = try #require(object["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["key"] as? String } == ["ok", "save"])
        #expect(warnings.map { $0["kind"] as? String } == ["identical", "missing"])
        #expect(warnings.allSatisfy { $0["reason"] as? String == "untranslated" && $0["file"] as? String == "App.xcstrings" })
        #expect(warnings.map { $0["line"] as? Int } == [4, 7])
        #expect(warnings[1]["message"] as? String == "App.xcstrings:7:9: save has no de translation")
        // None when there are none: the report is as before.
        let plain = try JSONSerialization.jsonObject(with: Data(try Self.report(.json, warnings: []).utf8)) as! [String: Any]
        #expect(plain["warnings"] == nil)
    }

    @Test func textListsThemAboveTheSummary() throws {
        let lines = try Self.report(.text).split(separator: "\n").map(String.init)
        #expect(lines.contains("warning: App.xcstrings:4:9: ok in de is the same as the development language's"))
        #expect(lines.contains("warning: App.xcstrings:7:9: save has no de translation"))
        #expect(lines.last == "All 5 checks fit (5 strings). 2 untranslated strings (warnings above; they don't fail the audit).")
    }

    @Test func junitPutsThemInTheirFilesSystemErrAndStaysValid() throws {
        let xml = try Self.report(.junit)
        #expect(xml.contains("<system-err>warning: App.xcstrings:4:9: ok in de is the same as the development language's\n"
            + "warning: App.xcstrings:7:9: save has no de translation</system-err>\n  </testsuite>"), "\(xml)")
        #expect(xml.contains("failures=\"0\" errors=\"0\""))
        let directory = try TestPaths.temporaryDirectory()
        let path = directory.appendingPathComponent("audit.xml").path
        try Data(xml.utf8).write(to: URL(fileURLWithPath: path))
        let validation = try XMLLint.validate(path)
        #expect(validation.status == 0, "\(validation.output)")
    }

    @Test func theGalleryFiltersThemByReason() throws {
        let rules = try LabelRuleSet(LabelRuleSpec(width: 20, maxLines: 1, categories: [.large, .accessibilityMedium]))
        let audit = Audit(rules: rules, engine: TextLayoutEngine())
        let failing = audit.check(Self.strings).entries.filter { !$0.fits }
        let gallery = AuditGallery(audit: audit).gallery(failing, untranslated: Self.warnings)
        let untranslated = gallery.groups.flatMap(\.findings).filter { $0.reasons == [AuditGallery.untranslatedReason] }
        #expect(untranslated.count == 2)
        #expect(untranslated.allSatisfy { $0.pictures.isEmpty && $0.failingCategories.isEmpty && $0.language == "de" })
        #expect(gallery.summary.reasons[AuditGallery.untranslatedReason] == 2)
        // Under its key, after the key's failures.
        let ok = try #require(gallery.groups.first { $0.title == "ok" })
        #expect(ok.findings.last?.reasons == ["untranslated"] && ok.findings.count > 1)
        let directory = try TestPaths.temporaryDirectory()
        let folder = directory.appendingPathComponent("report").path
        try ReviewGalleryWriter().write(gallery, to: folder)
        let index = try String(contentsOfFile: folder + "/data/index.js", encoding: .utf8)
        #expect(index.contains("\"untranslated\""))
    }

    /// The page's per-language counts keep failures and warnings apart (OmniKitUI's hi showed
    /// 254, every one a warning).
    @Test func perLanguageCountsKeepWarningsApart() throws {
        let rules = try LabelRuleSet(LabelRuleSpec(width: 20, maxLines: 1, categories: [.large, .accessibilityMedium]))
        let audit = Audit(rules: rules, engine: TextLayoutEngine())
        let failing = audit.check(Self.strings).entries.filter { !$0.fits }
        let gallery = AuditGallery(audit: audit).gallery(failing, untranslated: Self.warnings)
        var failuresPerLanguage: [String: Int] = [:]
        for entry in failing { failuresPerLanguage[entry.string.language, default: 0] += 1 }
        #expect(!failuresPerLanguage.isEmpty)
        #expect(gallery.summary.languages == failuresPerLanguage)
        #expect(gallery.summary.warningLanguages == ["de": 2])
        #expect(gallery.summary.findings == failing.count + 2)
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("report").path
        try ReviewGalleryWriter().write(gallery, to: folder)
        let index = try String(contentsOfFile: folder + "/data/index.js", encoding: .utf8)
        #expect(index.contains("\"warningLanguages\":[{\"de\":2}]"), "\(index)")
    }
}
