import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// render-cli reads a plain `screen` command line (the file, the output, `--name value` pairs
/// and three flags) without ArgumentParser, and hands anything else to ArgumentParser, which takes
/// the same options written `--name=value`: each pair of runs below is the same command through
/// the two parsers, which must agree on the file's bytes, status and messages.
@Suite(.temporaryFolders) struct ScreenFastPathTests {
    static let settings = TestPaths.packageRoot.appendingPathComponent("Examples/screens/settings.yaml").path

    /// The command run as given (fast path) and with every valued option as `--name=value`
    /// (ArgumentParser), each writing its own file.
    static func bothWays(_ options: [(String, String?)], file: String = settings, output: String = "out.png") throws
        -> (fast: RenderFastPathTests.Run, parsed: RenderFastPathTests.Run) {
        try RenderFastPathTests.bothWays(options, leading: ["screen", file], output: output)
    }

    /// Every option the fast path reads, in combinations that draw differently: sheets (drawn in
    /// bands) and single screens.
    @Test(arguments: [
        [("categories", "all"), ("scale", "1")],
        [("category", "ax3"), ("device", "iphone-se"), ("debug-frames", nil)],
        [("categories", "xs,ax5"), ("scaling", "apple"), ("bold-text", nil), ("platform", "swiftui")],
        [("platform", "android"), ("font-scale", "1.3"), ("scale", "1")],
        [("platform", "android"), ("categories", "s,ax2")],
        [("device", "iphone-16"), ("no-device-chrome", nil), ("scale", "1")],
    ] as [[(String, String?)]])
    func bothParsersWriteTheSameFile(options: [(String, String?)]) throws {
        let (fast, parsed) = try Self.bothWays(options)
        #expect(parsed.status == 0, "\(parsed.stderr)")
        #expect(fast == parsed)
        #expect((fast.png?.count ?? 0) > 1_000)
    }

    /// Refused values, failed validations, repeats and unknown options: the fast path steps
    /// aside and the user sees ArgumentParser's usage error, as with `--name=value`.
    @Test(arguments: [
        [("scale", "4")], [("category", "huge")], [("category", "l"), ("categories", "all")], [("font-scale", "2")],
        [("platform", "android"), ("font-scale", "1.3"), ("category", "l")], [("nope", nil)], [("scaling", "quadratic")],
    ] as [[(String, String?)]])
    func refusalsReachArgumentParser(options: [(String, String?)]) throws {
        let (fast, parsed) = try Self.bothWays(options)
        #expect(fast == parsed)
        #expect(fast.png == nil)
        #expect(fast.status == 2 && fast.stderr.hasPrefix("render-cli: error: "), "\(fast.stderr)")
    }

    /// A repeated option: the fast path leaves it to ArgumentParser, whose last value wins.
    @Test func aRepeatedOptionTakesTheLastValue() throws {
        let (fast, parsed) = try Self.bothWays([("scale", "2"), ("category", "xs"), ("scale", "1")])
        let (once, _) = try Self.bothWays([("category", "xs"), ("scale", "1")])
        #expect(fast.status == 0 && fast == parsed)
        #expect(fast.png == once.png)
    }

    /// An output that isn't .png, a screen file that isn't there and an unknown device fail alike
    /// on both paths.
    @Test func runtimeAndOutputErrorsMatch() throws {
        let (badName, badNameParsed) = try Self.bothWays([("scale", "1")], output: "sheet.jpg")
        #expect(badName.status == 2 && badName == badNameParsed)
        let (noFile, noFileParsed) = try Self.bothWays([("scale", "1")], file: "/nonexistent/screen.yaml")
        #expect(noFile.status == 1 && noFile == noFileParsed && noFile.png == nil)
        let (noDevice, noDeviceParsed) = try Self.bothWays([("device", "iphone-99"), ("categories", "all")])
        #expect(noDevice.status == 1 && noDevice == noDeviceParsed && noDevice.png == nil, "\(noDevice.stderr)")
    }
}
