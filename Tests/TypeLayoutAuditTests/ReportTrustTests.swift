import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutGallery
import TypeLayoutTestSupport

/// Issue 29: a report a team can trust. An input that could not be read fails the page, the
/// JSON and JUnit; the page's summary counts strings and screens; the language chips filter
/// what they count.
@Suite(.temporaryFolders) struct ReportTrustTests {
    static let catalog = TestPaths.fixture("broken-screens/Screens.xcstrings")
    static func screen(_ folder: String, _ name: String) -> String { TestPaths.fixture("\(folder)/\(name).yaml") }

    /// A screen file that doesn't parse (line 3, column 9) and a catalog that isn't JSON.
    static func brokenInputs() throws -> (screen: String, catalog: String, folder: URL) {
        let folder = try TestPaths.temporaryDirectory()
        let screen = folder.appendingPathComponent("broken.yaml").path
        try "device: { width: 390, height: 844 }\nroot:\n  role: buton\n".write(toFile: screen, atomically: true, encoding: .utf8)
        let catalog = folder.appendingPathComponent("Broken.xcstrings").path
        try "{ \"strings\": [ }".write(toFile: catalog, atomically: true, encoding: .utf8)
        return (screen, catalog, folder)
    }

    @Test func anUnreadableInputIsAFailureOnThePageInJSONAndInJUnit() throws {
        let (screen, catalog, folder) = try Self.brokenInputs()
        let report = folder.appendingPathComponent("report").path
        let json = try CLI.run(["audit", Self.catalog, catalog, screen, "--width", "10000", "--format", "json", "--quiet", "--report", report])
        #expect(json.status == 1, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.contains { $0["file"] as? String == screen && $0["line"] as? Int == 3 && $0["column"] as? Int == 9 })
        #expect(errors.contains { $0["file"] as? String == catalog })

        let index = try #require(try AuditGalleryTests.scriptJSON(report + "/data/index.js") as? [String: Any])
        let pageErrors = try #require(index["errors"] as? [String])
        #expect(pageErrors.count == 2)
        #expect(pageErrors.contains { $0.hasPrefix("\(screen):3:9: unknown role 'buton'") }, "\(pageErrors)")
        #expect(pageErrors.contains { $0.hasPrefix("\(catalog):1:") }, "\(pageErrors)")
        // The page says so first, never "Nothing fails".
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let title = try #require(html.range(of: "id=\"title\""))
        let box = try #require(html.range(of: "id=\"errors\""))
        let notes = try #require(html.range(of: "id=\"notes\""))
        #expect(title.upperBound < box.lowerBound && box.upperBound < notes.lowerBound)
        #expect(html.contains("could not be read: the audit fails"))
        let notesText = try #require(index["notes"] as? [String])
        #expect(notesText.first?.contains("2 input problems") == true, "\(notesText)")

        let junit = try CLI.run(["audit", Self.catalog, catalog, screen, "--width", "10000", "--format", "junit", "--quiet"])
        #expect(junit.status == 1)
        #expect(junit.stdout.contains("<testsuite name=\"\(screen)\" tests=\"1\" failures=\"0\" errors=\"1\""), "\(junit.stdout)")
        #expect(junit.stdout.contains("<testcase name=\"3:9\" classname=\"\(screen)\">\n      <error message=\"unknown role"))
        #expect(junit.stdout.contains("<testsuite name=\"\(catalog)\""))
    }

    /// The page begins with the text report's summary: the strings' checks and the screens'
    /// findings, not "All 180 checks fit" above a dozen screen findings.
    @Test func thePagesSummaryCountsStringsAndScreensAsTheTextReportDoes() throws {
        let report = try TestPaths.temporaryDirectory().appendingPathComponent("report").path
        let result = try CLI.run(["audit", Self.catalog, Self.screen("broken-screens", "05-small-close-button"), "--width", "10000",
                                  "--format", "text", "--quiet", "--report", report])
        #expect(result.status == 1, "\(result.stderr)")
        let textSummary = try #require(result.stdout.split(separator: "\n").last.map(String.init))
        #expect(textSummary.contains("All 612 checks fit (51 strings).") && textSummary.contains("36 screen findings"), "\(textSummary)")
        let index = try #require(try AuditGalleryTests.scriptJSON(report + "/data/index.js") as? [String: Any])
        let notes = try #require(index["notes"] as? [String])
        #expect(notes.first == textSummary)
    }

    @Test func theWritersSummaryCountsEveryKind() throws {
        let writer = try AuditReportWriter(format: .json, diagnostics: [], spoolsToDisk: false)
        #expect(writer.summary == "All 0 checks fit (0 strings).")
        try writer.add(screen: "s.yaml", language: "de", categories: [.large], findings: [])
        #expect(writer.summary == "All 1 screen × language runs are clean.")
        writer.add(problem: StringFileDiagnostic(location: TextFileLocation(file: "s.yaml", line: 1, column: 1), message: "can't lay out"))
        #expect(writer.summary.hasSuffix("1 input problem (listed as errors)."))
        #expect(!writer.isClean)
        #expect(writer.problems.map(\.message) == ["can't lay out"])
    }

    /// Each finding's facts say whether it is a warning, so that a "Failing per language" chip
    /// shows that language's failures and a "Warnings per language" chip its warnings.
    @Test func languageChipsFilterWhatTheyCount() throws {
        func finding(_ warning: Bool) -> ReviewFinding {
            ReviewFinding(language: "de", platform: "", firstFailingCategory: warning ? nil : "ax1", failingCategories: warning ? [] : ["ax1"],
                          reasons: [warning ? "untranslated" : "truncated"], text: "t", details: [], pictures: [], isWarning: warning)
        }
        let gallery = ReviewGallery(title: "t", groupNoun: "key", groups: [ReviewGroup(title: "k", subtitle: "f", findings: [finding(false), finding(true)])])
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("report").path
        try ReviewGalleryWriter().write(gallery, to: folder)
        let index = try #require(try AuditGalleryTests.scriptJSON(folder + "/data/index.js") as? [String: Any])
        let groups = try #require(index["groups"] as? [[String: Any]])
        let facts = try #require(groups.first?["f"] as? [[Any]])
        #expect(facts.map { $0.count } == [6, 6])
        #expect(facts.map { $0.last as? Int } == [0, 1])
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(html.contains("(state.kind < 0 || (finding[5] || 0) === state.kind)"))
        #expect(html.contains("\"Failing per language\", index.summary.languages, \"language\", tables.languages, 0)"))
    }
}
