import Foundation
import Testing
@testable import TypeLayout
#if canImport(Glibc)
import Glibc
@testable import TypeLayoutRendering
import TypeLayoutTestSupport
#endif

// Issue 8's table of hostile input, fed to the library and to render-cli.
//
// Bad input must give a typed error (library), or exit status 1 or 2 with one line on stderr and
// no output file (CLI). Odd but valid input (empty text, a weight past a variable font's axis, a
// font without the text's characters, 10,000 combining marks) must give a sound result. Nothing
// may crash or hang: each suite's time limit is the hang guard. That every CLI case takes under
// 2 s is checked against a release render-cli by scripts/hostile.sh, which sets
// TYPELAYOUT_CASE_SECONDS (a debug build on a loaded machine is several times slower, so the
// plain test run doesn't time them).

/// The hostile font files, made in a fresh directory from the bundled fonts.
enum HostileFont: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case empty, textRenamed, webFont, truncated, cutInHalf, cmapZeroed, hheaZeroed, cffZeroed, collectionIndexOutOfRange, directory

    var testDescription: String { rawValue }

    /// Writes the file into `directory`; returns its path and the face index to ask for.
    func make(in directory: URL) throws -> (path: String, faceIndex: Int) {
        let real = { (name: String) in [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font(name)))) }
        let url = directory.appendingPathComponent("\(rawValue).ttf")
        var bytes: [UInt8]
        switch self {
        case .empty: bytes = []
        case .textRenamed: bytes = Array(try String(contentsOfFile: TestPaths.font("README.md"), encoding: .utf8).utf8)
        // WOFF's signature and then junk: FreeType may read WOFF, HarfBuzz can't.
        case .webFont: bytes = Array("wOFF".utf8) + [UInt8](repeating: 0, count: 60)
        case .truncated: bytes = Array(try real("LiberationSans-Regular.ttf").prefix(1024))
        // A partial download: FreeType alone opens it, dropping the tables past the end, and
        // every glyph draws as nothing.
        case .cutInHalf:
            let whole = try real("LiberationSans-Regular.ttf")
            bytes = Array(whole.prefix(whole.count / 2))
        case .cmapZeroed: bytes = try SFNT.zeroing("cmap", in: real("LiberationSans-Regular.ttf"))
        case .hheaZeroed: bytes = try SFNT.zeroing("hhea", in: real("LiberationSans-Regular.ttf"))
        case .cffZeroed: bytes = try SFNT.zeroing("CFF ", in: real("GilliusADF-Regular.otf"))
        case .collectionIndexOutOfRange: return (TestPaths.sharedFixture("GilliusPair.ttc"), 2)
        case .directory:
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            return (url.path, 0)
        }
        try Data(bytes).write(to: url)
        return (url.path, 0)
    }

    /// Whether the library's error is the one this file deserves.
    func isExpected(_ error: TypeLayoutError, path: String) -> Bool {
        switch (self, error) {
        case (.empty, .notAFont(path, "the file is empty")): true
        case let (.textRenamed, .notAFont(named, reason)): named == path && reason.contains("doesn't start with a TrueType")
        case let (.webFont, .notAFont(named, reason)): named == path && reason.contains("WOFF web font")
        case let (.truncated, .damagedFont(named, reason)):
            named == path && reason.hasPrefix("table 'hmtx' and 14 others") && reason.hasSuffix("lie outside the file (truncated?)")
        case let (.cutInHalf, .damagedFont(named, reason)):
            named == path && reason == "table 'glyf' and 8 others lie outside the file (truncated?)"
        case (.cffZeroed, .notAFont(path, _)): true
        case let (.cmapZeroed, .notAFont(named, reason)): named == path && reason.contains("character map")
        case let (.hheaZeroed, .notAFont(named, reason)): named == path && reason.contains("hhea")
        case (.collectionIndexOutOfRange, .faceIndexOutOfRange(path, 2, 2)): true
        case (.directory, .unreadableFile(path, "it is a directory")): true
        default: false
        }
    }
}

/// Checks the CLI's answer to bad input: the exit status, one stderr line naming the problem,
/// nothing written, and (when asked) the time taken.
func expectCLIFailure(
    _ arguments: [String], status: ClosedRange<Int32> = 1...2, message: String, wrapper: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let directory = try TestPaths.temporaryDirectory()
    let output = directory.appendingPathComponent("out.png").path
    let (result, seconds) = try timed { try CLI.run(arguments + [output], wrapper: wrapper) }
    #expect(status.contains(result.status), "\(arguments): exit \(result.status), \(result.stderr)", sourceLocation: sourceLocation)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(lines.first?.hasPrefix("render-cli: error: ") == true, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.contains(message), "\(result.stderr) lacks '\(message)'", sourceLocation: sourceLocation)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing written",
            sourceLocation: sourceLocation)
    checkTime(seconds, arguments, sourceLocation: sourceLocation)
}

/// Runs render-cli on odd but valid input: exit 0, a PNG, and stderr as given (empty unless a
/// warning is expected).
@discardableResult
func expectCLISuccess(
    _ arguments: [String], stderrLines: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (result: CLI.Result, image: RGBAImage?) {
    let directory = try TestPaths.temporaryDirectory()
    let output = directory.appendingPathComponent("out.png").path
    let (result, seconds) = try timed { try CLI.run(arguments + [output]) }
    #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.split(separator: "\n").count == stderrLines, "\(result.stderr)", sourceLocation: sourceLocation)
    checkTime(seconds, arguments, sourceLocation: sourceLocation)
    return (result, try? PNGCodec.read(contentsOf: output))
}

func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
}

/// With TYPELAYOUT_CASE_SECONDS set (scripts/hostile.sh, against a release render-cli), each
/// CLI case must finish within it.
func checkTime(_ seconds: Double, _ arguments: [String], sourceLocation: SourceLocation) {
    guard let limit = ProcessInfo.processInfo.environment["TYPELAYOUT_CASE_SECONDS"].flatMap(Double.init) else { return }
    let shown = arguments.map { $0.count > 60 ? String($0.prefix(60)) + "…" : $0 }
    print("hostile case \(String(format: "%.2f", seconds)) s: \(shown.joined(separator: " "))")
    #expect(seconds < limit, "\(shown) took \(seconds) s", sourceLocation: sourceLocation)
}

/// Whether any pixel differs from the background.
func hasInk(_ image: RGBAImage, background: Color = .white) -> Bool {
    let b = [background.red, background.green, background.blue, background.alpha]
    return stride(from: 0, to: image.pixels.count, by: 4).contains { i in
        image.pixels[i] != b[0] || image.pixels[i + 1] != b[1] || image.pixels[i + 2] != b[2] || image.pixels[i + 3] != b[3]
    }
}

// MARK: - Fonts

@Suite(.temporaryFolders, .timeLimit(.minutes(2)))
struct HostileFontTests {
    @Test(arguments: HostileFont.allCases)
    func libraryThrowsATypedError(_ font: HostileFont) throws {
        let (path, index) = try font.make(in: TestPaths.temporaryDirectory())
        let error = #expect(throws: TypeLayoutError.self) { try FontFace.load(path: path, faceIndex: index) }
        if let error { #expect(font.isExpected(error, path: path), "\(error)") }
        // Through the public Font initializer too, which is what callers use.
        #expect(throws: TypeLayoutError.self) { try Font(path: path, pointSize: 17, faceIndex: index) }
    }

    @Test(arguments: HostileFont.allCases)
    func cliExitsWithOneLineAndWritesNothing(_ font: HostileFont) throws {
        let (path, index) = try font.make(in: TestPaths.temporaryDirectory())
        let expected = font == .collectionIndexOutOfRange ? "face index 2 is out of range" : path
        try expectCLIFailure(["--font", path, "--face-index", "\(index)"], status: 1...1, message: expected)
        // `metrics` loads the font on its own path.
        let metrics = try CLI.run(["metrics", "--font", path, "--face-index", "\(index)"])
        #expect(metrics.status == 1 && metrics.stderr.split(separator: "\n").count == 1, "\(metrics.stderr)")
    }

    @Test func zeroedTablesReallyZeroTheTable() throws {
        // The patch is only a test of the cmap if it hits the cmap: check the parser on `head`,
        // whose magic number sits 12 bytes in.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font("LiberationSans-Regular.ttf"))))
        let tables = try SFNT.tables(in: bytes)
        let head = try #require(tables.first { $0.tag == "head" })
        #expect(bytes[head.offset + 12..<head.offset + 16].elementsEqual([0x5F, 0x0F, 0x3C, 0xF5]))
        let cmap = try #require(tables.first { $0.tag == "cmap" })
        let zeroed = try SFNT.zeroing("cmap", in: bytes)
        #expect(zeroed.count == bytes.count)
        #expect(zeroed[cmap.offset..<cmap.offset + cmap.length].allSatisfy { $0 == 0 })
        #expect(zeroed[..<cmap.offset] == bytes[..<cmap.offset])
        #expect(bytes[cmap.offset..<cmap.offset + cmap.length].contains { $0 != 0 })
    }

    /// A zeroed `glyf` is well formed: every glyph becomes an empty outline, like a space, and a
    /// deliberately blank font (Adobe Blank) looks just the same, so the face loads; the layout
    /// keeps the intact font's advances (hmtx is untouched) and the picture has no ink.
    @Test func zeroedGlyfLoadsAndDrawsNothing() throws {
        let directory = try TestPaths.temporaryDirectory()
        let path = directory.appendingPathComponent("glyf.ttf").path
        let original = TestPaths.font("LiberationSans-Regular.ttf")
        try Data(SFNT.zeroing("glyf", in: [UInt8](Data(contentsOf: URL(fileURLWithPath: original))))).write(to: URL(fileURLWithPath: path))
        let style = ParagraphStyle(width: 343, fallbackFaces: [], usesSystemFallback: false)
        let engine = TextLayoutEngine()
        let blank = try engine.layout(AttributedText("Hello, World", font: Font(path: path, pointSize: 24)), paragraphStyle: style, category: .large)
        let intact = try engine.layout(AttributedText("Hello, World", font: Font(path: original, pointSize: 24)), paragraphStyle: style, category: .large)
        #expect(blank.glyphs.map(\.x) == intact.glyphs.map(\.x))
        #expect(blank.glyphs.map(\.glyphID) == intact.glyphs.map(\.glyphID))
        let image = try Rasterizer(cache: GlyphCache()).render(blank, scale: 2)
        #expect(!hasInk(image))
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(intact, scale: 2)))
        let cli = try expectCLISuccess(["--font", path])
        #expect(cli.image.map { hasInk($0) } == false)
    }

    @Test func negativeFaceIndex() throws {
        #expect(throws: TypeLayoutError.faceIndexOutOfRange(path: TestPaths.sharedFixture("GilliusPair.ttc"), index: -1, faceCount: 0)) {
            try FontFace.load(path: TestPaths.sharedFixture("GilliusPair.ttc"), faceIndex: -1)
        }
        try expectCLIFailure(["--font", TestPaths.sharedFixture("GilliusPair.ttc"), "--face-index=-1"], status: 2...2,
                             message: "face index must be 0 or more")
    }

    @Test func variableWeightOutsideTheAxisIsClampedAndSaidSo() throws {
        let path = TestPaths.font("Inter-roman.var.ttf")
        let heavy = try FontFace.load(path: path, weight: FontWeight(rawValue: 1000))
        #expect(heavy.weight == .black && heavy.weightWasClamped)
        let light = try FontFace.load(path: path, weight: FontWeight(rawValue: 1))
        #expect(light.weight == .ultraLight && light.weightWasClamped)
        // A clamped face draws exactly as the axis's end does.
        let style = ParagraphStyle(width: 343)
        let clamped = try TextLayoutEngine().layout(AttributedText("Weight", font: Font(face: heavy, pointSize: 30)), paragraphStyle: style, category: .large)
        let black = try TextLayoutEngine().layout(
            AttributedText("Weight", font: Font(path: path, pointSize: 30, weight: .black)), paragraphStyle: style, category: .large)
        #expect(clamped.glyphs.map(\.x) == black.glyphs.map(\.x))

        let render = try expectCLISuccess(["--font", path, "--weight", "1000"], stderrLines: 1)
        #expect(render.result.stderr == "render-cli: warning: weight 1000 is outside the wght axis of Inter (100…900); clamped to 900\n")
        #expect(render.image != nil)
        let metrics = try CLI.run(["metrics", "--font", path, "--weight", "50", "--categories", "all"])
        #expect(metrics.status == 0)
        #expect(metrics.stderr == "render-cli: warning: weight 50 is outside the wght axis of Inter (100…900); clamped to 100\n",
                "one warning for all twelve categories")
        let inRange = try CLI.run(["layout", "--font", path, "--weight", "bold"])
        #expect(inRange.status == 0 && inRange.stderr.isEmpty)
    }

    @Test func nonFiniteWeightIsATypedError() throws {
        for weight in [Double.nan, .infinity, -.infinity] {
            // Static faces ignore the weight, but a non-finite one is refused all the same.
            for file in ["Inter-roman.var.ttf", "GilliusADF-Regular.otf"] {
                let error = #expect(throws: TypeLayoutError.self) {
                    try FontFace.load(path: TestPaths.font(file), weight: FontWeight(rawValue: weight))
                }
                guard case .invalidFontWeight(let refused) = error, refused.isNaN == weight.isNaN, refused.isNaN || refused == weight else {
                    Issue.record("\(String(describing: error))")
                    continue
                }
            }
        }
        // The CLI can't be given one: its parser wants 1…1000.
        try expectCLIFailure(["--font", TestPaths.font("Inter-roman.var.ttf"), "--weight", "nan"], status: 2...2,
                             message: "weight must be")
    }

    /// Permission bits don't stop root, which runs these tests here: in process the library is
    /// only tested as another user; the CLI is run as `nobody` through setpriv when we are root.
    @Test(.enabled(if: geteuid() != 0, "root reads files whatever their permission bits"))
    func unreadableFontIsATypedError() throws {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("secret.ttf").path
        try FileManager.default.copyItem(atPath: TestPaths.font("GilliusADF-Regular.otf"), toPath: path)
        chmod(path, 0)
        #expect(throws: TypeLayoutError.unreadableFile(path: path, reason: "Permission denied")) { try FontFace.load(path: path) }
    }

    @Test(.enabled(if: AnotherUser.isAvailable, "needs root and setpriv to run render-cli as nobody"))
    func unreadableFontAsNobody() throws {
        let nobody = try AnotherUser()
        let directory = try TestPaths.temporaryDirectory()
        chmod(directory.path, 0o777)
        let path = directory.appendingPathComponent("secret.ttf").path
        try FileManager.default.copyItem(atPath: TestPaths.font("GilliusADF-Regular.otf"), toPath: path)
        chmod(path, 0)
        let output = directory.appendingPathComponent("out.png").path
        let result = try nobody.run(["--font", path, output])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: can't read \(path): Permission denied\n")
        #expect(!FileManager.default.fileExists(atPath: output))
        // The same file readable: nobody can render, so the failure above was the permission.
        chmod(path, 0o644)
        let readable = try nobody.run(["--font", path, output])
        #expect(readable.status == 0, "\(readable.stderr)")
    }

    @Test func fontWithoutTheTextsCharactersFallsBackOrShowsNotdef() throws {
        let liberation = try Font(path: TestPaths.font("LiberationSans-Regular.ttf"), pointSize: 24)
        let text = AttributedText("日本語テキスト", attributes: TextAttributes(font: liberation))
        #expect(!"日本語テキスト".unicodeScalars.contains { liberation.face.hasGlyph(for: $0) })
        // With the bundled chain, the Japanese face draws every glyph.
        let fallback = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 343), category: .large)
        #expect(fallback.glyphs.count == 7)
        #expect(fallback.glyphs.allSatisfy { fallback.face(of: $0).path.hasSuffix("VL-PGothic-Regular.ttf") && $0.glyphID != 0 })
        // Without any fallback, the label's own face draws .notdef boxes, one per character.
        let alone = try TextLayoutEngine().layout(
            text, paragraphStyle: ParagraphStyle(width: 343, fallbackFaces: [], usesSystemFallback: false), category: .large)
        #expect(alone.glyphs.count == 7)
        #expect(alone.glyphs.allSatisfy { alone.face(of: $0) === liberation.face && $0.glyphID == 0 })
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(alone, scale: 1)), "the boxes are drawn")
        let cli = try expectCLISuccess(["--font", TestPaths.font("LiberationSans-Regular.ttf"), "--text", "日本語テキスト"])
        #expect(cli.image.map { hasInk($0) } == true)
    }
}

// MARK: - Text

@Suite(.temporaryFolders, .timeLimit(.minutes(3)))
struct HostileTextTests {
    let engine = TextLayoutEngine()
    var font: Font { get throws { try Font(path: TestPaths.font("LiberationSans-Regular.ttf"), pointSize: 17) } }

    func layout(_ string: String, width: Double? = 343, lines: Int = 0) throws -> TextLayout {
        try engine.layout(AttributedText(string, font: font), paragraphStyle: ParagraphStyle(width: width, numberOfLines: lines), category: .large)
    }

    /// Writes `bytes` to a text file and runs render-cli on it.
    func textFile(_ bytes: [UInt8]) throws -> String {
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("text.txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func vanishinglyNarrowWidthGivesOneCharacterPerLine() throws {
        // The breaker sizes its line array from width / label width; with a width this small
        // that quotient is far past Int.max and must not be converted unchecked.
        let text = String(repeating: "word ", count: 40)
        for width in [1e-300, Double.leastNonzeroMagnitude] {
            let layout = try layout(text, width: width)
            #expect(layout.lines.count == 200 && layout.lines.allSatisfy { $0.characterRange.count == 1 }, "one character a line")
            #expect(layout.hasBrokenWord)
        }
    }

    @Test func emptyText() throws {
        let layout = try layout("")
        #expect(layout.lines.isEmpty && layout.glyphs.isEmpty && layout.size == LayoutSize(width: 0, height: 0))
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 2)
        #expect(image.width == 686 && image.height == 1 && !hasInk(image))
        let cli = try expectCLISuccess(["--text-file", textFile([])])
        // Only the padding: (343 + 2 × 8) × 2 by 2 × 8 × 2.
        #expect(cli.image.map { [$0.width, $0.height] } == [718, 32])
        #expect(try expectCLISuccess(["--text", ""]).image.map { hasInk($0) } == false)
    }

    @Test func onlySpaces() throws {
        let layout = try layout(String(repeating: " ", count: 1000))
        // Spaces hang past the line's end: one line, no visible width, nothing drawn.
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].width == 0 && layout.lines[0].utf16Range == 0..<1000)
        #expect(!hasInk(try Rasterizer(cache: GlyphCache()).render(layout, scale: 1)))
        try expectCLISuccess(["--text-file", textFile(Array(repeating: 0x20, count: 1000))])
    }

    @Test func onlyNewlines() throws {
        let layout = try layout("\n\n\n")
        #expect(layout.lines.count == 4)
        #expect(layout.lines.allSatisfy { $0.text.isEmpty && $0.utf16Range.isEmpty })
        let lineHeight = try font.metrics.baselineToBaseline
        #expect(abs(layout.size.height - 4 * lineHeight) < 1e-9)
        // A text file's last newline ends its last line: three newlines are three lines.
        let path = try textFile(Array(repeating: 0x0A, count: 3))
        try expectCLISuccess(["--text-file", path])
        let json = try CLI.run(["layout", "--text-file", path, "--json"])
        #expect(json.status == 0 && json.stdout.contains("\"lineCount\" : 3"), "\(json.stdout)")
        // Thousands of them make an image past the size limit: an error, not a giant file.
        try expectCLIFailure(["--text-file", textFile(Array(repeating: 0x0A, count: 5000))], status: 1...1,
                             message: "exceeds the limit")
    }

    @Test func megabyteWithoutABreakOpportunity() throws {
        let count = 1 << 20
        let layout = try layout(String(repeating: "a", count: count))
        #expect(layout.hasBrokenWord)
        #expect(layout.lines.count > 1000)
        // The lines tile the text, each within the width (one expectation, not 40,000).
        var end = 0
        var tiled = true
        for line in layout.lines {
            tiled = tiled && line.utf16Range.lowerBound == end && line.width <= 343 + 1e-9
            end = line.utf16Range.upperBound
        }
        #expect(tiled && end == count)
        // Far taller than any image may be: a typed error before allocating.
        #expect(throws: ImageError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 1) }
        // Truncated to two lines, it is a small label.
        let truncated = try self.layout(String(repeating: "a", count: count), lines: 2)
        #expect(truncated.lines.count == 2 && truncated.isTruncated && truncated.lines[1].text.hasSuffix("…"))
        try expectCLIFailure(["--text-file", textFile(Array(repeating: 0x61, count: count))], status: 1...1, message: "exceeds the limit")
        try expectCLISuccess(["--text-file", textFile(Array(repeating: 0x61, count: count)), "--max-lines", "2"])
    }

    @Test func invalidUTF8() throws {
        // The library takes Strings, which are valid by construction: decoding repairs each bad
        // sequence to U+FFFD, which is laid out like any character.
        let repaired = String(decoding: [0x61, 0xFF, 0xFE, 0x62] as [UInt8], as: UTF8.self)
        #expect(repaired == "a\u{FFFD}\u{FFFD}b")
        let layout = try layout(repaired)
        #expect(layout.lines.map(\.text) == [repaired])
        #expect(layout.glyphs.count == 4)
        // The CLI reads files as UTF-8 and names the first bad byte instead of guessing.
        try expectCLIFailure(["--text-file", textFile([0x61, 0x62, 0x63, 0xFF, 0x64])], status: 1...1,
                             message: "is not valid UTF-8 (invalid byte sequence at byte offset 3)")
        // A surrogate encoded as UTF-8 (CESU-style) is invalid UTF-8 too.
        try expectCLIFailure(["--text-file", textFile([0x61, 0xED, 0xA0, 0x80, 0x62])], status: 1...1,
                             message: "is not valid UTF-8 (invalid byte sequence at byte offset 1)")
    }

    @Test func nulBytes() throws {
        let string = "ab\u{0}cd\u{0}"
        let layout = try layout(string)
        #expect(layout.lines.count == 1 && layout.lines[0].utf16Range == 0..<6)
        #expect(layout.glyphs.allSatisfy { $0.x.isFinite })
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(layout, scale: 1)))
        // Valid UTF-8: the CLI lays it out too.
        try expectCLISuccess(["--text-file", textFile([0x61, 0x62, 0x00, 0x63, 0x64, 0x00])])
    }

    @Test func loneSurrogatesInUTF16Input() throws {
        // A String can't hold a lone surrogate: decoding UTF-16 repairs it to U+FFFD, so the
        // library sees a valid scalar (and counts one UTF-16 unit for it, as before).
        let units: [UInt16] = [0x61, 0xD800, 0x62, 0xDC00, 0xD83D, 0xDE00]
        let string = String(decoding: units, as: UTF16.self)
        #expect(string == "a\u{FFFD}b\u{FFFD}😀")
        #expect(string.utf16.count == units.count)
        let layout = try layout(string)
        #expect(layout.lines.count == 1 && layout.lines[0].utf16Range == 0..<6)
        #expect(layout.glyphs.map(\.cluster) == [0, 1, 2, 3, 4])
        #expect(layout.glyphs.last.map(layout.face(of:))?.hasColorGlyphs == true, "the emoji after them still falls back to colour")
        // UTF-16 bytes are not UTF-8: the CLI refuses them.
        try expectCLIFailure(["--text-file", textFile([0x61, 0x00, 0x00, 0xD8, 0x62, 0x00])], status: 1...1, message: "not valid UTF-8")
    }

    @Test func tenThousandCombiningMarksOnOneBase() throws {
        let string = "a" + String(repeating: "\u{0301}", count: 10_000)
        #expect(string.count == 1)
        // One grapheme cluster can't be broken, however narrow the line.
        let layout = try layout(string, width: 10)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].characterRange == 0..<1)
        #expect(layout.glyphs.count >= 10_000)
        #expect(layout.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.cluster == 0 })
        // The marks stack far above the line: drawing clips them, and the base is drawn.
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(layout, scale: 1)))
        try expectCLISuccess(["--text-file", textFile(Array(string.utf8))])
    }

    @Test func bidiNestedPastTheMaximumDepth() throws {
        // 130 embeddings, alternately right-to-left and left-to-right: UAX #9 stops at 125.
        let opening = String(repeating: "\u{202B}\u{202A}", count: 65)
        let closing = String(repeating: "\u{202C}", count: 130)
        let string = opening + "abc אבג 123" + closing + String(repeating: "\u{2067}", count: 130) + "x"
        let analysis = try TextAnalysis(AttributedText(string, font: font), baseDirection: .natural, locale: nil)
        let levels = analysis.paragraphs.flatMap(\.bidi.levels)
        #expect(levels.max().map { $0 <= 126 } == true, "levels stop at the maximum depth")
        let layout = try layout(string)
        #expect(layout.lines.count == 1)
        #expect(layout.glyphs.allSatisfy { $0.x.isFinite })
        #expect(hasInk(try Rasterizer(cache: GlyphCache()).render(layout, scale: 1)))
        try expectCLISuccess(["--text-file", textFile(Array(string.utf8))])
    }

    /// Every ZWJ sequence in emoji-test.txt (fully, minimally and unqualified).
    static func emojiZWJSequences() throws -> [String] {
        let text = try String(contentsOfFile: "/usr/share/unicode/emoji/emoji-test.txt", encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard !line.hasPrefix("#"), let semicolon = line.firstIndex(of: ";") else { return nil }
            let scalars = line[..<semicolon].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            guard scalars.contains("\u{200D}") else { return nil }
            return String(String.UnicodeScalarView(scalars))
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/unicode/emoji/emoji-test.txt"),
                   "needs Debian's unicode-data (scripts/setup.sh installs it)"))
    func everyEmojiZWJSequence() throws {
        let sequences = try Self.emojiZWJSequences()
        #expect(sequences.count > 2000)
        let string = sequences.joined(separator: " ")
        let layout = try layout(string)
        // A line never starts inside a sequence.
        var starts: Set<Int> = [0]
        var offset = 0
        for sequence in sequences {
            offset += sequence.utf16.count + 1
            starts.insert(offset)
        }
        #expect(layout.lines.allSatisfy { starts.contains($0.utf16Range.lowerBound) })
        // Every sequence is drawn in colour, from the emoji face, without a .notdef.
        let units = Array(string.utf16)
        let inked = layout.glyphs.filter { units[$0.cluster] != 0x20 }
        #expect(inked.allSatisfy { layout.face(of: $0).hasColorGlyphs && $0.glyphID != 0 })
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 1)
        #expect(hasInk(image))
        // Wide and at 1x, so that 2,000 emoji fit in an image.
        try expectCLISuccess(["--text-file", textFile(Array(string.utf8)), "--width", "2000", "--scale", "1"])
    }
}

// MARK: - Numbers

@Suite(.temporaryFolders, .timeLimit(.minutes(2)))
struct HostileNumberTests {
    let engine = TextLayoutEngine()
    var face: FontFace { get throws { try FontFace.load(path: TestPaths.font("GilliusADF-Regular.otf")) } }
    var text: AttributedText { get throws { AttributedText("Hostile numbers", font: try Font(face: face, pointSize: 17)) } }

    static let badSizes: [Double] = [0, -1, -0.0, .nan, .infinity, -.infinity]

    @Test(arguments: badSizes)
    func pointSize(_ size: Double) throws {
        let face = try face
        #expect(throws: TypeLayoutError.self) { try Font(face: face, pointSize: size) }
        #expect(throws: TypeLayoutError.self) { try face.metrics(atPointSize: size) }
        #expect(throws: TypeLayoutError.self) { try Font(path: face.path, pointSize: size) }
        // 0 is a valid maximum (none); the rest are not.
        if size != 0 {
            #expect(throws: TypeLayoutError.self) {
                try FontMetrics.default.scaledFont(for: Font(face: face, pointSize: 17), maximumPointSize: size)
            }
        }
    }

    @Test func hugePointSizeLaysOutButWontRender() throws {
        let font = try Font(face: face, pointSize: 1e9)
        let layout = try engine.layout(AttributedText("Big", font: font), paragraphStyle: ParagraphStyle(width: 343), category: .large)
        #expect(layout.glyphs.allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(layout.size.height.isFinite && layout.size.height > 1e9)
        let error = #expect(throws: ImageError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 1) }
        if case .tooLarge = error {} else { Issue.record("\(String(describing: error))") }
    }

    @Test(arguments: [0, -1, .nan, .infinity, -.infinity] as [Double])
    func width(_ width: Double) throws {
        let error = #expect(throws: TypeLayoutError.self) { try engine.layout(text, paragraphStyle: ParagraphStyle(width: width), category: .large) }
        if case .invalidParagraphStyle(let message) = error { #expect(message.contains("width")) } else { Issue.record("\(String(describing: error))") }
    }

    @Test func negativeMaxLinesAndOtherStyleValues() throws {
        for style in [ParagraphStyle(numberOfLines: -1), ParagraphStyle(numberOfLines: .min), ParagraphStyle(lineHeightMultiple: .nan),
                      ParagraphStyle(lineHeightMultiple: -1), ParagraphStyle(lineSpacing: .nan), ParagraphStyle(lineSpacing: .infinity)] {
            let error = #expect(throws: TypeLayoutError.self) { try engine.layout(text, paragraphStyle: style, category: .large) }
            if case .invalidParagraphStyle = error {} else { Issue.record("\(String(describing: error))") }
        }
    }

    @Test(arguments: [0, 4, -1, .max] as [Int])
    func scale(_ scale: Int) throws {
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 343), category: .large)
        #expect(throws: TypeLayoutError.invalidDisplayScale(Double(scale))) { try Rasterizer(cache: GlyphCache()).render(layout, scale: scale) }
        #expect(throws: TypeLayoutError.self) { try ContactSheet(scale: scale).render([layout]) }
        #expect(throws: TypeLayoutError.self) {
            try FontMetrics.default.scaledValue(for: 10, compatibleWith: TraitCollection(preferredContentSizeCategory: .large, displayScale: Double(scale)))
        }
    }

    @Test func imageOverTheSizeLimit() throws {
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 20_000), category: .large)
        let error = #expect(throws: ImageError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 3) }
        #expect(error == .tooLarge(width: 60_000, height: Int((layout.size.height * 3).rounded(.up))))
        for padding in [Double.nan, .infinity, -1] {
            #expect(throws: TypeLayoutError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, padding: padding) }
        }
        // A finite but enormous padding is an image over the limit, not an overflow.
        #expect(throws: ImageError.self) { try Rasterizer(cache: GlyphCache()).render(layout, scale: 3, padding: 1e300) }
    }

    @Test func tracking() throws {
        let face = try face
        for tracking in [Double.nan, .infinity, -.infinity] {
            let text = AttributedText("Tracked", attributes: TextAttributes(font: try Font(face: face, pointSize: 17), tracking: tracking))
            let error = #expect(throws: TypeLayoutError.self) { try engine.layout(text, paragraphStyle: ParagraphStyle(width: 100), category: .large) }
            if case .invalidAttributes(let message) = error { #expect(message.contains("tracking")) } else { Issue.record("\(String(describing: error))") }
        }
        // Finite but enormous: the line's width overflows to ±infinity. Rendering must answer
        // with an image or a typed error; negative infinity used to trap converting to Int.
        for tracking in [1e308, -1e308] {
            let text = AttributedText("Tracked", attributes: TextAttributes(font: try Font(face: face, pointSize: 17), tracking: tracking))
            let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(), category: .large)
            #expect(!layout.size.width.isFinite)
            do { _ = try Rasterizer(cache: GlyphCache()).render(layout, scale: 1) } catch is ImageError {}
            do { _ = try ContactSheet(scale: 1).render([layout]) } catch is ImageError {}
        }
    }

    @Test func scalingCurveThatRoundsToZeroAtLarge() throws {
        // Valid sizes, but 0.4 pt rounds to 0 at large, which FontMetrics divides by.
        let curve = try ScalingCurve(smallest: 0.2, normal: 0.4, largestNormal: 2, largestAccessibility: 3)
        let font = try Font(face: face, pointSize: 17)
        let error = #expect(throws: TypeLayoutError.self) {
            try FontMetrics(curve: curve).scaledFont(for: font, compatibleWith: TraitCollection(preferredContentSizeCategory: .extraExtraExtraLarge))
        }
        if case .invalidPointSize = error {} else { Issue.record("\(String(describing: error))") }
        // A fixed font too large to scale overflows the same way.
        let error2 = #expect(throws: TypeLayoutError.self) {
            try FontMetrics.default.scaledFont(for: Font(face: face, pointSize: .greatestFiniteMagnitude),
                                               compatibleWith: TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge))
        }
        if case .invalidPointSize = error2 {} else { Issue.record("\(String(describing: error2))") }
    }

    @Test func contactSheetSettings() throws {
        let layout = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 100), category: .large)
        for scale in [0, 4, -1, .max, .min] {
            #expect(throws: TypeLayoutError.invalidDisplayScale(Double(scale))) { try ContactSheet(scale: scale).render([layout]) }
        }
        for padding in [Double.nan, .infinity, -1] {
            var sheet = ContactSheet()
            sheet.padding = padding
            #expect(throws: TypeLayoutError.self) { try sheet.render([layout]) }
        }
        var padded = ContactSheet()
        padded.padding = 1e300
        #expect(throws: ImageError.self) { try padded.render([layout]) }
        // `columns` is a public var: fewer than one means one, as the initializer has it.
        for columns in [0, -3] {
            var sheet = ContactSheet()
            sheet.columns = columns
            #expect(try sheet.render([layout, layout]) == ContactSheet(columns: 1).render([layout, layout]))
        }
    }

    @Test func canvasRectanglesOfExtremeSizes() throws {
        var canvas = try Canvas(width: 8, height: 8, background: .white)
        canvas.strokeRect(x: 0, y: 0, width: .max, height: .max, lineWidth: 2, color: .black)
        canvas.strokeRect(x: .min, y: .min, width: .max, height: .max, lineWidth: .max, color: .black)
        canvas.fill(x: .max, y: .max, width: .max, height: .max, color: .black)
        let image = canvas.image()
        // Only the top and left edges of the huge outline fall on the canvas.
        #expect(image.pixel(x: 1, y: 7) == .black && image.pixel(x: 7, y: 1) == .black)
        #expect(image.pixel(x: 2, y: 2) == .white && image.pixel(x: 7, y: 7) == .white)
    }

    static let cliCases: [(arguments: [String], status: Int32, message: String)] = [
        (["--size", "0"], 2, "greater than 0"),
        (["--size", "-1"], 2, "greater than 0"),
        (["--size", "nan"], 2, "size must be a number"),
        (["--size", "inf"], 2, "size must be a number"),
        (["--size", "1e9"], 2, "at most 1000"),
        (["--width", "0"], 2, "width must be"),
        (["--width", "-5"], 2, "width must be"),
        (["--width", "nan"], 2, "width must be"),
        (["--max-lines", "-1"], 2, "max lines must be 0"),
        (["--scale", "0"], 2, "scale must be 1, 2 or 3"),
        (["--scale", "4"], 2, "scale must be 1, 2 or 3"),
        (["--padding", "nan"], 2, "padding must be"),
        (["--width", "20000", "--scale", "3"], 1, "exceeds the limit of 16384 × 16384"),
        (["--size", "1000", "--width", "16000", "--categories", "all"], 1, "exceeds the limit"),
    ]

    @Test(arguments: cliCases)
    func cli(arguments: [String], status: Int32, message: String) throws {
        try expectCLIFailure(arguments, status: status...status, message: message)
    }
}

// MARK: - Output paths

@Suite(.temporaryFolders, .timeLimit(.minutes(2)))
struct HostilePathTests {
    var image: RGBAImage { get throws { try RGBAImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)) } }

    @Test func outputIntoAMissingDirectory() throws {
        let directory = try TestPaths.temporaryDirectory()
        let path = directory.appendingPathComponent("missing/out.png").path
        #expect(throws: ImageError.writeFailed(path: path, reason: "No such file or directory")) { try PNGCodec.write(image, to: path) }
        let result = try CLI.run([path])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: can't write \(path): No such file or directory\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func outputOntoADirectory() throws {
        let parent = try TestPaths.temporaryDirectory()
        let target = parent.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: false)
        #expect(throws: ImageError.self) { try PNGCodec.write(image, to: target.path) }
        let result = try CLI.run([target.path])
        #expect(result.status == 1 && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("can't write \(target.path)"))
        // Still an empty directory, and no temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["taken.png"])
    }

    /// Whether `chattr +i` works here (it needs CAP_LINUX_IMMUTABLE and a file system with the
    /// flag, such as ext4): an immutable file can't be written or replaced, even by root.
    static let immutableFilesWork: Bool = {
        guard let directory = try? TestPaths.temporaryDirectory() else { return false }
        let probe = directory.appendingPathComponent("probe").path
        guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
        defer { _ = try? chattr("-i", probe) }
        return (try? chattr("+i", probe)) == true
    }()

    @discardableResult
    static func chattr(_ flag: String, _ path: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        process.arguments = [flag, path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr") && immutableFilesWork,
                   "needs chattr +i (CAP_LINUX_IMMUTABLE on ext4 or similar)"))
    func outputOntoAnImmutableFileLeavesItUntouched() throws {
        let directory = try TestPaths.temporaryDirectory()
        let path = directory.appendingPathComponent("locked.png").path
        let previous = Data("previous contents".utf8)
        try previous.write(to: URL(fileURLWithPath: path))
        #expect(try Self.chattr("+i", path))
        defer { _ = try? Self.chattr("-i", path) }
        #expect(throws: ImageError.writeFailed(path: path, reason: "Operation not permitted")) { try PNGCodec.write(image, to: path) }
        let result = try CLI.run([path])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: can't write \(path): Operation not permitted\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["locked.png"])
    }

    /// The atomic rename needs only the directory's permission, so it could replace a file its
    /// owner made read-only; the writer refuses instead, like an in-place write. Root may write
    /// any file, so this runs as another user: in process when not root, else through the CLI
    /// as `nobody`.
    @Test(.enabled(if: geteuid() != 0, "root may write read-only files"))
    func outputOntoAReadOnlyFileLeavesItUntouched() throws {
        let directory = try TestPaths.temporaryDirectory()
        let path = directory.appendingPathComponent("readonly.png").path
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o444)
        #expect(throws: ImageError.writeFailed(path: path, reason: "Permission denied")) { try PNGCodec.write(image, to: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("previous".utf8))
    }

    @Test(.enabled(if: AnotherUser.isAvailable, "needs root and setpriv to run render-cli as nobody"))
    func outputOntoAReadOnlyFileAsNobody() throws {
        let nobody = try AnotherUser()
        let directory = try TestPaths.temporaryDirectory()
        // nobody may create and rename files here, but not write the read-only file itself.
        chmod(directory.path, 0o777)
        let path = directory.appendingPathComponent("readonly.png").path
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o444)
        let result = try nobody.run([path])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: can't write \(path): Permission denied\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["readonly.png"])
        // A writable file in the same place is replaced: the refusal was the file's mode.
        chmod(path, 0o666)
        let writable = try nobody.run([path])
        #expect(writable.status == 0, "\(writable.stderr)")
        #expect(try PNGCodec.read(contentsOf: path).width > 1)
    }

    @Test func failureAfterTheTemporaryFileLeavesTheTargetUntouched() throws {
        // The same protection for any failure between writing and renaming (disk full, a
        // crash): injected here, since nothing else fails on demand.
        struct Injected: Error {}
        let directory = try TestPaths.temporaryDirectory()
        let path = directory.appendingPathComponent("keep.png").path
        try Data("previous".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: Injected.self) { try PNGCodec.write(image, to: path, beforeRename: { throw Injected() }) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["keep.png"])
    }
}
