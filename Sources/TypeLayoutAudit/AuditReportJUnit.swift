import TypeLayout

extension AuditReportWriter {
    // MARK: JUnit

    func testCase(_ entry: AuditEntry, failing: [AuditCheck]) -> String {
        let string = entry.string
        var xml = "    <testcase name=\"\(XMLText.attribute(string.displayKey))\" classname=\"\(XMLText.attribute(string.language))\">"
        if let error = entry.error {
            return xml + "\n      <error message=\"\(XMLText.attribute(error))\" type=\"layoutError\"/>\n    </testcase>\n"
        }
        guard let first = failing.first else { return xml + "</testcase>\n" }
        let message = "doesn't fit at " + failing.map { "\($0.category.rawValue) (\($0.reasons.map(\.rawValue).joined(separator: ", ")))" }
            .joined(separator: "; ")
        var details = failing.map { check in
            "\(check.category.rawValue) at \(check.pointSize.formatted(maxFractionDigits: 1)) pt: "
                + "\(check.reasons.map(\.rawValue).joined(separator: ", ")); \(Self.lines(check)) line(s), "
                + "\(check.size.width.formatted(maxFractionDigits: 1)) × \(check.size.height.formatted(maxFractionDigits: 1)) pt"
        }
        details.append("text: \(string.text)")
        if let note = FormatArguments.samplesNote(string.text) { details.append(note) }
        details.append("at \(string.location)")
        xml += "\n      <failure message=\"\(XMLText.attribute(message))\" type=\"\(first.reasons[0].rawValue)\">"
            + XMLText.content(details.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
        return xml
    }

    func finishJUnit(duration: Double, _ write: ([UInt8]) throws -> Void) throws {
        // Suites in the order their files first come: the strings' files, then files with
        // problems only.
        var files: [String] = []
        var seen = Set<String>()
        for file in runs.map(\.file) + diagnostics.map(\.location.file) + warnings.map(\.location.file)
        where seen.insert(file).inserted { files.append(file) }
        var warningsOf: [String: [UntranslatedString]] = [:]
        for warning in warnings { warningsOf[warning.location.file, default: []].append(warning) }
        var problemsOf: [String: [StringFileDiagnostic]] = [:]
        for problem in diagnostics { problemsOf[problem.location.file, default: []].append(problem) }
        let errorCount = diagnostics.count + layoutErrors.count
        try write(Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuites name=\"\(XMLText.attribute(name))\" tests=\"\(strings + diagnostics.count + screens.runs)\" "
            + "failures=\"\(failingStrings + screens.failingRuns)\" errors=\"\(errorCount)\" time=\"\(AuditReport.seconds(duration))\">\n").utf8))
        for (index, file) in files.enumerated() {
            let suite = suites[file] ?? (0, 0, 0)
            let problems = problemsOf[file] ?? []
            var xml = "  <testsuite name=\"\(XMLText.attribute(file))\" tests=\"\(suite.tests + problems.count)\" "
                + "failures=\"\(suite.failures)\" errors=\"\(suite.errors + problems.count)\" skipped=\"0\" id=\"\(index)\">\n"
            for problem in problems {
                xml += "    <testcase name=\"\(XMLText.attribute("\(problem.location.line):\(problem.location.column)"))\" "
                    + "classname=\"\(XMLText.attribute(file))\">\n"
                xml += "      <error message=\"\(XMLText.attribute(problem.message))\" type=\"parseError\">"
                    + "\(XMLText.content(problem.description))</error>\n"
                xml += "    </testcase>\n"
            }
            try write(Array(xml.utf8))
            for run in runs where run.file == file { try spool.read(run.bytes, write) }
            if let warnings = warningsOf[file] {
                let lines = warnings.map { "warning: \($0)" }.joined(separator: "\n")
                try write(Array("    <system-err>\(XMLText.content(lines))</system-err>\n".utf8))
            }
            try write(Array("  </testsuite>\n".utf8))
        }
        try write(Array("</testsuites>\n".utf8))
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
