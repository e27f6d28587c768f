import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// Inputs the fuzzers (scripts/fuzz.sh) crashed on, kept as tests once fixed.
@Suite(.temporaryFolders) struct FuzzRegressionTests {
    /// FontFuzzer, crash-b13e4eaf…: when applying the weight failed on a variable font's damaged
    /// variation data, FreeTypeFace closed the FreeType face on its error path and then again in
    /// deinit (every stored property was already set, so the failed initializer ran deinit): a
    /// SEGV in FT_Done_Face. The fuzzer's input is a 690 KB mutated Inter; a zeroed `gvar` takes
    /// the same path.
    @Test func variableFontWhoseWeightCantBeAppliedIsATypedError() throws {
        let path = try SFNT.damaged("Inter-roman.var.ttf", zeroing: "gvar")
        let error = #expect(throws: TypeLayoutError.self) { try FontFace.load(path: path, weight: .bold) }
        guard case .notAFont(path, let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("can't apply weight 700"), "\(reason)")
        // Without a weight nothing is applied: the face loads at the axis default.
        #expect(try FontFace.load(path: path).weight == .regular)
        // The CLI reports it on one line instead of crashing.
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("out.png").path
        let result = try CLI.run(["--font", path, "--weight", "bold", output])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: \(error!.description)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}

extension FuzzRegressionTests {
    /// FontFuzzer, slow-unit-08910bdb… (kept in Fuzz/Corpus/FontFuzzer): a mutated Inter whose
    /// damaged outlines span 22,354 × 29,302 pixels at 72 pixels per em. Each such glyph was
    /// rasterized into a 650 MB bitmap and copied: 8 s in a release render-cli, 14 s in the
    /// fuzzer. Such a glyph is now a typed error before FreeType renders it.
    ///
    /// The input's last three tables (GPOS, GSUB, DSIG) run past its end and some `loca`
    /// entries past `glyf`'s, which loading now refuses (`damagedFont`) before any glyph is
    /// drawn. Padded with zeros to its directory's length, and those entries moved to `glyf`'s
    /// end (empty glyphs, as FreeType drew them), it loads and reaches the huge glyphs again.
    @Test(.timeLimit(.minutes(5)))
    func glyphWithEnormousOutlinesIsATypedErrorNotSecondsOfWork() throws {
        let input = TestPaths.packageRoot.appendingPathComponent("Fuzz/Corpus/FontFuzzer/slow-huge-glyphs-08910bdb").path
        #expect(throws: TypeLayoutError.damagedFont(path: input, reason: "table 'GPOS' and 2 others lie outside the file (truncated?)")) {
            try FontFace.load(path: input)
        }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
        let end = try SFNT.tables(in: bytes, allowingPastTheEnd: true).map { $0.offset + $0.length }.max() ?? 0
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("slow-huge-glyphs-padded").path
        var repaired = bytes + [UInt8](repeating: 0, count: max(0, end - bytes.count))
        #expect(try SFNT.clampingGlyphLocations(in: &repaired) > 0)
        try Data(repaired).write(to: URL(fileURLWithPath: path))
        let font = try Font(path: path, pointSize: 36)
        let layout = try TextLayoutEngine().layout(
            AttributedText("I'm sorry, Dave. I'm afraid I can't do that.", font: font),
            paragraphStyle: ParagraphStyle(width: 343, fallbackFaces: [], usesSystemFallback: false), category: .large)
        let error = #expect(throws: TypeLayoutError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 2) }
        guard case let .glyphTooLarge(_, named, width, height) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(named == path && width > 20_000 && height > 20_000)
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("out.png").path
        let result = try CLI.run(["--font", path, output])
        #expect(result.status == 1 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("render-cli: error: glyph ") && result.stderr.contains("of \(path) would be"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// The 64-em rule on a font made at test time: Liberation Sans claiming 16 units per em
    /// instead of 2048 makes every glyph about 90 em wide, though it fits on a canvas.
    @Test func glyphOverSixtyFourEmIsRefusedAndRealLargeGlyphsAreNot() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font("LiberationSans-Regular.ttf"))))
        let head = try #require(try SFNT.tables(in: bytes).first { $0.tag == "head" })
        bytes[head.offset + 18] = 0
        bytes[head.offset + 19] = 16
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("upem16.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let layout = try TextLayoutEngine().layout(AttributedText("H", font: Font(path: path, pointSize: 24)),
                                                   paragraphStyle: ParagraphStyle(usesSystemFallback: false), category: .large)
        #expect(try Rasterizer.imageSize(of: layout, scale: 1).height < RGBAImage.maximumDimension, "the image itself is allowed")
        let error = #expect(throws: TypeLayoutError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 1) }
        if case .glyphTooLarge = error {} else { Issue.record("\(String(describing: error))") }
        // A real glyph at the CLI's largest size and scale (3000 pixels per em) still draws.
        let big = try TextLayoutEngine().layout(AttributedText("W", font: Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: 1000)),
                                                paragraphStyle: ParagraphStyle(), category: .large)
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(big, scale: 3)))
    }
}
