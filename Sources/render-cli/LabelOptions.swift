import ArgumentParser
import PositionedDocuments
#if canImport(Glibc)
import Glibc
#endif
import TypeLayout
import TypeLayoutAudit

/// The options that describe a label: its font (``FontOptions``), text and paragraph style.
/// Shared by `layout` and `render`.
struct LabelOptions: ParsableArguments, LabelSettings {
    @OptionGroup var fontOptions: FontOptions

    @Option(help: "The text. Default: \"\(LabelOptions.defaultText)\".")
    var text: String?

    @Option(name: .customLong("text-file"), help: "Read UTF-8 text from a file ('-' for standard input).")
    var textFile: String?

    @Option(parsing: .unconditional, help: "Wrap width in points (> 0). Default 343, an iPhone screen less 16 pt margins.",
            transform: ArgumentTransform.width)
    var width: Double = LabelOptions.defaultWidth

    @Option(name: .customLong("max-lines"), parsing: .unconditional, help: "Most lines shown; 0 is unlimited. (default: \(LabelOptions.defaultMaxLines))")
    var givenMaxLines: Int?

    @Option(name: .customLong("align"), help: "How the lines align. (default: \(LabelOptions.defaultAlign.rawValue))")
    var givenAlign: TextAlignment?

    @Option(name: .customLong("truncation"), help: "Where text that doesn't fit in --max-lines is cut. (default: \(LabelOptions.defaultTruncation.rawValue))")
    var givenTruncation: TruncationMode?

    // Defaults applied in LabelSettings, not declared: see FontOptions.
    static let defaultMaxLines = 0
    static let defaultAlign = TextAlignment.natural
    static let defaultTruncation = TruncationMode.tail

    @Option(help: "A fallback font file, tried in order before the bundled faces (repeatable).")
    var fallback: [String] = []

    @Option(help: "The text's language, a BCP 47 tag (ja, de, pt-BR), for line breaking and shaping as the audit uses each file's. Default: guessed from the script.",
            transform: ArgumentTransform.language)
    var language: String?

    static let defaultWidth = 343.0
    static let defaultText = "I'm sorry, Dave. I'm afraid I can't do that."

}

/// The values of ``LabelOptions``, as ArgumentParser parses them or ``RenderFastPath`` reads
/// them, and what they mean (written once, for both).
protocol LabelSettings {
    associatedtype FontChoice: FontSettings
    var fontOptions: FontChoice { get }
    var text: String? { get }
    var textFile: String? { get }
    var width: Double { get }
    var givenMaxLines: Int? { get }
    var givenAlign: TextAlignment? { get }
    var givenTruncation: TruncationMode? { get }
    var fallback: [String] { get }
    var language: String? { get }
}

extension LabelSettings {
    var maxLines: Int { givenMaxLines ?? LabelOptions.defaultMaxLines }
    var align: TextAlignment { givenAlign ?? LabelOptions.defaultAlign }
    var truncation: TruncationMode { givenTruncation ?? LabelOptions.defaultTruncation }

    /// Every check of the label's options and their groups (see `FontSettings.validateGroups()`).
    func validateGroups() throws {
        try fontOptions.validateGroups()
        try validateCombination()
    }

    func validateCombination() throws {
        if text != nil && textFile != nil { throw ValidationError("give --text or --text-file, not both") }
        if maxLines < 0 { throw ValidationError("max lines must be 0 (unlimited) or more, got \(maxLines)") }
    }

    /// The categories to lay out, in order.
    var categoryList: [ContentSizeCategory] { get throws { try fontOptions.categoryList } }

    /// The Dynamic Type context fonts resolve in.
    var context: DynamicTypeContext { get throws { try fontOptions.context } }

    /// The label's layouts at ``categoryList``: one sweep, or with --platform android and no
    /// --font-scale a layout per category at its nearest Android font scale
    /// (``DynamicTypeSettings/context(at:)``), so --category still chooses the text size.
    func layouts(of text: AttributedText, paragraphStyle: ParagraphStyle) throws -> [TextLayout] {
        let dynamicType = fontOptions.dynamicType
        guard dynamicType.fontScaleFollowsCategory else {
            return try TextLayoutEngine.shared.layout(text, paragraphStyle: paragraphStyle, categories: categoryList, in: context)
        }
        return try categoryList.flatMap { category in
            try TextLayoutEngine.shared.layout(text, paragraphStyle: paragraphStyle, categories: [category],
                                               in: dynamicType.context(at: category))
        }
    }

    /// Whether the user asked for several categories (a list of results, a contact sheet).
    var asksForSeveralCategories: Bool { fontOptions.categories != nil }

    func paragraphStyle() throws -> ParagraphStyle {
        let chain = try fallback.map { try FontFace.load(path: $0) }
        var style = ParagraphStyle(width: width, numberOfLines: maxLines, truncation: truncation, alignment: align)
        style.prependFallbackFaces(chain)
        return style
    }

    func readText() throws -> String {
        guard let textFile else { return text ?? LabelOptions.defaultText }
        let bytes: [UInt8]
        if textFile == "-" {
            bytes = StandardInput.readToEnd()
        } else {
            do {
                bytes = try FileBytes.read(textFile)
            } catch {
                switch error {
                case .notFound: throw CLIError.runtime("can't read text file \(textFile): no such file")
                case let .unreadable(_, reason): throw CLIError.runtime("can't read text file \(textFile): \(reason)")
                }
            }
        }
        var text = try UTF8Validation.decode(bytes, source: textFile == "-" ? "standard input" : textFile)
        // A text file's final newline ends its last line; it doesn't add an empty one.
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func attributedText() throws -> AttributedText {
        AttributedText(try readText(), attributes: TextAttributes(font: try fontOptions.resolveFont(), language: language))
    }
}

/// Errors of the tool itself (not the library's), always runtime errors (exit 1).
enum CLIError: Error, CustomStringConvertible {
    case runtime(String)
    var description: String {
        switch self {
        case let .runtime(message): message
        }
    }
}

enum UTF8Validation {
    /// Decodes UTF-8, or names the byte offset of the first invalid sequence.
    static func decode(_ bytes: [UInt8], source: String) throws -> String {
        if let offset = TextDecoding.firstInvalidUTF8(bytes) {
            throw CLIError.runtime("\(source) is not valid UTF-8 (invalid byte sequence at byte offset \(offset))")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum StandardInput {
    /// Everything on standard input (FileHandle is in Foundation, not FoundationEssentials).
    static func readToEnd() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        return bytes
    }
}
