/// Android 14's non-linear font scaling: a lookup table from sizes in sp to sizes in dp,
/// like AOSP's `FontScaleConverter` (core/java/android/content/res/FontScaleConverterImpl.java;
/// tables and rules in ../shared/dynamic-type/platform-scaling.json, `android14`).
///
/// Sizes on a table point map to the table value; between points, on the straight line between
/// the neighbours; below the first point, on the line from (0, 0); above the last point, by the
/// last pair's ratio. Negative sizes keep their sign. The inverse reads the table backwards.
public struct FontScaleConverter: Sendable, Hashable {
    /// The table's sizes in sp, ascending.
    public let fromSp: [Double]
    /// The dp each size in ``fromSp`` converts to, ascending.
    public let toDp: [Double]

    /// A table; both arrays ascending, of one non-zero length (as AOSP requires).
    init(fromSp: [Double], toDp: [Double]) {
        precondition(fromSp.count == toDp.count && !fromSp.isEmpty, "a font scale table needs pairs")
        self.fromSp = fromSp
        self.toDp = toDp
    }

    /// A size in sp converted to dp.
    public func convertSpToDp(_ sp: Double) -> Double { Self.lookUp(sp, from: fromSp, to: toDp) }

    /// A size in dp converted back to sp.
    public func convertDpToSp(_ dp: Double) -> Double { Self.lookUp(dp, from: toDp, to: fromSp) }

    /// The piecewise-linear lookup both directions share.
    private static func lookUp(_ value: Double, from source: [Double], to target: [Double]) -> Double {
        let magnitude = abs(value)
        let sign: Double = value < 0 ? -1 : 1
        // The first point at or above the value.
        let upper = source.firstIndex { $0 >= magnitude } ?? source.count
        if upper < source.count, source[upper] == magnitude { return sign * target[upper] }
        if upper == source.count {
            // Past the table: the last pair's ratio, which is 1 (unscaled) for Android's tables.
            guard let lastSource = source.last, lastSource != 0 else { return 0 }
            return value * target[source.count - 1] / lastSource
        }
        let (startSource, startTarget) = upper == 0 ? (0, 0) : (source[upper - 1], target[upper - 1])
        let t = (magnitude - startSource) / (source[upper] - startSource)
        return sign * (startTarget + (target[upper] - startTarget) * t)
    }

    /// The sp points every Android 14 table shares (FontScaleConverterFactory.java).
    static let tablePoints: [Double] = [8, 10, 12, 14, 18, 20, 24, 30, 100]

    /// Android 14's tables, keyed by scale × 100 (FontScaleConverterFactory.java, whose comment
    /// says they were generated and then tweaked by hand for readability).
    static let lookupTables: [(key: Int, converter: FontScaleConverter)] = [
        (115, FontScaleConverter(fromSp: tablePoints, toDp: [9.2, 11.5, 13.8, 16.4, 19.8, 21.8, 25.2, 30, 100])),
        (130, FontScaleConverter(fromSp: tablePoints, toDp: [10.4, 13, 15.6, 18.8, 21.6, 23.6, 26.4, 30, 100])),
        (150, FontScaleConverter(fromSp: tablePoints, toDp: [12, 15, 18, 22, 24, 26, 28, 30, 100])),
        (180, FontScaleConverter(fromSp: tablePoints, toDp: [14.4, 18, 21.6, 24.4, 27.6, 30.8, 32.8, 34.8, 100])),
        (200, FontScaleConverter(fromSp: tablePoints, toDp: [16, 20, 24, 26, 30, 34, 36, 38, 100])),
    ]

    /// The scales Android 14 has a table for: 1.15, 1.3, 1.5, 1.8 and 2.0.
    public static var tableScales: [Double] { lookupTables.map { Double($0.key) / 100 } }

    /// AOSP's table key: the scale times 100 in single precision, truncated, as Java's
    /// `(int) (fontScale * 100f)` (so 1.15 is 115, where doubles would give 114).
    static func key(_ fontScale: Double) -> Int {
        let product = Float(fontScale) * 100
        // Java's float-to-int cast: NaN is 0, out-of-range values saturate.
        if product.isNaN { return 0 }
        return Int(max(Float(Int32.min), min(product, Float(Int32.max))).rounded(.towardZero))
    }

    /// Whether Android 14 scales text non-linearly at a font scale: from the first table's
    /// scale less 0.02, i.e. 1.13 (`FontScaleConverterFactory.isNonLinearFontScalingActive`).
    public static func isNonLinearFontScalingActive(_ fontScale: Double) -> Bool {
        // In single precision, as AOSP compares floats.
        Float(fontScale) >= Float(lookupTables[0].key) / 100 - 0.02
    }

    /// The converter Android 14 uses at a font scale, like `FontScaleConverterFactory.forScale`;
    /// `nil` where scaling is linear (below 1.13, and NaN).
    ///
    /// A scale whose key (scale × 100, truncated) has a table uses it; one between two tables
    /// interpolates them at the 9 points, `t = (scale - lower) / (upper - lower)`; one below
    /// the first table or above the last gets a linear converter (1 sp to `fontScale` dp).
    /// AOSP caches interpolated converters by key, so there the first scale asked for within a
    /// hundredth decides the table for the rest; this pure version interpolates each scale exactly.
    public static func forScale(_ fontScale: Double) -> FontScaleConverter? {
        guard isNonLinearFontScalingActive(fontScale) else { return nil }
        let key = key(fontScale)
        if let exact = lookupTables.first(where: { $0.key == key }) { return exact.converter }
        guard let higher = lookupTables.firstIndex(where: { $0.key > key }), higher > 0 else {
            return FontScaleConverter(fromSp: [1], toDp: [fontScale])
        }
        let (lowerKey, lower) = lookupTables[higher - 1], (upperKey, upper) = lookupTables[higher]
        let lowerScale = Double(lowerKey) / 100, upperScale = Double(upperKey) / 100
        let t = min(1, max(0, (fontScale - lowerScale) / (upperScale - lowerScale)))
        let toDp = tablePoints.map { sp in
            let start = lower.convertSpToDp(sp), end = upper.convertSpToDp(sp)
            return start + (end - start) * t
        }
        return FontScaleConverter(fromSp: tablePoints, toDp: toDp)
    }
}

/// Android's font scale setting (`Configuration.fontScale`) with Android 14's rules for turning
/// sp into dp and px (`TypedValue.applyDimension`/`deriveDimension` with the display metrics'
/// `fontScaleConverter`; ../shared/dynamic-type/platform-scaling.json, `android14`).
public struct AndroidFontScale: Sendable, Hashable {
    /// The scale, 1 by default; any value works, ``previewFontScales`` are the usual steps.
    public let fontScale: Double

    /// A font scale. AOSP accepts any float: non-positive and NaN scales convert linearly.
    public init(_ fontScale: Double) { self.fontScale = fontScale }

    /// 1.0, Android's default.
    public static let `default` = AndroidFontScale(1)

    /// The steps from 0.85 to Android 14's 2.0 that Compose's font-scale previews use: 0.85,
    /// 1.0, 1.15, 1.3, 1.5, 1.8, 2.0 (platform-scaling.json, `previewFontScales`).
    public static let previewFontScales: [AndroidFontScale] = [0.85, 1.0, 1.15, 1.3, 1.5, 1.8, 2.0].map(AndroidFontScale.init)

    /// The converter in force, or `nil` where scaling is linear (``FontScaleConverter/forScale(_:)``).
    public var fontScaleConverter: FontScaleConverter? { FontScaleConverter.forScale(fontScale) }

    /// A size in sp converted to dp: through the converter when there is one, else `sp × fontScale`.
    public func convertSpToDp(_ sp: Double) -> Double {
        fontScaleConverter?.convertSpToDp(sp) ?? sp * fontScale
    }

    /// A size in dp converted back to sp: through the converter when there is one, else `dp ÷ fontScale`.
    public func convertDpToSp(_ dp: Double) -> Double {
        fontScaleConverter?.convertDpToSp(dp) ?? dp / fontScale
    }

    /// A size in sp converted to pixels at a display density (pixels per dp), like
    /// `TypedValue.applyDimension(COMPLEX_UNIT_SP, sp, metrics)`: dp times density.
    public func applyDimension(sp: Double, density: Double) -> Double { convertSpToDp(sp) * density }

    /// Pixels converted back to sp, like `TypedValue.deriveDimension(COMPLEX_UNIT_SP, px, metrics)`.
    public func deriveDimension(px: Double, density: Double) -> Double { convertDpToSp(px / density) }

    /// A line height in sp for text of `fontSize` sp, in dp: Android 14 keeps the line height
    /// in the same proportion to the scaled font size (`lineHeight / fontSize × convertSpToDp(fontSize)`),
    /// rather than compressing it as a size of its own (AOSP's CTS TextViewFontScalingTest,
    /// `verifyLineHeightIsIntendedProportions`). A font size of 0 converts the line height alone.
    public func lineHeight(_ lineHeight: Double, fontSize: Double) -> Double {
        guard fontSize != 0 else { return convertSpToDp(lineHeight) }
        return lineHeight / fontSize * convertSpToDp(fontSize)
    }
}
