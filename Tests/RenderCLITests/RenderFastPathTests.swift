import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// render-cli reads a plain `render` command line (`--name value` pairs and an output) without
/// ArgumentParser, and hands anything else to ArgumentParser. ArgumentParser takes the same
/// options written `--name=value`, which the fast path refuses: each pair of runs below is the
/// same command through the two parsers, which must agree on pixels, status and messages.
@Suite(.temporaryFolders) struct RenderFastPathTests {
    struct Run: Equatable {
        let status: Int32
        let stderr: String
        let png: Data?
    }

    /// The command run as given (fast path) and with every option as `--name=value`
    /// (ArgumentParser), each writing its own file; `leading` comes first (a subcommand and its
    /// file).
    static func bothWays(_ options: [(String, String?)], leading: [String] = [], output: String = "out.png") throws
        -> (fast: Run, parsed: Run) {
        let directory = try TestPaths.temporaryDirectory()
        func run(_ arguments: [String], _ file: String) throws -> Run {
            let path = directory.appendingPathComponent(file).path
            let result = try CLI.run(leading + arguments + [output == "out.png" ? path : output])
            return Run(status: result.status, stderr: result.stderr.replacingOccurrences(of: path, with: "OUT"),
                       png: FileManager.default.contents(atPath: path))
        }
        let spaced = options.flatMap { name, value in ["--" + name] + (value.map { [$0] } ?? []) }
        let joined = options.map { name, value in "--" + name + (value.map { "=" + $0 } ?? "") }
        return (try run(spaced, "fast.png"), try run(joined, "parsed.png"))
    }

    /// Every option the fast path reads, in combinations that draw differently.
    @Test(arguments: [
        [("font", TestPaths.font("LiberationSans-Regular.ttf")), ("size", "17"), ("width", "320"),
         ("text", LayoutCommandTests.body), ("category", "l"), ("scale", "1")],
        [("text", "Hi, Dave"), ("categories", "xs,l,ax5"), ("align", "center"), ("padding", "3"), ("scale", "3"),
         ("color", "#FF0000"), ("background", "#00FF0080"), ("max-lines", "1"), ("truncation", "head"), ("width", "60")],
        [("style", "headline"), ("bold-text", nil), ("scaling", "apple"), ("category", "ax2"), ("text", "Bold text")],
        [("font", TestPaths.font("Inter-roman.var.ttf")), ("weight", "semibold"), ("face-index", "0"),
         ("platform", "android"), ("font-scale", "1.3"), ("text", "Android")],
        [("platform", "android"), ("categories", "all"), ("text", "Android")],
        [("style", "body"), ("text", "アクティブ時間"), ("width", "150"), ("category", "ax4"), ("language", "ja"), ("scale", "1")],
    ] as [[(String, String?)]])
    func bothParsersDrawTheSamePixels(options: [(String, String?)]) throws {
        let (fast, parsed) = try Self.bothWays(options)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(fast == parsed)
        #expect((fast.png?.count ?? 0) > 100)
    }

    @Test func textFromAFile() throws {
        let file = try TestPaths.temporaryDirectory().appendingPathComponent("hal.txt")
        try Data((LayoutCommandTests.hal + "\n").utf8).write(to: file)
        let (fast, parsed) = try Self.bothWays([("platform", "react-native"), ("text-file", file.path), ("size", "20")])
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(fast == parsed)
    }

    /// A repeated option: the fast path leaves it to ArgumentParser, whose last value wins.
    @Test func aRepeatedOptionTakesTheLastValue() throws {
        let (fast, parsed) = try Self.bothWays([("size", "40"), ("text", "Hi"), ("size", "17")])
        let (once, _) = try Self.bothWays([("text", "Hi"), ("size", "17")])
        #expect(fast.status == 0 && fast == parsed)
        #expect(fast.png == once.png)
    }

    /// Refused values, failed validations, repeats and unknown options: the fast path steps
    /// aside and the user sees ArgumentParser's usage error, as with `--name=value`.
    @Test(arguments: [
        [("width", "0")], [("scale", "4")], [("size", "abc")], [("align", "middle")], [("max-lines", "-1")],
        [("category", "l"), ("categories", "all")], [("font-scale", "2")], [("text", "a"), ("text-file", "b.txt")],
        [("nope", nil)], [("scaling", "quadratic")], [("category", "huge")], [("language", "日本語")],
    ] as [[(String, String?)]])
    func refusalsReachArgumentParser(options: [(String, String?)]) throws {
        let (fast, parsed) = try Self.bothWays(options)
        #expect(fast == parsed)
        #expect(fast.png == nil)
        #expect(fast.stderr.hasPrefix("render-cli: error: "), "\(fast.stderr)")
    }

    /// An output that isn't .png, and a font that doesn't load, fail alike on both paths.
    @Test func runtimeAndOutputErrorsMatch() throws {
        let (badName, badNameParsed) = try Self.bothWays([("text", "Hi")], output: "label.jpg")
        #expect(badName.status == 2 && badName == badNameParsed)
        let (noFont, noFontParsed) = try Self.bothWays([("font", "/nonexistent/font.ttf")])
        #expect(noFont.status == 1 && noFont == noFontParsed)
        #expect(noFont.stderr.contains("no such font file"))
    }
}
