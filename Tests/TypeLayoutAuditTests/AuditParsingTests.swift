import Foundation
import PositionedDocuments
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

enum AuditFixtures {
    static func path(_ name: String) -> String { TestPaths.fixture("Audit/" + name) }

    /// The text of every string with its language and variant, for compact comparisons.
    static func summary(_ file: StringFile) -> [String] {
        file.strings.map { "\($0.language) \($0.displayKey) = \($0.text)" }
    }
}

@Suite struct StringCatalogParsingTests {
    let file: StringFile

    init() throws { file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Catalog.xcstrings")) }

    @Test func everyLanguageAndTheSourceLanguageFallback() {
        let done = file.strings.filter { $0.key == "Done" }.map { "\($0.language)=\($0.text)" }
        // No "en" localization: Xcode shows the key itself in the source language.
        #expect(done == ["en=Done", "de=Fertig", "fr=Terminé"])
        let untranslated = file.strings.filter { $0.key == "Not translated" }
        #expect(untranslated.map(\.language) == ["en"] && untranslated.first?.text == "Not translated")
    }

    @Test func jsonEscapesAndSurrogatePairs() {
        let greeting = file.strings.first { $0.key == "greeting" && $0.language == "en" }
        #expect(greeting?.text == "Hello,\n\"world\" é😀")
        #expect(greeting?.variant == nil)
    }

    @Test func pluralVariationsOfEveryCategory() {
        let forms = { (language: String) in
            file.strings.filter { $0.key == "%lld photos" && $0.language == language }.map { "\($0.variant ?? "-")=\($0.text)" }
        }
        #expect(forms("en") == ["plural:one=%lld photo", "plural:other=%lld photos"])
        #expect(forms("pl") == ["plural:one=%lld zdjęcie", "plural:few=%lld zdjęcia", "plural:many=%lld zdjęć", "plural:other=%lld zdjęcia"])
        #expect(forms("ar").map { $0.split(separator: "=")[0] } == ["plural:zero", "plural:one", "plural:two", "plural:few", "plural:many", "plural:other"])
    }

    @Test func deviceVariationsNestWithPlurals() {
        let forms = file.strings.filter { $0.key == "Tap to continue" && $0.language == "de" }.map { "\($0.variant ?? "-")=\($0.text)" }
        #expect(forms == [
            "device:iphone=Zum Fortfahren tippen", "device:mac=Zum Fortfahren klicken",
            "device:ipad,plural:one=Einmal tippen", "device:ipad,plural:other=Mehrmals tippen",
        ])
    }

    @Test func substitutionsFillTheirPlaceholders() {
        let forms = file.strings.filter { $0.key == "files_in_folders" }.map { "\($0.variant ?? "-")=\($0.text)" }
        #expect(forms == [
            "files:one=%lld file in %lld folders", "files:other=%lld files in %lld folders",
            "folders:one=%lld files in %lld folder", "folders:other=%lld files in %lld folders",
        ])
    }

    @Test func aBadEntryIsReportedWhereItIsAndHidesNothingElse() throws {
        #expect(file.diagnostics.count == 1)
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.location.line == 71)
        #expect(diagnostic.location.column == 69)
        #expect(diagnostic.message.contains("must be a string, found a number"))
        #expect(diagnostic.description.hasPrefix(AuditFixtures.path("Catalog.xcstrings") + ":71:69: "))
        // The same key's other language and every later key are still there.
        #expect(file.strings.contains { $0.key == "broken" && $0.language == "fr" && $0.text == "Cassé" })
        #expect(file.strings.contains { $0.key == "Not translated" })
    }

    @Test func locationsPointAtTheValue() throws {
        let fertig = try #require(file.strings.first { $0.text == "Fertig" })
        #expect(fertig.location.line == 6)
        #expect(fertig.location.column == 69)
    }

    @Test func aSyntaxErrorNamesLineAndColumn() throws {
        let broken = try StringFileReader.parse(contentsOf: AuditFixtures.path("Malformed.xcstrings"))
        #expect(broken.strings.isEmpty)
        let diagnostic = try #require(broken.diagnostics.first)
        #expect(broken.diagnostics.count == 1)
        #expect(diagnostic.location.line == 9 && diagnostic.location.column == 5)
        #expect(diagnostic.message == "unexpected '\"'; expected ',' or '}'")
    }

    @Test(arguments: [
        ("{\"strings\": {\"a\": {\"localizations\": {\"de\": {\"stringUnit\": {\"value\": \"x\\q\"}}}}}}", 1, 72, "unknown escape '\\q'"),
        ("{\n  \"strings\": {\n    \"a\": tru\n  }\n}", 3, 10, "expected a value"),
        ("{\"strings\": \"\u{1}\"}", 1, 14, "control character 0x01"),
        ("{\"strings\": {\"a\": \"\\ud800x\"}}", 1, 20, "high surrogate"),
        ("[1, 2,", 1, 7, "unexpected end of file"),
        ("{\"a\": 01}", 1, 7, "leading zeros"),
        ("{} x", 1, 4, "after the end of the JSON value"),
        ("\"é\" ,", 1, 5, "after the end"),
    ] as [(String, Int, Int, String)])
    func jsonSyntaxErrors(json: String, line: Int, column: Int, message: String) throws {
        let file = StringFileReader.parse(Array(json.utf8), format: .stringCatalog, path: "x.xcstrings")
        let diagnostic = try #require(file.diagnostics.first, "\(json)")
        #expect(diagnostic.location.line == line && diagnostic.location.column == column, "\(json): \(diagnostic)")
        #expect(diagnostic.message.contains(message), "\(diagnostic)")
    }

    @Test func deepNestingIsRefusedNotCrashed() throws {
        let json = String(repeating: "[", count: 100_000)
        let file = StringFileReader.parse(Array(json.utf8), format: .stringCatalog, path: "deep.xcstrings")
        #expect(file.diagnostics.first?.message.contains("nested deeper") == true)
    }

    @Test func invalidUTF8IsReportedAtItsByte() throws {
        let bytes = Array("{\n \"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}".utf8)
        let file = StringFileReader.parse(bytes, format: .stringCatalog, path: "bad.xcstrings")
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.location.line == 2 && diagnostic.location.column == 8)
        #expect(diagnostic.message.contains("not valid UTF-8"))
    }
}

@Suite struct StringsFileParsingTests {
    static let expected = [
        "settings.title = Einstellungen",
        "quote = Sie sagte \"Hallo\"",
        "backslash = C:\\Programme",
        "newline = Zeile 1\nZeile 2",
        "tab = A\tB",
        "unicode = Größe 😀",
        "return.and.nul = a\rb\u{0}c",
        "unquoted_key = unquoted.value",
        "key.only = key.only",
        "literal = Größe 😀 — ok",
    ]

    @Test(arguments: ["utf8.strings", "utf8-bom.strings", "utf16le-bom.strings", "utf16be-bom.strings", "utf16le-nobom.strings"])
    func everyEncodingGivesTheSameStrings(name: String) throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Strings/" + name))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        #expect(file.strings.map { "\($0.key) = \($0.text)" } == Self.expected)
        // Lines are counted the same whatever the encoding.
        #expect(file.strings.first?.location.line == 3)
        #expect(file.strings.last?.location.line == 13)
        #expect(file.strings.last?.location.column == 13)
    }

    @Test func detectsTheEncodingFromTheByteOrderMark() throws {
        let le = try FileBytes.read(AuditFixtures.path("Strings/utf16le-bom.strings"))
        let be = try FileBytes.read(AuditFixtures.path("Strings/utf16be-bom.strings"))
        #expect(TextDecoding.detect(le) == (.utf16LittleEndian, 2))
        #expect(TextDecoding.detect(be) == (.utf16BigEndian, 2))
        #expect(TextDecoding.detect([0xEF, 0xBB, 0xBF, 0x41]) == (.utf8, 3))
    }

    @Test func languageComesFromTheLprojFolder() {
        let bytes = Array("\"a\" = \"b\";".utf8)
        #expect(StringFileReader.parse(bytes, format: .strings, path: "App/de.lproj/Localizable.strings").strings.first?.language == "de")
        #expect(StringFileReader.parse(bytes, format: .strings, path: "pt-BR.strings").strings.first?.language == "pt-BR")
        #expect(StringFileReader.parse(bytes, format: .strings, path: "Localizable.strings").strings.first?.language == "und")
        #expect(StringFileReader.parse(bytes, format: .strings, path: "x.strings", language: "fr").strings.first?.language == "fr")
        #expect(StringFileReader.parse(bytes, format: .strings, path: "yue-Hant.strings").strings.first?.language == "yue-Hant")
        // Names that only look like a tag are not one.
        #expect(StringFileReader.parse(bytes, format: .strings, path: "Bad.strings").strings.first?.language == "und")
        #expect(StringFileReader.parse(bytes, format: .strings, path: "app.strings").strings.first?.language == "und")
    }

    @Test func badEntriesAreReportedWithLineAndColumnAndTheRestIsRead() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Bad.strings"))
        #expect(file.strings.map(\.key) == ["first", "missing.semicolon", "after", "last", "end"])
        let path = AuditFixtures.path("Bad.strings")
        #expect(file.diagnostics.map(\.description) == [
            "\(path):3:39: expected ';' after the value of \"missing.semicolon\"",
            "\(path):5:18: unexpected '\"'; expected '=' or ';' after the key \"missing.equals\"",
            "\(path):7:19: \\U must be followed by hex digits (\\U00E9)",
        ])
    }

    @Test(arguments: [
        ("\"a\" = \"b", 1, 7, "unterminated string"),
        ("/* never closed\n\"a\" = \"b\";", 1, 1, "unterminated comment"),
        ("\"a\" = ;", 1, 7, "expected a value"),
        ("\"a\" = \"\\UD83D\";", 1, 8, "high surrogate"),
        ("\"a\" = \"\\UDE00\";", 1, 8, "low surrogate"),
        ("\"a\" = \"b\"\n}", 1, 10, "expected ';'"),
        ("{\"a\" = \"b\";", 1, 1, "expected a key"),
    ] as [(String, Int, Int, String)])
    func malformedEntries(text: String, line: Int, column: Int, message: String) throws {
        let file = StringFileReader.parse(Array(text.utf8), format: .strings, path: "t.strings")
        let diagnostic = try #require(file.diagnostics.first, "\(text)")
        #expect(diagnostic.location.line == line && diagnostic.location.column == column, "\(text): \(diagnostic)")
        #expect(diagnostic.message.contains(message), "\(diagnostic)")
    }

    @Test func loneUTF16SurrogatesAreReported() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in Array("\"a\" = \"".utf16) + [0xD800, 0x0041] + Array("\";".utf16) {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        let file = StringFileReader.parse(bytes, format: .strings, path: "t.strings")
        #expect(file.diagnostics.first?.message.contains("lone high surrogate") == true)
        #expect(file.diagnostics.first?.location.column == 8)
    }
}

@Suite struct StringsDictParsingTests {
    @Test func pluralFormsFillTheFormat() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Plurals.stringsdict"), language: "de")
        let forms = file.strings.filter { $0.key == "%d new messages" }.map { "\($0.variant ?? "-")=\($0.text)" }
        #expect(forms == [
            "messages:zero=Sie haben keine neuen Nachrichten", "messages:one=Sie haben eine neue Nachricht",
            "messages:other=Sie haben %d neue Nachrichten",
        ])
        #expect(file.strings.allSatisfy { $0.language == "de" })
    }

    @Test func widthVariantsAndEntities() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Plurals.stringsdict"))
        let forms = file.strings.filter { $0.key == "Tom & Jerry" }.map { "\($0.variant ?? "-")=\($0.text)" }
        #expect(forms == ["width:20=T&J", "width:100=Tom & Jerry"])
    }

    @Test func anEntryWithoutAFormatKeyIsReported() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Plurals.stringsdict"))
        #expect(file.diagnostics.count == 1)
        #expect(file.diagnostics.first?.message == "entry \"no format key\" has no NSStringLocalizedFormatKey")
        #expect(file.diagnostics.first?.location.line == 34)
    }

    @Test func xmlErrorsNameLineAndColumn() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Broken.stringsdict"))
        #expect(file.strings.isEmpty)
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.location.line == 7)
        #expect(diagnostic.location.column > 1)
        #expect(diagnostic.message.contains("closing tag doesn't match"))
    }
}

@Suite struct SimpleStringFileTests {
    @Test func jsonMapsFlattenNestedObjectsAndReportOtherValues() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Map.json"), language: "de")
        #expect(AuditFixtures.summary(file) == [
            "de ok = OK", "de settings.title = Einstellungen", "de settings.subtitle = Alles, was sich \"einstellen\" lässt",
            "de after = Danach",
        ])
        #expect(file.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "7:12 the value of \"count\" must be a string, found a number",
        ])
    }

    @Test func linesFilesKeyByLineNumberAndTakeTextLiterally() throws {
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("Lines.txt"))
        #expect(file.strings.map { "\($0.key)|\($0.text)" } == [
            "1|Erste Zeile", "4|Zweite = Zeile mit \\n Backslash", "5|Letzte Zeile ohne Zeilenende",
        ])
        #expect(file.strings.allSatisfy { $0.language == "und" })
    }

    @Test func formatsArePickedByExtension() throws {
        #expect(StringFileFormat(path: "a/b/Localizable.xcstrings") == .stringCatalog)
        #expect(StringFileFormat(path: "X.STRINGS") == .strings)
        #expect(StringFileFormat(path: "x.stringsdict") == .stringsDict)
        #expect(StringFileFormat(path: "de.json") == .jsonMap)
        #expect(StringFileFormat(path: "list.lines") == .lines)
        #expect(StringFileFormat(path: "notes.md") == nil)
        #expect(StringFileFormat(path: ".strings") == nil)
        #expect(throws: AuditError.unsupportedFormat(path: "notes.md")) { try StringFileReader.parse(contentsOf: "notes.md") }
        #expect(throws: AuditError.fileNotFound(path: "/no/such.strings")) { try StringFileReader.parse(contentsOf: "/no/such.strings") }
    }
}

@Suite struct GlobPatternTests {
    @Test(arguments: [
        ("button.*", "button.save", true), ("button.*", "buttons.save", false), ("*", "", true),
        ("title.?", "title.1", true), ("title.?", "title.12", false), ("*.title", "settings.privacy.title", true),
        ("[ab]*", "apple", true), ("[!ab]*", "apple", false), ("[a-c]x", "bx", true), ("Gr?ße", "Größe", true),
        ("a\\*", "a*", true), ("a\\*", "ab", false), ("*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false),
    ] as [(String, String, Bool)])
    func matching(pattern: String, key: String, matches: Bool) throws {
        #expect(try GlobPattern(pattern).matches(key) == matches, "\(pattern) vs \(key)")
    }

    @Test func badPatterns() {
        #expect(throws: AuditError.self) { try GlobPattern("[abc") }
        #expect(throws: AuditError.self) { try GlobPattern("abc\\") }
    }
}

/// Bad input gets diagnostics, never a crash or a hang: damaged copies of real files and random
/// bytes through every parser (seeded, so a failure repeats).
@Suite struct StringFileRobustnessTests {
    @Test(arguments: StringFileFormat.allCases)
    func damagedFilesNeverCrash(format: StringFileFormat) throws {
        let sources = ["Catalog.xcstrings", "Strings/utf8.strings", "Strings/utf16le-bom.strings", "Plurals.stringsdict", "Map.json", "Lines.txt"]
        let originals = try sources.map { try FileBytes.read(AuditFixtures.path($0)) }
        var random = TypeLayoutAudit.SplitMix64(seed: 99)
        for round in 0..<400 {
            var bytes = originals[round % originals.count]
            switch round % 3 {
            case 0:  // flip a few bytes
                for _ in 0..<4 where !bytes.isEmpty { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next()) }
            case 1:  // cut it short
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
            default:  // noise
                bytes = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            let file = StringFileReader.parse(bytes, format: format, path: "fuzz")
            for diagnostic in file.diagnostics {
                #expect(diagnostic.location.line >= 1 && diagnostic.location.column >= 1)
                #expect(!diagnostic.message.isEmpty && !diagnostic.message.contains("\n"))
            }
        }
    }
}

extension StringsDictParsingTests {
    @Test func invalidUTF8InTagNamesIsReportedNotCrashed() throws {
        // FoundationXML traps on such names; the bytes are checked before it sees them.
        let bytes = Array("<plist>\n<d".utf8) + [0xFF] + Array("ict></d".utf8) + [0xFF] + Array("ict></plist>".utf8)
        let file = StringFileReader.parse(bytes, format: .stringsDict, path: "bad.stringsdict")
        #expect(file.diagnostics.first?.location.line == 2)
        #expect(file.diagnostics.first?.message.contains("not valid UTF-8") == true)
    }

    @Test func utf16PropertyListsAreRead() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist version=\"1.0\"><dict><key>k</key><dict>"
            + "<key>NSStringLocalizedFormatKey</key><string>Größe 😀</string></dict></dict></plist>"
        let file = StringFileReader.parse([0xFF, 0xFE] + Array(xml.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
                                          format: .stringsDict, path: "de.lproj/x.stringsdict")
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        #expect(file.strings.map(\.text) == ["Größe 😀"])
    }
}

extension StringFileRobustnessTests {
    @Test(arguments: ["Rules.json", "Rules.yaml"])
    func damagedRulesAreErrorsNotCrashes(name: String) throws {
        let original = try FileBytes.read(AuditFixtures.path(name))
        var random = TypeLayoutAudit.SplitMix64(seed: 5)
        for round in 0..<200 {
            var bytes = original
            if round % 2 == 0 {
                for _ in 0..<3 { bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next() % 128) }
            } else {
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count))))
            }
            do {
                _ = try LabelRuleSet.parse(bytes, path: AuditFixtures.path(name), yaml: name.hasSuffix(".yaml"))
            } catch {
                #expect(!"\(error)".isEmpty && !"\(error)".contains("\n"), "\(error)")
            }
        }
    }
}
