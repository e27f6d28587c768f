import TypeLayout

/// One picture of a screen at several content size categories: each layout drawn by a
/// ``ScreenRenderer`` in a framed cell, in order, with the category's short name above it, as
/// TypeLayout's `ContactSheet` shows a label.
public struct ScreenSheet: Sendable {
    /// Cells per row.
    public var columns: Int
    /// How each screen is drawn (scale, debug frames, fold).
    public var renderer: ScreenRenderer
    /// The sheet's background.
    public var background: Color
    /// The captions' colour.
    public var captionColor: Color
    /// The colour of each cell's frame.
    public var frameColor: Color

    /// A sheet of `columns` cells a row (6 puts the 12 categories in two rows: the small sizes'
    /// short screens above the accessibility sizes' tall ones) drawn by `renderer`.
    public init(renderer: ScreenRenderer = ScreenRenderer(), columns: Int = 6) {
        self.renderer = renderer
        self.columns = max(1, columns)
        background = .white
        captionColor = Color(red: 0x55, green: 0x55, blue: 0x55)
        frameColor = Color(red: 0xC8, green: 0xC8, blue: 0xC8)
    }

    /// Renders the layouts (usually one per category) into one image.
    ///
    /// - Throws: `TypeLayoutError.invalidDisplayScale` for a scale outside
    ///   `Rasterizer.scales`; ``ScreenRenderingError/imageTooLarge(width:height:scale:)``
    ///   before allocating a sheet past the image limits; a glyph that can't be rasterized.
    public func render(_ layouts: [ScreenLayout], engine: TextLayoutEngine = .shared,
                       rasterizer: Rasterizer = Rasterizer()) throws -> RGBAImage {
        let scale = renderer.scale
        try SheetCells.check(scale: scale, padding: 0)
        let captionFont = try Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize)
        let captions = try layouts.map {
            try SheetCells.label($0.category.shortName, font: captionFont, color: captionColor, engine: engine)
        }
        let cells = try layouts.map { try renderer.imageSize(of: $0) }
        let captionHeight = ContactSheet.pixels((captions.map(\.size.height).max() ?? 0) + 2, scale: Double(scale))
        let grid = SheetCells.Grid(cells: cells, columns: columns, captionHeight: captionHeight,
                                   gap: ContactSheet.pixels(ContactSheet.gap, scale: Double(scale)))
        try ScreenRenderingError.check(width: grid.width, height: grid.height, scale: scale)
        var canvas = try Canvas(width: grid.width, height: grid.height, background: background)
        let foldCaption = try renderer.foldCaption(engine: engine)
        for (index, origin) in grid.origins.enumerated() {
            try rasterizer.draw(captions[index], into: &canvas, atX: Double(origin.left), y: Double(origin.top), scale: scale)
            let cellTop = origin.top + captionHeight
            // The frame sits just outside the cell, so it hides none of the screen.
            canvas.strokeRect(x: origin.left - 1, y: cellTop - 1, width: cells[index].width + 2,
                              height: cells[index].height + 2, lineWidth: 1, color: frameColor)
            canvas.fill(x: origin.left, y: cellTop, width: cells[index].width, height: cells[index].height,
                        color: renderer.gutterColor)
            try renderer.draw(layouts[index], into: &canvas, left: origin.left, top: cellTop, foldCaption: foldCaption,
                              rasterizer: rasterizer)
        }
        return canvas.takeImage()
    }
}

extension ScreenLayout {
    /// The frames dumps of several layouts (a sheet's categories) as one JSON list, in order:
    /// what `render-cli screen --categories … --json` prints and a sheet golden pins.
    public static func framesJSON(_ layouts: [ScreenLayout]) -> String {
        "[\n" + layouts.map { $0.framesJSON() }.joined(separator: ",\n") + "\n]"
    }
}
