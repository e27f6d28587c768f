/// The analyses (graphemes, paragraphs and bidi, line-break opportunities, scripts) of the texts
/// an engine laid out lately. They depend only on the string, where its attribute runs split it,
/// the base direction and the locale, so laying out a label again (another width, another
/// category, the same label redrawn) skips ICU. callgrind put that analysis at half of a
/// re-layout's instructions, most of it in ICU building a line break iterator from its rules.
final class AnalysisCache: Sendable {
    private struct Key: Hashable {
        let string: String
        /// The runs' UTF-16 ranges (equal exactly when their lengths are): the analysis's own
        /// array, so that keeping a key allocates nothing.
        let runRanges: [Range<Int>]
        let baseDirection: BaseDirection
        let locale: String?

        /// Whether this is the key of `text`, without building that key (its run lengths are an
        /// array).
        func matches(_ string: String, _ runs: [AttributedText.Run], _ baseDirection: BaseDirection,
                     _ locale: String?) -> Bool {
            guard self.baseDirection == baseDirection, self.locale == locale, runRanges.count == runs.count,
                  self.string == string else { return false }
            // One run is the whole string, already compared.
            return runs.count == 1 || runs.indices.allSatisfy { runRanges[$0].count == runs[$0].text.utf16.count }
        }
    }

    private struct Entries {
        /// The last analysis made, compared before anything is hashed: a new engine's first
        /// label and the same label laid out again then cost neither a hash of the string nor a
        /// dictionary (with the shaping cache's, a tenth of a new engine's instructions outside
        /// HarfBuzz).
        var latest: (key: Key, analysis: TextAnalysis)?
        var others: [Key: TextAnalysis] = [:]

        /// Keeps `analysis` as the latest, the previous latest joining the others; past
        /// `capacity` entries in all the others are dropped, like the shaping cache: a plain
        /// reset keeps the bound without bookkeeping.
        mutating func insert(_ key: Key, _ analysis: TextAnalysis, capacity: Int) {
            if let latest, capacity > 1 {
                if others.count >= capacity - 1 { others.removeAll(keepingCapacity: true) }
                others[latest.key] = latest.analysis
            }
            latest = (key, analysis)
        }
    }

    private let entries = Lock(Entries())
    private let capacity: Int

    init(capacity: Int = 1_000) { self.capacity = capacity }

    func analysis(of text: AttributedText, baseDirection: BaseDirection, locale: String?) throws -> TextAnalysis {
        // (Joining one run's text made an array of one string.)
        let string = text.runs.count == 1 ? text.runs[0].text : text.string
        let runs = text.runs
        let found = entries.withLock { entries -> TextAnalysis? in
            if let latest = entries.latest, latest.key.matches(string, runs, baseDirection, locale) {
                return latest.analysis
            }
            guard !entries.others.isEmpty else { return nil }
            return entries.others[Key(string: string, runRanges: TextAnalysis.runRanges(of: runs),
                                      baseDirection: baseDirection, locale: locale)]
        }
        if let found { return found }
        let analysis = try TextAnalysis(text, string: string, baseDirection: baseDirection, locale: locale)
        let key = Key(string: string, runRanges: analysis.runRanges, baseDirection: baseDirection, locale: locale)
        entries.withLock { $0.insert(key, analysis, capacity: capacity) }
        return analysis
    }
}
