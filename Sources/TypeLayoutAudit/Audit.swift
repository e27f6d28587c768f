import Synchronization
import TypeLayout
#if canImport(Glibc)
import Glibc
import TypeLayoutRendering
#endif

/// Why a string doesn't fit its label at a category.
public enum AuditReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// It needed more lines than the label shows, so its end was cut off with "…".
    case truncated
    /// A single word was wider than the label, so it had to be broken between letters.
    case wordBroken
    /// The label grew taller than its maximum height.
    case tooTall
}

/// One string laid out at one category: fits, or the reasons it doesn't.
public struct AuditCheck: Sendable, Hashable, Codable {
    /// The category.
    public let category: ContentSizeCategory
    /// Why it doesn't fit, most serious first (truncated, wordBroken, tooTall); empty when it fits.
    public let reasons: [AuditReason]
    /// The lines the label shows (at most the rule's max lines).
    public let lineCount: Int
    /// The lines the text would need with no line limit: more than ``lineCount`` when truncated.
    public let linesNeeded: Int
    /// The label's used size in points.
    public let size: LayoutSize
    /// The font's point size at the category.
    public let pointSize: Double

    /// A check result; `linesNeeded` is `lineCount` when not given.
    public init(category: ContentSizeCategory, reasons: [AuditReason], lineCount: Int, linesNeeded: Int? = nil,
                size: LayoutSize, pointSize: Double) {
        self.category = category
        self.reasons = reasons
        self.lineCount = lineCount
        self.linesNeeded = linesNeeded ?? lineCount
        self.size = size
        self.pointSize = pointSize
    }

    /// Whether the string fits at this category.
    public var fits: Bool { reasons.isEmpty }
}

/// One string (a key in one language, one variant) checked at each of its rule's categories.
public struct AuditEntry: Sendable, Codable {
    /// The string.
    public let string: LocalizedString
    /// The index of its rule in ``LabelRuleSet/rules``, `nil` for the fallback label.
    public let ruleIndex: Int?
    /// One check per category, in the rule's category order; empty if it couldn't be laid out.
    public let checks: [AuditCheck]
    /// Why it couldn't be laid out (a font that fails to load), or `nil`.
    public let error: String?

    /// Whether it fits at every category checked (and could be laid out).
    public var fits: Bool { error == nil && checks.allSatisfy(\.fits) }
    /// The categories at which it doesn't fit, in check order.
    public var failingCategories: [ContentSizeCategory] { checks.filter { !$0.fits }.map(\.category) }

    /// The smallest failing category when every larger category checked fails too ("fails from
    /// accessibilityMedium up"); `nil` when it fits everywhere or when a larger category fits
    /// again (failures that don't grow with the size: see ``failingCategories``).
    public var failsFrom: ContentSizeCategory? {
        Self.failsFrom(failing: Set(failingCategories), checked: checks.map(\.category))
    }

    /// The smallest of `failing` when every larger category of `checked` is in it too.
    static func failsFrom(failing: Set<ContentSizeCategory>, checked: [ContentSizeCategory]) -> ContentSizeCategory? {
        let bySize = checked.sorted()
        guard let first = bySize.firstIndex(where: failing.contains), bySize[first...].allSatisfy(failing.contains) else { return nil }
        return bySize[first]
    }
}

/// A string that doesn't fit at one category: what the report lists.
public struct AuditFailure: Sendable, Hashable {
    /// The string.
    public let string: LocalizedString
    /// The category.
    public let category: ContentSizeCategory
    /// The main reason: the first of ``reasons``.
    public let reason: AuditReason
    /// Every reason, most serious first.
    public let reasons: [AuditReason]
    /// The lines the label shows.
    public let lineCount: Int
    /// The lines the text would need with no line limit.
    public let linesNeeded: Int
    /// The label's used size in points.
    public let size: LayoutSize
    /// The font's point size at the category.
    public let pointSize: Double
}

/// What an audit found: every entry with its checks, the problems in the input files, and how
/// long the checking took.
public struct AuditReport: Sendable {
    /// Every string checked, in input order.
    public var entries: [AuditEntry]
    /// Problems found while reading the input files.
    public var diagnostics: [StringFileDiagnostic]
    /// Seconds spent laying out and checking.
    public var duration: Double

    /// A report.
    public init(entries: [AuditEntry], diagnostics: [StringFileDiagnostic] = [], duration: Double = 0) {
        self.entries = entries
        self.diagnostics = diagnostics
        self.duration = duration
    }

    /// The number of checks: string × language × category.
    public var checked: Int { entries.reduce(0) { $0 + $1.checks.count } }

    /// Every failing check, in input order, then category order.
    public var failures: [AuditFailure] {
        entries.flatMap { entry in
            entry.checks.filter { !$0.fits }.map { check in
                AuditFailure(string: entry.string, category: check.category, reason: check.reasons[0], reasons: check.reasons,
                             lineCount: check.lineCount, linesNeeded: check.linesNeeded, size: check.size, pointSize: check.pointSize)
            }
        }
    }

    /// Entries that couldn't be laid out.
    public var errors: [AuditEntry] { entries.filter { $0.error != nil } }

    /// Whether everything fits and every file was read cleanly: the command exits 0 only then.
    public var isClean: Bool { diagnostics.isEmpty && entries.allSatisfy(\.fits) }
}

/// Checks localized strings against their labels at every Dynamic Type category.
///
/// Each string is measured once per rule with all its categories in one call to the engine (the
/// lines, size and truncation `TextLayoutEngine.layout(_:paragraphStyle:categories:in:)` would
/// give, without building lines or glyphs), so the text analysis and shaping are shared between
/// the categories; strings are spread over the cores, all on one engine.
public struct Audit: Sendable {
    /// The labels.
    public var rules: LabelRuleSet
    /// The engine (its shaping cache is shared by every task).
    public var engine: TextLayoutEngine
    /// How many strings are laid out at once; by default one per core.
    public var concurrency: Int
    /// The context fonts resolve in at each category (its scaling mode and system family).
    public var context: DynamicTypeContext

    /// An audit with rules, laying out in `context`.
    public init(rules: LabelRuleSet, engine: TextLayoutEngine = .shared, concurrency: Int? = nil,
                context: DynamicTypeContext = .current) {
        self.rules = rules
        self.engine = engine
        self.context = context
        self.concurrency = max(1, concurrency ?? Self.activeCores)
    }

    /// Online cores (sysconf), at least 1.
    public static var activeCores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// The number of checks `strings` will take: each string times its rule's categories.
    public func checkCount(_ strings: [LocalizedString]) -> Int {
        strings.reduce(0) { $0 + rules.rule(for: $1.key).rule.categories.count }
    }

    /// Checks every string at its rule's categories.
    ///
    /// - Parameter progress: called from the worker threads after each string with the checks
    ///   done so far and the total; it must be quick (throttle any printing).
    public func check(
        _ strings: [LocalizedString], diagnostics: [StringFileDiagnostic] = [],
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) -> AuditReport {
        let start = ContinuousClock.now
        var entries: [AuditEntry] = []
        entries.reserveCapacity(strings.count)
        check(strings, chunkSize: max(1, strings.count), progress: progress) { entries += $0 }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return AuditReport(entries: entries, diagnostics: diagnostics, duration: seconds)
    }

    /// Checks every string at its rule's categories a chunk at a time, handing each chunk's
    /// entries (in input order) to `consume` on the calling thread, so that memory holds a few
    /// chunks' results however many strings there are (a report written as it goes, see
    /// ``AuditReportWriter``). The next chunks are laid out while `consume` runs, so that the
    /// cores don't wait for it.
    ///
    /// - Parameters:
    ///   - chunkSize: strings per chunk (at least 1). Identical strings are laid out once per chunk.
    ///   - progress: as for ``check(_:diagnostics:progress:)``, counting over all chunks.
    public func check(
        _ strings: [LocalizedString], chunkSize: Int,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        consume: ([AuditEntry]) throws -> Void
    ) rethrows {
        // Each string's rule, matched once (and once for a key's languages, which come one
        // after the other): the total comes from it, and the chunks reuse it. This runs before
        // any work starts, so it is kept short.
        var ruleOfString: [Int?] = []
        ruleOfString.reserveCapacity(strings.count)
        var checkCount = 0
        var previous: (key: String, rule: Int?, categories: Int)?
        for string in strings {
            if previous?.key != string.key {
                let (rule, index) = rules.rule(for: string.key)
                previous = (string.key, index, rule.categories.count)
            }
            ruleOfString.append(previous!.rule)
            checkCount += previous!.categories
        }
        let total = checkCount
        let chunkSize = max(1, chunkSize)
        let chunkCount = (strings.count + chunkSize - 1) / chunkSize
        guard chunkCount > 0 else { return }
        let done = CheckCounter()
        let process: @Sendable (ArraySlice<ChunkWork.Item>) -> [CheckResult] = { [self] items in
            var checks = 0
            let results = items.map { item in
                checks += item.rule.categories.count * item.copies
                return check(item.string, rule: item.rule)
            }
            progress?(done.add(checks), total)
            return results
        }
        try ChunkPipeline.with(workers: concurrency, process: process) { pipeline in
            // Two chunks ahead of the one consumed: the workers have one to finish and one to
            // start while `consume` runs.
            let ahead = 2
            var submitted: [ChunkWork] = []
            func submit(_ index: Int) {
                let range = index * chunkSize..<min(strings.count, (index + 1) * chunkSize)
                let work = ChunkWork(strings[range], rules: ruleOfString[range], in: rules)
                // Small batches keep every core busy to the end without a lock round trip per string.
                pipeline.submit(work.items, batch: min(32, work.items.count / (concurrency * 64)))
                submitted.append(work)
            }
            for index in 0..<min(ahead, chunkCount) { submit(index) }
            for index in 0..<chunkCount {
                let results = pipeline.next()
                if index + ahead < chunkCount { submit(index + ahead) }
                try consume(submitted.removeFirst().entries(results))
            }
        }
    }

    private typealias CheckResult = (checks: [AuditCheck], error: String?)

    /// The checks done so far, over all chunks.
    private final class CheckCounter: Sendable {
        private let count = Atomic<Int>(0)

        /// Adds `checks` and returns the new total.
        func add(_ checks: Int) -> Int { count.add(checks, ordering: .relaxed).newValue }
    }

    /// One chunk's strings, each laid out once: strings that look the same to the layout (same
    /// text, language and rule: a plural form that repeats "other", a key left untranslated)
    /// share one item.
    private struct ChunkWork {
        struct Item: Sendable {
            let string: LocalizedString
            let rule: LabelRule
            let ruleIndex: Int?
            var copies: Int
        }

        private struct Key: Hashable {
            let text: String
            let language: String?
            let rule: Int?

            // The same bytes, not String's canonical equivalence: hashing that normalizes every
            // text that isn't ASCII was most of this de-duplication's cost, and two spellings
            // of one text (NFC and NFD) may shape differently, so each is laid out.
            static func == (left: Key, right: Key) -> Bool {
                left.rule == right.rule && left.language == right.language && String.sameUTF8(left.text, right.text)
            }

            func hash(into hasher: inout Hasher) {
                text.hashUTF8(into: &hasher)
                hasher.combine(language)
                hasher.combine(rule)
            }
        }

        private let strings: ArraySlice<LocalizedString>
        private(set) var items: [Item] = []
        private var itemOfString: [Int]

        init(_ strings: ArraySlice<LocalizedString>, rules ruleOfString: ArraySlice<Int?>, in rules: LabelRuleSet) {
            self.strings = strings
            itemOfString = []
            itemOfString.reserveCapacity(strings.count)
            var itemOfKey: [Key: Int] = [:]
            itemOfKey.reserveCapacity(strings.count)
            for (string, ruleIndex) in zip(strings, ruleOfString) {
                let key = Key(text: string.text, language: Audit.layoutLanguage(string.language), rule: ruleIndex)
                if let item = itemOfKey[key] {
                    items[item].copies += 1
                    itemOfString.append(item)
                } else {
                    itemOfKey[key] = items.count
                    itemOfString.append(items.count)
                    items.append(Item(string: string, rule: ruleIndex.map { rules.rules[$0] } ?? rules.fallback, ruleIndex: ruleIndex, copies: 1))
                }
            }
        }

        /// The chunk's entries in input order, from one result per item.
        func entries(_ results: [CheckResult]) -> [AuditEntry] {
            zip(strings, itemOfString).map { string, item in
                AuditEntry(string: string, ruleIndex: items[item].ruleIndex, checks: results[item].checks, error: results[item].error)
            }
        }
    }

    /// Checks one string at its rule's categories.
    public func check(_ string: LocalizedString) -> AuditEntry {
        let (rule, index) = rules.rule(for: string.key)
        let result = check(string, rule: rule)
        return AuditEntry(string: string, ruleIndex: index, checks: result.checks, error: result.error)
    }

    private func check(_ string: LocalizedString, rule: LabelRule) -> (checks: [AuditCheck], error: String?) {
        do {
            // Measured, not laid out: a check reads no lines or glyphs. A truncated category's
            // lines without the line limit come with it (the same breaks, all shown): the lines
            // the text needs, and whether a word is too wide on its own (a truncated line may
            // end mid-word only because of the limit).
            let measurements = try engine.measurements(attributedText(string, rule: rule), paragraphStyle: rule.paragraphStyle,
                                                       categories: rule.categories, in: context)
            let checks = measurements.map { measured in
                var reasons: [AuditReason] = []
                if measured.isTruncated { reasons.append(.truncated) }
                // A single-line label that truncates has one cause, said once.
                let brokenWord = measured.isTruncated
                    ? rule.maxLines != 1 && measured.unlimitedHasBrokenWord : measured.hasBrokenWord
                if brokenWord { reasons.append(.wordBroken) }
                // A hair of tolerance: heights are sums of scaled font metrics.
                if let maxHeight = rule.maxHeight, measured.size.height > maxHeight + 1e-6 { reasons.append(.tooTall) }
                return AuditCheck(category: measured.category, reasons: reasons, lineCount: measured.lineCount,
                                  linesNeeded: measured.isTruncated ? measured.unlimitedLineCount : measured.lineCount,
                                  size: measured.size, pointSize: measured.pointSize)
            }
            return (checks, nil)
        } catch {
            return ([], "\(error)")
        }
    }

    /// The language a layout uses for line breaking (kinsoku in Japanese) and shaping; none
    /// for a file that doesn't say (`und`) or Xcode's `Base`.
    static func layoutLanguage(_ tag: String) -> String? {
        tag == "und" || tag.lowercased() == "base" || tag.isEmpty ? nil : tag
    }

    /// The string's layouts in its label at the rule's categories (what a check measures and
    /// a contact sheet draws).
    public func layouts(of string: LocalizedString, rule: LabelRule? = nil) throws -> [TextLayout] {
        let rule = rule ?? rules.rule(for: string.key).rule
        return try engine.layout(attributedText(string, rule: rule), paragraphStyle: rule.paragraphStyle, categories: rule.categories, in: context)
    }

    func attributedText(_ string: LocalizedString, rule: LabelRule) -> AttributedText {
        AttributedText(Self.laidOutText(string.text), attributes: TextAttributes(font: rule.font, language: Self.layoutLanguage(string.language)))
    }

    /// The text a string's label shows: a format string's placeholders (`%@`, `%lld`, `%1$@`,
    /// `%.1f`) filled with sample values by the screen audit's rule (``FormatArguments``), so
    /// that `%1$@%2$@` isn't measured as one long word. Reports name the samples
    /// (``FormatArguments/samplesNote(_:samples:)``).
    public static func laidOutText(_ text: String) -> String {
        FormatArguments.fill(text)
    }

    /// A contact sheet of an entry at every category it was checked at, the failing ones
    /// outlined.
    ///
    /// - Throws: layout errors, or ``ImageError/tooLarge(width:height:)`` for a sheet past the
    ///   image limits.
    public func contactSheet(for entry: AuditEntry, sheet: ContactSheet = ContactSheet()) throws -> RGBAImage {
        let layouts = try layouts(of: entry.string)
        var sheet = sheet
        sheet.columns = min(4, max(1, layouts.count))
        return try sheet.render(layouts, failing: Set(entry.failingCategories), engine: engine)
    }
}
