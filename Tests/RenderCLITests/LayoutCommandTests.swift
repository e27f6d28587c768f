import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// `render-cli layout`: its JSON, categories, text sources, truncation and errors.
@Suite(.temporaryFolders) struct LayoutCommandTests {
    /// The JSON of one layout: the library's description, the same everywhere.
    typealias Report = LayoutDescription

    static let hal = "I'm sorry, Dave. I'm afraid I can't do that."
    static let body = "Your photos and videos are stored in iCloud, so you can see them on all your devices and free up space on this iPhone."

    /// Runs `render-cli layout … --json` and decodes one layout (`T == Report`) or a list.
    static func json<T: Decodable>(_ arguments: [String], as type: T.Type = Report.self, stdin: Data? = nil,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
        let result = try CLI.run(["layout"] + arguments + ["--json"], stdin: stdin)
        #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.isEmpty, sourceLocation: sourceLocation)
        return try JSONDecoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    // MARK: Fallback

    @Test func fallbackFilesAreTriedInTheOrderGivenBeforeTheBundledFaces() throws {
        // VL PGothic and Noto Sans Hebrew both draw Hebrew, at different widths; the bundled
        // chain picks Noto Sans Hebrew.
        let japanese = TestPaths.font("VL-PGothic-Regular.ttf"), hebrew = TestPaths.font("NotoSansHebrew-Regular.ttf")
        func width(_ files: [String]) throws -> Double {
            try Self.json(["--text", "שלום עולם", "--category", "large"] + files.flatMap { ["--fallback", $0] }).lines[0].width
        }
        let bundled = try width([])
        #expect(try width([japanese]) != bundled)
        #expect(try width([japanese, hebrew]) == width([japanese]))
        #expect(try width([hebrew, japanese]) == bundled)
    }

    // MARK: JSON

    @Test func jsonHasTheDocumentedKeys() throws {
        let result = try CLI.run(["layout", "--category", "large", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["category", "pointSize", "lineCount", "wrapWidth", "isTruncated", "hasBrokenWord",
                                     "size", "faces", "runs", "lines"])
        let size = try #require(object["size"] as? [String: Any])
        #expect(Set(size.keys) == ["width", "height"])
        let lines = try #require(object["lines"] as? [[String: Any]])
        #expect(lines.count == 2)
        for line in lines {
            #expect(Set(line.keys) == ["text", "utf16Range", "x", "width", "baseline", "direction", "glyphs"])
            let glyphs = try #require(line["glyphs"] as? [String])
            #expect(glyphs.first?.hasPrefix("gid=") == true)
        }
        #expect(object["category"] as? String == "large", "categories are spelled as their raw values everywhere")
    }

    @Test func defaultLabelAsJSONMatchesTheLibrary() throws {
        // Defaults: the HAL label in the Gill Sans stand-in at 36 pt, 343 pt wide.
        let report = try Self.json(["--category", "large"])
        #expect(report.category == "large")
        #expect(report.pointSize == 36)
        #expect(report.lineCount == 2 && report.lines.count == 2)
        #expect(!report.isTruncated)
        #expect(report.lines.map(\.text) == ["I'm sorry, Dave. I'm", "afraid I can't do that."])
        #expect(report.lines.map(\.utf16Range) == [[0, 21], [21, 44]])

        let font = try Font(path: BundledFonts.gillSansStandIn, pointSize: 36)
        let layout = try TextLayoutEngine.shared.layout(
            AttributedText(Self.hal, font: font), paragraphStyle: ParagraphStyle(width: 343), category: .large)
        // Gillius's ascender is 0.75 em: the first baseline is 27 pt down.
        #expect(report.lines[0].baseline == 27)
        for (line, expected) in zip(report.lines, layout.lines) {
            #expect(abs(line.width - expected.width) < 1e-9)
            #expect(abs(line.baseline - expected.baseline) < 1e-9)
        }
        #expect(abs(report.size.width - report.lines.map(\.width).max()!) < 1e-9)
        #expect(abs(report.size.height - layout.size.height) < 1e-9)
        #expect(report.size.height > report.lines[1].baseline)
    }

    @Test func utf16RangesCountCodeUnits() throws {
        // A skin-toned thumb is 2 scalars, 4 UTF-16 units; 30 pt holds one at 17 pt.
        let report = try Self.json(["--category", "large", "--size", "17", "--width", "30", "--text", "👍🏽👍🏽"])
        #expect(report.lines.map(\.text) == ["👍🏽", "👍🏽"])
        #expect(report.lines.map(\.utf16Range) == [[0, 4], [4, 8]])
    }

    @Test func textOutputListsEachCategoryAndItsLines() throws {
        let result = try CLI.run(["layout", "--category", "large"])
        #expect(result.status == 0)
        #expect(result.stdout == """
            large: 36 pt, 2 line(s), 313.92 × 75.82 pt
              | I'm sorry, Dave. I'm
              | afraid I can't do that.

            """)
    }

    // MARK: Categories

    @Test func allCategoriesInOrderWithNonDecreasingLineCounts() throws {
        let reports = try Self.json(["--categories", "all"], as: [Report].self)
        #expect(reports.map(\.category) == ContentSizeCategory.allCases.map(\.rawValue))
        #expect(reports.count == 12)
        let counts = reports.map(\.lineCount)
        #expect(counts == reports.map(\.lines.count))
        #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 <= $1 }, "\(counts)")
        #expect(counts == [2, 2, 2, 2, 3, 3, 3, 4, 5, 5, 7, 8])
        let sizes = reports.map(\.pointSize)
        #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $0 < $1 }, "\(sizes)")
        #expect(reports[3].pointSize == 36)
        #expect(reports.last?.lines.map(\.text) == ["I'm", "sorry,", "Dave.", "I'm", "afraid I", "can't", "do", "that."])
        for report in reports {
            #expect(!report.isTruncated)
            #expect(report.lines.allSatisfy { $0.width <= 343 })
            #expect(report.lines.map(\.text).joined(separator: " ") == Self.hal)
        }
    }

    @Test func aCategoryListKeepsItsOrder() throws {
        let reports = try Self.json(["--categories", "ax5,xs,large"], as: [Report].self)
        #expect(reports.map(\.category) == ["accessibilityExtraExtraExtraLarge", "extraSmall", "large"])
    }

    static let bodyLines = [
        "Your photos and videos are stored in", "iCloud, so you can see them on all your", "devices and free up space on this iPhone.",
    ]

    /// The body label of the benchmark issue: Liberation Sans 17 pt scaled by body metrics, 320 pt
    /// wide. The ratio of the system face's line spacing (`metrics`) takes 17 pt to 53 pt at ax5;
    /// Apple's leading table (62/22 of body's leading) to 48 pt, a line fewer.
    @Test(arguments: [("metrics", 53.0, 10), ("apple", 48.0, 9)])
    func benchmarkBodyLabel(scaling: String, ax5Size: Double, ax5Lines: Int) throws {
        let reports = try Self.json(
            ["--font", TestPaths.font("LiberationSans-Regular.ttf"), "--size", "17", "--width", "320",
             "--scaling", scaling, "--categories", "large,ax5", "--text", Self.body],
            as: [Report].self)
        try #require(reports.count == 2)
        #expect(reports[0].pointSize == 17)
        #expect(reports[0].lineCount == 3)
        #expect(reports[0].lines.map(\.text) == Self.bodyLines)
        #expect(reports[1].pointSize == ax5Size)
        #expect(reports[1].lineCount == ax5Lines)
        for report in reports {
            #expect(report.lines.allSatisfy { $0.width <= 320 })
            #expect(report.lines.map(\.text).joined(separator: " ") == Self.body)
        }
    }

    @Test func benchmarkBodyLabelAtAx5WithMetricsScaling() throws {
        let report = try Self.json(
            ["--font", TestPaths.font("LiberationSans-Regular.ttf"), "--size", "17", "--width", "320",
             "--category", "ax5", "--text", Self.body])
        #expect(report.lines.map(\.text) == [
            "Your photos", "and videos", "are stored in", "iCloud, so", "you can see", "them on all", "your devices",
            "and free up", "space on this", "iPhone.",
        ])
    }

    // MARK: Text sources

    @Test func textFromAFile() throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("label.txt")
        try Data("Hello\nwörld".utf8).write(to: file)
        let report = try Self.json(["--category", "large", "--text-file", file.path])
        #expect(report.lines.map(\.text) == ["Hello", "wörld"])
        #expect(report.lines.map(\.utf16Range) == [[0, 5], [6, 11]])
    }

    @Test func textFromStandardInputMatchesTheSameTextGivenInline() throws {
        let text = "naïve café 👍🏽 — \(Self.hal)"
        let piped = try CLI.run(["layout", "--category", "large", "--text-file", "-", "--json"], stdin: Data(text.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        let inline = try CLI.run(["layout", "--category", "large", "--text", text, "--json"])
        #expect(inline.status == 0)
        #expect(piped.stdout == inline.stdout)
        let report = try JSONDecoder().decode(Report.self, from: Data(piped.stdout.utf8))
        #expect(report.lines.map(\.text).joined(separator: " ") == text)
    }

    @Test(arguments: [
        ([0x61, 0x62, 0xFF, 0x63], 2),                     // a byte that never occurs in UTF-8
        (Array("héllo".utf8) + [0xC3], 6),                 // a sequence cut short at the end
        ([0x61, 0xED, 0xA0, 0x80, 0x62], 1),               // an encoded surrogate
        ([0xC0, 0xAF, 0x61], 0),                           // an overlong "/"
        ([0x61, 0x62, 0xE2, 0x82, 0x63], 2),               // a sequence cut short by ASCII
    ] as [([UInt8], Int)])
    func invalidUTF8InATextFileNamesTheByteOffset(bytes: [UInt8], offset: Int) throws {
        let directory = try TestPaths.temporaryDirectory()
        let file = directory.appendingPathComponent("bad.txt")
        try Data(bytes).write(to: file)
        let result = try CLI.run(["layout", "--text-file", file.path, "--json"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "render-cli: error: \(file.path) is not valid UTF-8 (invalid byte sequence at byte offset \(offset))\n")
    }

    @Test func invalidUTF8OnStandardInput() throws {
        let result = try CLI.run(["layout", "--text-file", "-"], stdin: Data([0x6F, 0x6B, 0x0A, 0xFE]))
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "render-cli: error: standard input is not valid UTF-8 (invalid byte sequence at byte offset 3)\n")
    }

    // MARK: Truncation

    @Test func maxLinesTruncates() throws {
        let one = try Self.json(["--category", "large", "--max-lines", "1"])
        #expect(one.isTruncated)
        #expect(one.lineCount == 1)
        #expect(one.lines.map(\.text) == ["I'm sorry, Dave. I'm a…"])
        // The last line stands for all the text it cuts.
        #expect(one.lines[0].utf16Range == [0, 44])
        #expect(one.lines[0].width <= 343)
        #expect(one.size.height < 2 * one.lines[0].baseline)

        // Two lines hold the label exactly: nothing is cut.
        let two = try Self.json(["--category", "large", "--max-lines", "2"])
        #expect(!two.isTruncated)
        #expect(two.lines.map(\.text) == ["I'm sorry, Dave. I'm", "afraid I can't do that."])
    }

    // MARK: Errors

    static let errors: [(arguments: [String], status: Int32, message: String)] = [
        (["--width", "0"], 2, "width must be a number of points greater than 0, got '0'"),
        (["--width", "-5"], 2, "width must be a number of points greater than 0, got '-5'"),
        (["--width", "nan"], 2, "greater than 0, got 'nan'"),
        (["--align", "middle"], 2, "'middle'"),
        (["--truncation", "start"], 2, "'start'"),
        (["--category", "huge"], 2, "unknown content size category 'huge'"),
        (["--categories", "large,huge"], 2, "unknown content size category 'huge'"),
        (["--category", "large", "--categories", "all"], 2, "give --category or --categories, not both"),
        (["--max-lines", "-1"], 2, "max lines must be 0 (unlimited) or more, got -1"),
        (["--text", "a", "--text-file", "/dev/null"], 2, "give --text or --text-file, not both"),
        (["--font", "/no/such.ttf"], 1, "no such font file: /no/such.ttf"),
        (["--fallback", "/no/such.ttf"], 1, "no such font file: /no/such.ttf"),
        (["--text-file", "/no/such.txt"], 1, "can't read text file /no/such.txt"),
    ]

    @Test(arguments: errors)
    func errorsAreOneLineWithTheirExitCode(arguments: [String], status: Int32, message: String) throws {
        try CLI.expectOneLineError(["layout"] + arguments, status: status, message: message)
    }
}
