import ArgumentParser
import TypeLayout
import TypeLayoutRendering

struct RenderCommand: ParsableCommand, RenderSettings {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a label to PNG at a content size category, or a contact sheet of several.",
        discussion: """
            render-cli --font X.ttf --size 36 --category xxxl out.png
            render-cli --categories all --style body sheet.png
            render-cli --compare-platforms uikit,react-native,android --categories all --style body compare.png
            """)

    @OptionGroup var label: LabelOptions

    @Option(help: "Text colour #RRGGBB or #RRGGBBAA.", transform: ArgumentTransform.color)
    var color: Color = RenderCommand.defaultColor

    @Option(help: "Background colour #RRGGBB or #RRGGBBAA (#FFFFFF00 is transparent).", transform: ArgumentTransform.color)
    var background: Color = RenderCommand.defaultBackground

    @Option(parsing: .unconditional, help: "Space around the label in points (≥ 0).", transform: ArgumentTransform.padding)
    var padding: Double = RenderCommand.defaultPadding

    @Option(parsing: .unconditional, help: "Pixels per point: 1, 2 or 3.", transform: ArgumentTransform.scale)
    var scale: Int = RenderCommand.defaultScale

    @Option(name: .customLong("compare-platforms"), help: "A comma list of platforms (uikit, swiftui, react-native, flutter, android): a sheet with a row each.",
            transform: ArgumentTransform.platforms)
    var comparePlatforms: [PlatformName]?

    @Option(name: .customLong("font-scales"), help: "Android's columns in --compare-platforms: a comma list of font scales (0.1…10). Default: each category's nearest Android scale.",
            transform: ArgumentTransform.fontScales)
    var fontScales: [Double]?

    @Flag(help: "Also print the layout as JSON, with the image's pixel size.")
    var json = false

    @Argument(help: "The PNG file to write.")
    var output: String

    // Named so that ``RenderFastPath`` fills in the same defaults ArgumentParser does.
    static let defaultColor = Color.black
    static let defaultBackground = Color.white
    static let defaultPadding = 8.0
    static let defaultScale = 2

    // Checked when run, not in `validate()`: ArgumentParser validates before it looks for unknown
    // options, so `render --bogus x out.png` would blame the output 'x' (taken for --bogus's
    // value) instead of naming --bogus. A ValidationError here is still a usage error (exit 2).
    func run() throws {
        try label.validateGroups()
        try validateCombination()
        try render()
    }
}

/// The values of ``RenderCommand``, as ArgumentParser parses them or ``RenderFastPath`` reads
/// them, and what they mean (written once, for both).
protocol RenderSettings {
    associatedtype LabelChoice: LabelSettings
    var label: LabelChoice { get }
    var color: Color { get }
    var background: Color { get }
    var padding: Double { get }
    var scale: Int { get }
    var comparePlatforms: [PlatformName]? { get }
    var fontScales: [Double]? { get }
    var json: Bool { get }
    var output: String { get }
}

extension RenderSettings {
    /// Refuses an output name that isn't `.png`: the tool writes only PNG, and PNG bytes in
    /// `label.jpg` would fool whatever opens it by its name.
    func validateCombination() throws {
        try OutputName.requirePNG(output)
        if comparePlatforms != nil && label.fontOptions.dynamicType.givenPlatform != nil {
            throw ValidationError("give --platform or --compare-platforms, not both")
        }
        if fontScales != nil && !(comparePlatforms ?? []).contains(.android) {
            throw ValidationError("--font-scales applies only to --compare-platforms with android")
        }
    }

    /// Draws the label (or the sheet) and writes it to ``output``.
    func render() throws {
        // One second thread for a sheet's three helping jobs (BENCHMARKS.md, "The sheet's PNG on
        // two threads" and after). First the captions, laid out in a font of their own: started
        // now, while this thread loads the label's font and lays it out.
        let drawsSheet = label.asksForSeveralCategories && comparePlatforms == nil
        let helper = drawsSheet ? HelperThread() : nil
        defer { helper?.finish() }
        if let helper { ContactSheet.warmCaptions(on: helper) }
        var text = try label.attributedText()
        for index in text.runs.indices { text.runs[index].attributes.foregroundColor = color }
        let style = try label.paragraphStyle()
        if let comparePlatforms {
            try renderComparison(text, style: style, platforms: comparePlatforms)
            return
        }
        let layouts = try label.layouts(of: text, paragraphStyle: style)
        let image: RGBAImage
        if drawsSheet {
            var sheet = ContactSheet(scale: scale, padding: padding, background: background)
            sheet.columns = min(4, layouts.count)
            sheet.helper = helper
            image = try sheet.render(layouts)
        } else {
            image = try Rasterizer().render(layouts[0], scale: scale, padding: padding, background: background)
        }
        // One picture a process: a sheet's PNG may use the second core.
        if let helper {
            try PNGCodec.write(image, to: output, helper: helper)
        } else {
            try PNGCodec.write(image, to: output, usingSecondThread: true)
        }
        if json {
            let reports = layouts.map(LayoutDescription.init)
            let value = RenderReport(image: .init(width: image.width, height: image.height), path: output,
                                     layouts: !label.asksForSeveralCategories ? nil : reports,
                                     layout: !label.asksForSeveralCategories ? reports[0] : nil)
            print(try ReviewableJSON.string(value))
        }
    }
}

extension RenderSettings {
    /// The platform comparison sheet: a row per platform, a column per category (Android's per
    /// font scale), written to the output; with --json, each cell's setting and size.
    private func renderComparison(_ text: AttributedText, style: ParagraphStyle, platforms: [PlatformName]) throws {
        let rows = try PlatformComparisonSheet.rows(
            for: text, paragraphStyle: style, platforms: platforms.map { $0.platform(fontScale: 1) },
            categories: label.categoryList, androidFontScales: fontScales, in: label.context)
        let image = try PlatformComparisonSheet(scale: scale, padding: padding, background: background).render(rows)
        try PNGCodec.write(image, to: output, usingSecondThread: true)
        if json {
            let report = ComparisonReport(
                image: .init(width: image.width, height: image.height), path: output,
                rows: rows.map { row in
                    .init(platform: row.title, cells: row.cells.map { .init(setting: $0.setting, pointSize: $0.layout.pointSize) })
                })
            print(try ReviewableJSON.string(report))
        }
    }
}

struct ComparisonReport: Encodable {
    struct Row: Encodable {
        let platform: String
        let cells: [Cell]
    }

    struct Cell: Encodable {
        let setting: String
        let pointSize: Double
    }

    let image: RenderReport.PixelSize
    let path: String
    let rows: [Row]
}

struct RenderReport: Encodable {
    struct PixelSize: Encodable {
        let width: Int
        let height: Int
    }

    let image: PixelSize
    let path: String
    let layouts: [LayoutDescription]?
    let layout: LayoutDescription?
}

/// The check every subcommand that writes an image makes of the file name it was given.
enum OutputName {
    /// Throws a usage error unless `path` ends in `.png` (any case).
    static func requirePNG(_ path: String) throws {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard name.count > 4, name.lowercased().hasSuffix(".png") else {
            throw ValidationError("output '\(path)' must be a .png file name: render-cli writes PNG images only")
        }
    }
}
