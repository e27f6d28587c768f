
/// Scales custom fonts and values with the content size category, like `UIFontMetrics`.
///
/// The scale at a category is the text style's line spacing there over its line spacing at
/// `large`; how that line spacing is found is the ``ScalingMode``. A metrics object can also
/// follow a custom ``ScalingCurve`` instead of a text style.
///
/// UIKit's rules carry over: a scaled font's size is rounded to a whole point and then capped
/// by `maximumPointSize` when that is non-zero; ``scaledValue(for:compatibleWith:)`` rounds to
/// the display scale's pixels; scaling a font that already follows Dynamic Type is an error.
public struct FontMetrics: Sendable, Hashable {
    enum Rule: Sendable, Hashable {
        case textStyle(TextStyle)
        case curve(ScalingCurve)
    }

    let rule: Rule
    /// The scaling mode this object uses; `nil` follows the context each call resolves in.
    public let scalingMode: ScalingMode?

    /// Metrics that scale by a text style's line spacing, like `UIFontMetrics(forTextStyle:)`.
    public init(forTextStyle textStyle: TextStyle, scalingMode: ScalingMode? = nil) {
        rule = .textStyle(textStyle)
        self.scalingMode = scalingMode
    }

    /// Metrics that follow a custom four-point curve instead of a text style's leading ratio.
    public init(curve: ScalingCurve) {
        rule = .curve(curve)
        scalingMode = nil
    }

    /// Metrics for the body style, like `UIFontMetrics.default`.
    public static let `default` = FontMetrics(forTextStyle: .body)

    /// The text style these metrics scale by, or `nil` for a curve.
    public var textStyle: TextStyle? {
        if case let .textStyle(style) = rule { return style }
        return nil
    }

    /// A copy that uses another scaling mode.
    public func withScalingMode(_ mode: ScalingMode?) -> FontMetrics {
        guard case let .textStyle(style) = rule else { return self }
        return FontMetrics(forTextStyle: style, scalingMode: mode)
    }

    /// The unrounded scale from `large` to a category (1 at large), in
    /// ``DynamicTypeContext/current``.
    public func scaleFactor(for category: ContentSizeCategory) throws -> Double {
        var resolver = FontResolver(context: .current)
        return try scaleFactor(at: category, using: &resolver)
    }

    /// The unrounded scale from `large` to a context's category (1 at large), with the
    /// context's scaling mode unless these metrics have their own.
    public func scaleFactor(in context: DynamicTypeContext) throws -> Double {
        var resolver = FontResolver(context: context)
        return try scaleFactor(at: context.contentSizeCategory, using: &resolver)
    }

    /// The scale at a category in the resolver's context: the one place the rule is chosen.
    func scaleFactor(at category: ContentSizeCategory, using resolver: inout FontResolver) throws -> Double {
        switch rule {
        case let .curve(curve): curve.scaleFactor(at: category)
        case let .textStyle(style): try resolver.scaleFactor(style, category, mode: scalingMode)
        }
    }

    /// The scale of a text style rule at a category, in a mode; `table` finds the style's line
    /// spacings in the system family, asked for only in `metrics` mode away from large.
    static func textStyleScale(
        _ style: TextStyle, _ category: ContentSizeCategory, mode: ScalingMode, table: () -> SpacingTable
    ) throws -> Double {
        switch mode {
        case .apple:
            return style.baselineToBaseline(at: category) / style.baselineToBaseline(at: .large)
        case .metrics:
            // At large the ratio is 1 by definition: no need to open the system face (a
            // one-shot render at the default size would load Inter only to divide by itself).
            if category.resolved == .large { return 1 }
            return try table().ratio(at: category)
        }
    }

    /// Scales a fixed-size font for the traits' category, like
    /// `UIFontMetrics.scaledFont(for:maximumPointSize:compatibleWith:)`.
    ///
    /// - Parameters:
    ///   - font: a fixed-size font, at its size for ``ContentSizeCategory/large``.
    ///   - maximumPointSize: a cap on the result; 0 means none.
    ///   - traits: the category to scale to; `nil` uses ``DynamicTypeContext/current``'s.
    /// - Returns: a font that keeps these metrics, so ``Font/resolved(for:)`` rescales it.
    /// - Throws: ``TypeLayoutError/alreadyScaled(description:)`` for a font that already follows
    ///   Dynamic Type (UIKit raises an exception there), ``TypeLayoutError/invalidPointSize(_:)``
    ///   for a negative or non-finite maximum, or a result that is not finite.
    public func scaledFont(
        for font: Font, maximumPointSize: Double = 0, compatibleWith traits: TraitCollection? = nil
    ) throws -> Font {
        try scaledFont(for: font, maximumPointSize: maximumPointSize, in: .current(traits))
    }

    /// Scales a fixed-size font for a context's category, as
    /// ``scaledFont(for:maximumPointSize:compatibleWith:)`` does.
    public func scaledFont(for font: Font, maximumPointSize: Double = 0, in context: DynamicTypeContext) throws -> Font {
        guard font.origin == .fixed else { throw TypeLayoutError.alreadyScaled(description: font.description) }
        guard maximumPointSize.isFinite, maximumPointSize >= 0 else {
            throw TypeLayoutError.invalidPointSize(maximumPointSize)
        }
        let base = Font.Unscaled(face: font.face, pointSize: font.pointSize)
        return try Font(face: font.face, pointSize: font.pointSize,
                        origin: .scaled(base: base, metrics: self, maximumPointSize: maximumPointSize)).resolved(in: context)
    }

    /// A scaled font's size: the unrounded size rounded to a whole point, then capped.
    static func scaledSize(maximumPointSize: Double, unroundedSize: Double) throws -> Double {
        var size = max(1, unroundedSize.rounded(.toNearestOrAwayFromZero))
        if maximumPointSize > 0 { size = min(size, maximumPointSize) }
        // A curve whose size at large rounds to 0 divides by it.
        guard size.isFinite else { throw TypeLayoutError.invalidPointSize(size) }
        return size
    }

    /// Scales a layout value (a padding, a row height) for the traits' category, rounded to the
    /// traits' display scale pixels, like `UIFontMetrics.scaledValue(for:compatibleWith:)`.
    ///
    /// - Throws: ``TypeLayoutError/invalidValue(_:)`` for a value that is not finite,
    ///   ``TypeLayoutError/invalidDisplayScale(_:)`` for a scale other than 1, 2 or 3.
    public func scaledValue(for value: Double, compatibleWith traits: TraitCollection? = nil) throws -> Double {
        try scaledValue(for: value, in: .current(traits))
    }

    /// Scales a layout value for a context's category, rounded to its display scale's pixels,
    /// as ``scaledValue(for:compatibleWith:)`` does.
    public func scaledValue(for value: Double, in context: DynamicTypeContext) throws -> Double {
        guard value.isFinite else { throw TypeLayoutError.invalidValue(value) }
        let scale = context.displayScale
        guard [1, 2, 3].contains(scale) else { throw TypeLayoutError.invalidDisplayScale(scale) }
        let scaled = try value * scaleFactor(in: context)
        return (scaled * scale).rounded(.toNearestOrAwayFromZero) / scale
    }
}

/// A text style's line spacing in a system font family at each category, read from the
/// family's face at the style's size the first time it is asked for.
///
/// One table per style and family for the process: a sweep finds its table once and then reads
/// a slot per category, where a dictionary keyed by style, category and family would compare
/// and copy its paths on each lookup.
final class SpacingTable: Sendable {
    let style: TextStyle
    let family: SystemFontFamily
    private let spacings = Lock<[Double?]>(Array(repeating: nil, count: ContentSizeCategory.allCases.count))

    private init(style: TextStyle, family: SystemFontFamily) {
        self.style = style
        self.family = family
    }

    private struct Key: Hashable {
        let style: TextStyle
        let family: SystemFontFamily

        /// Hashes the style only: hashing the family's three paths cost more than comparing
        /// them. Equality still compares the family, so other families just share buckets.
        func hash(into hasher: inout Hasher) { hasher.combine(style) }
    }

    private static let tables = Lock<[Key: SpacingTable]>([:])

    /// The table of a style in a family.
    static func table(_ style: TextStyle, _ family: SystemFontFamily) -> SpacingTable {
        let key = Key(style: style, family: family)
        return tables.withLock { tables in
            if let table = tables[key] { return table }
            let table = SpacingTable(style: style, family: family)
            tables[key] = table
            return table
        }
    }

    /// The spacing at a category over the spacing at large, both read under one lock once
    /// known (a sweep asks for each category's).
    func ratio(at category: ContentSizeCategory) throws -> Double {
        let slot = category.resolved.index, large = ContentSizeCategory.large.index
        let known = spacings.withLock { spacings -> (Double, Double)? in
            guard let spacing = spacings[slot], let largeSpacing = spacings[large] else { return nil }
            return (spacing, largeSpacing)
        }
        if let known { return known.0 / known.1 }
        return try spacing(at: category) / spacing(at: .large)
    }

    /// The style's line spacing at a category (``ContentSizeCategory/unspecified`` is large).
    func spacing(at category: ContentSizeCategory) throws -> Double {
        let slot = category.resolved.index
        if let cached = spacings.withLock({ $0[slot] }) { return cached }
        let size = style.pointSize(at: category)
        let spacing = try family.face(pointSize: size, weight: style.weight).metrics(atPointSize: size).baselineToBaseline
        spacings.withLock { $0[slot] = spacing }
        return spacing
    }
}
