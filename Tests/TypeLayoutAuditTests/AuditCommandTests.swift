import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutRendering
import TypeLayoutTestSupport

@Suite(.temporaryFolders) struct AuditCommandTests {
    static let german = ["audit", AuditFixtures.path("GermanAX2.xcstrings"), "--rules", AuditFixtures.path("GermanAX2.rules.yaml")]

    /// `render --language` lays a string out as the audit lays out its language's file: the
    /// audit's Japanese breaks (アクテ|ィブ時|間), which the script alone doesn't give (アク|ティブ|時間).
    @Test func renderWithALanguageBreaksAsTheAuditDoes() throws {
        let text = "アクティブ時間"
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("ja.png").path
        func renderedLines(_ more: [String]) throws -> [String] {
            let result = try CLI.run(["render", "--style", "body", "--text", text, "--width", "150", "--category", "ax4", "--json"]
                                     + more + [output])
            #expect(result.status == 0, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            let lines = (object?["layout"] as? [String: Any])?["lines"] as? [[String: Any]] ?? []
            return lines.compactMap { $0["text"] as? String }
        }
        let audit = Audit(rules: try LabelRuleSet(LabelRuleSpec(style: .body, width: 150, categories: [.accessibilityExtraExtraLarge])))
        let string = LocalizedString(key: "active", language: "ja", text: text, location: TextFileLocation(file: "ja.strings", line: 1, column: 1))
        let audited = LayoutDescription(try #require(audit.layouts(of: string).first)).lines.map(\.text)
        #expect(try renderedLines(["--language", "ja"]) == audited)
        #expect(try renderedLines([]) != audited, "the language must be what changes the breaks")
        #expect(audited.count > 1)
    }

    @Test func theReportSaysExactlyWhichStringFailsWhere() throws {
        let result = try CLI.run(Self.german + ["--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["checked"] as? Int == 36)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure["key"] as? String == "button.clear_all")
        #expect(failure["language"] as? String == "de")
        #expect(failure["category"] as? String == "accessibilityLarge")
        #expect(failure["reason"] as? String == "truncated")
        #expect(failure["lineCount"] as? Int == 1)
        #expect(failure["text"] as? String == "Alle löschen")
    }

    @Test func exitsZeroWhenEverythingFits() throws {
        // A rule's own categories win over the flag's, so this still checks up to AX2 and fails.
        let ruled = try CLI.run(Self.german + ["--format", "json", "--categories", "l,ax1"])
        #expect(ruled.status == 1)
        let wide = try CLI.run(["audit", AuditFixtures.path("GermanAX2.xcstrings"), "--width", "343", "--max-lines", "1", "--format", "json"])
        #expect(wide.status == 0, "\(wide.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(wide.stdout.utf8)) as! [String: Any]
        #expect(object["checked"] as? Int == 48)
        #expect((object["failures"] as? [Any])?.isEmpty == true)
    }

    /// --scaling chooses how a scaled font grows: 17 pt at ax5 is 53 pt by the fonts' metrics,
    /// 48 pt by Apple's leading table; a typo is a usage error naming the option's values.
    @Test func scalingChoosesTheModeTheLabelsFontGrowsBy() throws {
        let directory = try TestPaths.temporaryDirectory()
        let strings = directory.appendingPathComponent("en.txt")
        try Data("A sentence long enough to wrap onto a second line at the largest size.\n".utf8).write(to: strings)
        func pointSize(_ scaling: String, _ more: [String] = []) throws -> Double? {
            let result = try CLI.run(["audit", strings.path, "--size", "17", "--max-lines", "1", "--categories", "ax5",
                                      "--scaling", scaling, "--format", "json"] + more)
            #expect(result.status == 1, "\(result.stderr)")
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            return (object?["failures"] as? [[String: Any]])?.first?["pointSize"] as? Double
        }
        #expect(try pointSize("metrics") == 53)
        #expect(try pointSize("apple") == 48)
        // The platform options are the same as the other subcommands': React Native's 3.571 × 17.
        #expect(try pointSize("metrics", ["--platform", "react-native"]) == 60.71)
        let misplacedScale = try CLI.run(["audit", strings.path, "--font-scale", "2"])
        #expect(misplacedScale.status == 2 && misplacedScale.stderr.contains("--platform android"))
        let typo = try CLI.run(["audit", strings.path, "--scaling", "aple"])
        #expect(typo.status == 2 && typo.stderr.contains("aple"))
        // The library takes the context explicitly too.
        let apple = DynamicTypeContext(scalingMode: .apple)
        let rules = try LabelRuleSet(LabelRuleSpec(size: 17, categories: [.accessibilityExtraExtraExtraLarge]), in: apple)
        let audit = Audit(rules: rules, context: apple)
        let layouts = try audit.layouts(of: LocalizedString(key: "k", language: "en", text: "Hello", location: TextFileLocation(file: "x", line: 1, column: 1)), rule: nil)
        #expect(layouts.last?.pointSize == 48)
    }

    @Test func theLanguageFilterKeepsOnlyThoseLanguages() throws {
        let english = try CLI.run(Self.german + ["--format", "json", "--languages", "en"])
        #expect(english.status == 0, "\(english.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(english.stdout.utf8)) as! [String: Any]
        #expect(object["checked"] as? Int == 18)
    }

    @Test func junitOutputPassesTheSchemaCheck() throws {
        let directory = try TestPaths.temporaryDirectory()
        // A failing string, a file with bad entries and text that needs escaping.
        let strings = directory.appendingPathComponent("de.strings")
        try Data("\"a&b\" = \"<Alle> \\\"löschen\\\" \\0 jetzt sofort\";\n\"broken\" \"x\";\n".utf8).write(to: strings)
        let result = try CLI.run(["audit", AuditFixtures.path("GermanAX2.xcstrings"), strings.path, "--rules",
                                  AuditFixtures.path("GermanAX2.rules.yaml"), "--width", "100", "--max-lines", "1", "--format", "junit"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("<failure message=\"doesn't fit at accessibilityLarge (truncated)\" type=\"truncated\">"))
        #expect(result.stdout.contains("type=\"parseError\""))
        let report = directory.appendingPathComponent("report.xml")
        try Data(result.stdout.utf8).write(to: report)
        let check = try XMLLint.validate(report.path)
        #expect(check.status == 0, "\(check.output)\n\(result.stdout)")

        // The check can fail: a report that breaks the schema is rejected.
        let broken = directory.appendingPathComponent("broken.xml")
        try Data(result.stdout.replacingOccurrences(of: "tests=\"", with: "tests=\"x").utf8).write(to: broken)
        #expect(try XMLLint.validate(broken.path).status != 0)
    }

    @Test func textIsATable() throws {
        let result = try CLI.run(Self.german + ["--format", "text"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("KEY") == true)
        #expect(lines.contains { $0.contains("button.clear_all") && $0.contains("de") && $0.contains("accessibilityLarge") })
        #expect(lines.last == "1 of 36 checks fail, in 1 of 4 strings.")
    }

    @Test func aMalformedFileIsOneErrorLineWithLineAndColumn() throws {
        let path = AuditFixtures.path("Malformed.xcstrings")
        let result = try CLI.run(["audit", path, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: \(path):9:5: unexpected '\"'; expected ',' or '}'\n")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let errors = try #require(object["errors"] as? [[String: Any]])
        #expect(errors.count == 1 && errors[0]["line"] as? Int == 9 && errors[0]["column"] as? Int == 5)
    }

    @Test func badEntriesDontHideTheOthers() throws {
        let path = AuditFixtures.path("Bad.strings")
        let result = try CLI.run(["audit", path, "--format", "json", "--categories", "l"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 3)
        #expect(result.stderr.contains("\(path):3:39: expected ';'"))
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["checked"] as? Int == 5)
    }

    static let usage: [(arguments: [String], status: Int32, message: String)] = [
        (["audit"], 2, "give at least one string file"),
        (["audit", "notes.md"], 2, "notes.md: unknown string file type"),
        (["audit", "a.strings", "--max-lines", "-1"], 2, "max lines must be 0"),
        (["audit", "a.strings", "--width", "0"], 2, "width must be a number of points greater than 0"),
        (["audit", "a.strings", "--max-height", "-2"], 2, "max height must be a number"),
        (["audit", "a.strings", "--categories", "huge"], 2, "unknown content size category 'huge'"),
        (["audit", "a.strings", "--format", "xml"], 2, "xml"),
        (["audit", "a.strings", "--font", "x.otf"], 2, "--font needs --size"),
        (["audit", "a.strings", "--languages", ","], 2, "languages must be a comma list"),
        (["audit", "/no/such.strings"], 1, "no such file: /no/such.strings"),
        (["audit", "/tmp/x.strings", "--rules", "/no/rules.yaml"], 1, "no such file: /no/rules.yaml"),
        (["audit", "/tmp/x.strings", "--rules", "r.toml"], 1, "rules must be a .json, .yaml or .yml file"),
    ]

    @Test(arguments: usage)
    func errorsAreOneLineWithTheirExitCode(arguments: [String], status: Int32, message: String) throws {
        try CLI.expectOneLineError(arguments, status: status, message: message)
    }

    /// Two runs write the same report, byte for byte: each run of render-cli hashes with a new
    /// seed, so a data file whose keys followed a dictionary's order would differ between them.
    @Test func theSameAuditWritesTheSameReportTwice() throws {
        let directory = try TestPaths.temporaryDirectory()
        var reports: [[String: Data]] = []
        // The same folder both times, as the page shows the command line.
        let folder = directory.appendingPathComponent("report").path
        for _ in 0..<2 {
            try? FileManager.default.removeItem(atPath: folder)
            let result = try CLI.run(Self.german + ["--format", "json", "--quiet", "--report", folder])
            #expect(result.status == 1, "\(result.stderr)")
            var files: [String: Data] = [:]
            for case let name as String in FileManager.default.enumerator(atPath: folder)! {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &isFolder), !isFolder.boolValue else { continue }
                files[name] = FileManager.default.contents(atPath: folder + "/" + name)
            }
            reports.append(files)
        }
        #expect(reports[0].keys.contains("data/index.js"))
        #expect(reports[0].count > 3)
        #expect(Set(reports[0].keys) == Set(reports[1].keys))
        // Save the JUnit report's time, the run's own.
        func timeless(_ data: Data?) -> String? {
            data.map { String(decoding: $0, as: UTF8.self).replacingOccurrences(of: #"time="[0-9.]+""#, with: "", options: .regularExpression) }
        }
        #expect(reports[0]["audit.junit.xml"] != nil)
        for (name, bytes) in reports[0] {
            let same = name == "audit.junit.xml" ? timeless(reports[1][name]) == timeless(bytes) : reports[1][name] == bytes
            #expect(same, "\(name) differs between two runs")
        }
    }

    /// A folder is searched for string files, as an app's resources hold one `xx.lproj` folder
    /// per language; the report's title names their shared file name once, with the count.
    @Test func aFolderIsAuditedAsTheStringFilesUnderIt() throws {
        let directory = try TestPaths.temporaryDirectory()
        let resources = directory.appendingPathComponent("Resources")
        for (language, text) in [("de", "Benachrichtigungseinstellungen"), ("fr", "Notifications")] {
            let folder = resources.appendingPathComponent("\(language).lproj")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("\"title\" = \"\(text)\";\n".utf8).write(to: folder.appendingPathComponent("Localizable.strings"))
        }
        // Not string files of the app: a JSON file and a hidden folder's copy.
        try Data(#"{"title": "x"}"#.utf8).write(to: resources.appendingPathComponent("Contents.json"))
        let hidden = resources.appendingPathComponent(".git/ja.lproj")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        try Data("\"title\" = \"通知\";\n".utf8).write(to: hidden.appendingPathComponent("Localizable.strings"))

        let report = directory.appendingPathComponent("report").path
        let result = try CLI.run(["audit", resources.path + "/", "--width", "200", "--max-lines", "1", "--categories", "l",
                                  "--format", "json", "--quiet", "--report", report])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect(object["strings"] as? Int == 2)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.map { $0["language"] as? String } == ["de"])
        #expect(failures.first?["file"] as? String == resources.path + "/de.lproj/Localizable.strings")
        let page = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(page.contains("<title>String audit: Localizable.strings (2 files)</title>"))

        let empty = directory.appendingPathComponent("Empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try CLI.expectOneLineError(["audit", empty.path], status: 2,
                                   message: "\(empty.path): a folder with no .xcstrings, .strings or .stringsdict files in it")
    }

    @Test func rulesErrorsNameTheirPlace() throws {
        let path = AuditFixtures.path("BadRules.yaml")
        let result = try CLI.run(["audit", AuditFixtures.path("GermanAX2.xcstrings"), "--rules", path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("render-cli: error: \(path):5:5: unknown field 'maxLine'"))
    }

    @Test func sheetsArePNGsNamedAfterTheFailingStrings() throws {
        let directory = try TestPaths.temporaryDirectory()
        let sheets = directory.appendingPathComponent("sheets").path
        let result = try CLI.run(Self.german + ["--format", "json", "--sheet", sheets])
        #expect(result.status == 1, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: sheets)
        #expect(files.count == 1)
        let name = try #require(files.first)
        #expect(name.hasPrefix("button.clear_all-de-") && name.hasSuffix(".png"))
        let image = try PNGCodec.read(contentsOf: sheets + "/" + name)
        #expect(image.width > 400 && image.height > 100)
    }

    @Test func progressIsPlainLinesWhenStandardErrorIsNotATerminal() throws {
        // Runs shorter than a second show nothing; the delay is lowered to see the lines.
        let environment = ["TYPELAYOUT_AUDIT_PROGRESS_DELAY": "0"]
        let result = try CLI.run(Self.german + ["--format", "json"], environment: environment)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count >= 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("audit: ") == true && lines.first?.contains("/36 checks (") == true, "\(result.stderr)")
        #expect(lines.last?.hasPrefix("audit: 36 checks in ") == true, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && !result.stderr.contains("\r"))

        let quiet = try CLI.run(Self.german + ["--format", "json", "--quiet"], environment: environment)
        #expect(quiet.stderr.isEmpty)
        let short = try CLI.run(Self.german + ["--format", "json"])
        #expect(short.stderr.isEmpty)
    }
}

/// Runs xmllint (Debian's libxml2-utils, installed by scripts/setup.sh) against the JUnit schema.
enum XMLLint {
    static func validate(_ path: String) throws -> (status: Int32, output: String) {
        let candidates = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"]
        guard let executable = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record("xmllint is missing: run scripts/setup.sh (it installs libxml2-utils)")
            return (-1, "")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--noout", "--schema", AuditFixtures.path("junit.xsd"), path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
