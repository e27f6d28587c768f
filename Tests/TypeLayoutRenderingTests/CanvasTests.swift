import Testing
@testable import TypeLayout
@testable import TypeLayoutRendering

@Suite("Canvas")
struct CanvasTests {
    /// round(a × b / 255), computed independently of the library's integer trick.
    static func reference(_ a: Int, _ b: Int) -> Int { Int((Double(a * b) / 255).rounded()) }

    static func mask(_ width: Int, _ height: Int, _ value: UInt8 = 255) throws -> CoverageMask {
        try CoverageMask(width: width, height: height, bytes: Array(repeating: value, count: width * height))
    }

    // MARK: Pixel math

    @Test func multiplyRoundsExactlyForAllInputs() {
        for a in 0...255 {
            for b in 0...255 where Int(PixelMath.multiply(UInt32(a), UInt32(b))) != Self.reference(a, b) {
                Issue.record("multiply(\(a), \(b)) = \(PixelMath.multiply(UInt32(a), UInt32(b)))")
            }
        }
    }

    // MARK: Masks

    @Test func fullCoverageOpaqueColourGivesExactlyTheColour() throws {
        let color = Color(red: 12, green: 200, blue: 99)
        for background in [Color.white, .black, .clear, Color(red: 1, green: 2, blue: 3, alpha: 77)] {
            var canvas = try Canvas(width: 5, height: 4, background: background)
            canvas.composite(mask: try Self.mask(5, 4), x: 0, y: 0, color: color)
            let image = canvas.image()
            #expect(image.pixels == Array(repeating: [12, 200, 99, 255], count: 20).flatMap { $0 })
        }
    }

    @Test func partialCoverageBlackOverWhiteIsExact() throws {
        // Coverage c of opaque black over white leaves 255 − c, for every c: 50 % (128) gives 127.
        var canvas = try Canvas(width: 256, height: 1, background: .white)
        let mask = try CoverageMask(width: 256, height: 1, bytes: (0...255).map { UInt8($0) })
        canvas.composite(mask: mask, x: 0, y: 0, color: .black)
        let image = canvas.image()
        for c in 0...255 {
            #expect(image.pixel(x: c, y: 0) == Color(red: UInt8(255 - c), green: UInt8(255 - c), blue: UInt8(255 - c)))
        }
        #expect(image.pixel(x: 128, y: 0).red == 127)
    }

    @Test func partialCoverageWithTranslucentColourMultipliesCoverageByAlpha() throws {
        // Alpha 128 at coverage 128: opacity round(128 × 128 / 255) = 64 of black over white.
        var canvas = try Canvas(width: 1, height: 1, background: .white)
        canvas.composite(mask: try Self.mask(1, 1, 128), x: 0, y: 0,
                         color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        let expected = UInt8(Self.reference(255, 255 - Self.reference(128, 128)))
        #expect(canvas.image().pixel(x: 0, y: 0) == Color(red: expected, green: expected, blue: expected))
        #expect(expected == 191)
    }

    @Test func transparentBackgroundIsPreservedWhereNothingIsDrawn() throws {
        for background in [Color.clear, Color(red: 10, green: 20, blue: 30, alpha: 0)] {
            var canvas = try Canvas(width: 4, height: 4, background: background)
            canvas.composite(mask: try Self.mask(2, 2), x: 1, y: 1, color: .black)
            let image = canvas.image()
            for y in 0..<4 {
                for x in 0..<4 {
                    let inside = (1...2).contains(x) && (1...2).contains(y)
                    #expect(image.pixel(x: x, y: y) == (inside ? .black : .clear))
                }
            }
        }
    }

    @Test func translucentColourOverTransparentUnpremultiplies() throws {
        var canvas = try Canvas(width: 1, height: 1)
        let color = Color(red: 200, green: 100, blue: 50, alpha: 128)
        canvas.composite(mask: try Self.mask(1, 1), x: 0, y: 0, color: color)
        // Stored premultiplied: round(c × 128 / 255).
        #expect(canvas.premultipliedPixels == [100, 50, 25, 128])
        // Back to straight: round(p × 255 / 128), within 1 of the colour drawn.
        let pixel = canvas.image().pixel(x: 0, y: 0)
        #expect(pixel == Color(red: 199, green: 100, blue: 50, alpha: 128))
        #expect(abs(Int(pixel.red) - 200) <= 1 && abs(Int(pixel.green) - 100) <= 1 && abs(Int(pixel.blue) - 50) <= 1)
    }

    @Test func translucentLayersCombineAsSourceOver() throws {
        // 50 % white over 50 % black over nothing: alpha 0.75, grey (0.5 × 1) / 0.75 ≈ 170.
        var canvas = try Canvas(width: 1, height: 1)
        canvas.composite(mask: try Self.mask(1, 1), x: 0, y: 0, color: Color(red: 0, green: 0, blue: 0, alpha: 128))
        canvas.composite(mask: try Self.mask(1, 1), x: 0, y: 0, color: Color(red: 255, green: 255, blue: 255, alpha: 128))
        #expect(canvas.image().pixel(x: 0, y: 0) == Color(red: 170, green: 170, blue: 170, alpha: 192))
    }

    @Test func drawingIsClippedAtEveryEdge() throws {
        var canvas = try Canvas(width: 4, height: 3, background: .white)
        let red = Color(red: 255, green: 0, blue: 0)
        let mask = try Self.mask(3, 3)
        canvas.composite(mask: mask, x: -2, y: -2, color: red)  // covers (0, 0) only
        canvas.composite(mask: mask, x: 3, y: 2, color: red)    // covers (3, 2) only
        for (x, y) in [(-3, 0), (4, 0), (0, -3), (0, 3), (Int.min, Int.min), (Int.max, Int.max),
                       (Int.min, 0), (0, Int.max), (Int.max - 1, Int.min + 1)] {
            canvas.composite(mask: mask, x: x, y: y, color: red)
            canvas.fill(x: x, y: y, width: 3, height: 3, color: red)
            canvas.strokeRect(x: x, y: y, width: 3, height: 3, lineWidth: 1, color: red)
        }
        canvas.composite(mask: try Self.mask(0, 0), x: 1, y: 1, color: red)
        canvas.fill(x: 1, y: 1, width: -5, height: 2, color: red)
        canvas.fill(x: Int.min, y: 1, width: Int.max, height: 1, color: red)  // ends at x = −1
        let image = canvas.image()
        for y in 0..<3 {
            for x in 0..<4 {
                let expected = (x == 0 && y == 0) || (x == 3 && y == 2) ? red : .white
                #expect(image.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
            }
        }

        // A huge fill from far outside covers the whole canvas.
        canvas.fill(x: Int.min / 2, y: -10, width: Int.max, height: Int.max, color: .black)
        #expect(canvas.image().pixels == Array(repeating: [0, 0, 0, 255], count: 12).flatMap { $0 })
    }

    // MARK: Size limits

    @Test func invalidOrTooLargeCanvasThrows() throws {
        #expect(throws: ImageError.tooLarge(width: 16385, height: 1)) { try Canvas(width: 16385, height: 1) }
        #expect(throws: ImageError.tooLarge(width: 1, height: 20000)) { try Canvas(width: 1, height: 20000) }
        // Within 16384 on each side but 400 MB of pixels.
        #expect(throws: ImageError.tooLarge(width: 10000, height: 10000)) { try Canvas(width: 10000, height: 10000) }
        #expect(throws: ImageError.tooLarge(width: Int.max, height: Int.max)) { try Canvas(width: .max, height: .max) }
        #expect(throws: ImageError.invalidSize(width: 0, height: 5)) { try Canvas(width: 0, height: 5) }
        #expect(throws: ImageError.invalidSize(width: 5, height: -1)) { try Canvas(width: 5, height: -1) }
        #expect(ImageError.tooLarge(width: 20000, height: 10).description
                == "image 20000 × 10 pixels exceeds the limit of 16384 × 16384")
        #expect(ImageError.tooLarge(width: 10000, height: 10000).description
                == "image 10000 × 10000 pixels exceeds the limit of 256 MiB of RGBA pixels")
        #expect(ImageError.invalidSize(width: 0, height: 5).description
                == "image size 0 × 5 is invalid: width and height must be at least 1")

        let wide = try Canvas(width: 16384, height: 1)
        #expect(wide.premultipliedPixels.count == 16384 * 4)
    }

    // MARK: Colours

    @Test(arguments: [
        ("#FF8000", Color(red: 255, green: 128, blue: 0)),
        ("ff8000", Color(red: 255, green: 128, blue: 0)),
        ("#aBcDeF", Color(red: 0xAB, green: 0xCD, blue: 0xEF)),
        ("#00000000", Color.clear),
        ("#12345678", Color(red: 0x12, green: 0x34, blue: 0x56, alpha: 0x78)),
        ("FFFFFFFF", Color.white),
    ])
    func parsesValidHexColours(text: String, expected: Color) throws {
        #expect(try Color(hex: text) == expected)
    }

    @Test(arguments: ["#12", "", "#", "#fff", "#ffff", "#GG0000", "#1234567", "##123456", " #123456",
                      "#123456 ", "+12345", "#-12345", "#123456789", "0x123456", "#１２３４５６"])
    func rejectsInvalidHexColours(text: String) {
        #expect(throws: ImageError.invalidColor(text)) { try Color(hex: text) }
    }

    @Test func hexStringRoundTrips() throws {
        #expect(Color(red: 255, green: 128, blue: 0).hexString == "#FF8000")
        #expect(Color(red: 1, green: 2, blue: 3, alpha: 4).hexString == "#01020304")
        #expect(Color.clear.hexString == "#00000000")
        for color in [Color.black, .white, .clear, Color(red: 0xDE, green: 0xAD, blue: 0xBE, alpha: 0xEF)] {
            #expect(try Color(hex: color.hexString) == color)
        }
        #expect(ImageError.invalidColor("#12").description == "invalid colour '#12'; expected #RRGGBB or #RRGGBBAA")
    }

    // MARK: Colour bitmaps

    @Test func bgraEmojiBitmapLandsInColour() throws {
        // FreeType order: blue, green, red, alpha, premultiplied.
        let bitmap = try PremultipliedBitmap(width: 3, height: 1, format: .bgra, bytes: [
            0, 0, 255, 255,   // opaque red
            128, 0, 0, 128,   // half-transparent blue
            0, 0, 0, 0,       // transparent
        ])
        var canvas = try Canvas(width: 5, height: 1, background: .white)
        canvas.composite(colorBitmap: bitmap, x: 1, y: 0)
        let image = canvas.image()
        #expect(image.pixel(x: 0, y: 0) == .white)
        #expect(image.pixel(x: 1, y: 0) == Color(red: 255, green: 0, blue: 0))
        // Blue 128 + white × (255 − 128) / 255 = 127 in red and green, 255 in blue.
        #expect(image.pixel(x: 2, y: 0) == Color(red: 127, green: 127, blue: 255))
        #expect(image.pixel(x: 3, y: 0) == .white)
        #expect(image.pixel(x: 4, y: 0) == .white)

        // The same bytes read as RGBA put red and blue the other way round.
        var rgbaCanvas = try Canvas(width: 1, height: 1)
        rgbaCanvas.composite(colorBitmap: try PremultipliedBitmap(
            width: 1, height: 1, format: .rgba, bytes: [0, 0, 255, 255]), x: 0, y: 0)
        #expect(rgbaCanvas.image().pixel(x: 0, y: 0) == Color(red: 0, green: 0, blue: 255))
    }

    @Test func malformedPremultipliedBitmapDoesNotOverflow() throws {
        var canvas = try Canvas(width: 1, height: 1, background: .white)
        canvas.composite(colorBitmap: try PremultipliedBitmap(
            width: 1, height: 1, format: .rgba, bytes: [255, 255, 255, 10]), x: 0, y: 0)
        #expect(canvas.image().pixel(x: 0, y: 0) == .white)
    }

    @Test func bitmapAndMaskChecksAndPitchCopies() throws {
        #expect(throws: ImageError.byteCountMismatch(width: 2, height: 2, expected: 16, actual: 4)) {
            try PremultipliedBitmap(width: 2, height: 2, format: .bgra, bytes: [0, 0, 0, 0])
        }
        #expect(throws: ImageError.byteCountMismatch(width: 2, height: 2, expected: 4, actual: 3)) {
            try CoverageMask(width: 2, height: 2, bytes: [0, 0, 0])
        }
        #expect(throws: ImageError.invalidSize(width: -1, height: 2)) {
            try CoverageMask(width: -1, height: 2, bytes: [])
        }
        #expect(ImageError.invalidSize(width: -1, height: 2).description
                == "image size -1 × 2 is invalid: width and height can't be negative")

        // Rows 4 bytes apart, 3 used, as FreeType pads them.
        let padded: [UInt8] = [1, 2, 3, 99, 4, 5, 6, 99]
        let mask = try padded.withUnsafeBufferPointer {
            try CoverageMask(width: 3, height: 2, pitch: 4, rows: $0.baseAddress)
        }
        #expect(mask.bytes == [1, 2, 3, 4, 5, 6])
        let empty = try CoverageMask(width: 0, height: 0, pitch: 0, rows: nil)
        #expect(empty.bytes.isEmpty)

        let paddedBitmap: [UInt8] = [1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 0, 0]
        let bitmap = try paddedBitmap.withUnsafeBufferPointer {
            try PremultipliedBitmap(width: 1, height: 2, format: .bgra, pitch: 6, rows: $0.baseAddress)
        }
        #expect(bitmap.bytes == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    @Test func masksSharingABlockReadTheirOwnBytes() throws {
        // Two masks sliced from one block (as a glyph cache's batch makes them) read, compare
        // and draw as masks of their own.
        let storage = CoverageStorage(zeroedCount: 10)
        let base = storage.base.assumingMemoryBound(to: UInt8.self)
        for i in 0..<10 { base[i] = UInt8(i * 20) }
        let first = CoverageMask(storage: storage, offset: 0, width: 2, height: 2)
        let second = CoverageMask(storage: storage, offset: 4, width: 3, height: 2)
        #expect(first.bytes == [0, 20, 40, 60])
        #expect(second.bytes == [80, 100, 120, 140, 160, 180])
        #expect(second.withUnsafeBytes { Array($0) } == second.bytes)
        #expect(second == (try CoverageMask(width: 3, height: 2, bytes: second.bytes)))
        #expect(first != second)
        #expect(first != (try CoverageMask(width: 4, height: 1, bytes: first.bytes)), "same bytes, other shape")
        for mask in [first, second] {
            var shared = try Canvas(width: 5, height: 4), alone = try Canvas(width: 5, height: 4)
            shared.composite(mask: mask, x: 1, y: 1, color: .black)
            alone.composite(mask: try CoverageMask(width: mask.width, height: mask.height, bytes: mask.bytes), x: 1, y: 1, color: .black)
            #expect(shared.premultipliedPixels == alone.premultipliedPixels)
        }
    }

    // MARK: Scaling

    static func bitmap(_ width: Int, _ height: Int, grey: [UInt8]) throws -> PremultipliedBitmap {
        try PremultipliedBitmap(width: width, height: height, format: .rgba,
                                bytes: grey.flatMap { [$0, $0, $0, 255] })
    }

    @Test func downscalingAveragesCoveredArea() throws {
        // 4 × 4 to 2 × 2: each output is the mean of a 2 × 2 block.
        let source = try Self.bitmap(4, 4, grey: [
            0, 255, 10, 10,
            255, 255, 10, 10,
            0, 0, 100, 200,
            0, 1, 0, 0,
        ])
        let scaled = try source.scaled(toWidth: 2, height: 2)
        #expect(scaled.bytes == [191, 10, 0, 75].flatMap { [$0, $0, $0, 255] })

        // 3 to 2: the middle pixel is shared, half to each side: (0 + 45) / 1.5 and (45 + 255) / 1.5.
        let row = try Self.bitmap(3, 1, grey: [0, 90, 255]).scaled(toWidth: 2, height: 1)
        #expect(row.bytes == [30, 200].flatMap { [$0, $0, $0, 255] })
    }

    @Test func upscalingInterpolatesBilinearly() throws {
        // Centres of 4 outputs over 2 inputs fall at −¼ (clamped), ¼, ¾, 1¼ (clamped).
        let row = try Self.bitmap(2, 1, grey: [0, 255]).scaled(toWidth: 4, height: 1)
        #expect(row.bytes == [0, 64, 191, 255].flatMap { [$0, $0, $0, 255] })

        let single = try Self.bitmap(1, 1, grey: [77]).scaled(toWidth: 3, height: 5)
        #expect(single.bytes == Array(repeating: [77, 77, 77, 255], count: 15).flatMap { $0 })
    }

    @Test func scalingAnEmojiSizedBitmapKeepsItValid() throws {
        // A 136 × 128 bitmap like Noto Color Emoji's, with a random premultiplied pattern.
        var generator = SplitMix64(state: 99)
        var bytes: [UInt8] = []
        for _ in 0..<(136 * 128) {
            let a = UInt8.random(in: 0...255, using: &generator)
            bytes += [UInt8.random(in: 0...a, using: &generator), UInt8.random(in: 0...a, using: &generator),
                      UInt8.random(in: 0...a, using: &generator), a]
        }
        let emoji = try PremultipliedBitmap(width: 136, height: 128, format: .bgra, bytes: bytes)
        for (w, h) in [(20, 19), (1, 1), (300, 282), (136, 40), (7, 128)] {
            let scaled = try emoji.scaled(toWidth: w, height: h)
            #expect(scaled.width == w && scaled.height == h && scaled.format == .bgra)
            #expect(scaled.bytes.count == w * h * 4)
            for i in stride(from: 0, to: scaled.bytes.count, by: 4) {
                let a = scaled.bytes[i + 3]
                if scaled.bytes[i] > a || scaled.bytes[i + 1] > a || scaled.bytes[i + 2] > a {
                    Issue.record("pixel \(i / 4) of \(w) × \(h) has colour above alpha")
                    break
                }
            }
            #expect(try emoji.scaled(toWidth: w, height: h) == scaled)  // deterministic
        }
        #expect(try emoji.scaled(toWidth: 136, height: 128) == emoji)

        let constant = try PremultipliedBitmap(width: 136, height: 128, format: .bgra,
                                               bytes: Array(repeating: [10, 20, 30, 40], count: 136 * 128).flatMap { $0 })
        #expect(try constant.scaled(toWidth: 17, height: 16).bytes
                == Array(repeating: [10, 20, 30, 40], count: 17 * 16).flatMap { $0 })

        #expect(throws: ImageError.invalidSize(width: 0, height: 3)) { try emoji.scaled(toWidth: 0, height: 3) }
        #expect(throws: ImageError.tooLarge(width: 20000, height: 3)) { try emoji.scaled(toWidth: 20000, height: 3) }
        let empty = try PremultipliedBitmap(width: 0, height: 0, format: .bgra, bytes: [])
        #expect(try empty.scaled(toWidth: 2, height: 1).bytes == Array(repeating: 0, count: 8))
    }

    // MARK: Rectangles and images

    @Test func strokeRectOutlinesInsideEdgesOnce() throws {
        var canvas = try Canvas(width: 8, height: 8, background: .white)
        let translucentRed = Color(red: 255, green: 0, blue: 0, alpha: 128)
        canvas.strokeRect(x: 1, y: 1, width: 6, height: 5, lineWidth: 1, color: translucentRed)
        let image = canvas.image()
        // One layer of 50 % red over white, everywhere on the outline, corners included.
        let once = Color(red: 255, green: 127, blue: 127)
        for y in 0..<8 {
            for x in 0..<8 {
                let inRect = (1...6).contains(x) && (1...5).contains(y)
                let onEdge = inRect && (x == 1 || x == 6 || y == 1 || y == 5)
                #expect(image.pixel(x: x, y: y) == (onEdge ? once : .white), "pixel (\(x), \(y))")
            }
        }

        // A line as wide as half the rectangle fills it; no line draws nothing.
        var filled = try Canvas(width: 4, height: 4, background: .white)
        filled.strokeRect(x: 0, y: 0, width: 4, height: 3, lineWidth: 2, color: .black)
        filled.strokeRect(x: 0, y: 0, width: 4, height: 4, lineWidth: 0, color: .black)
        let filledImage = filled.image()
        #expect(filledImage.pixel(x: 3, y: 2) == .black)
        #expect(filledImage.pixel(x: 0, y: 3) == .white)
    }

    @Test func fillBlendsTranslucentColour() throws {
        var canvas = try Canvas(width: 2, height: 2, background: .black)
        canvas.fill(x: 0, y: 0, width: 1, height: 2, color: Color(red: 255, green: 255, blue: 255, alpha: 51))
        let image = canvas.image()
        #expect(image.pixel(x: 0, y: 1) == Color(red: 51, green: 51, blue: 51))
        #expect(image.pixel(x: 1, y: 1) == .black)
    }

    @Test func drawImagePastesWithClippingAndBlending() throws {
        let tile = try RGBAImage(width: 2, height: 2, pixels: [
            255, 0, 0, 255, 0, 255, 0, 255,
            0, 0, 255, 128, 9, 9, 9, 0,
        ])
        var sheet = try Canvas(width: 3, height: 3, background: .white)
        sheet.draw(image: tile, x: 1, y: 1)
        sheet.draw(image: tile, x: -1, y: -1)  // only the bottom-right pixel (transparent) lands
        sheet.draw(image: tile, x: 3, y: 0)    // entirely outside
        let image = sheet.image()
        #expect(image.pixel(x: 0, y: 0) == .white)
        #expect(image.pixel(x: 1, y: 1) == Color(red: 255, green: 0, blue: 0))
        #expect(image.pixel(x: 2, y: 1) == Color(red: 0, green: 255, blue: 0))
        #expect(image.pixel(x: 1, y: 2) == Color(red: 127, green: 127, blue: 255))
        #expect(image.pixel(x: 2, y: 2) == .white)

        // An opaque rendering pasted onto a transparent sheet comes back unchanged.
        let opaque = try PNGCodecTests.randomImage(width: 5, height: 4, seed: 12).pixels
            .enumerated().map { $0.offset % 4 == 3 ? UInt8(255) : $0.element }
        let rendering = try RGBAImage(width: 5, height: 4, pixels: opaque)
        var blank = try Canvas(width: 5, height: 4)
        blank.draw(image: rendering, x: 0, y: 0)
        #expect(blank.image() == rendering)
    }

    @Test func everyOperationKeepsAnOpaqueCanvasOpaque() throws {
        // image() skips the straight-alpha conversion for a canvas with an opaque background,
        // which is only right if nothing can make a pixel translucent.
        var generator = SplitMix64(state: 9)
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for background in [Color.white, .black, Color(red: 250, green: 248, blue: 240)] {
            var canvas = try Canvas(width: 12, height: 10, background: background)
            let mask = try CoverageMask(width: 12, height: 10, bytes: random(120))
            for alpha: UInt8 in [1, 77, 128, 254, 255] {
                let color = Color(red: 30, green: 160, blue: 90, alpha: alpha)
                canvas.composite(mask: mask, x: 0, y: 0, color: color)
                canvas.fill(x: 1, y: 1, width: 5, height: 5, color: color)
                canvas.strokeRect(x: 0, y: 0, width: 12, height: 10, lineWidth: 1, color: color)
            }
            // Premultiplied colour with every alpha, malformed (colour above alpha) included.
            canvas.composite(colorBitmap: try PremultipliedBitmap(width: 12, height: 10, format: .bgra, bytes: random(480)), x: 0, y: 0)
            canvas.draw(image: try RGBAImage(width: 12, height: 10, pixels: random(480)), x: 0, y: 0)
            #expect(stride(from: 3, to: canvas.premultipliedPixels.count, by: 4).allSatisfy { canvas.premultipliedPixels[$0] == 255 })
            #expect(canvas.image().pixels == canvas.premultipliedPixels)
        }
    }

    @Test func opaqueBlackMaskBlendsByTheGeneralFormula() throws {
        // Black text has its own loop; it must give what the general source-over formula gives,
        // on opaque and translucent canvases alike.
        var generator = SplitMix64(state: 21)
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for background in [Color.white, Color(red: 250, green: 248, blue: 240), .clear, Color(red: 10, green: 200, blue: 30, alpha: 90)] {
            var canvas = try Canvas(width: 16, height: 16, background: background)
            canvas.draw(image: try RGBAImage(width: 16, height: 16, pixels: random(1024)), x: 0, y: 0)
            let before = canvas.premultipliedPixels
            let coverage = random(256)
            canvas.composite(mask: try CoverageMask(width: 16, height: 16, bytes: coverage), x: 0, y: 0, color: .black)
            var expected = before
            for i in 0..<256 {
                let c = UInt32(coverage[i])
                let inverse = 255 - PixelMath.multiply(255, c)
                for k in 0..<4 {
                    let source: UInt32 = k == 3 ? PixelMath.multiply(255, c) : 0
                    expected[i * 4 + k] = UInt8(source + PixelMath.multiply(UInt32(before[i * 4 + k]), inverse))
                }
            }
            #expect(canvas.premultipliedPixels == expected, "background \(background)")
        }
    }

    @Test func opaqueBlackMaskBlendsByTheGeneralFormulaAtAnyWidthAndClip() throws {
        // The black loop blends four pixels at a time and finishes each row one at a time:
        // widths around multiples of four, and masks clipped on every side, reach both.
        var generator = SplitMix64(state: 33)
        func random(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for background in [Color.white, Color(red: 10, green: 200, blue: 30, alpha: 90)] {
            for width in 1...9 {
                for (x, y) in [(0, 0), (3, 2), (-2, -1), (11 - width, 5), (12 - width / 2, 7)] {
                    var canvas = try Canvas(width: 12, height: 9, background: background)
                    canvas.draw(image: try RGBAImage(width: 12, height: 9, pixels: random(432)), x: 0, y: 0)
                    let before = canvas.premultipliedPixels
                    let coverage = random(width * 3)
                    canvas.composite(mask: try CoverageMask(width: width, height: 3, bytes: coverage), x: x, y: y, color: .black)
                    var expected = before
                    for row in 0..<3 {
                        for column in 0..<width {
                            let px = x + column, py = y + row
                            guard (0..<12).contains(px), (0..<9).contains(py) else { continue }
                            let c = UInt32(coverage[row * width + column]), i = (py * 12 + px) * 4
                            for k in 0..<4 {
                                let source: UInt32 = k == 3 ? c : 0
                                expected[i + k] = UInt8(source + PixelMath.multiply(UInt32(before[i + k]), 255 - c))
                            }
                        }
                    }
                    #expect(canvas.premultipliedPixels == expected, "width \(width) at (\(x), \(y)) on \(background)")
                }
            }
        }
    }

    @Test func sameDrawingGivesSameBytes() throws {
        func render() throws -> [UInt8] {
            var canvas = try Canvas(width: 40, height: 30, background: Color(red: 250, green: 248, blue: 240))
            var generator = SplitMix64(state: 5)
            let coverage = (0..<(20 * 15)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let mask = try CoverageMask(width: 20, height: 15, bytes: coverage)
            canvas.composite(mask: mask, x: 3, y: 4, color: Color(red: 30, green: 60, blue: 90, alpha: 200))
            canvas.composite(mask: mask, x: 25, y: 20, color: .black)
            canvas.strokeRect(x: 0, y: 0, width: 40, height: 30, lineWidth: 2, color: Color(red: 255, green: 0, blue: 0, alpha: 100))
            return try PNGCodec.encode(canvas.image())
        }
        #expect(try render() == render())
    }

    // MARK: Clipping

    @Test func everyOperationStaysInsideTheClip() throws {
        let red = Color(red: 255, green: 0, blue: 0)
        var canvas = try Canvas(width: 10, height: 10, background: .white)
        canvas.setClip(PixelRect(minX: 2, minY: 3, maxX: 6, maxY: 8))
        canvas.fill(x: 0, y: 0, width: 10, height: 10, color: red)
        canvas.composite(mask: try Self.mask(10, 10), x: 0, y: 0, color: red)
        canvas.draw(image: try RGBAImage(width: 10, height: 10, pixels: [UInt8](repeating: 255, count: 400)), x: 0, y: 0)
        canvas.fill(RoundedRect(x: -5, y: -5, width: 20, height: 20), color: red)
        let image = canvas.image()
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<8).contains(y)
                #expect(image.pixel(x: x, y: y) == (inside ? red : .white), "(\(x), \(y))")
            }
        }
        // A clip is kept within the canvas, and an empty one draws nothing.
        canvas.setClip(PixelRect(minX: -5, minY: -5, maxX: 50, maxY: 50))
        #expect(canvas.clip == PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10))
        canvas.setClip(PixelRect(minX: 4, minY: 4, maxX: 4, maxY: 9))
        canvas.fill(x: 0, y: 0, width: 10, height: 10, color: .black)
        #expect(canvas.image() == image)
    }

    @Test func aBorderIsTheShapeLessItsHole() throws {
        var canvas = try Canvas(width: 20, height: 20, background: .white)
        let outer = RoundedRect(x: 2, y: 2, width: 16, height: 16)
        canvas.fill(outer, excluding: outer.inset(top: 3, right: 1, bottom: 1, left: 1), color: .black)
        let image = canvas.image()
        #expect(image.pixel(x: 10, y: 4) == .black && image.pixel(x: 10, y: 5) == .white)
        #expect(image.pixel(x: 2, y: 10) == .black && image.pixel(x: 3, y: 10) == .white)
        #expect(image.pixel(x: 17, y: 10) == .black && image.pixel(x: 18, y: 10) == .white)
        #expect(image.pixel(x: 10, y: 17) == .black && image.pixel(x: 10, y: 16) == .white)
    }

    /// A corner's pixels wholly inside or outside its curve are answered without sampling:
    /// the answer must be sampling's, pixel for pixel, for circular and elliptical corners of
    /// any size, fractional positions, and corners shrunk to fit.
    @Test func cornerCoverageIsSamplingsEverywhere() {
        var generator = SplitMix64(state: 14)
        var answered = 0, sampled = 0
        for _ in 0..<300 {
            func length(_ range: ClosedRange<Double>) -> Double {
                (Double.random(in: range, using: &generator) * 8).rounded() / 8
            }
            func radius() -> RoundedRect.Radius {
                Bool.random(using: &generator) ? .init(width: 0, height: 0) : .init(width: length(0...40), height: length(0...40))
            }
            let shape = RoundedRect(x: length(-3...3), y: length(-3...3), width: length(1...60), height: length(1...60),
                                    topLeft: radius(), topRight: radius(), bottomRight: radius(), bottomLeft: radius())
            for y in -4..<64 {
                for x in -4..<64 {
                    let samples = shape.sampledCoverage(x: Double(x), y: Double(y))
                    guard let whole = shape.wholeSampleCoverage(x: Double(x), y: Double(y)) else {
                        if samples != 0 && samples != 255 { sampled += 1 }
                        continue
                    }
                    #expect(whole == samples, "(\(x), \(y)) of \(shape)")
                    answered += 1
                }
            }
        }
        // Most pixels are answered without sampling.
        #expect(answered > 5 * sampled, "\(answered) answered, \(sampled) sampled")
    }
}
