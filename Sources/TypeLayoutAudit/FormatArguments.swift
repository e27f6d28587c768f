import TypeLayoutScreens

/// Fills a localized format string's placeholders with values, as `String(format:)` would show
/// them, so that a screen lays out what a person sees.
public enum FormatArguments {
    /// `format` with each placeholder replaced: `%@`, `%s` and the like by a string, `%d`,
    /// `%lld`, `%u`, `%f` and the like by a number, `%1$@` by the first argument wherever it
    /// stands, `%#@name@` (a `.stringsdict` substitution) by a number, `%%` by `%`.
    ///
    /// The n-th argument (counting from 0, or `n$` − 1 when positional) is `arguments[n]` when
    /// given; otherwise `samples.string` or `samples.number`, as the placeholder's type asks.
    /// Numbers are written with a comma between thousands in every language, which is as wide as
    /// the period or space others use; a precision adds as many zeros (`%.2f` → `1,234.00`).
    /// Anything after a `%` that isn't a placeholder is kept as written.
    public static func fill(_ format: String, arguments: [String] = [], samples: FormatSamples = FormatSamples()) -> String {
        guard format.contains("%") else { return format }
        let scalars = Array(format.unicodeScalars)
        var result = String.UnicodeScalarView()
        var next = 0
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "%", index + 1 < scalars.count else {
                result.append(scalars[index])
                index += 1
                continue
            }
            if scalars[index + 1] == "%" {
                result.append("%")
                index += 2
                continue
            }
            guard let placeholder = Placeholder(scalars, at: index + 1) else {
                result.append(scalars[index])
                index += 1
                continue
            }
            let argument = placeholder.position.map { $0 - 1 } ?? next
            if placeholder.position == nil { next += 1 }
            let value = argument < arguments.count
                ? arguments[argument]
                : placeholder.isNumber ? number(samples.number, fractionDigits: placeholder.precision) : samples.string
            result.append(contentsOf: value.unicodeScalars)
            index = placeholder.end
        }
        return String(result)
    }

    /// What a report says of a format string laid out with samples: the samples and the text
    /// laid out ("placeholders filled with the samples "Alexandra" and 1,234: Hallo Alexandra,
    /// 1,234 Dateien"), or `nil` for a text without placeholders. The string audit and the
    /// screen audit fill placeholders by one rule, ``fill(_:arguments:samples:)``.
    public static func samplesNote(_ format: String, samples: FormatSamples = FormatSamples()) -> String? {
        let filled = fill(format, samples: samples)
        guard filled != format else { return nil }
        return "placeholders filled with the samples \"\(samples.string)\" and \(number(samples.number, fractionDigits: nil)): \(filled)"
    }

    /// `1234` as `1,234`, with `fractionDigits` zeros after a point.
    static func number(_ value: Int, fractionDigits: Int?) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        let fraction = fractionDigits.map { $0 > 0 ? "." + String(repeating: "0", count: min($0, 20)) : "" } ?? ""
        return (value < 0 ? "-" : "") + grouped + fraction
    }

    /// One placeholder after its `%`: `[n$][flags][width][.precision][length]conversion`, or
    /// `#@name@`.
    private struct Placeholder {
        var position: Int?
        var precision: Int?
        var isNumber = false
        var end = 0

        init?(_ scalars: [Unicode.Scalar], at start: Int) {
            var index = start
            func digits() -> Int? {
                var value: Int?
                while index < scalars.count, let digit = Int(String(scalars[index])), scalars[index].isASCII {
                    value = min(1_000_000, (value ?? 0) * 10 + digit)
                    index += 1
                }
                return value
            }
            let positionStart = index
            if let number = digits(), index < scalars.count, scalars[index] == "$", number > 0 {
                position = number
                index += 1
            } else {
                index = positionStart
            }
            if index < scalars.count, scalars[index] == "#", index + 1 < scalars.count, scalars[index + 1] == "@" {
                // A stringsdict substitution: its forms count the number.
                guard let close = scalars[(index + 2)...].firstIndex(of: "@") else { return nil }
                isNumber = true
                end = close + 1
                return
            }
            while index < scalars.count, "-+ #0'".unicodeScalars.contains(scalars[index]) { index += 1 }
            if index < scalars.count, scalars[index] == "*" { index += 1 } else { _ = digits() }
            if index < scalars.count, scalars[index] == "." {
                index += 1
                precision = digits() ?? 0
            }
            while index < scalars.count, "hlqLzjt".unicodeScalars.contains(scalars[index]) { index += 1 }
            guard index < scalars.count else { return nil }
            switch scalars[index] {
            case "@", "s", "S", "c", "C": isNumber = false
            case "d", "i", "u", "o", "x", "X", "D", "U", "O", "p": isNumber = true
                precision = nil
            case "f", "F", "e", "E", "g", "G", "a", "A": isNumber = true
            default: return nil
            }
            end = index + 1
        }
    }
}
