import Testing
import TypeLayout
import TypeLayoutTesting

/// Layouts pinned as text, the way Pango and libraqm test theirs: each dump in
/// `__Goldens__/LayoutDumpTests/` lists the lines, shaping runs (face, size, direction) and every
/// glyph's id, cluster and position, so a changed break, fallback face or kern reads as a diff.
@Suite(.dynamicType()) struct LayoutDumpTests {
    func font(_ file: String, _ size: Double) throws -> Font {
        try Font(path: BundledFonts.path(file), pointSize: size)
    }

    @Test func latinWrapsAndScales() throws {
        let body = try Font.preferredFont(forTextStyle: .body)
        let layouts = assertLayoutDump(of: LabelSpec("Wrapped across lines, with kerning: AVATAR Wave.", font: body, width: 180),
                                       named: "body", categories: [.large, .accessibilityExtraExtraExtraLarge])
        #expect(layouts.map(\.pointSize) == [17, 53])
    }

    @Test func mixedDirections() throws {
        // Hebrew comes from the fallback chain's Hebrew face, right to left inside the English.
        let sans = try FontMetrics.default.scaledFont(for: font("LiberationSans-Regular.ttf", 17))
        let layouts = assertLayoutDump(of: LabelSpec("Shalom is שלום עולם in Hebrew.", font: sans, width: 400),
                                       named: "hebrewInEnglish", categories: [.large])
        let runs = layouts.map(LayoutDescription.init).first?.runs
        // The Hebrew words and the space between them are one right-to-left run in the Hebrew
        // face; the spaces either side of them resolve to the paragraph's left to right.
        #expect(runs?.map(\.direction) == ["ltr", "rtl", "ltr", "ltr"])
        #expect(runs?[1].face.hasPrefix("NotoSansHebrew") == true)
    }

    @Test func arabicJoinsAndRunsRightToLeft() throws {
        let arabic = try FontMetrics.default.scaledFont(for: font("NotoSansArabic-Regular.ttf", 17))
        let layouts = assertLayoutDump(of: LabelSpec("مرحبا بالعالم، نص عربي", font: arabic, width: 120),
                                       named: "arabic", categories: [.large])
        #expect(layouts.first?.lines.allSatisfy(\.isRightToLeft) == true)
    }

    @Test func tailTruncationInsertsAnEllipsis() throws {
        let body = try Font.preferredFont(forTextStyle: .body)
        let layouts = assertLayoutDump(
            of: LabelSpec("One line only, the rest of this sentence is left out.", font: body, width: 150, numberOfLines: 1),
            named: "tail", categories: [.large])
        #expect(layouts.first?.isTruncated == true && layouts.first?.lines.first?.text.hasSuffix("…") == true)
    }

    @Test func softHyphenShowsAHyphen() throws {
        let sans = try font("LiberationSans-Regular.ttf", 20)
        let layouts = assertLayoutDump(of: LabelSpec("Extra\u{AD}ordinarily", font: sans, width: 90),
                                       named: "softHyphen", categories: [.large])
        #expect(layouts.first?.lines.map(\.text) == ["Extra-", "ordinarily"])
    }

    @Test func fallbackFacesForEmojiAndJapanese() throws {
        let body = try Font.preferredFont(forTextStyle: .body)
        let layouts = assertLayoutDump(of: LabelSpec("Tokyo 東京 👋🏽", font: body, width: 300),
                                       named: "fallback", categories: [.large])
        #expect((layouts.first?.faces.count ?? 0) == 3)
    }
}
