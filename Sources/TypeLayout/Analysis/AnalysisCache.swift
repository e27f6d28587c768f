#if canImport(Glibc)
import Glibc
#endif

/// The analyses (graphemes, paragraphs and bidi, line-break opportunities, scripts) of the texts
/// an engine laid out lately. They depend only on the string, where its attribute runs split it,
/// the base direction and the locale, so laying out a label again (another width, another
/// category, the same label redrawn) skips ICU, whose analysis, mostly building a line break
/// iterator from its rules, would otherwise be the largest part of a re-layout.
final class AnalysisCache: Sendable {
    private struct Key: Hashable {
        let string: String
        /// The runs' UTF-16 ranges (equal exactly when their lengths are): the analysis's own
        /// array, so that keeping a key allocates nothing.
        let runRanges: [Range<Int>]
        let baseDirection: BaseDirection
        let locale: String?

        /// Equal strings by their code units: Swift's `==` on strings is canonical equivalence,
        /// under which "ä" and "a" + U+0308 are one key though their UTF-16 offsets differ, and
        /// the second text was given the first's analysis (line ranges past its end).
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.baseDirection == rhs.baseDirection && lhs.locale == rhs.locale && lhs.runRanges == rhs.runRanges
                && String.sameUTF8(lhs.string, rhs.string)
        }

        /// Hashes the string's UTF-8 bytes, as ``==(_:_:)`` compares them (String+SameUTF8.swift).
        func hash(into hasher: inout Hasher) {
            string.hashUTF8(into: &hasher)
            hasher.combine(runRanges)
            hasher.combine(baseDirection)
            hasher.combine(locale)
        }

        /// Whether this is the key of `text`, without building that key (its run lengths are an
        /// array).
        func matches(_ string: String, _ runs: [AttributedText.Run], _ baseDirection: BaseDirection,
                     _ locale: String?) -> Bool {
            guard self.baseDirection == baseDirection, self.locale == locale, runRanges.count == runs.count,
                  String.sameUTF8(self.string, string) else { return false }
            // One run is the whole string, already compared.
            return runs.count == 1 || runs.indices.allSatisfy { runRanges[$0].count == runs[$0].text.utf16.count }
        }
    }

    private let entries = Lock(RecentEntries<Key, TextAnalysis>())
    private let capacity: Int

    init(capacity: Int = 1_000) { self.capacity = capacity }

    func analysis(of text: AttributedText, baseDirection: BaseDirection, locale: String?) throws -> TextAnalysis {
        // (Joining one run's text made an array of one string.)
        let string = text.runs.count == 1 ? text.runs[0].text : text.string
        let runs = text.runs
        let found = entries.withLock { entries in
            entries.value(latestMatching: { $0.matches(string, runs, baseDirection, locale) }, otherwise: {
                Key(string: string, runRanges: TextAnalysis.runRanges(of: runs), baseDirection: baseDirection, locale: locale)
            })
        }
        if let found { return found }
        let analysis = try TextAnalysis(text, string: string, baseDirection: baseDirection, locale: locale)
        let key = Key(string: string, runRanges: analysis.runRanges, baseDirection: baseDirection, locale: locale)
        entries.withLock { $0.insert(key, analysis, capacity: capacity) }
        return analysis
    }
}
