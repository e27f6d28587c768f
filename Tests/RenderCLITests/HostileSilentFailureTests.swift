import Foundation
import Testing
@testable import TypeLayout
@testable import TypeLayoutRendering
import TypeLayoutTestSupport

// Issue 17's second round: input that used to give a wrong picture or a silent stand-in, with
// exit status 0, and now gives an error (docs/robustness.md lists each case). The cut and
// mislabelled font files are among HostileFont's cases in HostileInputTests.

// MARK: - Damaged glyphs

@Suite(.temporaryFolders, .timeLimit(.minutes(2)))
struct HostileGlyphTests {
    /// Liberation Sans's glyph for "e" (its glyph order is the standard Macintosh one).
    static let e: UInt32 = 72
    let style = ParagraphStyle(width: 343, fallbackFaces: [], usesSystemFallback: false)

    @Test func aGlyphThatFailsAmongGoodOnesIsAnErrorNamingItAndTheFont() throws {
        let path = try SFNT.damagingGlyph(Int(Self.e))
        let font = try Font(path: path, pointSize: 24)
        let engine = TextLayoutEngine()
        // Shaping reads hmtx, not the outline, so the layout is as the intact font's.
        let hello = try engine.layout(AttributedText("Hello", font: font), paragraphStyle: style, category: .large)
        #expect(hello.glyphs.map(\.glyphID).contains(Self.e))
        #expect(throws: TypeLayoutError.damagedGlyph(glyphID: Self.e, path: path, reason: "array too large")) {
            try Rasterizer(cache: GlyphCache()).render(hello, scale: 2)
        }
        // A contact sheet draws the same glyphs.
        #expect(throws: TypeLayoutError.damagedGlyph(glyphID: Self.e, path: path, reason: "array too large")) {
            try ContactSheet(scale: 1).render([hello])
        }
        // Without the bad glyph the same font draws.
        let hllo = try engine.layout(AttributedText("Hllo", font: font), paragraphStyle: style, category: .large)
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(hllo, scale: 2)))

        try expectCLIFailure(["--font", path, "--text", "Hello"], status: 1...1,
                             message: "\(path) is a damaged font: glyph 72 can't be drawn (array too large)")
        try expectCLIFailure(["--font", path, "--text", "Hello", "--categories", "l,ax5"], status: 1...1,
                             message: "glyph 72 can't be drawn")
        #expect(try expectCLISuccess(["--font", path, "--text", "Hllo"]).image.map { hasInk($0) } == true)
    }

    /// Fonts before OS/2 version 2 carry no cap height, which is measured from H at load: a
    /// damaged H was a cap height of 0, silently.
    @Test func aDamagedGlyphMeasuredAtLoadIsAnError() throws {
        let h: UInt32 = 43
        let path = try SFNT.damagingGlyph(Int(h), os2Version: 1)
        #expect(throws: TypeLayoutError.damagedGlyph(glyphID: h, path: path, reason: "array too large")) {
            try FontFace.load(path: path)
        }
        try expectCLIFailure(["--font", path], status: 1...1, message: "glyph 43 can't be drawn")
        // The same damage with OS/2 version 4 (which has the cap height): the face loads.
        #expect(try FontFace.load(path: SFNT.damagingGlyph(Int(h))).familyName == "Liberation Sans")
    }

    /// FreeType draws a glyph whose outline starts past `glyf`'s end as nothing, without an
    /// error: "Hello" came out as "H llo", exit 0.
    @Test func aGlyphLocatedOutsideGlyfIsADamagedFont() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font("LiberationSans-Regular.ttf"))))
        let loca = try #require(try SFNT.tables(in: bytes).first { $0.tag == "loca" })
        // Liberation Sans has short offsets (half the byte offset): 0xFFFF is 131,070 bytes,
        // past its 112,692-byte glyf.
        bytes[loca.offset + 2 * Int(Self.e)] = 0xFF
        bytes[loca.offset + 2 * Int(Self.e) + 1] = 0xFF
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("loca.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: TypeLayoutError.damagedFont(path: path, reason: "glyph 72's outline lies outside the glyf table")) {
            try FontFace.load(path: path)
        }
        try expectCLIFailure(["--font", path, "--text", "Hello"], status: 1...1, message: "glyph 72's outline lies outside the glyf table")
    }

    @Test func theFontFileCheckAcceptsEveryBundledFont() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: BundledFonts.directory)
        where name.hasSuffix(".ttf") || name.hasSuffix(".otf") {
            #expect(throws: Never.self, "\(name)") { try FontFace.load(path: TestPaths.font(name)) }
        }
        for index in 0..<2 {
            #expect(throws: Never.self) { try FontFace.load(path: TestPaths.sharedFixture("GilliusPair.ttc"), faceIndex: index) }
        }
    }

    @Test func aCollectionWhoseFaceLiesPastTheEndIsDamaged() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.sharedFixture("GilliusPair.ttc"))))
        // Face 1's directory offset, 16 bytes in, moved past the end.
        var damaged = bytes
        damaged.replaceSubrange(16..<20, with: [0x7F, 0xFF, 0xFF, 0xFF])
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("pair.ttc").path
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        #expect(throws: TypeLayoutError.damagedFont(path: path, reason: "face 1 of the collection lies outside the file (truncated?)")) {
            try FontFace.load(path: path, faceIndex: 1)
        }
        #expect(try FontFace.load(path: path, faceIndex: 0).faceCount == 2)
    }
}

// MARK: - Font themes

@Suite(.temporaryFolders) struct HostileThemeTests {
    let faces: [TextStyle: FontTheme.Face] = [
        .body: .init(path: TestPaths.font("LiberationSerif-Regular.ttf")),
        .caption1: .init(path: TestPaths.font("Cabin-Regulr.otf")),
    ]
    let large = TraitCollection(preferredContentSizeCategory: .large)

    @Test func aFaceThatDoesntLoadIsAnErrorNamingTheFile() throws {
        let theme = FontTheme(name: "Reading", faces: faces)
        #expect(!theme.fallsBackToSystemFace)
        #expect(throws: TypeLayoutError.fileNotFound(path: TestPaths.font("Cabin-Regulr.otf"))) {
            try theme.font(forTextStyle: .caption1, compatibleWith: large)
        }
        // Styles whose faces load, or that have none, are unaffected.
        #expect(try theme.font(forTextStyle: .body, compatibleWith: large).face.familyName == "Liberation Serif")
        #expect(try theme.font(forTextStyle: .headline, compatibleWith: large).face.path == BundledFonts.systemText)
    }

    @Test func aDamagedFaceIsAnErrorToo() throws {
        let path = try SFNT.damaged("LiberationSans-Regular.ttf", zeroing: "cmap")
        let theme = FontTheme(name: "Damaged", faces: [.body: .init(path: path)])
        let error = #expect(throws: TypeLayoutError.self) { try theme.font(forTextStyle: .body, compatibleWith: large) }
        guard case .notAFont(path, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }

    @Test func theSystemFaceOnlyWhenAskedFor() throws {
        let theme = FontTheme(name: "Reading", faces: faces, fallsBackToSystemFace: true)
        let caption = try theme.font(forTextStyle: .caption1, compatibleWith: large)
        #expect(caption.face.path == BundledFonts.systemText && caption.pointSize == 12)
    }

    @Test func cliFontWithAStyleNamesTheMissingFile() throws {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("Cabin-Regulr.otf").path
        try expectCLIFailure(["--style", "body", "--font", path], status: 1...1, message: "no such font file: \(path)")
        let metrics = try CLI.run(["metrics", "--style", "body", "--font", path])
        #expect(metrics.status == 1 && metrics.stderr == "render-cli: error: no such font file: \(path)\n")
    }
}

// MARK: - Output names

@Suite(.temporaryFolders) struct HostileOutputNameTests {
    @Test(arguments: ["label.jpg", "label.png.jpg", "label", "label.pn", "sheet.PNG.txt", ".png"])
    func anOutputThatIsntPNGIsRefused(_ name: String) throws {
        for arguments in [["render"], [], ["--categories", "l,ax5"]] {
            let directory = try TestPaths.temporaryDirectory()
            let path = directory.appendingPathComponent(name).path
            let result = try CLI.run(arguments + [path])
            #expect(result.status == 2, "\(arguments) \(name): \(result.stderr)")
            #expect(result.stderr == "render-cli: error: output '\(path)' must be a .png file name: render-cli writes PNG images only\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test(arguments: ["label.png", "LABEL.PNG", "label.Png", "a.b.png"])
    func aPNGNameInAnyCaseIsWritten(_ name: String) throws {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent(name).path
        let result = try CLI.run(["--text", "Hi", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try PNGCodec.read(contentsOf: path).width > 1)
    }
}

// MARK: - Category names

@Suite(.temporaryFolders) struct HostileCategoryNameTests {
    @Test func theNearestNamesAreSuggested() {
        #expect(ContentSizeCategory.suggestions(for: "xxxxl") == ["xxxl"])
        #expect(ContentSizeCategory.suggestions(for: "XXXXL") == ["xxxl"])
        #expect(ContentSizeCategory.suggestions(for: "accesibilityLarge") == ["accessibilityLarge"])
        #expect(ContentSizeCategory.suggestions(for: "extra larg") == ["extraLarge"], "spaces ignored, as parsing does")
        #expect(ContentSizeCategory.suggestions(for: "ax6") == ["ax1", "ax2", "ax3", "ax4", "ax5"])
        #expect(ContentSizeCategory.suggestions(for: "hugeness") == [])
        #expect(ContentSizeCategory.suggestions(for: "") == [])
        #expect(NameSuggestion.nearest(to: "bdy", among: TextStyle.allCases.map(\.rawValue)) == ["body"])
        // A long paste is cut off early rather than compared in full.
        #expect(ContentSizeCategory.suggestions(for: String(repeating: "x", count: 10_000)) == [])
    }

    @Test func theErrorSaysDidYouMean() throws {
        let error = #expect(throws: TypeLayoutError.self) { try ContentSizeCategory(parsing: "xxxxl") }
        #expect(error?.description.hasPrefix("unknown content size category 'xxxxl' (did you mean 'xxxl'?); valid names: xs, s,") == true,
                "\(String(describing: error))")
        let far = #expect(throws: TypeLayoutError.self) { try ContentSizeCategory(parsing: "hugeness") }
        #expect(far?.description.hasPrefix("unknown content size category 'hugeness'; valid names:") == true)
        let style = #expect(throws: TypeLayoutError.self) { try TextStyle(parsing: "captin1") }
        #expect(style?.description.contains("'captin1' (did you mean 'caption1'?)") == true)
    }

    @Test func theCLISaysDidYouMean() throws {
        try expectCLIFailure(["--category", "xxxxl"], status: 2...2, message: "(did you mean 'xxxl'?)")
        try expectCLIFailure(["--categories", "l,ax6"], status: 2...2, message: "(did you mean 'ax1', 'ax2', 'ax3', 'ax4' or 'ax5'?)")
        try CLI.expectOneLineError(["metrics", "--category", "larg"], status: 2, message: "(did you mean 'large'?)")
    }
}

// MARK: - The bundled fallback chain

/// A bundled fallback face that can't be loaded was left out of the chain without a word, so a
/// label needing it was drawn with a later face (VL PGothic's Hebrew) or `.notdef` boxes.
@Suite(.temporaryFolders, .timeLimit(.minutes(2)))
struct HostileBundledFallbackTests {
    /// The bundled fonts hard-linked into a fresh folder, less `missing`, and `damaged` cut to
    /// its first kilobyte.
    static func fontsFolder(missing: String, damaged: String? = nil) throws -> URL {
        let directory = try TestPaths.temporaryDirectory()
        for name in try FileManager.default.contentsOfDirectory(atPath: BundledFonts.directory) where name != missing {
            let source = BundledFonts.path(name), destination = directory.appendingPathComponent(name).path
            if name == damaged {
                try Data(try Data(contentsOf: URL(fileURLWithPath: source)).prefix(1024)).write(to: URL(fileURLWithPath: destination))
            } else if link(source, destination) != 0 {
                try FileManager.default.copyItem(atPath: source, toPath: destination)
            }
        }
        return directory
    }

    @Test func aFaceThatDoesNotLoadIsAnErrorWhenItComesBeforeTheAnswer() throws {
        let folder = try Self.fontsFolder(missing: "NotoSansHebrew-Regular.ttf", damaged: "NotoColorEmoji.ttf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let chain = FontFallback.BundledChain(directory: folder.path)
        let hebrewPath = folder.appendingPathComponent("NotoSansHebrew-Regular.ttf").path
        let emojiPath = folder.appendingPathComponent("NotoColorEmoji.ttf").path
        #expect(chain.faces.map { URL(fileURLWithPath: $0.path).lastPathComponent }
            == ["NotoSansArabic-Regular.ttf", "VL-PGothic-Regular.ttf"])
        #expect(chain.errors.count == 2)
        guard case .bundledFallbackFontUnavailable(let path, let reason)? = chain.errors.last else {
            Issue.record("no error for the missing face: \(chain.errors)")
            return
        }
        #expect(path == hebrewPath)
        #expect(reason == "no such font file: \(hebrewPath)")
        #expect(chain.errors.first?.description.hasPrefix("the bundled fallback font \(emojiPath) can't be loaded (") == true)
        // The emoji face is first in the chain: every lookup meets its error.
        #expect(throws: chain.errors[0]) { try chain.firstFace(where: { $0.hasGlyph(for: "ש") }) }
        let withoutHebrew = try Self.fontsFolder(missing: "NotoSansHebrew-Regular.ttf")
        defer { try? FileManager.default.removeItem(at: withoutHebrew) }
        let intactEmoji = FontFallback.BundledChain(directory: withoutHebrew.path)
        // Arabic comes before the missing Hebrew face; Hebrew and Japanese, at or after it, don't.
        #expect(try intactEmoji.firstFace(where: { $0.hasGlyph(for: "ب") })?.path.hasSuffix("NotoSansArabic-Regular.ttf") == true)
        #expect(throws: TypeLayoutError.self) { try intactEmoji.firstFace(where: { $0.hasGlyph(for: "ש") }) }
        #expect(throws: TypeLayoutError.self) { try intactEmoji.firstFace(where: { $0.hasGlyph(for: "日") }) }
        // A character no loaded face has: the missing face might have had it.
        #expect(throws: TypeLayoutError.self) { try intactEmoji.firstFace(where: { _ in false }) }
        #expect(try FontFallback.bundledChain.firstFace(where: { _ in false }) == nil)
    }

    @Test func renderCLISaysWhichBundledFaceIsMissing() throws {
        let folder = try Self.fontsFolder(missing: "NotoSansHebrew-Regular.ttf")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.png").path
        let environment = ["TYPELAYOUT_FONTS_DIR": folder.path]
        // Before: exit 0, the Hebrew drawn by VL PGothic, the face after the missing one.
        let hebrew = try CLI.run(["--text", "שלום", output], environment: environment)
        #expect(hebrew.status == 1)
        #expect(hebrew.stderr == "render-cli: error: the bundled fallback font \(folder.path)/NotoSansHebrew-Regular.ttf can't be "
            + "loaded (no such font file: \(folder.path)/NotoSansHebrew-Regular.ttf); set TYPELAYOUT_FONTS_DIR to a folder "
            + "with the bundled fonts, or give the paragraph style its own fallbackFaces\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        // Text the label's own font has never consults the chain; Arabic comes before the gap.
        for text in ["Hello", "مرحبا"] {
            let result = try CLI.run(["--text", text, output], environment: environment)
            #expect(result.status == 0, "\(text): \(result.stderr)")
        }
    }

    @Test func theShippedChainLoadsWhole() {
        #expect(ParagraphStyle.bundledFallbackFaceErrors.isEmpty)
        #expect(ParagraphStyle.bundledFallbackFaces.count == FontFallback.BundledChain.fileNames.count)
    }
}
