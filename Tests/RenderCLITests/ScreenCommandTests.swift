import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutRendering
import TypeLayoutTestSupport

/// `render-cli screen`, run as a user runs it: the picture's size, the frames dump, the options
/// reaching the layout and the renderer, and bad input as one line with no file left behind.
@Suite(.temporaryFolders) struct ScreenCommandTests {
    static let file = TestPaths.fixture("screens/larger-text.json")
    /// iPhone SE's width plus the fold's gutter, in points.
    static let pictureWidth = 375 + 36

    static func frames(_ json: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    }

    static func node(_ id: String, in document: [String: Any]) -> [String: Any]? {
        (document["nodes"] as! [[String: Any]]).first { $0["id"] as? String == id }
    }

    @Test func oneCategoryWritesThePictureAndPrintsItsFrames() throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("row.png").path
        let result = try CLI.run(["screen", Self.file, "--category", "l", "--json", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let image = try PNGCodec.read(contentsOf: output)
        let document = try Self.frames(result.stdout)
        #expect(document["category"] as? String == ContentSizeCategory.large.rawValue)
        #expect(image.width == Self.pictureWidth * 2)
        // The file's device fits everything at large: the picture is the device's height.
        #expect(image.height == 667 * 2)
        let title = try #require(Self.node("title", in: document)), toggle = try #require(Self.node("toggle", in: document))
        // Side by side at large.
        #expect((toggle["x"] as! Double) > (title["x"] as! Double) + (title["width"] as! Double) - 0.01)
        #expect(title["lines"] as? Int == 1 && title["truncated"] as? Bool == false)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["row.png"])
    }

    @Test func allCategoriesMakeASheetAndAListOfDumps() throws {
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("sheet.png").path
        let result = try CLI.run(["screen", Self.file, "--categories", "all", "--json", output])
        #expect(result.status == 0, "\(result.stderr)")
        let documents = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [[String: Any]]
        #expect(documents.map { $0["category"] as? String } == ContentSizeCategory.allCases.map(\.rawValue))
        // The switch goes below the label from accessibilityMedium up.
        for document in documents {
            let category = try ContentSizeCategory(parsing: document["category"] as! String)
            let title = try #require(Self.node("title", in: document)), toggle = try #require(Self.node("toggle", in: document))
            let below = (toggle["y"] as! Double) >= (title["y"] as! Double) + (title["height"] as! Double) - 0.01
            #expect(below == category.isAccessibilityCategory, "\(category)")
        }
        // A sheet is drawn at @1x unless asked: six cells a row, two rows.
        let image = try PNGCodec.read(contentsOf: output)
        #expect(image.width == 12 + 6 * (Self.pictureWidth + 12))
        // Taller than the device at the largest size (the picture is drawn whole), not at large.
        func bottom(_ document: [String: Any]) -> Double {
            (document["nodes"] as! [[String: Any]]).map { ($0["y"] as! Double) + ($0["height"] as! Double) }.max() ?? 0
        }
        #expect(bottom(documents[3]) < 667 && bottom(documents[11]) > 667)
        #expect(image.height > 12 + 667 + 12 + Int(bottom(documents[11])))
    }

    @Test func deviceScaleAndDebugFramesReachThePicture() throws {
        let directory = try TestPaths.temporaryDirectory()
        func render(_ arguments: [String], _ name: String) throws -> (RGBAImage, [String: Any]) {
            let output = directory.appendingPathComponent(name).path
            let result = try CLI.run(["screen", Self.file, "--json"] + arguments + [output])
            #expect(result.status == 0, "\(result.stderr)")
            return (try PNGCodec.read(contentsOf: output), try Self.frames(result.stdout))
        }
        let (large, largeFrames) = try render(["--device", "iphone-16-pro-max", "--scale", "3"], "max.png")
        #expect(large.width == (440 + 36) * 3)
        #expect((largeFrames["device"] as! [String: Any])["width"] as? Double == 440)
        let (plain, _) = try render(["--scale", "1"], "plain.png")
        let (outlined, _) = try render(["--scale", "1", "--debug-frames"], "outlined.png")
        #expect(plain.width == outlined.width && plain.height == outlined.height)
        #expect(plain != outlined)
        // The root's outline is on its left edge.
        #expect(outlined.pixel(x: 0, y: 100) == Color(red: 0xFF, green: 0x2D, blue: 0x55))
        #expect(plain.pixel(x: 0, y: 100) == Color(red: 0xF2, green: 0xF2, blue: 0xF7))
    }

    /// On a preset, the status bar and home indicator are drawn over the screen unless
    /// `--no-device-chrome` is given; the frames dump is the same either way.
    @Test func noDeviceChromeLeavesOutTheStatusBarAndHomeIndicator() throws {
        let directory = try TestPaths.temporaryDirectory()
        func render(_ arguments: [String], _ name: String) throws -> (RGBAImage, String) {
            let output = directory.appendingPathComponent(name).path
            let result = try CLI.run(["screen", Self.file, "--json", "--device", "iphone-16", "--scale", "1"] + arguments + [output])
            #expect(result.status == 0, "\(result.stderr)")
            return (try PNGCodec.read(contentsOf: output), result.stdout)
        }
        let (chrome, chromeFrames) = try render([], "chrome.png")
        let (bare, bareFrames) = try render(["--no-device-chrome"], "bare.png")
        #expect(chromeFrames == bareFrames)
        // The home indicator's middle: dark with the chrome, the screen's grey without.
        #expect(chrome.pixel(x: 196, y: 852 - 11).red < 40)
        #expect(bare.pixel(x: 196, y: 852 - 11) == Color(red: 0xF2, green: 0xF2, blue: 0xF7))
        // Nothing else differs below the status bar and above the indicator.
        for y in stride(from: 60, to: 852 - 34, by: 7) {
            #expect((0..<393).allSatisfy { chrome.pixel(x: $0, y: y) == bare.pixel(x: $0, y: y) }, "row \(y)")
        }
    }

    @Test func thePlatformOptionScalesTheText() throws {
        func titleSize(_ arguments: [String]) throws -> Double {
            let result = try CLI.run(["screen", Self.file, "--category", "ax5", "--json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let title = try #require(Self.node("title", in: try Self.frames(result.stdout)))
            return (title["pointSizes"] as! [Double])[0]
        }
        // Body at ax5: 53 pt under UIKit, 17 × 3.571 under React Native.
        #expect(try titleSize([]) == 53)
        #expect(try titleSize(["--platform", "react-native"]) == 60.71)
    }

    /// Android has font scales, not categories: a category lays out at its nearest Android
    /// scale (as --compare-platforms' Android columns do), and --font-scale with a category is
    /// one clear error rather than one of them ignored.
    @Test func androidTakesTheCategorysNearestFontScale() throws {
        func titleSize(_ arguments: [String]) throws -> Double {
            let result = try CLI.run(["screen", Self.file, "--json", "--platform", "android"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let title = try #require(Self.node("title", in: try Self.frames(result.stdout)))
            return (title["pointSizes"] as! [Double])[0]
        }
        let large = try titleSize(["--category", "l"]), ax5 = try titleSize(["--category", "ax5"])
        #expect(large == 17)
        #expect(ax5 > large)
        #expect(try titleSize(["--category", "xxxl"]) == titleSize(["--font-scale", "1.3"]))
        #expect(ax5 == (try titleSize(["--font-scale", "2"])))
        // A sheet's categories differ as the single screens do.
        let sheet = try CLI.run(["screen", Self.file, "--json", "--platform", "android", "--categories", "l,ax5"])
        let documents = try JSONSerialization.jsonObject(with: Data(sheet.stdout.utf8)) as! [[String: Any]]
        #expect(documents.compactMap { Self.node("title", in: $0)?["pointSizes"] as? [Double] } == [[large], [ax5]])
        try CLI.expectOneLineError(["screen", Self.file, "--json", "--platform", "android", "--font-scale", "2", "--category", "ax3"],
                                   status: 2, message: "give --font-scale or --category/--categories with --platform android, not both")
    }

    @Test func jsonAloneWritesNothing() throws {
        let result = try CLI.run(["screen", Self.file, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.frames(result.stdout)["nodes"] != nil)
    }

    @Test func badInputIsOneLineAndLeavesNoPicture() throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("out.png").path
        try CLI.expectOneLineError(["screen", Self.file], status: 2, message: "--json")
        try CLI.expectOneLineError(["screen", Self.file, directory.appendingPathComponent("out.jpg").path],
                                   status: 2, message: "must be a .png file name")
        try CLI.expectOneLineError(["screen", Self.file, "--bogus", "x", output], status: 2, message: "Unknown option '--bogus'")
        try CLI.expectOneLineError(["screen", directory.appendingPathComponent("missing.json").path, output],
                                   status: 1, message: "missing.json")
        try CLI.expectOneLineError(["screen", Self.file, "--device", "iphone-sf", output],
                                   status: 1, message: "iphone-se")
        try CLI.expectOneLineError(["screen", Self.file, "--category", "l", "--categories", "all", output],
                                   status: 2, message: "not both")
        // A mistake deep in the file: FILE:LINE:COLUMN, and no PNG.
        let broken = directory.appendingPathComponent("broken.json").path
        let text = try String(contentsOfFile: Self.file, encoding: .utf8).replacingOccurrences(of: "\"gap\": 8", with: "\"gapp\": 8")
        try Data(text.utf8).write(to: URL(fileURLWithPath: broken))
        try CLI.expectOneLineError(["screen", broken, output], status: 1, message: "broken.json:")
        // The tool's "error:" prefix once, not the file error's own again after the location.
        let mistake = try CLI.run(["screen", broken, output])
        #expect(mistake.stderr.hasPrefix("render-cli: error: \(broken):")
                    && mistake.stderr.components(separatedBy: "error:").count == 2, "\(mistake.stderr)")
        // Too large to draw: a clear error before anything is written.
        let tall = directory.appendingPathComponent("tall.json").path
        try Data(#"{ "device": "iPhone SE (3rd generation)", "root": { "style": { "height": 9000 } } }"#.utf8).write(to: URL(fileURLWithPath: tall))
        try CLI.expectOneLineError(["screen", tall, "--scale", "3", output], status: 1, message: "past the limit")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["broken.json", "tall.json"])
    }
}
