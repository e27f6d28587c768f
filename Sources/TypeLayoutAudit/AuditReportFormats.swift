import TypeLayout

/// The report as text for people (a table), JSON for tools and JUnit XML for CI systems.
extension AuditReport {
    // MARK: JSON

    private struct JSONReport: Encodable {
        struct Size: Encodable {
            let width: Double
            let height: Double
        }

        struct Failure: Encodable {
            let key: String
            let variant: String?
            let language: String
            let category: String
            let reason: String
            let reasons: [String]
            let lineCount: Int
            let size: Size
            let pointSize: Double
            let text: String
            let file: String
            let line: Int
        }

        struct Problem: Encodable {
            let file: String
            let line: Int
            let column: Int
            let message: String
        }

        let checked: Int
        let strings: Int
        let failures: [Failure]
        let errors: [Problem]
    }

    /// The JSON report: `checked` (string × language × category checks), `strings`, `failures`
    /// (each with `key`, `variant` when there is one, `language`, `category` (full name),
    /// `reason` and all `reasons`, `lineCount`, `size`, `pointSize`, `text`, `file`, `line`) and
    /// `errors` (file problems and strings that couldn't be laid out, with `file`, `line`,
    /// `column`, `message`). Keys sorted, sizes rounded to 0.01 pt.
    public func json() throws -> String {
        func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
        let failures = failures.map { failure in
            JSONReport.Failure(
                key: failure.string.key, variant: failure.string.variant, language: failure.string.language,
                category: failure.category.rawValue, reason: failure.reason.rawValue, reasons: failure.reasons.map(\.rawValue),
                lineCount: failure.lineCount, size: .init(width: round(failure.size.width), height: round(failure.size.height)),
                pointSize: round(failure.pointSize), text: failure.string.text,
                file: failure.string.location.file, line: failure.string.location.line)
        }
        let problems = diagnostics.map {
            JSONReport.Problem(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
        } + errors.map {
            JSONReport.Problem(file: $0.string.location.file, line: $0.string.location.line, column: $0.string.location.column,
                               message: "\($0.string.displayKey) (\($0.string.language)): \($0.error ?? "")")
        }
        return try ReviewableJSON.string(JSONReport(checked: checked, strings: entries.count, failures: failures, errors: problems))
    }

    // MARK: JUnit

    /// JUnit XML: a `testsuite` per input file, a `testcase` per string (key, variant and
    /// language) with one `failure` listing each category it fails at and why, and an `error`
    /// test case per file problem. Valid against the common JUnit schema (the Jenkins/Ant
    /// `junit-4.xsd` shape; `Tests/TypeLayoutAuditTests/Fixtures/Audit/junit.xsd` checks it).
    public func junitXML(name: String = "render-cli audit") -> String {
        var files: [String] = []
        var byFile: [String: (entries: [AuditEntry], problems: [StringFileDiagnostic])] = [:]
        for entry in entries {
            let file = entry.string.location.file
            if byFile[file] == nil { files.append(file) }
            byFile[file, default: ([], [])].entries.append(entry)
        }
        for problem in diagnostics {
            let file = problem.location.file
            if byFile[file] == nil { files.append(file) }
            byFile[file, default: ([], [])].problems.append(problem)
        }
        let failingEntries = entries.filter { $0.error == nil && !$0.fits }.count
        let errorCount = diagnostics.count + errors.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(XMLText.attribute(name))\" tests=\"\(entries.count + diagnostics.count)\" "
            + "failures=\"\(failingEntries)\" errors=\"\(errorCount)\" time=\"\(Self.seconds(duration))\">\n"
        for (index, file) in files.enumerated() {
            let (suiteEntries, problems) = byFile[file]!
            let failures = suiteEntries.filter { $0.error == nil && !$0.fits }.count
            let suiteErrors = problems.count + suiteEntries.filter { $0.error != nil }.count
            xml += "  <testsuite name=\"\(XMLText.attribute(file))\" tests=\"\(suiteEntries.count + problems.count)\" "
                + "failures=\"\(failures)\" errors=\"\(suiteErrors)\" skipped=\"0\" id=\"\(index)\">\n"
            for problem in problems {
                xml += "    <testcase name=\"\(XMLText.attribute("\(problem.location.line):\(problem.location.column)"))\" "
                    + "classname=\"\(XMLText.attribute(file))\">\n"
                xml += "      <error message=\"\(XMLText.attribute(problem.message))\" type=\"parseError\">"
                    + "\(XMLText.content(problem.description))</error>\n"
                xml += "    </testcase>\n"
            }
            for entry in suiteEntries {
                let string = entry.string
                xml += "    <testcase name=\"\(XMLText.attribute(string.displayKey))\" classname=\"\(XMLText.attribute(string.language))\">"
                if let error = entry.error {
                    xml += "\n      <error message=\"\(XMLText.attribute(error))\" type=\"layoutError\"/>\n    </testcase>\n"
                    continue
                }
                let failing = entry.checks.filter { !$0.fits }
                guard let first = failing.first else {
                    xml += "</testcase>\n"
                    continue
                }
                let message = "doesn't fit at " + failing.map { "\($0.category.rawValue) (\($0.reasons.map(\.rawValue).joined(separator: ", ")))" }
                    .joined(separator: "; ")
                var details = failing.map { check in
                    "\(check.category.rawValue) at \(check.pointSize.formatted(maxFractionDigits: 1)) pt: "
                        + "\(check.reasons.map(\.rawValue).joined(separator: ", ")); \(check.lineCount) line(s), "
                        + "\(check.size.width.formatted(maxFractionDigits: 1)) × \(check.size.height.formatted(maxFractionDigits: 1)) pt"
                }
                details.append("text: \(string.text)")
                details.append("at \(string.location)")
                xml += "\n      <failure message=\"\(XMLText.attribute(message))\" type=\"\(first.reasons[0].rawValue)\">"
                    + XMLText.content(details.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        return xml
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    // MARK: Text

    /// A table of the failures for a person, then a summary line.
    public func textTable(maximumTextWidth: Int = 48) -> String {
        let failures = failures
        var lines: [String] = []
        if !failures.isEmpty {
            let header = ["KEY", "LANG", "CATEGORY", "REASON", "LINES", "SIZE (pt)", "TEXT"]
            let rows = failures.map { failure -> [String] in
                [TextCell.clip(failure.string.displayKey, 40), failure.string.language, failure.category.rawValue,
                 failure.reasons.map(\.rawValue).joined(separator: "+"), String(failure.lineCount),
                 "\(failure.size.width.formatted(maxFractionDigits: 1)) × \(failure.size.height.formatted(maxFractionDigits: 1))",
                 TextCell.clip(failure.string.text, maximumTextWidth)]
            }
            var widths = header.map(TextCell.width)
            for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TextCell.width(cell)) } }
            func format(_ row: [String]) -> String {
                row.enumerated().map { index, cell in
                    index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - TextCell.width(cell))
                }.joined(separator: "  ")
            }
            lines.append(format(header))
            lines += rows.map(format)
            lines.append("")
        }
        let failingStrings = entries.filter { $0.error == nil && !$0.fits }.count
        var summary = failures.isEmpty
            ? "All \(checked) checks fit (\(entries.count) strings)."
            : "\(failures.count) of \(checked) checks fail, in \(failingStrings) of \(entries.count) strings."
        let problems = diagnostics.count + errors.count
        if problems > 0 { summary += " \(problems) input problem\(problems == 1 ? "" : "s") (see the errors above)." }
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Table cells: one line, clipped, measured in terminal columns.
enum TextCell {
    /// The text on one line (line breaks and tabs shown as symbols), clipped with "…".
    static func clip(_ text: String, _ limit: Int) -> String {
        var result = ""
        var width = 0
        for character in text {
            let shown: Character = switch character {
            case "\n", "\r\n", "\r", "\u{2028}", "\u{2029}": "⏎"
            case "\t": "⇥"
            default: character.unicodeScalars.allSatisfy({ $0.properties.generalCategory == .control }) ? "�" : character
            }
            let characterWidth = columns(shown)
            if width + characterWidth > limit - 1 && limit > 0 {
                return result + "…"
            }
            result.append(shown)
            width += characterWidth
        }
        return result
    }

    /// Terminal columns: two for East Asian wide characters and emoji, one otherwise.
    static func width(_ text: String) -> Int { text.reduce(0) { $0 + columns($1) } }

    static func columns(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF,
             0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}

/// Escaping for XML 1.0: the five markup characters, and characters XML can't carry at all
/// (most C0 controls, U+FFFE, U+FFFF) replaced by U+FFFD so the document stays well-formed.
enum XMLText {
    static func content(_ text: String) -> String { escape(text, quotes: false) }
    static func attribute(_ text: String) -> String { escape(text, quotes: true) }

    private static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            // Attribute values normalize whitespace; character references keep it.
            case "\n" where quotes: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where quotes: result += "&#9;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

/// File names for contact sheets.
public enum AuditSheetName {
    /// A safe, unique file name for a string's sheet: key, variant and language with anything
    /// but ASCII letters, digits, `.`, `-` and `_` replaced by `_`, clipped to 80 characters,
    /// plus a hash of the exact key, variant and language so two keys that clean up the same
    /// don't overwrite each other. Never starts with a dot, never contains a slash.
    public static func fileName(for string: LocalizedString) -> String {
        var stem = ""
        for scalar in "\(string.key)\(string.variant.map { "-" + $0 } ?? "")-\(string.language)".unicodeScalars {
            let safe = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
                || scalar == ".")
            let next: Character = safe ? Character(scalar) : "_"
            if next == "_" && stem.last == "_" { continue }
            stem.append(next)
        }
        if stem.count > 80 { stem = String(stem.prefix(80)) }
        while stem.hasPrefix(".") { stem.removeFirst() }
        // FNV-1a over the exact identity: stable across runs and machines, unlike Hasher.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in "\(string.key)\u{0}\(string.variant ?? "")\u{0}\(string.language)".utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash & 0xFFFF_FFFF, radix: 16)
        return (stem.isEmpty ? "string" : stem) + "-" + String(repeating: "0", count: 8 - digits.count) + digits + ".png"
    }
}
