/// SwiftUI's scaling of custom fonts and metrics with the Dynamic Type size, as pure functions
/// of explicit inputs (the category, the ``ScalingMode`` and the system family a
/// ``FontMetrics`` would read from the environment).
///
/// Apple documents what `Font.custom(_:size:relativeTo:)` and `ScaledMetric(relativeTo:)` scale
/// by (the text style) but not the arithmetic; open reimplementations use UIFontMetrics' ratio,
/// the style's line spacing at the category over that at large, rounding a font's size to whole
/// points and a metric to the display's pixels (../shared/dynamic-type/platform-scaling.json,
/// `swiftUI.customRelativeTo` and `swiftUI.scaledMetric`). Both reuse ``FontMetrics``' own ratio
/// and rounding, so SwiftUI and UIKit agree as they do on iOS.
public enum SwiftUITextScaling {
    /// The point size of `Font.custom(_:size:relativeTo:)` at a category: `size` times the
    /// style's ratio, rounded to a whole point as `UIFontMetrics.scaledFont(for:)` rounds.
    /// `Font.custom(_:size:)` is the same relative to ``TextStyle/body``.
    ///
    /// - Throws: ``TypeLayoutError/invalidPointSize(_:)`` for a size that is not finite and
    ///   positive; in ``ScalingMode/metrics`` mode, the family's errors reading its face.
    public static func customFontSize(
        _ size: Double, relativeTo textStyle: TextStyle = .body, category: ContentSizeCategory,
        scalingMode: ScalingMode, systemFontFamily: SystemFontFamily = .interStandIn
    ) throws -> Double {
        guard size.isFinite, size > 0 else { throw TypeLayoutError.invalidPointSize(size) }
        let ratio = try FontMetrics.textStyleScale(textStyle, category, mode: scalingMode, family: systemFontFamily)
        return try FontMetrics.scaledSize(maximumPointSize: 0, unroundedSize: size * ratio)
    }
}

/// A layout value that scales with the Dynamic Type size, like SwiftUI's `ScaledMetric`:
/// the style's line-spacing ratio (as ``FontMetrics``), rounded to the display's pixels as
/// `UIFontMetrics.scaledValue(for:)` rounds (../shared/dynamic-type/platform-scaling.json,
/// `swiftUI.scaledMetric`: Apple publishes no formula).
///
/// A value rather than a property wrapper: the inputs SwiftUI reads from the environment are
/// passed to ``value(at:displayScale:scalingMode:systemFontFamily:)``.
public struct ScaledMetric: Sendable, Hashable {
    /// The value at the large category.
    public var baseValue: Double
    /// The text style whose ratio the value follows (SwiftUI's default is body).
    public var textStyle: TextStyle

    /// A metric of `wrappedValue` at large that scales like `textStyle`, as
    /// `ScaledMetric(wrappedValue:relativeTo:)`.
    public init(wrappedValue: Double, relativeTo textStyle: TextStyle = .body) {
        baseValue = wrappedValue
        self.textStyle = textStyle
    }

    /// The value at a category on a display of `displayScale` pixels per point.
    ///
    /// - Throws: ``TypeLayoutError/invalidValue(_:)`` for a base value that is not finite,
    ///   ``TypeLayoutError/invalidDisplayScale(_:)`` for a scale other than 1, 2 or 3 (as
    ///   ``FontMetrics/scaledValue(for:compatibleWith:)``).
    public func value(
        at category: ContentSizeCategory, displayScale: Double = 1,
        scalingMode: ScalingMode, systemFontFamily: SystemFontFamily = .interStandIn
    ) throws -> Double {
        guard baseValue.isFinite else { throw TypeLayoutError.invalidValue(baseValue) }
        guard [1, 2, 3].contains(displayScale) else { throw TypeLayoutError.invalidDisplayScale(displayScale) }
        let ratio = try FontMetrics.textStyleScale(textStyle, category, mode: scalingMode, family: systemFontFamily)
        return (baseValue * ratio * displayScale).rounded(.toNearestOrAwayFromZero) / displayScale
    }
}

extension Font {
    /// SwiftUI's `Font.Leading`: a font's line spacing made tighter or looser.
    ///
    /// Apple's documentation of `Font.leading(_:)`: `.tight` reduces line spacing by 2 points on
    /// iOS (1 on watchOS, not modelled here) and `.loose` adds the same; UIKit's
    /// `traitTightLeading` likewise subtracts 2 points (platform-scaling.json, `swiftUI.leading`).
    public enum Leading: String, CaseIterable, Sendable, Hashable, Codable {
        /// The font's own line spacing.
        case standard
        /// 2 points less line spacing.
        case tight
        /// 2 points more line spacing.
        case loose

        /// The points this leading adds to the line spacing: -2, 0 or +2.
        public var lineSpacingAdjustment: Double {
            switch self {
            case .standard: 0
            case .tight: -2
            case .loose: 2
            }
        }

        /// A line spacing (baseline to baseline) with this leading applied.
        public func adjusting(lineSpacing: Double) -> Double { lineSpacing + lineSpacingAdjustment }
    }
}

extension FontMetrics {
    /// ``textStyleScale(_:_:mode:table:)`` with the system family given rather than read from
    /// the environment, for callers that carry their own (the platform rules, later the context).
    static func textStyleScale(
        _ style: TextStyle, _ category: ContentSizeCategory, mode: ScalingMode, family: SystemFontFamily
    ) throws -> Double {
        try textStyleScale(style, category, mode: mode) { SpacingTable.table(style, family) }
    }
}
