/// How React Native on iOS scales text with the content size category.
///
/// React Native multiplies every font size and line height by one multiplier per category,
/// from the table in RCTAccessibilityManager.mm (`multiplierByCategory` in
/// ../shared/dynamic-type/platform-scaling.json, `reactNativeIOS`); a text's
/// `maxFontSizeMultiplier` caps it (RCTTextAttributes.mm); `allowFontScaling: false` turns it
/// off. The classic renderer (RCTFont.mm) rounds the scaled font size to a whole point; the new
/// architecture (RCTFontUtils.mm) leaves it unrounded.
public struct ReactNativeTextScaling: Sendable, Hashable {
    /// Which of React Native's iOS text renderers sizes the font.
    public enum Renderer: String, CaseIterable, Sendable, Hashable, Codable {
        /// The classic (Paper) renderer: `round(fontSize * multiplier)` when the multiplier isn't 1.
        case classic
        /// The new architecture (Fabric): `fontSize * multiplier`, unrounded.
        case newArchitecture
    }

    /// The `allowFontScaling` prop: `false` keeps the multiplier at 1.
    public var allowFontScaling: Bool
    /// The `maxFontSizeMultiplier` prop: a cap on the multiplier; `nil`, NaN or a value below 1
    /// means no cap, as in React Native.
    public var maxFontSizeMultiplier: Double?
    /// The renderer whose rounding applies.
    public var renderer: Renderer

    /// React Native's defaults are font scaling on and no cap; the renderer defaults to the new
    /// architecture, React Native's default since 0.76.
    public init(allowFontScaling: Bool = true, maxFontSizeMultiplier: Double? = nil, renderer: Renderer = .newArchitecture) {
        self.allowFontScaling = allowFontScaling
        self.maxFontSizeMultiplier = maxFontSizeMultiplier
        self.renderer = renderer
    }

    /// RCTAccessibilityManager's multiplier at a category (1.0 at large; ``ContentSizeCategory/unspecified``
    /// computes as large, as React Native gives 1.0 for a category it doesn't know).
    public static func multiplier(for category: ContentSizeCategory) -> Double {
        switch category {
        case .extraSmall: 0.823
        case .small: 0.882
        case .medium: 0.941
        case .large, .unspecified: 1.0
        case .extraLarge: 1.118
        case .extraExtraLarge: 1.235
        case .extraExtraExtraLarge: 1.353
        case .accessibilityMedium: 1.786
        case .accessibilityLarge: 2.143
        case .accessibilityExtraLarge: 2.643
        case .accessibilityExtraExtraLarge: 3.143
        case .accessibilityExtraExtraExtraLarge: 3.571
        }
    }

    /// The multiplier in force at a category: 1 without font scaling, else the category's
    /// multiplier capped by ``maxFontSizeMultiplier`` when that is at least 1
    /// (RCTTextAttributes' `effectiveFontSizeMultiplier`).
    public func effectiveMultiplier(for category: ContentSizeCategory) -> Double {
        guard allowFontScaling else { return 1 }
        let multiplier = Self.multiplier(for: category)
        // NaN fails the comparison, so it means no cap as in React Native.
        if let cap = maxFontSizeMultiplier, cap >= 1 { return min(cap, multiplier) }
        return multiplier
    }

    /// A font size at a category, rounded to a whole point by the classic renderer when the
    /// multiplier isn't 1.
    public func fontSize(_ size: Double, at category: ContentSizeCategory) -> Double {
        let multiplier = effectiveMultiplier(for: category)
        let scaled = size * multiplier
        return renderer == .classic && multiplier != 1 ? scaled.rounded(.toNearestOrAwayFromZero) : scaled
    }

    /// A `lineHeight` at a category: multiplied by the same multiplier, unrounded in both renderers.
    public func lineHeight(_ lineHeight: Double, at category: ContentSizeCategory) -> Double {
        lineHeight * effectiveMultiplier(for: category)
    }
}
