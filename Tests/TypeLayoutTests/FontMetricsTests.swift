import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// The seeds' scenarios: a GillSans stand-in 36 pt label scaled like UIFontMetrics.default.
@Suite struct FontMetricsTests {
    let traitsAt = { (category: ContentSizeCategory) in TraitCollection(preferredContentSizeCategory: category) }

    func gillSans36() throws -> Font {
        try Font(path: TestPaths.font("GilliusADF-Regular.otf"), pointSize: 36)
    }

    @Test func appleModeReproducesUIKit() throws {
        let metrics = FontMetrics(forTextStyle: .body, scalingMode: .apple)
        // body leading: 19 at xs, 22 at large, 62 at ax5. 36 × 19/22 = 31.09 → 31; 36 × 62/22 = 101.45 → 101.
        let expected: [(ContentSizeCategory, Double)] = [(.extraSmall, 31), (.large, 36), (.accessibilityExtraExtraExtraLarge, 101)]
        for (category, size) in expected {
            #expect(try metrics.scaledFont(for: gillSans36(), compatibleWith: traitsAt(category)).pointSize == size)
        }
    }

    @Test func metricsModeReadsTheSystemFacesLineSpacing() throws {
        let metrics = FontMetrics(forTextStyle: .body, scalingMode: .metrics)
        // Inter (Text, upem 2816, 2728 / -680 / 0) sets body at 14 and 17 pt; Inter Display
        // (upem 2048, 1974 / -502 / 0) sets it at 53 pt, past the 20 pt Display switch.
        // xs: 14/17 → 36 × 0.8235 = 29.65 → 30.
        // ax5: (53 × 2476/2048) / (17 × 3408/2816) = 3.1144 → 36 × 3.1144 = 112.1 → 112.
        let ratio = (53.0 * 2476 / 2048) / (17.0 * 3408 / 2816)
        #expect(abs(try metrics.scaleFactor(for: .accessibilityExtraExtraExtraLarge) - ratio) < 1e-12)
        let expected: [(ContentSizeCategory, Double)] = [(.extraSmall, 30), (.large, 36), (.accessibilityExtraExtraExtraLarge, 112)]
        for (category, size) in expected {
            #expect(try metrics.scaledFont(for: gillSans36(), compatibleWith: traitsAt(category)).pointSize == size)
        }
    }

    @Test func smallerAtExtraSmallLargerAtAX5InBothModes() throws {
        for mode in ScalingMode.allCases {
            let metrics = FontMetrics(forTextStyle: .body, scalingMode: mode)
            let sizes = try ContentSizeCategory.allCases.map {
                try metrics.scaledFont(for: gillSans36(), compatibleWith: traitsAt($0)).pointSize
            }
            #expect(sizes.first! < 36 && sizes[3] == 36 && sizes.last! > 36)
            #expect(sizes == sizes.sorted(), "\(mode): sizes grow with the category")
        }
    }

    @Test func bodyStyleIs53WhileScaledBodyIs48() throws {
        let ax5 = traitsAt(.accessibilityExtraExtraExtraLarge)
        let preferred = try Font.preferredFont(forTextStyle: .body, compatibleWith: ax5)
        #expect(preferred.pointSize == 53)
        let inter17 = try Font(face: preferred.face, pointSize: 17)
        let apple = try FontMetrics(forTextStyle: .body, scalingMode: .apple).scaledFont(for: inter17, compatibleWith: ax5)
        #expect(apple.pointSize == 48)  // 17 × 62/22 = 47.9
        let metrics = try FontMetrics(forTextStyle: .body, scalingMode: .metrics).scaledFont(for: inter17, compatibleWith: ax5)
        #expect(metrics.pointSize == 53)  // 17 × 3.1144 = 52.9
    }

    @Test func maximumPointSizeCaps() throws {
        let metrics = FontMetrics(forTextStyle: .body, scalingMode: .apple)
        let ax5 = traitsAt(.accessibilityExtraExtraExtraLarge)
        #expect(try metrics.scaledFont(for: gillSans36(), maximumPointSize: 60, compatibleWith: ax5).pointSize == 60)
        #expect(try metrics.scaledFont(for: gillSans36(), maximumPointSize: 0, compatibleWith: ax5).pointSize == 101)
        #expect(try metrics.scaledFont(for: gillSans36(), maximumPointSize: 200, compatibleWith: ax5).pointSize == 101)
        // The cap applies after rounding: 36 × 19/22 = 31.09 rounds to 31, under a 31.5 cap.
        #expect(try metrics.scaledFont(for: gillSans36(), maximumPointSize: 31.5, compatibleWith: traitsAt(.extraSmall)).pointSize == 31)
        #expect(throws: TypeLayoutError.invalidPointSize(-1)) {
            try metrics.scaledFont(for: gillSans36(), maximumPointSize: -1, compatibleWith: ax5)
        }
    }

    @Test func scaledValueRoundsToDevicePixels() throws {
        let metrics = FontMetrics(forTextStyle: .body, scalingMode: .apple)
        // 10 × 24/22 = 10.909…
        let cases: [(Double, Double)] = [(1, 11), (2, 11), (3, 11)]
        for (scale, expected) in cases {
            let traits = TraitCollection(preferredContentSizeCategory: .extraLarge, displayScale: scale)
            #expect(try metrics.scaledValue(for: 10, compatibleWith: traits) == expected)
        }
        // 15 × 24/22 = 16.3636…: 16 at @1x, 16.5 at @2x, 16.333… at @3x.
        let expected: [(Double, Double)] = [(1, 16), (2, 16.5), (3, 49.0 / 3)]
        for (scale, value) in expected {
            let traits = TraitCollection(preferredContentSizeCategory: .extraLarge, displayScale: scale)
            #expect(try metrics.scaledValue(for: 15, compatibleWith: traits) == value)
        }
        #expect(throws: TypeLayoutError.invalidDisplayScale(4)) {
            try metrics.scaledValue(for: 15, compatibleWith: TraitCollection(preferredContentSizeCategory: .large, displayScale: 4))
        }
        #expect(throws: TypeLayoutError.self) { try metrics.scaledValue(for: .nan, compatibleWith: traitsAt(.large)) }
    }

    @Test func scalingAScaledFontIsAnError() throws {
        let metrics = FontMetrics(forTextStyle: .body, scalingMode: .apple)
        let once = try metrics.scaledFont(for: gillSans36(), compatibleWith: traitsAt(.extraLarge))
        #expect(throws: TypeLayoutError.self) { try metrics.scaledFont(for: once, compatibleWith: traitsAt(.extraLarge)) }
        let preferred = try Font.preferredFont(forTextStyle: .body, compatibleWith: traitsAt(.large))
        #expect(throws: TypeLayoutError.self) { try metrics.scaledFont(for: preferred, compatibleWith: traitsAt(.large)) }
    }

    @Test func scaledFontReResolvesAtANewCategory() throws {
        let metrics = FontMetrics(forTextStyle: .title1, scalingMode: .apple)
        let scaled = try metrics.scaledFont(for: gillSans36(), compatibleWith: traitsAt(.large))
        #expect(scaled.pointSize == 36)
        let bigger = try scaled.resolved(for: .accessibilityExtraExtraExtraLarge)
        #expect(bigger.pointSize == (36.0 * 68 / 34).rounded())
        #expect(bigger.textStyle == .title1)
        #expect(try bigger.resolved(for: .large) == scaled)
    }

    @Test func unspecifiedScalesAsLarge() throws {
        for mode in ScalingMode.allCases {
            #expect(try FontMetrics(forTextStyle: .headline, scalingMode: mode).scaleFactor(for: .unspecified) == 1)
        }
    }

    @Test func headlineUsesSemibold() throws {
        let font = try Font.preferredFont(forTextStyle: .headline, compatibleWith: traitsAt(.large))
        #expect(font.face.weight == .semibold)
        #expect(font.pointSize == 17)
        let display = try Font.preferredFont(forTextStyle: .largeTitle, compatibleWith: traitsAt(.large))
        #expect(display.face.path.hasSuffix("InterDisplay-roman.var.ttf"), "34 pt uses the Display face")
    }

    /// A sweep's resolver reads the context it is given, and the spacing tables it shares
    /// with the process are per family: changing the family or the mode changes its answers.
    @Test func scaleIsOneAtLargeWithoutOpeningTheSystemFace() throws {
        // A system family whose files don't exist: large (and unspecified, which is large)
        // needs no face, so it still resolves; any other category must read it, and fails.
        var context = DynamicTypeContext()
        context.systemFontFamily.textFacePath = "/no/such/text.ttf"
        context.systemFontFamily.displayFacePath = "/no/such/display.ttf"
        let base = try FontMetrics(forTextStyle: .body, scalingMode: .metrics)
            .scaledFont(for: gillSans36(), in: DynamicTypeContext())
        for category in [ContentSizeCategory.large, .unspecified] {
            #expect(try base.resolved(in: context.with(category)).pointSize == 36)
        }
        #expect(throws: (any Error).self) { try base.resolved(in: context.with(.extraExtraExtraLarge)) }
    }

    @Test func resolvingFollowsTheContextsFamilyAndMode() throws {
        let ax5 = ContentSizeCategory.accessibilityExtraExtraExtraLarge
        var context = DynamicTypeContext(contentSizeCategory: ax5)
        let base = try FontMetrics(forTextStyle: .body).scaledFont(for: gillSans36(), in: context.with(.large))
        func size() throws -> Double { try base.resolved(in: context).pointSize }
        // Inter and Inter Display (the default): the metrics ratio, 112 at ax5.
        #expect(try size() == 112)
        var resolver = FontResolver(context: context)
        #expect(try base.resolvedFace(for: ax5, using: &resolver).pointSize == 112, "the sweep's path agrees")
        // Gillius as the Display face: ax5's 53 pt body spacing comes from it, 17 pt's from Inter.
        context.systemFontFamily.displayFacePath = TestPaths.font("GilliusADF-Regular.otf")
        let family = context.systemFontFamily
        let spacing = { (size: Double) in
            try family.face(pointSize: size, weight: .regular).metrics(atPointSize: size).baselineToBaseline
        }
        let expected = (36 * (try spacing(53)) / (try spacing(17))).rounded(.toNearestOrAwayFromZero)
        #expect(expected != 112)
        #expect(try size() == expected)
        // The apple mode ignores the family: 36 × 62/22 → 101.
        context.scalingMode = .apple
        #expect(try size() == 101)
        // A metrics object with its own mode keeps it whatever the context says.
        let own = try FontMetrics(forTextStyle: .body, scalingMode: .metrics).scaledFont(for: gillSans36(), in: context.with(.large))
        #expect(try own.resolved(in: context).pointSize == expected)
        // Contexts are values: the default one still gives 112.
        #expect(try base.resolved(in: DynamicTypeContext(contentSizeCategory: ax5)).pointSize == 112)
    }
}
