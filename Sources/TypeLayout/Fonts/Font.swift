/// A face at a point size, like `UIFont`, that remembers where its size came from so it can be
/// re-resolved when the content size category changes.
public struct Font: Sendable, Hashable, CustomStringConvertible {
    /// Where a font's size comes from, and so how it follows the content size category.
    public enum Origin: Sendable, Hashable {
        /// A fixed size that does not follow Dynamic Type.
        case fixed
        /// A text style's own size at the category (``Font/preferredFont(forTextStyle:compatibleWith:)``).
        case textStyle(TextStyle)
        /// A base size scaled by a ``FontMetrics`` (`scaledFont(for:maximumPointSize:compatibleWith:)`).
        case scaled(base: Font.Unscaled, metrics: FontMetrics, maximumPointSize: Double)
        /// A text style mapped to a custom face by a ``FontTheme``.
        case theme(FontTheme, TextStyle)
    }

    /// The face and size a scaled font was made from.
    public struct Unscaled: Sendable, Hashable {
        /// The face.
        public let face: FontFace
        /// The size before scaling.
        public let pointSize: Double
    }

    /// The face the font draws with.
    public let face: FontFace
    /// The size in points.
    public let pointSize: Double
    /// Where the size comes from.
    public let origin: Origin

    /// A fixed-size font from a loaded face.
    ///
    /// - Throws: ``TypeLayoutError/invalidPointSize(_:)`` unless the size is finite and positive.
    public init(face: FontFace, pointSize: Double) throws {
        guard pointSize.isFinite, pointSize > 0 else { throw TypeLayoutError.invalidPointSize(pointSize) }
        self.init(face: face, pointSize: pointSize, origin: .fixed)
    }

    /// A fixed-size font from a font file (see ``FontFace/load(path:faceIndex:weight:)``).
    public init(path: String, pointSize: Double, faceIndex: Int = 0, weight: FontWeight? = nil) throws {
        guard pointSize.isFinite, pointSize > 0 else { throw TypeLayoutError.invalidPointSize(pointSize) }
        try self.init(face: FontFace.load(path: path, faceIndex: faceIndex, weight: weight), pointSize: pointSize)
    }

    init(face: FontFace, pointSize: Double, origin: Origin) {
        self.face = face
        self.pointSize = pointSize
        self.origin = origin
    }

    /// The system stand-in face at a text style's size and weight for the traits' category,
    /// like `UIFont.preferredFont(forTextStyle:compatibleWith:)`.
    ///
    /// - Parameter traits: the category to use; `nil` reads ``DynamicTypeEnvironment/default``.
    public static func preferredFont(
        forTextStyle style: TextStyle, compatibleWith traits: TraitCollection? = nil
    ) throws -> Font {
        let environment = DynamicTypeEnvironment.default
        let category = traits?.preferredContentSizeCategory ?? environment.contentSizeCategory
        let size = style.pointSize(at: category)
        let face = try environment.systemFontFamily.face(pointSize: size, weight: style.weight)
        return Font(face: face, pointSize: size, origin: .textStyle(style))
    }

    /// The text style the font was made for, if any.
    public var textStyle: TextStyle? {
        switch origin {
        case .fixed: nil
        case let .textStyle(style), let .theme(_, style): style
        case let .scaled(_, metrics, _): metrics.textStyle
        }
    }

    /// Whether the font's size follows the content size category.
    public var followsDynamicType: Bool { origin != .fixed }

    /// The font's vertical metrics, unrounded, in points.
    public var metrics: FaceMetrics { FaceMetrics(face: face, pointSize: pointSize) }

    /// The same font at another category: same style, same rule, new size. A fixed font is
    /// returned unchanged.
    public func resolved(for category: ContentSizeCategory) throws -> Font {
        let traits = TraitCollection(preferredContentSizeCategory: category)
        switch origin {
        case .fixed:
            return self
        case let .textStyle(style):
            return try .preferredFont(forTextStyle: style, compatibleWith: traits)
        case let .scaled(base, metrics, maximum):
            let unscaled = Font(face: base.face, pointSize: base.pointSize, origin: .fixed)
            return try metrics.scaledFont(for: unscaled, maximumPointSize: maximum, compatibleWith: traits)
        case let .theme(theme, style):
            return try theme.font(forTextStyle: style, compatibleWith: traits)
        }
    }

    /// The face and size of ``resolved(for:)``, with the environment read once per resolver
    /// (what a sweep does for each run at each category) and without building the font: a
    /// sweep keeps just these per run, since copying a font's origin retained and released its
    /// references. Every rule keeps its origin, so the resolved font is this font's origin with
    /// this face and size.
    func resolvedFace(
        for category: ContentSizeCategory, using resolver: inout FontResolver
    ) throws -> (face: FontFace, pointSize: Double) {
        switch origin {
        case .fixed:
            return (face, pointSize)
        case let .textStyle(style):
            let size = style.pointSize(at: category)
            return (try resolver.family.face(pointSize: size, weight: style.weight), size)
        case let .scaled(base, metrics, maximum):
            guard case let .textStyle(style) = metrics.rule, maximum.isFinite, maximum >= 0 else {
                let font = try resolved(for: category)
                return (font.face, font.pointSize)
            }
            let factor = try resolver.scaleFactor(style, category, mode: metrics.scalingMode)
            return (base.face, try FontMetrics.scaledSize(maximumPointSize: maximum, unroundedSize: base.pointSize * factor))
        case .theme:
            let font = try resolved(for: category)
            return (font.face, font.pointSize)
        }
    }

    /// A copy at another face (a fallback face, say) with the same size and origin.
    func with(face: FontFace) -> Font { Font(face: face, pointSize: pointSize, origin: origin) }

    /// "Family Style 17pt (textStyle body)".
    public var description: String {
        let size = pointSize.formatted(maxFractionDigits: 2)
        let origin: String = switch origin {
        case .fixed: "fixed"
        case let .textStyle(style): "text style \(style.rawValue)"
        case let .scaled(base, _, _): "scaled from \(base.pointSize.formatted(maxFractionDigits: 2))pt"
        case let .theme(theme, style): "theme \(theme.name), \(style.rawValue)"
        }
        return "\(face.familyName) \(face.styleName) \(size)pt (\(origin))"
    }
}

extension Double {
    /// A short decimal form without trailing zeros (17, 17.5, 17.33).
    package func formatted(maxFractionDigits: Int) -> String {
        var factor = 1.0
        for _ in 0..<maxFractionDigits { factor *= 10 }
        let rounded = (self * factor).rounded() / factor
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// Resolves fonts at the categories of one sweep, reading ``DynamicTypeEnvironment`` once
/// (its scaling mode and system family) rather than for each run at each category, and keeping
/// the system family's spacing tables it has found. Resolving through it gives what
/// ``Font/resolved(for:)`` gives with the environment as it was when first read.
struct FontResolver {
    private let environment: DynamicTypeEnvironment
    // Read separately, and the family only when needed: copying it (three paths) on each call
    // cost as much as the rest of the lookup.
    private var mode: ScalingMode?
    private var systemFamily: SystemFontFamily?
    private var tables: [SpacingTable] = []

    init(environment: DynamicTypeEnvironment = .default) { self.environment = environment }

    /// The environment's system font family.
    var family: SystemFontFamily {
        mutating get {
            if let systemFamily { return systemFamily }
            let family = environment.systemFontFamily
            systemFamily = family
            return family
        }
    }

    private mutating func environmentMode() -> ScalingMode {
        if let mode { return mode }
        let mode = environment.scalingMode
        self.mode = mode
        return mode
    }

    /// ``FontMetrics/scaleFactor(for:)`` of a text style rule with the given mode (`nil`: the
    /// environment's).
    mutating func scaleFactor(_ style: TextStyle, _ category: ContentSizeCategory, mode: ScalingMode?) throws -> Double {
        try FontMetrics.textStyleScale(style, category, mode: mode ?? environmentMode()) {
            if let found = tables.first(where: { $0.style == style }) { return found }
            let table = SpacingTable.table(style, family)
            tables.append(table)
            return table
        }
    }
}
