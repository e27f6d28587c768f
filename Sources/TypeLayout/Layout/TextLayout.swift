/// A glyph placed in a layout, ready to draw.
///
/// Its face is an index into the layout's ``TextLayout/faces`` (``TextLayout/face(of:)``): a
/// plain value, so placing and dropping glyphs costs no reference counting (a face reference
/// per glyph was the largest part of placing a line's glyphs).
public struct PositionedGlyph: Sendable, Hashable {
    /// The index in the layout's ``TextLayout/faces`` of the face the glyph comes from.
    public let faceIndex: Int
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
    /// The UTF-16 offset in the laid-out string of the cluster the glyph draws; the ellipsis of
    /// a truncated line has the offset where the elided text begins.
    public let cluster: Int
    /// The colour of the run it belongs to.
    public let color: Color
}

/// One line of a layout.
public struct LayoutLine: Sendable, Hashable {
    /// The line's text as shown (with "…" where it was truncated, a hyphen at a soft-hyphen
    /// break, without a trailing hard break).
    public let text: String
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
}

/// A width and a height in points.
public struct LayoutSize: Sendable, Hashable {
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
    public let text: AttributedText
    /// The lines, top to bottom.
    public let lines: [LayoutLine]
    /// Every glyph, line by line, each line's in visual order.
    public let glyphs: [PositionedGlyph]
    /// The faces the glyphs come from, each once, in the order the glyphs first use them.
    public let faces: [FontFace]
    /// The used size: the widest line and the height of all lines; with an unbounded width, the
    /// label's intrinsic content size.
    public let size: LayoutSize
    /// The width the text was wrapped in (`nil` when unbounded).
    public let width: Double?
    /// Whether text was left out (lines past the limit, or an ellipsis).
    public let isTruncated: Bool
    /// Whether a word had to be broken between characters because it was wider than the line.
    public let hasBrokenWord: Bool

    /// The first line's baseline, from the top (0 when there are no lines).
    public var firstBaseline: Double { lines.first?.baseline ?? 0 }
    /// The last line's baseline, from the top.
    public var lastBaseline: Double { lines.last?.baseline ?? 0 }
    /// The face a glyph of this layout comes from.
    public func face(of glyph: PositionedGlyph) -> FontFace { faces[glyph.faceIndex] }
    /// The point size of the first run's font (the label's font for plain text).
    public var pointSize: Double { text.runs.first?.attributes.font.pointSize ?? 0 }
}
