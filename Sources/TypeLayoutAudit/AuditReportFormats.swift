import TypeLayout
import TypeLayoutGallery
#if canImport(Glibc)
import Glibc
#endif

/// The formats of an audit report.
public enum AuditReportFormat: String, Sendable, Hashable, CaseIterable {
    /// A table of the failures for a person, then a summary line.
    case text
    /// JSON for tools (see ``AuditReport/json()``).
    case json
    /// JUnit XML for CI systems (see ``AuditReport/junitXML(name:)``).
    case junit
}

/// The report as text for people (a table), JSON for tools and JUnit XML for CI systems.
extension AuditReport {
    /// The JSON report: `checked` (string × language × category checks), `strings`, `failures`
    /// (each with `key`, `variant` when there is one, `language`, `category` (full name),
    /// `reason` and all `reasons`, `lineCount` (the lines shown), `linesNeeded` (the lines the text
    /// would need with no limit), `size`, `pointSize`, `text`, `file`, `line`, and `picture` or
    /// `sheet` when a report or sheets are written, see ``AuditReportWriter``) and
    /// `errors` (file problems and strings that couldn't be laid out, with `file`, `line`,
    /// `column`, `message`). Keys sorted, sizes rounded to 0.01 pt.
    public func json() throws -> String { try rendered(.json) }

    /// JUnit XML: a `testsuite` per input file, a `testcase` per string (key, variant and
    /// language) with one `failure` listing each category it fails at and why, and an `error`
    /// test case per file problem. Valid against the common JUnit schema (the Jenkins/Ant
    /// `junit-4.xsd` shape; `Tests/TypeLayoutAuditTests/Fixtures/Audit/junit.xsd` checks it).
    public func junitXML(name: String = "render-cli audit") -> String {
        // Only JSON encoding throws, and an in-memory spool does no I/O.
        (try? rendered(.junit, name: name)) ?? ""
    }

    /// A table of the failures for a person, then a summary line.
    public func textTable(maximumTextWidth: Int = 48) -> String {
        (try? rendered(.text, maximumTextWidth: maximumTextWidth)) ?? ""
    }

    private func rendered(_ format: AuditReportFormat, name: String = "render-cli audit", maximumTextWidth: Int = 48) throws -> String {
        let writer = try AuditReportWriter(format: format, diagnostics: diagnostics, name: name,
                                           maximumTextWidth: maximumTextWidth, spoolsToDisk: false)
        try writer.add(entries)
        var bytes: [UInt8] = []
        try writer.finish(duration: duration) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

/// Writes an audit report while the audit runs: entries come a chunk at a time (see
/// ``Audit/check(_:chunkSize:progress:consume:)``) and are not kept. Every format puts totals
/// before the list (JSON's sorted keys, JUnit's counts, the table's column widths), so the list
/// is spooled, to an unlinked temporary file when `spoolsToDisk`, and copied out by
/// ``finish(duration:write:)``: memory holds the totals, the file problems and the strings that
/// couldn't be laid out, whatever the number of strings.
public final class AuditReportWriter {
    /// The format written.
    public let format: AuditReportFormat
    /// Strings added so far.
    public private(set) var strings = 0
    /// Checks (string × category) added so far.
    public private(set) var checked = 0
    /// Failing checks added so far.
    public private(set) var failures = 0
    /// Strings with a failing check added so far.
    public private(set) var failingStrings = 0

    private let name: String
    private let maximumTextWidth: Int
    private let reportFolder: String?
    private let sheetFolder: String?
    private let diagnostics: [StringFileDiagnostic]
    private let warnings: [UntranslatedString]
    private var layoutErrors: [(string: LocalizedString, error: String)] = []
    private let spool: Spool
    /// JSON: the failures of the entries being added, reused from one call to the next.
    private let jsonChunk = ByteBuffer()
    /// Text: the widths of the table's columns so far.
    private var widths = AuditReportWriter.header.map(TextCell.width)
    /// JUnit: the test cases of each run of strings from one file, in order (byte ranges of the
    /// spool), and each file's counts.
    private var runs: [(file: String, bytes: Range<Int>)] = []
    private var suites: [String: (tests: Int, failures: Int, errors: Int)] = [:]
    /// Text: one row per failing string (key × language × variant) for the summary under the
    /// table; kept in memory, as they are a fraction of the checks.
    private var summaryRows: [[String]] = []
    /// The screens added so far (see ``add(screen:language:categories:findings:)``).
    private var screens = ScreenReportPart()

    private static let header = ["KEY", "LANG", "CATEGORY", "REASON", "LINES", "SIZE (pt)", "TEXT"]

    /// A writer for a report with these file problems.
    ///
    /// - Parameters:
    ///   - reportFolder: the review report's folder (``AuditGallery``), when one is written: each
    ///     JSON failure then names its picture there, `picture`: `<folder>/images/` and the name
    ///     ``AuditSheetName/pictureName(for:category:)`` gives.
    ///   - sheetFolder: the contact sheets' folder, when sheets are written: each JSON failure
    ///     then names its string's sheet, `sheet`.
    ///   - warnings: untranslated strings (``UntranslatedString``), which don't fail the audit:
    ///     JSON's `warnings` list, lines under the text table, and each file's JUnit
    ///     `system-err` (JUnit has no warning level).
    /// - Throws: ``AuditError/unreadableFile(path:reason:)`` when no temporary file can be made.
    public init(format: AuditReportFormat, diagnostics: [StringFileDiagnostic], warnings: [UntranslatedString] = [],
                name: String = "render-cli audit", maximumTextWidth: Int = 48, spoolsToDisk: Bool = true,
                reportFolder: String? = nil, sheetFolder: String? = nil) throws {
        self.warnings = warnings
        self.reportFolder = reportFolder
        self.sheetFolder = sheetFolder
        self.format = format
        self.diagnostics = diagnostics
        self.name = name
        self.maximumTextWidth = maximumTextWidth
        spool = try Spool(onDisk: spoolsToDisk)
    }

    /// Whether everything added fits and every file was read cleanly.
    public var isClean: Bool { diagnostics.isEmpty && layoutErrors.isEmpty && failures == 0 && screens.failingRuns == 0 }

    /// Adds one screen audited in one language at `categories`, with what was found there
    /// (failures and information): in the text table, the JSON `screenFindings` list and a JUnit
    /// test case named after the screen and language in a suite per screen.
    public func add(screen: String, language: String, categories: [ContentSizeCategory], findings: [ScreenFinding]) throws {
        let xml = screens.add(screen: screen, language: language, categories: categories, findings: findings, junit: format == .junit)
        guard let xml else { return }
        var suite = suites[screen] ?? (0, 0, 0)
        suite.tests += 1
        if findings.contains(where: \.rule.isFailure) { suite.failures += 1 }
        suites[screen] = suite
        runs.append((screen, spool.count..<spool.count + xml.utf8.count))
        try spool.append(Array(xml.utf8))
    }

    /// Adds checked strings, in input order.
    public func add(_ entries: [AuditEntry]) throws {
        var chunk: [UInt8] = []
        jsonChunk.removeAll()
        for entry in entries {
            strings += 1
            checked += entry.checks.count
            if let error = entry.error { layoutErrors.append((entry.string, error)) }
            let failing = entry.checks.filter { !$0.fits }
            failures += failing.count
            if entry.error == nil && !failing.isEmpty { failingStrings += 1 }
            switch format {
            case .json:
                // Items of the report's `failures` array, two levels deep, as JSONEncoder would
                // write them (which took a fifth of a whole run's instructions).
                for check in failing {
                    if jsonChunk.count > 0 || spool.count > 0 { jsonChunk.append(",\n") }
                    JSONFailure(entry.string, check,
                                picture: reportFolder.map { $0 + "/images/" + AuditSheetName.pictureName(for: entry.string, category: check.category) },
                                sheet: sheetFolder.map { $0 + "/" + AuditSheetName.fileName(for: entry.string) })
                        .appendJSON(to: jsonChunk)
                }
            case .text:
                if entry.error == nil && !failing.isEmpty { summaryRows.append(summaryRow(entry, failing: failing)) }
                for check in failing {
                    let row = textRow(entry.string, check)
                    for (index, cell) in row.enumerated() { widths[index] = max(widths[index], TextCell.width(cell)) }
                    chunk += Array(row.joined(separator: "\u{1F}").utf8) + [0x1E]
                }
            case .junit:
                let file = entry.string.location.file
                var suite = suites[file] ?? (0, 0, 0)
                suite.tests += 1
                if entry.error != nil { suite.errors += 1 } else if !failing.isEmpty { suite.failures += 1 }
                suites[file] = suite
                let start = spool.count + chunk.count
                chunk += Array(testCase(entry, failing: failing).utf8)
                if let last = runs.last, last.file == file, last.bytes.upperBound == start {
                    runs[runs.count - 1].bytes = last.bytes.lowerBound..<spool.count + chunk.count
                } else {
                    runs.append((file, start..<spool.count + chunk.count))
                }
            }
        }
        try spool.append(chunk)
        try jsonChunk.withBytes { try spool.append($0) }
    }

    /// Writes the whole report through `write`, in pieces.
    public func finish(duration: Double, write: ([UInt8]) throws -> Void) throws {
        switch format {
        case .json: try finishJSON(write)
        case .junit: try finishJUnit(duration: duration, write)
        case .text: try finishText(write)
        }
    }

    // MARK: JSON

    struct JSONFailure: Encodable {
        struct Size: Encodable {
            let width: Double
            let height: Double
        }

        let key: String
        let variant: String?
        let language: String
        let category: String
        let reason: String
        let reasons: [String]
        let lineCount: Int
        let linesNeeded: Int
        let size: Size
        let pointSize: Double
        let text: String
        let file: String
        let line: Int
        let picture: String?
        let sheet: String?

        /// The failure as an item of an array nested in an object: `ReviewableJSON`'s layout
        /// (pretty-printed, sorted keys, slashes unescaped, whole numbers without ".0"), written
        /// directly (`AuditReportJSONTests` compares the two).
        func appendJSON(to bytes: ByteBuffer) {
            func name(_ name: StaticString) {
                bytes.append("      \"")
                bytes.append(name)
                bytes.append("\" : ")
            }
            func member(_ key: StaticString, _ text: String) {
                name(key)
                JSONText.appendQuoted(text, to: bytes)
                bytes.append(",\n")
            }
            func member(_ key: StaticString, integer: Int) {
                name(key)
                JSONText.appendInteger(integer, to: bytes)
                bytes.append(",\n")
            }
            bytes.append("    {\n")
            member("category", category)
            member("file", file)
            member("key", key)
            member("language", language)
            member("line", integer: line)
            member("lineCount", integer: lineCount)
            member("linesNeeded", integer: linesNeeded)
            if let picture { member("picture", picture) }
            name("pointSize")
            JSONText.appendNumber(pointSize, to: bytes)
            bytes.append(",\n")
            member("reason", reason)
            name("reasons")
            bytes.append("[\n")
            for (index, reason) in reasons.enumerated() {
                bytes.append(index == 0 ? "        " : ",\n        ")
                JSONText.appendQuoted(reason, to: bytes)
            }
            bytes.append("\n      ],\n")
            if let sheet { member("sheet", sheet) }
            name("size")
            bytes.append("{\n        \"height\" : ")
            JSONText.appendNumber(size.height, to: bytes)
            bytes.append(",\n        \"width\" : ")
            JSONText.appendNumber(size.width, to: bytes)
            bytes.append("\n      },\n")
            name("text")
            JSONText.appendQuoted(text, to: bytes)
            if let variant {
                bytes.append(",\n")
                name("variant")
                JSONText.appendQuoted(variant, to: bytes)
            }
            bytes.append("\n    }")
        }

        init(_ string: LocalizedString, _ check: AuditCheck, picture: String?, sheet: String?) {
            self.picture = picture
            self.sheet = sheet
            func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            key = string.key
            variant = string.variant
            language = string.language
            category = check.category.rawValue
            reason = check.reasons[0].rawValue
            reasons = check.reasons.map(\.rawValue)
            lineCount = check.lineCount
            linesNeeded = check.linesNeeded
            size = Size(width: round(check.size.width), height: round(check.size.height))
            pointSize = round(check.pointSize)
            text = string.text
            file = string.location.file
            line = string.location.line
        }
    }

    private struct JSONProblem: Encodable {
        let file: String
        let line: Int
        let column: Int
        let message: String
    }

    private struct JSONWarning: Encodable {
        let file: String
        let line: Int
        let column: Int
        let key: String
        let language: String
        /// `missing` (no translation) or `identical` (the development language's text).
        let kind: String
        let reason = "untranslated"
        let message: String

        init(_ warning: UntranslatedString) {
            file = warning.location.file
            line = warning.location.line
            column = warning.location.column
            key = warning.displayKey
            language = warning.language
            kind = warning.isMissing ? "missing" : "identical"
            message = warning.description
        }
    }

    private func finishJSON(_ write: ([UInt8]) throws -> Void) throws {
        // The value nested one level: every line after the first indented.
        func nested(_ json: String) -> String {
            json.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0 == 0 || $1.isEmpty ? String($1) : "  " + $1 }.joined(separator: "\n")
        }
        let problems = diagnostics.map {
            JSONProblem(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
        } + layoutErrors.map {
            JSONProblem(file: $0.string.location.file, line: $0.string.location.line, column: $0.string.location.column,
                        message: "\($0.string.displayKey) (\($0.string.language)): \($0.error)")
        }
        var head = "{\n  \"checked\" : \(checked),\n  \"errors\" : \(nested(try ReviewableJSON.string(problems))),\n  \"failures\" : "
        // Sorted keys: `screenFindings` (when screens were audited) comes before `strings`.
        let tail = (screens.runs > 0 ? ",\n  \"screenFindings\" : \(nested(try ReviewableJSON.string(screens.json)))" : "")
            + ",\n  \"strings\" : \(strings)"
            + (warnings.isEmpty ? "" : ",\n  \"warnings\" : \(nested(try ReviewableJSON.string(warnings.map(JSONWarning.init))))")
            + "\n}"
        guard spool.count > 0 else {
            head += nested(try ReviewableJSON.string([JSONFailure]())) + tail
            try write(Array(head.utf8))
            return
        }
        try write(Array((head + "[\n").utf8))
        try spool.read(0..<spool.count, write)
        try write(Array(("\n  ]" + tail).utf8))
    }

    // MARK: JUnit

    private func testCase(_ entry: AuditEntry, failing: [AuditCheck]) -> String {
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
        details.append("at \(string.location)")
        xml += "\n      <failure message=\"\(XMLText.attribute(message))\" type=\"\(first.reasons[0].rawValue)\">"
            + XMLText.content(details.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
        return xml
    }

    private func finishJUnit(duration: Double, _ write: ([UInt8]) throws -> Void) throws {
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

    // MARK: Text

    /// The lines shown, and those needed when more: "1 of 3".
    static func lines(_ check: AuditCheck) -> String {
        check.linesNeeded > check.lineCount ? "\(check.lineCount) of \(check.linesNeeded)" : String(check.lineCount)
    }

    private func textRow(_ string: LocalizedString, _ check: AuditCheck) -> [String] {
        // Every cell one line: the spool separates cells and rows with control characters.
        [TextCell.clip(string.displayKey, 40), TextCell.clip(string.language, 0), check.category.rawValue,
         check.reasons.map(\.rawValue).joined(separator: "+"), Self.lines(check),
         "\(check.size.width.formatted(maxFractionDigits: 1)) × \(check.size.height.formatted(maxFractionDigits: 1))",
         TextCell.clip(string.text, maximumTextWidth)]
    }

    /// "fails from accessibilityMedium up" when every larger category fails too; otherwise the
    /// failing categories listed, marked as not growing with the size.
    private func summaryRow(_ entry: AuditEntry, failing: [AuditCheck]) -> [String] {
        let when = TextCell.whenFailing(failsFrom: entry.failsFrom, failing: failing.map(\.category))
        let reasons = AuditReason.allCases.filter { reason in failing.contains { $0.reasons.contains(reason) } }
        return [TextCell.clip(entry.string.displayKey, 40), TextCell.clip(entry.string.language, 0), when,
                reasons.map(\.rawValue).joined(separator: "+")]
    }

    private func summaryTable() -> String { TextCell.table(header: ["KEY", "LANG", "FAILS", "REASONS"], rows: summaryRows) }

    private func finishText(_ write: ([UInt8]) throws -> Void) throws {
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
        var summary = failures == 0
            ? "All \(checked) checks fit (\(strings) strings)."
            : "\(failures) of \(checked) checks fail, in \(failingStrings) of \(strings) strings."
        // Screens alone: their line only.
        if screens.runs > 0 { summary = strings == 0 ? screens.summary : summary + " " + screens.summary }
        let problems = diagnostics.count + layoutErrors.count
        if problems > 0 { summary += " \(problems) input problem\(problems == 1 ? "" : "s") (see the errors above)." }
        if !warnings.isEmpty {
            summary += " \(warnings.count) untranslated string\(warnings.count == 1 ? "" : "s") (warnings above; they don't fail the audit)."
        }
        try write(Array((summary + "\n").utf8))
    }
}

/// Bytes written once and read back in ranges: in memory, or in an unlinked temporary file.
private final class Spool {
    private var memory: [UInt8] = []
    private let file: UnsafeMutablePointer<FILE>?
    private(set) var count = 0

    init(onDisk: Bool) throws {
        guard onDisk else {
            file = nil
            return
        }
        // tmpfile: created in the temporary folder and already unlinked, so nothing is left
        // behind however the process ends.
        guard let file = tmpfile() else {
            throw AuditError.unreadableFile(path: "a temporary file", reason: String(cString: strerror(errno)))
        }
        self.file = file
    }

    deinit { if let file { fclose(file) } }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        count += bytes.count
        guard let file else {
            memory.append(contentsOf: bytes)
            return
        }
        guard fwrite(bytes.baseAddress, 1, bytes.count, file) == bytes.count else {
            throw AuditError.unreadableFile(path: "the report's temporary file", reason: String(cString: strerror(errno)))
        }
    }

    /// Hands `range`'s bytes to `body` in blocks of at most 1 MiB.
    func read(_ range: Range<Int>, _ body: ([UInt8]) throws -> Void) throws {
        guard let file else {
            try body(Array(memory[range]))
            return
        }
        guard fflush(file) == 0, fseeko(file, off_t(range.lowerBound), SEEK_SET) == 0 else {
            throw AuditError.unreadableFile(path: "the report's temporary file", reason: String(cString: strerror(errno)))
        }
        var block = [UInt8](repeating: 0, count: 1 << 20)
        var left = range.count
        while left > 0 {
            let read = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, min(left, $0.count), file) }
            guard read > 0 else {
                throw AuditError.unreadableFile(path: "the report's temporary file", reason: "it ended early")
            }
            try body(Array(block[0..<read]))
            left -= read
        }
        // Appends go to the end again.
        fseeko(file, 0, SEEK_END)
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

/// JSON values written as `ReviewableJSON` (Foundation's JSONEncoder) writes them.
enum JSONText {
    /// A string in quotes, appended as UTF-8: `"` and `\` escaped, the usual control
    /// characters by name, the others as `\u00XX`; slashes and everything else as they are.
    /// Only ASCII bytes are ever escaped, so the text is scanned as bytes.
    static func appendQuoted(_ text: String, to bytes: ByteBuffer) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { units in
            var plainStart = 0
            for index in units.indices {
                let unit = units[index]
                guard unit < 0x20 || unit == 0x22 || unit == 0x5C else { continue }
                bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[plainStart..<index])))
                plainStart = index + 1
                switch unit {
                case 0x22: bytes.append("\\\"")
                case 0x5C: bytes.append("\\\\")
                case 0x0A: bytes.append("\\n")
                case 0x0D: bytes.append("\\r")
                case 0x09: bytes.append("\\t")
                case 0x08: bytes.append("\\b")
                case 0x0C: bytes.append("\\f")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    bytes.append("\\u00")
                    bytes.append(hex.utf8Start[Int(unit >> 4)])
                    bytes.append(hex.utf8Start[Int(unit & 15)])
                }
            }
            bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[plainStart...])))
        }
        bytes.append(0x22)
    }

    /// A finite number, appended as UTF-8: its shortest description, whole numbers without ".0".
    static func appendNumber(_ value: Double, to bytes: ByteBuffer) {
        // Whole numbers (most sizes and line counts) need no shortest-digits search.
        if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            appendInteger(Int(value), to: bytes)
            return
        }
        // The report's sizes are rounded to hundredths: such a value is the double nearest to
        // n / 100, and below a billion no shorter decimal lies within half its spacing, so its
        // shortest description is n's digits with the point two places in, as `description`
        // writes it (`JSONTextTests` compares the two).
        let hundredths = (value * 100).rounded()
        if value != 0, abs(value) < 1e9, hundredths / 100 == value {
            let whole = Int(hundredths) / 100, fraction = abs(Int(hundredths) % 100)
            if value < 0 { bytes.append(0x2D) }
            appendInteger(abs(whole), to: bytes)
            bytes.append(0x2E)
            bytes.append(0x30 + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(0x30 + UInt8(fraction % 10)) }
            return
        }
        var text = value.description
        text.withUTF8 { units in
            let whole = units.count >= 2 && units[units.count - 2] == 0x2E && units[units.count - 1] == 0x30
            bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[..<(whole ? units.count - 2 : units.count)])))
        }
    }

    /// An integer's decimal digits, appended as UTF-8.
    static func appendInteger(_ value: Int, to bytes: ByteBuffer) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }
}

/// A growable run of bytes written through a pointer, for the JSON report's hundreds of
/// thousands of short pieces: `Array.append(contentsOf:)` checked uniqueness and capacity and
/// copied element by element for each (most of the JSON writer's instructions).
final class ByteBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes written.
    private(set) var count = 0

    init(capacity: Int = 4_096) {
        self.capacity = max(16, capacity)
        storage = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit { storage.deallocate() }

    /// Empties the buffer, keeping its memory.
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(bytes.count) }
        (storage + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// The bytes written, valid during `body`.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Room for `more` bytes (the check is the caller's, inline: this runs about once a chunk).
    @inline(never)
    private func grow(_ more: Int) {
        let grown = max(capacity * 2, count + more)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
        larger.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = larger
        capacity = grown
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

/// File names for a failing string's pictures: its contact sheet (`--sheet`) and its review
/// report's pictures (`--report`).
public enum AuditSheetName {
    /// A safe, unique file name for a string's sheet: key and variant (clipped to 60
    /// characters), then the language (never clipped away), with anything but ASCII letters,
    /// digits, `.`, `-` and `_` replaced by `_`, plus a hash of the exact file, key, variant and
    /// language, so that two keys that clean up the same, or one key in two input files, don't
    /// overwrite each other. Never starts with a dot, never contains a slash.
    public static func fileName(for string: LocalizedString) -> String {
        stem(for: string, category: nil) + ".png"
    }

    /// The file name of a string's picture at one category in a review report: as
    /// ``fileName(for:)``, with the category's short name before the hash.
    public static func pictureName(for string: LocalizedString, category: ContentSizeCategory) -> String {
        stem(for: string, category: category) + ".png"
    }

    private static func stem(for string: LocalizedString, category: ContentSizeCategory?) -> String {
        let key = ReviewGalleryWriter.safeFileName(string.key + (string.variant.map { "-" + $0 } ?? ""), limit: 60)
        var stem = (key.isEmpty ? "string" : key) + "-" + ReviewGalleryWriter.safeFileName(string.language, limit: 20)
        if let category { stem += "-" + category.shortName }
        // Over the exact identity: stable across runs and machines, unlike Hasher.
        let hash = StableHash.fnv1a("\(string.location.file)\u{0}\(string.key)\u{0}\(string.variant ?? "")\u{0}\(string.language)")
        let digits = String(hash & 0xFFFF_FFFF, radix: 16)
        return stem + "-" + String(repeating: "0", count: 8 - digits.count) + digits
    }
}
