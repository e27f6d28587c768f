import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// The screen file format: one vocabulary in JSON and YAML, read into the screen model, with
/// every problem one line naming its file, line and column.
@Suite struct ScreenFileTests {
    // MARK: Helpers

    static func yaml(_ text: String, file: String = "screen.yaml") throws -> Screen {
        try ScreenFile.parse(text, fileName: file, format: .yaml)
    }

    static func json(_ text: String, file: String = "screen.json") throws -> Screen {
        try ScreenFile.parse(text, fileName: file, format: .json)
    }

    /// The one-line message a file gets, or "parsed" when it parses.
    static func message(_ text: String, _ format: ScreenFile.Format) -> String {
        do {
            _ = try ScreenFile.parse(text, fileName: format == .json ? "screen.json" : "screen.yaml", format: format)
            return "parsed"
        } catch {
            return error.description
        }
    }

    /// Everything the model holds except source locations, one line a node, for comparing two
    /// spellings of one screen.
    static func dump(_ screen: Screen) -> [String] {
        var lines = ["device \(screen.device.name) \(screen.device.width)x\(screen.device.height) \(screen.device.safeArea)",
                     "background \(String(describing: screen.background))"]
        func visit(_ node: ScreenNode, _ path: String) {
            let style = node.style.declarations.map { declaration in
                "\(declaration.property)=\(declaration.value.base)"
                    + declaration.value.thresholds.map { " from \($0.from.shortName): \($0.value)" }.joined()
            }
            var content: String
            switch node.content {
            case let .box(children): content = "box(\(children.count))"
            case let .firstThatFits(children): content = "firstThatFits(\(children.count))"
            case let .text(text):
                content = "text(\(text.string) \(text.font) lines \(text.numberOfLines) \(text.truncation) \(text.alignment) \(text.color))"
            case let .image(image): content = "image(\(image.source) \(String(describing: image.width)) \(String(describing: image.height)) \(image.scaling))"
            }
            lines.append("\(path) id \(node.id ?? "-") \(content) [\(style.joined(separator: "; "))] "
                + "min \(node.minimumContentSizeCategory?.shortName ?? "-") max \(node.maximumContentSizeCategory?.shortName ?? "-")")
            for (index, child) in node.children.enumerated() { visit(child, "\(path).\(index)") }
        }
        visit(screen.root, "0")
        return lines
    }

    // MARK: One vocabulary

    static let settingsRowYAML = """
        device: iPhone 16
        background: "#F2F2F7"
        root:
          id: row
          style:
            flexDirection: { default: row, accessibility: column }
            alignItems: { default: center, from: ax1, value: flex-start }
            padding: { scaled: 16, relativeTo: body }
            gap: { default: 8, thresholds: [{ from: xxxl, value: 12 }, { from: ax3, value: { scaled: 16 } }] }
            width: 100%
            minHeight: auto
            marginTop: -4
            flexGrow: 1
            borderRadius: 10
            backgroundColor: "#FFFFFF"
          maximumContentSizeCategory: ax2
          children:
            - id: title
              style: { flexShrink: 1 }
              text:
                text: Larger Text
                font: { style: body, weight: semibold }
                numberOfLines: 2
                truncation: middle
                alignment: center
                color: "#000000CC"
            - id: subtitle
              text: { text: Drag the slider, font: footnote }
            - text: Plain
            - id: toggle
              image: { width: 51, height: 31, color: "#34C759", scaling: accessibility }
            - id: icon
              image: { width: 20, height: 20, color: "#007AFF", scaling: { relativeTo: headline } }
            - firstThatFits:
                - style: { flexDirection: row }
                  minimumContentSizeCategory: l
                - style: { display: none }
            - {}
        """

    static let settingsRowJSON = """
        {
          "device": "iPhone 16",
          "background": "#F2F2F7",
          "root": {
            "id": "row",
            "style": {
              "flexDirection": { "default": "row", "accessibility": "column" },
              "alignItems": { "default": "center", "from": "ax1", "value": "flex-start" },
              "padding": { "scaled": 16, "relativeTo": "body" },
              "gap": { "default": 8, "thresholds": [{ "from": "xxxl", "value": 12 }, { "from": "ax3", "value": { "scaled": 16 } }] },
              "width": "100%",
              "minHeight": "auto",
              "marginTop": -4,
              "flexGrow": 1,
              "borderRadius": 10,
              "backgroundColor": "#FFFFFF"
            },
            "maximumContentSizeCategory": "ax2",
            "children": [
              { "id": "title", "style": { "flexShrink": 1 },
                "text": { "text": "Larger Text", "font": { "style": "body", "weight": "semibold" }, "numberOfLines": 2,
                          "truncation": "middle", "alignment": "center", "color": "#000000CC" } },
              { "id": "subtitle", "text": { "text": "Drag the slider", "font": "footnote" } },
              { "text": "Plain" },
              { "id": "toggle", "image": { "width": 51, "height": 31, "color": "#34C759", "scaling": "accessibility" } },
              { "id": "icon", "image": { "width": 20, "height": 20, "color": "#007AFF", "scaling": { "relativeTo": "headline" } } },
              { "firstThatFits": [
                  { "style": { "flexDirection": "row" }, "minimumContentSizeCategory": "l" },
                  { "style": { "display": "none" } } ] },
              {}
            ]
          }
        }
        """

    @Test func theSameScreenInJSONAndYAMLGivesTheSameModel() throws {
        let fromYAML = try Self.yaml(Self.settingsRowYAML)
        let fromJSON = try Self.json(Self.settingsRowJSON)
        #expect(Self.dump(fromYAML) == Self.dump(fromJSON))
        #expect(Self.dump(fromYAML).count == 12)
    }

    @Test func valuesLandInTheModel() throws {
        let screen = try Self.yaml(Self.settingsRowYAML)
        #expect(screen.device == Device(name: "iPhone 16", width: 393, height: 852, safeArea: (59, 0, 34, 0)))
        #expect(screen.background == Color(red: 0xF2, green: 0xF2, blue: 0xF7))
        let root = screen.root
        #expect(root.id == "row")
        #expect(root.maximumContentSizeCategory == .accessibilityLarge)
        #expect(root.minimumContentSizeCategory == nil)
        let style = Dictionary(uniqueKeysWithValues: root.style.declarations.map { ($0.property, $0.value) })
        // Per-category values: `accessibility` starts at accessibilityMedium.
        let direction = try #require(style[.flexDirection])
        #expect(direction.base == .keyword("row"))
        #expect(direction.thresholds.map(\.from) == [.accessibilityMedium])
        #expect(direction.value(at: .extraExtraExtraLarge) == .keyword("row"))
        #expect(direction.value(at: .accessibilityMedium) == .keyword("column"))
        #expect(style[.alignItems]?.thresholds.map(\.from) == [.accessibilityMedium])
        #expect(style[.alignItems]?.value(at: .accessibilityExtraExtraExtraLarge) == .keyword("flex-start"))
        // A list of thresholds, one of them a scaled length (relativeTo defaults to body).
        let gap = try #require(style[.gap])
        #expect(gap.base == .number(8))
        #expect(gap.thresholds.map(\.from) == [.extraExtraExtraLarge, .accessibilityExtraLarge])
        #expect(gap.thresholds.map(\.value) == [.number(12), .length(.scaled(16, relativeTo: .body))])
        #expect(style[.padding]?.base == .length(.scaled(16, relativeTo: .body)))
        #expect(style[.width]?.base == .length(.percent(100)))
        #expect(style[.minHeight]?.base == .length(.auto))
        #expect(style[.marginTop]?.base == .length(.points(-4)))
        #expect(style[.flexGrow]?.base == .number(1))
        #expect(style[.borderRadius]?.base == .number(10))
        #expect(style[.backgroundColor]?.base == .color(.white))

        let children = root.children
        guard case let .text(title) = children[0].content else { Issue.record("title is not text"); return }
        #expect(title.string == "Larger Text")
        #expect(title.font == .textStyle(.body, weight: .semibold))
        #expect(title.numberOfLines == 2)
        #expect(title.truncation == .middle)
        #expect(title.alignment == .center)
        #expect(title.color == Color(red: 0, green: 0, blue: 0, alpha: 0xCC))
        guard case let .text(subtitle) = children[1].content else { Issue.record("subtitle is not text"); return }
        #expect(subtitle.font == .textStyle(.footnote, weight: nil))
        guard case let .image(toggle) = children[3].content else { Issue.record("toggle is not an image"); return }
        #expect(toggle.source == .placeholder(color: Color(red: 0x34, green: 0xC7, blue: 0x59)))
        #expect(toggle.width == 51 && toggle.height == 31 && toggle.scaling == .accessibility)
        guard case let .image(icon) = children[4].content else { Issue.record("icon is not an image"); return }
        #expect(icon.scaling == .relativeTo(.headline))
        guard case let .firstThatFits(options) = children[5].content else { Issue.record("no firstThatFits"); return }
        #expect(options.count == 2 && options[0].minimumContentSizeCategory == .large)
        guard case let .box(empty) = children[6].content else { Issue.record("{} is not a box"); return }
        #expect(empty.isEmpty)
    }

    /// What the reader makes is what the layout takes: the row turns into a column at the
    /// accessibility sizes, with scaled padding and a percentage width resolved.
    @Test func aParsedScreenLaysOut() throws {
        let screen = try Self.yaml("""
            device: { width: 375, height: 100 }
            root:
              children:
                - id: row
                  style:
                    flexDirection: { default: row, accessibility: column }
                    padding: { scaled: 10, relativeTo: body }
                    width: 80%
                  children:
                    - id: title
                      style: { flexGrow: 1, flexShrink: 1 }
                      text: Larger Text
                    - id: toggle
                      image: { width: 51, height: 31, color: "#34C759" }
            """)
        let large = try screen.layout(at: .large)
        let title = try #require(large["title"]), toggle = try #require(large["toggle"]), row = try #require(large["row"])
        #expect(row.frame.width == 300)
        #expect(title.frame.x == 10 && toggle.frame.x > title.frame.x && toggle.frame.y == 10)
        let accessible = try screen.layout(at: .accessibilityMedium)
        let stackedTitle = try #require(accessible["title"]), stackedToggle = try #require(accessible["toggle"])
        #expect(stackedToggle.frame.y >= stackedTitle.frame.y + stackedTitle.frame.height)
        #expect(stackedTitle.frame.x > 10)
    }

    @Test func everyNodeKnowsWhereItWasWritten() throws {
        let screen = try Self.yaml(Self.settingsRowYAML)
        #expect(screen.root.sourceLocation == TextFileLocation(file: "screen.yaml", line: 4, column: 3))
        #expect(screen.root.children.map { $0.sourceLocation?.line } == [18, 27, 29, 30, 32, 34, 38])
        let json = try Self.json(Self.settingsRowJSON)
        #expect(json.root.sourceLocation == TextFileLocation(file: "screen.json", line: 4, column: 11))
        #expect(json.root.children[1].sourceLocation == TextFileLocation(file: "screen.json", line: 23, column: 7))
    }

    @Test func customDevicesAndPresets() throws {
        let custom = try Self.yaml("device: { width: 320, height: 480, safeArea: { top: 20, bottom: 10 } }\nroot: {}\n")
        #expect(custom.device == Device(width: 320, height: 480, safeArea: (20, 0, 10, 0)))
        #expect(try Self.yaml("device: iphone-se\nroot: {}\n").device.name == "iPhone SE (3rd generation)")
        #expect(try Self.yaml("device: iPhone 16 Pro Max\nroot: {}\n").device.width == 440)
        #expect(try Self.yaml("device: ipad-11\nroot: {}\n").device.width == 834)
    }

    @Test func fontsFromFilesAndImagesFromFilesAreRelativeToTheScreensFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("art"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(FileManager.default.createFile(atPath: folder.path + "/art/gear.png", contents: Data([0])))
        #expect(FileManager.default.createFile(atPath: folder.path + "/Face.ttf", contents: Data([0])))
        let path = folder.path + "/screen.yml"
        try """
            device: iPhone 16
            root:
              children:
                - image: { file: art/gear.png, scaling: none }
                - text: { text: Hi, font: { file: Face.ttf, size: 17, relativeTo: title2, maximumPointSize: 40 } }
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let screen = try ScreenFile.read(atPath: path)
        guard case let .image(image) = screen.root.children[0].content, case let .text(text) = screen.root.children[1].content else {
            Issue.record("wrong leaves")
            return
        }
        #expect(image.source == .file(path: folder.path + "/art/gear.png"))
        #expect(image.width == nil && image.height == nil)
        #expect(text.font == .file(path: folder.path + "/Face.ttf", size: 17, relativeTo: .title2, maximumPointSize: 40))
        #expect(screen.root.sourceLocation?.file == path)
    }

    // MARK: Errors

    /// Each class of mistake, in YAML or JSON, and the exact line it gets.
    static let errorCases: [(String, ScreenFile.Format, String)] = [
        // Unknown names, with the nearest valid one.
        ("device: iPhone 16\nroot:\n  style:\n    paddingHorizontl: 4\n", .yaml,
         "screen.yaml:4:5: error: unknown style property 'paddingHorizontl' (did you mean 'paddingHorizontal'?)"),
        ("device: iPhone 16\nroot:\n  chidren: []\n", .yaml,
         "screen.yaml:3:3: error: unknown key 'chidren' in a node (did you mean 'children'?); expected 'id', 'role', 'style', "
            + "'minimumContentSizeCategory', 'maximumContentSizeCategory', 'children', 'text', 'image', 'firstThatFits'"),
        ("device: iPhone 16\nroot:\n  style: { flexDirection: colum }\n", .yaml,
         "screen.yaml:3:27: error: unknown flexDirection 'colum' (did you mean 'column'?); expected one of row, column, row-reverse, column-reverse"),
        ("device: iPhone 16\nroot:\n  style: { flexDirection: { default: row, from: xxxxl, value: column } }\n", .yaml,
         "screen.yaml:3:49: error: unknown content size category 'xxxxl' (did you mean 'xxxl'?); expected one of "
            + "xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5 or their full names"),
        ("device: iPhone 16\nroot:\n  style: { flexDirection: { defualt: row } }\n", .yaml,
         "screen.yaml:3:29: error: unknown key 'defualt' in a per-category value (did you mean 'default'?); "
            + "expected 'default', 'accessibility', 'from', 'value', 'thresholds'"),
        ("device: iPhone 16\nroot:\n  text: { text: Hi, font: { style: bdy } }\n", .yaml,
         "screen.yaml:3:36: error: unknown text style 'bdy' (did you mean 'body'?); expected one of "
            + "largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2"),
        ("device: iphone-61\nroot: {}\n", .yaml,
         "screen.yaml:1:9: error: unknown device 'iphone-61' (did you mean 'iphone-se' or 'iphone-16'?); expected one of "
            + "iphone-se, iphone-se-3, iphone-16, iphone-16-pro-max, ipad-11, ipad-11-inch, ipad-pro-11 or { width, height, safeArea }"),
        ("device: iPhone 16\nroot:\n  text: { text: Hi, truncation: taill }\n", .yaml,
         "screen.yaml:3:33: error: unknown truncation 'taill' (did you mean 'tail'?); expected one of tail, head, middle, clip"),
        ("device: iPhone 16\nroot:\n  image: { width: 1, height: 1, color: \"#000000\", scaling: acessibility }\n", .yaml,
         "screen.yaml:3:60: error: unknown scaling 'acessibility' (did you mean 'accessibility'?); expected none, accessibility or { relativeTo: <text style> }"),
        // Wrong kinds and ranges.
        ("{ \"device\": \"iPhone 16\", \"root\": { \"style\": { \"width\": \"#FF0000\" } } }", .json,
         "screen.json:1:56: error: expected 'width' to be a length of 0 or more (a number of points, a percentage such as "
            + "\"50%\", \"auto\" or { scaled, relativeTo }); got '#FF0000'"),
        ("{ \"device\": \"iPhone 16\", \"root\": { \"style\": { \"backgroundColor\": 12 } } }", .json,
         "screen.json:1:66: error: expected 'backgroundColor' to be a colour such as \"#RRGGBB\" or \"#RRGGBBAA\"; got 12"),
        ("device: iPhone 16\nroot:\n  style: { width: -5 }\n", .yaml,
         "screen.yaml:3:19: error: expected 'width' to be a length of 0 or more (a number of points, a percentage such as "
            + "\"50%\", \"auto\" or { scaled, relativeTo }); got -5"),
        ("device: iPhone 16\nroot:\n  style: { height: .nan }\n", .yaml,
         "screen.yaml:3:20: error: expected 'height' to be a length of 0 or more (a number of points, a percentage such as "
            + "\"50%\", \"auto\" or { scaled, relativeTo }); got nan"),
        ("device: iPhone 16\nroot:\n  style: { padding: { scaled: -3 } }\n", .yaml,
         "screen.yaml:3:31: error: expected 'padding' to be a number of 0 or more; got -3"),
        ("device: iPhone 16\nroot:\n  style: { gap: 50% }\n", .yaml,
         "screen.yaml:3:17: error: expected 'gap' to be a length in points of 0 or more (a number or { scaled, relativeTo }); got '50%'"),
        ("device: iPhone 16\nroot:\n  style: { backgroundColor: \"#GGG\" }\n", .yaml,
         "screen.yaml:3:29: error: expected 'backgroundColor' to be a colour such as \"#RRGGBB\" or \"#RRGGBBAA\"; got '#GGG'"),
        ("device: iPhone 16\nroot: " + String(repeating: "[", count: 1200) + "\n", .yaml,
         "screen.yaml:2:8: error: YAML: while parsing Maximum nesting level reached, set with yaml_set_max_nest_level()) "
            + "(the file nests deeper than 1000 levels); a screen's nodes nest at most 127 levels below the root"),
        ("device: iPhone 16\nroot:\n\tchildren: []\n", .yaml,
         "screen.yaml:3:1: error: YAML: while scanning for the next token found character that cannot start any token "
            + "(a tab indents this line; YAML indents with spaces only)"),
        ("device: iPhone 16\nroot:\n  style: { aspectRatio: 0 }\n", .yaml,
         "screen.yaml:3:25: error: expected 'aspectRatio' to be a number greater than 0; got 0"),
        ("device: iPhone 16\nroot:\n  style: { flexGrow: grow }\n", .yaml,
         "screen.yaml:3:22: error: expected 'flexGrow' to be a number of 0 or more; got 'grow'"),
        ("device: iPhone 16\nroot:\n  style:\n    backgroundColor: #fff\n", .yaml,
         "screen.yaml:4:21: error: expected 'backgroundColor' to be a colour such as \"#RRGGBB\" or \"#RRGGBBAA\"; "
            + "got nothing (null) (quote colours in YAML: a plain # starts a comment)"),
        ("device: iPhone 16\nroot:\n  text: { text: Hi, numberOfLines: 1.5 }\n", .yaml,
         "screen.yaml:3:36: error: expected 'numberOfLines' to be a whole number of 0 or more (0: no limit); got 1.5"),
        ("device: iPhone 16\nroot:\n  children: { text: Hi }\n", .yaml,
         "screen.yaml:3:13: error: expected 'children' to be a list of nodes; got an object"),
        ("device: { width: 100, height: 100, safeArea: { left: 60, right: 40 } }\nroot: {}\n", .yaml,
         "screen.yaml:1:9: error: device 'custom' can't be laid out on: its safe area's left and right insets leave no width"),
        ("device: { width: 0, height: 100 }\nroot: {}\n", .yaml,
         "screen.yaml:1:18: error: expected 'width' to be a number greater than 0; got 0"),
        // Structure.
        ("device: iPhone 16\nroot:\n  children:\n    - id: a\n    - id: a\n", .yaml,
         "screen.yaml:5:11: error: duplicate id 'a' (first given at screen.yaml:4:11)"),
        ("device: iPhone 16\n", .yaml, "screen.yaml:1:1: error: missing 'root': the screen's outermost node"),
        ("root: {}\n", .yaml,
         "screen.yaml:1:1: error: missing 'device': a preset name such as 'iPhone 16', or { width, height, safeArea }"),
        ("device: iPhone 16\nroot:\n  text: Hi\n  children: []\n", .yaml,
         "screen.yaml:4:3: error: a node holds one of children, text, image or firstThatFits, but this one has 'text' and 'children'"),
        ("{ \"device\": \"iPhone 16\", \"root\": { \"id\": \"a\", \"id\": \"b\" } }", .json,
         "screen.json:1:47: error: 'id' is given twice (first at screen.json:1:36)"),
        ("device: iPhone 16\nroot:\n  style: { flexDirection: { default: row, accessibility: column, from: ax1, value: row } }\n", .yaml,
         "screen.yaml:3:72: error: a second value from accessibilityMedium (the first is at screen.yaml:3:58)"),
        ("device: iPhone 16\nroot:\n  minimumContentSizeCategory: ax1\n  maximumContentSizeCategory: xl\n", .yaml,
         "screen.yaml:4:31: error: maximumContentSizeCategory xl is below minimumContentSizeCategory ax1"),
        ("device: iPhone 16\nroot:\n  image: { file: nowhere/missing.png }\n", .yaml,
         "screen.yaml:3:18: error: image file 'nowhere/missing.png' not found (looked for 'nowhere/missing.png')"),
        ("device: iPhone 16\nroot:\n  image: { file: / }\n", .yaml,
         "screen.yaml:3:18: error: image file '/' is a folder or a device, not a file (looked at '/')"),
        ("device: iPhone 16\nroot:\n  image: { color: \"#000000\" }\n", .yaml,
         "screen.yaml:3:10: error: a placeholder image needs 'width' and 'height' as well as 'color'"),
        ("device: iPhone 16\nroot:\n  text: { text: Hi, font: { style: body, size: 17 } }\n", .yaml,
         "screen.yaml:3:42: error: 'size' belongs to a font from a file; add 'file', or use 'style' and 'weight'"),
        // Syntax.
        ("{ \"device\": \"iPhone 16\", \"root\": { } ", .json, "screen.json:1:38: error: unexpected end of file; expected ',' or '}'"),
        ("", .yaml, "screen.yaml:1:1: error: the file is empty; expected a screen with 'device' and 'root'"),
        ("[1, 2]", .json, "screen.json:1:1: error: expected a screen (an object); got an array"),
        ("device: iPhone 16\nroot: &a {}\nother: *a\n", .yaml, "screen.yaml:3:8: error: YAML aliases are not supported"),
    ]

    @Test(arguments: errorCases.indices)
    func eachMistakeGetsOneLineWithItsPlace(_ index: Int) {
        let (text, format, expected) = Self.errorCases[index]
        #expect(Self.message(text, format) == expected)
    }

    @Test func invalidUTF8IsRefusedWhereItIs() {
        var bytes = Array("device: iPhone 16\nroot: { text: \"ab".utf8)
        bytes += [0xFF] + Array("\" }\n".utf8)
        #expect(throws: ScreenFileError(at: TextFileLocation(file: "s.yaml", line: 2, column: 18), "not valid UTF-8 (byte 0xFF); save the file as UTF-8")) {
            try ScreenFile.parse(bytes, fileName: "s.yaml", format: .yaml)
        }
    }

    @Test func filesThatCantBeReadAreRefusedByName() {
        #expect(throws: ScreenFileError(file: "screen.txt", message: "a screen file must end in .json, .yaml or .yml")) {
            try ScreenFile.read(atPath: "screen.txt")
        }
        #expect(throws: ScreenFileError(file: "/nonexistent/screen.json", message: "no such file")) {
            try ScreenFile.read(atPath: "/nonexistent/screen.json")
        }
        #expect(ScreenFileError(file: "a.json", message: "no such file").description == "a.json: error: no such file")
    }

    /// Found by ScreenFileFuzzer: a plain YAML scalar over several lines reads with line breaks
    /// in it, and the name quoted in the message broke it over lines.
    @Test func namesWithLineBreaksAreEscapedSoTheMessageStaysOneLine() {
        let yaml = "device: iPhone 16 \r\r\r Max\nroot:\n  style:\n    paddingHorizont0000: 0\n"
        #expect(Self.message(yaml, .yaml) == "screen.yaml:1:9: error: unknown device 'iPhone 16\\n\\nMax'; "
            + "expected one of iphone-se, iphone-se-3, iphone-16, iphone-16-pro-max, "
            + "ipad-11, ipad-11-inch, ipad-pro-11 or { width, height, safeArea }")
        let key = "{ \"device\": \"iPhone 16\", \"root\": { \"style\": { \"a\\nb\\u2028c\\u0001\": 1 } } }"
        #expect(Self.message(key, .json) == "screen.json:1:47: error: unknown style property 'a\\nb\\u{2028}c\\u{1}'")
    }

    // MARK: Deep and wide

    /// A screen `depth` nodes deep, each the only child of the one above.
    static func deepJSON(_ depth: Int) -> String {
        "{\"device\":\"iPhone 16\",\"root\":" + String(repeating: "{\"children\":[", count: depth) + "{}"
            + String(repeating: "]}", count: depth) + "}"
    }

    @Test func aTenThousandLevelFileIsAClearErrorNotAStackOverflow() {
        #expect(Self.message(Self.deepJSON(10_000), .json) == "screen.json:1:1693: error: JSON nested deeper than 256 "
            + "levels of objects and lists, the most the reader accepts; a screen's nodes nest at most 127 levels below the root")
        // The same tree in YAML's flow style.
        let yaml = "device: iPhone 16\nroot: " + String(repeating: "{ children: [", count: 10_000) + "{}"
            + String(repeating: "] }", count: 10_000) + "\n"
        #expect(Self.message(yaml, .yaml).hasPrefix("screen.yaml:2:"))
        #expect(Self.message(yaml, .yaml).contains("error: YAML"))
        // As deep as the readers allow still parses.
        #expect(Self.message(Self.deepJSON(127), .json) == "parsed")
    }

    /// The readers' cap is 256 levels of objects and lists; a node and its `children` list are
    /// two, so 127 levels of nodes below the root read and 128 don't, with the limit named.
    @Test func theNestingLimitIsNamedInTheError() {
        #expect(ScreenFile.maximumNodeDepth == 127)
        let yaml = { (depth: Int) in
            "device: iPhone 16\nroot: " + String(repeating: "{ children: [", count: depth) + "{}" + String(repeating: "] }", count: depth) + "\n"
        }
        #expect(Self.message(yaml(127), .yaml) == "parsed")
        #expect(Self.message(yaml(128), .yaml) == "screen.yaml:2:1670: error: YAML nested deeper than 256 levels of objects "
            + "and lists, the most the reader accepts; a screen's nodes nest at most 127 levels below the root")
        #expect(Self.message(Self.deepJSON(128), .json).hasSuffix("a screen's nodes nest at most 127 levels below the root"))
    }

    /// A key given twice in YAML is reported at the repeat, naming the first (libyaml's reader
    /// accepts it; ours refuses it before the screen is read).
    @Test func aRepeatedYAMLKeyIsReportedWhereItIsRepeated() {
        let yaml = "device: iPhone 16\nroot:\n  style:\n    width: 10\n    height: 3\n    width: 4\n"
        #expect(Self.message(yaml, .yaml)
            == "screen.yaml:6:5: error: YAML: key 'width' is given twice in one mapping (first at line 4, column 5)")
        let flow = "device: iPhone 16\nroot: { id: a, style: {}, id: b }\n"
        #expect(Self.message(flow, .yaml) == "screen.yaml:2:27: error: YAML: key 'id' is given twice in one mapping (first at line 2, column 9)")
    }

    /// Keys repeat when both text and type match, as YAML resolves plain scalars: `1` (an
    /// integer) and `"1"` (a string) are two keys; `width` and `'width'`, or `1` and
    /// `!!int "1"`, one key given twice.
    @Test func yamlKeysRepeatOnlyWithTheSameType() {
        let differentTypes = "device: iPhone 16\nroot:\n  style:\n    1: 10\n    \"1\": 4\n"
        // Two keys to YAML; the screen reader, reading both as the name "1", refuses the second.
        #expect(Self.message(differentTypes, .yaml) == "screen.yaml:5:5: error: '1' is given twice (first at screen.yaml:4:5)")
        let sameType = "device: iPhone 16\nroot:\n  style:\n    width: 10\n    'width': 4\n"
        #expect(Self.message(sameType, .yaml)
            == "screen.yaml:5:5: error: YAML: key 'width' is given twice in one mapping (first at line 4, column 5)")
        let taggedInteger = "device: iPhone 16\nroot:\n  style:\n    1: 10\n    !!int \"1\": 4\n"
        #expect(Self.message(taggedInteger, .yaml)
            == "screen.yaml:5:5: error: YAML: key '1' is given twice in one mapping (first at line 4, column 5)")
    }

    @Test func aHundredThousandNodesParseInBoundedTime() throws {
        let count = 100_000
        var text = "{\"device\":{\"width\":320,\"height\":480},\"root\":{\"children\":["
        text += (0..<count).map { "{\"id\":\"n\($0)\",\"style\":{\"width\":\($0 % 50),\"flexDirection\":\"row\"},\"text\":\"x\"}" }
            .joined(separator: ",")
        text += "]}}"
        let clock = ContinuousClock()
        let start = clock.now
        let screen = try Self.json(text)
        let elapsed = clock.now - start
        #expect(screen.root.children.count == count)
        #expect(screen.root.children.last?.id == "n99999")
        // Linear work: well under a second in release; debug builds and a busy machine get room.
        #expect(elapsed < .seconds(30), "parsing took \(elapsed)")
    }
}
