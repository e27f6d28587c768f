import TypeLayout
import TypeLayoutAudit
import TypeLayoutGallery
import TypeLayoutScreens

/// The screens given to `render-cli audit`: read, chosen by language and shard, and checked.
struct ScreenInputs {
    /// Each screen with its place among the screens given (its place in the run, sharded or not).
    private var screens: [(path: String, screen: Screen, position: Int)] = []
    private let strings: ScreenStrings
    /// The languages each screen is checked in: the string files', or `und` (the screen as
    /// written) when there are none.
    private(set) var languages: [String]
    /// Problems in screen files, one line each; the other screens are still checked.
    private(set) var diagnostics: [StringFileDiagnostic] = []

    /// Reads the screens.
    ///
    /// - Throws: ``CLIError`` for a file that can't be read at all, which stops the run before
    ///   any work, as an unreadable string file does.
    init(paths: [String], strings: [LocalizedString], developmentLanguage: String) throws {
        // Indexed only for screens: the index holds every string again (26 MiB of a million-string audit).
        self.strings = ScreenStrings(paths.isEmpty ? [] : strings, developmentLanguage: developmentLanguage)
        languages = self.strings.languages.isEmpty ? ["und"] : self.strings.languages
        for (position, path) in paths.enumerated() {
            do {
                screens.append((path, try ScreenFile.read(atPath: path), position))
            } catch {
                guard let location = error.location else { throw CLIError.runtime("\(error.file): \(error.message)") }
                diagnostics.append(StringFileDiagnostic(location: TextFileLocation(file: location.file, line: location.line, column: location.column),
                                                        message: error.message))
            }
        }
    }

    /// Only `wanted` languages.
    ///
    /// - Throws: ``AuditError`` naming a language no string file has, when there are screens.
    mutating func keep(languages wanted: [String]) throws {
        guard !screens.isEmpty else { return }
        let present = languages.map { LocalizedString(key: "", language: $0, text: "", location: TextFileLocation(file: "", line: 1, column: 1)) }
        languages = try AuditLanguages.filter(present, languages: wanted).map(\.language)
    }

    /// Only the screens in `shard`, by their path.
    mutating func keep(_ shard: AuditShard) {
        screens.removeAll { !shard.contains(key: "", file: $0.path) }
    }

    /// Checks every screen in every language at `categories`, spread over `concurrency` threads,
    /// and adds each screen × language to every writer and to `recorder` in order. A screen that
    /// can't be laid out is one error line.
    ///
    /// - Returns: whether every screen could be laid out. With a `gallery`, each screen's
    ///   findings are added to `page`.
    func check(categories: [ContentSizeCategory], context: DynamicTypeContext, concurrency: Int, writers: [AuditReportWriter],
               gallery: ScreenGallery? = nil, page: inout AuditPage, recorder: AuditRunRecorder? = nil) throws -> Bool {
        let work = screens.flatMap { screen in languages.map { (screen.path, screen.screen, $0) } }
        // A screen × language's place in the unsharded run.
        let places = screens.flatMap { screen in languages.indices.map { screen.position * languages.count + $0 } }
        guard !work.isEmpty else { return true }
        let results = Lock<[Result<(layouts: [ScreenLayout], findings: [ScreenFinding]), any Error>?]>(Array(repeating: nil, count: work.count))
        let strings = strings
        forEachConcurrently(count: work.count, workers: concurrency) { index in
            let (path, screen, language) = work[index]
            let result = Result {
                let checked = try ScreenAudit.checkKeepingLayouts(screen, name: path, language: language, strings: strings,
                                                                  categories: categories, context: context)
                // The gallery's pictures draw the layouts at large and where something fails;
                // only those are kept.
                let failing = Set(checked.findings.filter(\.rule.isFailure).map(\.category))
                let kept = gallery == nil || failing.isEmpty ? [] : checked.layouts.filter { $0.category == .large || failing.contains($0.category) }
                return (layouts: kept, findings: checked.findings)
            }
            results.withLock { $0[index] = result }
        }
        var clean = true
        for (index, result) in results.withLock({ $0 }).enumerated() {
            let (path, screen, language) = work[index]
            let run: AuditScreenRun
            switch result! {
            case let .success((layouts, findings)):
                let reviewed = try gallery?.findings(of: screen, name: path, language: language, strings: strings,
                                                     categories: categories, findings: findings, layouts: layouts) ?? []
                page.add(screen: path, findings: reviewed)
                run = AuditScreenRun(path: path, language: language, categories: categories, findings: findings, gallery: reviewed)
            case let .failure(error):
                FileHandleStderr.write("render-cli: error: \(path) (\(language)): \(error)\n")
                // An error in every report too (JSON, JUnit, the page), not only on standard error.
                let problem = StringFileDiagnostic(location: TextFileLocation(file: path, line: 1, column: 1),
                                                   message: "can't lay out the screen in \(language): \(error)")
                run = AuditScreenRun(path: path, language: language, categories: categories, findings: [], problem: problem)
                clean = false
            }
            try run.add(to: writers)
            try recorder?.add(run, index: places[index])
        }
        return clean
    }
}
