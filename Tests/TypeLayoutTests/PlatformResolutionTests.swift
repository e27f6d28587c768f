import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTesting
import TypeLayoutRendering
import TypeLayoutTestSupport

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
        let reference = GoldenReference(filePath: #filePath, function: #function, name: "body", variant: "sheet",
                                        suite: GoldenReference.currentSuite)
        let result = GoldenVerifier.verify(
            image, facts: rows.flatMap { $0.cells.map { LayoutDescription($0.layout) } }, against: reference, settings: .current)
        #expect(result.passed, "\(result.message)")
    }

    @Test func comparisonSheetRejectsABadScale() throws {
        #expect(throws: TypeLayoutError.invalidDisplayScale(4)) { try PlatformComparisonSheet(scale: 4).render([]) }
    }
}
