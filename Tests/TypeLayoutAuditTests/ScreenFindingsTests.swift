import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutAudit

/// The screen audit's rules over layouts built by hand: each rule finds what it should, names the
/// node and the numbers, and says nothing about a clean screen.
@Suite struct ScreenFindingsTests {
    /// Nodes added parent first, as a layout lists them; paths made as the layout makes them.
    struct Builder {
        var nodes: [ScreenLayout.Node] = []
        var childCount: [Int] = []

        @discardableResult
        mutating func add(_ id: String?, parent: Int?, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                          style: BoxStyle = BoxStyle(), text: TextLayout? = nil, role: ScreenRole? = nil) -> Int {
            let path = parent.map { parent in
                defer { childCount[parent] += 1 }
                return "\(nodes[parent].path).\(childCount[parent])"
            } ?? "0"
            nodes.append(ScreenLayout.Node(id: id, path: path, kind: text == nil ? .box : .text, parent: parent,
                                           frame: BoxRect(x: x, y: y, width: width, height: height), style: style,
                                           category: .large, text: text, role: role))
            childCount.append(0)
            return nodes.count - 1
        }

        func layout(height: Double = 844) -> ScreenLayout {
            ScreenLayout(category: .large, device: Device(name: "test", width: 390, height: height), background: .white, nodes: nodes)
        }
    }

    static func text(_ string: String, width: Double, lines: Int = 0, size: Double? = nil) throws -> TextLayout {
        let context = DynamicTypeContext()
        let font = try size.map { try Font(face: context.systemFontFamily.face(pointSize: $0, weight: .regular), pointSize: $0) }
            ?? Font.preferredFont(forTextStyle: .body, in: context.with(.large))
        return try TextLayoutEngine.shared.layout(AttributedText(string, attributes: TextAttributes(font: font)),
                                                  paragraphStyle: ParagraphStyle(width: width, numberOfLines: lines),
                                                  categories: [.large], in: context)[0]
    }

    static func style(_ change: (inout BoxStyle) -> Void) -> BoxStyle {
        var style = BoxStyle()
        change(&style)
        return style
    }

    /// Rule, node and other node of each finding: what the tests compare exactly.
    static func summary(_ layout: ScreenLayout) -> [String] {
        ScreenAudit.findings(in: layout, screen: "s", language: "de").map { "\($0.rule.rawValue) \($0.node)\($0.otherNode.map { " " + $0 } ?? "")" }
    }

    /// A title, a paragraph and a row of two 44 pt buttons, all inside the screen.
    static func cleanScreen() throws -> Builder {
        var screen = Builder()
        let root = screen.add("root", parent: nil, 0, 0, 390, 844)
        screen.add("title", parent: root, 16, 16, 358, 41, text: try text("Einstellungen", width: 358))
        screen.add("body", parent: root, 16, 57, 358, 66, text: try text("Größere Schrift macht Texte in allen Apps leichter lesbar.", width: 358))
        let row = screen.add("buttons", parent: root, 16, 130, 358, 44, style: style { $0.flexDirection = .row })
        screen.add("cancel", parent: row, 16, 130, 120, 44, role: .button)
        screen.add("save", parent: row, 144, 130, 120, 44, role: .button)
        return screen
    }

    @Test func aCleanScreenHasNoFindings() throws {
        let screen = try Self.cleanScreen()
        #expect(Self.summary(screen.layout()) == [])
    }

    @Test func truncatedTextNamesTheLinesAndSize() throws {
        var screen = try Self.cleanScreen()
        screen.add("subtitle", parent: 0, 16, 180, 120, 22, text: try Self.text("Benachrichtigungen und Töne", width: 120, lines: 1))
        screen.add(nil, parent: 0, 16, 210, 100, 66, text: try Self.text("Datenschutzeinstellungen", width: 100))
        screen.add("one", parent: 0, 16, 280, 100, 22, text: try Self.text("Datenschutzeinstellungen", width: 100, lines: 1))
        let layout = screen.layout()
        // A one-line text whose long word truncates: one cause. Unlimited lines: a broken word.
        #expect(Self.summary(layout) == ["truncated subtitle", "wordBroken 0.4", "truncated one"])
        let truncated = try #require(ScreenAudit.findings(in: layout, screen: "Settings", language: "de").first)
        #expect(truncated.description == "Settings: subtitle (de, large): truncated: 1 line shown at 17 pt in 120 pt")
        #expect(truncated.rule.isFailure)
    }

    @Test func textPastAContainerThatHidesOverflowIsClipped() throws {
        var screen = try Self.cleanScreen()
        var badge = BoxStyle()
        badge.overflow = .hidden
        badge.borderWidth = Edges(all: 2)
        let container = screen.add("badge", parent: 0, 300, 200, 30, 30, style: badge)
        screen.add("count", parent: container, 302, 202, 80, 22, text: try Self.text("1.234", width: 80))
        // Inside the padding box: not clipped.
        let wide = screen.add("pill", parent: 0, 16, 240, 120, 30, style: badge)
        screen.add("fits", parent: wide, 18, 242, 80, 22, text: try Self.text("Neu", width: 80))
        let findings = ScreenAudit.findings(in: screen.layout(), screen: "s", language: "de")
        #expect(findings.map(\.rule) == [.clipped])
        #expect(findings.first?.node == "count" && findings.first?.otherNode == "badge")
        // 302 + 80 = 382 against the padding box's right edge 300 + 60 − 2 = 358.
        // "1.234" is 43.9 pt wide from 302; the padding box ends at 300 + 30 − 2 = 328.
        #expect(findings.first?.measured == "17.9 pt right past badge's padding box x 302…328, y 202…228 (text x 302…345.9, y 202…222.6)")
    }

    @Test func onlyTheOutermostNodePastTheScreensEdgeIsReported() throws {
        var screen = try Self.cleanScreen()
        let row = screen.add("row", parent: 0, 0, 300, 390, 44, style: Self.style { $0.flexDirection = .row })
        screen.add("keep", parent: row, 200, 300, 120, 44)
        let button = screen.add("delete", parent: row, 320, 300, 111.5, 44, role: .button)
        screen.add("label", parent: button, 330, 310, 90, 22, text: try Self.text("Löschen", width: 90))
        // A carousel scrolls sideways on purpose.
        let carousel = screen.add("carousel", parent: 0, 0, 360, 390, 100, style: Self.style { $0.overflow = .scroll })
        screen.add("card", parent: carousel, 300, 360, 200, 100)
        screen.add("left", parent: 0, -10, 470, 100, 44)
        let findings = ScreenAudit.findings(in: screen.layout(), screen: "s", language: "de")
        #expect(findings.map { "\($0.rule.rawValue) \($0.node)" } == ["horizontalOverflow delete", "horizontalOverflow left"])
        #expect(findings.first?.measured == "right edge 431.5 > screen 390")
        #expect(findings.last?.measured == "left edge -10 < 0")
    }

    @Test func siblingsInTheFlowMustNotOverlap() throws {
        var screen = try Self.cleanScreen()
        let row = screen.add("row", parent: 0, 16, 300, 358, 44)
        screen.add("a", parent: row, 16, 300, 100, 44)
        screen.add("b", parent: row, 106, 300, 100, 44)
        // Touching within half a point is not overlapping.
        screen.add("c", parent: row, 205.6, 300, 100, 44)
        // An overlay placed on purpose.
        screen.add("dot", parent: row, 100, 300, 20, 20, style: Self.style { $0.position = .absolute })
        let findings = ScreenAudit.findings(in: screen.layout(), screen: "s", language: "de")
        #expect(findings.map { "\($0.rule.rawValue) \($0.node) \($0.otherNode ?? "")" } == ["overlap b a"])
        #expect(findings.first?.measured == "overlaps by 10 × 44 pt")
    }

    @Test func buttonsAndControlsNeedA44PointTarget() throws {
        var screen = try Self.cleanScreen()
        screen.add("close", parent: 0, 340, 250, 30, 30, role: .button)
        screen.add("toggle", parent: 0, 300, 200, 51, 31, role: .control)
        screen.add("icon", parent: 0, 20, 200, 24, 24)
        let findings = ScreenAudit.findings(in: screen.layout(), screen: "s", language: "de")
        #expect(findings.map { "\($0.rule.rawValue) \($0.node)" } == ["smallTapTarget close", "smallTapTarget toggle"])
        #expect(findings.first?.measured == "30 × 30 pt < 44 × 44 pt")
    }

    @Test func textBelowElevenPointsIsTooSmall() throws {
        var screen = try Self.cleanScreen()
        screen.add("footnote", parent: 0, 16, 300, 358, 14, text: try Self.text("Stand: gestern", width: 358, size: 9))
        screen.add("caption", parent: 0, 16, 320, 358, 14, text: try Self.text("Stand: heute", width: 358, size: 11))
        let findings = ScreenAudit.findings(in: screen.layout(), screen: "s", language: "de")
        #expect(findings.map { "\($0.rule.rawValue) \($0.node) \($0.measured)" } == ["smallText footnote 9 pt < 11 pt"])
    }

    @Test func contentTallerThanTheDeviceIsInformationOnly() throws {
        var screen = try Self.cleanScreen()
        screen.add("footer", parent: 0, 0, 800, 390, 100.3)
        let findings = ScreenAudit.findings(in: screen.layout(), screen: "s", language: "de")
        #expect(findings.map { "\($0.rule.rawValue) \($0.node) \($0.measured)" } == ["tallerThanDevice root content 900.3 pt tall > device 844 pt"])
        #expect(findings.allSatisfy { !$0.rule.isFailure })
        #expect(Self.summary(screen.layout(height: 900.5)) == [])
    }
}
