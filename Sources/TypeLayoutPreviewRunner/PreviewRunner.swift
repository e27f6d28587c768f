import Foundation
import TypeLayout
import TypeLayoutAudit
import TypeLayoutGallery
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// What a preview run renders and where it writes.
public struct PreviewRunOptions: Sendable {
    /// The folder everything is written to (made if missing): `previews/` (a sheet and a
    /// frames dump per preview and language), `audit.txt`, `audit.json`, `audit.junit.xml`,
    /// `previews.json` and the review gallery `gallery/`.
    public var report: String
    /// The app's string files (`.xcstrings`, `.strings`, `.stringsdict`), or folders searched
    /// for them; every preview is laid out and audited in each of their languages.
    public var catalogs: [String]
    /// Only these languages of the catalogs; all of them when `nil`.
    public var languages: [String]?
    /// The device every preview is hosted on.
    public var device: Device
    /// The categories laid out (the twelve by default), one sheet cell each.
    public var categories: [ContentSizeCategory]
    /// Pixels per point of the sheets.
    public var scale: Int
    /// The Dynamic Type settings other than the category.
    public var typeContext: DynamicTypeContext
    /// Whether the sheets and the gallery's pictures show the device's status bar and home
    /// indicator (`ScreenRenderer.showsDeviceChrome`).
    public var showsDeviceChrome: Bool

    /// Options for a run that writes into `report`.
    public init(report: String, catalogs: [String] = [], languages: [String]? = nil, device: Device = .iPhone16,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases, scale: Int = 1,
                typeContext: DynamicTypeContext = DynamicTypeContext(), showsDeviceChrome: Bool = true) {
        self.showsDeviceChrome = showsDeviceChrome
        self.report = report
        self.catalogs = catalogs
        self.languages = languages
        self.device = device
        self.categories = categories
        self.scale = scale
        self.typeContext = typeContext
    }
}

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
}

/// Renders previews at every category in every language of the catalogs and audits them: the
/// work behind ``PreviewCommand``.
@MainActor
public enum PreviewRunner {
    /// The strings of `options.catalogs` and the languages to lay out in (`und`, the keys as
    /// written, when there are no catalogs).
    ///
    /// - Throws: ``PreviewRunError`` for a catalog that can't be read or a language none has.
    public static func strings(_ options: PreviewRunOptions) throws -> (strings: ScreenStrings, languages: [String], problems: [StringFileDiagnostic]) {
        var files: [String] = []
        for path in options.catalogs {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw PreviewRunError("no catalog at \(path)")
            }
            guard isFolder.boolValue else { files.append(path); continue }
            let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { name in [".xcstrings", ".strings", ".stringsdict"].contains { name.hasSuffix($0) } }
                .sorted()
            files += found.map { (path as NSString).appendingPathComponent($0) }
        }
        var strings: [LocalizedString] = [], problems: [StringFileDiagnostic] = []
        for file in files {
            do {
                let parsed = try StringFileReader.parse(contentsOf: file)
                strings += parsed.strings
                problems += parsed.diagnostics
            } catch {
                throw PreviewRunError("can't read the catalog \(file): \(error)")
            }
        }
        let table = ScreenStrings(strings)
        var languages = table.languages.isEmpty ? ["und"] : table.languages
        if let wanted = options.languages {
            let missing = wanted.filter { !languages.contains($0) }
            guard missing.isEmpty else {
                throw PreviewRunError("no catalog has the language\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (they have \(languages.joined(separator: ", ")))")
            }
            languages = wanted
        }
        return (table, languages, problems)
    }

    /// Lays `preview` out at every category in `language`.
    ///
    /// - Throws: the layout's errors (`SwiftUILayoutError`, the text engine's).
    public static func layouts(of preview: Preview, language: String, strings: ScreenStrings,
                               options: PreviewRunOptions) throws -> [ScreenLayout] {
        let lookup: LocalizedStringLookup = { key, language in strings.text(key: key, language: language) }
        let host = HostingScreen(rootView: preview.makeView(), device: options.device, typeContext: options.typeContext,
                                 localizedStrings: language == "und" ? nil : lookup)
        return try host.layouts(categories: options.categories, language: language == "und" ? nil : language)
    }

    /// Renders and audits every preview in every language and writes the report; a preview in
    /// `failures` (found to throw or trap beforehand, in a child process) is not run again but
    /// reported with its reason, and one that throws here is reported the same way.
    ///
    /// - Returns: each preview's outcome, in order.
    /// - Throws: ``PreviewRunError`` for bad options (a catalog, a language, the report folder);
    ///   never for a bad preview.
    @discardableResult
    public static func run(_ previews: [Preview], options: PreviewRunOptions,
                           failures: [Int: String] = [:]) throws -> [PreviewOutcome] {
        let started = Date()
        let (strings, languages, problems) = try Self.strings(options)
        let folder = options.report
        do {
            try ReviewGalleryWriter.checkDestination(folder + "/gallery")
            try FileManager.default.createDirectory(atPath: folder + "/previews", withIntermediateDirectories: true)
        } catch {
            throw PreviewRunError("can't make the report folder \(folder): \(error)")
        }
        let writers = try AuditReportFormat.allCases.map {
            try AuditReportWriter(format: $0, diagnostics: problems, name: "typelayout-previews")
        }
        var gallery = ScreenGallery(context: options.typeContext)
        gallery.showsDeviceChrome = options.showsDeviceChrome
        let sheet = ScreenSheet(renderer: ScreenRenderer(scale: options.scale, showsDeviceChrome: options.showsDeviceChrome))
        var outcomes: [PreviewOutcome] = [], groups: [ReviewGroup] = [], inputErrors: [ReviewInputError] = []
        var usedNames: Set<String> = []
        for (index, preview) in previews.enumerated() {
            var outcome = PreviewOutcome(name: preview.displayName, file: preview.fileID, line: preview.line, failure: failures[index],
                                         failingFindings: 0, sheets: [])
            let fileName = uniqueFileName(preview.displayName, used: &usedNames)
            var group = ReviewGroup(title: preview.displayName, subtitle: "\(preview.fileID):\(preview.line)", findings: [])
            if outcome.failure == nil {
                do {
                    for language in languages {
                        let layouts = try Self.layouts(of: preview, language: language, strings: strings, options: options)
                        let sheetPath = "previews/\(fileName).\(language).sheet.png"
                        try sheet.writePNG(layouts, to: folder + "/" + sheetPath)
                        try Data(ScreenLayout.framesJSON(layouts).utf8)
                            .write(to: URL(fileURLWithPath: folder + "/previews/\(fileName).\(language).frames.json"))
                        outcome.sheets.append(sheetPath)
                        let findings = ScreenAudit.check(layouts: layouts, name: preview.displayName, language: language)
                        outcome.failingFindings += findings.filter(\.rule.isFailure).count
                        for writer in writers {
                            try writer.add(screen: preview.displayName, language: language, categories: options.categories, findings: findings)
                        }
                        group.findings += gallery.findings(ofLayouts: layouts, name: preview.displayName, language: language, findings: findings)
                    }
                } catch {
                    outcome.failure = "threw \(error)"
                }
            }
            if let failure = outcome.failure {
                let problem = StringFileDiagnostic(location: TextFileLocation(file: preview.fileID, line: preview.line, column: 1),
                                                   message: "preview \"\(preview.displayName)\" failed: \(failure)")
                writers.forEach { $0.add(problem: problem) }
                inputErrors.append(ReviewInputError(file: preview.fileID, line: preview.line, column: 1, message: problem.message))
            }
            if !group.findings.isEmpty { groups.append(group) }
            outcomes.append(outcome)
        }
        let duration = Date().timeIntervalSince(started)
        for (writer, name) in zip(writers, ["audit.txt", "audit.json", "audit.junit.xml"]) {
            // The text table's summary points at "the errors above": they go first in the file.
            var bytes: [UInt8] = writer.format != .text ? [] : Array(writer.problems.map { "error: \($0)\n" }.joined().utf8)
            try writer.finish(duration: duration) { bytes += $0 }
            try write(bytes, to: folder + "/" + name)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try write(Array(try encoder.encode(outcomes)), to: folder + "/previews.json")
        let page = ReviewGallery(title: "Previews", groupNoun: "preview", groups: groups, inputErrors: inputErrors)
        do {
            _ = try ReviewGalleryWriter().write(page, to: folder + "/gallery")
        } catch {
            throw PreviewRunError("can't write the review gallery: \(error)")
        }
        return outcomes
    }

    /// A file name for `name` that no earlier preview of the run has.
    private static func uniqueFileName(_ name: String, used: inout Set<String>) -> String {
        let base = ReviewGalleryWriter.safeFileName(name)
        var candidate = base, number = 2
        while used.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }

    private static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PreviewRunError("can't write \(path): \(error)")
        }
    }
}

/// A preview run that can't start or finish: bad options or an unwritable report.
public struct PreviewRunError: Error, Sendable, CustomStringConvertible {
    /// One line saying what is wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
