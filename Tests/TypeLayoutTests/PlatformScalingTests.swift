import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// ../shared/dynamic-type/platform-scaling.json: each platform's rules and tables, with sources.
enum PlatformScalingData {
    /// Reads the shared file beside the project when it is there (it is in CI), else the copy
    /// committed under Fixtures; when both exist they must be identical.
    static func load() throws -> [String: Any] {
        let copy = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture("platform-scaling.json")))
        let sharedPath = TestPaths.packageRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/dynamic-type/platform-scaling.json").path
        var data = copy
        if let shared = FileManager.default.contents(atPath: sharedPath) {
            #expect(shared == copy, "Tests/TypeLayoutTests/Fixtures/platform-scaling.json is out of date with ../shared")
            data = shared
        }
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    static func section(_ name: String) throws -> [String: Any] {
        try #require(try load()[name] as? [String: Any])
    }

    /// The numbers in a JSON array.
    static func numbers(_ value: Any?) throws -> [Double] {
        try #require(value as? [Any]).map { try #require(($0 as? NSNumber)?.doubleValue) }
    }
}

/// Within AOSP's conversion tolerance (its core test's strictest, 0.05).
private func close(_ a: Double, _ b: Double, within tolerance: Double = 0.05) -> Bool { abs(a - b) <= tolerance }

@Suite struct DynamicTypeSizeTests {
    @Test func sizesMapOneToOneOntoCategoriesAsTheSharedTableSays() throws {
        let table = try SharedTable.load()
        #expect(DynamicTypeSize.allCases.count == 12)
        for (key, category) in zip(table.categoryOrder, ContentSizeCategory.allCases) {
            let swiftUIName = try #require(table.categoryAliases[key]?["swiftui"])
            let size = try #require(DynamicTypeSize(rawValue: swiftUIName))
            #expect(DynamicTypeSize(category) == size)
            #expect(ContentSizeCategory(size) == category)
            #expect(size.contentSizeCategory == category)
            #expect(category.swiftUIName == swiftUIName)
            #expect(size.isAccessibilitySize == category.isAccessibilityCategory)
            // Accepted wherever a category is parsed, and the other way round.
            #expect(try ContentSizeCategory(parsing: swiftUIName) == category)
            #expect(try ContentSizeCategory(parsing: swiftUIName.uppercased()) == category)
            #expect(try DynamicTypeSize(parsing: swiftUIName) == size)
            #expect(try DynamicTypeSize(parsing: category.shortName) == size)
            #expect(try DynamicTypeSize(parsing: category.uiKitRawValue) == size)
        }
        #expect(DynamicTypeSize(.unspecified) == nil)
        #expect(ContentSizeCategory.unspecified.swiftUIName == nil)
        #expect(throws: TypeLayoutError.self) { try DynamicTypeSize(parsing: "unspecified") }
        #expect(throws: TypeLayoutError.self) { try DynamicTypeSize(parsing: "accessibility6") }
        // The order follows the categories'.
        #expect(DynamicTypeSize.allCases.map(\.contentSizeCategory) == ContentSizeCategory.allCases)
        #expect(DynamicTypeSize.allCases == DynamicTypeSize.allCases.sorted())
    }

    @Test func clampingToEachKindOfRange() {
        for size in DynamicTypeSize.allCases {
            let expected = size < .small ? DynamicTypeSize.small : size > .xLarge ? .xLarge : size
            #expect(size.clamped(to: .small ... .xLarge) == expected)
            #expect(size.clamped(to: ...DynamicTypeSize.large) == (size > .large ? .large : size))
            #expect(size.clamped(to: DynamicTypeSize.accessibility1...) == (size < .accessibility1 ? .accessibility1 : size))
        }
    }

    @Test func limitsIntersectAndLimitAValueSetInsideThem() {
        // SwiftUI's documented example: .dynamicTypeSize(...large).dynamicTypeSize(.xLarge) gives large.
        #expect(DynamicTypeSizeLimit(...DynamicTypeSize.large).applied(to: .xLarge) == .large)
        #expect(DynamicTypeSizeLimit(...DynamicTypeSize.large).applied(to: .small) == .small)
        // Nested ranges intersect, whichever is wider.
        let outer = DynamicTypeSizeLimit(.medium ... .accessibility1)
        let inner = DynamicTypeSizeLimit(.small ... .xxLarge)
        #expect(inner.nested(inside: outer).range == .medium ... .xxLarge)
        #expect(outer.nested(inside: inner).range == .medium ... .xxLarge)
        #expect(inner.nested(inside: .unlimited) == inner)
        #expect(DynamicTypeSizeLimit.unlimited.nested(inside: inner) == inner)
        // Every size through two nested limits is limited by both.
        let nested = inner.nested(inside: outer)
        for size in DynamicTypeSize.allCases {
            #expect(nested.applied(to: size) == outer.applied(to: inner.applied(to: size)))
        }
        // Disjoint: the outer range wins, at its bound nearest the inner one.
        #expect(DynamicTypeSizeLimit(...DynamicTypeSize.small).nested(inside: DynamicTypeSizeLimit(DynamicTypeSize.large...)).range
            == .large ... .large)
        #expect(DynamicTypeSizeLimit(DynamicTypeSize.accessibility2...).nested(inside: DynamicTypeSizeLimit(...DynamicTypeSize.xLarge)).range
            == .xLarge ... .xLarge)
        // Categories: unspecified computes as large.
        #expect(DynamicTypeSizeLimit(DynamicTypeSize.xLarge...).applied(toCategory: .unspecified) == .extraLarge)
        #expect(DynamicTypeSizeLimit(...DynamicTypeSize.xLarge).applied(toCategory: .unspecified) == .large)
        #expect(DynamicTypeSizeLimit(...DynamicTypeSize.xLarge).applied(toCategory: .accessibilityMedium) == .extraLarge)
    }
}

@Suite struct SwiftUIScalingTests {
    @Test func customFontsScaleByTheStylesPublishedLeadingRatioRoundedToPoints() throws {
        let table = try SharedTable.load()
        for style in TextStyle.allCases {
            let sizes = try #require(table.styles[style.rawValue]?.sizes)
            let largeLeading = try #require(sizes["large"]?[1])
            for (key, category) in zip(table.categoryOrder, ContentSizeCategory.allCases) {
                let leading = try #require(sizes[key]?[1])
                for base in [11.0, 17, 23.5] {
                    let size = try SwiftUITextScaling.customFontSize(base, relativeTo: style, category: category, scalingMode: .apple)
                    #expect(size == (base * leading / largeLeading).rounded(.toNearestOrAwayFromZero), "\(style) \(category) \(base)")
                    // The same number UIFontMetrics' path gives.
                    let ratio = try FontMetrics(forTextStyle: style, scalingMode: .apple).scaleFactor(for: category)
                    #expect(size == (base * ratio).rounded(.toNearestOrAwayFromZero))
                }
            }
        }
        // FontMetrics' documented example: body 17 pt at AX5 is 17 × 62 / 22, rounded.
        #expect(try SwiftUITextScaling.customFontSize(17, category: .accessibilityExtraExtraExtraLarge, scalingMode: .apple) == 48)
        #expect(throws: TypeLayoutError.self) { try SwiftUITextScaling.customFontSize(0, category: .large, scalingMode: .apple) }
        #expect(throws: TypeLayoutError.self) { try SwiftUITextScaling.customFontSize(.nan, category: .large, scalingMode: .apple) }
    }

    @Test func metricsModeReadsTheGivenFamilysSpacing() throws {
        let family = SystemFontFamily.interStandIn
        for category in [ContentSizeCategory.extraSmall, .large, .accessibilityExtraExtraExtraLarge] {
            let ratio = try SpacingTable.table(.title1, family).ratio(at: category)
            let size = try SwiftUITextScaling.customFontSize(20, relativeTo: .title1, category: category,
                                                            scalingMode: .metrics, systemFontFamily: family)
            #expect(size == (20 * ratio).rounded(.toNearestOrAwayFromZero))
        }
    }

    @Test func scaledMetricsRoundToTheDisplaysPixels() throws {
        let table = try SharedTable.load()
        let body = try #require(table.styles["body"]?.sizes)
        for (key, category) in zip(table.categoryOrder, ContentSizeCategory.allCases) {
            let ratio = try #require(body[key]?[1]) / 22
            for scale in [1.0, 2, 3] {
                let value = try ScaledMetric(wrappedValue: 10).value(at: category, displayScale: scale, scalingMode: .apple)
                #expect(value == (10 * ratio * scale).rounded(.toNearestOrAwayFromZero) / scale)
                #expect(abs(value - 10 * ratio) <= 0.5 / scale)
            }
        }
        // 10 × 62 / 22 = 28.18…: 28 at @1x, 28.333… (85 pixels) at @3x.
        let metric = ScaledMetric(wrappedValue: 10, relativeTo: .body)
        #expect(try metric.value(at: .accessibilityExtraExtraExtraLarge, scalingMode: .apple) == 28)
        #expect(try metric.value(at: .accessibilityExtraExtraExtraLarge, displayScale: 3, scalingMode: .apple) == 85.0 / 3)
        #expect(throws: TypeLayoutError.self) { try metric.value(at: .large, displayScale: 1.5, scalingMode: .apple) }
        #expect(throws: TypeLayoutError.self) { try ScaledMetric(wrappedValue: .infinity).value(at: .large, scalingMode: .apple) }
    }

    @Test func leadingIsTwoPointsEitherWay() {
        #expect(Font.Leading.tight.adjusting(lineSpacing: 22) == 20)
        #expect(Font.Leading.loose.adjusting(lineSpacing: 22) == 24)
        #expect(Font.Leading.standard.adjusting(lineSpacing: 22) == 22)
        #expect(Font.Leading.allCases.map(\.lineSpacingAdjustment) == [0, -2, 2])
    }
}

@Suite struct ReactNativeScalingTests {
    @Test func multipliersMatchReactNativesTableCellByCell() throws {
        let table = try #require(PlatformScalingData.section("reactNativeIOS")["multiplierByCategory"] as? [String: NSNumber])
        #expect(table.count == 12)
        for category in ContentSizeCategory.allCases {
            let published = try #require(table[category.rawValue]?.doubleValue, "\(category)")
            #expect(ReactNativeTextScaling.multiplier(for: category) == published)
            #expect(ReactNativeTextScaling().effectiveMultiplier(for: category) == published)
        }
        #expect(ReactNativeTextScaling.multiplier(for: .unspecified) == 1)
    }

    @Test func aCapAtOrAboveOneLimitsTheMultiplierAndOneBelowDoesNot() {
        for category in ContentSizeCategory.allCases {
            let multiplier = ReactNativeTextScaling.multiplier(for: category)
            for cap in [1.0, 1.2, 2.0] {
                #expect(ReactNativeTextScaling(maxFontSizeMultiplier: cap).effectiveMultiplier(for: category) == min(cap, multiplier))
            }
            for noCap in [0.5, 0.99, 0, -1, .nan] {
                #expect(ReactNativeTextScaling(maxFontSizeMultiplier: noCap).effectiveMultiplier(for: category) == multiplier)
            }
            #expect(ReactNativeTextScaling(allowFontScaling: false, maxFontSizeMultiplier: 2).effectiveMultiplier(for: category) == 1)
        }
        #expect(ReactNativeTextScaling(maxFontSizeMultiplier: 1.5).effectiveMultiplier(for: .accessibilityExtraExtraExtraLarge) == 1.5)
        #expect(ReactNativeTextScaling(maxFontSizeMultiplier: 1.5).effectiveMultiplier(for: .extraSmall) == 0.823)
    }

    @Test func theClassicRendererRoundsSizesAndTheNewOneDoesNot() {
        let classic = ReactNativeTextScaling(renderer: .classic), fabric = ReactNativeTextScaling(renderer: .newArchitecture)
        for category in ContentSizeCategory.allCases {
            let multiplier = ReactNativeTextScaling.multiplier(for: category)
            #expect(fabric.fontSize(17, at: category) == 17 * multiplier)
            #expect(classic.fontSize(17, at: category) == (17 * multiplier).rounded(.toNearestOrAwayFromZero))
            // Line heights take the same multiplier, unrounded in both.
            #expect(classic.lineHeight(21, at: category) == 21 * multiplier)
            #expect(fabric.lineHeight(21, at: category) == 21 * multiplier)
        }
        #expect(classic.fontSize(17, at: .extraLarge) == 19)  // 19.006
        #expect(classic.fontSize(16.5, at: .large) == 16.5)  // a multiplier of 1 leaves the size alone
        #expect(ReactNativeTextScaling(allowFontScaling: false, renderer: .classic).fontSize(16.5, at: .accessibilityLarge) == 16.5)
        #expect(ReactNativeTextScaling(maxFontSizeMultiplier: 1.5, renderer: .classic).fontSize(15, at: .accessibilityLarge) == 23)  // 22.5
    }
}

@Suite struct FlutterScalingTests {
    @Test func textScaleFactorIsBodysSizeOverSeventeen() throws {
        let rule = try #require(PlatformScalingData.section("flutterIOS")["rule"] as? String)
        // "… with body sizes 14, 15, …, 53 (xs ... ax5)": the twelve sizes the rule lists.
        let listed = try #require(rule.components(separatedBy: "body sizes ").last?.components(separatedBy: " (").first)
        let bodySizes = listed.components(separatedBy: ", ").compactMap(Double.init)
        #expect(bodySizes.count == 12)
        for (category, body) in zip(ContentSizeCategory.allCases, bodySizes) {
            #expect(FlutterTextScaling.textScaleFactor(for: category) == body / 17)
            #expect(FlutterTextScaling.scale(20, at: category) == 20 * (body / 17))
        }
        #expect((FlutterTextScaling.textScaleFactor(for: .extraSmall) * 10_000).rounded() == 8235)
        #expect((FlutterTextScaling.textScaleFactor(for: .accessibilityExtraExtraExtraLarge) * 10_000).rounded() == 31176)
        #expect(FlutterTextScaling.textScaleFactor(for: .unspecified) == 1)
    }
}

@Suite struct AndroidFontScaleTests {
    @Test func tablesMatchAOSPCellByCell() throws {
        let android = try PlatformScalingData.section("android14")
        let fromSp = try PlatformScalingData.numbers(android["fromSp"])
        let tables = try #require(android["toDpByScale"] as? [String: Any])
        #expect(FontScaleConverter.tableScales == [1.15, 1.3, 1.5, 1.8, 2.0])
        #expect(tables.count == FontScaleConverter.tableScales.count)
        for scale in FontScaleConverter.tableScales {
            let key = scale == 2 ? "2.0" : String(scale)
            let toDp = try PlatformScalingData.numbers(tables[key])
            let converter = try #require(FontScaleConverter.forScale(scale))
            #expect(converter.fromSp == fromSp)
            #expect(converter.toDp == toDp, "\(scale)")
            for (sp, dp) in zip(fromSp, toDp) {
                #expect(converter.convertSpToDp(sp) == dp)
                #expect(converter.convertDpToSp(dp) == sp)
                #expect(converter.convertSpToDp(-sp) == -dp)  // the sign is kept
            }
            // Strictly increasing both ways, as AOSP's test requires of every table.
            #expect(zip(toDp, toDp.dropFirst()).allSatisfy { $0 < $1 })
            // A scale truncates to its hundredth: anything in [scale, scale + 0.01) uses the table.
            #expect(FontScaleConverter.forScale(scale + 0.005) == converter)
        }
    }

    @Test func conversionsFollowTheRulesBetweenAndBeyondThePoints() throws {
        let converter = try #require(FontScaleConverter.forScale(2))
        // Between points: the straight line between neighbours (14 → 26, 18 → 30).
        #expect(converter.convertSpToDp(16) == 28)
        // Below the first point: from (0, 0) to (8, 16).
        #expect(converter.convertSpToDp(4) == 8)
        #expect(converter.convertSpToDp(-4) == -8)
        // Above 100 sp: unscaled (100 → 100).
        #expect(converter.convertSpToDp(150) == 150)
        #expect(converter.convertSpToDp(-150) == -150)
        // 45 sp: between (30, 38) and (100, 100).
        #expect(abs(converter.convertSpToDp(45) - (38 + 62 * 15 / 70)) < 1e-12)
        // The inverse undoes the conversion.
        for sp in stride(from: -120.0, through: 120, by: 0.75) {
            #expect(abs(converter.convertDpToSp(converter.convertSpToDp(sp)) - sp) < 1e-9)
        }
    }

    @Test func aospTestExpectations() throws {
        let oracle = try #require(PlatformScalingData.section("android14")["testOracle"] as? [String: Any])
        let pairs = try #require(oracle["pairs"] as? [String: [[NSNumber]]])
        #expect(pairs.count == 4)
        for (scaleText, expectations) in pairs {
            let scale = try #require(Double(scaleText))
            let converter = try #require(FontScaleConverter.forScale(scale))
            for pair in expectations {
                let sp = pair[0].doubleValue, dp = pair[1].doubleValue
                #expect(close(converter.convertSpToDp(sp), dp), "\(scale): \(sp) sp → \(dp) dp")
                #expect(close(AndroidFontScale(scale).convertSpToDp(sp), dp))
            }
        }
        // At 3.0 there is no table: linear everywhere, as AOSP's test sweeps.
        let three = try #require(FontScaleConverter.forScale(3))
        for sp in stride(from: -500.0, through: 500, by: 0.25) {
            #expect(close(three.convertSpToDp(sp), sp * 3))
        }
        // AOSP's inequalities: at 1.6 large sizes grow less than linearly; at 2.0 too.
        let between = try #require(FontScaleConverter.forScale(1.6))
        #expect(between.convertSpToDp(20) < 20 * 1.6)
        #expect(between.convertSpToDp(100) < 100 * 1.6)
        let double = try #require(FontScaleConverter.forScale(2))
        #expect(double.convertSpToDp(24) <= 36)
        #expect(double.convertSpToDp(30) <= 38)
        #expect(double.convertSpToDp(50) <= 60)
        // (AOSP's CTS copy also asks 45 sp ≤ 50 dp, which its own 2.0 table doesn't give: 51.3.)
        // No converter: linear scaling.
        for scale in [0, 1, 1.1, 0.85, -1, .nan] {
            #expect(FontScaleConverter.forScale(scale) == nil, "\(scale)")
        }
        #expect(!FontScaleConverter.isNonLinearFontScalingActive(1.10))
        #expect(!FontScaleConverter.isNonLinearFontScalingActive(1.12))
        #expect(FontScaleConverter.isNonLinearFontScalingActive(1.13))
        #expect(FontScaleConverter.isNonLinearFontScalingActive(1.15))
        #expect(FontScaleConverter.isNonLinearFontScalingActive(1.1499999))
    }

    @Test func scalesBetweenTablesInterpolateThemAtEveryPoint() throws {
        let android = try PlatformScalingData.section("android14")
        let tables = try #require(android["toDpByScale"] as? [String: Any])
        let fromSp = try PlatformScalingData.numbers(android["fromSp"])
        for (scale, lower, upper) in [(1.6, "1.5", "1.8"), (1.9999, "1.8", "2.0"), (1.2, "1.15", "1.3"), (1.4, "1.3", "1.5")] {
            let low = try PlatformScalingData.numbers(tables[lower]), high = try PlatformScalingData.numbers(tables[upper])
            let t = (scale - Double(lower)!) / (Double(upper)! - Double(lower)!)
            let converter = try #require(FontScaleConverter.forScale(scale))
            #expect(converter.fromSp == fromSp)
            for (index, dp) in converter.toDp.enumerated() {
                #expect(abs(dp - (low[index] + (high[index] - low[index]) * t)) < 1e-9, "\(scale) at \(fromSp[index]) sp")
            }
        }
        // Active but below the first table (1.13 ..< 1.15) and above the last: linear.
        for scale in [1.13, 1.14, 1.1499999, 2.01, 2.5] {
            let converter = try #require(FontScaleConverter.forScale(scale))
            for sp in [1.0, 8, 14, 30, 100, 150] {
                #expect(abs(converter.convertSpToDp(sp) - sp * scale) < 1e-9, "\(scale) \(sp)")
            }
        }
    }

    @Test func fontScaleConvertsThroughTheConverterOrLinearly() throws {
        let previews = try PlatformScalingData.numbers(PlatformScalingData.section("android14")["previewFontScales"])
        #expect(AndroidFontScale.previewFontScales.map(\.fontScale) == previews)
        for scale in AndroidFontScale.previewFontScales {
            let converter = FontScaleConverter.forScale(scale.fontScale)
            #expect((converter == nil) == (scale.fontScale < 1.13))
            for sp in [1.0, 8, 12, 16, 22, 57, 120] {
                let dp = scale.convertSpToDp(sp)
                #expect(dp == (converter?.convertSpToDp(sp) ?? sp * scale.fontScale))
                #expect(abs(scale.convertDpToSp(dp) - sp) < 1e-9)
                // sp to px through the density, and back.
                #expect(scale.applyDimension(sp: sp, density: 2.625) == dp * 2.625)
                #expect(abs(scale.deriveDimension(px: dp * 2.625, density: 2.625) - sp) < 1e-9)
            }
        }
        #expect(AndroidFontScale(0.85).convertSpToDp(20) == 17)
        #expect(AndroidFontScale.default.convertSpToDp(20) == 20)
        // Line heights keep their proportion to the scaled size (AOSP's CTS TextViewFontScalingTest):
        // 20 sp on 40 at 2.0 is 34 dp on 68.
        #expect(AndroidFontScale(2).lineHeight(40, fontSize: 20) == 68)
        #expect(AndroidFontScale(0.85).lineHeight(40, fontSize: 20) == 34)
    }

    @Test func materialTypeScaleMatchesTheTokens() throws {
        let sizes = try #require(PlatformScalingData.section("android14")["material3TypeScaleSp"] as? [String: Any])
        #expect(sizes.count - 1 == MaterialTypeScale.allCases.count)  // less "source"
        // Line heights: Material 3's published tokens (TypeScaleTokens.kt …LineHeight).
        let lineHeights: [MaterialTypeScale: Double] = [
            .displayLarge: 64, .displayMedium: 52, .displaySmall: 44, .headlineLarge: 40, .headlineMedium: 36,
            .headlineSmall: 32, .titleLarge: 28, .titleMedium: 24, .titleSmall: 20, .bodyLarge: 24,
            .bodyMedium: 20, .bodySmall: 16, .labelLarge: 20, .labelMedium: 16, .labelSmall: 16,
        ]
        for style in MaterialTypeScale.allCases {
            let size = try #require((sizes[style.rawValue] as? NSNumber)?.doubleValue, "\(style)")
            #expect(style.fontSize == size)
            #expect(style.lineHeight == lineHeights[style])
            for scale in AndroidFontScale.previewFontScales {
                let dp = style.fontSize(at: scale)
                #expect(dp == scale.convertSpToDp(size))
                #expect(abs(style.lineHeight(at: scale) / dp - style.lineHeight / size) < 1e-12)
            }
        }
        // bodyLarge at 2.0: 16 sp lies between 14 → 26 and 18 → 30.
        #expect(MaterialTypeScale.bodyLarge.fontSize(at: AndroidFontScale(2)) == 28)
        #expect(MaterialTypeScale.bodyLarge.lineHeight(at: AndroidFontScale(2)) == 42)
        #expect(MaterialTypeScale.labelSmall.weight == .medium && MaterialTypeScale.bodyLarge.weight == .regular)
    }
}

@Suite struct TextScalingPlatformTests {
    @Test func eachPlatformAppliesItsOwnRule() throws {
        for category in ContentSizeCategory.allCases {
            let uiKit = try TextScalingPlatform.uiKit.scaled(pointSize: 15, lineHeight: 20, textStyle: .subheadline,
                                                              category: category, displayScale: 2)
            let ratio = TextStyle.subheadline.baselineToBaseline(at: category) / TextStyle.subheadline.baselineToBaseline(at: .large)
            #expect(uiKit.pointSize == (15 * ratio).rounded(.toNearestOrAwayFromZero))
            #expect(uiKit.lineHeight == (20 * ratio * 2).rounded(.toNearestOrAwayFromZero) / 2)
            #expect(try TextScalingPlatform.swiftUI.scaled(pointSize: 15, lineHeight: 20, textStyle: .subheadline,
                                                           category: category, displayScale: 2) == uiKit)

            let reactNative = ReactNativeTextScaling(maxFontSizeMultiplier: 2, renderer: .classic)
            let rn = try TextScalingPlatform.reactNative(reactNative).scaled(pointSize: 15, lineHeight: 20, category: category)
            #expect(rn == ScaledTextSize(pointSize: reactNative.fontSize(15, at: category), lineHeight: reactNative.lineHeight(20, at: category)))

            let flutter = try TextScalingPlatform.flutter.scaled(pointSize: 15, lineHeight: 20, category: category)
            let factor = FlutterTextScaling.textScaleFactor(for: category)
            #expect(flutter == ScaledTextSize(pointSize: 15 * factor, lineHeight: 20 * factor))

            // Android reads its font scale, not the category.
            let android = try TextScalingPlatform.android(AndroidFontScale(1.8)).scaled(pointSize: 14, lineHeight: 20, category: category)
            #expect(android == ScaledTextSize(pointSize: 24.4, lineHeight: 20.0 / 14 * 24.4))
        }
        // Without a style, UIKit and SwiftUI scale like body; without a line height there is none.
        let body = try TextScalingPlatform.uiKit.scaled(pointSize: 17, category: .accessibilityExtraExtraExtraLarge)
        #expect(body == ScaledTextSize(pointSize: 48, lineHeight: nil))
        for platform in [TextScalingPlatform.uiKit, .swiftUI, .reactNative(.init()), .flutter, .android(.default)] {
            #expect(throws: TypeLayoutError.self) { try platform.scaled(pointSize: -1, category: .large) }
            #expect(throws: TypeLayoutError.self) { try platform.scaled(pointSize: .infinity, category: .large) }
        }
        #expect(throws: TypeLayoutError.self) {
            try TextScalingPlatform.uiKit.scaled(pointSize: 17, lineHeight: 22, category: .large, displayScale: 4)
        }
        // A value the context can hold: hashable and distinct per configuration.
        let platforms: Set<TextScalingPlatform> = [.uiKit, .swiftUI, .flutter, .android(AndroidFontScale(1.3)),
                                                   .android(AndroidFontScale(1.5)), .reactNative(.init()),
                                                   .reactNative(.init(renderer: .classic))]
        #expect(platforms.count == 7)
    }
}

@Suite struct BoldTextWeightTests {
    @Test func namedWeightsMoveTwoStepsUpToBoldThenOneCappedAtBlack() {
        let expected: [(FontWeight, FontWeight)] = [
            (.ultraLight, .light), (.thin, .regular), (.light, .medium), (.regular, .semibold),
            (.medium, .bold), (.semibold, .bold), (.bold, .heavy), (.heavy, .black), (.black, .black),
        ]
        for (weight, bold) in expected {
            #expect(weight.boldTextWeight == bold, "\(weight.rawValue)")
            #expect(weight.resolved(for: .bold) == bold)
            #expect(weight.resolved(for: .regular) == weight)
        }
    }

    @Test func theMapIsContinuousMonotoneAndNeverLighter() {
        var previous = FontWeight(rawValue: 1).boldTextWeight
        for step in 2 ... 2000 {
            let weight = FontWeight(rawValue: Double(step) / 2)
            let bold = weight.boldTextWeight
            #expect(bold >= weight)
            #expect(bold >= previous)
            #expect(bold.rawValue - previous.rawValue <= 0.5)  // slope at most 1 over a 0.5 step
            #expect(bold.rawValue <= max(900, weight.rawValue))
            previous = bold
        }
    }
}
