import Testing
import TypeLayout

/// A Swift Testing trait that runs a test (or every test of a suite) in its own
/// `DynamicTypeContext` (TypeLayout): `@Test(.dynamicType(category: .accessibilityLarge, scaling: .apple))`.
///
/// The context is task-local, so tests that run in parallel with different settings never see
/// each other's, unlike setting `DynamicTypeEnvironment.default`, which every test
/// in the process shares.
public struct DynamicTypeTrait: TestTrait, SuiteTrait, TestScoping {
    /// The context the test runs in.
    public let context: DynamicTypeContext

    /// Applied to each test of a suite rather than once around the suite.
    public var isRecursive: Bool { true }

    /// Runs the test with ``context`` as `DynamicTypeContext.current`.
    ///
    /// - Parameters:
    ///   - test: the test or suite the trait is applied to.
    ///   - testCase: the test case, for a parameterized test; `nil` for a suite.
    ///   - function: runs the test.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withDynamicTypeContext(context) { try await function() }
    }
}

extension Trait where Self == DynamicTypeTrait {
    /// Runs the test in a Dynamic Type context of its own: a category, a scaling mode, a system
    /// font family, a display scale, a platform's scaling rule and Bold Text, each the default
    /// unless given.
    ///
    /// ```swift
    /// @Test(.dynamicType(category: .accessibilityExtraExtraExtraLarge,
    ///                    platform: .reactNative(ReactNativeTextScaling(maxFontSizeMultiplier: 2, renderer: .classic))))
    /// ```
    ///
    /// - Parameters:
    ///   - category: the text size (`ContentSizeCategory`), large by default.
    ///   - scaling: `.metrics` (UIFontMetrics' ratio, the default) or `.apple` (Apple's table).
    ///   - systemFontFamily: the faces the system font draws with.
    ///   - displayScale: pixels per point that scaled values round to (1, 2 or 3).
    ///   - platform: whose rule scales fonts: `.uiKit` (the default), `.swiftUI`, `.flutter`,
    ///     `.android(AndroidFontScale(1.3))`, or `.reactNative(ReactNativeTextScaling(…))`
    ///     with React Native's `allowFontScaling`, `maxFontSizeMultiplier` and renderer.
    ///   - legibilityWeight: `.bold` for Bold Text.
    public static func dynamicType(
        category: ContentSizeCategory = .large, scaling: ScalingMode = .metrics,
        systemFontFamily: SystemFontFamily = .interStandIn, displayScale: Double = 1,
        platform: TextScalingPlatform = .uiKit, legibilityWeight: LegibilityWeight = .regular
    ) -> Self {
        DynamicTypeTrait(context: DynamicTypeContext(
            contentSizeCategory: category, scalingMode: scaling, systemFontFamily: systemFontFamily,
            displayScale: displayScale, platform: platform, legibilityWeight: legibilityWeight))
    }

    /// Runs the test in the given Dynamic Type context.
    public static func dynamicType(_ context: DynamicTypeContext) -> Self {
        DynamicTypeTrait(context: context)
    }
}
