import ArgumentParser
import TypeLayout
import TypeLayoutRendering

/// The options that choose the Dynamic Type context besides the category: the scaling mode,
/// the platform whose rule scales text, and Bold Text. Shared by every subcommand that lays out
/// text (render, layout, metrics, audit).
struct DynamicTypeOptions: ParsableArguments, DynamicTypeSettings {
    @Option(name: .customLong("scaling"), help: "metrics (ratios from the font files) or apple (Apple's published leading table). Default: $TYPELAYOUT_SCALING_MODE or \(DynamicTypeOptions.defaultScaling.rawValue).")
    var givenScaling: ScalingMode?

    @Option(name: .customLong("platform"), help: "Whose scaling rule: uikit, swiftui, react-native, flutter or android. Default: uikit.",
            transform: ArgumentTransform.platform)
    var givenPlatform: PlatformName?

    @Option(name: .customLong("font-scale"), help: "Android's font scale (0.1…10), with --platform android. Default: 1.",
            transform: ArgumentTransform.fontScale)
    var fontScale: Double?

    @Flag(name: .customLong("bold-text"), help: "Bold Text: text styles and system faces one or two weights heavier.")
    var boldText = false

    static let defaultScaling = ScalingMode.metrics

}

/// The values of ``DynamicTypeOptions``, as ArgumentParser parses them or ``RenderFastPath``
/// reads them, and what they mean (written once, for both).
protocol DynamicTypeSettings {
    var givenScaling: ScalingMode? { get }
    var givenPlatform: PlatformName? { get }
    var fontScale: Double? { get }
    var boldText: Bool { get }
}

extension DynamicTypeSettings {
    /// The context the environment's variables describe (an invalid one is an error), with these
    /// options over them.
    var context: DynamicTypeContext {
        get throws {
            var context = try DynamicTypeContext.fromProcessEnvironment()
            if let givenScaling { context.scalingMode = givenScaling }
            if let givenPlatform { context.platform = givenPlatform.platform(fontScale: fontScale ?? 1) }
            if boldText { context.legibilityWeight = .bold }
            return context
        }
    }

    /// The context for laying out at `category`. Android has font scales, not categories: without
    /// --font-scale, a category lays out at its nearest Android font scale, as --compare-platforms'
    /// Android columns do, so --category and --categories still choose the text size.
    func context(at category: ContentSizeCategory) throws -> DynamicTypeContext {
        var context = try self.context
        if fontScaleFollowsCategory {
            context.platform = .android(AndroidFontScale(PlatformComparisonSheet.nearestAndroidFontScale(to: category)))
        }
        return context
    }

    /// Whether the context differs by category beyond the category itself (``context(at:)``).
    var fontScaleFollowsCategory: Bool { givenPlatform == .android && fontScale == nil }

    /// Android's text size comes from --font-scale or from the categories, not both.
    func validate(with categoryOptions: some CategorySettings) throws {
        if fontScale != nil && (categoryOptions.category != nil || categoryOptions.categories != nil) {
            throw ValidationError("give --font-scale or --category/--categories with --platform android, not both "
                + "(without --font-scale, a category lays out at its nearest Android font scale)")
        }
    }

    func validateCombination() throws {
        if fontScale != nil && givenPlatform != .android {
            throw ValidationError("--font-scale applies only to --platform android")
        }
    }
}
