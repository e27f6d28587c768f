import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// Lines broken where shaping depends on the text across the break come out as if each side
/// were shaped alone: HarfBuzz's unsafe-to-break flags, and breaks inside a ligature.
@Suite(.dynamicType()) struct BreakReshapingTests {
    let context = DynamicTypeContext()

    func font(_ file: String, _ size: Double) throws -> Font {
        try Font(path: TestPaths.font(file), pointSize: size)
    }

    /// The glyph ids of a text laid out alone on one line, in visual order.
    func glyphIDs(_ text: String, _ font: Font) throws -> [UInt32] {
        try TextLayoutEngine().layout(AttributedText(text, font: font), paragraphStyle: ParagraphStyle(), in: context).glyphs.map(\.glyphID)
    }

    func lineGlyphIDs(_ layout: TextLayout, _ line: Int) -> [UInt32] {
        layout.glyphs[layout.lines[line].glyphRange].map(\.glyphID)
    }

    @Test func anArabicWordBrokenMidWordTakesTheFormsOfEachSideAlone() throws {
        let arabic = try font("NotoSansArabic-Regular.ttf", 24)
        let word = "مستشفيات"
        let whole = try TextLayoutEngine().layout(AttributedText(word, font: arabic), paragraphStyle: ParagraphStyle(), in: context)
        // Narrower than the word: it must break between letters.
        let layout = try TextLayoutEngine().layout(
            AttributedText(word, font: arabic), paragraphStyle: ParagraphStyle(width: whole.size.width * 0.6), in: context)
        #expect(layout.hasBrokenWord)
        #expect(layout.lines.count >= 2)
        for index in layout.lines.indices {
            let alone = try glyphIDs(layout.lines[index].text, arabic)
            #expect(lineGlyphIDs(layout, index) == alone, "line \(index + 1) '\(layout.lines[index].text)'")
        }
        // The joined shaping's glyphs would differ at the break: the letter before it takes its
        // final form here, not the medial one it has inside the word.
        #expect(lineGlyphIDs(layout, 0) != Array(whole.glyphs.map(\.glyphID).suffix(lineGlyphIDs(layout, 0).count)))
        // Each line is as wide as the glyphs it now shows.
        for index in layout.lines.indices {
            let aloneWidth = try TextLayoutEngine().layout(
                AttributedText(layout.lines[index].text, font: arabic), paragraphStyle: ParagraphStyle(), in: context).size.width
            #expect(abs(layout.lines[index].width - aloneWidth) < 1e-9)
        }
    }

    @Test func aLigatureSplitAtASoftHyphenBecomesItsLettersOnEachLine() throws {
        // Gillius ADF ligates "ffi" across the soft hyphen: one glyph for offsets 1 to 4.
        let gillius = try font("GilliusADF-Regular.otf", 20)
        let joined = try glyphIDs("of\u{AD}fice", gillius)
        #expect(joined.count == 5, "o, the ffi ligature, the soft hyphen's empty glyph, c, e: \(joined)")
        let layout = try TextLayoutEngine().layout(
            AttributedText("of\u{AD}fice", font: gillius), paragraphStyle: ParagraphStyle(width: 35), in: context)
        #expect(layout.lines.map(\.text) == ["of-", "fice"])
        // The second line draws "fi" (the fi ligature) before "ce": as "fice" alone, not just "ce".
        #expect(lineGlyphIDs(layout, 1) == (try glyphIDs("fice", gillius)))
        #expect(!lineGlyphIDs(layout, 0).contains(joined[1]), "the first line no longer draws the ffi ligature")
        #expect(lineGlyphIDs(layout, 0).contains(try glyphIDs("f", gillius)[0]))
    }

    @Test func safeBreaksKeepTheSharedShaping() throws {
        // Latin text broken at spaces: nothing to reshape, the same glyphs as the whole line's.
        let sans = try font("LiberationSans-Regular.ttf", 17)
        let text = "Safe breaks between words keep one shaping."
        let wrapped = try TextLayoutEngine().layout(AttributedText(text, font: sans), paragraphStyle: ParagraphStyle(width: 120), in: context)
        let unwrapped = try TextLayoutEngine().layout(AttributedText(text, font: sans), paragraphStyle: ParagraphStyle(), in: context)
        #expect(wrapped.lines.count > 1)
        #expect(Set(wrapped.glyphs.map(\.glyphID)) == Set(unwrapped.glyphs.map(\.glyphID)))
        let items = [TextItem(range: 0..<43, runIndex: 0, font: sans, isRightToLeft: false, script: "Latn")]
        #expect(BreakReshaping.split(items, at: [10, 20]).map(\.range) == [0..<10, 10..<20, 20..<43])
    }
}
