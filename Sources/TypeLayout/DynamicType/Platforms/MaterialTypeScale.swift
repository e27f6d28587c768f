/// The Material 3 type scale: Android's counterpart of the iOS text styles, in sp.
///
/// Sizes from androidx compose/material3 tokens/TypeScaleTokens.kt (`material3TypeScaleSp` in
/// ../shared/dynamic-type/platform-scaling.json); line heights and weights from the same tokens
/// file (`…LineHeight`, `…Weight`), which the shared file doesn't carry. The names are Compose's
/// `Typography` properties.
public enum MaterialTypeScale: String, CaseIterable, Sendable, Hashable, Codable {
    /// 57 sp on 64.
    case displayLarge
    /// 45 sp on 52.
    case displayMedium
    /// 36 sp on 44.
    case displaySmall
    /// 32 sp on 40.
    case headlineLarge
    /// 28 sp on 36.
    case headlineMedium
    /// 24 sp on 32.
    case headlineSmall
    /// 22 sp on 28.
    case titleLarge
    /// 16 sp on 24, medium weight.
    case titleMedium
    /// 14 sp on 20, medium weight.
    case titleSmall
    /// 16 sp on 24.
    case bodyLarge
    /// 14 sp on 20.
    case bodyMedium
    /// 12 sp on 16.
    case bodySmall
    /// 14 sp on 20, medium weight.
    case labelLarge
    /// 12 sp on 16, medium weight.
    case labelMedium
    /// 11 sp on 16, medium weight.
    case labelSmall

    /// The style's font size in sp (TypeScaleTokens' `…Size`).
    public var fontSize: Double { tokens.fontSize }

    /// The style's line height in sp (TypeScaleTokens' `…LineHeight`).
    public var lineHeight: Double { tokens.lineHeight }

    /// Size and line height side by side, as the tokens pair them.
    private var tokens: (fontSize: Double, lineHeight: Double) {
        switch self {
        case .displayLarge: (57, 64)
        case .displayMedium: (45, 52)
        case .displaySmall: (36, 44)
        case .headlineLarge: (32, 40)
        case .headlineMedium: (28, 36)
        case .headlineSmall: (24, 32)
        case .titleLarge: (22, 28)
        case .titleMedium, .bodyLarge: (16, 24)
        case .titleSmall, .bodyMedium, .labelLarge: (14, 20)
        case .bodySmall, .labelMedium: (12, 16)
        case .labelSmall: (11, 16)
        }
    }

    /// The style's weight: medium for titleMedium, titleSmall and the labels, regular otherwise
    /// (TypeScaleTokens' `…Weight`).
    public var weight: FontWeight {
        switch self {
        case .titleMedium, .titleSmall, .labelLarge, .labelMedium, .labelSmall: .medium
        default: .regular
        }
    }

    /// The style's font size in dp at a font scale (Android 14's converter).
    public func fontSize(at fontScale: AndroidFontScale) -> Double { fontScale.convertSpToDp(fontSize) }

    /// The style's line height in dp at a font scale, in proportion to the scaled font size
    /// (``AndroidFontScale/lineHeight(_:fontSize:)``).
    public func lineHeight(at fontScale: AndroidFontScale) -> Double {
        fontScale.lineHeight(lineHeight, fontSize: fontSize)
    }
}
