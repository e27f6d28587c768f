import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutRendering
import TypeLayoutTestSupport

@Suite(.temporaryFolders) struct RenderCommandTests {
    @Test func designCardCommandWritesAPNG() throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("hal.png").path
        let result = try CLI.run(["--font", TestPaths.font("GilliusADF-Regular.otf"), "--size", "36", "--category", "xxxl",
                                  output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.read(contentsOf: output)
        // Default scale 2, width 343 + 2 × 8 padding.
        #expect(image.width == (343 + 16) * 2)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let size = object["image"] as! [String: Int]
        #expect(size["width"] == image.width && size["height"] == image.height)
        let layout = object["layout"] as! [String: Any]
        #expect(layout["pointSize"] as? Double == 49)
        #expect(layout["lineCount"] as? Int == 3)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory.path)) == ["hal.png"])
    }

    @Test func coloursLandExactly() throws {
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("red.png").path
        let result = try CLI.run(["--text", "I", "--size", "200", "--color", "#FF0000", "--background", "#0000FF",
                                  "--width", "100", "--scale", "1", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.read(contentsOf: output)
        #expect(image.pixel(x: 0, y: 0) == Color(red: 0, green: 0, blue: 255))
        #expect(image.pixel(x: image.width - 1, y: image.height - 1) == Color(red: 0, green: 0, blue: 255))
        // The stem of a 200 pt "I" is solid: some pixel is exactly the text colour.
        var solid = 0
        for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == Color(red: 255, green: 0, blue: 0) { solid += 1 } }
        #expect(solid > 500)
    }

    /// `--align` reaches the layout, and no `--align` is `natural` (left for Latin text).
    @Test func alignMovesTheInk() throws {
        let directory = try TestPaths.temporaryDirectory()
        func leftmostInk(_ align: String?) throws -> Int {
            let output = directory.appendingPathComponent("\(align ?? "default").png").path
            let result = try CLI.run(["--text", "Hi", "--width", "300", "--scale", "1"]
                                     + (align.map { ["--align", $0] } ?? []) + [output])
            #expect(result.status == 0, "\(result.stderr)")
            let image = try PNGCodec.read(contentsOf: output)
            let white = Color(red: 255, green: 255, blue: 255)
            return (0..<image.width).first { x in (0..<image.height).contains { image.pixel(x: x, y: $0) != white } } ?? -1
        }
        let natural = try leftmostInk(nil)
        #expect(natural >= 0)
        #expect(try leftmostInk("natural") == natural)
        #expect(try leftmostInk("left") == natural)
        let center = try leftmostInk("center"), right = try leftmostInk("right")
        #expect(natural < center && center < right)
    }

    /// `--truncation` reaches the layout, and no `--truncation` is `tail`.
    @Test func truncationPutsTheEllipsisWhereAsked() throws {
        func line(_ truncation: String?) throws -> String {
            let result = try CLI.run(["layout", "--text", "one two three four five six seven", "--width", "80", "--max-lines", "1"]
                                     + (truncation.map { ["--truncation", $0] } ?? []))
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").last.map(String.init) ?? ""
        }
        #expect(try line(nil).hasSuffix("…"))
        #expect(try line("tail") == line(nil))
        #expect(try line("head").hasPrefix("  | …"))
        #expect(try line("middle").contains("…") && !line("middle").hasSuffix("…"))
        #expect(try !line("clip").contains("…"))
    }

    @Test func transparentBackground() throws {
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("clear.png").path
        let result = try CLI.run(["--text", "Hi", "--background", "#FFFFFF00", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.read(contentsOf: output)
        #expect(image.pixel(x: 0, y: 0).alpha == 0)
    }

    @Test func contactSheetOfAllCategories() throws {
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("sheet.png").path
        let result = try CLI.run(["--style", "body", "--categories", "all", "--json", output])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let layouts = object["layouts"] as! [[String: Any]]
        #expect(layouts.map { $0["pointSize"] as? Double } == ContentSizeCategory.allCases.map { TextStyle.body.pointSize(at: $0) })
        let image = try PNGCodec.read(contentsOf: output)
        #expect(image.width > 4 * 343 * 2)
    }

    @Test func versionNamesTheLibraries() throws {
        let result = try CLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("FreeType \(LibraryVersions.freeType)"))
        #expect(result.stdout.contains("HarfBuzz \(LibraryVersions.harfBuzz)"))
    }

    static let errors: [(arguments: [String], status: Int32, message: String)] = [
        (["--bogus"], 2, "--bogus"),
        // An unknown option's value isn't taken for the output and blamed for not being a PNG.
        (["render", "--bogus", "x"], 2, "Unknown option '--bogus'"),
        (["--bogus", "x"], 2, "Unknown option '--bogus'"),
        (["render", "--bogus", "x", "--font-scales", "1"], 2, "Unknown option '--bogus'"),
        (["--category", "huge"], 2, "unknown content size category 'huge'"),
        (["--size", "0"], 2, "greater than 0"),
        (["--size", "1001"], 2, "at most 1000"),
        (["--size", "-4"], 2, "greater than 0"),
        (["--width", "0"], 2, "width must be"),
        (["--width", "-10"], 2, "width must be"),
        (["--scale", "4"], 2, "scale must be 1, 2 or 3"),
        (["--scale", "0"], 2, "scale must be 1, 2 or 3"),
        (["--language", "日本語"], 2, "invalid language tag '日本語'"),
        (["--language", "ja--JP"], 2, "invalid language tag"),
        (["--color", "#12"], 2, "invalid colour"),
        (["--background", "blue"], 2, "invalid colour"),
        (["--max-lines", "-1"], 2, "max lines"),
        (["--font", "/no/such/font.ttf"], 1, "no such font file"),
        (["--font", #filePath], 1, "is not a font file"),
        (["--width", "20000", "--scale", "3"], 1, "exceeds the limit"),
    ]

    @Test(arguments: errors)
    func errorsLeaveNoFile(arguments: [String], status: Int32, message: String) throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("out.png").path
        let result = try CLI.run(arguments + [output])
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func unwritableOutputIsARuntimeError() throws {
        let result = try CLI.run(["/no/such/directory/out.png"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/no/such/directory/out.png"))
        // A folder named like a PNG: past the name check, refused when written.
        let directory = try TestPaths.temporaryDirectory().appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let onDirectory = try CLI.run([directory.path])
        #expect(onDirectory.status == 1, "\(onDirectory.stderr)")
        #expect(onDirectory.stderr.contains("can't write \(directory.path)"), "\(onDirectory.stderr)")
    }

    @Test func failedWriteLeavesAnExistingFileUntouched() throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("keep.png")
        try Data("previous".utf8).write(to: output)
        let result = try CLI.run(["--width", "20000", "--scale", "3", output.path])
        #expect(result.status == 1)
        #expect(try Data(contentsOf: output) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["keep.png"])
    }

    @Test func fontByFamilyName() throws {
        // A private fontconfig configuration that knows only the bundled fonts, so the test
        // doesn't depend on what the machine has installed.
        let directory = try TestPaths.temporaryDirectory()
        let config = directory.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig><dir>\(BundledFonts.directory)</dir><cachedir>\(directory.path)/cache</cachedir></fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        let environment = ["FONTCONFIG_FILE": config.path]
        let output = directory.appendingPathComponent("x.png").path
        let byName = try CLI.run(["layout", "--font", "Gillius ADF", "--size", "36", "--category", "l", "--json"], environment: environment)
        let byFile = try CLI.run(["layout", "--font", TestPaths.font("GilliusADF-Regular.otf"), "--size", "36", "--category", "l", "--json"])
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(byName.stdout == byFile.stdout)
        let bold = try CLI.run(["layout", "--font", "Gillius ADF", "--weight", "bold", "--size", "36", "--category", "l", "--json"], environment: environment)
        #expect(bold.status == 0 && bold.stdout != byFile.stdout, "bold is wider")
        let missing = try CLI.run(["--font", "No Such Family 123", output], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no font file or installed font family named 'No Such Family 123'"))
    }
}
