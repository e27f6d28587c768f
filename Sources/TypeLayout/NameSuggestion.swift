/// "Did you mean …?" for a mistyped name: the candidates nearest to it by edit distance.
public enum NameSuggestion {
    /// The candidates nearest to `name` (Levenshtein distance, ignoring case and whitespace, as
    /// the parsers do), in the candidates' order; empty for an empty `name`, or when even the
    /// nearest is too far to be a typo: more than a third of `name`'s length (at least 1, at
    /// most 3 edits). Several candidates come back when they are equally near (`ax6` is one
    /// edit from `ax1` … `ax5`).
    public static func nearest(to name: String, among candidates: [String]) -> [String] {
        let key = Array(normalized(name).unicodeScalars)
        guard !key.isEmpty else { return [] }
        let limit = min(3, max(1, key.count / 3))
        var best = limit + 1
        var names: [String] = []
        for candidate in candidates {
            let distance = editDistance(key, Array(normalized(candidate).unicodeScalars), limit: best)
            if distance < best {
                best = distance
                names = [candidate]
            } else if distance == best, !names.contains(candidate) {
                names.append(candidate)
            }
        }
        return best <= limit ? names : []
    }

    /// " (did you mean 'xxxl'?)", " (did you mean 'xl' or 'ax1'?)", or "" without suggestions:
    /// the text errors put after the name they quote.
    public static func phrase(for name: String, among candidates: [String]) -> String {
        let names = nearest(to: name, among: candidates).map { "'\($0)'" }
        guard let last = names.last else { return "" }
        let list = names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
        return " (did you mean \(list)?)"
    }

    private static func normalized(_ text: String) -> String {
        String(text.filter { !$0.isWhitespace }).lowercased()
    }

    /// Levenshtein distance, or something over `limit` once it is sure to exceed it (names are
    /// short, but a pasted paragraph shouldn't cost its length times every candidate's).
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return a.count + b.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
