/// How ``FontMetrics`` computes the scale between `large` and another category.
public enum ScalingMode: String, Sendable, Hashable, CaseIterable, Codable {
    /// The text style's line spacing (lineHeight + leading) read from the actual font file of the
    /// system family at the style's size for each category, with the Text/Display face switch.
    /// The default: ratios follow the real font.
    case metrics
    /// Apple's published leading table, reproducing UIKit's numbers exactly (body 17 pt at
    /// accessibilityExtraExtraExtraLarge scales to 48 pt: 17 × 62 / 22, rounded).
    case apple
}
