import ArgumentParser
import TypeLayout

struct MetricsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metrics",
        abstract: "Print a font's Dynamic Type size and vertical metrics at one or more categories.",
        discussion: """
            With --style and no --size: the text style's own size at the category (its preferredFont), \
            in the --font face or the system stand-in. With --size: that size scaled by the metrics of \
            --style (like UIFontMetrics(forTextStyle:)), or of body without --style (UIFontMetrics.default). \
            Without --font, --size or --style: the GillSans stand-in at 36 pt. All values are in points.
            """)

    @OptionGroup var fontOptions: FontOptions

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        try fontOptions.validateGroups()
        let font = try fontOptions.resolveFont()
        let results = try fontOptions.categoryList.map { category in
            // Android's font scale follows the category unless --font-scale fixes it.
            let context = try fontOptions.dynamicType.context(at: category).with(category)
            let resolved = try font.resolved(in: context)
            return MetricsResult(category: category.resolved, scaling: context.scalingMode,
                                 ratio: try ratio(of: font, in: context), metrics: resolved.metrics)
        }
        if json {
            let objects = results.map(\.json)
            print(try fontOptions.categories == nil ? ReviewableJSON.string(objects[0]) : ReviewableJSON.string(objects))
        } else {
            print(MetricsResult.tableHeader)
            for result in results { print(result.tableRow) }
        }
    }

    /// The scale from the default setting: under UIKit and SwiftUI the FontMetrics factor for a
    /// scaled size, else the size over the one at UIKit's large (the base every platform scales).
    private func ratio(of font: Font, in context: DynamicTypeContext) throws -> Double {
        if case let .scaled(_, metrics, _) = font.origin, [.uiKit, .swiftUI].contains(context.platform) {
            return try metrics.scaleFactor(in: context)
        }
        let base = context.with(.large).with(platform: .uiKit)
        return try font.resolved(in: context).pointSize / font.resolved(in: base).pointSize
    }
}

struct MetricsResult {
    let category: ContentSizeCategory
    let scaling: ScalingMode
    let ratio: Double
    let metrics: FaceMetrics

    /// The JSON object the issue names: category, pointSize, ratio, ascender, descender,
    /// lineHeight, leading, scaling.
    struct JSON: Encodable {
        let category: String
        let pointSize, ratio, ascender, descender, lineHeight, leading: Double
        let scaling: String
    }

    var json: JSON {
        JSON(category: category.rawValue, pointSize: metrics.pointSize, ratio: ratio, ascender: metrics.ascender,
             descender: metrics.descender, lineHeight: metrics.lineHeight, leading: metrics.leading,
             scaling: scaling.rawValue)
    }

    static let tableHeader = "category                           pointSize   ratio   ascender  descender  lineHeight  leading"

    var tableRow: String {
        func column(_ value: Double, _ width: Int, _ digits: Int = 3) -> String {
            let text = value.fixed(digits)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        let name = category.rawValue + String(repeating: " ", count: max(0, 33 - category.rawValue.count))
        return name + column(metrics.pointSize, 11, metrics.pointSize == metrics.pointSize.rounded() ? 0 : 1) + column(ratio, 8) + column(metrics.ascender, 11)
            + column(metrics.descender, 11) + column(metrics.lineHeight, 12) + column(metrics.leading, 9)
    }
}

extension Double {
    /// Fixed-point text with `digits` decimals, without Foundation.
    func fixed(_ digits: Int) -> String {
        var factor = 1.0
        for _ in 0..<digits { factor *= 10 }
        let scaled = (abs(self) * factor).rounded()
        let whole = Int(scaled / factor)
        let fraction = Int(scaled - Double(whole) * factor)
        let sign = self < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
