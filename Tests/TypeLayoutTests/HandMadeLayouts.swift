@testable import TypeLayout

// Layouts made by hand, for tests that draw or compare exactly the lines and glyphs they give.

extension LayoutLine {
    /// A line with its text given.
    init(
        text: String, utf16Range: Range<Int>, characterRange: Range<Int>, width: Double, x: Double,
        ascent: Double, descent: Double, baseline: Double, glyphRange: Range<Int>, isRightToLeft: Bool
    ) {
        self.init(shown: ShownText(text), utf16Range: utf16Range, characterRange: characterRange, width: width, x: x,
                  ascent: ascent, descent: descent, baseline: baseline, glyphRange: glyphRange, isRightToLeft: isRightToLeft)
    }
}

extension TextLayout {
    /// A layout with its glyphs given.
    init(
        category: ContentSizeCategory, string: String, text: AttributedText, lines: [LayoutLine],
        glyphs: [PositionedGlyph], faces: [FontFace], size: LayoutSize, width: Double?, isTruncated: Bool,
        hasBrokenWord: Bool
    ) {
        self.init(category: category, string: string, source: text, fonts: RunFonts(text), lines: lines,
                  placement: GlyphPlacement(glyphs: glyphs, faces: faces), size: size, width: width,
                  isTruncated: isTruncated, hasBrokenWord: hasBrokenWord)
    }
}
