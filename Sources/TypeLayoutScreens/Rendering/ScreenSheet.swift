import TypeLayout
import TypeLayoutRendering

/// One picture of a screen at several content size categories: each layout drawn whole by a
/// ``ScreenRenderer``, framed at the device's width, with the category's full name above it
/// (`ContentSizeCategory.fullName`), as TypeLayout's `ContactSheet` shows a label. The strip
/// beside each screen for the fold's caption is the sheet's background, outside the frame.
///
/// The cells read in the layouts' order (xs … ax5 for the twelve categories), left to right
/// in rows of ``columns``, each row as tall as its tallest screen and each column as wide as
/// its widest screen or caption. An earlier sheet packed the cells into columns of unequal
/// height to save pixels; people found the order hard to follow, so the order wins.
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

    /// A sheet of rows of `columns` cells drawn by `renderer` (with 6, the 12 categories are two
    /// rows: xs … xxl, then xxxl … ax5).
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
        let plan = try Plan(self, layouts: layouts, engine: engine)
        var canvas = try Canvas(width: plan.width, height: plan.height, background: background)
        try draw(plan, into: &canvas, rasterizer: rasterizer)
        return canvas.takeImage()
    }

    /// Renders the layouts as ``render(_:engine:rasterizer:)`` does, the same pixels, and writes
    /// them as a PNG file at `path` (atomically, as `PNGCodec.write(_:to:)` does), drawn and
    /// compressed a band of rows at a time on a few threads, so that the whole sheet is never
    /// held: a sheet of twelve tall screens at @2x is over 100 MB of pixels.
    ///
    /// - Throws: the errors of ``render(_:engine:rasterizer:)``, and `ImageError`'s when the file
    ///   can't be written; nothing is written then.
    public func writePNG(_ layouts: [ScreenLayout], to path: String, engine: TextLayoutEngine = .shared,
                         rasterizer: Rasterizer = Rasterizer()) throws {
        var measuring = try Plan(self, layouts: layouts, engine: engine)
        try measuring.measureInks(renderer: renderer, rasterizer: rasterizer)
        let plan = measuring
        try PNGCodec.write(width: plan.width, height: plan.height, background: background, to: path) { canvas in
            try draw(plan, into: &canvas, rasterizer: rasterizer)
        }
    }

    /// Where the cells go, for tests: the sheet's size in pixels, each cell's caption's top-left
    /// corner (the cell starts `captionHeight` below it) and the cells' sizes.
    func placement(of layouts: [ScreenLayout], engine: TextLayoutEngine = .shared) throws
        -> (width: Int, height: Int, origins: [(left: Int, top: Int)], captionHeight: Int, cells: [(width: Int, height: Int)]) {
        let plan = try Plan(self, layouts: layouts, engine: engine)
        return (plan.width, plan.height, plan.origins, plan.captionHeight, plan.cells)
    }

    /// What drawing the sheet needs, worked out once for all its bands: the cells' places,
    /// their captions, the fold's caption and the status bars' clocks.
    private struct Plan: Sendable {
        let layouts: [ScreenLayout]
        let width: Int, height: Int
        let origins: [(left: Int, top: Int)]
        let cells: [(width: Int, height: Int)]
        let captions: [TextLayout]
        let captionHeight: Int
        let texts: ScreenRenderer.Texts
        /// Each layout's ``ScreenRenderer/textInks(of:left:top:texts:rasterizer:)`` in its cell, for
        /// drawing in bands; empty when drawing whole.
        private(set) var inks: [[TextInk?]] = []

        init(_ sheet: ScreenSheet, layouts: [ScreenLayout], engine: TextLayoutEngine) throws {
            let scale = sheet.renderer.scale
            try SheetCells.check(scale: scale, padding: 0)
            let captionFont = try Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize)
            captions = try layouts.map {
                try SheetCells.label($0.category.fullName, font: captionFont, color: sheet.captionColor, engine: engine)
            }
            let cells = try layouts.map { try sheet.renderer.imageSize(of: $0) }
            captionHeight = ContactSheet.pixels((captions.map(\.size.height).max() ?? 0) + 2, scale: Double(scale))
            let gap = ContactSheet.pixels(ContactSheet.gap, scale: Double(scale))
            // A column is as wide as its widest caption too, so that no caption runs into the
            // next cell (a 200 pt view under "Accessibility Extra Extra Extra Large").
            let placed = zip(cells, captions).map { cell, caption in
                (width: max(cell.width, ContactSheet.pixels(caption.size.width + 2, scale: Double(scale))), height: cell.height)
            }
            let grid = SheetCells.Grid(cells: placed, columns: sheet.columns, captionHeight: captionHeight, gap: gap)
            (width, height, origins) = (grid.width, grid.height, grid.origins)
            try ScreenRenderingError.check(width: width, height: height, scale: scale)
            texts = try sheet.renderer.texts(for: layouts, engine: engine)
            self.layouts = layouts
            self.cells = cells
        }

        /// Measures every text's glyph rows in its cell once (rasterizing the glyphs the bands
        /// then draw), before the bands start: on this thread from the first cell, and on a
        /// second thread (`SheetCells.CellWarming`) from the last cell back, until they meet.
        ///
        /// Since kept outlines rasterize under their own lock, not the face's, the two threads
        /// rasterize at once. A cell's rows are the same whichever thread measured them (a
        /// cached glyph is the same pixels whoever rasterized it), so the sheet's bytes don't
        /// depend on how the cells were shared.
        mutating func measureInks(renderer: ScreenRenderer, rasterizer: Rasterizer) throws {
            let plan = self
            let measuredByOtherThread = Lock([[TextInk?]?](repeating: nil, count: layouts.count))
            let warming = SheetCells.CellWarming(count: layouts.count) { index in
                // An error is met again, and thrown, when this thread measures the cell itself.
                guard let inks = try? plan.textInks(ofCell: index, renderer: renderer, rasterizer: rasterizer)
                else { return }
                measuredByOtherThread.withLock { $0[index] = inks }
            }
            var inks: [[TextInk?]] = []
            inks.reserveCapacity(layouts.count)
            try warming.drawCells { index in
                let measured = measuredByOtherThread.withLock { $0[index] }
                inks.append(try measured ?? plan.textInks(ofCell: index, renderer: renderer, rasterizer: rasterizer))
            }
            self.inks = inks
        }

        /// The glyph rows of each text of cell `index`, where the sheet places it.
        private func textInks(ofCell index: Int, renderer: ScreenRenderer, rasterizer: Rasterizer) throws -> [TextInk?] {
            try renderer.textInks(of: layouts[index], left: origins[index].left,
                                  top: origins[index].top + captionHeight, texts: texts, rasterizer: rasterizer)
        }
    }

    /// Draws the sheet's cells into `canvas`, the whole sheet or a band of its rows: cells
    /// wholly outside the band's rows are skipped, which changes none of its pixels.
    private func draw(_ plan: Plan, into canvas: inout Canvas, rasterizer: Rasterizer) throws {
        let scale = renderer.scale
        let rows = canvas.bounds
        for (index, origin) in plan.origins.enumerated() {
            let cellTop = origin.top + plan.captionHeight, cell = plan.cells[index]
            // The caption's glyphs may reach a little past its line; a caption's height of
            // margin is far more than they do.
            guard origin.top - plan.captionHeight < rows.maxY, cellTop + cell.height + 1 + plan.captionHeight > rows.minY
            else { continue }
            try rasterizer.draw(plan.captions[index], into: &canvas, atX: Double(origin.left), y: Double(origin.top), scale: scale)
            // The frame goes round the screen alone, just outside it, so it hides none of the
            // screen; the strip for the fold's caption beside it is the sheet's background, so
            // that a screen reads as the device's width, not wider.
            let layout = plan.layouts[index]
            let screenWidth = try renderer.screenSize(of: layout).width
            canvas.strokeRect(x: origin.left - 1, y: cellTop - 1, width: screenWidth + 2,
                              height: cell.height + 2, lineWidth: 1, color: frameColor)
            // A screen that isn't opaque shows the gutter's colour through it.
            if layout.background.alpha != 255 {
                canvas.fill(x: origin.left, y: cellTop, width: screenWidth, height: cell.height, color: renderer.gutterColor)
            }
            try renderer.draw(layout, into: &canvas, left: origin.left, top: cellTop, texts: plan.texts,
                              rasterizer: rasterizer, inks: plan.inks.isEmpty ? nil : plan.inks[index])
        }
    }
}

extension ContentSizeCategory {
    /// The category's name as UIKit's `UIContentSizeCategory` documentation names its constants,
    /// in words: "Extra Small" (`extraSmall`) … "Accessibility Extra Extra Extra Large"
    /// (`accessibilityExtraExtraExtraLarge`); "Unspecified" for `unspecified`. The screen
    /// sheet's captions.
    public var fullName: String {
        var words: [String] = []
        for character in rawValue {
            if character.isUppercase || words.isEmpty { words.append(String(character).uppercased()) }
            else { words[words.count - 1].append(character) }
        }
        return words.joined(separator: " ")
    }
}

extension ScreenLayout {
    /// The frames dumps of several layouts (a sheet's categories) as one JSON list, in order:
    /// what `render-cli screen --categories … --json` prints and a sheet golden pins.
    public static func framesJSON(_ layouts: [ScreenLayout]) -> String {
        "[\n" + layouts.map { $0.framesJSON() }.joined(separator: ",\n") + "\n]"
    }
}
