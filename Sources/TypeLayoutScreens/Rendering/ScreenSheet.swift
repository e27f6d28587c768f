import TypeLayout
import TypeLayoutRendering

/// One picture of a screen at several content size categories: each layout drawn whole by a
/// ``ScreenRenderer`` in a framed cell with the category's short name above it, as TypeLayout's
/// `ContactSheet` shows a label.
///
/// The cells are in rows of ``columns``, in order, unless flowing them into at most that many
/// columns makes a sheet of fewer pixels: each column read top to bottom in the layouts' order,
/// the short screens of the small sizes stacked beside and below the tall ones of the
/// accessibility sizes instead of each row reserving its tallest screen's height (see
/// `ColumnFlow`). The settings example's 12 categories take 20 % fewer pixels that way.
public struct ScreenSheet: Sendable {
    /// Cells per row, and the most columns the cells flow into.
    public var columns: Int
    /// How each screen is drawn (scale, debug frames, fold).
    public var renderer: ScreenRenderer
    /// The sheet's background.
    public var background: Color
    /// The captions' colour.
    public var captionColor: Color
    /// The colour of each cell's frame.
    public var frameColor: Color

    /// A sheet of at most `columns` columns of cells drawn by `renderer` (with 6, the 12
    /// categories are two rows, or, for a screen that grows much taller at the accessibility
    /// sizes, six columns about as tall as they are wide).
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

    /// What drawing the sheet needs, worked out once for all its bands: the cells' places,
    /// their captions and the fold's caption.
    private struct Plan: Sendable {
        let layouts: [ScreenLayout]
        let width: Int, height: Int
        let origins: [(left: Int, top: Int)]
        let cells: [(width: Int, height: Int)]
        let captions: [TextLayout]
        let captionHeight: Int
        let foldCaption: TextLayout?
        /// Each layout's ``ScreenRenderer/textInks(of:left:top:rasterizer:)`` in its cell, for
        /// drawing in bands; empty when drawing whole.
        private(set) var inks: [[TextInk?]] = []

        init(_ sheet: ScreenSheet, layouts: [ScreenLayout], engine: TextLayoutEngine) throws {
            let scale = sheet.renderer.scale
            try SheetCells.check(scale: scale, padding: 0)
            let captionFont = try Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize)
            captions = try layouts.map {
                try SheetCells.label($0.category.shortName, font: captionFont, color: sheet.captionColor, engine: engine)
            }
            let cells = try layouts.map { try sheet.renderer.imageSize(of: $0) }
            captionHeight = ContactSheet.pixels((captions.map(\.size.height).max() ?? 0) + 2, scale: Double(scale))
            let gap = ContactSheet.pixels(ContactSheet.gap, scale: Double(scale))
            let flow = ColumnFlow(cells: cells, columns: sheet.columns, captionHeight: captionHeight, gap: gap)
            let grid = SheetCells.Grid(cells: cells, columns: sheet.columns, captionHeight: captionHeight, gap: gap)
            // Rows read more easily: the flow only where it saves pixels.
            (width, height, origins) = flow.width * flow.height < grid.width * grid.height
                ? (flow.width, flow.height, flow.origins)
                : (grid.width, grid.height, grid.origins)
            try ScreenRenderingError.check(width: width, height: height, scale: scale)
            foldCaption = try sheet.renderer.foldCaption(engine: engine)
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
                                  top: origins[index].top + captionHeight, rasterizer: rasterizer)
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
            // The frame sits just outside the cell, so it hides none of the screen.
            canvas.strokeRect(x: origin.left - 1, y: cellTop - 1, width: cell.width + 2,
                              height: cell.height + 2, lineWidth: 1, color: frameColor)
            // An opaque screen covers its part of the cell: the gutter's colour is needed beside it
            // only. Else the whole cell gets the gutter's colour first.
            let layout = plan.layouts[index]
            let covered = layout.background.alpha == 255 ? try renderer.screenSize(of: layout).width : 0
            canvas.fill(x: origin.left + covered, y: cellTop, width: cell.width - covered,
                        height: cell.height, color: renderer.gutterColor)
            try renderer.draw(layout, into: &canvas, left: origin.left, top: cellTop, foldCaption: plan.foldCaption,
                              rasterizer: rasterizer, inks: plan.inks.isEmpty ? nil : plan.inks[index])
        }
    }
}

/// Where each cell of a screen sheet goes: cells (each with a caption `captionHeight` pixels tall
/// above it) stacked in at most `columns` columns, `gap` pixels around and between them, as short
/// as that allows.
///
/// The columns are filled first fit, from the last cell back: with cells that grow with the
/// category, the tallest screens are placed first, each in a column of its own, and the shorter
/// ones then fill the room left below them. The height tried starts at the tallest cell's and
/// rises until the cells fit in `columns` columns. Each column then shows its cells in their
/// order, and the columns are ordered by their first cell, so the sheet reads column by column
/// as close to the cells' order as the packing leaves it.
struct ColumnFlow {
    /// The whole sheet's size in pixels.
    let width: Int, height: Int
    /// Each cell's caption's top-left corner, in the cells' order; the cell starts
    /// `captionHeight` below it.
    let origins: [(left: Int, top: Int)]

    /// Arranges cells of the given pixel sizes (each at least 0).
    init(cells: [(width: Int, height: Int)], columns: Int, captionHeight: Int, gap: Int) {
        let heights = cells.map { $0.height + captionHeight }
        let stacks = Self.stacks(heights: heights, columns: max(1, columns), gap: gap)
            .map { $0.sorted() }
            .sorted { $0[0] < $1[0] }
        var origins = [(left: Int, top: Int)](repeating: (0, 0), count: cells.count)
        var left = gap, tallest = 0
        for stack in stacks {
            var top = gap
            for index in stack {
                origins[index] = (left, top)
                top += heights[index] + gap
            }
            tallest = max(tallest, top - gap)
            left += (stack.map { cells[$0].width }.max() ?? 0) + gap
        }
        width = stacks.isEmpty ? 2 * gap : left
        height = stacks.isEmpty ? 2 * gap : tallest + gap
        self.origins = origins
    }

    /// The cells of each column, first fit from the last cell back, in the shortest columns
    /// (tallest stack's height) that hold them all in at most `columns` columns.
    static func stacks(heights: [Int], columns: Int, gap: Int) -> [[Int]] {
        var limit = heights.max() ?? 0
        while true {
            var stacks: [[Int]] = [], used: [Int] = []
            // The least limit at which a cell refused so far would have fitted: below it,
            // every placement comes out the same, so no height in between needs trying.
            var nextLimit = Int.max
            var placedAll = true
            for index in heights.indices.reversed() {
                let height = heights[index]
                if let column = used.indices.first(where: { used[$0] + gap + height <= limit }) {
                    stacks[column].append(index)
                    used[column] += gap + height
                    continue
                }
                nextLimit = used.reduce(nextLimit) { min($0, $1 + gap + height) }
                guard stacks.count < columns else {
                    placedAll = false
                    break
                }
                stacks.append([index])
                used.append(height)
            }
            if placedAll { return stacks }
            limit = nextLimit
        }
    }
}

extension ScreenLayout {
    /// The frames dumps of several layouts (a sheet's categories) as one JSON list, in order:
    /// what `render-cli screen --categories … --json` prints and a sheet golden pins.
    public static func framesJSON(_ layouts: [ScreenLayout]) -> String {
        "[\n" + layouts.map { $0.framesJSON() }.joined(separator: ",\n") + "\n]"
    }
}
