import Foundation
import Testing
import TypeLayout
import TypeLayoutGallery
import TypeLayoutScreens
@testable import TypeLayoutAudit
import TypeLayoutRendering
import TypeLayoutTestSupport

/// `render-cli audit` with screen files beside the catalogs, and the screen file fields the
/// screen audit reads (key, arguments, role, samples).
@Suite(.temporaryFolders) struct AuditScreensCommandTests {
    static let catalog = TestPaths.fixture("broken-screens/Screens.xcstrings")
    static func screen(_ folder: String, _ name: String) -> String { TestPaths.fixture("\(folder)/\(name).yaml") }

    @Test func screenFilesReadKeysArgumentsRolesAndSamples() throws {
        let screen = try ScreenFile.parse("""
            device: { width: 390, height: 844 }
            samples: { string: Jo, number: 7, keys: { files.count: [12] } }
            root:
              children:
                - id: title
                  text: { key: greeting, arguments: [Maria, 3, 2.5] }
                - id: fallback
                  text: { key: missing.key, text: Shown when missing }
                - id: close
                  role: button
            """, fileName: "s.yaml", format: .yaml)
        #expect(screen.samples == FormatSamples(string: "Jo", number: 7, arguments: ["files.count": ["12"]]))
        guard case let .text(title) = screen.root.children[0].content, case let .text(fallback) = screen.root.children[1].content else {
            Issue.record("expected two texts")
            return
        }
        #expect(title.key == "greeting" && title.string == "" && title.arguments == ["Maria", "3", "2.5"])
        #expect(fallback.key == "missing.key" && fallback.string == "Shown when missing")
        #expect(screen.root.children[2].role == .button && screen.root.children[0].role == nil)
        func message(_ node: String) -> String {
            do {
                _ = try ScreenFile.parse("device: { width: 390, height: 844 }\nroot:\n  \(node)\n", fileName: "s.yaml", format: .yaml)
                return "parsed"
            } catch { return error.description }
        }
        #expect(message("role: buton") == "s.yaml:3:9: error: unknown role 'buton' (did you mean 'button'?); expected one of button, control")
        #expect(message("text: { font: body }") == "s.yaml:3:9: error: missing 'text' (the string shown) or 'key' (a string catalog key)")
        #expect(message("text: { key: 3 }").hasPrefix("s.yaml:3:16: error: expected 'key' to be a string"))
        #expect(message("text: { key: k, arguments: [[1]] }").hasPrefix("s.yaml:3:31: error: expected an argument to be a string or a number"))
        #expect(message("text: { key: k, arguments: 1 }").hasPrefix("s.yaml:3:30: error: expected a list of the format's values"))
    }

    @Test func theCorpusFailsAndTheCleanScreensPass() throws {
        let broken = try CLI.run(["audit", Self.catalog, Self.screen("broken-screens", "05-small-close-button"), "--width", "10000",
                                  "--format", "json"])
        #expect(broken.status == 1, "\(broken.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(broken.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["screenFindings"] as? [[String: Any]])
        // The close button in three languages at twelve sizes.
        #expect(findings.count == 36)
        #expect(Set(findings.map { $0["node"] as? String }) == ["close"])
        #expect(findings.first?["line"] as? Int == 6 && findings.first?["measured"] as? String == "30 × 30 pt < 44 × 44 pt")

        let clean = try CLI.run(["audit", Self.catalog, Self.screen("clean-screens", "settings-row"), Self.screen("clean-screens", "button-pair"),
                                 Self.screen("clean-screens", "tab-bar-clamped"), "--width", "10000", "--format", "text"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout == "All 612 checks fit (51 strings). All 9 screen × language runs are clean.\n")

        // Information alone doesn't fail the run.
        let tall = try CLI.run(["audit", Self.catalog, Self.screen("broken-screens", "19-long-list"), "--width", "10000", "--format", "text",
                                "--languages", "de"])
        #expect(tall.status == 0, "\(tall.stderr)")
        #expect(tall.stdout.contains("tallerThanDevice (info)"))
    }

    @Test func junitOfScreensPassesTheSchema() throws {
        let directory = try TestPaths.temporaryDirectory()
        let result = try CLI.run(["audit", Self.catalog, Self.screen("broken-screens", "02-german-button-row"),
                                  Self.screen("clean-screens", "button-pair"), "--width", "10000", "--format", "junit", "--categories", "l,ax2"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("classname=\"de\">\n      <failure message=\"2 problems on the screen\" type=\"horizontalOverflow\">"))
        let report = directory.appendingPathComponent("report.xml")
        try Data(result.stdout.utf8).write(to: report)
        let check = try XMLLint.validate(report.path)
        #expect(check.status == 0, "\(check.output)\n\(result.stdout)")
    }

    @Test func aScreenInJSONIsToldFromAStringsMap() throws {
        let directory = try TestPaths.temporaryDirectory()
        let screen = directory.appendingPathComponent("screen.json")
        try Data(#"{ "device": { "width": 390, "height": 844 }, "root": { "id": "x", "role": "control", "style": { "height": 20 } } }"#.utf8)
            .write(to: screen)
        let map = directory.appendingPathComponent("de.json")
        try Data(#"{ "root": "Wurzel", "device": "Gerät" }"#.utf8).write(to: map)
        #expect(ScreenAudit.isScreenFile(screen.path) && !ScreenAudit.isScreenFile(map.path))
        let result = try CLI.run(["audit", map.path, screen.path, "--format", "text"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("smallTapTarget") && result.stdout.contains("All 24 checks fit (2 strings)."), "\(result.stdout)")
    }

    @Test func aBrokenScreenFileIsOneErrorLineAndTheRestIsChecked() throws {
        let directory = try TestPaths.temporaryDirectory()
        let bad = directory.appendingPathComponent("bad.yaml")
        try Data("device: { width: 390, height: 844 }\nroot:\n  chidren: []\n".utf8).write(to: bad)
        let result = try CLI.run(["audit", Self.catalog, bad.path, Self.screen("clean-screens", "button-pair"), "--width", "10000",
                                  "--format", "text"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("render-cli: error: \(bad.path):3:3: unknown key 'chidren' in a node"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.hasSuffix("All 3 screen × language runs are clean. 1 input problem (see the errors above).\n"), "\(result.stdout)")
        // A screen file that isn't there stops the run, as a string file does.
        let gone = try CLI.run(["audit", Self.catalog, "/no/such/screen.yaml"])
        #expect(gone.status == 1 && gone.stderr == "render-cli: error: /no/such/screen.yaml: no such file\n" && gone.stdout.isEmpty)
        // Screens without catalogs: checked once, as written (a key shows as itself).
        let alone = try CLI.run(["audit", Self.screen("broken-screens", "05-small-close-button"), "--format", "text", "--categories", "l"])
        #expect(alone.status == 1)
        #expect(alone.stdout.hasSuffix("1 screen finding in 1 of 1 screen × language runs.\n") && alone.stdout.contains("  und  "), "\(alone.stdout)")
        // A language no input has names those that exist, screens or not.
        let missing = try CLI.run(["audit", Self.catalog, Self.screen("clean-screens", "button-pair"), "--languages", "fr"])
        #expect(missing.status == 2 && missing.stderr == "render-cli: error: no input has language 'fr'; the inputs have ar, de, en\n")
    }

    @Test func theReportListsAScreenGroupWithItsFindingsAndPictures() throws {
        let directory = try TestPaths.temporaryDirectory()
        let report = directory.appendingPathComponent("report").path
        let result = try CLI.run(["audit", Self.catalog, Self.screen("broken-screens", "02-german-button-row"), "--width", "10000",
                                  "--format", "text", "--categories", "l,ax2", "--report", report, "--quiet"])
        #expect(result.status == 1, "\(result.stderr)")
        // The data files are JSON inside a script's call or assignment.
        func data(_ file: String, prefix: String, suffix: String) throws -> Any {
            let text = try String(contentsOfFile: report + "/data/" + file, encoding: .utf8)
            #expect(text.hasPrefix(prefix) && text.hasSuffix(suffix), "\(text.prefix(80))")
            return try JSONSerialization.jsonObject(with: Data(text.dropFirst(prefix.count).dropLast(suffix.count).utf8))
        }
        let index = try #require(try data("index.js", prefix: "window.GALLERY_INDEX = ", suffix: ";\n") as? [String: Any])
        let groups = try #require(index["groups"] as? [[String: Any]])
        #expect(groups.map { $0["t"] as? String } == ["02-german-button-row.yaml"] && index["groupNoun"] as? String == "screen")
        let chunk = try #require(try data("chunk-0.js", prefix: "window.GALLERY_CHUNK(0, ", suffix: ");\n") as? [[[String: Any]]])
        // Delete sticks out in German at both sizes and in English at ax2, Save in German at ax2.
        let findings = try #require(chunk.first)
        #expect(findings.map { $0["n"] as? String } == ["delete", "save", "delete"])
        #expect(findings.allSatisfy { ($0["d"] as? [String])?.first?.contains("> screen 390") == true })
        let pictures = findings.flatMap { $0["p"] as? [[String: Any]] ?? [] }
        #expect(pictures.map { $0["l"] as? String } == ["l", "ax2", "l (fits)", "ax2", "l (fits)", "ax2"])
        #expect(pictures.map { $0["f"] as? Bool } == [true, true, false, true, false, true])
        for picture in pictures {
            let path = report + "/" + (try #require(picture["src"] as? String))
            let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(image.width == picture["w"] as? Int && image.height == picture["h"] as? Int)
        }
        // The German ax2 picture of Delete is widened past the screen to show the node, outlined in red.
        let failing = try #require(pictures.first { ($0["src"] as? String)?.contains("delete-horizont-de-ax2") == true })
        let image = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: report + "/" + (failing["src"] as! String)))))
        #expect(image.width > 390 + 2 * ReviewPictureStyle().padding)
        let red = ReviewPictureStyle().failureColor
        #expect(stride(from: 0, to: image.pixels.count, by: 4).contains { offset in
            image.pixels[offset] == red.red && image.pixels[offset + 1] == red.green && image.pixels[offset + 2] == red.blue
        })
    }

    @Test func theReportFolderHoldsEveryFormatAsStandardOutputWritesIt() throws {
        let report = try TestPaths.temporaryDirectory().appendingPathComponent("report").path
        let common = ["audit", Self.catalog, Self.screen("broken-screens", "02-german-button-row"), "--width", "120",
                      "--categories", "l,ax2", "--report", report, "--quiet"]
        // JUnit's time is the run's own; everything else is the same from one run to the next.
        func timeless(_ text: String) -> String {
            text.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
        }
        let formats = [("json", "audit.json"), ("junit", "audit.junit.xml"), ("text", "audit.txt")]
        for (format, file) in formats {
            let result = try CLI.run(common + ["--format", format])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stdout.contains("save") || result.stdout.contains("delete"), "\(format): \(result.stdout.prefix(200))")
            #expect(FileManager.default.fileExists(atPath: report + "/index.html"))
            let written = try formats.map { try String(contentsOfFile: report + "/" + $0.1, encoding: .utf8) }
            #expect(written[formats.firstIndex { $0.1 == file }!] == result.stdout)
            // Each other format's file is what standard output gets in a run asking for it.
            for (index, other) in formats.enumerated() where other.0 != format {
                let alone = try CLI.run(common + ["--format", other.0])
                #expect(timeless(written[index]) == timeless(alone.stdout), "\(other.1) after --format \(format)")
            }
        }
        // The gallery's notes name the audit, not where its outputs went or which shard it was.
        let index = try String(contentsOfFile: report + "/data/index.js", encoding: .utf8)
        #expect(index.contains("render-cli audit ") && !index.contains("--report") && !index.contains("--quiet"))
        _ = try CLI.run(common + ["--shard", "1/2"])
        let sharded = try String(contentsOfFile: report + "/data/index.js", encoding: .utf8)
        #expect(!sharded.contains("--shard") && !sharded.contains("1/2"))
        // A shard's folder keeps what a merge needs (AuditShardMergeTests merges them); given
        // twice, one line says so and nothing is written.
        #expect(FileManager.default.fileExists(atPath: report + "/" + AuditRun.fileName))
        let merged = report + "-merged"
        let merge = try CLI.run(["report", "merge", report, report, "--report", merged])
        #expect(merge.status == 1 && merge.stderr == "render-cli: error: shard 1/2 is given twice\n", "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: merged))
    }
}
