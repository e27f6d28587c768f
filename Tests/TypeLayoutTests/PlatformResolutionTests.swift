import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTesting

/// Font resolution under each platform's rule and Bold Text (the context's `platform` and
/// `legibilityWeight`), the comparison sheet, and the CLI flags that set them.
@Suite struct PlatformResolutionTests {
    static let reactNative = TextScalingPlatform.reactNative(ReactNativeTextScaling())
    static let largest = ContentSizeCategory.accessibilityExtraExtraExtraLarge

    static func context(_ platform: TextScalingPlatform, _ category: ContentSizeCategory = largest) -> DynamicTypeContext {
        DynamicTypeContext(contentSizeCategory: category, platform: platform)
    }

    @Test func reactNativeMultipliesTheStyleSizeAtLargeUnrounded() throws {
        let body = try Font.preferredFont(forTextStyle: .body, in: Self.context(Self.reactNative))
        let expected = TextStyle.body.pointSize(at: .large) * ReactNativeTextScaling.multiplier(for: Self.largest)
        #expect(body.pointSize == expected)
        #expect(abs(body.pointSize - 60.707) < 1e-9)
    }

    @Test func reactNativeClassicRendererRoundsToWholePoints() throws {
        let classic = TextScalingPlatform.reactNative(ReactNativeTextScaling(renderer: .classic))
        #expect(try Font.preferredFont(forTextStyle: .body, in: Self.context(classic)).pointSize == 61)
    }

    @Test func reactNativeWithoutFontScalingStaysAtLarge() throws {
        let off = TextScalingPlatform.reactNative(ReactNativeTextScaling(allowFontScaling: false))
        #expect(try Font.preferredFont(forTextStyle: .title1, in: Self.context(off)).pointSize == TextStyle.title1.pointSize(at: .large))
    }

    @Test func flutterScalesLinearlyByBodysRatio() throws {
        // textScaleFactor = body(ax5)/body(large), so body lands on body's own size and title1 does not.
        let factor = TextStyle.body.pointSize(at: Self.largest) / TextStyle.body.pointSize(at: .large)
        let body = try Font.preferredFont(forTextStyle: .body, in: Self.context(.flutter))
        let title = try Font.preferredFont(forTextStyle: .title1, in: Self.context(.flutter))
        #expect(body.pointSize == TextStyle.body.pointSize(at: .large) * factor)
        #expect(abs(body.pointSize - 53) < 1e-9)
        #expect(title.pointSize == TextStyle.title1.pointSize(at: .large) * factor)
        #expect(title.pointSize != TextStyle.title1.pointSize(at: Self.largest))
    }

    @Test func androidScalesAScaledFontsBaseSpThroughTheCurve() throws {
        let base = try Font(path: BundledFonts.gillSansStandIn, pointSize: 16)
        let android = DynamicTypeContext(platform: .android(AndroidFontScale(2)))
        let font = try FontMetrics(forTextStyle: .body).scaledFont(for: base, in: android)
        // AOSP's 2.0 table: 14 sp → 26 dp, 18 sp → 30 dp, so 16 sp → 28, not 32.
        #expect(font.pointSize == 28)
        // The category means nothing to Android.
        #expect(try font.resolved(in: android.with(.extraSmall)).pointSize == 28)
    }

    @Test func androidUsesTheIOSStyleSizeAtLargeAsSp() throws {
        let android = DynamicTypeContext(platform: .android(AndroidFontScale(1.3)))
        let body = try Font.preferredFont(forTextStyle: .body, in: android)
        #expect(body.pointSize == AndroidFontScale(1.3).convertSpToDp(TextStyle.body.pointSize(at: .large)))
        #expect(body.pointSize != 17 * 1.3)
    }

    @Test(arguments: ContentSizeCategory.allCases)
    func uiKitAndSwiftUIKeepTodaysRules(category: ContentSizeCategory) throws {
        let base = try Font(path: BundledFonts.gillSansStandIn, pointSize: 36)
        for platform in [TextScalingPlatform.uiKit, .swiftUI] {
            let context = Self.context(platform, category)
            let style = try Font.preferredFont(forTextStyle: .headline, in: context)
            #expect(style.pointSize == TextStyle.headline.pointSize(at: category))
            #expect(style.face === (try Font.preferredFont(forTextStyle: .headline, in: DynamicTypeContext(contentSizeCategory: category))).face)
            let scaled = try FontMetrics(forTextStyle: .body).scaledFont(for: base, in: context)
            let factor = try FontMetrics(forTextStyle: .body).scaleFactor(in: context)
            #expect(scaled.pointSize == (36 * factor).rounded(.toNearestOrAwayFromZero))
        }
    }

    @Test func fixedFontsStayFixedEverywhere() throws {
        let fixed = try Font(path: BundledFonts.gillSansStandIn, pointSize: 20)
        for platform in [Self.reactNative, .flutter, .android(AndroidFontScale(2))] {
            let resolved = try fixed.resolved(in: Self.context(platform).with(legibilityWeight: .bold))
            #expect(resolved.pointSize == 20 && resolved.face === fixed.face)
        }
    }

    @Test func boldTextDrawsTextStylesAtTheBoldTextWeight() throws {
        let bold = DynamicTypeContext(legibilityWeight: .bold)
        let body = try Font.preferredFont(forTextStyle: .body, in: bold)
        #expect(TextStyle.body.weight.rawValue == 400)
        #expect(body.face.weight.rawValue == 600)
        #expect(body.pointSize == 17)
        let headline = try Font.preferredFont(forTextStyle: .headline, in: bold)
        #expect(headline.face.weight == TextStyle.headline.weight.boldTextWeight)
        // Re-resolving a regular font in a Bold Text context makes it bold too.
        let regular = try Font.preferredFont(forTextStyle: .body, in: DynamicTypeContext())
        #expect(regular.face.weight.rawValue == 400)
        #expect(try regular.resolved(in: bold).face.weight.rawValue == 600)
    }

    /// A family of static faces has no weight axis: Bold Text takes its bold face instead.
    @Test func boldTextTakesAStaticFamilysBoldFace() throws {
        let gillius = SystemFontFamily(
            textFacePath: TestPaths.font("GilliusADF-Regular.otf"), boldFacePath: TestPaths.font("GilliusADF-Bold.otf"))
        let regular = DynamicTypeContext(systemFontFamily: gillius)
        let bold = DynamicTypeContext(systemFontFamily: gillius, legibilityWeight: .bold)
        #expect(try Font.preferredFont(forTextStyle: .body, in: regular).face.path.hasSuffix("GilliusADF-Regular.otf"))
        #expect(try Font.preferredFont(forTextStyle: .body, in: bold).face.path.hasSuffix("GilliusADF-Bold.otf"))
        // Headline is semibold already: the bold face with or without Bold Text.
        #expect(try Font.preferredFont(forTextStyle: .headline, in: regular).face.path.hasSuffix("GilliusADF-Bold.otf"))
        // The same size either way: Bold Text changes the face, not the Dynamic Type size.
        #expect(try Font.preferredFont(forTextStyle: .body, in: bold).pointSize == 17)
    }

    @Test func boldTextLeavesCustomFacesAlone() throws {
        let bold = DynamicTypeContext(legibilityWeight: .bold)
        let custom = try Font(path: BundledFonts.gillSansStandIn, pointSize: 17)
        let scaledCustom = try FontMetrics(forTextStyle: .body).scaledFont(for: custom, in: bold)
        #expect(scaledCustom.face === custom.face)
        let theme = FontTheme(name: "Gillius", faces: [.body: .init(path: BundledFonts.gillSansStandIn)])
        #expect(try theme.font(forTextStyle: .body, in: bold).face === (try theme.font(forTextStyle: .body, in: DynamicTypeContext())).face)
        // The theme's styles without a custom face fall to the system family, which goes bold.
        #expect(try theme.font(forTextStyle: .title1, in: bold).face.weight == TextStyle.title1.weight.boldTextWeight)
        // A FontMetrics-scaled system face is the system family's, so it goes bold.
        let system = try Font(path: BundledFonts.systemText, pointSize: 17)
        #expect(try FontMetrics(forTextStyle: .body).scaledFont(for: system, in: bold).face.weight.rawValue == 600)
    }

    @Test func aSizeLimitClampsTheCategory() throws {
        var context = Self.context(.uiKit)
        context.dynamicTypeSizeLimit = DynamicTypeSizeLimit(...DynamicTypeSize.large)
        #expect(try Font.preferredFont(forTextStyle: .body, in: context).pointSize == 17)
        context.platform = Self.reactNative
        context.dynamicTypeSizeLimit = DynamicTypeSizeLimit(...DynamicTypeSize.accessibility1)
        #expect(try Font.preferredFont(forTextStyle: .body, in: context).pointSize
            == 17 * ReactNativeTextScaling.multiplier(for: .accessibilityMedium))
    }

    @Test(.dynamicType(category: .accessibilityExtraExtraExtraLarge, platform: .reactNative(ReactNativeTextScaling()), legibilityWeight: .bold))
    func theTraitSetsPlatformAndBoldText() throws {
        let body = try Font.preferredFont(forTextStyle: .body)
        #expect(abs(body.pointSize - 60.707) < 1e-9)
        #expect(body.face.weight.rawValue == 600)
    }

    @Test func aSweepResolvesInItsOwnContextsPlatform() throws {
        // One engine, one text, two contexts: cached itemizations and spacing tables must not
        // carry one platform's sizes into the other.
        let engine = TextLayoutEngine()
        let text = AttributedText("Body", font: try Font.preferredFont(forTextStyle: .body, in: DynamicTypeContext()))
        let categories = ContentSizeCategory.allCases
        let uiKit = try engine.layout(text, paragraphStyle: ParagraphStyle(), categories: categories, in: DynamicTypeContext())
        let native = try engine.layout(text, paragraphStyle: ParagraphStyle(), categories: categories, in: Self.context(Self.reactNative))
        let uiKitAgain = try engine.layout(text, paragraphStyle: ParagraphStyle(), categories: categories, in: DynamicTypeContext())
        #expect(uiKit.map(\.pointSize) == categories.map { TextStyle.body.pointSize(at: $0) })
        #expect(native.map(\.pointSize) == categories.map { 17 * ReactNativeTextScaling.multiplier(for: $0) })
        #expect(uiKitAgain.map(\.pointSize) == uiKit.map(\.pointSize))
        let bold = try engine.layout(text, paragraphStyle: ParagraphStyle(), categories: [.large],
                                     in: DynamicTypeContext(legibilityWeight: .bold))
        #expect(bold[0].size.width > uiKit[3].size.width)
    }

    @Test func androidColumnsFollowBodysRatio() {
        let scales = ContentSizeCategory.allCases.map(PlatformComparisonSheet.nearestAndroidFontScale(to:))
        #expect(scales == [0.85, 0.85, 1, 1, 1.15, 1.3, 1.3, 1.5, 2, 2, 2, 2])
    }

    @Test func comparisonSheetGolden() throws {
        let text = AttributedText("Body text", font: try Font.preferredFont(forTextStyle: .body, in: DynamicTypeContext()))
        let rows = try PlatformComparisonSheet.rows(
            for: text, paragraphStyle: ParagraphStyle(width: 140),
            platforms: [.uiKit, Self.reactNative, .flutter, .android(.default)],
            categories: [.large, .extraExtraExtraLarge, .accessibilityExtraExtraExtraLarge], in: DynamicTypeContext())
        #expect(rows.map(\.title) == ["UIKit", "React Native", "Flutter", "Android"])
        #expect(rows.map { $0.cells.map(\.setting) } == [["l", "xxxl", "ax5"], ["l", "xxxl", "ax5"], ["l", "xxxl", "ax5"], ["×1", "×1.3", "×2"]])
        #expect(PlatformComparisonSheet.caption(for: rows[1].cells[2]) == "ax5 · 60.7 pt")
        #expect(rows[0].cells[2].layout.pointSize == 53)
        #expect(rows[3].cells[2].layout.pointSize == AndroidFontScale(2).convertSpToDp(17))
        let image = try PlatformComparisonSheet(scale: 1).render(rows)
        let reference = GoldenReference(filePath: #filePath, function: #function, name: "body", variant: "sheet")
        let result = GoldenVerifier.verify(
            image, facts: rows.flatMap { $0.cells.map { LayoutDescription($0.layout) } }, against: reference, settings: .current)
        #expect(result.passed, "\(result.message)")
    }

    @Test func comparisonSheetRejectsABadScale() throws {
        #expect(throws: TypeLayoutError.invalidDisplayScale(4)) { try PlatformComparisonSheet(scale: 4).render([]) }
    }
}

@Suite(.temporaryFolders) struct PlatformCommandTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try CLI.run(arguments + ["--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    }

    @Test func metricsUnderReactNative() throws {
        let object = try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "react-native"])
        #expect(abs((object["pointSize"] as? Double ?? 0) - 60.707) < 1e-9)
        let table = try CLI.run(["metrics", "--style", "body", "--category", "ax5", "--platform", "react-native"])
        #expect(table.stdout.contains(" 60.7 "), "\(table.stdout)")
    }

    @Test func metricsUnderAndroidAndFlutterAndUIKit() throws {
        #expect(try Self.json(["metrics", "--size", "16", "--platform", "android", "--font-scale", "2"])["pointSize"] as? Double == 28)
        #expect(try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "flutter"])["pointSize"] as? Double == 53)
        #expect(try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "uikit"])["pointSize"] as? Double == 53)
        #expect(try Self.json(["metrics", "--style", "body", "--category", "ax5", "--platform", "swiftui"])["pointSize"] as? Double == 53)
    }

    /// Android has font scales, not categories: without --font-scale, --category picks the
    /// category's nearest Android scale in the label commands as in `screen` (it used to be ignored).
    @Test func androidLabelCommandsFollowTheCategory() throws {
        func layoutSize(_ arguments: [String]) throws -> Double {
            try #require(Self.json(["layout", "--style", "body", "--text", "Hi", "--platform", "android"] + arguments)["pointSize"] as? Double)
        }
        let large = try layoutSize(["--category", "l"]), ax5 = try layoutSize(["--category", "ax5"])
        #expect(large == 17 && ax5 > large)
        #expect(ax5 == (try layoutSize(["--font-scale", "2"])))
        #expect(try layoutSize(["--category", "xxxl"]) == layoutSize(["--font-scale", "1.3"]))
        let metrics = try CLI.run(["metrics", "--style", "body", "--platform", "android", "--categories", "l,ax5", "--json"])
        let sizes = (try JSONSerialization.jsonObject(with: Data(metrics.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["pointSize"] as? Double }
        #expect(sizes == [large, ax5], "\(metrics.stderr)")
        let sheet = try CLI.run(["layout", "--style", "body", "--text", "Hi", "--platform", "android", "--categories", "l,ax5", "--json"])
        let sheetSizes = (try JSONSerialization.jsonObject(with: Data(sheet.stdout.utf8)) as? [[String: Any]])?.compactMap { $0["pointSize"] as? Double }
        #expect(sheetSizes == [large, ax5], "\(sheet.stderr)")
    }

    @Test func boldTextOnLayout() throws {
        let plain = try CLI.run(["layout", "--style", "body", "--text", "Bold"])
        let bold = try CLI.run(["layout", "--style", "body", "--text", "Bold", "--bold-text"])
        #expect(plain.status == 0 && bold.status == 0, "\(bold.stderr)")
        #expect(plain.stdout != bold.stdout)
    }

    @Test(arguments: [
        (["metrics", "--platform", "ios"], "unknown platform 'ios'"),
        (["metrics", "--font-scale", "2"], "--font-scale applies only to --platform android"),
        (["metrics", "--platform", "flutter", "--font-scale", "2"], "--font-scale applies only to --platform android"),
        (["metrics", "--platform", "android", "--font-scale", "0"], "font scale must be a number from 0.1 to 10"),
        (["metrics", "--platform", "android", "--font-scale", "inf"], "font scale must be a number from 0.1 to 10"),
        (["metrics", "--platform", "android", "--font-scale", "11"], "font scale must be a number from 0.1 to 10"),
        (["layout", "--platform", "android", "--font-scale", "2", "--category", "ax3"], "give --font-scale or --category/--categories"),
        (["render", "--platform", "android", "--font-scale", "2", "--categories", "all", "x.png"], "give --font-scale or --category/--categories"),
        (["render", "--compare-platforms", "uikit,web", "x.png"], "unknown platform 'web'"),
        (["render", "--compare-platforms", "uikit,uikit", "x.png"], "platforms must not repeat"),
        (["render", "--compare-platforms", "uikit", "--platform", "flutter", "x.png"], "not both"),
        (["render", "--compare-platforms", "uikit", "--font-scales", "1,2", "x.png"], "--font-scales applies only"),
        (["render", "--compare-platforms", "android", "--font-scales", "1,nan", "x.png"], "font scale must be a number"),
    ])
    func badValuesGetOneErrorLine(arguments: [String], message: String) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("render-cli: error:") && lines[0].contains(message), "\(result.stderr)")
    }

    @Test func compareSheetWithFontScales() throws {
        let directory = try TestPaths.temporaryDirectory()
        let output = directory.appendingPathComponent("compare.png").path
        let object = try Self.json(["--compare-platforms", "uikit,react-native,android", "--categories", "l,ax5",
                                    "--font-scales", "1,1.3,2", "--style", "body", "--text", "Aa", "--scale", "1", output])
        let rows = object["rows"] as! [[String: Any]]
        #expect(rows.map { $0["platform"] as? String } == ["UIKit", "React Native", "Android"])
        let sizes = rows.map { ($0["cells"] as! [[String: Any]]).map { $0["pointSize"] as! Double } }
        #expect(sizes[0] == [17, 53])
        #expect(sizes[1][0] == 17 && abs(sizes[1][1] - 60.707) < 1e-9)
        #expect(sizes[2].count == 3 && sizes[2][2] == AndroidFontScale(2).convertSpToDp(17))
        let image = try PNGCodec.read(contentsOf: output)
        let report = object["image"] as! [String: Any]
        #expect(report["width"] as? Int == image.width && image.width > 0)
    }
}
