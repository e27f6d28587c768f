/// A place where a line may, or must, end: the break goes before the UTF-16 code unit at
/// ``utf16Offset`` (after the text before it).
public struct LineBreakOpportunity: Sendable, Hashable {
    /// Offset in UTF-16 code units; the line ends just before this code unit.
    public var utf16Offset: Int
    /// A hard break after a line separator such as U+000A, U+2028 or U+2029 (UAX #14 BK, CR,
    /// LF, NL): the line must end here. Otherwise the line may end here.
    public var isMandatory: Bool

    /// A break before the given code unit, mandatory or not.
    public init(utf16Offset: Int, isMandatory: Bool) {
        self.utf16Offset = utf16Offset
        self.isMandatory = isMandatory
    }
}

/// Finds line break opportunities with the Unicode line breaking algorithm (UAX #14) as ICU
/// implements and tailors it (Japanese kinsoku, URLs, numbers, emoji, ...).
public enum LineBreakAnalyzer {
    /// The offsets after which a line may or must break, in increasing order.
    ///
    /// The start of text is never included; the end of text always is (for non-empty text),
    /// and it is mandatory only when the text ends with a line separator, so a caller can tell
    /// "text ends here" from "text ends with a newline, so an empty last line follows".
    /// Empty text has no opportunities.
    ///
    /// - Parameters:
    ///   - text: UTF-16 code units; lone surrogates are allowed.
    ///   - locale: An ICU locale ID for tailored rules, e.g. `"ja"` or `"ja@lb=strict"`.
    ///     `nil` uses the root rules rather than the process's locale, so results don't
    ///     depend on the machine. An unknown locale falls back to the root rules.
    /// - Throws: ``UnicodeAnalysisError`` if ICU fails (out of memory, missing data).
    public static func opportunities(
        in text: [UInt16], locale: String? = nil
    ) throws -> [LineBreakOpportunity] {
        try ICU.lineBreaks(in: text, locale: locale)
    }

    /// The line break opportunities of a string; offsets count UTF-16 code units.
    public static func opportunities(
        in text: String, locale: String? = nil
    ) throws -> [LineBreakOpportunity] {
        try opportunities(in: Array(text.utf16), locale: locale)
    }
}
