import Foundation
import Testing
import TypeLayoutTestSupport

/// `render-cli audit --shard I/N --report DIR` and `render-cli report merge`: three shards of a
/// string and screen audit, merged, give the folder the unsharded run writes.
@Suite(.temporaryFolders) struct AuditShardMergeTests {
    /// Inputs in several languages and files: a catalog (en, de, ar), a German and a French
    /// `.strings` file (the same keys in two files, so a key's strings may be in two shards), a
    /// `.strings` file with a syntax error (a file problem), rules that warn about untranslated
    /// strings, two screens and a screen file that doesn't parse.
    static func inputs(in folder: String) throws -> [String] {
        func write(_ text: String, _ name: String) throws -> String {
            let path = folder + "/in/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        var strings: [String: [String: String]] = [
            "button.cancel": ["en": "Cancel", "de": "Abbrechen", "ar": "إلغاء"],
            "button.save": ["en": "Save", "de": "Speichern", "ar": "حفظ"],
            "button.delete": ["en": "Delete", "de": "Endgültig löschen", "ar": "حذف"],
            "settings.title": ["en": "Display & Brightness", "de": "Anzeige & Helligkeit", "ar": "الشاشة والسطوع"],
            "ok": ["en": "OK", "de": "OK"],
        ]
        for index in 1...12 {
            strings["row.\(index)"] = ["en": "Row \(index)", "de": "Eine ziemlich lange Zeile Nummer \(index) zum Umbrechen",
                                       "ar": "الصف رقم \(index) مع نص طويل جدا"]
        }
        let catalog: [String: Any] = ["sourceLanguage": "en", "version": "1.0", "strings": strings.mapValues { languages in
            ["localizations": languages.mapValues { ["stringUnit": ["state": "translated", "value": $0]] }]
        }]
        var paths = [try write(String(decoding: try JSONSerialization.data(withJSONObject: catalog, options: .sortedKeys), as: UTF8.self),
                               "Localizable.xcstrings")]
        paths.append(try write((1...6).map { "\"legacy.\($0)\" = \"Ein sehr langer deutscher Text Nummer \($0)\";\n" }.joined(),
                               "de.lproj/Legacy.strings"))
        paths.append(try write((1...6).map { "\"legacy.\($0)\" = \"Un texte français assez long numéro \($0)\";\n" }.joined(),
                               "fr.lproj/Legacy.strings"))
        paths.append(try write("\"broken.1\" = \"Kaputt\"\n\"broken.2\" = ;\n\"broken.3\" = \"Gut\";\n", "de.lproj/Broken.strings"))
        let row = """
            device: { width: 390, height: 844 }
            root:
              style: { padding: 16 }
              children:
                - id: buttons
                  style: { flexDirection: row, gap: 8 }
                  children:
                    - { id: cancel, role: button, style: { flexShrink: 0, minHeight: 44, paddingHorizontal: 20 }, text: { key: button.cancel, font: headline, numberOfLines: 1 } }
                    - { id: delete, role: button, style: { flexShrink: 0, minHeight: 44, paddingHorizontal: 20 }, text: { key: button.delete, font: headline, numberOfLines: 1 } }
            """
        let title = """
            device: { width: 390, height: 844 }
            root:
              style: { padding: 16 }
              children:
                - { id: title, text: { key: settings.title, font: title1, numberOfLines: 1 } }
            """
        for (index, screen) in [row, title, row].enumerated() { paths.append(try write(screen, "screens/screen-\(index + 1).yaml")) }
        paths.append(try write("device: { width: 390\nroot: [\n", "screens/broken.yaml"))
        return paths
    }

    static func audit(_ folder: String, _ inputs: [String], _ more: [String]) throws -> CLI.Result {
        try CLI.run(["audit"] + inputs + ["--rules", folder + "/in/rules.yaml", "--width", "120", "--max-lines", "1",
                                          "--categories", "l,ax2", "--format", "json", "--quiet"] + more)
    }

    static func prepare(_ folder: String) throws -> [String] {
        let inputs = try Self.inputs(in: folder)
        try Data("untranslated: identical\nrules:\n  - { key: \"row.*\", style: body, width: 200, maxLines: 2 }\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/in/rules.yaml"))
        return inputs
    }

    @Test func threeShardsMergeIntoTheUnshardedReport() throws {
        let folder = try TestPaths.temporaryDirectory().path
        let inputs = try Self.prepare(folder)
        // The unsharded run writes where the merge will, as the JSON names its pictures there.
        let whole = try Self.audit(folder, inputs, ["--report", folder + "/report"])
        #expect(whole.status == 1, "\(whole.stderr)")
        try FileManager.default.moveItem(atPath: folder + "/report", toPath: folder + "/whole")
        var strings = 0
        for index in 1...3 {
            let shard = try Self.audit(folder, inputs, ["--shard", "\(index)/3", "--report", folder + "/shard-\(index)/"])
            #expect(shard.status <= 1, "\(shard.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/shard-\(index)/audit.json")))
            strings += (json as? [String: Any])?["strings"] as? Int ?? 0
            #expect(FileManager.default.fileExists(atPath: folder + "/shard-\(index)/audit-entries.jsonl"))
        }
        #expect(strings > 40, "every shard's strings")
        let merge = try CLI.run(["report", "merge"] + (1...3).map { folder + "/shard-\($0)" } + ["--report", folder + "/report/"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("3 shards: \(strings) strings, 12 screen runs, with failures"), "\(merge.stdout) \(strings)")

        let expected = try ReportFiles.expectSame(folder + "/report", as: folder + "/whole"), merged = try ReportFiles.under(folder + "/report")
        // Among the files compared: the audit in every format, the page, its data and its pictures.
        for path in ["audit.txt", "audit.json", "audit.junit.xml", "index.html", "data/index.js", "data/chunk-0.js"] {
            #expect(expected[path] != nil, "\(path)")
        }
        #expect(expected.keys.filter { $0.hasPrefix("images/") && $0.hasSuffix(".png") }.count >= 10)
        let json = String(decoding: expected["audit.json"] ?? Data(), as: UTF8.self)
        #expect(json.contains(#""picture" : "\#(folder)/report/images/"#) && json.contains("\"warnings\"")
            && json.contains("Broken.strings") && json.contains("screen-1.yaml"), "\(json.prefix(300))")
        // Merging into the same folder again replaces it with the same report.
        let again = try CLI.run(["report", "merge"] + (1...3).map { folder + "/shard-\($0)" } + ["--report", folder + "/report"])
        let remerged = try ReportFiles.under(folder + "/report")
        #expect(again.status == 0 && remerged == merged)
    }

    @Test func aMergeOfShardsThatDontAddUpIsOneErrorLineAndWritesNothing() throws {
        let folder = try TestPaths.temporaryDirectory().path
        let inputs = try Self.prepare(folder)
        for (shard, name, more) in [("1/3", "a1", []), ("2/3", "a2", []), ("3/3", "a3", []), ("1/2", "b1", []),
                                    ("2/3", "wide2", ["--width", "300"])] {
            let result = try Self.audit(folder, inputs, more + ["--shard", shard, "--report", folder + "/" + name])
            #expect(result.status <= 1, "\(result.stderr)")
        }
        let whole = try Self.audit(folder, inputs, ["--report", folder + "/whole"])
        #expect(whole.status == 1)
        let files = FileManager.default
        try files.createDirectory(atPath: folder + "/preview", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folder + "/preview/run.json"))
        try files.copyItem(atPath: folder + "/a3", toPath: folder + "/cut3")
        let entries = folder + "/cut3/audit-entries.jsonl"
        let lines = try String(contentsOfFile: entries, encoding: .utf8).split(separator: "\n")
        try Data(lines.dropLast().map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: entries))
        try files.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes/todo.txt"))
        let all = ["a1", "a2", "a3"].map { folder + "/" + $0 }
        let cases: [([String], String, String)] = [
            ([all[0], all[1]], "merged", "shard 3/3 is missing"),
            (all + [all[0]], "merged", "shard 1/3 is given twice"),
            ([all[0], folder + "/b1"], "merged", "is shard 1/2 but"),
            ([all[0], folder + "/wide2", all[2]], "merged", "is from another audit than"),
            ([all[0], folder + "/preview"], "merged", "is a preview report: merge the shards of one run"),
            ([folder + "/whole"], "merged", "run without --shard"),
            ([all[0], folder + "/nowhere", all[2]], "merged", "no report folder at"),
            ([all[0], all[1], folder + "/cut3"], "merged", "it is cut off"),
            (all, "notes", "it is left as it is"),
        ]
        for (shards, destination, message) in cases {
            let result = try CLI.run(["report", "merge"] + shards + ["--report", folder + "/" + destination])
            #expect(result.status == 1, "\(shards)")
            #expect(result.stderr.hasPrefix("render-cli: error: ") && result.stderr.contains(message)
                    && result.stderr.split(separator: "\n").count == 1, "\(message): \(result.stderr)")
        }
        #expect(!files.fileExists(atPath: folder + "/merged") && !files.fileExists(atPath: folder + "/merged.merging"))
        let notes = try files.contentsOfDirectory(atPath: folder + "/notes")
        #expect(notes == ["todo.txt"])
        #expect(!files.fileExists(atPath: folder + "/notes.merging"))
    }
}
