import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

@Suite struct ScalingCurveTests {
    @Test func fourPointCurveAtAllTwelveCategories() throws {
        // 12 at xs, 16 at large, 24 at xxxl, 40 at ax5; linear between, rounded:
        // s 13.33, m 14.67, xl 18.67, xxl 21.33, ax1 27.2, ax2 30.4, ax3 33.6, ax4 36.8.
        let curve = try ScalingCurve(smallest: 12, normal: 16, largestNormal: 24, largestAccessibility: 40)
        let expected: [Double] = [12, 13, 15, 16, 19, 21, 24, 27, 30, 34, 37, 40]
        #expect(ContentSizeCategory.allCases.map(curve.pointSize(at:)) == expected)
        #expect(curve.pointSize(at: .unspecified) == 16)
    }

    @Test func fontMetricsCallSitesCanUseACurve() throws {
        let curve = try ScalingCurve(smallest: 12, normal: 16, largestNormal: 24, largestAccessibility: 40)
        let metrics = FontMetrics(curve: curve)
        let base = try Font(path: TestPaths.font("Cabin-Regular.otf"), pointSize: 16)
        for category in ContentSizeCategory.allCases {
            let scaled = try metrics.scaledFont(for: base, compatibleWith: TraitCollection(preferredContentSizeCategory: category))
            #expect(scaled.pointSize == curve.pointSize(at: category))
        }
        let scaled = try metrics.scaledFont(for: base, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        #expect(try scaled.resolved(for: .accessibilityLarge).pointSize == 30)
        #expect(try metrics.scaledValue(for: 8, compatibleWith: TraitCollection(preferredContentSizeCategory: .accessibilityExtraExtraExtraLarge)) == 20)
    }

    @Test func rejectsNonPositiveSizes() {
        #expect(throws: TypeLayoutError.invalidPointSize(0)) {
            try ScalingCurve(smallest: 0, normal: 16, largestNormal: 24, largestAccessibility: 40)
        }
    }
}

@Suite struct FontThemeTests {
    let theme = FontTheme(name: "Reading", faces: [
        .title1: .init(path: TestPaths.font("Cabin-Regular.otf")),
        .body: .init(path: TestPaths.font("LiberationSerif-Regular.ttf")),
        .footnote: .init(path: TestPaths.font("CourierPrime-Regular.otf")),
        .caption1: .init(path: "/missing/Face.otf"),
    ])

    @Test func mapsStylesToCustomFacesAtTheStyleSize() throws {
        let large = TraitCollection(preferredContentSizeCategory: .large)
        let body = try theme.font(forTextStyle: .body, compatibleWith: large)
        #expect(body.face.familyName == "Liberation Serif")
        #expect(body.pointSize == 17)
        #expect(body.textStyle == .body)
        let footnote = try theme.font(forTextStyle: .footnote, compatibleWith: large)
        #expect(footnote.face.familyName == "Courier Prime")
        #expect(footnote.pointSize == 13)
    }

    @Test func reResolvesAtANewCategoryKeepingTheStyle() throws {
        let body = try theme.font(forTextStyle: .body, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        let bigger = try body.resolved(for: .accessibilityExtraExtraExtraLarge)
        #expect(bigger.textStyle == .body)
        #expect(bigger.pointSize == 53)
        #expect(bigger.face == body.face)
        #expect(bigger.origin == body.origin)
    }

    @Test func fallsBackToTheSystemFaceWhenACustomFaceFailsIfAsked() throws {
        #expect(!theme.customFaceLoads(for: .caption1))
        #expect(throws: TypeLayoutError.fileNotFound(path: "/missing/Face.otf")) {
            try theme.font(forTextStyle: .caption1, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        }
        var fallingBack = theme
        fallingBack.fallsBackToSystemFace = true
        let caption = try fallingBack.font(forTextStyle: .caption1, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        #expect(caption.face.path == BundledFonts.systemText)
        #expect(caption.pointSize == 12)
        #expect(caption.textStyle == .caption1)
        let unmapped = try theme.font(forTextStyle: .headline, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
        #expect(unmapped.face.weight == .semibold)
    }
}

@Suite struct ImageScalingTests {
    @Test func growsOnlyAtAccessibilitySizes() {
        for category in ContentSizeCategory.allCases where !category.isAccessibilityCategory {
            #expect(ImageScaling.scaleFactor(for: category) == 1)
        }
        let factors = ContentSizeCategory.allCases.suffix(5).map(ImageScaling.scaleFactor(for:))
        #expect(factors == [34, 40, 48, 56, 62].map { $0 / 29.0 })
        #expect(abs(factors.first! - 1.17) < 0.01 && abs(factors.last! - 2.14) < 0.01)
        let size = ImageScaling.scaledSize(width: 24, height: 24, for: .accessibilityExtraExtraExtraLarge, displayScale: 2)
        #expect(size.width == 51.5)  // 24 × 62/29 = 51.31 → 102.6 px → 103 px = 51.5 pt
    }
}
