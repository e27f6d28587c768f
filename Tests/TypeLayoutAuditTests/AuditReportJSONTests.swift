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
                     "emoji 👩‍👩‍👧 and مرحبا", "\u{7F}\u{2028}\u{FEFF}", "", "日本語の文",
                     "%1$@ hat %lld Dateien, %.1f MB"]
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
                // A small buffer, so that it grows on the way.
                let written = ByteBuffer(capacity: 16)
                failure.appendJSON(to: written)
                #expect(written.withBytes { String(decoding: $0, as: UTF8.self) } == (try Self.encoded(failure)), "\(text) \(number)")
                compared += 1
            }
        }
        #expect(compared == texts.count * numbers.count)
    }

    /// Sizes rounded to hundredths are written from their digits, not their `description`:
    /// the two agree (and other numbers still go through `description`).
    @Test func numbersAreWrittenAsTheirDescriptions() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.01, 0.1, 0.05, -0.05, 0.5, 27.81, 138.8, 99_999.99, 999_999_999.99, 1e9 + 0.5, 1e-7,
                                0.1 + 0.2, 1e15, 7e15, 1e16, -0.0, 0, 160.00000001, 5e-5]
        for hundredths in -2_000...2_000 { values.append(Double(hundredths) / 100) }
        for _ in 0..<20_000 {
            let hundredths = Double(Int.random(in: -100_000_000_000...100_000_000_000, using: &generator))
            values.append(hundredths / 100)
            values.append((Double.random(in: 0..<1_000, using: &generator) * 100).rounded() / 100)
        }
        for value in values {
            let buffer = ByteBuffer(capacity: 1)
            JSONText.appendNumber(value, to: buffer)
            let written = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
            var expected = value.description
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            #expect(written == expected, "\(value)")
        }
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

    /// render-cli audits without pictures on an engine with a small shaping cache (memory of a
    /// million strings): the same checks as the default engine's.
    @Test func aSmallShapingCacheChecksAlike() throws {
        let catalog = StringFileReader.parse(AuditBenchmark.catalog(strings: 40), format: .stringCatalog, path: "bench.xcstrings")
        let rules = try LabelRuleSet.parse(Array(AuditBenchmark.rulesJSON.utf8), path: "rules.json", yaml: false)
        let small = Audit(rules: rules, engine: TextLayoutEngine(shapingCacheLimit: 2)).check(catalog.strings)
        let usual = Audit(rules: rules, engine: TextLayoutEngine()).check(catalog.strings)
        #expect(small.checked == 40 * 5 * 12)
        #expect(small.entries.map(\.checks) == usual.entries.map(\.checks))
    }
}
