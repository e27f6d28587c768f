/// A length as React Native writes it: a number of points, a percentage such as `"50%"`, or
/// `"auto"`.
public enum Dimension: Sendable, Hashable, CustomStringConvertible {
    /// Sized by the layout: content, stretching or flexing decide.
    case auto
    /// A fixed length in points.
    case points(Double)
    /// A percentage (50 is half) of the containing box's matching inner size; `auto` when
    /// that size is not yet known.
    case percent(Double)

    /// Parses React Native's spellings: `"auto"`, `"50%"` or a number such as `"12.5"`.
    ///
    /// Returns `nil` for anything else, and for values that aren't finite, so that a screen
    /// file's typo is reported rather than laid out as zero.
    public init?(_ text: String) {
        if text == "auto" {
            self = .auto
        } else if text.hasSuffix("%"), let value = Double(text.dropLast()), value.isFinite {
            self = .percent(value)
        } else if let value = Double(text), value.isFinite {
            self = .points(value)
        } else {
            return nil
        }
    }

    /// React Native's spelling: `auto`, `50%` or the number of points.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .points(let value): "\(value)"
        case .percent(let value): "\(value)%"
        }
    }

    /// True for a percentage.
    var isPercentage: Bool {
        if case .percent = self { return true }
        return false
    }

    /// The length in points, or `nil` for `auto` and for a percentage of an unknown size.
    func resolved(against reference: Double?) -> Double? {
        switch self {
        case .auto: nil
        case .points(let value): value
        case .percent(let value): reference.map { $0 * value / 100 }
        }
    }
}

extension Dimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A length in points, so that a style can say `width: 120`.
    public init(floatLiteral value: Double) { self = .points(value) }

    /// A length in points, so that a style can say `width: 120`.
    public init(integerLiteral value: Int) { self = .points(Double(value)) }
}
