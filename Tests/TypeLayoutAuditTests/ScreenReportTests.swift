import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

@Suite struct FormatArgumentsTests {
    @Test(arguments: [
        ("Hello, %@!", "Hello, Alexandra!"),
        ("%lld items", "1,234 items"),
        ("%d of %d", "1,234 of 1,234"),
        ("%2$@ sent %1$lld photos", "Alexandra sent 1,234 photos"),
        ("%.1f km", "1,234.0 km"),
        ("100 %% sure, %s", "100 % sure, Alexandra"),
        ("%#@files@ left", "1,234 left"),
        ("50%!", "50%!"),
        // As String(format:) reads it: a space flag and octal. Translators write "%%".
        ("50% off", "501,234ff"),
        ("trailing %", "trailing %"),
        ("%-10@|%05d", "Alexandra|1,234"),
    ])
    func placeholdersTakeTheSamples(format: String, expected: String) {
        #expect(FormatArguments.fill(format) == expected)
    }

    @Test func givenArgumentsComeFirstThenTheSamples() {
        #expect(FormatArguments.fill("%@ and %@ have %lld", arguments: ["Jo"]) == "Jo and Alexandra have 1,234")
        #expect(FormatArguments.fill("%2$@, %1$@", arguments: ["A", "B"]) == "B, A")
        #expect(FormatArguments.fill("%@: %d", samples: FormatSamples(string: "Maximilian", number: -1_000_000)) == "Maximilian: -1,000,000")
    }
}

@Suite(.temporaryFolders) struct ScreenReportTests {
    static func finding(_ node: String, _ rule: ScreenRule, _ category: ContentSizeCategory, language: String = "de") -> ScreenFinding {
        ScreenFinding(screen: "settings.yaml", node: node, language: language, category: category, rule: rule,
                      measured: "m \(category.shortName)", sourceLocation: TextFileLocation(file: "settings.yaml", line: 3, column: 5))
    }

    static let categories: [ContentSizeCategory] = [.large, .accessibilityMedium, .accessibilityLarge]

    static func write(_ format: AuditReportFormat) throws -> (text: String, clean: Bool) {
        let writer = try AuditReportWriter(format: format, diagnostics: [], spoolsToDisk: false)
        try writer.add(screen: "settings.yaml", language: "de", categories: categories, findings: [
            finding("title", .truncated, .accessibilityMedium), finding("title", .truncated, .accessibilityLarge),
            finding("close", .smallTapTarget, .large), finding("root", .tallerThanDevice, .accessibilityLarge),
        ])
        try writer.add(screen: "settings.yaml", language: "en", categories: categories, findings: [finding("root", .tallerThanDevice, .accessibilityLarge, language: "en")])
        var bytes: [UInt8] = []
        try writer.finish(duration: 0) { bytes += $0 }
        return (String(decoding: bytes, as: UTF8.self), writer.isClean)
    }

    @Test func textGroupsFindingsByNodeAndRule() throws {
        let (text, clean) = try Self.write(.text)
        #expect(!clean)
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("SCREEN") == true)
        #expect(lines.contains { $0.contains("title") && $0.contains("truncated") && $0.contains("from accessibilityMedium up") && $0.contains("at ax1: m ax1") })
        #expect(lines.contains { $0.contains("close") && $0.contains("only at large (not every larger size)") })
        #expect(lines.contains { $0.contains("root") && $0.contains("tallerThanDevice (info)") && $0.contains("en") })
        #expect(lines.last == "3 screen findings in 1 of 2 screen × language runs.")
    }

    @Test func jsonListsEveryFindingWithItsPlace() throws {
        let (text, _) = try Self.write(.json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try #require(object["screenFindings"] as? [[String: Any]])
        #expect(findings.count == 5)
        #expect(findings.filter { $0["failure"] as? Bool == true }.count == 3)
        let first = try #require(findings.first)
        #expect(first["screen"] as? String == "settings.yaml" && first["node"] as? String == "title" && first["rule"] as? String == "truncated")
        #expect(first["category"] as? String == "accessibilityMedium" && first["line"] as? Int == 3 && first["measured"] as? String == "m ax1")
        // Without screens the JSON is as before.
        let writer = try AuditReportWriter(format: .json, diagnostics: [], spoolsToDisk: false)
        var bytes: [UInt8] = []
        try writer.finish(duration: 0) { bytes += $0 }
        #expect(!String(decoding: bytes, as: UTF8.self).contains("screenFindings"))
    }

    @Test func junitHasATestCasePerScreenAndLanguage() throws {
        let (xml, _) = try Self.write(.junit)
        #expect(xml.contains("<testsuites name=\"render-cli audit\" tests=\"2\" failures=\"1\" errors=\"0\""))
        #expect(xml.contains("<testsuite name=\"settings.yaml\" tests=\"2\" failures=\"1\""))
        #expect(xml.contains("<testcase name=\"settings.yaml\" classname=\"en\"></testcase>"))
        #expect(xml.contains("<failure message=\"2 problems on the screen\" type=\"smallTapTarget\">"))
        let directory = try TestPaths.temporaryDirectory()
        let report = directory.appendingPathComponent("report.xml")
        try Data(xml.utf8).write(to: report)
        let check = try XMLLint.validate(report.path)
        #expect(check.status == 0, "\(check.output)\n\(xml)")
    }
}

@Suite struct ScreenLocalizationTests {
    static func string(_ key: String, _ language: String, _ text: String, variant: String? = nil) -> LocalizedString {
        LocalizedString(key: key, variant: variant, language: language, text: text, location: TextFileLocation(file: "c", line: 1, column: 1))
    }

    static let strings = ScreenStrings([
        string("title", "en", "Larger Text"), string("title", "de", "Größerer Text"), string("title", "ar", "نص أكبر"),
        string("greeting", "en", "Hello, %@!"),
        string("files", "de", "1 Datei", variant: "plural:one"), string("files", "de", "%lld Dateien", variant: "plural:other"),
        string("files", "en", "%lld files", variant: "plural:other"), string("base", "Base", "x"),
    ])

    @Test func keysAreLookedUpWithTheDevelopmentLanguageAsFallback() {
        #expect(Self.strings.languages == ["ar", "de", "en"])
        #expect(Self.strings.text(key: "title", language: "DE") == "Größerer Text")
        #expect(Self.strings.text(key: "greeting", language: "de") == "Hello, %@!")
        #expect(Self.strings.text(key: "files", language: "de") == "%lld Dateien")
        #expect(Self.strings.text(key: "missing", language: "de") == nil)
    }

    @Test func aScreensKeyedTextsAreLocalizedAndFilled() {
        func text(_ key: String?, _ literal: String = "", arguments: [String] = []) -> ScreenNode {
            var text = ScreenText(literal)
            text.key = key
            text.arguments = arguments
            return ScreenNode(id: key ?? literal, content: .text(text))
        }
        let screen = Screen(device: Device(width: 390, height: 844), root: ScreenNode(content: .box(children: [
            text("title"), text("greeting"), text("files", arguments: ["3"]), text(nil, "Literal %@"), text("nope", "Fallback"), text("gone"),
            ScreenNode(content: .firstThatFits(children: [text("title"), text("files")])),
        ])), samples: FormatSamples(string: "Maximilian", number: 12_345, arguments: ["files": ["1"], "greeting": []]))
        let german = screen.localized("de", strings: Self.strings)
        let shown = german.root.children.flatMap { [$0] + $0.children }.compactMap { node -> String? in
            if case let .text(text) = node.content { return text.string }
            return nil
        }
        // The text's own arguments win over the screen's for its key ("3", not "1").
        #expect(shown == ["Größerer Text", "Hello, Maximilian!", "3 Dateien", "Literal %@", "Fallback", "gone", "Größerer Text", "1 Dateien"])
        let languages = german.root.children.compactMap { node -> String? in
            if case let .text(text) = node.content { return text.language ?? "-" }
            return nil
        }
        // Localized texts are shaped and broken as German; a literal one is left to guess.
        #expect(languages == ["de", "de", "de", "-", "de", "de"])
    }

    @Test func rightToLeftLanguages() {
        #expect(["ar", "he", "fa-IR", "ur", "ar_SA", "uz-Arab", "ks"].allSatisfy(ScreenStrings.isRightToLeft))
        #expect(!["en", "de", "az-Latn", "zh-Hans", "ja", "und"].contains(where: ScreenStrings.isRightToLeft))
    }
}

/// A screen built in Swift, localized, laid out and checked: the whole screen audit without a file.
@Suite struct ScreenCheckTests {
    static func box(_ id: String, _ declarations: [StyleDeclaration], role: ScreenRole? = nil, children: [ScreenNode] = []) -> ScreenNode {
        ScreenNode(id: id, style: ScreenStyle(declarations), content: .box(children: children), role: role)
    }

    static let screen: Screen = {
        var title = ScreenText("", font: .textStyle(.title1, weight: nil), numberOfLines: 1)
        title.key = "settings.title"
        let tiles = (1...3).map { box("tile-\($0)", [.init(.width, .length(.points(130))), .init(.height, .length(.points(40))),
                                                     .init(.flexShrink, .number(0))]) }
        return Screen(device: Device(width: 390, height: 844), root: box("root", [.init(.padding, .length(.points(16)))], children: [
            ScreenNode(id: "title", content: .text(title)),
            box("tiles", [.init(.flexDirection, .keyword("row"))], children: tiles),
            box("close", [.init(.width, .length(.points(30))), .init(.height, .length(.points(30)))], role: .button),
        ]))
    }()

    @Test func aScreenIsCheckedInEachLanguageRightToLeftForArabic() throws {
        let strings = ScreenStrings([
            ScreenLocalizationTests.string("settings.title", "en", "Display & Brightness"),
            ScreenLocalizationTests.string("settings.title", "de", "Anzeige & Helligkeit"),
            ScreenLocalizationTests.string("settings.title", "ar", "الشاشة والسطوع"),
        ])
        func found(_ language: String, _ category: ContentSizeCategory) throws -> [String] {
            try ScreenAudit.check(Self.screen, name: "s", language: language, strings: strings, categories: [category])
                .map { "\($0.rule.rawValue) \($0.node) \($0.measured)" }
        }
        #expect(try found("en", .large) == ["horizontalOverflow tile-3 right edge 406 > screen 390", "smallTapTarget close 30 × 30 pt < 44 × 44 pt"])
        // Right to left, the row runs from the right edge and leaves the screen on the left.
        #expect(try found("ar", .large) == ["horizontalOverflow tile-3 left edge -16 < 0", "smallTapTarget close 30 × 30 pt < 44 × 44 pt"])
        // The German title no longer fits on its line at AX2; the English one still does at AX1.
        #expect(try found("de", .accessibilityLarge).first?.hasPrefix("truncated title 1 line shown at 43 pt") == true)
        #expect(try found("en", .accessibilityMedium).first?.hasPrefix("horizontalOverflow") == true)
    }
}
