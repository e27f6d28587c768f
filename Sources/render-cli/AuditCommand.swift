import ArgumentParser
// FoundationEssentials, not Foundation: Foundation's libraries (and their ICU data) add to every
// start-up, and nothing in render-cli links them.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout
import TypeLayoutAudit
import TypeLayoutGallery
#if canImport(Glibc)
import Glibc
import TypeLayoutRendering
#endif

extension AuditReportFormat: ExpressibleByArgument {}

struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Check that every localized string fits its label at every Dynamic Type size.",
        discussion: """
            Reads String Catalogs (.xcstrings), .strings, .stringsdict, JSON maps (.json) and lines files \
            (.txt, .lines), and lays out each string in each language at each category checked. A string \
            fails at a category when it is truncated (needs more than --max-lines), has a word broken \
            mid-word (wordBroken), or is taller than --max-height (tooTall).

            Labels come from --rules (JSON or YAML: key globs with style or font and size, width, \
            maxLines, maxHeight, categories; the first matching rule wins), and the flags give the \
            label for keys no rule matches and the values a rule leaves out. Without flags: body, \
            343 pt wide, unlimited lines, all 12 categories. A rules file that is an object may also \
            have skip (key globs not checked), untranslated (missing: warn about a key a language \
            lacks; identical: also about a text equal to developmentLanguage's, default en), and \
            scaling (metrics or apple; --scaling wins). Warnings don't fail: they are in the report (JSON's \
            warnings, lines above the text summary, each file's JUnit system-err, the review page's reason \
            untranslated) and, but for the text report, on standard error.

            The text report ends with one row per failing string and language: "from \
            accessibilityMedium up" when every larger size fails too, else the sizes it fails at.

            Screen files (.yaml, .yml, or .json with device and root) are checked too: each in every \
            language of the string files (or once, as written, without any) at every category \
            (--categories), right to left for right-to-left languages. A text may name a catalog key \
            (text: { key: settings.title, arguments: [Jo, 3] }); placeholders without arguments take \
            the screen's samples (samples: { string: Alexandra, number: 1234, keys: { KEY: [values] } }). \
            Findings per node: truncated, wordBroken, clipped (overflow: hidden), horizontalOverflow, \
            overlap (siblings; position: absolute ones are overlays), smallTapTarget (role: button or \
            control under 44 × 44 pt), smallText (under 11 pt), and tallerThanDevice (information only).

            --shard I/N checks the I-th of N slices, chosen by a hash of each key and its file, so \
            N CI jobs' reports add up to the whole. The gallery's notes leave out --shard, --report, --sheet, \
            --jobs and --quiet, so every shard names the same audit, and render-cli report merge joins the \
            shards' --report folders into the one a run without --shard writes.

            Exit status: 0 when everything fits, 1 when anything fails or an input has problems, 2 on \
            usage errors.

              render-cli audit Localizable.xcstrings --rules labels.yaml --format junit > audit.xml
              render-cli audit de.lproj/Localizable.strings --style body --width 160 --max-lines 1 --sheet out/
              render-cli audit Localizable.xcstrings --rules labels.yaml --report audit-report   # open audit-report/index.html
              render-cli audit MyApp/Resources --report audit-report   # every xx.lproj folder under it
            """)

    @Argument(help: "String files (.xcstrings, .strings, .stringsdict, .json, .txt/.lines), folders (searched for .xcstrings, .strings and .stringsdict files) and screens (.yaml, .yml, .json).")
    var files: [String] = []

    @Option(help: "Label rules: a .json, .yaml or .yml file.")
    var rules: String?

    @Option(help: "Text style of the label (default body).", transform: ArgumentTransform.style)
    var style: TextStyle?

    @Option(help: "A font file for the label (with --size, or with --style to use its sizes).")
    var font: String?

    @Option(parsing: .unconditional, help: "Point size at large (> 0, ≤ 1000), scaled like UIFontMetrics by --style's metrics (body's without).",
            transform: ArgumentTransform.pointSize)
    var size: Double?

    @Option(help: "Weight on a variable font's wght axis: a name or 1…1000.", transform: ArgumentTransform.weight)
    var weight: FontWeight?

    @Option(parsing: .unconditional, help: "Label width in points (default 343).", transform: ArgumentTransform.width)
    var width: Double?

    @Option(name: .customLong("max-lines"), parsing: .unconditional, help: "Most lines the label shows; 0 is unlimited (the default).")
    var maxLines: Int?

    @Option(name: .customLong("max-height"), parsing: .unconditional, help: "Tallest the label may be, in points.",
            transform: AuditCommand.height)
    var maxHeight: Double?

    @Option(help: "'all' (the default) or a comma list of categories.", transform: ArgumentTransform.categories)
    var categories: [ContentSizeCategory]?

    @OptionGroup var dynamicType: DynamicTypeOptions

    @Option(help: "Only these languages: a comma list (de,fr,pt-BR).", transform: AuditCommand.languageList)
    var languages: [String]?

    @Option(help: "Only the I-th of N stable slices of the keys (1/4, 2/4, …), for N CI jobs.", transform: AuditCommand.shard)
    var shard: AuditShard?

    @Option(help: "text (a table; the default on a terminal), json (the default otherwise) or junit.")
    var format: AuditReportFormat?

    @Option(help: "Write a PNG contact sheet of each failing string to this folder.")
    var sheet: String?

    @Option(help: "Write a review report to this folder: index.html (open it in a browser) and its pictures, grouped by key and by screen, with filters, and the report in every format (audit.txt, audit.json, audit.junit.xml).")
    var report: String?

    @Option(parsing: .unconditional, help: "Strings laid out at once (default: one per core); the report is written alongside them.")
    var jobs: Int?

    @Flag(help: "No progress on standard error.")
    var quiet = false

    @Option(name: .customLong("generate-benchmark-catalog"), help: .hidden)
    var benchmarkCatalog: String?

    @Option(name: .customLong("benchmark-strings"), help: .hidden)
    var benchmarkStrings: Int = 5000

    static func height(_ text: String) throws -> Double {
        guard let value = Double(text), value.isFinite, value > 0 else {
            throw ValidationError("max height must be a number of points greater than 0, got '\(text)'")
        }
        return value
    }

    static func shard(_ text: String) throws -> AuditShard {
        do { return try AuditShard(parsing: text) } catch { throw ValidationError("\(error)") }
    }

    static func languageList(_ text: String) throws -> [String] {
        let list = text.split(separator: ",").map(trimmingSpaces).filter { !$0.isEmpty }
        guard !list.isEmpty else { throw ValidationError("languages must be a comma list such as de,fr, got '\(text)'") }
        return list
    }

    func validate() throws {
        if benchmarkCatalog != nil {
            guard benchmarkStrings > 0 else { throw ValidationError("benchmark strings must be 1 or more, got \(benchmarkStrings)") }
            return
        }
        guard !files.isEmpty else { throw ValidationError("give at least one string file to audit") }
        if let maxLines, maxLines < 0 { throw ValidationError("max lines must be 0 (unlimited) or more, got \(maxLines)") }
        if font != nil && size == nil && style == nil {
            throw ValidationError("--font needs --size, or --style to take its sizes from")
        }
        if let jobs, jobs < 1 { throw ValidationError("jobs must be 1 or more, got \(jobs)") }
    }

    /// The label the flags describe: the rule for every key, or the defaults under a rules file.
    var flagSpec: LabelRuleSpec {
        LabelRuleSpec(style: style, fontPath: font, size: size, weight: weight, width: width, maxLines: maxLines,
                      maxHeight: maxHeight, categories: categories)
    }

    func run() throws {
        if let benchmarkCatalog {
            try writeBenchmark(to: benchmarkCatalog)
            return
        }
        try dynamicType.validateCombination()
        let files = try Self.expandingFolders(files)
        // Checked here, not in validate(): the parser validates before it reports an unknown
        // option, and the value of a mistyped option (`--scalng apple`) lands among the files.
        let screenFiles = files.filter(ScreenAudit.isScreenFile)
        let stringFiles = files.filter { !screenFiles.contains($0) }
        for file in stringFiles where StringFileFormat(path: file) == nil {
            throw ValidationError(AuditError.unsupportedFormat(path: file).description + "; or a screen: .yaml, .yml, .json")
        }
        var context = try dynamicType.context
        let ruleSet = try rules.map {
            try LabelRuleSet.load(contentsOf: $0, defaults: flagSpec, in: context, keepsContextScaling: dynamicType.givenScaling != nil)
        } ?? LabelRuleSet(flagSpec, in: context)
        if let scaling = ruleSet.scalingMode, dynamicType.givenScaling == nil { context.scalingMode = scaling }
        // A folder that can't take the report stops the run before any work.
        if let report {
            do { try ReviewGalleryWriter.checkDestination(Self.withoutTrailingSlash(report)) } catch let error as ReviewGalleryError {
                throw CLIError.runtime("can't write the report: \(error)")
            }
        }

        // Unreadable files stop the run before any work; problems inside files are reported
        // one line each and the rest of the file is still checked.
        var strings: [LocalizedString] = []
        var diagnostics: [StringFileDiagnostic] = []
        for path in stringFiles {
            let file = try StringFileReader.parse(contentsOf: path)
            // The first file's array is taken as it is: a million strings aren't copied.
            if strings.isEmpty { strings = file.strings } else { strings += file.strings }
            diagnostics += file.diagnostics
        }
        var screens = try ScreenInputs(paths: screenFiles, strings: strings, developmentLanguage: ruleSet.developmentLanguage)
        diagnostics += screens.diagnostics
        if !ruleSet.skippedKeys.isEmpty { strings.removeAll { ruleSet.skips($0.key) } }
        // Found before the language and shard filters, which then choose the warnings shown.
        var untranslated = ruleSet.untranslated.map {
            UntranslatedString.find(in: strings, check: $0, developmentLanguage: ruleSet.developmentLanguage)
        } ?? []
        if let languages {
            do {
                strings = try AuditLanguages.filter(strings, languages: languages)
                try screens.keep(languages: languages)
            } catch {
                throw ValidationError("\(error)")
            }
            let wanted = Set(languages.map(AuditLanguages.normalized))
            untranslated.removeAll { !wanted.contains(AuditLanguages.normalized($0.language)) }
        }
        // A shard's report records each string, file problem and warning with its place in the
        // unsharded run, so that the shards' reports merge into that run's (`report merge`).
        let places = shard == nil || report == nil ? nil : (
            strings: strings.indices.filter { shard!.contains(strings[$0]) },
            diagnostics: diagnostics.indices.filter { shard!.contains(key: "\(diagnostics[$0].location.line):\(diagnostics[$0].location.column)",
                                                                      file: diagnostics[$0].location.file) },
            warnings: untranslated.indices.filter { shard!.contains(key: untranslated[$0].key, file: untranslated[$0].location.file) })
        if let shard {
            strings.removeAll { !shard.contains($0) }
            // A file problem goes to one slice too, so that the slices' reports add up.
            diagnostics.removeAll { !shard.contains(key: "\($0.location.line):\($0.location.column)", file: $0.location.file) }
            untranslated.removeAll { !shard.contains(key: $0.key, file: $0.location.file) }
            screens.keep(shard)
        }
        for diagnostic in diagnostics { FileHandleStderr.write("render-cli: error: \(diagnostic)\n") }
        let format = format ?? (isatty(1) != 0 ? .text : .json)
        // The text report lists them itself, on the same terminal.
        if format != .text { for warning in untranslated { FileHandleStderr.write("render-cli: warning: \(warning)\n") } }

        // Without pictures, each string's shaping serves only its own layouts, done at once: a
        // small shaping cache keeps the memory of a million strings down. Pictures lay the
        // failing strings out again later, and keep the default.
        let engine = report == nil && sheet == nil ? TextLayoutEngine(shapingCacheLimit: 4096) : .shared
        let audit = Audit(rules: ruleSet, engine: engine, concurrency: jobs, context: context)
        let progress = quiet ? nil : AuditProgress(total: audit.checkCount(strings), unit: "checks", terminal: isatty(2) != 0)
        var update: (@Sendable (Int, Int) -> Void)?
        if let progress { update = { done, _ in progress.update(done) } }
        // The report is written as the strings are checked, a chunk at a time, so that a
        // catalog of a million strings needs no more memory than one of a thousand.
        // With --report, every format is written into the folder too (one writer each, fed the
        // same entries); the one asked for on standard output is among them.
        let writers = try (report == nil ? [format] : AuditReportFormat.allCases).map {
            try AuditReportWriter(format: $0, diagnostics: diagnostics, warnings: untranslated,
                                  reportFolder: report.map(Self.withoutTrailingSlash),
                                  sheetFolder: sheet.map(Self.withoutTrailingSlash))
        }
        let writer = writers.first { $0.format == format }!
        var failing: [AuditEntry] = []
        let start = ContinuousClock.now
        let recorder = try places.map { _ in try AuditRunRecorder() }
        let auditGallery = AuditGallery(audit: audit)
        var recorded = 0
        try audit.check(strings, chunkSize: 2048, progress: update) { entries in
            for writer in writers { try writer.add(entries) }
            for entry in entries {
                let fails = entry.error == nil && !entry.fits
                if let error = entry.error {
                    FileHandleStderr.write("render-cli: error: \(entry.string.location): \(entry.string.displayKey) (\(entry.string.language)): \(error)\n")
                } else if (sheet != nil || report != nil) && fails {
                    failing.append(entry)
                }
                if let recorder, let places {
                    try recorder.add(entry, index: places.strings[recorded], finding: fails ? auditGallery.finding(entry) : nil)
                    recorded += 1
                }
            }
        }
        progress?.finish(duration: AuditProgress.seconds(ContinuousClock.now - start))
        var page = AuditPage()
        let screensClean = try screens.check(categories: categories ?? ContentSizeCategory.allCases, context: context,
                                             concurrency: audit.concurrency, writers: writers,
                                             gallery: report == nil ? nil : ScreenGallery(context: context, engine: audit.engine),
                                             page: &page, recorder: recorder)
        let duration = AuditProgress.seconds(ContinuousClock.now - start)
        try writer.finish(duration: duration, write: Self.writeToStandardOutput)
        if format == .json { try Self.writeToStandardOutput([0x0A]) }
        if let sheet { try writeSheets(failing, audit: audit, to: sheet) }
        if let report {
            for entry in failing { page.add(auditGallery.finding(entry), key: entry.string.key, file: entry.string.location.file) }
            let title = (screenFiles.isEmpty ? "String audit: " : "Audit: ") + Self.fileNames(files)
            let command = Self.commandLine(CommandLine.arguments.dropFirst(2))
            // The text report's summary line: strings, screens, input problems and warnings.
            let gallery = page.gallery(warnings: untranslated.map { ($0.key, $0.location.file, auditGallery.finding($0)) }, title: title,
                                       notes: [writer.summary, command], inputErrors: writer.problems)
            try Self.writeReport(gallery, to: report, jobs: audit.concurrency, quiet: quiet)
            // After the gallery, which replaces the folder whole.
            let folder = Self.withoutTrailingSlash(report)
            do {
                for writer in writers { try writer.write(duration: duration, to: folder + "/" + AuditRun.reportFileNames[writer.format]!) }
                if let recorder, let places, let shard {
                    let run = AuditRun(
                        command: command, title: title, shard: shard.description, sheetFolder: sheet.map(Self.withoutTrailingSlash),
                        problems: zip(places.diagnostics, diagnostics).map { AuditRun.Problem(index: $0, diagnostic: $1) },
                        warnings: zip(places.warnings, untranslated).map {
                            AuditRun.Warning(index: $0, warning: $1, finding: PreviewReport.GalleryFinding(auditGallery.finding($1)))
                        },
                        lines: 0, duration: duration)
                    try recorder.write(run, to: folder)
                }
            } catch let error as AuditRunError {
                throw CLIError.runtime(error.description)
            }
        }
        if !writer.isClean || !screensClean { throw ExitCode(1) }
    }

    /// Writes a review gallery, saying where on standard error unless `quiet`.
    static func writeReport(_ gallery: ReviewGallery, to folder: String, jobs: Int = Audit.activeCores, quiet: Bool) throws {
        let start = ContinuousClock.now
        let written: ReviewGalleryWriter.Written
        do {
            written = try ReviewGalleryWriter(concurrency: jobs).write(gallery, to: withoutTrailingSlash(folder))
        } catch let error as ReviewGalleryError {
            throw CLIError.runtime("can't write the report: \(error)")
        }
        guard !quiet else { return }
        let megabytes = (Double(written.bytes) / 1_000_000).formatted(maxFractionDigits: 1)
        let seconds = AuditProgress.seconds(ContinuousClock.now - start).formatted(maxFractionDigits: 2)
        FileHandleStderr.write("render-cli: wrote \(withoutTrailingSlash(folder))/index.html: \(gallery.summary.findings) findings, "
            + "\(written.files) files, \(megabytes) MB in \(seconds) s\n")
    }

    private func writeSheets(_ failing: [AuditEntry], audit: Audit, to directory: String) throws {
        if let reason = Self.createDirectories(directory) {
            throw CLIError.runtime("can't create sheet folder \(directory): \(reason)")
        }
        let problems = Lock<[String]>([])
        let written = Lock(0)
        let progress = quiet ? nil : AuditProgress(total: failing.count, unit: "sheets", terminal: isatty(2) != 0)
        let start = ContinuousClock.now
        forEachConcurrently(count: failing.count, workers: audit.concurrency) { index in
            let entry = failing[index]
            let path = directory + "/" + AuditSheetName.fileName(for: entry.string)
            do {
                try PNGCodec.write(try audit.contactSheet(for: entry), to: path)
            } catch {
                problems.withLock { $0.append("can't write the sheet of \(entry.string.displayKey) (\(entry.string.language)): \(error)") }
            }
            let done = written.withLock { written in
                written += 1
                return written
            }
            progress?.update(done)
        }
        progress?.finish(duration: AuditProgress.seconds(ContinuousClock.now - start))
        let messages = problems.withLock { $0 }
        for message in messages { FileHandleStderr.write("render-cli: error: \(message)\n") }
        if !messages.isEmpty { throw ExitCode(1) }
    }

    private func writeBenchmark(to path: String) throws {
        let catalog = AuditBenchmark.catalog(strings: benchmarkStrings)
        let rulesPath = Self.deletingPathExtension(path) + ".rules.json"
        for (file, contents) in [(path, catalog), (rulesPath, Array(AuditBenchmark.rulesJSON.utf8))] {
            guard FileManager.default.createFile(atPath: file, contents: Data(contents)) else {
                throw CLIError.runtime("can't write \(file); check that its folder exists and is writable")
            }
        }
        print("wrote \(path) (\(benchmarkStrings) keys × \(AuditBenchmark.languages.count) languages) and \(rulesPath)")
    }
}
