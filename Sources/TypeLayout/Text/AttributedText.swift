/// An OpenType feature setting, like `liga` off or `tnum` on.
public struct FontFeature: Sendable, Hashable {
    /// The four-letter feature tag.
    public var tag: String
    /// 0 turns the feature off, 1 on; alternates take higher values.
    public var value: UInt32

    /// A feature setting.
    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}

/// How a run of text looks: its font (which carries its Dynamic Type origin), colour, tracking,
/// kerning and OpenType features.
public struct TextAttributes: Sendable, Hashable {
    /// The font. A font from a text style, a ``FontMetrics`` or a ``FontTheme`` is re-resolved
    /// at each category by its own rule; a fixed font keeps its size.
    public var font: Font
    /// The text colour.
    public var foregroundColor: Color
    /// Extra space after each grapheme cluster, in points (like `NSAttributedString.Key.kern`,
    /// it does not scale with the category).
    public var tracking: Double
    /// Whether the font's kerning applies (`kern` feature).
    public var kerning: Bool
    /// Further OpenType features.
    public var features: [FontFeature]
    /// A BCP 47 language tag for shaping and line breaking (e.g. "ja", "ar"); `nil` guesses
    /// from the script.
    public var language: String?

    /// Attributes with a font and defaults for the rest (black, no tracking, kerning on).
    public init(font: Font, foregroundColor: Color = .black, tracking: Double = 0, kerning: Bool = true,
                features: [FontFeature] = [], language: String? = nil) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.tracking = tracking
        self.kerning = kerning
        self.features = features
        self.language = language
    }
}

/// Text made of runs, each with its own attributes, like `NSAttributedString`.
public struct AttributedText: Sendable, Hashable {
    /// A stretch of text with one set of attributes.
    public struct Run: Sendable, Hashable {
        /// The run's text.
        public var text: String
        /// Its attributes.
        public var attributes: TextAttributes

        /// A run.
        public init(_ text: String, attributes: TextAttributes) {
            self.text = text
            self.attributes = attributes
        }
    }

    /// The runs in order.
    public var runs: [Run]

    /// Text of several runs.
    public init(runs: [Run]) { self.runs = runs }

    /// Plain text in one font.
    public init(_ text: String, attributes: TextAttributes) {
        runs = [Run(text, attributes: attributes)]
    }

    /// Plain text in one font, black.
    public init(_ text: String, font: Font) {
        self.init(text, attributes: TextAttributes(font: font))
    }

    /// The whole text.
    public var string: String { runs.map(\.text).joined() }

    /// The same text with every run's font resolved at a category.
    public func resolved(for category: ContentSizeCategory) throws -> AttributedText {
        var copy = self
        for index in copy.runs.indices {
            copy.runs[index].attributes.font = try runs[index].attributes.font.resolved(for: category)
        }
        return copy
    }
}

/// Each run's font at one category, kept as its face and size: all a layout needs, since a
/// resolved font keeps its run's origin. A copy of the whole text per category with its fonts
/// set would be an allocation and a dozen references retained and released; a single run
/// (most labels) needs no array at all.
struct RunFonts: Sendable {
    private let firstFace: FontFace?
    private let firstSize: Double
    /// Runs after the first.
    private let rest: [(face: FontFace, pointSize: Double)]

    /// The text's own fonts (layouts made by hand).
    init(_ text: AttributedText) {
        firstFace = text.runs.first?.attributes.font.face
        firstSize = text.runs.first?.attributes.font.pointSize ?? 0
        rest = text.runs.dropFirst().map { ($0.attributes.font.face, $0.attributes.font.pointSize) }
    }

    /// The text's fonts resolved at a category through a sweep's resolver.
    init(resolving text: AttributedText, for category: ContentSizeCategory, using resolver: inout FontResolver) throws {
        // By index: binding each run would copy it, retaining its string, features and font.
        var first: (face: FontFace, pointSize: Double)?
        var rest: [(face: FontFace, pointSize: Double)] = []
        for index in text.runs.indices {
            let resolved = try text.runs[index].attributes.font.resolvedFace(for: category, using: &resolver)
            if index == 0 { first = resolved } else { rest.append(resolved) }
        }
        (firstFace, firstSize, self.rest) = (first?.face, first?.pointSize ?? 0, rest)
    }

    var count: Int { firstFace == nil ? 0 : rest.count + 1 }

    func face(_ run: Int) -> FontFace { run == 0 ? firstFace! : rest[run - 1].face }

    func pointSize(_ run: Int) -> Double { run == 0 ? firstSize : rest[run - 1].pointSize }

    /// The first run's size (the label's font's for plain text), 0 without runs.
    var firstPointSize: Double { count > 0 ? pointSize(0) : 0 }

    func metrics(_ run: Int) -> FaceMetrics { FaceMetrics(face: face(run), pointSize: pointSize(run)) }

    /// Run `run`'s font at this size, with its origin from `text`.
    func font(_ run: Int, of text: AttributedText) -> Font {
        Font(face: face(run), pointSize: pointSize(run), origin: text.runs[run].attributes.font.origin)
    }

    /// `text` with these fonts.
    func apply(to text: AttributedText) -> AttributedText {
        var copy = text
        for index in copy.runs.indices { copy.runs[index].attributes.font = font(index, of: text) }
        return copy
    }
}
