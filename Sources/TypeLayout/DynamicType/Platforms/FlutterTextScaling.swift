/// How Flutter on iOS scales text with the content size category.
///
/// FlutterViewController's `-textScaleFactor` sends the body style's size at the category over
/// its 17 points at large (0.8235 at extraSmall … 3.1176 at AX5; 1.0 for an unknown category),
/// and since iOS sends no `configurationId`, Flutter's `SystemTextScaler` scales every size
/// linearly by it, unrounded (../shared/dynamic-type/platform-scaling.json, `flutterIOS`).
public enum FlutterTextScaling {
    /// The `textScaleFactor` at a category: body's published size there over body's at large
    /// (``ContentSizeCategory/unspecified`` computes as large, 1.0 as in Flutter).
    public static func textScaleFactor(for category: ContentSizeCategory) -> Double {
        TextStyle.body.pointSize(at: category) / TextStyle.body.pointSize(at: .large)
    }

    /// A font size or line height at a category: times ``textScaleFactor(for:)``, unrounded
    /// (`TextScaler.linear(textScaleFactor).scale(_:)`).
    public static func scale(_ value: Double, at category: ContentSizeCategory) -> Double {
        value * textScaleFactor(for: category)
    }
}
