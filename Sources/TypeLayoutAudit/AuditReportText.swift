import TypeLayout

extension AuditReportWriter {
    // MARK: Text

    /// The lines shown, and those needed when more: "1 of 3".
    static func lines(_ check: AuditCheck) -> String {
        check.linesNeeded > check.lineCount ? "\(check.lineCount) of \(check.linesNeeded)" : String(check.lineCount)
    }

    /// " (laid out as …)" for a format string whose placeholders were filled with samples.
    static func laidOutSuffix(_ text: String) -> String {
        let filled = Audit.laidOutText(text)
        return filled == text ? "" : " (laid out as \(filled))"
    }

    func textRow(_ string: LocalizedString, _ check: AuditCheck) -> [String] {
        // Every cell one line: the spool separates cells and rows with control characters.
        [TextCell.clip(string.displayKey, 40), TextCell.clip(string.language, 0), check.category.rawValue,
         check.reasons.map(\.rawValue).joined(separator: "+"), Self.lines(check),
         "\(check.size.width.formatted(maxFractionDigits: 1)) × \(check.size.height.formatted(maxFractionDigits: 1))",
         TextCell.clip(string.text + (string.text.contains("%") ? Self.laidOutSuffix(string.text) : ""), maximumTextWidth)]
    }

    /// "fails from accessibilityMedium up" when every larger category fails too; otherwise the
    /// failing categories listed, marked as not growing with the size.
    func summaryRow(_ entry: AuditEntry, failing: [AuditCheck]) -> [String] {
        let when = TextCell.whenFailing(failsFrom: entry.failsFrom, failing: failing.map(\.category))
        let reasons = AuditReason.allCases.filter { reason in failing.contains { $0.reasons.contains(reason) } }
        return [TextCell.clip(entry.string.displayKey, 40), TextCell.clip(entry.string.language, 0), when,
                reasons.map(\.rawValue).joined(separator: "+")]
    }

    private func summaryTable() -> String { TextCell.table(header: ["KEY", "LANG", "FAILS", "REASONS"], rows: summaryRows) }

    func finishText(_ write: ([UInt8]) throws -> Void) throws {
        func format(_ row: [Substring]) -> String {
            row.enumerated().map { index, cell in
                index == row.count - 1 ? String(cell) : cell + String(repeating: " ", count: widths[index] - TextCell.width(String(cell)))
            }.joined(separator: "  ")
        }
        if failures > 0 {
            try write(Array((format(Self.header.map { Substring($0) }) + "\n").utf8))
            var partial: [UInt8] = []
            try spool.read(0..<spool.count) { bytes in
                var output: [UInt8] = []
                for byte in bytes {
                    guard byte == 0x1E else { partial.append(byte); continue }
                    let cells = String(decoding: partial, as: UTF8.self).split(separator: "\u{1F}", omittingEmptySubsequences: false)
                    output += Array((format(cells) + "\n").utf8)
                    partial.removeAll(keepingCapacity: true)
                }
                try write(output)
            }
            try write([0x0A])
            try write(Array(summaryTable().utf8))
        }
        if screens.failingRuns > 0 || screens.informationRows > 0 { try write(Array(screens.table().utf8)) }
        if !warnings.isEmpty {
            try write(Array((warnings.map { "warning: \($0)\n" }.joined() + "\n").utf8))
        }
        try write(Array((summary(problemsWhere: "see the errors above", warningsWhere: "warnings above") + "\n").utf8))
    }

    /// The report's summary line, as the text report ends and the review page begins: the
    /// strings' checks, the screens' findings, the input problems and the warnings, each
    /// counted when there are any.
    public var summary: String { summary(problemsWhere: "listed as errors", warningsWhere: "warnings") }

    private func summary(problemsWhere: String, warningsWhere: String) -> String {
        var summary = failures == 0
            ? "All \(checked) checks fit (\(strings) strings)."
            : "\(failures) of \(checked) checks fail, in \(failingStrings) of \(strings) strings."
        // Screens alone: their line only.
        if screens.runs > 0 { summary = strings == 0 ? screens.summary : summary + " " + screens.summary }
        let problems = diagnostics.count + layoutErrors.count
        if problems > 0 { summary += " \(problems) input problem\(problems == 1 ? "" : "s") (\(problemsWhere))." }
        if !warnings.isEmpty {
            summary += " \(warnings.count) untranslated string\(warnings.count == 1 ? "" : "s") (\(warningsWhere); they don't fail the audit)."
        }
        return summary
    }
}

/// Table cells: one line, clipped, measured in terminal columns.
enum TextCell {
    /// Rows under a header, each column as wide as its widest cell, the last not padded; then
    /// an empty line.
    static func table(header: [String], rows: [[String]]) -> String {
        var widths = header.map(width)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], width(cell)) } }
        return ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - width(cell))
            }.joined(separator: "  ") + "\n"
        }.joined() + "\n"
    }

    /// "from accessibilityMedium up" when every larger category fails too, else the categories
    /// listed and marked.
    static func whenFailing(failsFrom: ContentSizeCategory?, failing: [ContentSizeCategory]) -> String {
        failsFrom.map { "from \($0.rawValue) up" }
            ?? "only at " + failing.sorted().map(\.rawValue).joined(separator: ", ") + " (not every larger size)"
    }

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
