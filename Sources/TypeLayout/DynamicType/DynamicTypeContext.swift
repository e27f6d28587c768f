#if canImport(Glibc)
import Glibc
#endif

/// Everything Dynamic Type reads to size text, as one value: the content size category, the
/// scaling mode, the faces text styles are set in, the display scale, whose scaling rule
/// applies (``TextScalingPlatform``), Bold Text, and a SwiftUI-style size limit.
///
/// Font resolution, ``FontMetrics``, ``FontTheme`` and ``TextLayoutEngine`` take a context
/// explicitly; where a call gives none they use ``current``: the context set for the running
/// task with ``withDynamicTypeContext(_:operation:)-(_,()->R)`` (or a test's
/// `.dynamicType(…)` trait), else the one ``DynamicTypeEnvironment/default`` describes. Because
/// the override is task-local, tests that run in parallel each see their own settings.
public struct DynamicTypeContext: Sendable, Hashable {
    /// The content size category; ``ContentSizeCategory/unspecified`` computes as large.
    public var contentSizeCategory: ContentSizeCategory
    /// How ``FontMetrics`` without a mode of its own finds the scale between categories.
    public var scalingMode: ScalingMode
    /// The faces text styles are set in.
    public var systemFontFamily: SystemFontFamily
    /// Pixels per point (1, 2 or 3), for values rounded to the display's pixels.
    public var displayScale: Double
    /// Whose rule scales fonts: UIKit's (and SwiftUI's, the same numbers) or another
    /// platform's; see ``Font/resolved(in:)``.
    public var platform: TextScalingPlatform
    /// The Bold Text setting: ``LegibilityWeight/bold`` draws text styles and the system
    /// family's faces at ``FontWeight/boldTextWeight``.
    public var legibilityWeight: LegibilityWeight
    /// A SwiftUI `.dynamicTypeSize(range)` limit the category is clamped to before fonts
    /// resolve; `nil` for none.
    public var dynamicTypeSizeLimit: DynamicTypeSizeLimit?

    /// A context; every setting defaults to what an iPhone set to Default shows here: large,
    /// `metrics` scaling, the Inter stand-in, @1x, UIKit's rule, Bold Text off, no limit.
    public init(
        contentSizeCategory: ContentSizeCategory = .large, scalingMode: ScalingMode = .metrics,
        systemFontFamily: SystemFontFamily = .interStandIn, displayScale: Double = 1,
        platform: TextScalingPlatform = .uiKit, legibilityWeight: LegibilityWeight = .regular,
        dynamicTypeSizeLimit: DynamicTypeSizeLimit? = nil
    ) {
        self.contentSizeCategory = contentSizeCategory
        self.scalingMode = scalingMode
        self.systemFontFamily = systemFontFamily
        self.displayScale = displayScale
        self.platform = platform
        self.legibilityWeight = legibilityWeight
        self.dynamicTypeSizeLimit = dynamicTypeSizeLimit
    }

    /// The same context under another platform's scaling rule.
    public func with(platform: TextScalingPlatform) -> DynamicTypeContext {
        var copy = self
        copy.platform = platform
        return copy
    }

    /// The same context with Bold Text on or off.
    public func with(legibilityWeight: LegibilityWeight) -> DynamicTypeContext {
        var copy = self
        copy.legibilityWeight = legibilityWeight
        return copy
    }

    /// The category fonts resolve at for a requested one: clamped to
    /// ``dynamicTypeSizeLimit`` when there is one.
    func limited(_ category: ContentSizeCategory) -> ContentSizeCategory {
        dynamicTypeSizeLimit?.applied(toCategory: category) ?? category
    }

    /// The same context at another category.
    public func with(_ category: ContentSizeCategory) -> DynamicTypeContext {
        var copy = self
        copy.contentSizeCategory = category
        return copy
    }

    /// The same context with a trait collection's category and display scale.
    public func with(_ traits: TraitCollection) -> DynamicTypeContext {
        var copy = self
        copy.contentSizeCategory = traits.preferredContentSizeCategory
        copy.displayScale = traits.displayScale
        return copy
    }

    /// The context's category and display scale as UIKit-style traits.
    public var traitCollection: TraitCollection {
        TraitCollection(preferredContentSizeCategory: contentSizeCategory, displayScale: displayScale)
    }

    @TaskLocal static var taskOverride: DynamicTypeContext?

    /// The context calls without one of their own use: the running task's override, else
    /// ``DynamicTypeEnvironment/default``'s. The only place the library reads shared settings.
    public static var current: DynamicTypeContext {
        taskOverride ?? DynamicTypeEnvironment.default.context
    }

    /// `current` with traits applied when given: what a `compatibleWith:` call resolves in.
    static func current(_ traits: TraitCollection?) -> DynamicTypeContext {
        traits.map { current.with($0) } ?? current
    }

    /// The names of the environment variables ``fromProcessEnvironment()`` reads.
    public enum EnvironmentVariable {
        /// The content size category: any name ``ContentSizeCategory/init(parsing:)`` accepts.
        public static let contentSizeCategory = "TYPELAYOUT_CONTENT_SIZE_CATEGORY"
        /// The scaling mode: `metrics` or `apple`.
        public static let scalingMode = "TYPELAYOUT_SCALING_MODE"
    }

    /// The context the process's environment variables describe (unset ones take the defaults).
    ///
    /// - Throws: ``TypeLayoutError/invalidEnvironmentVariable(name:message:)`` naming the
    ///   variable and the valid values, for a value that isn't one: a typo must not silently
    ///   mean the default.
    public static func fromProcessEnvironment() throws -> DynamicTypeContext {
        var context = DynamicTypeContext()
        if let category = try categoryFromProcessEnvironment() { context.contentSizeCategory = category }
        if let value = environmentValue(EnvironmentVariable.scalingMode) {
            guard let mode = ScalingMode(rawValue: value) else {
                let valid = ScalingMode.allCases.map(\.rawValue).joined(separator: ", ")
                throw TypeLayoutError.invalidEnvironmentVariable(
                    name: EnvironmentVariable.scalingMode, message: "unknown scaling mode '\(value)'; valid values: \(valid)")
            }
            context.scalingMode = mode
        }
        return context
    }

    /// `TYPELAYOUT_CONTENT_SIZE_CATEGORY`'s category, `nil` when unset (an invalid value is
    /// ``fromProcessEnvironment()``'s error).
    static func categoryFromProcessEnvironment() throws -> ContentSizeCategory? {
        guard let value = environmentValue(EnvironmentVariable.contentSizeCategory) else { return nil }
        do {
            return try ContentSizeCategory(parsing: value)
        } catch let error as TypeLayoutError {
            throw TypeLayoutError.invalidEnvironmentVariable(name: EnvironmentVariable.contentSizeCategory, message: error.description)
        }
    }

    private static func environmentValue(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

/// Runs `operation` with `context` as ``DynamicTypeContext/current`` for the running task and
/// the tasks it starts; other tasks keep theirs.
public func withDynamicTypeContext<R>(_ context: DynamicTypeContext, operation: () throws -> R) rethrows -> R {
    try DynamicTypeContext.$taskOverride.withValue(context, operation: operation)
}

/// Runs `operation` with `context` as ``DynamicTypeContext/current`` for the running task and
/// the tasks it starts; other tasks keep theirs.
public func withDynamicTypeContext<R>(
    _ context: DynamicTypeContext, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R
) async rethrows -> R {
    try await DynamicTypeContext.$taskOverride.withValue(context, operation: operation, isolation: isolation)
}
