/// The items and shaping a text's layouts made, kept with the text's analysis so that every
/// layout of the same text reuses them: another width, another category whose runs keep their
/// faces, the same label laid out again by the engine, or a prepared text.
///
/// Items and shaping depend on the analysis (the string, its runs, direction and locale), each
/// run's face and shaping attributes, and the paragraph's fallback chain: an entry is reused
/// only when all of those match.
struct ItemizationCache: Sendable {
    /// One set of items and their shaping, and what they were made from. An object: a layout
    /// that finds one takes a reference, where a value copied its style and arrays each time.
    final class Entry: Sendable {
        let faces: [FontFace]
        /// The text's runs, whose features, kerning and language shaping read (the text's own
        /// array, so that keeping it allocates nothing).
        let runs: [AttributedText.Run]
        let style: ParagraphStyle
        let items: [TextItem]
        let shaping: TextShaping

        init(faces: [FontFace], runs: [AttributedText.Run], style: ParagraphStyle, items: [TextItem], shaping: TextShaping) {
            self.faces = faces
            self.runs = runs
            self.style = style
            self.items = items
            self.shaping = shaping
        }
    }

    /// A text's categories use a few sets of faces, and few labels share a string with
    /// different fonts: past this many entries the oldest goes.
    static let capacity = 8

    /// The latest entry apart from the older ones: most texts keep one, and an array of one
    /// would be an allocation in every cold layout.
    private var latest: Entry?
    private var older: [Entry] = []

    /// The entry made for these run faces, attributes and fallback chain, if one is kept.
    func entry(for fonts: RunFonts, of text: AttributedText, style: ParagraphStyle) -> Entry? {
        let matches = { (entry: Entry) in
            Self.faces(entry.faces, match: fonts) && entry.style.itemizesLike(style)
                && entry.runs.count == text.runs.count
                && text.runs.indices.allSatisfy { Self.shapeAlike(entry.runs[$0].attributes, text.runs[$0].attributes) }
        }
        if let latest, matches(latest) { return latest }
        return older.last(where: matches)
    }

    /// Keeps an entry, dropping the oldest past ``capacity``.
    mutating func remember(_ entry: Entry) {
        if let latest {
            if older.count == Self.capacity - 1 { older.removeFirst() }
            older.append(latest)
        }
        latest = entry
    }

    /// Whether `faces` are the runs' faces in `fonts`, run by run.
    static func faces(_ faces: [FontFace], match fonts: RunFonts) -> Bool {
        faces.count == fonts.count && faces.indices.allSatisfy { faces[$0] === fonts.face($0) }
    }

    /// Whether runs with these attributes shape alike given the same face: the same features,
    /// kerning and language (colour, tracking and size don't reach the shaper).
    private static func shapeAlike(_ lhs: TextAttributes, _ rhs: TextAttributes) -> Bool {
        lhs.kerning == rhs.kerning && lhs.language == rhs.language && lhs.features == rhs.features
    }
}
