/// How images grow with the content size category, as UIKit does for
/// `adjustsImageSizeForAccessibilityContentSizeCategory`: unchanged up to
/// extraExtraExtraLarge, larger only at the five accessibility categories.
///
/// Apple doesn't publish the factor. We use the body style's published line spacing at the
/// category over that at extraExtraExtraLarge: 34/29 ≈ 1.17 at accessibilityMedium up to
/// 62/29 ≈ 2.14 at accessibilityExtraExtraExtraLarge.
public enum ImageScaling {
    /// The factor an image's size is multiplied by at a category (1 outside the accessibility range).
    public static func scaleFactor(for category: ContentSizeCategory) -> Double {
        guard category.isAccessibilityCategory else { return 1 }
        return TextStyle.body.baselineToBaseline(at: category) / TextStyle.body.baselineToBaseline(at: .extraExtraExtraLarge)
    }

    /// An image size at a category, rounded to the display scale's pixels.
    public static func scaledSize(
        width: Double, height: Double, for category: ContentSizeCategory, displayScale: Double = 1
    ) -> (width: Double, height: Double) {
        let factor = scaleFactor(for: category)
        let scale = displayScale > 0 ? displayScale : 1
        return ((width * factor * scale).rounded() / scale, (height * factor * scale).rounded() / scale)
    }
}
