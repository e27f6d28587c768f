import PositionedDocuments
import Testing
import TypeLayout
@testable import TypeLayoutAudit

/// The JSON report's failures are written by hand for speed; they must be byte for byte what
/// Foundation's JSONEncoder (`ReviewableJSON`) writes, as before.
@Suite struct AuditReportJSONTests {
    /// The old way: the failure encoded as a one-item array, its item indented one level deeper.
    static func encoded(_ failure: AuditReportWriter.JSONFailure) throws -> String {
        let array = try ReviewableJSON.bytes([failure])
        var bytes: [UInt8] = [0x20, 0x20]
        for byte in array[2..<array.count - 2] {
            bytes.append(byte)
            if byte == 0x0A { bytes += [0x20, 0x20] }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func failuresAreWrittenAsJSONEncoderWritesThem() throws {
        let texts = ["plain", "quote \" and \\ backslash", "slash / and tab\t", "controls \u{01}\u{1F}\u{08}\u{0C}\r\n\u{0B}",
                     "emoji 👩‍👩‍👧 and مرحبا", "\u{7F}\u{2028}\u{FEFF}", "", "日本語の文"]
        let numbers = [0, 1, 17, 0.01, 12.34, 343, 1234.5, 1e-7, 99_999.99, 1e15, 0.1 + 0.2, -3.5, 28.7, 160.00000001]
        var compared = 0
        for (textIndex, text) in texts.enumerated() {
            for (numberIndex, number) in numbers.enumerated() {
                let string = LocalizedString(key: "key/\(text)", variant: textIndex % 2 == 0 ? nil : "plural.one", language: "pt-BR", text: text,
                                             location: TextFileLocation(file: "App/de.lproj/\(text).strings", line: numberIndex + 1, column: 3))
                let check = AuditCheck(category: .accessibilityExtraExtraExtraLarge,
                                       reasons: numberIndex % 2 == 0 ? [.truncated] : [.truncated, .wordBroken, .tooTall],
                                       lineCount: numberIndex, linesNeeded: numberIndex * 3,
                                       size: LayoutSize(width: number, height: number * 7), pointSize: number / 3)
                let failure = AuditReportWriter.JSONFailure(string, check, picture: numberIndex % 3 == 0 ? "out/r/images/a-de.png" : nil,
                                                            sheet: numberIndex % 4 == 0 ? "sheets/a \"b\".png" : nil)
                var written: [UInt8] = []
                failure.appendJSON(to: &written)
                #expect(String(decoding: written, as: UTF8.self) == (try Self.encoded(failure)), "\(text) \(number)")
                compared += 1
            }
        }
        #expect(compared == texts.count * numbers.count)
    }

    @Test func aStreamedReportParsesAndListsEveryFailure() throws {
        let strings = (0..<5).map { index in
            LocalizedString(key: "k\(index)", language: "de", text: String(repeating: "Geschwindigkeitsbegrenzung ", count: index + 1),
                            location: TextFileLocation(file: "a.json", line: index + 1, column: 1))
        }
        let rules = try LabelRuleSet.parse(Array(#"{"rules": [{"key": "*", "style": "body", "width": 120, "maxLines": 1}]}"#.utf8),
                                           path: "rules.json", yaml: false)
        let report = Audit(rules: rules, engine: TextLayoutEngine()).check(strings)
        let json = try report.json()
        let parsed = try PositionedJSON.parse(Array(json.utf8))
        guard case let .array(failures)? = parsed["failures"]?.value else {
            Issue.record("no failures array")
            return
        }
        #expect(failures.count == report.failures.count)
        #expect(failures.first?["key"].map { if case let .string(key) = $0.value { key } else { "" } } == "k0")
        #expect(report.failures.count > 0)
    }
}
