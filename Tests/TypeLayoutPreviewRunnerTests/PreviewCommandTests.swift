import Foundation
import Testing
import TypeLayoutTestSupport

/// The preview command run as a team runs it: `Tests/PreviewFixture` is a program with two good
/// previews, one found through the `#Preview` section, one that traps and one that throws.
@Suite(.temporaryFolders) struct PreviewCommandTests {
    /// The fixture program, built next to the test bundle.
    static var fixture: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("preview-fixture").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("preview-fixture")
    }

    /// A catalog with the greeting in English and Arabic.
    static func catalog(in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("Localizable.xcstrings").path
        let json = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"Hello": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "Hello"}},
              "ar": {"stringUnit": {"state": "translated", "value": "مرحبا"}}}}}}
            """
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    struct Outcome: Decodable {
        let name: String, file: String, line: Int, failure: String?, failingFindings: Int, sheets: [String]
    }

    @Test func everyPreviewIsRenderedAuditedOrReportedWithItsReason() throws {
        let folder = try TestPaths.temporaryDirectory()
        let report = folder.appendingPathComponent("out").path
        let result = try CLI.run(["--catalogs", try Self.catalog(in: folder), "--report", report], tool: Self.fixture)
        // Failed previews and audit failures: status 1, not a crash of the command.
        #expect(result.status == 1, "\(result.stderr)")
        let outcomes = try JSONDecoder().decode([Outcome].self, from: Data(contentsOf: URL(fileURLWithPath: report + "/previews.json")))
        #expect(outcomes.map(\.name) == ["Recorded", "Greeting_Previews", "Cramped_Previews", "Trapping_Previews", "Throwing_Previews"])
        let byName = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.name, $0) })

        // The trap is caught in its child process and named, with Swift's own message.
        let trap = try #require(byName["Trapping_Previews"]?.failure)
        #expect(trap.hasPrefix("trapped (signal"), "\(trap)")
        #expect(trap.contains("Index out of range"), "\(trap)")
        let thrown = try #require(byName["Throwing_Previews"]?.failure)
        #expect(thrown.hasPrefix("threw") && thrown.contains("nan"), "\(thrown)")

        // The others: a sheet per language, a frames dump beside it.
        #expect(byName["Greeting_Previews"]?.failure == nil)
        #expect(byName["Greeting_Previews"]?.sheets == ["previews/Greeting_Previews.ar.sheet.png", "previews/Greeting_Previews.en.sheet.png"])
        #expect(byName["Recorded"]?.failure == nil && byName["Recorded"]?.file == "PreviewFixture/main.swift")
        // A provider is reported where it is declared, not where main.swift registers it.
        #expect(byName["Greeting_Previews"].map { "\($0.file):\($0.line)" } == "preview_fixture/Greeting.swift:7")
        #expect(byName["Cramped_Previews"]?.file == "preview_fixture/main.swift" && byName["Cramped_Previews"]?.line == 9)
        for sheet in outcomes.flatMap(\.sheets) {
            #expect(FileManager.default.fileExists(atPath: report + "/" + sheet), "\(sheet)")
        }
        let arabic = try String(contentsOfFile: report + "/previews/Greeting_Previews.ar.frames.json", encoding: .utf8)
        #expect(arabic.contains("\"greeting\"") && arabic.contains("مرحبا"))

        // The audit: the cramped title is truncated at every size, in text, JSON and JUnit;
        // the failed previews are errors in each, with their file and line.
        #expect(byName["Cramped_Previews"].map { $0.failingFindings >= 24 } == true)
        let json = try String(contentsOfFile: report + "/audit.json", encoding: .utf8)
        #expect(json.contains("\"truncated\"") && json.contains("Cramped_Previews") && json.contains("Trapping_Previews"))
        let junit = try String(contentsOfFile: report + "/audit.junit.xml", encoding: .utf8)
        #expect(junit.contains("<testcase name=\"Cramped_Previews\"") && junit.contains("Throwing_Previews"))
        let text = try String(contentsOfFile: report + "/audit.txt", encoding: .utf8)
        #expect(text.contains("Cramped_Previews") && text.contains("trapped"))
        // The review gallery shows the findings and the failures.
        let gallery = report + "/gallery"
        #expect(FileManager.default.fileExists(atPath: gallery + "/index.html"))
        let page = try ["/data/index.js", "/data/chunk-0.js"].map { try String(contentsOfFile: gallery + $0, encoding: .utf8) }.joined()
        #expect(page.contains("Cramped_Previews") && page.contains("Trapping_Previews"))
        #expect(result.stdout.contains("5 previews, 2 failed"))
    }

    @Test func badOptionsAreOneLineAndStatusTwo() throws {
        let folder = try TestPaths.temporaryDirectory()
        let catalog = try Self.catalog(in: folder)
        for arguments in [["--languages", "fr", "--catalogs", catalog], ["--catalogs", folder.path + "/missing"], ["--scale", "7"], ["--wat"]] {
            let result = try CLI.run(arguments + ["--report", folder.appendingPathComponent("out").path], tool: Self.fixture)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("typelayout-previews: error: ") && result.stderr.split(separator: "\n").count == 1,
                    "\(result.stderr)")
        }
        // Nothing was written for a run that couldn't start.
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func aPreviewThatHangsIsStoppedAtTheTimeout() throws {
        let folder = try TestPaths.temporaryDirectory()
        let started = Date()
        let result = try CLI.run(["--timeout", "2", "--report", folder.appendingPathComponent("out").path],
                                 environment: ["PREVIEW_FIXTURE_HANG": "1"], tool: Self.fixture)
        #expect(result.status == 1)
        #expect(result.stdout.contains("Hanging_Previews (") && result.stdout.contains("FAILED: took longer than 2 s"), "\(result.stdout)")
        #expect(result.stdout.contains("6 previews, 3 failed"))
        #expect(Date().timeIntervalSince(started) < 60)
    }

    /// `--no-device-chrome` takes the status bar and home indicator off the sheets; the frames
    /// and the audit's findings are the same either way (the chrome is never laid out or audited).
    @Test func noDeviceChromeChangesThePicturesOnly() throws {
        let folder = try TestPaths.temporaryDirectory()
        func run(_ extra: [String], _ name: String) throws -> (report: String, outcomes: [Outcome]) {
            let report = folder.appendingPathComponent(name).path
            let result = try CLI.run(["--languages", "en", "--catalogs", try Self.catalog(in: folder), "--report", report] + extra,
                                     tool: Self.fixture)
            #expect(result.status == 1, "\(result.stderr)")
            let outcomes = try JSONDecoder().decode([Outcome].self, from: Data(contentsOf: URL(fileURLWithPath: report + "/previews.json")))
            return (report, outcomes)
        }
        let chrome = try run([], "chrome"), bare = try run(["--no-device-chrome"], "bare")
        #expect(chrome.outcomes.map(\.failingFindings) == bare.outcomes.map(\.failingFindings))
        #expect(chrome.outcomes.map(\.failure) == bare.outcomes.map(\.failure))
        func read(_ report: String, _ file: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: report + "/previews/" + file)) }
        #expect(try read(chrome.report, "Greeting_Previews.en.frames.json") == read(bare.report, "Greeting_Previews.en.frames.json"))
        #expect(try read(chrome.report, "Greeting_Previews.en.sheet.png") != read(bare.report, "Greeting_Previews.en.sheet.png"))
    }

    @Test func listNamesEveryPreviewWithItsPlace() throws {
        let result = try CLI.run(["--list"], tool: Self.fixture)
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").first == "Recorded\tPreviewFixture/main.swift:52")
        #expect(result.stdout.split(separator: "\n").count == 5)
        #expect(result.stdout.contains("Greeting_Previews\tpreview_fixture/Greeting.swift:7\n"), "\(result.stdout)")
    }
}
