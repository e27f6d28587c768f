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
    /// Only this slice of the previews (`--shard I/N`), chosen by a hash of each preview's name
    /// and file as `AuditShard` chooses strings; every preview when `nil`. A shard's report
    /// folders are joined by `PreviewReport.merge(_:into:)` (`render-cli report merge`).
    public var shard: AuditShard?
    /// Whether the sheets and the gallery's pictures show the device's status bar and home
    /// indicator (`ScreenRenderer.showsDeviceChrome`).
    public var showsDeviceChrome: Bool

    /// Options for a run that writes into `report`.
    public init(report: String, catalogs: [String] = [], languages: [String]? = nil, device: Device = .iPhone16,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases, scale: Int = 1,
                typeContext: DynamicTypeContext = DynamicTypeContext(), shard: AuditShard? = nil,
                showsDeviceChrome: Bool = true) {
        self.showsDeviceChrome = showsDeviceChrome
        self.report = report
        self.catalogs = catalogs
        self.languages = languages
        self.device = device
        self.categories = categories
        self.scale = scale
        self.typeContext = typeContext
        self.shard = shard
    }
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

    /// Renders and audits every preview (of `options.shard`) in every language and writes the
    /// report (`PreviewReport.write(to:pictures:)`); a preview in `failures` (found to throw or
    /// trap beforehand, in a child process) is not run again but reported with its reason, and
    /// one that throws here is reported the same way.
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
        var gallery = ScreenGallery(context: options.typeContext)
        gallery.showsDeviceChrome = options.showsDeviceChrome
        let sheet = ScreenSheet(renderer: ScreenRenderer(scale: options.scale, showsDeviceChrome: options.showsDeviceChrome))
        // Named over every preview, not the shard's: a shard's files are named as the whole run's.
        var usedNames: Set<String> = []
        let fileNames = previews.map { uniqueFileName($0.displayName, used: &usedNames) }
        var entries: [PreviewReport.Entry] = [], pictures: [String: ReviewPicture.Source] = [:]
        for (index, preview) in previews.enumerated() where options.shard?.contains(preview) ?? true {
            var entry = PreviewReport.Entry(index: index, outcome: PreviewOutcome(name: preview.displayName, file: preview.fileID,
                                                                                  line: preview.line, failure: failures[index]))
            if entry.outcome.failure == nil {
                do {
                    for language in languages {
                        let layouts = try Self.layouts(of: preview, language: language, strings: strings, options: options)
                        let sheetPath = "previews/\(fileNames[index]).\(language).sheet.png"
                        try sheet.writePNG(layouts, to: folder + "/" + sheetPath)
                        try Data(ScreenLayout.framesJSON(layouts).utf8)
                            .write(to: URL(fileURLWithPath: folder + "/previews/\(fileNames[index]).\(language).frames.json"))
                        entry.outcome.sheets.append(sheetPath)
                        let findings = ScreenAudit.check(layouts: layouts, name: preview.displayName, language: language)
                        entry.outcome.failingFindings += findings.filter(\.rule.isFailure).count
                        entry.audits.append(PreviewReport.LanguageAudit(language: language, findings: findings))
                        for finding in gallery.findings(ofLayouts: layouts, name: preview.displayName, language: language, findings: findings) {
                            for picture in finding.pictures { pictures[picture.fileName] = picture.source }
                            entry.gallery.append(PreviewReport.GalleryFinding(finding))
                        }
                    }
                } catch {
                    entry.outcome.failure = "threw \(error)"
                }
            }
            entries.append(entry)
        }
        let settings = PreviewReport.Settings(
            previews: previews.map { "\($0.displayName)\t\($0.fileID):\($0.line)" }, catalogs: options.catalogs, languages: languages,
            categories: options.categories, device: options.device.name, scale: options.scale, typeContext: "\(options.typeContext)",
            showsDeviceChrome: options.showsDeviceChrome)
        let report = PreviewReport(settings: settings, shard: options.shard?.description, problems: problems, entries: entries,
                                   duration: Date().timeIntervalSince(started))
        do {
            try report.write(to: folder) { pictures[$0] ?? .file($0) }
        } catch {
            throw PreviewRunError("\(error)")
        }
        return entries.map(\.outcome)
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
}

extension AuditShard {
    /// Whether `preview` is in this slice: by its name and file, as a string by its key and file.
    public func contains(_ preview: Preview) -> Bool { contains(key: preview.displayName, file: preview.fileID) }
}

/// A preview run that can't start or finish: bad options or an unwritable report.
public struct PreviewRunError: Error, Sendable, CustomStringConvertible {
    /// One line saying what is wrong.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
