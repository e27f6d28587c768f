/// Whose rule scales text with the reader's text-size setting: a value a Dynamic Type context
/// can carry, with one function that applies the rule.
///
/// Each case's rule and source is documented on the type it delegates to: ``FontMetrics``
/// (UIKit), ``SwiftUITextScaling`` and ``ScaledMetric`` (SwiftUI), ``ReactNativeTextScaling``,
/// ``FlutterTextScaling`` and ``AndroidFontScale`` (../shared/dynamic-type/platform-scaling.json).
public enum TextScalingPlatform: Sendable, Hashable {
    /// UIKit: `UIFontMetrics(forTextStyle:)`'s line-spacing ratio; the size rounded to a whole
    /// point (`scaledFont(for:)`), the line height to the display's pixels (`scaledValue(for:)`).
    case uiKit
    /// SwiftUI: `Font.custom(_:size:relativeTo:)` for the size and `ScaledMetric(relativeTo:)` for
    /// the line height, which come to UIKit's numbers.
    case swiftUI
    /// React Native on iOS, with a text's scaling props and renderer.
    case reactNative(ReactNativeTextScaling)
    /// Flutter on iOS: linear `textScaleFactor`, unrounded.
    case flutter
    /// Android 14 and later at a font scale; sizes are sp in and dp out, and the category is unused.
    case android(AndroidFontScale)

    /// A size and line height scaled under this platform's rule.
    ///
    /// - Parameters:
    ///   - pointSize: the size at the default setting (points; sp for Android).
    ///   - lineHeight: the line height (baseline to baseline) at the default setting, or `nil`
    ///     for the font's own, which then scales with the font.
    ///   - textStyle: the style UIKit and SwiftUI scale relative to (`nil`: body, as
    ///     `UIFontMetrics.default` and `Font.custom(_:size:)`); unused elsewhere.
    ///   - category: the content size category (unused for Android).
    ///   - scalingMode: where UIKit and SwiftUI find the style's line spacing (``ScalingMode``);
    ///     unused elsewhere. The default is Apple's published table, which needs no font; a
    ///     caller with a Dynamic Type context passes the context's.
    ///   - systemFontFamily: the font files ``ScalingMode/metrics`` reads; unused elsewhere.
    ///   - displayScale: pixels per point (1, 2 or 3) UIKit and SwiftUI round a line height to.
    /// - Throws: ``TypeLayoutError/invalidPointSize(_:)`` for a size that is not finite and
    ///   positive; for UIKit and SwiftUI, ``ScaledMetric/value(at:displayScale:scalingMode:systemFontFamily:)``'s errors.
    public func scaled(
        pointSize: Double, lineHeight: Double? = nil, textStyle: TextStyle? = nil,
        category: ContentSizeCategory, scalingMode: ScalingMode = .apple,
        systemFontFamily: SystemFontFamily = .interStandIn, displayScale: Double = 1
    ) throws -> ScaledTextSize {
        guard pointSize.isFinite, pointSize > 0 else { throw TypeLayoutError.invalidPointSize(pointSize) }
        switch self {
        case .uiKit, .swiftUI:
            let style = textStyle ?? .body
            let size = try SwiftUITextScaling.customFontSize(
                pointSize, relativeTo: style, category: category,
                scalingMode: scalingMode, systemFontFamily: systemFontFamily)
            let height = try lineHeight.map {
                try ScaledMetric(wrappedValue: $0, relativeTo: style).value(
                    at: category, displayScale: displayScale,
                    scalingMode: scalingMode, systemFontFamily: systemFontFamily)
            }
            return ScaledTextSize(pointSize: size, lineHeight: height)
        case let .reactNative(scaling):
            return ScaledTextSize(pointSize: scaling.fontSize(pointSize, at: category),
                                  lineHeight: lineHeight.map { scaling.lineHeight($0, at: category) })
        case .flutter:
            return ScaledTextSize(pointSize: FlutterTextScaling.scale(pointSize, at: category),
                                  lineHeight: lineHeight.map { FlutterTextScaling.scale($0, at: category) })
        case let .android(fontScale):
            return ScaledTextSize(pointSize: fontScale.convertSpToDp(pointSize),
                                  lineHeight: lineHeight.map { fontScale.lineHeight($0, fontSize: pointSize) })
        }
    }
}

/// A text size after a platform's scaling rule (``TextScalingPlatform/scaled(pointSize:lineHeight:textStyle:category:scalingMode:systemFontFamily:displayScale:)``).
public struct ScaledTextSize: Sendable, Hashable {
    /// The scaled size: points, or dp for Android.
    public var pointSize: Double
    /// The scaled line height, or `nil` where none was given (the font's own applies).
    public var lineHeight: Double?

    /// A scaled size and line height.
    public init(pointSize: Double, lineHeight: Double?) {
        self.pointSize = pointSize
        self.lineHeight = lineHeight
    }
}
