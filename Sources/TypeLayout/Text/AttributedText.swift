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

    /// ``resolved(for:)`` through a sweep's resolver.
    func resolved(for category: ContentSizeCategory, using resolver: inout FontResolver) throws -> AttributedText {
        var copy = self
        for index in copy.runs.indices {
            copy.runs[index].attributes.font = try runs[index].attributes.font.resolved(for: category, using: &resolver)
        }
        return copy
    }
}
