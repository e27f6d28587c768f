import TypeLayout
/// One picture of a label under several platforms' text-scaling rules: a row per platform, a
/// cell per setting, each cell captioned with its setting and size, so a person sees where the
/// rules part ways (body at AX5 is 53 pt under UIKit, 60.7 pt under React Native).
///
/// Apple-style platforms take a column per content size category. Android has font scales,
/// not categories: its row takes the scales given, or else each category's nearest scale of
/// `AndroidFontScale/previewFontScales` by body's ratio to large
/// (`nearestAndroidFontScale(to:)`), so its columns line up with the others'. An Android
/// size is in dp, drawn and captioned as points (both are the unit a layout's sizes are in).
public struct PlatformComparisonSheet: Sendable {
    /// One captioned rendering.
    public struct Cell: Sendable {
        /// The setting the cell shows: a category's short name, or an Android font scale (`×1.3`).
        public let setting: String
        /// The label laid out at that setting.
        public let layout: TextLayout

        /// A cell from its setting's name and layout.
        public init(setting: String, layout: TextLayout) {
            self.setting = setting
            self.layout = layout
        }
    }

    /// One platform's cells.
    public struct Row: Sendable {
        /// The platform's name, drawn at the row's left.
        public let title: String
        /// The cells, left to right.
        public let cells: [Cell]

        /// A row from a title and cells.
        public init(title: String, cells: [Cell]) {
            self.title = title
            self.cells = cells
        }
    }

    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    /// Space around each label inside its cell, in points.
    public var padding: Double
    /// The sheet's background.
    public var background: Color
    /// The colour of captions and row titles.
    public var captionColor: Color
    /// The colour of each cell's frame, which shows the label's width.
    public var frameColor: Color

    static let gap = 12.0
    static let titleSize = 13.0

    /// A sheet with grey captions and frames, as ``ContactSheet`` draws them.
    public init(scale: Int = 2, padding: Double = 8, background: Color = .white) {
        self.scale = scale
        self.padding = padding
        self.background = background
        captionColor = Color(red: 0x55, green: 0x55, blue: 0x55)
        frameColor = Color(red: 0xC8, green: 0xC8, blue: 0xC8)
    }

    /// A platform's name as a row title: "UIKit", "SwiftUI", "React Native", "Flutter", "Android".
    public static func title(of platform: TextScalingPlatform) -> String {
        switch platform {
        case .uiKit: "UIKit"
        case .swiftUI: "SwiftUI"
        case .reactNative: "React Native"
        case .flutter: "Flutter"
        case .android: "Android"
        }
    }

    /// The Android preview font scale nearest body's ratio at a category to large (17 pt):
    /// extraSmall → 0.85 … large → 1 … AX2 and up → 2. Ties go to the smaller scale.
    public static func nearestAndroidFontScale(to category: ContentSizeCategory) -> Double {
        let ratio = FlutterTextScaling.textScaleFactor(for: category)
        let scales = AndroidFontScale.previewFontScales.map(\.fontScale)
        return scales.min { abs($0 - ratio) < abs($1 - ratio) } ?? 1
    }

    /// A cell's caption: "ax5 · 60.7 pt".
    public static func caption(for cell: Cell) -> String {
        SheetCells.caption(cell.setting, pointSize: cell.layout.pointSize)
    }

    /// Lays a text out under each platform: at each category, or for Android at each of
    /// `androidFontScales` (else each category's `nearestAndroidFontScale(to:)`; the scale an
    /// `.android` value carries is replaced by the column's).
    ///
    /// - Parameters:
    ///   - text: the label; its fonts' rules decide how each platform scales it.
    ///   - paragraphStyle: the label's paragraph style.
    ///   - platforms: the rows, top to bottom.
    ///   - categories: the columns of every platform but Android.
    ///   - androidFontScales: Android's columns; `nil` maps the categories.
    ///   - context: everything else (scaling mode, system family, Bold Text).
    ///   - engine: lays the text out.
    /// - Throws: the engine's errors.
    public static func rows(
        for text: AttributedText, paragraphStyle: ParagraphStyle = ParagraphStyle(),
        platforms: [TextScalingPlatform], categories: [ContentSizeCategory], androidFontScales: [Double]? = nil,
        in context: DynamicTypeContext = .current, engine: TextLayoutEngine = .shared
    ) throws -> [Row] {
        try platforms.map { platform in
            if case .android = platform {
                let scales = androidFontScales ?? categories.map(nearestAndroidFontScale(to:))
                let cells = try scales.map { fontScale in
                    let android = context.with(.large).with(platform: .android(AndroidFontScale(fontScale)))
                    return Cell(setting: "×\(fontScale.formatted(maxFractionDigits: 2))",
                                layout: try engine.layout(text, paragraphStyle: paragraphStyle, in: android))
                }
                return Row(title: title(of: platform), cells: cells)
            }
            let layouts = try engine.layout(text, paragraphStyle: paragraphStyle, categories: categories,
                                            in: context.with(platform: platform))
            return Row(title: title(of: platform),
                       cells: zip(categories, layouts).map { Cell(setting: $0.shortName, layout: $1) })
        }
    }

    /// Renders the rows into one image: each row's title at its left, then its cells, each with
    /// its caption above; a column is as wide as its widest cell.
    ///
    /// - Throws: `TypeLayoutError/invalidDisplayScale(_:)` for a scale outside
    ///   `Rasterizer/scales`, `TypeLayoutError/invalidValue(_:)` for a padding that is
    ///   negative or not finite, `ImageError/tooLarge(width:height:)` before allocating a
    ///   sheet past the limits.
    public func render(
        _ rows: [Row], engine: TextLayoutEngine = .shared, rasterizer: Rasterizer = Rasterizer()
    ) throws -> RGBAImage {
        try SheetCells.check(scale: scale, padding: padding)
        let captionFont = try Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize)
        let titleFont = try Font(path: BundledFonts.systemText, pointSize: Self.titleSize, weight: .semibold)
        let titles = try rows.map { try SheetCells.label($0.title, font: titleFont, color: captionColor, engine: engine) }
        let captions = try rows.map { row in
            try row.cells.map { try SheetCells.label(Self.caption(for: $0), font: captionFont, color: captionColor, engine: engine) }
        }
        func pixels(_ points: Double) -> Int { ContactSheet.pixels(points, scale: Double(scale)) }
        let gap = pixels(Self.gap)
        let titleWidth = titles.map { pixels($0.size.width) }.max() ?? 0
        let captionHeight = pixels((captions.joined().map(\.size.height).max() ?? 0) + 2)
        let columnCount = rows.map(\.cells.count).max() ?? 0
        var columnWidths = [Int](repeating: 0, count: columnCount)
        var rowHeights = [Int](repeating: 0, count: rows.count)
        for (rowIndex, row) in rows.enumerated() {
            rowHeights[rowIndex] = pixels(titles[rowIndex].size.height)
            for (column, cell) in row.cells.enumerated() {
                let size = SheetCells.cellSize(cell.layout, padding: padding, scale: scale)
                columnWidths[column] = max(columnWidths[column], size.width)
                rowHeights[rowIndex] = max(rowHeights[rowIndex], captionHeight + size.height)
            }
        }
        let width = columnWidths.reduce(gap + titleWidth + gap) { $0 + $1 + gap }
        let height = rowHeights.reduce(gap) { $0 + $1 + gap }
        var canvas = try Canvas(width: width, height: height, background: background)
        var top = gap
        for (rowIndex, row) in rows.enumerated() {
            // The title sits level with the first cell's top edge, below the captions.
            try rasterizer.draw(titles[rowIndex], into: &canvas, atX: Double(gap), y: Double(top + captionHeight), scale: scale)
            var left = gap + titleWidth + gap
            for (column, cell) in row.cells.enumerated() {
                try rasterizer.draw(captions[rowIndex][column], into: &canvas, atX: Double(left), y: Double(top), scale: scale)
                let cellTop = top + captionHeight
                let size = SheetCells.cellSize(cell.layout, padding: padding, scale: scale)
                canvas.strokeRect(x: left, y: cellTop, width: size.width, height: size.height, lineWidth: 1, color: frameColor)
                try SheetCells.drawLabel(cell.layout, into: &canvas, left: left, top: cellTop, padding: padding,
                                         scale: scale, rasterizer: rasterizer)
                left += columnWidths[column] + gap
            }
            top += rowHeights[rowIndex] + gap
        }
        return canvas.takeImage()
    }
}
