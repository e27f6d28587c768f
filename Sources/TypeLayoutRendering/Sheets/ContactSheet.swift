import TypeLayout
/// One picture of a label at several content size categories: each rendering in a cell, in
/// category order, with the category's short name and point size written above it, so a person
/// sees the whole Dynamic Type range at a glance.
public struct ContactSheet: Sendable {
    /// Cells per row.
    public var columns: Int
    /// Pixels per point: 1, 2 or 3.
    public var scale: Int
    /// Space around each label inside its cell, in points.
    public var padding: Double
    /// The cells' and the sheet's background.
    public var background: Color
    /// The captions' colour.
    public var captionColor: Color
    /// The colour of each cell's frame, which shows the label's width.
    public var frameColor: Color
    /// The colour that outlines cells listed as failing.
    public var failureColor: Color
    /// A second thread that rasterizes the last (largest) cells' glyphs while this one draws
    /// from the first (``SheetCells/CellWarming``): the same pixels, sooner when a second core
    /// is free. None by default: callers that render several sheets at once (the audit's)
    /// already keep the cores busy.
    package var helper: HelperThread?

    package static let gap = 12.0

    /// A sheet with four columns and grey captions and frames.
    public init(columns: Int = 4, scale: Int = 2, padding: Double = 8, background: Color = .white) {
        self.columns = max(1, columns)
        self.scale = scale
        self.padding = padding
        self.background = background
        captionColor = Color(red: 0x55, green: 0x55, blue: 0x55)
        frameColor = Color(red: 0xC8, green: 0xC8, blue: 0xC8)
        failureColor = Color(red: 0xE0, green: 0x1E, blue: 0x1E)
    }

    /// Points to whole pixels, rounded up. Capped far above any allowed side (without trapping)
    /// so that Canvas reports it; a negative or negative infinite size (negative tracking) is
    /// no pixels.
    package static func pixels(_ points: Double, scale: Double) -> Int {
        let value = (points * scale).rounded(.up)
        guard !value.isNaN, value < Double(1 << 40) else { return 1 << 40 }
        return value > 0 ? Int(value) : 0
    }

    /// The caption above a layout's cell: "ax5 · 53 pt".
    public static func caption(for layout: TextLayout) -> String {
        SheetCells.caption(layout.category.shortName, pointSize: layout.pointSize)
    }

    /// Starts laying out a caption with every character captions use, on a thread of its own:
    /// the captions' font loaded, its HarfBuzz tables read and its fallback answers kept while
    /// the caller lays out its labels, which ``render(_:failing:engine:rasterizer:)`` then finds
    /// ready (the captions themselves are other texts, laid out then; the same layouts, hence
    /// the same pixels, as without). `helper`'s first job; an error is the render's to report.
    @discardableResult
    package static func warmCaptions(engine: TextLayoutEngine = .shared, on helper: HelperThread) -> SharedTask<Void> {
        helper.run {
            let names = ContentSizeCategory.allCases.map(\.shortName).joined(separator: " ")
            _ = try? SheetCells.label(SheetCells.caption(names, pointSize: 1_234_567_890.5),
                                      font: Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize),
                                      color: .black, engine: engine)
        }
    }

    /// Renders the layouts (usually one per category) into one image; categories in `failing`
    /// get a thick outline.
    ///
    /// - Throws: `TypeLayoutError/invalidDisplayScale(_:)` for a scale outside
    ///   `Rasterizer/scales`, `TypeLayoutError/invalidValue(_:)` for a padding that is
    ///   negative or not finite, `ImageError/tooLarge(width:height:)` before allocating a
    ///   sheet past the limits.
    public func render(
        _ layouts: [TextLayout], failing: Set<ContentSizeCategory> = [],
        engine: TextLayoutEngine = .shared, rasterizer: Rasterizer = Rasterizer()
    ) throws -> RGBAImage {
        try SheetCells.check(scale: scale, padding: padding)
        // 0 columns would divide by 0.
        let columns = max(1, self.columns)
        func pixels(_ points: Double) -> Int { Self.pixels(points, scale: Double(scale)) }
        let cells = layouts.map { SheetCells.cellSize($0, padding: padding, scale: scale) }
        // The glyphs' images depend on their columns only, and a cell's left edge doesn't
        // depend on the captions' height: the cells are warmed while the captions are laid out.
        let lefts = SheetCells.Grid(cells: cells, columns: columns, captionHeight: 0, gap: pixels(Self.gap)).origins.map(\.left)
        let warmCell: @Sendable (Int) -> Void = { index in
            _ = try? rasterizer.warm(layouts[index], atX: SheetCells.labelEdge(lefts[index], padding: padding, scale: scale),
                                     scale: scale)
        }
        let warming = SheetCells.CellWarming(count: layouts.count, on: helper, warm: helper.map { _ in warmCell })
        let captionFont = try Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize)
        let captions = try layouts.map {
            try SheetCells.label(Self.caption(for: $0), font: captionFont, color: captionColor, engine: engine)
        }
        let captionHeight = pixels((captions.map(\.size.height).max() ?? 0) + 2)
        let grid = SheetCells.Grid(cells: cells, columns: columns, captionHeight: captionHeight, gap: pixels(Self.gap))
        // Canvas checks the size (ImageError.tooLarge) before allocating.
        var canvas = try Canvas(width: grid.width, height: grid.height, background: background)
        try warming.drawCells { index in
            let (left, top) = grid.origins[index]
            try rasterizer.draw(captions[index], into: &canvas, atX: Double(left), y: Double(top), scale: scale)
            let cellTop = top + captionHeight
            let failed = failing.contains(layouts[index].category)
            let line = failed ? max(2, scale * 2) : 1
            canvas.strokeRect(x: left - (failed ? line : 0), y: cellTop - (failed ? line : 0),
                              width: cells[index].width + (failed ? 2 * line : 0),
                              height: cells[index].height + (failed ? 2 * line : 0),
                              lineWidth: line, color: failed ? failureColor : frameColor)
            try SheetCells.drawLabel(layouts[index], into: &canvas, left: left, top: cellTop, padding: padding,
                                     scale: scale, rasterizer: rasterizer)
        }
        return canvas.takeImage()
    }
}
