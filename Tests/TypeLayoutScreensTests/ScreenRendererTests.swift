import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutScreens
import TypeLayoutRendering

/// The screen renderer's pixels, from layouts built by hand: each expectation is a colour that
/// a wrong corner, edge, clip, fold or outline would change.
@Suite struct ScreenRendererTests {
    static let red = Color(red: 255, green: 0, blue: 0)
    static let green = Color(red: 0, green: 200, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)
    static let yellow = Color(red: 255, green: 220, blue: 0)

    /// A layout on a `width × height` device whose root fills it (white), with `children`
    /// (frames in screen points, each the root's child unless it names another parent).
    static func screen(width: Double = 100, height: Double = 100, rootStyle: BoxStyle = BoxStyle(),
                       _ children: [ScreenLayout.Node] = []) -> ScreenLayout {
        let root = ScreenLayout.Node(id: "root", path: "0", kind: .box, parent: nil,
                                     frame: BoxRect(x: 0, y: 0, width: width, height: height), style: rootStyle, category: .large)
        return ScreenLayout(category: .large, device: Device(width: width, height: height), background: .white,
                            nodes: [root] + children)
    }

    static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double, parent: Int = 0,
                    kind: ScreenLayout.Node.Kind = .box, text: TextLayout? = nil, image: ScreenLayout.ImageFill? = nil,
                    _ configure: (inout BoxStyle) -> Void = { _ in }) -> ScreenLayout.Node {
        var style = BoxStyle()
        configure(&style)
        return ScreenLayout.Node(id: nil, path: "0.x", kind: kind, parent: parent,
                                 frame: BoxRect(x: x, y: y, width: width, height: height), style: style, category: .large,
                                 text: text, image: image)
    }

    static func render(_ layout: ScreenLayout, scale: Int = 1, debugFrames: Bool = false, marksFold: Bool = false) throws -> RGBAImage {
        try ScreenRenderer(scale: scale, debugFrames: debugFrames, marksFold: marksFold).render(layout)
    }

    @Test func roundedCornersLeaveTheCornerOutAndBlendTheCurve() throws {
        let image = try Self.render(Self.screen([Self.box(0, 0, 100, 100) {
            $0.backgroundColor = Self.red
            $0.borderRadius = 20
        }]))
        #expect(image.width == 100 && image.height == 100)
        // Outside the curve, every corner.
        for (x, y) in [(0, 0), (99, 0), (0, 99), (99, 99), (3, 3), (96, 3)] {
            #expect(image.pixel(x: x, y: y) == .white, "(\(x), \(y))")
        }
        // Inside: the middle, the straight edges, and just within the curve.
        for (x, y) in [(50, 50), (0, 50), (99, 50), (50, 0), (50, 99), (8, 8), (91, 91)] {
            #expect(image.pixel(x: x, y: y) == Self.red, "(\(x), \(y))")
        }
        // The curve crosses the diagonal at 20 − 20/√2 = 5.86: that pixel is part red.
        let edge = image.pixel(x: 5, y: 5)
        #expect(edge.red == 255 && edge.green > 0 && edge.green < 255, "\(edge)")
        // Symmetric corners are drawn alike.
        #expect(image.pixel(x: 94, y: 5) == edge && image.pixel(x: 5, y: 94) == edge && image.pixel(x: 94, y: 94) == edge)
    }

    @Test func aFractionalEdgeCoversItsPixelByTheFraction() throws {
        // x from 10.5: pixel 10 is half black over white.
        let image = try Self.render(Self.screen([Self.box(10.5, 0, 20, 100) { $0.backgroundColor = .black }]))
        #expect(image.pixel(x: 10, y: 50) == Color(red: 127, green: 127, blue: 127))
        #expect(image.pixel(x: 11, y: 50) == .black)
        #expect(image.pixel(x: 30, y: 50) == Color(red: 127, green: 127, blue: 127))
        #expect(image.pixel(x: 31, y: 50) == .white)
    }

    @Test func bordersPaintEachEdgeAtItsWidthInsideTheFrame() throws {
        let image = try Self.render(Self.screen([Self.box(10, 10, 80, 80) {
            $0.backgroundColor = Self.yellow
            $0.borderColor = Self.blue
            $0.borderWidth = Edges(all: 4, top: 10)
        }]))
        #expect(image.pixel(x: 9, y: 50) == .white)
        #expect(image.pixel(x: 10, y: 50) == Self.blue)
        #expect(image.pixel(x: 13, y: 50) == Self.blue)
        #expect(image.pixel(x: 14, y: 50) == Self.yellow)
        #expect(image.pixel(x: 86, y: 50) == Self.blue && image.pixel(x: 85, y: 50) == Self.yellow)
        #expect(image.pixel(x: 50, y: 19) == Self.blue && image.pixel(x: 50, y: 20) == Self.yellow)
        #expect(image.pixel(x: 50, y: 86) == Self.blue && image.pixel(x: 50, y: 85) == Self.yellow)
    }

    @Test func startAndEndBordersFollowTheDirection() throws {
        func leftAndRight(_ direction: Direction) throws -> (Color, Color) {
            let image = try Self.render(Self.screen([Self.box(0, 0, 100, 100) {
                $0.direction = direction
                $0.borderColor = Self.blue
                $0.borderWidth = Edges(start: 6)
            }]))
            return (image.pixel(x: 2, y: 50), image.pixel(x: 97, y: 50))
        }
        #expect(try leftAndRight(.ltr) == (Self.blue, .white))
        #expect(try leftAndRight(.rtl) == (.white, Self.blue))
    }

    /// A root that doesn't set a direction takes the layout's (a right-to-left language's), as
    /// the layout pass resolved it: its `start` border and padding are on the right, and so is
    /// what inherits from it.
    @Test func aRootInheritsTheLayoutsDirection() throws {
        func sides(_ direction: Direction) throws -> (root: (Color, Color), child: (Color, Color)) {
            var rootStyle = BoxStyle()
            rootStyle.borderColor = Self.blue
            rootStyle.borderWidth = Edges(start: 6)
            let plain = Self.screen(rootStyle: rootStyle, [Self.box(10, 10, 80, 80) {
                $0.borderColor = Self.red
                $0.borderWidth = Edges(start: 4)
            }])
            let layout = ScreenLayout(category: .large, device: plain.device, background: .white, nodes: plain.nodes,
                                      direction: direction)
            let image = try Self.render(layout)
            return ((image.pixel(x: 2, y: 5), image.pixel(x: 97, y: 5)), (image.pixel(x: 12, y: 50), image.pixel(x: 87, y: 50)))
        }
        let ltr = try sides(.ltr), rtl = try sides(.rtl)
        #expect(ltr.root == (Self.blue, .white) && ltr.child == (Self.red, .white))
        #expect(rtl.root == (.white, Self.blue) && rtl.child == (.white, Self.red))
    }

    @Test func aRoundedBorderFollowsTheCurveAndIsBlackWithoutAColour() throws {
        let image = try Self.render(Self.screen([Self.box(0, 0, 100, 100) {
            $0.borderWidth = Edges(all: 3)
            $0.borderRadius = 30
        }]))
        #expect(image.pixel(x: 1, y: 50) == .black)
        #expect(image.pixel(x: 50, y: 1) == .black)
        #expect(image.pixel(x: 1, y: 1) == .white)
        // On the diagonal the curve is at 30 − 30/√2 = 8.8 from the corner; well inside is white.
        #expect(image.pixel(x: 10, y: 10) == .black)
        #expect(image.pixel(x: 20, y: 20) == .white)
        #expect(image.pixel(x: 50, y: 50) == .white)
    }

    @Test func overflowHiddenClipsDescendantsToThePaddingBox() throws {
        for overflow in Overflow.allCases {
            let image = try Self.render(Self.screen([
                Self.box(10, 10, 50, 50) {
                    $0.overflow = overflow
                    $0.borderWidth = Edges(all: 5)
                    $0.borderColor = Self.blue
                },
                // A child as large as the screen, a grandchild past the clip too.
                Self.box(0, 0, 100, 100, parent: 1) { $0.backgroundColor = Self.green },
                Self.box(70, 70, 20, 20, parent: 2) { $0.backgroundColor = Self.red },
            ]))
            let clips = overflow != .visible
            #expect(image.pixel(x: 30, y: 30) == Self.green)
            #expect(image.pixel(x: 80, y: 80) == (clips ? .white : Self.red), "\(overflow)")
            #expect(image.pixel(x: 5, y: 5) == (clips ? .white : Self.green), "\(overflow)")
            // The border is the parent's own: children are clipped inside it.
            #expect(image.pixel(x: 12, y: 30) == (clips ? Self.blue : Self.green), "\(overflow)")
            #expect(image.pixel(x: 15, y: 30) == Self.green)
        }
    }

    @Test func aRoundedClipCutsDescendantsToItsCurve() throws {
        let image = try Self.render(Self.screen([
            Self.box(0, 0, 100, 100) {
                $0.overflow = .hidden
                $0.borderRadius = 30
                $0.borderWidth = Edges(all: 2)
                $0.borderColor = Self.blue
            },
            Self.box(0, 0, 100, 100, parent: 1) { $0.backgroundColor = Self.green },
        ]))
        // Outside the curve: white; the border on the curve stays the parent's; inside: the child.
        #expect(image.pixel(x: 2, y: 2) == .white && image.pixel(x: 97, y: 97) == .white)
        #expect(image.pixel(x: 9, y: 9) == Self.blue)
        #expect(image.pixel(x: 20, y: 20) == Self.green && image.pixel(x: 50, y: 1) == Self.blue)
        #expect(image.pixel(x: 50, y: 50) == Self.green)
        // A bitmap is cut to its own rounded box, without overflow.
        let bitmap = try RGBAImage(width: 1, height: 1, pixels: [255, 0, 0, 255])
        let icon = try Self.render(Self.screen([Self.box(0, 0, 40, 40, kind: .image, image: .bitmap(bitmap)) { $0.borderRadius = 12 }]))
        #expect(icon.pixel(x: 0, y: 0) == .white && icon.pixel(x: 39, y: 39) == .white)
        #expect(icon.pixel(x: 20, y: 20) == Self.red && icon.pixel(x: 0, y: 20) == Self.red)
    }

    /// A SwiftUI scroll view's content is drawn whole past its viewport, unless something is
    /// pinned below the viewport (it ends above the device's bottom): then it is cut to the
    /// viewport, so the pinned view is on top and the picture ends at the device's bottom.
    @Test func aScrollViewAbovePinnedViewsClipsItsContent() throws {
        func layout(viewportHeight: Double) -> ScreenLayout {
            var viewport = Self.box(0, 0, 100, viewportHeight)
            viewport.scrollsContent = true
            let content = Self.box(0, 0, 100, 250, parent: 1) { $0.backgroundColor = Self.red }
            let pinned = Self.box(20, viewportHeight, 60, 100 - viewportHeight) { $0.borderWidth = Edges(top: 1) }
            return Self.screen([viewport, content, pinned])
        }
        let pinnedBelow = layout(viewportHeight: 70)
        #expect(pinnedBelow.contentHeight == 100)
        let cut = try Self.render(pinnedBelow)
        #expect(cut.height == 100)
        #expect(cut.pixel(x: 50, y: 60) == Self.red)
        // Beside and inside the pinned view, under the viewport's bottom: not the content.
        #expect(cut.pixel(x: 10, y: 85) == .white && cut.pixel(x: 50, y: 85) == .white)
        // Reaching the device's bottom, nothing is pinned below: the content is drawn whole.
        let whole = layout(viewportHeight: 100)
        #expect(whole.contentHeight == 250)
        let drawn = try Self.render(whole)
        #expect(drawn.height == 250 && drawn.pixel(x: 50, y: 200) == Self.red)
    }

    @Test func aClipEndsWithItsSubtree() throws {
        let image = try Self.render(Self.screen([
            Self.box(0, 0, 50, 50) { $0.overflow = .hidden },
            Self.box(0, 0, 80, 80, parent: 1) { $0.backgroundColor = Self.green },
            // The clipping box's sibling, painted after its subtree, is not clipped.
            Self.box(0, 60, 100, 40) { $0.backgroundColor = Self.red },
        ]))
        #expect(image.pixel(x: 70, y: 40) == .white)
        #expect(image.pixel(x: 90, y: 90) == Self.red)
    }

    @Test func theFoldIsMarkedAtTheDeviceHeightWhenTheContentRunsPastIt() throws {
        for scale in Rasterizer.scales {
            let tall = Self.screen(width: 100, height: 200, [Self.box(0, 0, 100, 300) { $0.backgroundColor = Self.yellow }])
            let renderer = ScreenRenderer(scale: scale)
            let image = try renderer.render(tall)
            let gutter = Int(ScreenRenderer.gutterWidth) * scale
            #expect(image.width == 100 * scale + gutter && image.height == 300 * scale)
            let fold = 200 * scale
            #expect(image.pixel(x: 0, y: fold) == renderer.foldColor)
            #expect(image.pixel(x: 0, y: fold + scale - 1) == renderer.foldColor)
            #expect(image.pixel(x: 0, y: fold - 1) == Self.yellow)
            #expect(image.pixel(x: 0, y: fold + scale) == Self.yellow)
            // Dashed: a gap after each dash.
            #expect(image.pixel(x: 4 * scale, y: fold) == Self.yellow)
            // The line runs into the gutter, and the caption is drawn there below it.
            #expect(image.pixel(x: 100 * scale + 1, y: fold) == renderer.foldColor)
            var captionPixels = 0
            for y in (fold + scale)..<(fold + 20 * scale) {
                for x in (100 * scale)..<image.width where image.pixel(x: x, y: y) != renderer.gutterColor { captionPixels += 1 }
            }
            #expect(captionPixels > 10 * scale * scale, "caption pixels: \(captionPixels)")
            // Nothing above the fold in the gutter.
            #expect(image.pixel(x: 100 * scale + 10, y: fold / 2) == renderer.gutterColor)
        }
        // Content that fits: no line.
        let fits = try ScreenRenderer(scale: 1).render(Self.screen(width: 100, height: 200))
        #expect(fits.height == 200)
        #expect((0..<fits.width).allSatisfy { fits.pixel(x: $0, y: 199) != ScreenRenderer().foldColor })
    }

    @Test func debugFramesOutlineEveryNodeInItsDepthsColour() throws {
        let layout = Self.screen([Self.box(10, 10, 30, 30) { $0.backgroundColor = Self.yellow },
                                  Self.box(15, 15, 10, 10, parent: 1)])
        let plain = try Self.render(layout)
        let outlined = try Self.render(layout, debugFrames: true)
        let colors = ScreenRenderer.debugFrameColors
        #expect(plain.pixel(x: 10, y: 20) == Self.yellow)
        #expect(outlined.pixel(x: 10, y: 20) == colors[1])
        #expect(outlined.pixel(x: 39, y: 20) == colors[1])
        #expect(outlined.pixel(x: 11, y: 20) == Self.yellow)
        #expect(outlined.pixel(x: 0, y: 50) == colors[0] && outlined.pixel(x: 99, y: 50) == colors[0])
        #expect(outlined.pixel(x: 15, y: 20) == colors[2])
        #expect(plain.pixel(x: 0, y: 50) == .white)
    }

    @Test func textIsDrawnInTheContentBox() throws {
        let font = try Font(path: BundledFonts.systemText, pointSize: 17)
        let text = try TextLayoutEngine.shared.layout(AttributedText("Hello", font: font),
                                                      paragraphStyle: ParagraphStyle(width: 60), category: .large)
        let image = try Self.render(Self.screen([Self.box(10, 10, 80, 40, kind: .text, text: text) {
            $0.padding = Edges(all: 10)
            $0.borderWidth = Edges(all: 2)
            $0.borderColor = Self.blue
        }]))
        var inked: (minX: Int, minY: Int, maxX: Int, maxY: Int) = (.max, .max, .min, .min)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                guard pixel.red < 128, pixel.red == pixel.blue else { continue }
                inked = (min(inked.minX, x), min(inked.minY, y), max(inked.maxX, x), max(inked.maxY, y))
            }
        }
        // Content box from (22, 22); the H's stem starts within a pixel or two of its left.
        #expect(inked.minX >= 22 && inked.minX <= 24, "\(inked)")
        #expect(inked.minY >= 22 && inked.minY <= 27, "\(inked)")
        #expect(inked.maxX < 22 + 60 && inked.maxY < 22 + 20, "\(inked)")
    }

    @Test func bitmapsAreScaledToTheContentBoxAndPlaceholdersFilled() throws {
        let bitmap = try RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 200, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0])
        let image = try Self.render(Self.screen([
            Self.box(0, 0, 40, 40, kind: .image, image: .bitmap(bitmap)) { $0.backgroundColor = Self.yellow },
            Self.box(50, 50, 20, 20, kind: .image, image: .color(Self.blue)) { $0.padding = Edges(all: 5) },
        ]))
        #expect(image.pixel(x: 2, y: 2) == Self.red)
        #expect(image.pixel(x: 37, y: 2) == Self.green)
        #expect(image.pixel(x: 2, y: 37) == Self.blue)
        // The transparent pixel shows the node's own background.
        #expect(image.pixel(x: 37, y: 37) == Self.yellow)
        // Between red and green: a blend of both, no blue.
        let middle = image.pixel(x: 19, y: 2)
        #expect(middle.red > 50 && middle.green > 50 && middle.blue == 0, "\(middle)")
        #expect(image.pixel(x: 60, y: 60) == Self.blue)
        #expect(image.pixel(x: 52, y: 60) == .white)
    }

    @Test func aPictureTooLargeIsAClearErrorBeforeAnythingIsAllocated() throws {
        let tall = Self.screen(width: 400, height: 100, [Self.box(0, 0, 400, 20_000)])
        #expect(throws: ScreenRenderingError.imageTooLarge(width: 1308, height: 60_000, scale: 3)) {
            try Self.render(tall, scale: 3, marksFold: true)
        }
        let message = ScreenRenderingError.imageTooLarge(width: 1308, height: 60_000, scale: 3).description
        #expect(message.contains("1308 × 60000 px at @3x") && message.contains("16384"))
        #expect(throws: TypeLayoutError.invalidDisplayScale(4)) { try Self.render(tall, scale: 4) }
    }

    @Test func aSheetTooLargeIsTheSameClearError() throws {
        // Each screen fits (1,308 × 15,000 px at @3x); two rows of them don't.
        let tall = Self.screen(width: 400, height: 100, [Self.box(0, 0, 400, 5_000)])
        #expect(throws: ScreenRenderingError.self) {
            try ScreenSheet(renderer: ScreenRenderer(scale: 3)).render(Array(repeating: tall, count: 12))
        }
        #expect(try ScreenRenderer(scale: 3).imageSize(of: tall) == (1_308, 15_000))
    }

    @Test func aSheetPutsEachCategoryInACaptionedCell() throws {
        let layouts = ContentSizeCategory.allCases.map { category in
            // Wider than every caption, so that the screens set the columns' widths.
            ScreenLayout(category: category, device: Device(width: 250, height: 80), background: Self.yellow,
                         nodes: [Self.box(0, 0, 250, 80 + 10 * Double(category.rawValue.count % 3), parent: 0)].map {
                             var root = $0
                             root.parent = nil
                             return root
                         })
        }
        let sheet = ScreenSheet(renderer: ScreenRenderer(scale: 1), columns: 6)
        let image = try sheet.render(layouts)
        let cellWidth = 250 + Int(ScreenRenderer.gutterWidth)
        #expect(image.width == 12 + 6 * (cellWidth + 12))
        // The first cell's screen starts below its caption, framed.
        var top = 12
        while image.pixel(x: 12, y: top) != Self.yellow { top += 1 }
        #expect(top > 12 + 8 && top < 12 + 24, "first cell at \(top)")
        #expect(image.pixel(x: 11, y: top) == sheet.frameColor)
        // The frame goes round the screen at the device's width; the fold caption's strip
        // beside it is the sheet's background, not a wider screen.
        #expect(image.pixel(x: 12 + 250, y: top + 5) == sheet.frameColor)
        #expect(image.pixel(x: 12 + 250 + 10, y: top + 5) == sheet.background)
        #expect(image.pixel(x: 12 + cellWidth - 1, y: top + 5) == sheet.background)
        // Captions are drawn: dark pixels above the first cell.
        let captionInk = (12..<top).flatMap { y in (12..<(12 + cellWidth)).map { image.pixel(x: $0, y: y) } }
            .filter { $0.red < 160 }.count
        #expect(captionInk > 10)
    }

    /// The settings example's sheet of the 12 categories, written a band of rows at a time,
    /// decodes by libpng to the pixels of the sheet drawn whole (what the goldens check), and
    /// comes out the same bytes every time.
    @Test func aSheetWrittenInBandsHasThePixelsOfTheWholeSheet() throws {
        let layouts = try ExampleScreens.settings.layouts(at: ContentSizeCategory.allCases, in: DynamicTypeContext())
        let sheet = ScreenSheet(renderer: ScreenRenderer(scale: 1), columns: 6)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try sheet.writePNG(layouts, to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let whole = try sheet.render(layouts)
        #expect(whole.height > 2_000, "several bands")
        #expect(try PNGCodec.read(contentsOf: path) == whole)
        try sheet.writePNG(layouts, to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    /// The glyph rows are measured on two threads (`ScreenSheet.writePNG`): whichever thread
    /// rasterized a glyph, and whether the cache kept it, the file is the same bytes.
    @Test func aSheetsGlyphRowsMeasuredOnTwoThreadsGiveTheSameFile() throws {
        let layouts = try ExampleScreens.settings.layouts(at: ContentSizeCategory.allCases, in: DynamicTypeContext())
        let sheet = ScreenSheet(renderer: ScreenRenderer(scale: 1), columns: 6)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sheet-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let whole = try sheet.render(layouts, rasterizer: Rasterizer(cache: GlyphCache()))
        var files: [Data] = []
        for cache in [GlyphCache(), GlyphCache(), GlyphCache(byteLimit: 0)] {
            try sheet.writePNG(layouts, to: path, engine: TextLayoutEngine(), rasterizer: Rasterizer(cache: cache))
            files.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(try PNGCodec.read(contentsOf: path) == whole)
        }
        #expect(Set(files).count == 1)
    }

    /// The sheet reads xs … ax5 left to right in rows, each row as tall as its tallest screen,
    /// whatever the screens' heights (an earlier sheet packed them into columns to save pixels).
    @Test func aSheetReadsInRowsInTheCategoriesOrder() throws {
        // Heights that grow with the category, so that packing into columns would have paid.
        let layouts = ContentSizeCategory.allCases.map { category in
            Self.screen(width: 240, height: 40 + 30 * Double(category.index), [Self.box(0, 0, 240, 40)]).at(category)
        }
        let placement = try ScreenSheet(renderer: ScreenRenderer(scale: 1), columns: 4).placement(of: layouts)
        let origins = placement.origins
        // Three rows of four: the same top across a row, lefts rising along it.
        for row in 0..<3 {
            let cells = origins[(row * 4)..<(row * 4 + 4)]
            #expect(Set(cells.map(\.top)).count == 1, "row \(row): \(cells.map(\.top))")
            #expect(zip(cells, cells.dropFirst()).allSatisfy { $0.left < $1.left })
            #expect(cells.first?.left == origins[0].left)
        }
        // Each row as tall as its tallest (last) screen, plus its caption and the gap.
        for row in 1..<3 {
            let above = placement.cells[row * 4 - 1].height + placement.captionHeight
            #expect(origins[row * 4].top - origins[(row - 1) * 4].top == above + 12)
        }
        #expect(placement.height == origins[8].top + placement.captionHeight + placement.cells[11].height + 12)
    }

    @Test func captionsAreTheFullNamesAndWidenNarrowColumns() throws {
        #expect(ContentSizeCategory.allCases.map(\.fullName) == [
            "Extra Small", "Small", "Medium", "Large", "Extra Large", "Extra Extra Large", "Extra Extra Extra Large",
            "Accessibility Medium", "Accessibility Large", "Accessibility Extra Large",
            "Accessibility Extra Extra Large", "Accessibility Extra Extra Extra Large",
        ])
        // 20 pt screens under 11 pt captions: each column is as wide as its caption, so the
        // ax5 column ("Accessibility Extra Extra Extra Large") is the widest and none overlap.
        let layouts = ContentSizeCategory.allCases.map { category in
            Self.screen(width: 20, height: 20, [Self.box(0, 0, 20, 20)]).at(category)
        }
        let placement = try ScreenSheet(renderer: ScreenRenderer(scale: 1), columns: 12).placement(of: layouts)
        let widths = zip(placement.origins, placement.origins.dropFirst()).map { $1.left - $0.left - 12 }
        #expect(widths.allSatisfy { $0 >= placement.cells[0].width }, "\(widths)")
        #expect(widths[0] < widths[6], "Extra Small is narrower than Extra Extra Extra Large: \(widths)")
        #expect(placement.width - 12 - placement.origins[11].left > widths[10])
    }
}

extension ScreenLayout {
    /// The same layout, labelled with another category.
    fileprivate func at(_ category: ContentSizeCategory) -> ScreenLayout {
        ScreenLayout(category: category, device: device, background: background, nodes: nodes)
    }
}
