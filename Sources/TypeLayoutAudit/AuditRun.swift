#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout
import TypeLayoutGallery
#if canImport(Glibc)
import Glibc
#endif

/// What a shard of `render-cli audit --shard I/N --report DIR` keeps beside its report, as
/// ``fileName``, so that the report folders of a run's shards can be merged into the one the
/// run unsharded writes (``merge(_:into:)``). The strings and screens checked are spooled to
/// ``entriesFileName``, one JSON line each with its place in the unsharded run, so that a
/// million strings need no more memory than a thousand; this value holds the rest.
public struct AuditRun: Sendable, Codable, Equatable {
    /// The name of the file in a report folder that holds this value, as JSON.
    public static let fileName = "audit-run.json"
    /// The name of the file beside it with the strings and screens checked, a JSON line each.
    public static let entriesFileName = "audit-entries.jsonl"

    /// One untranslated string of the shard, with its place among the run's and its review finding.
    public struct Warning: Sendable, Codable, Equatable {
        /// Its place among the unsharded run's untranslated strings.
        public var index: Int
        /// The string.
        public var warning: UntranslatedString
        /// Its finding on the review page.
        public var finding: PreviewReport.GalleryFinding

        /// A warning.
        public init(index: Int, warning: UntranslatedString, finding: PreviewReport.GalleryFinding) {
            self.index = index
            self.warning = warning
            self.finding = finding
        }
    }

    /// One file problem of the shard, with its place among the unsharded run's.
    public struct Problem: Sendable, Codable, Equatable {
        /// Its place among the run's file problems.
        public var index: Int
        /// The problem.
        public var diagnostic: StringFileDiagnostic

        /// A problem.
        public init(index: Int, diagnostic: StringFileDiagnostic) {
            self.index = index
            self.diagnostic = diagnostic
        }
    }

    /// The audit as the review page's notes name it (without `--shard`, `--report` and the
    /// like): what makes report folders the shards of one run.
    public var command: String
    /// The review page's title.
    public var title: String
    /// The slice this report covers, `I/N`.
    public var shard: String
    /// The contact sheets' folder the JSON report names, or `nil`.
    public var sheetFolder: String?
    /// The shard's file problems.
    public var problems: [Problem]
    /// The shard's untranslated strings.
    public var warnings: [Warning]
    /// The lines of ``entriesFileName``: a shorter file is refused as cut off.
    public var lines: Int
    /// Seconds the run took, the JUnit report's `time` (a merge's: the shards' added up).
    public var duration: Double

    /// A run record.
    public init(command: String, title: String, shard: String, sheetFolder: String?, problems: [Problem], warnings: [Warning],
                lines: Int, duration: Double) {
        self.command = command
        self.title = title
        self.shard = shard
        self.sheetFolder = sheetFolder
        self.problems = problems
        self.warnings = warnings
        self.lines = lines
        self.duration = duration
    }
}

/// One screen checked in one language, as a shard records it.
public struct AuditScreenRun: Sendable, Codable {
    /// The screen file.
    public var path: String
    /// The language.
    public var language: String
    /// The categories checked.
    public var categories: [ContentSizeCategory]
    /// What was found, failures and information.
    public var findings: [ScreenFinding]
    /// Why the screen couldn't be laid out, or `nil`.
    public var problem: StringFileDiagnostic?
    /// Its review findings.
    public var gallery: [PreviewReport.GalleryFinding]

    /// A screen run.
    public init(path: String, language: String, categories: [ContentSizeCategory], findings: [ScreenFinding],
                problem: StringFileDiagnostic? = nil, gallery: [ReviewFinding] = []) {
        self.path = path
        self.language = language
        self.categories = categories
        self.findings = findings
        self.problem = problem
        self.gallery = gallery.map(PreviewReport.GalleryFinding.init)
    }

    /// Adds this run to every writer: its findings, or its problem.
    public func add(to writers: [AuditReportWriter]) throws {
        if let problem {
            for writer in writers { writer.add(problem: problem) }
        } else {
            for writer in writers { try writer.add(screen: path, language: language, categories: categories, findings: findings) }
        }
    }
}

/// A line of ``AuditRun/entriesFileName``: a string or a screen run, with its place in the
/// unsharded run (strings first, then screens, each in order).
struct AuditRunLine: Codable {
    var index: Int
    var entry: AuditEntry?
    /// A failing string's review finding.
    var finding: PreviewReport.GalleryFinding?
    var screen: AuditScreenRun?

    /// Where the line goes in the unsharded run.
    var place: (Int, Int) { (entry == nil ? 1 : 0, index) }
}

/// Records a shard's strings and screens, as they are checked, into an unlinked temporary file,
/// and writes them with the ``AuditRun`` into the report folder at the end (the review gallery
/// replaces the folder whole, so nothing can be written into it before).
public final class AuditRunRecorder {
    private let spool: Spool
    private var lines = 0
    private let encoder = JSONEncoder()

    /// A recorder.
    ///
    /// - Throws: ``AuditError/unreadableFile(path:reason:)`` when no temporary file can be made.
    public init() throws {
        spool = try Spool(onDisk: true)
        encoder.outputFormatting = [.sortedKeys]
    }

    /// Records a string checked, `index` its place in the unsharded run, `finding` its review
    /// finding when it fails.
    public func add(_ entry: AuditEntry, index: Int, finding: ReviewFinding?) throws {
        try add(AuditRunLine(index: index, entry: entry, finding: finding.map(PreviewReport.GalleryFinding.init)))
    }

    /// Records a screen checked in one language, `index` its place in the unsharded run.
    public func add(_ screen: AuditScreenRun, index: Int) throws {
        try add(AuditRunLine(index: index, screen: screen))
    }

    private func add(_ line: AuditRunLine) throws {
        try spool.append(Array(try encoder.encode(line)) + [0x0A])
        lines += 1
    }

    /// Writes `run` (its ``AuditRun/lines`` set here) and the lines recorded into `folder`.
    ///
    /// - Throws: ``AuditRunError`` naming the file that couldn't be written.
    public func write(_ run: AuditRun, to folder: String) throws {
        var run = run
        run.lines = lines
        try writeFile(folder + "/" + AuditRun.entriesFileName) { write in
            try spool.read(0..<spool.count, write)
        }
        try PreviewReport.write(try PreviewReport.encoded(run), to: folder + "/" + AuditRun.fileName)
    }
}

/// The review page of `render-cli audit`: a group per key with failing strings (keys in the
/// order they first fail) and their untranslated strings, then a group per screen with failures.
/// A run and a merge build it alike, from the findings in the run's order.
public struct AuditPage: Sendable {
    private var strings: [(key: String, file: String, finding: ReviewFinding)] = []
    private var screens: [ReviewGroup] = []
    private var groupOfScreen: [String: Int] = [:]

    /// An empty page.
    public init() {}

    /// Adds a failing string's finding.
    public mutating func add(_ finding: ReviewFinding, key: String, file: String) {
        strings.append((key, file, finding))
    }

    /// Adds a screen's findings in one language, under the screen's group.
    public mutating func add(screen path: String, findings: [ReviewFinding]) {
        guard !findings.isEmpty else { return }
        let group = groupOfScreen[path] ?? {
            groupOfScreen[path] = screens.count
            screens.append(ReviewGroup(title: path.split(separator: "/").last.map(String.init) ?? path, subtitle: path, findings: []))
            return screens.count - 1
        }()
        screens[group].findings += findings
    }

    /// The page: the strings' groups, each key's `warnings` (untranslated strings) after its
    /// failures, then the screens' groups.
    public func gallery(warnings: [(key: String, file: String, finding: ReviewFinding)], title: String, notes: [String],
                        inputErrors: [StringFileDiagnostic]) -> ReviewGallery {
        var groups: [ReviewGroup] = []
        var groupOfKey: [String: Int] = [:]
        var filesOfGroup: [[String]] = []
        for (key, file, finding) in strings + warnings {
            let index = groupOfKey[key] ?? {
                groupOfKey[key] = groups.count
                groups.append(ReviewGroup(title: key, subtitle: "", findings: []))
                filesOfGroup.append([])
                return groups.count - 1
            }()
            groups[index].findings.append(finding)
            if !filesOfGroup[index].contains(file) { filesOfGroup[index].append(file) }
        }
        for index in groups.indices { groups[index].subtitle = filesOfGroup[index].joined(separator: ", ") }
        var gallery = ReviewGallery(title: title, groupNoun: "key", groups: groups, notes: notes)
        gallery.inputErrors = inputErrors.map {
            ReviewInputError(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
        }
        if !screens.isEmpty {
            gallery.groupNoun = groups.isEmpty ? "screen" : "key or screen"
            gallery.groups += screens
        }
        return gallery
    }
}

extension AuditReportWriter {
    /// Writes the whole report to the file `path`, a piece at a time (a million strings' report
    /// is never held whole), JSON ending with a line break as on standard output. A file that
    /// can't be written whole is deleted.
    ///
    /// - Throws: ``AuditRunError`` naming the file.
    public func write(duration: Double, to path: String) throws {
        try writeFile(path) { write in
            try finish(duration: duration, write: write)
            if format == .json { write([0x0A]) }
        }
    }
}

/// Writes the file `path` with what `fill` hands its `write`; a file that can't be written
/// whole is deleted.
///
/// - Throws: ``AuditRunError`` naming the file, or what `fill` throws.
func writeFile(_ path: String, _ fill: (_ write: ([UInt8]) -> Void) throws -> Void) throws {
    guard let file = fopen(path, "w") else { throw AuditRunError("can't write \(path): \(String(cString: strerror(errno)))") }
    var failed = false
    do {
        try fill { bytes in
            if !failed && fwrite(bytes, 1, bytes.count, file) != bytes.count { failed = true }
        }
    } catch {
        fclose(file)
        unlink(path)
        throw error
    }
    if fclose(file) != 0 || failed {
        unlink(path)
        throw AuditRunError("can't write \(path): \(String(cString: strerror(errno)))")
    }
}

/// An audit report that can't be written, read or merged, said in one line: the preview
/// report's error, as the two merge alike.
public typealias AuditRunError = PreviewReportError
