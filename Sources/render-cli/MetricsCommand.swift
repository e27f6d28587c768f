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

    @Option(help: "A font file (TTF, OTF, TTC). Default: the GillSans stand-in, or the system stand-in with --style.")
    var font: String?

    @Option(name: .customLong("face-index"), help: "The face of a TTC collection.")
    var faceIndex: Int = 0

    @Option(help: "Weight on the wght axis of a variable font: a name or 1…1000.", transform: ArgumentTransform.weight)
    var weight: FontWeight?

    @Option(parsing: .unconditional, help: "Point size to scale (> 0, ≤ 1000).", transform: ArgumentTransform.pointSize)
    var size: Double?

    @Option(help: "Text style: largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2.",
            transform: ArgumentTransform.style)
    var style: TextStyle?

    @Option(help: "Content size category (xs s m l xl xxl xxxl ax1…ax5, or full names). Default: $TYPELAYOUT_CONTENT_SIZE_CATEGORY or large.",
            transform: ArgumentTransform.category)
    var category: ContentSizeCategory?

    @Option(help: "'all' or a comma list of categories; prints one result per category.", transform: ArgumentTransform.categories)
    var categories: [ContentSizeCategory]?

    @Option(help: "metrics (ratios from the font files) or apple (Apple's published leading table).")
    var scaling: ScalingMode = .metrics

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if category != nil && categories != nil {
            throw ValidationError("give --category or --categories, not both")
        }
        if faceIndex < 0 { throw ValidationError("face index must be 0 or more, got \(faceIndex)") }
    }

    func run() throws {
        let list = categories ?? [category ?? DynamicTypeEnvironment.default.contentSizeCategory]
        let results = try list.map(result(at:))
        // Every category uses the same file and weight, so one warning covers them all.
        if let clamped = results.first(where: { $0.face.weightWasClamped }) {
            // A style without a size loads its own weight unless --weight overrides it.
            Warnings.weightClamped(clamped.face, requested: style != nil && size == nil ? weight ?? style?.weight : weight)
        }
        if json {
            let objects = results.map(\.json)
            print(objects.count == 1 && categories == nil ? objects[0] : "[\n" + objects.joined(separator: ",\n") + "\n]")
        } else {
            print(MetricsResult.tableHeader)
            for result in results { print(result.tableRow) }
        }
    }

    private func result(at category: ContentSizeCategory) throws -> MetricsResult {
        let traits = TraitCollection(preferredContentSizeCategory: category)
        let resolved: Font
        let ratio: Double
        if let style, size == nil {
            let preferred = try Font.preferredFont(forTextStyle: style, compatibleWith: traits)
            if let font {
                resolved = try Font(path: font, pointSize: preferred.pointSize, faceIndex: faceIndex, weight: weight ?? style.weight)
            } else {
                resolved = preferred
            }
            ratio = preferred.pointSize / style.pointSize(at: .large)
        } else {
            let path = font ?? BundledFonts.gillSansStandIn
            let base = try Font(path: path, pointSize: size ?? 36, faceIndex: faceIndex, weight: weight)
            let metrics = FontMetrics(forTextStyle: style ?? .body, scalingMode: scaling)
            resolved = try metrics.scaledFont(for: base, compatibleWith: traits)
            ratio = try metrics.scaleFactor(for: category)
        }
        return MetricsResult(category: category.resolved, scaling: scaling, ratio: ratio, metrics: resolved.metrics, face: resolved.face)
    }
}

struct MetricsResult {
    let category: ContentSizeCategory
    let scaling: ScalingMode
    let ratio: Double
    let metrics: FaceMetrics
    let face: FontFace

    var json: String {
        """
        {"category": "\(category.rawValue)", "pointSize": \(metrics.pointSize), "ratio": \(ratio), \
        "ascender": \(metrics.ascender), "descender": \(metrics.descender), "lineHeight": \(metrics.lineHeight), \
        "leading": \(metrics.leading), "scaling": "\(scaling.rawValue)"}
        """
    }

    static let tableHeader = "category                           pointSize   ratio   ascender  descender  lineHeight  leading"

    var tableRow: String {
        func column(_ value: Double, _ width: Int, _ digits: Int = 3) -> String {
            let text = value.fixed(digits)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        let name = category.rawValue + String(repeating: " ", count: max(0, 33 - category.rawValue.count))
        return name + column(metrics.pointSize, 11, 0) + column(ratio, 8) + column(metrics.ascender, 11)
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
