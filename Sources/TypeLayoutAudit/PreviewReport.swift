#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout
import TypeLayoutGallery

/// How one preview fared in a run.
public struct PreviewOutcome: Sendable, Codable, Hashable {
    /// The preview's display name.
    public var name: String
    /// Its file, as `#fileID` gives it.
    public var file: String
    /// Its line.
    public var line: Int
    /// Why it couldn't be rendered (it threw, or trapped in its child process), or `nil`.
    public var failure: String?
    /// The screen audit's failing findings, over every language and category.
    public var failingFindings: Int
    /// The sheets written, relative to the report folder, one per language.
    public var sheets: [String]

    /// An outcome.
    public init(name: String, file: String, line: Int, failure: String? = nil, failingFindings: Int = 0, sheets: [String] = []) {
        self.name = name
        self.file = file
        self.line = line
        self.failure = failure
        self.failingFindings = failingFindings
        self.sheets = sheets
    }
}

/// Everything a preview run's reports are written from, kept beside them as
/// ``PreviewReport/fileName`` so that the report folders of a run's shards (`--shard I/N`) can be
/// merged into the one an unsharded run writes (``PreviewReport/merge(_:into:)``): the text,
/// JSON and JUnit audits, `previews.json` and the review gallery are all written from this
/// value by ``write(to:pictures:)``, by a run and by a merge alike.
public struct PreviewReport: Sendable, Codable, Equatable {
    /// The name of the file in a report folder that holds this value, as JSON.
    public static let fileName = "run.json"

    /// What makes two report folders parts of one run: the same previews, catalogs and settings.
    public struct Settings: Sendable, Codable, Hashable {
        /// Every preview of the program, sharded or not, as `name` TAB `file:line`, in order.
        public var previews: [String]
        /// The catalogs as given.
        public var catalogs: [String]
        /// The languages laid out, in order.
        public var languages: [String]
        /// The categories laid out, in order.
        public var categories: [ContentSizeCategory]
        /// The device's name.
        public var device: String
        /// Pixels per point of the sheets.
        public var scale: Int
        /// The other Dynamic Type settings, described.
        public var typeContext: String
        /// Whether the pictures show the device's status bar and home indicator.
        public var showsDeviceChrome: Bool

        /// Settings.
        public init(previews: [String], catalogs: [String], languages: [String], categories: [ContentSizeCategory],
                    device: String, scale: Int, typeContext: String, showsDeviceChrome: Bool = true) {
            self.showsDeviceChrome = showsDeviceChrome
            self.previews = previews
            self.catalogs = catalogs
            self.languages = languages
            self.categories = categories
            self.device = device
            self.scale = scale
            self.typeContext = typeContext
        }
    }

    /// One preview's results: its outcome, its audit per language and its gallery findings.
    public struct Entry: Sendable, Codable, Equatable {
        /// Its place among ``Settings/previews``: the order every report lists it in.
        public var index: Int
        /// How it fared.
        public var outcome: PreviewOutcome
        /// The screen audit's findings in each language it was laid out in, in order.
        public var audits: [LanguageAudit]
        /// Its review gallery findings, over every language.
        public var gallery: [GalleryFinding]

        /// An entry.
        public init(index: Int, outcome: PreviewOutcome, audits: [LanguageAudit] = [], gallery: [GalleryFinding] = []) {
            self.index = index
            self.outcome = outcome
            self.audits = audits
            self.gallery = gallery
        }
    }

    /// The screen audit of a preview in one language.
    public struct LanguageAudit: Sendable, Codable, Equatable {
        /// The language.
        public var language: String
        /// What was found, failures and information.
        public var findings: [ScreenFinding]

        /// An audit.
        public init(language: String, findings: [ScreenFinding]) {
            self.language = language
            self.findings = findings
        }
    }

    /// A `ReviewFinding` without its pictures' sources: each picture is a file of the
    /// report's `gallery/images` folder.
    public struct GalleryFinding: Sendable, Codable, Equatable {
        var language: String
        var platform: String
        var node: String?
        var firstFailingCategory: String?
        var failingCategories: [String]
        var reasons: [String]
        var text: String
        var details: [String]
        var pictures: [Picture]
        var isWarning: Bool

        struct Picture: Sendable, Codable, Equatable {
            var label: String
            var isFailing: Bool
            var fileName: String
        }

        /// `finding`, its pictures named only.
        public init(_ finding: ReviewFinding) {
            language = finding.language
            platform = finding.platform
            node = finding.node
            firstFailingCategory = finding.firstFailingCategory
            failingCategories = finding.failingCategories
            reasons = finding.reasons
            text = finding.text
            details = finding.details
            pictures = finding.pictures.map { Picture(label: $0.label, isFailing: $0.isFailing, fileName: $0.fileName) }
            isWarning = finding.isWarning
        }

        /// The finding, each picture made by `source` from its file name.
        public func reviewFinding(source: (String) -> ReviewPicture.Source) -> ReviewFinding {
            ReviewFinding(language: language, platform: platform, node: node, firstFailingCategory: firstFailingCategory,
                          failingCategories: failingCategories, reasons: reasons, text: text, details: details,
                          pictures: pictures.map {
                              ReviewPicture(label: $0.label, isFailing: $0.isFailing, fileName: $0.fileName, source: source($0.fileName))
                          },
                          isWarning: isWarning)
        }
    }

    /// The run's previews, catalogs and settings.
    public var settings: Settings
    /// The slice of the previews this report covers (`2/3`), or `nil` for all of them.
    public var shard: String?
    /// The catalogs' problems, which every shard finds.
    public var problems: [StringFileDiagnostic]
    /// The previews run, in order.
    public var entries: [Entry]
    /// Seconds the run took (a merge's: the shards' added up), the JUnit report's `time`.
    public var duration: Double

    /// A report.
    public init(settings: Settings, shard: String?, problems: [StringFileDiagnostic], entries: [Entry], duration: Double) {
        self.settings = settings
        self.shard = shard
        self.problems = problems
        self.entries = entries
        self.duration = duration
    }

    /// Writes the reports into `folder`, which exists: `audit.txt`, `audit.json`,
    /// `audit.junit.xml`, `previews.json`, the review gallery `gallery/` and this value as
    /// ``fileName``; each gallery picture comes from `pictures`, given its file name.
    ///
    /// - Throws: ``PreviewReportError`` naming the file that couldn't be written.
    public func write(to folder: String, pictures: (String) -> ReviewPicture.Source) throws {
        let writers = try AuditReportFormat.allCases.map {
            try AuditReportWriter(format: $0, diagnostics: problems, name: "typelayout-previews")
        }
        var groups: [ReviewGroup] = [], inputErrors: [ReviewInputError] = []
        for entry in entries {
            let outcome = entry.outcome
            for audit in entry.audits {
                for writer in writers {
                    try writer.add(screen: outcome.name, language: audit.language, categories: settings.categories, findings: audit.findings)
                }
            }
            if let failure = outcome.failure {
                let problem = StringFileDiagnostic(location: TextFileLocation(file: outcome.file, line: outcome.line, column: 1),
                                                   message: "preview \"\(outcome.name)\" failed: \(failure)")
                writers.forEach { $0.add(problem: problem) }
                inputErrors.append(ReviewInputError(file: outcome.file, line: outcome.line, column: 1, message: problem.message))
            }
            if !entry.gallery.isEmpty {
                groups.append(ReviewGroup(title: outcome.name, subtitle: "\(outcome.file):\(outcome.line)",
                                          findings: entry.gallery.map { $0.reviewFinding(source: pictures) }))
            }
        }
        for (writer, name) in zip(writers, ["audit.txt", "audit.json", "audit.junit.xml"]) {
            // The text table's summary points at "the errors above": they go first in the file.
            var bytes: [UInt8] = writer.format != .text ? [] : Array(writer.problems.map { "error: \($0)\n" }.joined().utf8)
            try writer.finish(duration: duration) { bytes += $0 }
            try Self.write(bytes, to: folder + "/" + name)
        }
        try Self.write(try Self.encoded(entries.map(\.outcome)), to: folder + "/previews.json")
        let page = ReviewGallery(title: "Previews", groupNoun: "preview", groups: groups, inputErrors: inputErrors)
        do {
            _ = try ReviewGalleryWriter().write(page, to: folder + "/gallery")
        } catch {
            throw PreviewReportError("can't write the review gallery: \(error)")
        }
        try Self.write(try Self.encoded(self), to: folder + "/" + Self.fileName)
    }

    /// `value` as pretty JSON with sorted keys, the same bytes on every machine.
    static func encoded(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(value))
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PreviewReportError("can't write \(path): \(error)")
        }
    }
}

/// A report (the preview command's, or a `render-cli audit` shard's) that can't be written,
/// read or merged, said in one line.
public struct PreviewReportError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
