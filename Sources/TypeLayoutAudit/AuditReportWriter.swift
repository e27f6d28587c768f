import TypeLayout
import TypeLayoutGallery
#if canImport(Glibc)
import Glibc
#endif

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

    let name: String
    let maximumTextWidth: Int
    let reportFolder: String?
    let sheetFolder: String?
    /// The file problems given, then those added (``add(problem:)``).
    private(set) var diagnostics: [StringFileDiagnostic]
    let warnings: [UntranslatedString]
    var layoutErrors: [(string: LocalizedString, error: String)] = []
    let spool: Spool
    /// JSON: the failures of the entries being added, reused from one call to the next.
    let jsonChunk = ByteBuffer()
    /// Text: the widths of the table's columns so far.
    var widths = AuditReportWriter.header.map(TextCell.width)
    /// JUnit: the test cases of each run of strings from one file, in order (byte ranges of the
    /// spool), and each file's counts.
    var runs: [(file: String, bytes: Range<Int>)] = []
    var suites: [String: (tests: Int, failures: Int, errors: Int)] = [:]
    /// Text: one row per failing string (key × language × variant) for the summary under the
    /// table; kept in memory, as they are a fraction of the checks.
    var summaryRows: [[String]] = []
    /// The screens added so far (see ``add(screen:language:categories:findings:)``).
    var screens = ScreenReportPart()

    static let header = ["KEY", "LANG", "CATEGORY", "REASON", "LINES", "SIZE (pt)", "TEXT"]

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

    /// Adds a problem found after the writer was made (a screen that couldn't be laid out): an
    /// error in every format, and the report is no longer clean.
    public func add(problem: StringFileDiagnostic) {
        diagnostics.append(problem)
    }

    /// Every problem with the inputs so far: the files' (``StringFileDiagnostic``) and the
    /// strings that couldn't be laid out, each with its file, line and column.
    public var problems: [StringFileDiagnostic] {
        diagnostics + layoutErrors.map {
            StringFileDiagnostic(location: $0.string.location, message: "\($0.string.displayKey) (\($0.string.language)): \($0.error)")
        }
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

}

/// Bytes written once and read back in ranges: in memory, or in an unlinked temporary file.
final class Spool {
    var memory: [UInt8] = []
    let file: UnsafeMutablePointer<FILE>?
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
