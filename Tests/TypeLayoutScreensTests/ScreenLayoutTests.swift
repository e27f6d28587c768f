import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutScreens
import TypeLayoutRendering

/// Screens laid out at a content size category: style resolution, text and image leaves,
/// clamps, first-that-fits, devices and the frames dump.
@Suite struct ScreenLayoutTests {
    /// Apple's published line spacings make scaled values exact numbers to compare with.
    static let apple = DynamicTypeContext(scalingMode: .apple)

    static func box(_ id: String?, _ declarations: [StyleDeclaration], _ children: [ScreenNode]) -> ScreenNode {
        ScreenNode(id: id, style: ScreenStyle(declarations), content: .box(children: children))
    }

    static func box(_ declarations: [StyleDeclaration], _ children: [ScreenNode]) -> ScreenNode {
        box(nil, declarations, children)
    }

    static func text(_ id: String?, _ string: String, _ declarations: [StyleDeclaration] = [],
                     font: ScreenText.FontSource = .textStyle(.body, weight: nil), numberOfLines: Int = 0) -> ScreenNode {
        ScreenNode(id: id, style: ScreenStyle(declarations),
                   content: .text(ScreenText(string, font: font, numberOfLines: numberOfLines)))
    }

    static func placeholder(_ id: String?, _ width: Double, _ height: Double,
                            scaling: ScreenImage.Scaling = .none) -> ScreenNode {
        ScreenNode(id: id, content: .image(ScreenImage(.placeholder(color: .black), width: width, height: height, scaling: scaling)))
    }

    static func keyword(_ property: StyleProperty, _ word: String) -> StyleDeclaration {
        StyleDeclaration(property, .keyword(word))
    }

    static func points(_ property: StyleProperty, _ value: Double) -> StyleDeclaration {
        StyleDeclaration(property, .length(.points(value)))
    }

    /// iOS Settings' "Larger Text" row: label and switch side by side up to xxxLarge, the
    /// switch below the label from accessibilityMedium.
    static var largerTextRow: Screen {
        let row = box("row", [
            StyleDeclaration(.flexDirection, Responsive(base: .keyword("row"), thresholds: [(.accessibilityMedium, .keyword("column"))])),
            StyleDeclaration(.alignItems, Responsive(base: .keyword("center"), thresholds: [(.accessibilityMedium, .keyword("flex-start"))])),
            points(.paddingHorizontal, 16), points(.paddingVertical, 11), points(.gap, 8),
        ], [
            text("title", "Larger Text", [points(.flexShrink, 1), points(.flexGrow, 1)]),
            placeholder("toggle", 51, 31),
        ])
        return Screen(device: try! Device.named("iphone-se"), root: row)
    }

    @Test func largerTextRowPutsTheSwitchBesideTheLabelUpToXXXLAndBelowItFromAX1() throws {
        let screen = Self.largerTextRow
        let layouts = try screen.layouts(at: [.large, .extraExtraExtraLarge, .accessibilityMedium])
        for layout in layouts.prefix(2) {
            let title = try #require(layout["title"]), toggle = try #require(layout["toggle"])
            // Beside: the switch against the right padding, centred on the label's line.
            #expect(toggle.frame == BoxRect(x: 375 - 16 - 51, y: toggle.frame.y, width: 51, height: 31))
            #expect(title.frame.x == 16)
            #expect(title.frame.x + title.frame.width + 8 == toggle.frame.x)
            #expect(abs((title.frame.y + title.frame.height / 2) - (toggle.frame.y + 15.5)) < 0.01)
            // Content starts below the iPhone SE's 20-point status bar.
            #expect(layout["row"]?.frame.y == 20)
            #expect(title.text?.lines.count == 1)
        }
        let ax1 = layouts[2]
        let title = try #require(ax1["title"]), toggle = try #require(ax1["toggle"])
        #expect(title.frame.x == 16 && title.frame.width <= 375 - 32)
        #expect(toggle.frame == BoxRect(x: 16, y: title.frame.y + title.frame.height + 8, width: 51, height: 31))
        #expect(title.frame.y == 20 + 11)
        #expect(title.frame.height > layouts[0]["title"]!.frame.height)
    }

    @Test func framesDumpListsEveryNodeInDocumentOrder() throws {
        let layout = try Self.largerTextRow.layout(at: .large, in: Self.apple)
        let json = layout.framesJSON()
        #expect(json == (try Self.largerTextRow.layout(at: .large, in: Self.apple)).framesJSON())
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        #expect(decoded["category"] as? String == "large")
        let nodes = decoded["nodes"] as! [[String: Any]]
        #expect(nodes.map { $0["path"] as? String } == ["0", "0.0", "0.1"])
        #expect(nodes.map { $0["id"] as? String } == ["row", "title", "toggle"])
        #expect(nodes.map { $0["kind"] as? String } == ["box", "text", "image"])
        #expect(nodes[1]["lines"] as? Int == 1)
        #expect(nodes[1]["truncated"] as? Bool == false)
        #expect(nodes[1]["pointSizes"] as? [Double] == [17])
        #expect(nodes[2]["x"] as? Double == 308)
        #expect(nodes[2]["truncated"] == nil)
        // Hundredths at most, and whole numbers without a fraction.
        #expect(json.contains("\"x\" : 308,"))
        for match in json.matches(of: /: (-?[0-9]+\.[0-9]+)/) {
            #expect(match.output.1.split(separator: ".")[1].count <= 2, "\(match.output.1)")
        }
    }

    @Test func scaledPaddingGrowsWithItsTextStyle() throws {
        let screen = Screen(device: Device(width: 300, height: 500), root: Self.box([
            StyleDeclaration(.padding, .length(.scaled(16, relativeTo: .body))),
        ], [Self.placeholder("dot", 10, 10)]))
        let large = try screen.layout(at: .large, in: Self.apple)
        let ax5 = try screen.layout(at: .accessibilityExtraExtraExtraLarge, in: Self.apple)
        #expect(large["dot"]?.frame.x == 16)
        let ratio = TextStyle.body.baselineToBaseline(at: .accessibilityExtraExtraExtraLarge) / TextStyle.body.baselineToBaseline(at: .large)
        #expect(ax5["dot"]?.frame.x == (16 * ratio).rounded())
        #expect(ax5["dot"]!.frame.x > 30)
    }

    @Test func imagesGrowOnlyAtTheAccessibilitySizesOrWithTheirTextStyle() throws {
        let screen = Screen(device: Device(width: 300, height: 500), root: Self.box([Self.keyword(.alignItems, "flex-start")], [
            Self.placeholder("icon", 40, 30, scaling: .accessibility),
            Self.placeholder("symbol", 20, 20, scaling: .relativeTo(.title1)),
            Self.placeholder("fixed", 20, 20),
        ]))
        let layouts = try screen.layouts(at: [.large, .extraExtraExtraLarge, .accessibilityLarge])
        #expect(layouts[0]["icon"]?.frame.width == 40)
        #expect(layouts[1]["icon"]?.frame.width == 40)
        let grown = ImageScaling.scaledSize(width: 40, height: 30, for: .accessibilityLarge)
        #expect(layouts[2]["icon"]?.frame.width == grown.width && layouts[2]["icon"]?.frame.height == grown.height)
        #expect(grown.width > 40)
        let symbolRatio = TextStyle.title1.baselineToBaseline(at: .extraExtraExtraLarge) / TextStyle.title1.baselineToBaseline(at: .large)
        #expect(layouts[1]["symbol"]?.frame.width == (20 * symbolRatio).rounded())
        #expect(layouts[1]["symbol"]!.frame.width > 20)
        #expect(layouts.map { $0["fixed"]!.frame.width } == [20, 20, 20])
    }

    @Test func aClampedSubtreeStopsGrowingAtItsMaximum() throws {
        var tabBar = Self.box("tabs", [Self.keyword(.flexDirection, "row")], [
            Self.text("tab", "Home", font: .textStyle(.caption1, weight: nil)),
            Self.placeholder("tabIcon", 24, 24, scaling: .accessibility),
            ScreenNode(id: "inner", content: .box(children: []), minimumContentSizeCategory: .accessibilityMedium),
        ])
        tabBar.maximumContentSizeCategory = .extraExtraExtraLarge
        let screen = Screen(device: Device(width: 390, height: 800), root: Self.box([], [
            Self.text("free", "Home", font: .textStyle(.caption1, weight: nil)), tabBar,
        ]))
        let xxxl = try screen.layout(at: .extraExtraExtraLarge)
        let ax5 = try screen.layout(at: .accessibilityExtraExtraExtraLarge)
        #expect(ax5["tab"]?.category == .extraExtraExtraLarge)
        #expect(ax5["tab"]?.text?.pointSize == xxxl["tab"]?.text?.pointSize)
        #expect(ax5["tab"]?.frame == BoxRect(x: xxxl["tab"]!.frame.x, y: ax5["tab"]!.frame.y,
                                              width: xxxl["tab"]!.frame.width, height: xxxl["tab"]!.frame.height))
        #expect(ax5["tabIcon"]?.frame.width == 24)
        // A clamp inside another stays within it, as SwiftUI's nested ranges do.
        #expect(ax5["inner"]?.category == .extraExtraExtraLarge)
        #expect(xxxl["inner"]?.category == .extraExtraExtraLarge)
        #expect(try screen.layout(at: .small)["inner"]?.category == .extraExtraExtraLarge)
        // Outside the clamp the same text keeps growing.
        #expect(ax5["free"]!.text!.pointSize > xxxl["free"]!.text!.pointSize)
        // The context's SwiftUI limit clamps the whole screen.
        var limited = DynamicTypeContext()
        limited.dynamicTypeSizeLimit = DynamicTypeSizeLimit(...DynamicTypeSize.xxLarge)
        let limitedLayout = try screen.layout(at: .accessibilityExtraExtraExtraLarge, in: limited)
        #expect(limitedLayout["free"]?.category == .extraExtraLarge)
        #expect(limitedLayout["free"]?.text?.pointSize == TextStyle.caption1.pointSize(at: .extraExtraLarge))
    }

    @Test func firstThatFitsShowsTheFirstChildThatDoesNotTruncate() throws {
        let buttons = [("continue", "Continue shopping"), ("checkout", "Proceed to checkout")]
        func stack(_ id: String, _ direction: String) -> ScreenNode {
            Self.box(id, [Self.keyword(.flexDirection, direction), Self.points(.gap, 8)], buttons.map {
                Self.text("\(id)-\($0.0)", $0.1, [Self.points(.flexShrink, 1)], numberOfLines: 1)
            })
        }
        func screen(width: Double) -> Screen {
            Screen(device: Device(width: width, height: 600), root: Self.box([Self.points(.padding, 10)], [
                ScreenNode(id: "buttons", content: .firstThatFits(children: [stack("side", "row"), stack("stacked", "column")])),
            ]))
        }
        let narrow = try screen(width: 300).layout(at: .large)
        #expect(narrow["side"] == nil)
        #expect(narrow["stacked"]?.path == "0.0.1")
        #expect(narrow.nodes.map(\.path) == ["0", "0.0", "0.0.1", "0.0.1.0", "0.0.1.1"])
        #expect(narrow["stacked-checkout"]?.text?.isTruncated == false)
        let wide = try screen(width: 600).layout(at: .large)
        #expect(wide["side"]?.path == "0.0.0")
        #expect(wide["stacked"] == nil)
        // The wide screen's row stops fitting once the text grows.
        #expect(try screen(width: 600).layout(at: .accessibilityExtraExtraExtraLarge)["stacked"] != nil)
    }

    @Test func firstThatFitsSkipsAChildThatOverflowsAndFallsBackToTheLast() throws {
        func row(_ id: String, _ widths: [Double]) -> ScreenNode {
            Self.box(id, [Self.keyword(.flexDirection, "row")], widths.map { Self.placeholder(nil, $0, 10) })
        }
        func screen(_ candidates: [ScreenNode]) -> Screen {
            Screen(device: Device(width: 200, height: 100), root: Self.box([Self.points(.paddingHorizontal, 20)], [
                ScreenNode(content: .firstThatFits(children: candidates)),
            ]))
        }
        // 90 + 90 = 180 sticks out of the 160 points between the paddings; 70 + 70 doesn't.
        let fitting = try screen([row("wide", [90, 90]), row("narrow", [70, 70]), row("last", [10])]).layout(at: .large)
        #expect(fitting.nodes.compactMap(\.id) == ["narrow"])
        let none = try screen([row("wide", [90, 90]), row("wider", [100, 100])]).layout(at: .large)
        #expect(none.nodes.compactMap(\.id) == ["wider"])
        #expect(none.nodes.map(\.path) == ["0", "0.0", "0.0.1", "0.0.1.0", "0.0.1.1"])
    }

    @Test func manyFirstThatFitsNodesChooseTogetherAndNestedOnesInsideOut() throws {
        func row(_ id: String, _ widths: [Double]) -> ScreenNode {
            Self.box(id, [Self.keyword(.flexDirection, "row")], widths.map { Self.placeholder(nil, $0, 10) })
        }
        // 2,000 side by side choices, each of whose first child is too wide, and one nested
        // choice whose outer first child fits only once its inner choice gives up a wide row.
        let choices = (0..<2_000).map { index in
            ScreenNode(content: .firstThatFits(children: [row("wide\(index)", [150, 150]), row("narrow\(index)", [50])]))
        }
        let inner = ScreenNode(content: .firstThatFits(children: [row("innerWide", [300]), row("innerNarrow", [100])]))
        let outer = ScreenNode(content: .firstThatFits(children: [Self.box("outerFirst", [], [inner]), row("outerLast", [10])]))
        let screen = Screen(device: Device(width: 200, height: 100), root: Self.box([], choices + [outer]))
        let layout = try screen.layout(at: .large)
        let ids = layout.nodes.compactMap(\.id)
        #expect(ids.filter { $0.hasPrefix("narrow") }.count == 2_000)
        #expect(!ids.contains { $0.hasPrefix("wide") })
        #expect(layout["outerFirst"] != nil && layout["innerNarrow"] != nil)
        #expect(layout["outerLast"] == nil && layout["innerWide"] == nil)
    }

    @Test func aCustomFontScalesRelativeToItsTextStyleUpToItsMaximum() throws {
        let gillius = BundledFonts.gillSansStandIn
        let screen = Screen(device: Device(width: 400, height: 600), root: Self.box([], [
            Self.text("scaled", "Title", font: .file(path: gillius, size: 20, relativeTo: .body, maximumPointSize: nil)),
            Self.text("capped", "Title", font: .file(path: gillius, size: 20, relativeTo: .body, maximumPointSize: 30)),
            Self.text("fixed", "Title", font: .file(path: gillius, size: 20, relativeTo: nil, maximumPointSize: nil)),
        ]))
        let large = try screen.layout(at: .large, in: Self.apple)
        let ax3 = try screen.layout(at: .accessibilityExtraLarge, in: Self.apple)
        #expect(large["scaled"]?.text?.pointSize == 20)
        let ratio = TextStyle.body.baselineToBaseline(at: .accessibilityExtraLarge) / TextStyle.body.baselineToBaseline(at: .large)
        #expect(ax3["scaled"]?.text?.pointSize == (20 * ratio).rounded())
        #expect(ax3["capped"]?.text?.pointSize == 30)
        #expect(ax3["fixed"]?.text?.pointSize == 20)
        #expect(ax3["scaled"]!.frame.height > large["scaled"]!.frame.height)
    }

    @Test func aBoldTextStyleWeightIsDrawnHeavierAtTheStyleSize() throws {
        let screen = Screen(device: Device(width: 400, height: 600), root: Self.box([Self.keyword(.alignItems, "flex-start")], [
            Self.text("regular", "Settings", font: .textStyle(.body, weight: nil)),
            Self.text("bold", "Settings", font: .textStyle(.body, weight: .bold)),
        ]))
        let layout = try screen.layout(at: .extraLarge)
        #expect(layout["bold"]?.text?.pointSize == TextStyle.body.pointSize(at: .extraLarge))
        #expect(layout["bold"]?.text?.faces.first?.weight == .bold)
        #expect(layout["bold"]!.frame.width > layout["regular"]!.frame.width)
    }

    @Test func textIsLaidOutAtItsContentWidth() throws {
        let screen = Screen(device: Device(width: 200, height: 600), root: Self.box([], [
            Self.text("long", "A long sentence that wraps onto several lines in a narrow column",
                      [Self.points(.paddingHorizontal, 20), Self.points(.borderWidth, 2)]),
        ]))
        let layout = try screen.layout(at: .large)
        let node = try #require(layout["long"])
        #expect(node.frame.width == 200)
        // The frame less 20 points of padding and 2 of border on each side.
        #expect(try #require(node.text?.width) == 156)
        #expect(node.text!.lines.count > 2)
        #expect(node.frame.height == node.text!.size.height + 4)
        #expect(node.contentFrame == BoxRect(x: 22, y: 2, width: 156, height: node.text!.size.height))
    }

    @Test func layoutsAtEveryCategoryMatchEachCategorysOwnLayout() throws {
        let screen = Self.largerTextRow
        let all = try screen.layouts(at: ContentSizeCategory.allCases)
        #expect(all.map(\.category) == ContentSizeCategory.allCases)
        for layout in all {
            #expect(layout.framesJSON() == (try screen.layout(at: layout.category)).framesJSON())
        }
        let heights = all.map { $0["title"]!.frame.height }
        #expect(heights.last! > heights.first!)
    }

    @Test func textKeepsItsLineLimitAlignmentAndColour() throws {
        let red = Color(red: 255, green: 0, blue: 0)
        let screen = Screen(device: Device(width: 200, height: 600), root: Self.box([], [
            ScreenNode(id: "limited", content: .text(ScreenText(
                "A sentence long enough to need more lines than it may have", numberOfLines: 2, truncation: .tail))),
            ScreenNode(id: "centred", content: .text(ScreenText("Centre", alignment: .center, color: red))),
        ]))
        let layout = try screen.layout(at: .large)
        let limited = try #require(layout["limited"]?.text)
        #expect(limited.lines.count == 2 && limited.isTruncated)
        #expect(limited.lines.last?.text.hasSuffix("…") == true)
        let centred = try #require(layout["centred"]?.text)
        let line = try #require(centred.lines.first)
        #expect(abs(line.x - (200 - line.width) / 2) < 0.01)
        #expect(centred.glyphs.allSatisfy { $0.color == red })
    }

    @Test func rightToLeftRowsRunFromTheRight() throws {
        let screen = Screen(device: Device(width: 300, height: 100), root: Self.box([Self.keyword(.flexDirection, "row")], [
            Self.placeholder("first", 40, 10), Self.placeholder("second", 60, 10),
        ]))
        let layout = try screen.layout(at: .large, direction: .rtl)
        #expect(layout["first"]?.frame.x == 260)
        #expect(layout["second"]?.frame.x == 200)
    }

    @Test func naturalAlignmentFollowsTheLayoutDirection() throws {
        // The same Latin and Hebrew labels in a right-to-left screen and in a left-to-right
        // box inside it: natural alignment follows each node's direction, not the text's.
        let labels = { (suffix: String) in [Self.text("latin-\(suffix)", "Hello"), Self.text("hebrew-\(suffix)", "שלום")] }
        let screen = Screen(device: Device(width: 300, height: 100), root: Self.box(
            [], labels("rtl") + [Self.box([Self.keyword(.direction, "ltr")], labels("ltr"))]))
        let layout = try screen.layout(at: .large, direction: .rtl)
        func line(_ id: String) throws -> (x: Double, width: Double, boxWidth: Double) {
            let node = try #require(layout[id])
            let line = try #require(node.text?.lines.first)
            return (line.x, line.width, node.contentFrame.width)
        }
        for id in ["latin-rtl", "hebrew-rtl"] {
            let line = try line(id)
            #expect(line.x > 0 && abs(line.x + line.width - line.boxWidth) < 0.01, "\(id): \(line)")
        }
        for id in ["latin-ltr", "hebrew-ltr"] {
            #expect(try line(id).x == 0, "\(id)")
        }
    }

    // MARK: Devices

    @Test func devicePresetsAreFoundByNameOrShortName() throws {
        #expect(try Device.named("iphone-16").width == 393)
        #expect(try Device.named("iPhone 16 Pro Max").height == 956)
        #expect(try Device.named("iPhone SE (3rd generation)") == Device.named("iphone-se"))
        #expect(try Device.named("ipad-11").safeArea == (24, 0, 20, 0))
        #expect(try Device.named("iPad 11-inch").width == 834)
        #expect(Device.presets.count >= 4)
        #expect(throws: ScreenError.self) { try Device.named("iphone-61") }
        do {
            _ = try Device.named("iphone-61")
        } catch {
            #expect("\(error)".contains("did you mean 'iphone-se' or 'iphone-16'?"), "\(error)")
        }
    }

    @Test func aDeviceOfNoSizeIsRefused() throws {
        let devices = [
            Device(width: .nan, height: 100), Device(width: 100, height: 0),
            Device(width: 100, height: 100, safeArea: (top: -1, left: 0, bottom: 0, right: 0)),
            Device(width: 100, height: 100, safeArea: (top: 0, left: 50, bottom: 0, right: 50)),
        ]
        for device in devices {
            let error = try #require(throws: ScreenError.self) {
                try Screen(device: device, root: Self.box([], [])).layout(at: .large)
            }
            #expect(error.description.hasPrefix("device 'custom' can't be laid out on: its "), "\(error)")
        }
    }

    @Test func theRootSitsInsideTheSafeAreaAndTallContentIsLaidOutWhole() throws {
        let device = Device(name: "notched", width: 400, height: 300, safeArea: (top: 50, left: 30, bottom: 20, right: 10))
        let screen = Screen(device: device, root: Self.box("root", [], [Self.placeholder("tall", 10, 1000)]))
        let layout = try screen.layout(at: .large)
        #expect(layout["root"]?.frame == BoxRect(x: 30, y: 50, width: 360, height: 1000))
        #expect(layout.contentHeight == 1050)
    }

    // MARK: Errors

    @Test func aBadKeywordNamesTheNodePropertyValueAndTheValidKeywords() throws {
        var node = Self.box("stack", [Self.keyword(.flexDirection, "rows")], [])
        node.sourceLocation = TextFileLocation(file: "settings.json", line: 3, column: 5)
        let screen = Screen(device: Device(width: 100, height: 100), root: node)
        let error = try #require(throws: ScreenError.self) { try screen.layout(at: .large) }
        #expect(error.description == "settings.json:3:5: node 'stack': flexDirection must be one of row, column, "
            + "row-reverse, column-reverse, got 'rows' (did you mean 'row'?)")
    }

    @Test func wrongValueKindsAndBadNumbersAreErrors() throws {
        let cases: [(StyleDeclaration, String)] = [
            (StyleDeclaration(.width, .color(.black)), "width must be a length of 0 or more"),
            (Self.points(.width, .nan), "got nan"),
            (Self.points(.paddingTop, -4), "paddingTop must be a length of 0 or more"),
            (StyleDeclaration(.borderWidth, .number(-1)), "borderWidth must be a length of 0 or more in points"),
            (StyleDeclaration(.borderWidth, .length(.percent(10))), "borderWidth must be"),
            (StyleDeclaration(.backgroundColor, .keyword("red")), "backgroundColor must be a colour"),
            (StyleDeclaration(.flexGrow, .number(.infinity)), "flexGrow must be a number of 0 or more"),
            (StyleDeclaration(.margin, .length(.scaled(.nan, relativeTo: .body))), "margin must be a length"),
        ]
        for (declaration, message) in cases {
            let screen = Screen(device: Device(width: 100, height: 100), root: Self.box([], [Self.box(nil, [declaration], [])]))
            let error = try #require(throws: ScreenError.self) { try screen.layout(at: .large) }
            #expect(error.description.hasPrefix("node at 0.0: "), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
        // Negative margins and insets are meaningful.
        let screen = Screen(device: Device(width: 100, height: 100), root: Self.box([], [
            Self.box("moved", [Self.points(.marginTop, -4), Self.points(.left, -3)], []),
        ]))
        #expect(try screen.layout(at: .large)["moved"]?.frame.x == -3)
    }

    @Test func aMissingImageFileNamesTheFileAndTheNode() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).png").path
        let screen = Screen(device: Device(width: 100, height: 100), root: Self.box([], [
            ScreenNode(id: "avatar", content: .image(ScreenImage(.file(path: path)))),
        ]))
        let error = try #require(throws: ScreenError.self) { try screen.layout(at: .large) }
        #expect(error.description.hasPrefix("node 'avatar': image '\(path)' can't be used"), "\(error)")
    }

    @Test func anImageFileIsSizedByItsPixelsOrItsGivenSide() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("screen-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGCodec.write(RGBAImage(width: 8, height: 4, pixels: Array(repeating: 255, count: 8 * 4 * 4)), to: path)
        let screen = Screen(device: Device(width: 100, height: 100), root: Self.box([Self.keyword(.alignItems, "flex-start")], [
            ScreenNode(id: "own", content: .image(ScreenImage(.file(path: path)))),
            ScreenNode(id: "wide", content: .image(ScreenImage(.file(path: path), width: 24))),
        ]))
        let layout = try screen.layout(at: .large)
        #expect(layout["own"]?.frame.width == 8 && layout["own"]?.frame.height == 4)
        #expect(layout["wide"]?.frame.width == 24 && layout["wide"]?.frame.height == 12)
        guard case let .bitmap(bitmap)? = layout["wide"]?.image else { Issue.record("no bitmap"); return }
        #expect(bitmap.width == 8)
    }

    @Test func aMissingFontFileNamesTheNodeAndTheFile() throws {
        let screen = Screen(device: Device(width: 100, height: 100), root: Self.box([], [
            Self.text("heading", "Hello", font: .file(path: "/no/such/font.otf", size: 20, relativeTo: .body, maximumPointSize: nil)),
        ]))
        let error = try #require(throws: ScreenError.self) { try screen.layout(at: .large) }
        #expect(error.description.hasPrefix("node 'heading': text can't be laid out: "), "\(error)")
        #expect(error.description.contains("/no/such/font.otf"), "\(error)")
    }

    @Test func emptyAndDegenerateNodesLayOutWithoutError() throws {
        let hiddenRoot = Screen(device: Device(width: 100, height: 100), root: Self.box([Self.keyword(.display, "none")], [
            Self.text("hidden", "Hidden"),
        ]))
        #expect(try hiddenRoot.layout(at: .large).nodes.isEmpty)
        let screen = Screen(device: Device(width: 100, height: 100), root: Self.box([Self.keyword(.alignItems, "flex-start")], [
            Self.text("empty", ""),
            ScreenNode(id: "sizeless", content: .image(ScreenImage(.placeholder(color: .black)))),
            ScreenNode(id: "choiceless", content: .firstThatFits(children: [])),
            Self.text("squeezed", "Squeezed to nothing", [Self.points(.width, 0)]),
        ]))
        let layout = try screen.layout(at: .large)
        #expect(layout["empty"]?.frame.width == 0)
        #expect(layout["sizeless"]?.frame == BoxRect(x: 0, y: layout["sizeless"]!.frame.y, width: 0, height: 0))
        #expect(layout["choiceless"]?.frame.height == 0)
        #expect(layout["squeezed"]?.frame.width == 0)
        #expect(layout["squeezed"]?.text?.hasBrokenWord == true)
    }

    @Test func aScreenTenThousandLevelsDeepIsRefused() throws {
        var node = Self.placeholder(nil, 1, 1)
        for _ in 1..<10_000 { node = Self.box([], [node]) }
        let screen = Screen(device: Device(width: 100, height: 100), root: node)
        let error = try #require(throws: ScreenError.self) { try screen.layout(at: .large) }
        #expect(error.description.contains("nests more than 1000 levels deep"), "\(error)")
    }

    @Test func aScreenOfAHundredThousandNodesIsLaidOut() throws {
        let rows = (0..<1_000).map { row in
            Self.box([Self.keyword(.flexDirection, "row"), Self.keyword(.flexWrap, "wrap")], (0..<99).map { column in
                column == 0 ? Self.text(nil, "Row \(row % 10)") : Self.placeholder(nil, 3, 3)
            })
        }
        let screen = Screen(device: Device(width: 300, height: 600), root: Self.box([], rows))
        let layout = try screen.layout(at: .large)
        #expect(layout.nodes.count == 100_001)
    }
}
