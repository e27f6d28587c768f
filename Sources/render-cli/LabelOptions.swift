import ArgumentParser
import Foundation
import TypeLayout

extension TextAlignment: ExpressibleByArgument {}
extension TruncationMode: ExpressibleByArgument {}

/// The options that describe a label: font, size, category, text and paragraph style. Shared
/// by `layout` and `render`.
struct LabelOptions: ParsableArguments {
    @Option(help: "A font file (TTF, OTF, TTC) or an installed family name (fontconfig). Default: the GillSans stand-in, or the system stand-in with --style.")
    var font: String?

    @Option(name: .customLong("face-index"), help: "The face of a TTC collection.")
    var faceIndex: Int = 0

    @Option(help: "Weight on the wght axis of a variable font, or of a family: a name or 1…1000.", transform: ArgumentTransform.weight)
    var weight: FontWeight?

    @Option(parsing: .unconditional, help: "Point size at large (> 0, ≤ 1000), scaled to the category like UIFontMetrics. Default 36 without --style.",
            transform: ArgumentTransform.pointSize)
    var size: Double?

    @Option(help: "Text style: with --size, scale by its metrics; without, use its own size at the category.",
            transform: ArgumentTransform.style)
    var style: TextStyle?

    @Option(help: "Content size category (xs s m l xl xxl xxxl ax1…ax5, or full names). Default: $TYPELAYOUT_CONTENT_SIZE_CATEGORY or large.",
            transform: ArgumentTransform.category)
    var category: ContentSizeCategory?

    @Option(help: "'all' or a comma list of categories.", transform: ArgumentTransform.categories)
    var categories: [ContentSizeCategory]?

    @Option(help: "metrics (ratios from the font files) or apple (Apple's published leading table).")
    var scaling: ScalingMode = .metrics

    @Option(help: "The text. Default: \"\(LabelOptions.defaultText)\".")
    var text: String?

    @Option(name: .customLong("text-file"), help: "Read UTF-8 text from a file ('-' for standard input).")
    var textFile: String?

    @Option(parsing: .unconditional, help: "Wrap width in points (> 0). Default 343, an iPhone screen less 16 pt margins.",
            transform: ArgumentTransform.width)
    var width: Double = 343

    @Option(name: .customLong("max-lines"), parsing: .unconditional, help: "Most lines shown; 0 is unlimited.")
    var maxLines: Int = 0

    @Option(help: "natural, left, center, right or justified.")
    var align: TextAlignment = .natural

    @Option(help: "tail, head, middle or clip.")
    var truncation: TruncationMode = .tail

    @Option(help: "A fallback font file, tried in order before the bundled faces (repeatable).")
    var fallback: [String] = []

    static let defaultText = "I'm sorry, Dave. I'm afraid I can't do that."

    func validate() throws {
        if category != nil && categories != nil { throw ValidationError("give --category or --categories, not both") }
        if text != nil && textFile != nil { throw ValidationError("give --text or --text-file, not both") }
        if faceIndex < 0 { throw ValidationError("face index must be 0 or more, got \(faceIndex)") }
        if maxLines < 0 { throw ValidationError("max lines must be 0 (unlimited) or more, got \(maxLines)") }
    }

    /// The categories to lay out, in order.
    var categoryList: [ContentSizeCategory] {
        categories ?? [category ?? DynamicTypeEnvironment.default.contentSizeCategory]
    }

    /// The font at large, carrying its Dynamic Type rule so each category re-resolves it.
    func resolveFont() throws -> Font {
        let large = TraitCollection(preferredContentSizeCategory: .large)
        if let style, size == nil {
            guard let font else { return try Font.preferredFont(forTextStyle: style, compatibleWith: large) }
            let file = try fontFile(font)
            let theme = FontTheme(name: file.path, faces: [style: .init(path: file.path, faceIndex: file.faceIndex, weight: weight)])
            return try theme.font(forTextStyle: style, compatibleWith: large)
        }
        let file = try font.map(fontFile) ?? (path: BundledFonts.gillSansStandIn, faceIndex: faceIndex)
        let base = try Font(path: file.path, pointSize: size ?? 36, faceIndex: file.faceIndex, weight: weight)
        return try FontMetrics(forTextStyle: style ?? .body, scalingMode: scaling).scaledFont(for: base, compatibleWith: large)
    }

    /// A path as given, or an installed family's file.
    private func fontFile(_ name: String) throws -> (path: String, faceIndex: Int) {
        if name.contains("/") || FileManager.default.fileExists(atPath: name) { return (name, faceIndex) }
        if let file = SystemFonts.file(forFamily: name, weight: weight) { return file }
        throw CLIError.runtime("no font file or installed font family named '\(name)'")
    }

    func paragraphStyle() throws -> ParagraphStyle {
        let chain = try fallback.map { try FontFace.load(path: $0) }
        return ParagraphStyle(width: width, numberOfLines: maxLines, truncation: truncation, alignment: align,
                              fallbackFaces: chain + FontFallbackFaces.bundled)
    }

    func readText() throws -> String {
        guard let textFile else { return text ?? Self.defaultText }
        let data: Data
        if textFile == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: textFile) else {
                throw CLIError.runtime("can't read text file \(textFile)")
            }
            data = contents
        }
        var text = try UTF8Validation.decode(Array(data), source: textFile == "-" ? "standard input" : textFile)
        // A text file's final newline ends its last line; it doesn't add an empty one.
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    func attributedText() throws -> AttributedText {
        let string = try readText()
        let font = try resolveFont()
        Warnings.weightClamped(font.face, requested: weight)
        return AttributedText(string, font: font)
    }
}

enum FontFallbackFaces {
    /// The bundled fallback faces the default paragraph style uses.
    static var bundled: [FontFace] { ParagraphStyle().fallbackFaces }
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
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        var scalars = String.UnicodeScalarView()
        var consumed = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case let .scalarValue(scalar):
                scalars.append(scalar)
                offset = consumed
                consumed += UTF8.width(scalar)
            case .emptyInput:
                break loop
            case .error:
                _ = offset
                throw CLIError.runtime("\(source) is not valid UTF-8 (invalid byte sequence at byte offset \(consumed))")
            }
        }
        return String(scalars)
    }
}
