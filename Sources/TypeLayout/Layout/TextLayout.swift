/// A glyph placed in a layout, ready to draw.
///
/// Its face is an index into the layout's ``TextLayout/faces`` (``TextLayout/face(of:)``): a
/// plain value, so placing and dropping glyphs costs no reference counting (a face reference
/// per glyph was the largest part of placing a line's glyphs). So glyphs compare meaningfully
/// (`==`) only within one layout, or with the layouts' ``TextLayout/faces`` compared too.
public struct PositionedGlyph: Sendable, Hashable {
    /// The index in its layout's ``TextLayout/faces`` of the face the glyph comes from (not
    /// ``FontFace/faceIndex``, a face's index in its collection file).
    public let layoutFaceIndex: Int
    /// The size it is drawn at, in points.
    public let pointSize: Double
    /// The glyph's id in the face.
    public let glyphID: UInt32
    /// The glyph origin's x, in points from the layout's left edge (fractional: the rasterizer
    /// keeps sub-pixel positions).
    public let x: Double
    /// The glyph origin's y (on its line's baseline, shifted by any vertical offset), in points
    /// from the layout's top, growing downwards.
    public let y: Double
    /// The UTF-16 offset in the laid-out string of the cluster the glyph draws. An inserted
    /// hyphen has the offset of its soft hyphen; the ellipsis of a truncated line has the offset
    /// where the truncated paragraph's text ends (tail truncation) or where the last line's text
    /// begins (head and middle).
    public let cluster: Int
    /// The colour of the run it belongs to.
    public let color: Color
}

/// One line of a layout.
public struct LayoutLine: Sendable, Hashable {
    /// The line's text as shown (with "…" where it was truncated, a hyphen at a soft-hyphen
    /// break, without a trailing hard break).
    ///
    /// Built from the laid-out string when read: most layouts are measured or drawn without
    /// reading their lines' text, so building each line's string up front would be wasted work.
    public var text: String { shown.string }
    let shown: ShownText
    /// The range of the original string the line shows, in UTF-16 offsets, `[start, end)`.
    public let utf16Range: Range<Int>
    /// The same range in the string's characters (grapheme clusters).
    public let characterRange: Range<Int>
    /// The width of the line's ink advance, without hanging trailing spaces, in points.
    public let width: Double
    /// The line's x origin after alignment.
    public let x: Double
    /// The tallest ascender on the line.
    public let ascent: Double
    /// The deepest descender on the line (positive, below the baseline).
    public let descent: Double
    /// The baseline's y, from the layout's top.
    public let baseline: Double
    /// The line's glyphs in ``TextLayout/glyphs``, in visual order.
    public let glyphRange: Range<Int>
    /// Whether the paragraph's direction is right to left.
    public let isRightToLeft: Bool
    /// What placing the line's glyphs needs besides its x, baseline and glyph range, kept with
    /// the line so that a layout's lines serve its placement without an array of their own.
    let placement: LinePlacement

    init(
        shown: ShownText, utf16Range: Range<Int>, characterRange: Range<Int>, width: Double, x: Double,
        ascent: Double, descent: Double, baseline: Double, glyphRange: Range<Int>, isRightToLeft: Bool,
        placement: LinePlacement = LinePlacement()
    ) {
        self.shown = shown
        self.utf16Range = utf16Range
        self.characterRange = characterRange
        self.width = width
        self.x = x
        self.ascent = ascent
        self.descent = descent
        self.baseline = baseline
        self.glyphRange = glyphRange
        self.isRightToLeft = isRightToLeft
        self.placement = placement
    }

    /// Lines are equal when everything they show is, text included (however it is stored).
    public static func == (lhs: LayoutLine, rhs: LayoutLine) -> Bool {
        lhs.utf16Range == rhs.utf16Range && lhs.characterRange == rhs.characterRange && lhs.width == rhs.width
            && lhs.x == rhs.x && lhs.ascent == rhs.ascent && lhs.descent == rhs.descent && lhs.baseline == rhs.baseline
            && lhs.glyphRange == rhs.glyphRange && lhs.isRightToLeft == rhs.isRightToLeft && lhs.text == rhs.text
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(utf16Range)
        hasher.combine(characterRange)
        hasher.combine(width)
        hasher.combine(x)
        hasher.combine(ascent)
        hasher.combine(descent)
        hasher.combine(baseline)
        hasher.combine(glyphRange)
        hasher.combine(isRightToLeft)
    }
}

/// A line's pieces, its paragraph and its justification, for ``GlyphPlacement``.
struct LinePlacement: Sendable {
    var segments = LineSegments()
    var paragraph = 0
    var extraPerSpace = 0.0
}

/// A line's text, kept as where it comes from until it is asked for.
struct ShownText: Sendable {
    enum Piece: Sendable {
        /// Text of the laid-out string (soft hyphens are not shown).
        case text(Range<Int>)
        /// Text that is not in the string: an ellipsis or a soft hyphen's hyphen.
        case inserted(String)
    }

    private enum Storage: Sendable {
        case literal(String)
        /// Most lines: one stretch of the string, maybe followed by a hyphen.
        case range([UInt16], Range<Int>, suffix: String)
        /// Truncated lines: text and an ellipsis in some order.
        case pieces([UInt16], [Piece])
    }

    private let storage: Storage

    init(_ string: String) { storage = .literal(string) }

    /// One stretch of the string, then `suffix` (a hyphen, an ellipsis, or nothing).
    init(utf16: [UInt16], range: Range<Int>, suffix: String) { storage = .range(utf16, range, suffix: suffix) }

    init(utf16: [UInt16], pieces: [Piece]) { storage = .pieces(utf16, pieces) }

    var string: String {
        switch storage {
        case let .literal(string): return string
        case let .range(utf16, range, suffix): return Self.text(utf16, range) + suffix
        case let .pieces(utf16, pieces):
            var text = ""
            for piece in pieces {
                switch piece {
                case let .text(range): text += Self.text(utf16, range)
                case let .inserted(string): text += string
                }
            }
            return text
        }
    }

    private static func text(_ utf16: [UInt16], _ range: Range<Int>) -> String {
        // A soft hyphen is always a grapheme cluster of its own (Grapheme_Cluster_Break
        // Control), so a range without one has nothing to filter.
        let piece = TextAnalysis.string(utf16, range)
        return utf16[range].contains(LineBreaker.softHyphen) ? piece.filter { $0 != "\u{00AD}" } : piece
    }
}

/// A width and a height in points.
public struct LayoutSize: Sendable, Hashable, Codable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// A size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// The result of laying out a label at one content size category.
public struct TextLayout: Sendable {
    /// The category the layout is for.
    public let category: ContentSizeCategory
    /// The string laid out.
    public let string: String
    /// The text with each run's font resolved at ``category``.
    ///
    /// Built when read from the text as given and each run's resolved face and size: a sweep's
    /// callers seldom read it, and a resolved copy per category would be an allocation and a
    /// dozen references counted.
    public var text: AttributedText { fonts.apply(to: source) }
    /// The text as given, fonts unresolved.
    let source: AttributedText
    /// Each run's face and size at ``category``.
    let fonts: RunFonts
    /// The lines, top to bottom.
    public let lines: [LayoutLine]
    /// Every glyph, line by line, each line's in visual order.
    ///
    /// Placed when first read, once for the layout and all its copies, from whichever thread
    /// reads first: most layouts are measured (lines, size, truncation) and never drawn.
    public var glyphs: [PositionedGlyph] { placement.placed.glyphs }
    /// The faces the glyphs come from, each once, in the order the glyphs first use them
    /// (known once the glyphs are placed, so read with them).
    public var faces: [FontFace] { placement.placed.faces }
    /// The used size: the widest line and the height of all lines; with an unbounded width, the
    /// label's intrinsic content size.
    public let size: LayoutSize
    /// The width the text was wrapped in (`nil` when unbounded).
    public let width: Double?
    /// Whether text was left out (lines past the limit, or an ellipsis).
    public let isTruncated: Bool
    /// Whether a word had to be broken between characters because it was wider than the line.
    public let hasBrokenWord: Bool
    let placement: GlyphPlacement

    init(
        category: ContentSizeCategory, string: String, source: AttributedText, fonts: RunFonts, lines: [LayoutLine],
        placement: GlyphPlacement, size: LayoutSize, width: Double?, isTruncated: Bool, hasBrokenWord: Bool
    ) {
        self.category = category
        self.string = string
        self.source = source
        self.fonts = fonts
        self.lines = lines
        self.placement = placement
        self.size = size
        self.width = width
        self.isTruncated = isTruncated
        self.hasBrokenWord = hasBrokenWord
    }

    /// The first line's baseline, from the top (0 when there are no lines).
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }
    /// The last line's baseline, from the top.
    public var lastBaseline: Double { lines.last?.baseline ?? 0 }
    /// The face a glyph of this layout comes from.
    ///
    /// - Precondition: `glyph` comes from this layout.
    public func face(of glyph: PositionedGlyph) -> FontFace { faces[glyph.layoutFaceIndex] }
    /// The point size of the first run's font (the label's font for plain text).
    public var pointSize: Double { fonts.firstPointSize }
}

/// What a layout measures, without its lines and glyphs (for checks that read only these, like
/// the localized-string audit), with what the text would need without a line limit.
package struct LayoutMeasurement: Sendable {
    /// The category measured at.
    package let category: ContentSizeCategory
    /// The point size of the first run's font (``TextLayout/pointSize``).
    package let pointSize: Double
    /// The used size (``TextLayout/size``).
    package let size: LayoutSize
    /// The lines shown (the count of ``TextLayout/lines``).
    package let lineCount: Int
    /// Whether text was left out (``TextLayout/isTruncated``).
    package let isTruncated: Bool
    /// Whether a shown line breaks a word (``TextLayout/hasBrokenWord``).
    package let hasBrokenWord: Bool
    /// The lines the text takes with no line limit: the same breaks, all of them shown.
    package let unlimitedLineCount: Int
    /// Whether any of those lines breaks a word.
    package let unlimitedHasBrokenWord: Bool
}
