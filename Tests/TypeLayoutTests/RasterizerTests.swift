import Testing
@testable import TypeLayout
import TypeLayoutRendering
import TypeLayoutTestSupport

/// Builds `TextLayout`s by hand, without a layout engine: one glyph per scalar from the face's
/// cmap, a fixed advance, lines stacked by the face's line spacing. Shapes nothing.
enum HandLayout {
    static var gillius: FontFace { get throws { try FontFace.load(path: BundledFonts.path("GilliusADF-Regular.otf")) } }
    static var emoji: FontFace { get throws { try FontFace.load(path: BundledFonts.path("NotoColorEmoji.ttf")) } }

    /// - Parameters:
    ///   - advance: the advance of every non-space glyph, in em (a space gets 0.3 em).
    ///   - origins: x positions (points) to use for the first line's glyphs instead of advancing.
    ///   - size: the layout's used size instead of the measured one.
    static func make(
        _ lines: [String], face: FontFace, pointSize: Double, color: Color = .black,
        advance: Double = 0.7, origins: [Double]? = nil, size: LayoutSize? = nil
    ) throws -> TextLayout {
        let metrics = try face.metrics(atPointSize: pointSize)
        var glyphs: [PositionedGlyph] = []
        var layoutLines: [LayoutLine] = []
        var utf16Offset = 0, characterOffset = 0
        var widest = 0.0
        for (number, line) in lines.enumerated() {
            let baseline = Double(number) * metrics.baselineToBaseline + metrics.ascender
            let first = glyphs.count
            var x = 0.0
            var cluster = utf16Offset
            for (i, scalar) in line.unicodeScalars.enumerated() {
                let glyphX = origins.map { number == 0 ? $0[i] : x } ?? x
                glyphs.append(PositionedGlyph(
                    layoutFaceIndex: 0, pointSize: pointSize, glyphID: face.freeType.glyphIndex(for: scalar.value),
                    x: glyphX, y: baseline, cluster: cluster, color: color))
                x = glyphX + (scalar == " " ? 0.3 : advance) * pointSize
                cluster += scalar.utf16.count
            }
            widest = max(widest, x)
            let length = line.utf16.count
            layoutLines.append(LayoutLine(
                text: line, utf16Range: utf16Offset..<(utf16Offset + length),
                characterRange: characterOffset..<(characterOffset + line.count), width: x, x: 0,
                ascent: metrics.ascender, descent: -metrics.descender, baseline: baseline,
                glyphRange: first..<glyphs.count, isRightToLeft: false))
            utf16Offset += length + 1
            characterOffset += line.count + 1
        }
        let height = Double(max(lines.count - 1, 0)) * metrics.baselineToBaseline + metrics.lineHeight
        let string = lines.joined(separator: "\n")
        let font = try Font(face: face, pointSize: pointSize)
        return TextLayout(
            category: .large, string: string,
            text: AttributedText(string, attributes: TextAttributes(font: font, foregroundColor: color)),
            lines: layoutLines, glyphs: glyphs, faces: [face], size: size ?? LayoutSize(width: widest, height: height),
            width: nil, isTruncated: false, hasBrokenWord: false)
    }
}

/// The smallest rectangle holding every pixel that `isInk` accepts, or nil.
private func inkBounds(_ image: RGBAImage, isInk: (Color) -> Bool) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
    var bounds: (minX: Int, minY: Int, maxX: Int, maxY: Int)?
    for y in 0..<image.height {
        for x in 0..<image.width where isInk(image.pixel(x: x, y: y)) {
            if let b = bounds {
                bounds = (min(b.minX, x), min(b.minY, y), max(b.maxX, x), max(b.maxY, y))
            } else {
                bounds = (x, y, x, y)
            }
        }
    }
    return bounds
}

@Suite("Rasterizer")
struct RasterizerTests {
    /// Rendering each sub-pixel phase from a kept, scaled outline gives the same pixels and
    /// offsets as FreeType's FT_Render_Glyph with the phase as its transform, glyph by glyph:
    /// TrueType, CFF and variable (overlapping contours) faces, sizes with fractions of a pixel,
    /// every phase, phases asked in any order.
    @Test(arguments: ["LiberationSans-Regular.ttf", "GilliusADF-Regular.otf", "Inter-roman.var.ttf", "NotoSansArabic-Regular.ttf"])
    func keptOutlinesRenderAsFreeTypeDoes(font: String) throws {
        let face = try FontFace.load(path: TestPaths.font(font))
        let glyphCount = UInt32(face.freeType.info.glyphCount)
        let glyphs = Array(0..<min(glyphCount, 40)) + Array(stride(from: 40, to: glyphCount, by: Int(max(1, glyphCount / 60))))
        var kept = 0
        for size in [5.75, 11.0, 17.0, 23.265625, 53.0, 120.5] {
            for glyph in glyphs {
                // What GlyphCache does: the outline loaded once, each phase rendered from it.
                guard let outline = try face.freeType.loadOutline(glyph, pixelsPerEm: size) else { continue }
                for phase in [3, 0, 2, 1] {
                    let offset = Double(phase) / 4
                    let fromOutline = try Self.render(outline, of: face, subpixelOffset: offset)
                    let plain = try face.freeType.renderGlyph(glyph, pixelsPerEm: size, subpixelOffset: offset)
                    guard case let .coverage(a) = fromOutline.image, case let .coverage(b) = plain.image else {
                        Issue.record("glyph \(glyph) of \(font) isn't coverage")
                        continue
                    }
                    #expect(a == b && fromOutline.left == plain.left && fromOutline.top == plain.top,
                            "glyph \(glyph) of \(font) at \(size) px, phase \(phase)")
                }
                kept += 1
            }
        }
        // The comparison is only worth something if outlines were kept (Inter's overlapping
        // contours may not be).
        #expect(kept > 0)
    }

    /// A kept outline's phase rendered into a block of its own, as the cache's batch does.
    static func render(_ outline: ScaledOutline, of face: FontFace, subpixelOffset: Double) throws -> RenderedGlyph {
        let box = try FreeTypeFace.bitmapBox(of: outline, subpixelOffset: subpixelOffset)
        guard box.byteCount > 0 else { return .empty }
        let storage = CoverageStorage(zeroedCount: box.byteCount)
        try face.freeType.render(outline, subpixelOffset: subpixelOffset, box: box,
                                 into: storage.base.assumingMemoryBound(to: UInt8.self))
        return RenderedGlyph(image: .coverage(CoverageMask(storage: storage, offset: 0, width: box.width, height: box.rows)),
                             left: box.left, top: box.top)
    }

    /// The rasterizer's inline rounding agrees with `Int(rounded())` (halves away from zero),
    /// at halves, just below them, and at magnitudes where a Double has no fraction left.
    @Test func roundedToIntRoundsAsRoundedDoes() {
        var values: [Double] = [0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                1.4999999999999998, 3 * 4.25, 1e15 + 0.5, -(1e15 + 0.5), 4_503_599_627_370_495.5]
        values += stride(from: -20.0, through: 20.0, by: 0.125).map { $0 }
        for value in values {
            #expect(value.roundedToInt == Int(value.rounded()), "\(value)")
        }
    }

    static let threeLines = ["Hello world", "Typography", "Dynamic Type"]

    // MARK: Placement

    /// A text drawn a band of rows at a time with its measured glyph rows, each band drawing only
    /// the glyphs that reach it, gives the pixels of the text drawn whole; the rows hold every
    /// glyph's ink, and the bands between lines look up no glyph at all.
    @Test func bandsDrawingOnlyTheGlyphsThatReachThemMatchTheWholeText() throws {
        let layout = try HandLayout.make(Self.threeLines, face: HandLayout.gillius, pointSize: 24)
        let rasterizer = Rasterizer()
        let (x, y) = (3.25, 2.5)
        var whole = try Canvas(width: 200, height: 100, background: .white)
        try rasterizer.draw(layout, into: &whole, atX: x, y: y, scale: 1)
        let expected = whole.takeImage()
        let ink = try rasterizer.ink(of: layout, atX: x, y: y, scale: 1)
        let inked = ink.glyphRows.filter { !$0.isEmpty }
        #expect(inked.count == Self.threeLines.joined().filter { $0 != " " }.count)
        // Every dark pixel lies in some glyph's rows.
        for row in 0..<expected.height where (0..<expected.width).contains(where: { expected.pixel(x: $0, y: row).red < 255 }) {
            #expect(inked.contains { $0.contains(row) }, "row \(row)")
        }
        var skipped = 0
        for top in stride(from: 0, to: 100, by: 7) {
            let rows = top..<min(top + 7, 100)
            var band = try Canvas(width: 200, rows: rows, background: .white)
            try rasterizer.draw(layout, into: &band, atX: x, y: y, scale: 1, ink: ink)
            skipped += inked.filter { !$0.overlaps(rows) }.count
            let image = band.takeImage()
            for row in rows {
                #expect((0..<200).allSatisfy { image.pixel(x: $0, y: row - top) == expected.pixel(x: $0, y: row) }, "row \(row)")
            }
        }
        #expect(skipped > inked.count * 10, "most bands skip most glyphs")
    }

    @Test func inkStaysInsideTheUsedRectAndOutOfThePadding() throws {
        let layout = try HandLayout.make(Self.threeLines, face: HandLayout.gillius, pointSize: 24)
        for scale in 1...3 {
            let padding = 6.0
            let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: scale, padding: padding, background: .clear)
            let s = Double(scale)
            let ink = try #require(inkBounds(image) { $0.alpha != 0 })
            // Glyphs sit within ⅛ px of their exact position; allow one pixel for that rounding.
            #expect(Double(ink.minX) >= padding * s - 1)
            #expect(Double(ink.minY) >= padding * s - 1)
            #expect(Double(ink.maxX + 1) <= (padding + layout.size.width) * s + 1)
            #expect(Double(ink.maxY + 1) <= (padding + layout.size.height) * s + 1)
            // And the text really fills the rect: ink reaches near each of its edges.
            #expect(Double(ink.minX) < padding * s + 4 * s)
            #expect(Double(ink.maxY + 1) > (padding + layout.size.height - 10) * s)
        }
    }

    @Test func eachLineInksOnlyItsOwnBand() throws {
        let face = try HandLayout.gillius
        let layout = try HandLayout.make(["xxxx", "xxxx"], face: face, pointSize: 30)
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, background: .clear)
        let metrics = try face.metrics(atPointSize: 30)
        // An x sits on the baseline and reaches x-height: check rows of both lines' ink.
        for line in layout.lines {
            let rows = (Int((line.baseline - metrics.xHeight).rounded()) + 1)..<(Int(line.baseline.rounded()) - 1)
            for y in rows {
                #expect((0..<image.width).contains { image.pixel(x: $0, y: y).alpha != 0 }, "no ink in row \(y)")
            }
        }
        // Nothing between the first line's baseline and the second line's x-height, beyond
        // a pixel of anti-aliasing.
        let gapTop = Int(layout.lines[0].baseline.rounded()) + 1
        let gapBottom = Int((layout.lines[1].baseline - metrics.xHeight).rounded()) - 1
        for y in gapTop..<gapBottom {
            #expect(!(0..<image.width).contains { image.pixel(x: $0, y: y).alpha != 0 }, "ink in row \(y)")
        }
    }

    @Test func drawIntoALargerCanvasMatchesRenderAndStaysInPlace() throws {
        let layout = try HandLayout.make(["Sheet"], face: HandLayout.gillius, pointSize: 20)
        let rasterizer = Rasterizer(cache: GlyphCache())
        let single = try rasterizer.render(layout, scale: 2, background: .clear)
        var sheet = try Canvas(width: single.width + 40, height: single.height + 30, background: .clear)
        try rasterizer.draw(layout, into: &sheet, atX: 17, y: 11, scale: 2)
        let image = sheet.image()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inside = x >= 17 && x < 17 + single.width && y >= 11 && y < 11 + single.height
                let expected = inside ? single.pixel(x: x - 17, y: y - 11) : Color.clear
                if image.pixel(x: x, y: y) != expected {
                    Issue.record("pixel (\(x), \(y)) is \(image.pixel(x: x, y: y)), expected \(expected)")
                    return
                }
            }
        }
    }

    // MARK: Colour

    @Test func solidStemIsExactlyTheTextColourAndCornersTheBackground() throws {
        let text = Color(red: 200, green: 30, blue: 60)
        let background = Color(red: 10, green: 120, blue: 240)
        let layout = try HandLayout.make(["l"], face: HandLayout.gillius, pointSize: 100, color: text)
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, padding: 8, background: background)
        let ink = try #require(inkBounds(image) { $0 != background })
        // The stem of an 'l' at 100 pt is several pixels wide: its centre is fully covered.
        #expect(ink.maxX - ink.minX >= 6)
        #expect(ink.maxY - ink.minY >= 60)
        let middleY = (ink.minY + ink.maxY) / 2
        let row = (0..<image.width).filter { image.pixel(x: $0, y: middleY) != background }
        let centre = try #require(row.isEmpty ? nil : row[row.count / 2])
        #expect(image.pixel(x: centre, y: middleY) == text)
        for (x, y) in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (image.width - 1, image.height - 1)] {
            #expect(image.pixel(x: x, y: y) == background)
        }
    }

    @Test func transparentBackgroundStaysClearWithoutInk() throws {
        let text = Color(red: 20, green: 40, blue: 200)
        let layout = try HandLayout.make(["Il1"], face: HandLayout.gillius, pointSize: 60, color: text)
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 2, padding: 4, background: .clear)
        var clear = 0, solid = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                if pixel.alpha == 0 {
                    #expect(pixel == .clear)
                    clear += 1
                } else if pixel.alpha == 255 {
                    #expect(pixel == text)
                    solid += 1
                }
            }
        }
        #expect(clear > image.width * image.height / 2)
        #expect(solid > 500)
        // The padding band holds no ink at all.
        for x in 0..<image.width {
            #expect(image.pixel(x: x, y: 0) == .clear)
            #expect(image.pixel(x: x, y: image.height - 1) == .clear)
        }
    }

    @Test func colourEmojiRendersInColour() throws {
        let face = try HandLayout.emoji
        #expect(face.hasColorGlyphs)
        let glyph = face.freeType.glyphIndex(for: 0x1F600)
        #expect(glyph != 0)
        let layout = try HandLayout.make(["\u{1F600}"], face: face, pointSize: 32, advance: 1.3)
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 2, padding: 8, background: .white)
        var yellow = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                // Strongly coloured: red and green high, blue low (the face is yellow-orange).
                if p.red > 200, p.green > 140, p.blue < 90, Int(p.red) - Int(p.blue) > 120 { yellow += 1 }
            }
        }
        #expect(yellow > 500, "only \(yellow) yellow pixels")
        // Scaled from the 109 ppem strike to 64 px per em: about 80 × 75 pixels of ink.
        let ink = try #require(inkBounds(image) { $0 != .white })
        let inkWidth = ink.maxX - ink.minX + 1, inkHeight = ink.maxY - ink.minY + 1
        #expect((50...82).contains(inkWidth), "ink is \(inkWidth) wide")
        #expect((50...78).contains(inkHeight), "ink is \(inkHeight) high")
    }

    @Test func emojiBitmapIsScaledWithItsBearings() throws {
        let face = try HandLayout.emoji
        let id = face.freeType.glyphIndex(for: 0x1F600)
        let strike = try face.freeType.renderGlyph(id, pixelsPerEm: 109, subpixelOffset: 0)
        let half = try face.freeType.renderGlyph(id, pixelsPerEm: 54.5, subpixelOffset: 0)
        guard case .color = strike.image, case .color = half.image else {
            Issue.record("emoji did not render as a colour bitmap")
            return
        }
        #expect(strike.width == 136 && strike.height == 128)
        #expect(half.width == 68 && half.height == 64)
        #expect(abs(Double(half.top) - Double(strike.top) / 2) <= 0.5)
        #expect(abs(Double(half.left) - Double(strike.left) / 2) <= 0.5)
    }

    @Test func greyStrikeGlyphsResampleLikeColourOnes() throws {
        // Bitmap-only grey fonts aren't bundled: resample a synthetic 4 × 4 strike glyph.
        let mask = try CoverageMask(width: 4, height: 4, bytes: Array(repeating: 255, count: 16))
        let glyph = try RenderedGlyph(image: .coverage(mask), left: 2, top: 4).resampled(by: 0.5, shift: 1)
        guard case let .coverage(half) = glyph.image else {
            Issue.record("coverage became colour")
            return
        }
        #expect(half.width == 2 && half.height == 2 && half.bytes == [255, 255, 255, 255])
        #expect(glyph.left == 2 && glyph.top == 2)
    }

    @Test func variableFontWeightIsRendered() throws {
        func inkTotal(_ weight: FontWeight) throws -> Int {
            let face = try FontFace.load(path: BundledFonts.systemText, weight: weight)
            let layout = try HandLayout.make(["Weight"], face: face, pointSize: 30)
            let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, background: .clear)
            return stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Int(image.pixels[$1]) }
        }
        let regular = try inkTotal(.regular), bold = try inkTotal(.bold)
        #expect(Double(bold) > Double(regular) * 1.3, "bold \(bold), regular \(regular)")
    }

    // MARK: Sub-pixel positioning

    @Test func sameGlyphAtTwoSubpixelPhasesRendersDifferently() throws {
        let face = try HandLayout.gillius
        func image(at x: Double) throws -> RGBAImage {
            let layout = try HandLayout.make(
                ["o"], face: face, pointSize: 16, origins: [x], size: LayoutSize(width: 40, height: 20))
            return try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, background: .clear)
        }
        let whole = try image(at: 10), quarter = try image(at: 10.25), half = try image(at: 10.5)
        #expect(whole.pixels != quarter.pixels)
        #expect(quarter.pixels != half.pixels)
        // A whole pixel further moves the same image by exactly one column.
        let next = try image(at: 11.25)
        for y in 0..<next.height {
            for x in 1..<next.width where next.pixel(x: x, y: y) != quarter.pixel(x: x - 1, y: y) {
                Issue.record("(\(x), \(y)) differs after moving one pixel")
                return
            }
        }
        // Ink shifts right with the phase: its coverage-weighted centre moves by about ¼ px.
        func centre(_ image: RGBAImage) -> Double {
            var sum = 0.0, weight = 0.0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let a = Double(image.pixel(x: x, y: y).alpha)
                    sum += a * Double(x)
                    weight += a
                }
            }
            return sum / weight
        }
        #expect(abs(centre(quarter) - centre(whole) - 0.25) < 0.08)
        #expect(abs(centre(half) - centre(whole) - 0.5) < 0.08)
    }

    @Test func positionsRoundToTheNearestQuarterPixel() throws {
        let face = try HandLayout.gillius
        func pixels(at x: Double) throws -> [UInt8] {
            let layout = try HandLayout.make(
                ["e"], face: face, pointSize: 16, origins: [x], size: LayoutSize(width: 40, height: 20))
            return try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, background: .clear).pixels
        }
        #expect(try pixels(at: 10.3) == pixels(at: 10.25))
        #expect(try pixels(at: 10.9) == pixels(at: 11))
        #expect(try pixels(at: 10.6) != pixels(at: 10.25))
    }

    // MARK: Cache

    @Test func secondRenderHitsTheCacheForEveryGlyph() throws {
        let cache = GlyphCache()
        let rasterizer = Rasterizer(cache: cache)
        let layout = try HandLayout.make(Self.threeLines, face: HandLayout.gillius, pointSize: 17)
        let first = try rasterizer.render(layout, scale: 2)
        let afterFirst = cache.statistics
        #expect(afterFirst.misses > 0)
        #expect(afterFirst.misses + afterFirst.hits == layout.glyphs.count)
        #expect(afterFirst.count == afterFirst.misses)
        let second = try rasterizer.render(layout, scale: 2)
        let afterSecond = cache.statistics
        #expect(afterSecond.misses == afterFirst.misses, "the second render rasterized again")
        #expect(afterSecond.hits == afterFirst.hits + layout.glyphs.count)
        #expect(first == second)
    }

    @Test func cacheOfNothingKeepsNoOutlinesAndDrawsTheSame() throws {
        let layout = try HandLayout.make(Self.threeLines, face: HandLayout.gillius, pointSize: 17)
        let keeping = GlyphCache(), nothing = GlyphCache(byteLimit: 0)
        let kept = try Rasterizer(cache: keeping).render(layout, scale: 1)
        let uncached = try Rasterizer(cache: nothing).render(layout, scale: 1)
        #expect(keeping.keptOutlineCount > 0)
        #expect(nothing.keptOutlineCount == 0)
        #expect(nothing.statistics.count == 0 && nothing.statistics.byteCount == 0)
        #expect(kept == uncached)
    }

    @Test func cacheEvictsLeastRecentlyUsedWithinItsBudget() throws {
        let face = try HandLayout.gillius
        let id = face.freeType.glyphIndex(for: 0x6F)
        let costs = try (0..<4).map {
            try face.freeType.renderGlyph(id, pixelsPerEm: 30, subpixelOffset: Double($0) / 4).byteCount
                + GlyphCache.entryOverhead
        }
        let cache = GlyphCache(byteLimit: costs[0] + costs[1] + costs[2])
        for phase in 0..<3 { _ = try cache.glyph(id, of: face, pixelsPerEm: 30, phase: phase) }
        #expect(cache.statistics.evictions == 0)
        _ = try cache.glyph(id, of: face, pixelsPerEm: 30, phase: 0)  // now most recent
        #expect(cache.statistics.hits == 1)
        _ = try cache.glyph(id, of: face, pixelsPerEm: 30, phase: 3)  // evicts phase 1 first
        let stats = cache.statistics
        #expect(stats.evictions >= 1)
        #expect(stats.byteCount <= cache.byteLimit)
        _ = try cache.glyph(id, of: face, pixelsPerEm: 30, phase: 0)
        #expect(cache.statistics.hits == 2, "the recently used entry was evicted")
        _ = try cache.glyph(id, of: face, pixelsPerEm: 30, phase: 1)
        #expect(cache.statistics.misses == stats.misses + 1, "the least recently used entry was kept")

        // Many glyphs through a small cache: always within budget.
        let small = GlyphCache(byteLimit: 20_000)
        for scalar in UInt32(0x41)...0x7A {
            _ = try small.glyph(face.freeType.glyphIndex(for: scalar), of: face, pixelsPerEm: 40, phase: 0)
            #expect(small.statistics.byteCount <= 20_000)
        }
        #expect(small.statistics.evictions > 0)
    }

    @Test func cacheFindsEveryGlyphItKeepsThroughManyEvictions() throws {
        // Hundreds of keys through a cache of a few dozen: evictions take keys out of the
        // middle of probe runs, and each of the latest glyphs must still be found.
        let face = try HandLayout.gillius
        let cache = GlyphCache(byteLimit: 40 * (GlyphCache.entryOverhead + 120))
        var recent: [(glyph: UInt32, size: Double, phase: Int)] = []
        for glyph in UInt32(1)...60 {
            for (size, phase) in [(7.0, 0), (7.0, 3), (9.5, 1)] {
                _ = try cache.glyph(glyph, of: face, pixelsPerEm: size, phase: phase)
                recent.append((glyph, size, phase))
                let before = cache.statistics
                for key in recent.suffix(8) {
                    _ = try cache.glyph(key.glyph, of: face, pixelsPerEm: key.size, phase: key.phase)
                }
                let after = cache.statistics
                #expect(after.misses == before.misses, "a glyph kept was not found after \(recent.count) keys")
                #expect(after.byteCount <= cache.byteLimit)
            }
        }
        #expect(cache.statistics.evictions > 100)
        // What is left is all found again, and counted once.
        let count = cache.statistics.count, misses = cache.statistics.misses
        for key in recent.suffix(count).reversed() {
            _ = try cache.glyph(key.glyph, of: face, pixelsPerEm: key.size, phase: key.phase)
        }
        #expect(cache.statistics.misses == misses)
        #expect(cache.statistics.count == count)
    }

    @Test func glyphsRasterizedTogetherShareOneBlock() throws {
        let face = try HandLayout.gillius
        let layout = try HandLayout.make(["Hamburgefonstiv"], face: face, pointSize: 17)
        let cache = GlyphCache()
        _ = try Rasterizer(cache: cache).render(layout, scale: 1)
        let ids = "Hamburgefonstiv".unicodeScalars.map { face.freeType.glyphIndex(for: $0.value) }
        var found: [(mask: CoverageMask, glyph: RenderedGlyph, id: UInt32, phase: Int)] = []
        for id in ids {
            // The glyphs the render rasterized: hits now, at whichever phases it drew.
            for phase in 0..<GlyphCache.subpixelPhases {
                let before = cache.statistics.misses
                let glyph = try cache.glyph(id, of: face, pixelsPerEm: 17, phase: phase)
                guard cache.statistics.misses == before else { continue }
                if case let .coverage(mask) = glyph.image { found.append((mask, glyph, id, phase)) }
            }
        }
        #expect(found.count >= ids.count)
        #expect(found.allSatisfy { $0.mask.storage === found[0].mask.storage }, "one block for the render's glyphs")
        #expect(Set(found.map(\.mask.offset)).count == found.count)
        // Dropped by the cache, each still reads FreeType's own rendering of its glyph.
        cache.removeAll()
        for item in found {
            let plain = try face.freeType.renderGlyph(item.id, pixelsPerEm: 17, subpixelOffset: Double(item.phase) / 4)
            guard case let .coverage(expected) = plain.image else {
                Issue.record("no coverage for glyph \(item.id)")
                continue
            }
            #expect(item.mask == expected && item.glyph.left == plain.left && item.glyph.top == plain.top)
        }
    }

    @Test func blockIsFreedOnceItsGlyphsAreEvicted() throws {
        let face = try HandLayout.gillius
        let cache = GlyphCache(byteLimit: 4_000)
        weak var block: CoverageStorage?
        do {
            let glyph = try cache.glyph(face.freeType.glyphIndex(for: 0x41), of: face, pixelsPerEm: 30, phase: 1)
            guard case let .coverage(mask) = glyph.image else {
                Issue.record("no coverage for A")
                return
            }
            block = mask.storage
        }
        #expect(block != nil, "held by the cache")
        // Other glyphs push it out.
        for scalar in UInt32(0x61)...0x7A {
            _ = try cache.glyph(face.freeType.glyphIndex(for: scalar), of: face, pixelsPerEm: 30, phase: 0)
        }
        #expect(cache.statistics.evictions > 0)
        #expect(cache.statistics.byteCount <= 4_000)
        #expect(block == nil, "evicted, drawn by no one: freed")
    }

    @Test func emptyGlyphIsZeroSizedWithoutError() throws {
        let face = try HandLayout.gillius
        let space = face.freeType.glyphIndex(for: 0x20)
        #expect(space != 0)
        let glyph = try face.freeType.renderGlyph(space, pixelsPerEm: 24, subpixelOffset: 0.5)
        #expect(glyph.width == 0 && glyph.height == 0 && glyph.byteCount == 0)
        let layout = try HandLayout.make(["   "], face: face, pointSize: 24)
        let image = try Rasterizer(cache: GlyphCache()).render(layout, scale: 1, background: .clear)
        #expect(image.pixels.allSatisfy { $0 == 0 })
    }

    // MARK: Size and determinism

    @Test(arguments: [1, 2, 3])
    func imageDimensionsMultiplyWithScale(scale: Int) throws {
        let face = try HandLayout.gillius
        let whole = try HandLayout.make(["Scale"], face: face, pointSize: 20, size: LayoutSize(width: 100, height: 40))
        let image = try Rasterizer(cache: GlyphCache()).render(whole, scale: scale)
        #expect(image.width == 100 * scale && image.height == 40 * scale)
        let padded = try Rasterizer(cache: GlyphCache()).render(whole, scale: scale, padding: 5)
        #expect(padded.width == 110 * scale && padded.height == 50 * scale)
        // Fractional sizes round up.
        let fractional = try HandLayout.make(["Scale"], face: face, pointSize: 20, size: LayoutSize(width: 100.2, height: 40.5))
        let size = try Rasterizer.imageSize(of: fractional, scale: scale, padding: 0.25)
        #expect(size.width == Int(((100.2 + 0.5) * Double(scale)).rounded(.up)))
        #expect(size.height == Int(((40.5 + 0.5) * Double(scale)).rounded(.up)))
    }

    @Test func inkScalesWithTheScale() throws {
        let layout = try HandLayout.make(["Hamburg"], face: HandLayout.gillius, pointSize: 20)
        let rasterizer = Rasterizer(cache: GlyphCache())
        let bounds = try (1...3).map { scale in
            try #require(inkBounds(try rasterizer.render(layout, scale: scale, background: .clear)) { $0.alpha > 0 })
        }
        for scale in 2...3 {
            let b = bounds[scale - 1], one = bounds[0]
            #expect(abs((b.maxX - b.minX) - (one.maxX - one.minX) * scale) <= scale + 1)
            #expect(abs((b.maxY - b.minY) - (one.maxY - one.minY) * scale) <= scale + 1)
        }
    }

    @Test func emptyLayoutGivesOnePixel() throws {
        let layout = try HandLayout.make([], face: HandLayout.gillius, pointSize: 20, size: LayoutSize(width: 0, height: 0))
        let image = try Rasterizer().render(layout, scale: 2)
        #expect(image.width == 1 && image.height == 1)
        #expect(image.pixel(x: 0, y: 0) == .white)
    }

    @Test func renderingIsDeterministic() throws {
        let layout = try HandLayout.make(Self.threeLines + ["\u{1F600} ok"], face: HandLayout.gillius, pointSize: 15.5)
        let emoji = try HandLayout.make(["\u{1F600}\u{1F600}"], face: HandLayout.emoji, pointSize: 15.5, advance: 1.3)
        for item in [layout, emoji] {
            let shared = Rasterizer(cache: GlyphCache())
            let a = try shared.render(item, scale: 3, padding: 2)
            let b = try shared.render(item, scale: 3, padding: 2)
            let c = try Rasterizer(cache: GlyphCache()).render(item, scale: 3, padding: 2)
            #expect(a == b)
            #expect(a == c)
            #expect(try PNGCodec.encode(a) == PNGCodec.encode(c))
        }
    }

    @Test func concurrentRendersShareTheCacheAndAgree() async throws {
        let layout = try HandLayout.make(Self.threeLines, face: HandLayout.gillius, pointSize: 19)
        let expected = try Rasterizer(cache: GlyphCache()).render(layout, scale: 2)
        let rasterizer = Rasterizer(cache: GlyphCache())
        let images = try await withThrowingTaskGroup(of: RGBAImage.self) { group in
            for _ in 0..<8 { group.addTask { try rasterizer.render(layout, scale: 2) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(images.count == 8)
        #expect(images.allSatisfy { $0 == expected })
    }

    // MARK: Errors

    @Test func tooLargeOutputThrowsBeforeAllocating() throws {
        let face = try HandLayout.gillius
        let rasterizer = Rasterizer(cache: GlyphCache())
        func attempt(width: Double, height: Double, scale: Int) throws -> ImageError? {
            let layout = try HandLayout.make(["x"], face: face, pointSize: 12, size: LayoutSize(width: width, height: height))
            do {
                _ = try rasterizer.render(layout, scale: scale)
                return nil
            } catch let error as ImageError {
                return error
            }
        }
        // Over 16384 on a side.
        #expect(try attempt(width: 20_000, height: 10, scale: 1) == .tooLarge(width: 20_000, height: 10))
        #expect(try attempt(width: 6_000, height: 10, scale: 3) == .tooLarge(width: 18_000, height: 30))
        // Sides allowed, but 9000 × 9000 × 4 bytes is over 256 MiB.
        #expect(try attempt(width: 9_000, height: 9_000, scale: 1) == .tooLarge(width: 9_000, height: 9_000))
        // Sizes no machine could allocate: throwing at all shows nothing was allocated first.
        guard case .tooLarge = try attempt(width: 1e300, height: 1e300, scale: 3) else {
            Issue.record("a 1e300-point layout did not throw tooLarge")
            return
        }
        guard case .tooLarge = try attempt(width: .infinity, height: 10, scale: 1) else {
            Issue.record("an infinite layout did not throw tooLarge")
            return
        }
        #expect(cacheIsUntouched(rasterizer.cache))
    }

    private func cacheIsUntouched(_ cache: GlyphCache) -> Bool {
        let stats = cache.statistics
        return stats.hits == 0 && stats.misses == 0
    }

    @Test func invalidScaleAndPaddingThrow() throws {
        let layout = try HandLayout.make(["x"], face: HandLayout.gillius, pointSize: 12)
        let rasterizer = Rasterizer(cache: GlyphCache())
        #expect(throws: TypeLayoutError.invalidDisplayScale(0)) { try rasterizer.render(layout, scale: 0) }
        #expect(throws: TypeLayoutError.invalidDisplayScale(4)) { try rasterizer.render(layout, scale: 4) }
        #expect(throws: TypeLayoutError.invalidValue(-1)) { try rasterizer.render(layout, scale: 1, padding: -1) }
        var canvas = try Canvas(width: 10, height: 10)
        #expect(throws: TypeLayoutError.self) { try rasterizer.draw(layout, into: &canvas, atX: .nan, y: 0, scale: 1) }
    }
}
