import Foundation
import Testing
@testable import TypeLayout

/// The YAML rules reader (libyaml): what it reads and refuses, and where it says a problem is.
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
        ("rules:\n  - key: a\n    width: 1\n    width: 2\n", 1, 1,
         "YAML: Parser: expected all keys to be unique but found the following duplicated key(s): 'width'."),
        ("rules: []\n---\nrules: []\n", 2, 1, "YAML: expected a single document in the stream but found another document"),
        ("rules:\n  - key: &k a\n  - key: *k\n", 3, 10, "YAML aliases are not supported in rules"),
        ("rules:\n  - key: [a\n  - key: b\n", 3, 8, "YAML: while parsing a flow sequence did not find expected ',' or ']'"),
        (String(repeating: "[", count: 2000), 1, 1, "YAML: while parsing Maximum nesting level reached"),
        (String(repeating: "[", count: 300) + String(repeating: "]", count: 300), 1, 257, "YAML nested deeper than 256 levels"),
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

    /// Each alias would double the tree: refused before anything is expanded.
    @Test(.timeLimit(.minutes(1))) func aliasBombsAreRefusedAtOnce() {
        var yaml = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 { yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n" }
        #expect(throws: AuditError.self) { try LabelRuleSet.parse(Array(yaml.utf8), path: "r.yaml", yaml: true) }
    }
}
