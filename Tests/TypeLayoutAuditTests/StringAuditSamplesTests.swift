import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

/// Issue 29: the string audit lays a format string out with sample values in its
/// placeholders, by the screen audit's rule, and says which samples; render-cli reports an
/// unknown option before a conflict between known ones.
@Suite(.temporaryFolders) struct StringAuditSamplesTests {
    static func string(_ text: String) -> LocalizedString {
        LocalizedString(key: "files", language: "de", text: text, location: TextFileLocation(file: "de.strings", line: 4, column: 1))
    }

    @Test func placeholdersAreFilledWithSamplesBeforeLayout() throws {
        let audit = Audit(rules: try LabelRuleSet(LabelRuleSpec(width: 120, maxLines: 1, categories: [.large])), engine: TextLayoutEngine())
        let format = "%1$@ hat %lld Dateien (%.1f MB)"
        let layout = try audit.layouts(of: Self.string(format))[0]
        #expect(layout.string == "Alexandra hat 1,234 Dateien (1,234.0 MB)")
        // The same rule as the screen audit's.
        #expect(Audit.laidOutText(format) == FormatArguments.fill(format, samples: FormatSamples()))
        #expect(Audit.laidOutText("%@%@") == "AlexandraAlexandra" && Audit.laidOutText("100 %%") == "100 %")
        #expect(Audit.laidOutText("no placeholders") == "no placeholders")
        #expect(FormatArguments.samplesNote("plain") == nil)
    }

    @Test func theReportsSayWhichSamplesWereUsed() throws {
        let audit = Audit(rules: try LabelRuleSet(LabelRuleSpec(width: 60, maxLines: 1, categories: [.large])), engine: TextLayoutEngine())
        let report = audit.check([Self.string("%1$@ hat %lld Dateien")])
        #expect(!report.entries[0].fits)
        let note = "placeholders filled with the samples \"Alexandra\" and 1,234: Alexandra hat 1,234 Dateien"
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.first?["sampleText"] as? String == note)
        #expect(report.junitXML().contains(note))
        #expect(report.textTable().contains("%1$@ hat %lld Dateien (laid out as Alexandra"), "\(report.textTable())")
        let finding = try #require(AuditGallery(audit: audit).gallery(report.entries).groups.first?.findings.first)
        #expect(finding.details.contains(note))
    }

    /// ArgumentParser validated option groups while decoding, before it reported the unknown
    /// option; the checks now run in `run()`, after it.
    @Test func anUnknownOptionIsReportedBeforeAConflict() throws {
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("o.png").path
        for arguments in [["render", "--text", "a", "--text-file", "b", "--bogus", output],
                          ["render", "--text=a", "--text-file=b", "--bogus", output],
                          ["layout", "--text", "a", "--text-file", "b", "--bogus", "x"],
                          ["metrics", "--category", "l", "--categories", "all", "--bogus", "x"]] {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains("--bogus") && !result.stderr.contains("not both"), "\(arguments): \(result.stderr)")
        }
        // Without an unknown option the conflict is still refused, by both parsers.
        try CLI.expectOneLineError(["render", "--text", "a", "--text-file", "b", output], status: 2, message: "give --text or --text-file, not both")
        try CLI.expectOneLineError(["render", "--text=a", "--text-file=b", output], status: 2, message: "give --text or --text-file, not both")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
