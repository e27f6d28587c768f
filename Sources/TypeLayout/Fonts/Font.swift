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
    /// - Parameters:
    ///   - style: the text style whose size and weight to use.
    ///   - traits: the category to use; `nil` uses ``DynamicTypeContext/current``'s.
    public static func preferredFont(
        forTextStyle style: TextStyle, compatibleWith traits: TraitCollection? = nil
    ) throws -> Font {
        try preferredFont(forTextStyle: style, in: .current(traits))
    }

    /// The system family's face at a text style's size and weight for a context's category,
    /// under its platform's rule and Bold Text (see ``resolved(in:)``).
    public static func preferredFont(forTextStyle style: TextStyle, in context: DynamicTypeContext) throws -> Font {
        try resolving(.textStyle(style), in: context)
    }

    /// A font made by a rule (not ``Origin/fixed``, which has no face of its own) in a context.
    static func resolving(_ origin: Origin, in context: DynamicTypeContext) throws -> Font {
        var resolver = FontResolver(context: context)
        guard let (face, size) = try resolvedFace(of: origin, for: context.contentSizeCategory, using: &resolver) else {
            preconditionFailure("a fixed font is made from a face, not resolved")
        }
        return Font(face: face, pointSize: size, origin: origin)
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

    /// The same font at another category: same style, same rule, new size, in
    /// ``DynamicTypeContext/current``. A fixed font is returned unchanged.
    public func resolved(for category: ContentSizeCategory) throws -> Font {
        try resolved(in: DynamicTypeContext.current.with(category))
    }

    /// The same font at a context's category, with its scaling mode and system family: same
    /// style, same rule, new size. A fixed font is returned unchanged.
    ///
    /// Under ``TextScalingPlatform/uiKit`` and ``TextScalingPlatform/swiftUI`` a text style
    /// takes its published size at the category and a ``FontMetrics``-scaled font UIKit's
    /// rounded ratio. Under React Native, Flutter and Android the base size (a text style's size
    /// at large, a scaled font's unscaled size) goes through
    /// ``TextScalingPlatform/scaled(pointSize:lineHeight:textStyle:category:scalingMode:systemFontFamily:displayScale:)``
    /// unrounded; for Android the iOS style's size at large serves as the sp value (not the
    /// Material type scale), so the same style compares across platforms, and a scaled font's
    /// `maximumPointSize`, a UIKit argument, does not apply. With Bold Text
    /// (``LegibilityWeight/bold``) text styles and faces of the system family draw at
    /// ``FontWeight/boldTextWeight``; custom faces keep their weight, as in UIKit. A
    /// ``DynamicTypeContext/dynamicTypeSizeLimit`` clamps the category first.
    public func resolved(in context: DynamicTypeContext) throws -> Font {
        guard origin != .fixed else { return self }
        var resolver = FontResolver(context: context)
        let (face, size) = try resolvedFace(for: context.contentSizeCategory, using: &resolver)
        return Font(face: face, pointSize: size, origin: origin)
    }

    /// The face and size the font's rule gives at a category, in the resolver's context. A sweep
    /// keeps just these per run and category rather than whole fonts, whose origins are
    /// references to count.
    func resolvedFace(
        for category: ContentSizeCategory, using resolver: inout FontResolver
    ) throws -> (face: FontFace, pointSize: Double) {
        try Self.resolvedFace(of: origin, for: category, using: &resolver) ?? (face, pointSize)
    }

    /// The face and size a rule gives at a category in the resolver's context, `nil` for a fixed
    /// font: the one place each origin's rule is written.
    static func resolvedFace(
        of origin: Origin, for requested: ContentSizeCategory, using resolver: inout FontResolver
    ) throws -> (face: FontFace, pointSize: Double)? {
        let category = resolver.context.limited(requested)
        let legibility = resolver.context.legibilityWeight
        switch origin {
        case .fixed:
            return nil
        case let .textStyle(style):
            let size = try resolver.platformSize(style.pointSize(at: .large), style, category) ?? style.pointSize(at: category)
            return (try resolver.systemFace(pointSize: size, weight: style.weight.resolved(for: legibility)), size)
        case let .scaled(base, metrics, maximum):
            let face = try resolver.legible(base.face)
            if let size = try resolver.platformSize(base.pointSize, metrics.textStyle, category) { return (face, size) }
            let factor = try metrics.scaleFactor(at: category, using: &resolver)
            return (face, try FontMetrics.scaledSize(maximumPointSize: maximum, unroundedSize: base.pointSize * factor))
        case let .theme(theme, style):
            let size = try resolver.platformSize(style.pointSize(at: .large), style, category) ?? style.pointSize(at: category)
            return (try theme.face(for: style, pointSize: size, systemFamily: resolver.family, legibilityWeight: legibility), size)
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

/// Resolves fonts in one context at the categories of a sweep, keeping the system family's
/// spacing tables it has found, so that each run at each category is a lookup. The tables
/// depend only on the family; everything else a font's rule reads (platform, Bold Text, limit)
/// comes from the context it is made from, so a resolver never mixes two contexts.
struct FontResolver {
    let context: DynamicTypeContext
    private var tables: [SpacingTable] = []
    private var lastSystemFace: (path: String, weight: FontWeight, face: FontFace)?

    init(context: DynamicTypeContext) {
        self.context = context
    }

    var family: SystemFontFamily { context.systemFontFamily }

    /// ``SystemFontFamily/face(pointSize:weight:italic:)`` of the context's family, the last
    /// face kept: a sweep's categories, smallest first, use one face and then maybe another,
    /// and the face cache's lookup hashes the file's path.
    mutating func systemFace(pointSize: Double, weight: FontWeight) throws -> FontFace {
        let path = family.facePath(pointSize: pointSize, weight: weight)
        if let lastSystemFace, lastSystemFace.path == path && lastSystemFace.weight == weight { return lastSystemFace.face }
        let face = try FontFace.load(path: path, weight: weight)
        lastSystemFace = (path, weight, face)
        return face
    }

    /// ``FontMetrics/scaleFactor(for:)`` of a text style rule with the given mode (`nil`: the
    /// context's).
    mutating func scaleFactor(_ style: TextStyle, _ category: ContentSizeCategory, mode: ScalingMode?) throws -> Double {
        try FontMetrics.textStyleScale(style, category, mode: mode ?? context.scalingMode) {
            if let found = tables.first(where: { $0.style == style }) { return found }
            let table = SpacingTable.table(style, family)
            tables.append(table)
            return table
        }
    }

    /// A base size scaled by the context's platform, or `nil` under UIKit and SwiftUI, whose
    /// rules the callers keep as they were (rounded sizes, published tables). The base is read
    /// only when a platform scales it (a text style's table lookup, at every category).
    func platformSize(_ base: @autoclosure () -> Double, _ style: TextStyle?, _ category: ContentSizeCategory) throws -> Double? {
        switch context.platform {
        case .uiKit, .swiftUI:
            return nil
        case .reactNative, .flutter, .android:
            return try context.platform.scaled(
                pointSize: base(), textStyle: style, category: category, scalingMode: context.scalingMode,
                systemFontFamily: family, displayScale: context.displayScale).pointSize
        }
    }

    /// A scaled font's face under Bold Text: the system family's faces at their Bold Text
    /// weight, any other face (a custom font) as it is, as UIKit leaves custom fonts alone.
    func legible(_ face: FontFace) throws -> FontFace {
        guard context.legibilityWeight == .bold, isSystemFace(face) else { return face }
        return try FontFace.load(path: face.path, faceIndex: face.faceIndex, weight: face.weight.boldTextWeight)
    }

    private func isSystemFace(_ face: FontFace) -> Bool {
        [family.textFacePath, family.displayFacePath, family.italicFacePath, family.boldFacePath].contains(face.path)
    }
}
