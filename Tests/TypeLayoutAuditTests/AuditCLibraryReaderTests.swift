import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit

/// The YAML rules reader (libyaml) and the .stringsdict reader (libxml2): what they read and
/// refuse, where they say a problem is, and that they are safe from many threads at once.
@Suite struct AuditYAMLReaderTests {
    /// The value of `v` in a one-line YAML mapping, as text for comparison.
    static func value(_ yaml: String) throws -> String {
        let root = try RuleDocument.tree(Array("v: \(yaml)\n".utf8), path: "r.yaml", yaml: true)
        switch root["v"]?.value {
        case let .number(number)?: return "number \(number)"
        case let .string(text)?: return "string \(text)"
        case let .bool(flag)?: return "bool \(flag)"
        case .null?: return "null"
        case .array?: return "array"
        case .object?: return "object"
        case nil: return "missing"
        }
    }

    @Test(arguments: [
        ("160", "number 160.0"), ("0x10", "number 16.0"), ("010", "number 8.0"), ("0o17", "number 15.0"),
        ("0b101", "number 5.0"), ("1_000", "number 1000.0"), ("1:30", "number 90.0"), ("-1:30", "number -90.0"),
        ("1:30.5", "number 90.5"), ("+5", "number 5.0"), ("-0x10", "number -16.0"), ("1e3", "number 1000.0"),
        (".5", "number 0.5"), (".inf", "number inf"), ("-.inf", "number -inf"), ("1:1:1:1:1:1:1:1:1:1:1:1", "number 3.689461586440678e+19"),
        ("~", "null"), ("null", "null"), ("", "null"), ("True", "bool true"), ("false", "bool false"),
        ("yes", "string yes"), ("on", "string on"), ("\"5\"", "string 5"), ("'true'", "string true"), ("|-\n  5", "string 5"),
        ("title.*", "string title.*"), ("[a, 1]", "array"), ("{a: 1}", "object"),
    ] as [(String, String)])
    func scalarsAreTypedAsBefore(yaml: String, expected: String) throws {
        #expect(try Self.value(yaml) == expected, "\(yaml)")
    }

    /// Errors, with the line and column the rules file's diagnostic gives.
    @Test(arguments: [
        ("rules:\n  - key: a\n    width: 1\n    width: 2\n", 4, 5,
         "YAML: key 'width' is given twice in one mapping (first at line 3, column 5)"),
        ("rules: []\n---\nrules: []\n", 2, 1, "YAML: expected a single document in the stream but found another document"),
        ("rules:\n  - key: &k a\n  - key: *k\n", 3, 10, "YAML aliases are not supported"),
        ("rules:\n  - key: [a\n  - key: b\n", 3, 8, "YAML: while parsing a flow sequence did not find expected ',' or ']'"),
        (String(repeating: "[", count: 2000), 1, 1, "YAML: while parsing Maximum nesting level reached"),
        (String(repeating: "[", count: 300) + String(repeating: "]", count: 300), 1, 257,
         "YAML nested deeper than 256 levels of objects and lists, the most the reader accepts"),
        // libyaml's reader gives a byte offset; the column counts characters.
        ("a: öö\u{7F}\n", 1, 6, "YAML: control characters are not allowed"),
        ("", 1, 1, "the rules file is empty"),
    ] as [(String, Int, Int, String)])
    func errorsSayWhere(yaml: String, line: Int, column: Int, message: String) {
        do {
            _ = try LabelRuleSet.parse(Array(yaml.utf8), path: "r.yaml", yaml: true)
            Issue.record("accepted: \(yaml.prefix(40))")
        } catch let AuditError.invalidRules(diagnostic) {
            #expect(diagnostic.location.line == line && diagnostic.location.column == column, "\(diagnostic)")
            #expect(diagnostic.message.hasPrefix(message), "\(diagnostic)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// A repeated key among 20,000 is found (hashed: the pairwise check took 29 s for this) and
    /// reported where it is repeated, naming where it was first given; keys that are
    /// collections compare by content.
    @Test(arguments: [
        ("k17: 2\nk5: 3\n", 20_001, "key 'k17' is given twice in one mapping (first at line 18, column 1)"),
        ("? [a, b]\n: 1\n? [a, c]\n: 2\n? [a, b]\n: 3\n", 20_005,
         "a collection as a key is given twice in one mapping (first at line 20001, column 3)"),
    ] as [(String, Int, String)])
    func aRepeatedKeyAmongManyIsReportedWhereItIsRepeated(tail: String, line: Int, message: String) {
        let yaml = (0..<20_000).map { "k\($0): 1\n" }.joined() + tail
        do {
            _ = try LabelRuleSet.parse(Array(yaml.utf8), path: "r.yaml", yaml: true)
            Issue.record("accepted")
        } catch let AuditError.invalidRules(diagnostic) {
            #expect(diagnostic.location.line == line, "\(diagnostic)")
            #expect(diagnostic.message == "YAML: " + message, "\(diagnostic)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Each alias would double the tree: refused before anything is expanded.
    @Test(.timeLimit(.minutes(5))) func aliasBombsAreRefusedAtOnce() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 { yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        #expect(throws: AuditError.self) { try LabelRuleSet.parse(Array(yaml.utf8), path: "r.yaml", yaml: true) }
    }
}

@Suite struct AuditXMLReaderTests {
    static func parse(_ xml: String) -> StringFile {
        StringFileReader.parse(Array(xml.utf8), format: .stringsDict, path: "x.stringsdict")
    }

    static func entry(_ format: String, prolog: String = "") -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(prolog)<plist version=\"1.0\"><dict><key>k</key><dict>"
            + "<key>NSStringLocalizedFormatKey</key><string>\(format)</string></dict></dict></plist>\n"
    }

    @Test func predefinedEntitiesAndCharacterReferencesResolve() {
        let file = Self.parse(Self.entry("Tom &amp; Jerry &#x1F600; &lt;3"))
        #expect(file.diagnostics.isEmpty, "\(file.diagnostics)")
        #expect(file.strings.map(\.text) == ["Tom & Jerry 😀 <3"])
    }

    /// As XMLParser's reader did (it had no CDATA handler).
    @Test func cdataSectionsAreLeftOut() {
        #expect(Self.parse(Self.entry("a<![CDATA[ b ]]>c")).strings.map(\.text) == ["ac"])
    }

    @Test func externalEntitiesAreNeverLoaded() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-xxe-\(getpid()).txt").path
        try "SECRET".write(toFile: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: secret) }
        for prolog in ["<!DOCTYPE plist [<!ENTITY x SYSTEM \"file://\(secret)\">]>\n", "<!DOCTYPE plist SYSTEM \"file://\(secret)\">\n"] {
            let file = Self.parse(Self.entry(prolog.contains("ENTITY") ? "&x;" : "plain", prolog: prolog))
            #expect(!file.strings.contains { $0.text.contains("SECRET") })
            #expect(!file.diagnostics.contains { $0.message.contains("SECRET") })
        }
    }

    /// Only XML's own entities: one a document declares is reported where it is used.
    @Test func declaredEntitiesAreReported() throws {
        let file = Self.parse(Self.entry("x &e; y", prolog: "<!DOCTYPE plist [<!ENTITY e \"text\">]>\n"))
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.message == "XML syntax error: a malformed or unknown entity (write & as &amp;)")
        #expect(diagnostic.location.line == 3 && file.strings.isEmpty)
    }
}

/// libxml2 and libyaml from many threads at once: every result is the serial one.
@Suite(.timeLimit(.minutes(2))) struct AuditReaderConcurrencyTests {
    static func results() throws -> [String] {
        var results: [String] = []
        for name in ["Plurals.stringsdict", "Broken.stringsdict"] {
            let file = try StringFileReader.parse(contentsOf: AuditFixtures.path(name))
            results.append((AuditFixtures.summary(file) + file.diagnostics.map(\.description)).joined(separator: "\n"))
        }
        for name in ["Rules.yaml", "BadSyntax.yaml", "GermanAX2.rules.yaml"] {
            do {
                let rules = try LabelRuleSet.load(contentsOf: AuditFixtures.path(name))
                results.append(rules.rules.map { "\($0.width) \($0.maxLines) \($0.categories)" }.joined(separator: "\n"))
            } catch {
                results.append("\(error)")
            }
        }
        return results
    }

    @Test func readersFromManyTasksAtOnceAgreeWithSerialReads() async throws {
        let expected = try Self.results()
        try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var last: [String] = []
                    for _ in 0..<25 { last = try Self.results() }
                    return last
                }
            }
            for try await results in group { #expect(results == expected) }
        }
    }
}
