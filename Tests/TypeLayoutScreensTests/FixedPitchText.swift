@testable import TypeLayoutScreens

/// Text-like content for tests: words of `characterWidth`-wide characters separated by one
/// space, wrapped greedily, `lineHeight` a line — the differential script's rule exactly.
struct FixedPitchText: MeasuredContent {
    /// Characters per word.
    let words: [Int]
    var characterWidth = 7.0
    var lineHeight = 13.0
    /// Slack when testing whether a line fits, the same as the script's.
    var fitsTolerance = 1e-3
    /// The first line's baseline from the top of the text.
    var baseline = 10.0

    var minContentWidth: Double { Double(words.max() ?? 0) * characterWidth }

    var maxContentWidth: Double {
        Double(words.reduce(0, +) + max(0, words.count - 1)) * characterWidth
    }

    func firstBaseline(atWidth width: Double) -> Double? { words.isEmpty ? nil : baseline }

    func height(atWidth width: Double) -> Double {
        var lines = 1
        var used: Int?
        for word in words {
            let candidate = used.map { $0 + 1 + word } ?? word
            if used == nil || Double(candidate) * characterWidth <= width + fitsTolerance {
                used = candidate
            } else {
                lines += 1
                used = word
            }
        }
        return Double(lines) * lineHeight
    }
}
