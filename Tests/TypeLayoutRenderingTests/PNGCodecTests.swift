import Foundation
import Testing
@testable import TypeLayout
@testable import TypeLayoutRendering
import TypeLayoutTestSupport

/// A seeded generator, so a failing "random" image is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A fresh empty directory in the test's temporary folder, removed with it (the `.temporaryFolders`
/// trait), also when the test throws or took the directory's permissions away.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = try TestPaths.temporaryDirectory().path
    }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    }
}

/// Builds small PNG files by hand (stored, uncompressed deflate), to test decoding of colour
/// types and bit depths that the encoder never writes.
enum HandmadePNG {
    static func make(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8,
                     rows: [[UInt8]], extraChunks: [(String, [UInt8])] = []) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, colorType, 0, 0, 0]
        png += chunk("IHDR", header)
        for (type, data) in extraChunks { png += chunk(type, data) }
        let raw: [UInt8] = rows.flatMap { [UInt8(0)] + $0 }  // filter type 0 (None) on every row
        png += chunk("IDAT", zlibStored(raw))
        png += chunk("IEND", [])
        return png
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        precondition(data.count < 65536)
        let length = UInt16(data.count)
        var out: [UInt8] = [0x78, 0x01, 0x01]  // zlib header; final stored block
        out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
        out += data
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

@Suite("PNGCodec", .temporaryFolders)
struct PNGCodecTests {
    static func randomImage(width: Int, height: Int, seed: UInt64) throws -> RGBAImage {
        var generator = SplitMix64(state: seed)
        let pixels = (0..<width * height * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    // MARK: Encoding and decoding

    @Test func randomImageRoundTripsExactly() throws {
        // Random bytes don't compress: 38,400 bytes of pixels give a PNG larger than the
        // encoder's first buffer (half the pixels plus 8 KiB), exercising its second pass.
        let image = try Self.randomImage(width: 120, height: 80, seed: 42)
        let png = try PNGCodec.encode(image)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(png.count > 120 * 80 * 4 / 2 + 8192)
        #expect(try PNGCodec.decode(png) == image)

        let small = try Self.randomImage(width: 37, height: 23, seed: 43)
        #expect(try PNGCodec.decode(PNGCodec.encode(small)) == small)
    }

    @Test func encodingIsDeterministic() throws {
        let image = try Self.randomImage(width: 16, height: 16, seed: 7)
        #expect(try PNGCodec.encode(image) == PNGCodec.encode(image))
    }

    @Test func flatImageCompressesAndRoundTrips() throws {
        let image = try RGBAImage(
            width: 300, height: 200,
            pixels: Array(repeating: [250, 250, 250, 255], count: 300 * 200).flatMap { $0 })
        let png = try PNGCodec.encode(image)
        #expect(png.count < 2000)
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func transparentAndTranslucentPixelsSurviveExactly() throws {
        let pixels: [UInt8] = [
            12, 34, 56, 0,  // fully transparent, with a colour that must not be lost
            0, 0, 0, 0,
            200, 100, 50, 128,
            1, 2, 3, 1,
            255, 255, 255, 254,
            9, 200, 77, 64,
        ]
        let image = try RGBAImage(width: 3, height: 2, pixels: pixels)
        let decoded = try PNGCodec.decode(PNGCodec.encode(image))
        #expect(decoded.pixels == pixels)
        #expect(decoded.pixel(x: 0, y: 0) == Color(red: 12, green: 34, blue: 56, alpha: 0))
        #expect(decoded.pixel(x: 2, y: 0) == Color(red: 200, green: 100, blue: 50, alpha: 128))
    }

    /// The PNG colour type in the IHDR chunk (0 grey, 2 RGB, 4 grey + alpha, 6 RGBA) and the
    /// bit depth.
    static func colorType(of png: [UInt8]) -> (colorType: UInt8, bitDepth: UInt8) {
        (png[25], png[24])
    }

    /// `pixels` repeated to fill `width × height`, with `special` pixels at the given indices.
    static func image(width: Int, height: Int, fill: [UInt8], special: [Int: [UInt8]]) throws -> RGBAImage {
        var pixels = [UInt8]()
        for i in 0..<width * height { pixels += special[i] ?? fill }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func greyOpaqueImageIsWrittenAsGreyAndRoundTripsExactly() throws {
        // Anti-aliased black on white, with a grey frame, as the contact sheet draws.
        let image = try Self.image(width: 40, height: 9, fill: [255, 255, 255, 255], special: [
            3: [0, 0, 0, 255], 4: [0x55, 0x55, 0x55, 255], 100: [0xC8, 0xC8, 0xC8, 255], 359: [1, 1, 1, 255],
        ])
        let png = try PNGCodec.encode(image)
        #expect(Self.colorType(of: png) == (0, 8))
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func greyTranslucentImageIsWrittenAsGreyAlphaAndRoundTripsExactly() throws {
        // Black text on a clear background: grey values, alpha varying.
        let image = try Self.image(width: 33, height: 7, fill: [0, 0, 0, 0], special: [
            0: [0, 0, 0, 255], 5: [0, 0, 0, 17], 40: [128, 128, 128, 200], 230: [255, 255, 255, 1],
        ])
        let png = try PNGCodec.encode(image)
        #expect(Self.colorType(of: png) == (4, 8))
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func colourOpaqueImageIsWrittenAsRGBAndRoundTripsExactly() throws {
        // A colour background repeats three bytes apart: still compressed (level 2, not RLE).
        let image = try Self.image(width: 300, height: 40, fill: [0xFF, 0xF8, 0xE7, 255], special: [
            7: [0x1E, 0x5A, 0xC8, 255], 8: [0, 0, 0, 255], 11_999: [9, 9, 10, 255],
        ])
        let png = try PNGCodec.encode(image)
        #expect(Self.colorType(of: png) == (2, 8))
        #expect(png.count < 2000)
        #expect(try PNGCodec.decode(png) == image)
    }

    @Test func colourTranslucentImageIsWrittenAsRGBAAndRoundTripsExactly() throws {
        // Grey everywhere but one translucent colour pixel in the last row; transparent pixels
        // keep their colour.
        let image = try Self.image(width: 20, height: 6, fill: [255, 255, 255, 255], special: [
            0: [12, 34, 56, 0], 1: [7, 7, 7, 0], 119: [200, 100, 50, 128],
        ])
        let png = try PNGCodec.encode(image)
        #expect(Self.colorType(of: png) == (6, 8))
        #expect(try PNGCodec.decode(png) == image)

        // Colour in the first row (opaque), translucency only in the last (grey).
        let early = try Self.image(width: 20, height: 6, fill: [255, 255, 255, 255], special: [
            2: [255, 0, 0, 255], 118: [255, 255, 255, 254],
        ])
        let earlyPNG = try PNGCodec.encode(early)
        #expect(Self.colorType(of: earlyPNG) == (6, 8))
        #expect(try PNGCodec.decode(earlyPNG) == early)
    }

    @Test func encoderErrorsAreThrownNotFatal() throws {
        let bytes: [UInt8] = [0, 0, 0, 0]
        #expect(throws: ImageError.encodingFailed(reason: "invalid IHDR size 0 × 1")) {
            try bytes.withUnsafeBytes { try PNGWriter.encode(rgba: $0, width: 0, height: 1, channels: 1) }
        }
        #expect(throws: ImageError.encodingFailed(reason: "invalid channel count 5")) {
            try bytes.withUnsafeBytes { try PNGWriter.encode(rgba: $0, width: 1, height: 1, channels: 5) }
        }
        // libdeflate has levels 0–12: a compressor it refuses to allocate stands for one that
        // malloc couldn't give, and is an error, not a crash.
        #expect(throws: ImageError.encodingFailed(reason: "can't allocate a deflate compressor at level 13")) {
            try bytes.withUnsafeBytes { try PNGWriter.encode(rgba: $0, width: 1, height: 1, channels: 4, level: 13) }
        }
        // A buffer the system can't map is an error too (the writer's buffers come from mmap).
        #expect {
            try MappedBuffer(count: Int.max / 2)
        } throws: { error in
            guard case .encodingFailed(let reason)? = error as? ImageError else { return false }
            return reason.hasPrefix("can't allocate \(Int.max / 2) bytes: ")
        }
        let red = Color(red: 255, green: 0, blue: 0)
        #expect(throws: ImageError.encodingFailed(reason: "invalid bit depth 3")) {
            try [UInt8(0)].withUnsafeBufferPointer { try PNGWriter.encodeIndexed($0, width: 1, height: 1, bitDepth: 3, palette: [red]) }
        }
        #expect(throws: ImageError.encodingFailed(reason: "a palette of 5 colours doesn't fit 2 bits a pixel")) {
            try [UInt8(0)].withUnsafeBufferPointer {
                try PNGWriter.encodeIndexed($0, width: 1, height: 1, bitDepth: 2, palette: Array(repeating: red, count: 5))
            }
        }
    }

    // MARK: What the writer writes, read back by libpng

    /// The chunks of `png` in order, each checked against its CRC-32 (computed here bit by bit,
    /// independently of the writer's libdeflate).
    static func chunks(of png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(type: String, data: [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let typeAndData = Array(png[offset + 4..<offset + 8 + length])
            let crc = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(crc == HandmadePNG.crc32(typeAndData))
            chunks.append((String(decoding: typeAndData.prefix(4), as: UTF8.self), Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        #expect(offset == png.count)
        return chunks
    }

    /// Text-like test pictures: a background with anti-aliased "glyphs" (random coverage
    /// blobs) in a few places and long flat runs, as rendered labels and sheets are.
    static func textLike(width: Int, height: Int, background: Color, ink: Color, seed: UInt64) throws -> RGBAImage {
        var canvas = try Canvas(width: width, height: height, background: background)
        var generator = SplitMix64(state: seed)
        for blob in 0..<(width * height / 400 + 1) {
            let w = Int.random(in: 1...12, using: &generator), h = Int.random(in: 1...16, using: &generator)
            let coverage = (0..<w * h).map { _ in UInt8.random(in: 1...255, using: &generator) }
            // The first at the origin, so that even a tiny picture has ink.
            let x = blob == 0 ? 0 : Int.random(in: -4..<width, using: &generator)
            let y = blob == 0 ? 0 : Int.random(in: -4..<height, using: &generator)
            canvas.composite(mask: try CoverageMask(width: w, height: h, bytes: coverage), x: x, y: y, color: ink)
        }
        return canvas.image()
    }

    @Test func everyColourTypeDecodesByLibpngToTheSamePixels() throws {
        let white = Color.white, clear = Color(red: 255, green: 255, blue: 255, alpha: 0)
        let blue = Color(red: 0x1E, green: 0x5A, blue: 0xC8), cream = Color(red: 0xFF, green: 0xF8, blue: 0xE7)
        // (background, ink, colour type): grey, grey + alpha, RGB, RGBA; odd sizes, and one
        // large enough for several deflate blocks.
        let cases: [(Color, Color, UInt8)] = [(white, .black, 0), (clear, .black, 4), (cream, blue, 2), (clear, blue, 6)]
        for (index, (background, ink, colorType)) in cases.enumerated() {
            for (width, height) in [(1, 1), (3, 7), (333, 75), (1404, 974)] {
                let image = try Self.textLike(width: width, height: height, background: background, ink: ink, seed: UInt64(index * 100 + width))
                let png = try PNGCodec.encode(image)
                #expect(Self.colorType(of: png) == (colorType, 8), "\(width) × \(height)")
                #expect(Self.chunks(of: png).map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"])
                #expect(try PNGCodec.decode(png) == image, "\(width) × \(height), colour type \(colorType)")
            }
        }
    }

    /// Rows above `PNGWriter.streamingThreshold` stream through igzip a band at a time: the same
    /// pixels as libdeflate's whole-buffer stream, for every colour type, with output long enough
    /// to need several of the stream's output chunks (noise) and flat runs (text-like).
    @Test func streamedRowsDecodeByLibpngToTheSamePixelsAsWholeBufferOnes() throws {
        let cream = Color(red: 0xFF, green: 0xF8, blue: 0xE7), blue = Color(red: 0x1E, green: 0x5A, blue: 0xC8)
        var generator = SplitMix64(state: 18)
        let noise = try RGBAImage(width: 301, height: 203, pixels: (0..<(301 * 203 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let textLike = try Self.textLike(width: 640, height: 480, background: cream, ink: blue, seed: 7)
        for image in [noise, textLike] {
            for channels in 1...4 {
                let (whole, streamed) = try image.pixels.withUnsafeBytes { rgba in
                    (try PNGWriter.encode(rgba: rgba, width: image.width, height: image.height, channels: channels),
                     try PNGWriter.encode(rgba: rgba, width: image.width, height: image.height, channels: channels, streamingThreshold: 0))
                }
                // Noise is stored, not compressed, which both deflaters write alike.
                if image.width == textLike.width { #expect(whole != streamed, "the streamed path was taken") }
                #expect(Self.chunks(of: streamed).map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"])
                #expect(try PNGCodec.decode(streamed) == PNGCodec.decode(whole), "\(image.width) × \(image.height), \(channels) channels")
            }
        }
        // Noise doesn't compress: the stream ran through several 64 KB output chunks.
        let streamedNoise = try noise.pixels.withUnsafeBytes {
            try PNGWriter.encode(rgba: $0, width: noise.width, height: noise.height, channels: 4, streamingThreshold: 0)
        }
        #expect(streamedNoise.count > 3 * 65_536)
    }

    /// Images of `PNGWriter.splitMinimumPixels` or more are encoded in parts on two threads
    /// (zlib's pieces above, libdeflate's part below, one zlib stream): libpng decodes them to
    /// the pixels of the one-thread encode, in the same colour type when only one part's pixels need it (a
    /// colour or a translucent pixel in the top rows only, or the bottom rows only), and the
    /// same image gives the same bytes every time.
    @Test func anImageEncodedInPartsDecodesToThePixelsOfTheOneThreadEncode() throws {
        let black = Color.black, blue = Color(red: 0x1E, green: 0x5A, blue: 0xC8)
        let grey = try Self.textLike(width: 301, height: 207, background: .white, ink: black, seed: 11)
        func changing(_ image: RGBAImage, _ changes: [(x: Int, y: Int, rgba: [UInt8])]) throws -> RGBAImage {
            var pixels = image.pixels
            for change in changes { pixels.replaceSubrange((change.y * image.width + change.x) * 4..<(change.y * image.width + change.x + 1) * 4, with: change.rgba) }
            return try RGBAImage(width: image.width, height: image.height, pixels: pixels)
        }
        let text = AttributedText("Your photos and videos are stored in iCloud.", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17))
        let layouts = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 320), categories: ContentSizeCategory.allCases)
        let cases: [(name: String, image: RGBAImage, colorType: UInt8)] = [
            ("a contact sheet", try ContactSheet(scale: 1).render(layouts), 0),
            ("grey", grey, 0),
            ("colour in the top rows only", try changing(grey, [(5, 0, [0x1E, 0x5A, 0xC8, 255])]), 2),
            ("colour in the bottom rows only", try changing(grey, [(300, 206, [0x1E, 0x5A, 0xC8, 255])]), 2),
            ("translucent in the top rows only", try changing(grey, [(7, 1, [0x80, 0x80, 0x80, 0x80])]), 4),
            ("translucent in the bottom rows only", try changing(grey, [(0, 206, [0x80, 0x80, 0x80, 0x80])]), 4),
            ("colour above, translucent below", try changing(grey, [(0, 0, [9, 8, 7, 255]), (1, 205, [0, 0, 0, 0])]), 6),
            ("two rows", try Self.textLike(width: 640, height: 2, background: .white, ink: blue, seed: 3), 2),
            ("noise", try RGBAImage(width: 257, height: 131, pixels: {
                var generator = SplitMix64(state: 5)
                return (0..<(257 * 131 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            }()), 6),
        ]
        for (name, image, colorType) in cases {
            func encode(splitMinimumPixels: Int?) throws -> [UInt8] {
                try image.pixels.withUnsafeBytes {
                    try PNGWriter.encode(rgba: $0, width: image.width, height: image.height, splitMinimumPixels: splitMinimumPixels)
                }
            }
            let split = try encode(splitMinimumPixels: 0), whole = try encode(splitMinimumPixels: nil)
            #expect(split != whole, "\(name): the two-part path was taken")
            #expect(Self.colorType(of: split) == (colorType, 8), "\(name)")
            #expect(Self.colorType(of: whole) == (colorType, 8), "\(name)")
            #expect(Self.chunks(of: split).map(\.type) == ["IHDR", "sRGB", "IDAT", "IEND"], "\(name)")
            #expect(try PNGCodec.decode(split) == PNGCodec.decode(whole), "\(name)")
            #expect(try PNGCodec.decode(split) == image, "\(name)")
            for _ in 0..<4 { #expect(try encode(splitMinimumPixels: 0) == split, "\(name): the same bytes every time") }
        }
        // The public switch: off by default (a caller encoding pictures side by side), on for a
        // picture of half a million pixels or more only.
        let sheet = try ContactSheet(scale: 2).render(layouts)
        #expect(sheet.width * sheet.height >= PNGWriter.splitMinimumPixels)
        let plain = try PNGCodec.encode(sheet), inParts = try PNGCodec.encode(sheet, usingSecondThread: true)
        #expect(plain == (try PNGCodec.encode(sheet, usingSecondThread: false)))
        #expect(inParts.count != plain.count, "a sheet is encoded in parts when asked")
        #expect(try PNGCodec.decode(inParts) == sheet)
        #expect(try PNGCodec.encode(grey, usingSecondThread: true) == PNGCodec.encode(grey), "a small picture stays whole")
    }

    /// A sheet rendered while its captions are warmed on a second thread (as render-cli starts
    /// it before laying out the label), each on an engine of its own, is the sheet rendered
    /// without: the warming fills caches only.
    @Test func aSheetRenderedWhileItsCaptionsWarmIsTheSheetWithout() throws {
        let text = AttributedText("Your photos and videos are stored in iCloud.", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17))
        func sheet(warming: Bool) throws -> RGBAImage {
            let engine = TextLayoutEngine()
            let helper = warming ? HelperThread() : nil
            defer { helper?.finish() }
            if let helper { ContactSheet.warmCaptions(engine: engine, on: helper) }
            let layouts = try engine.layout(text, paragraphStyle: ParagraphStyle(width: 320), categories: ContentSizeCategory.allCases)
            return try ContactSheet(scale: 1).render(layouts, engine: engine)
        }
        let without = try sheet(warming: false)
        for _ in 0..<3 { #expect(try sheet(warming: true) == without) }
    }

    /// A picture drawn a band of rows at a time (several bands, on several threads) decodes by
    /// libpng to the pixels of the same drawing done once on a whole canvas, RGB for an opaque
    /// background and RGBA for a translucent one, and the file is the same bytes every time.
    @Test func aPictureDrawnInBandsDecodesToThePixelsDrawnWhole() throws {
        let directory = try TemporaryDirectory()
        let ink = Color(red: 0x1E, green: 0x5A, blue: 0xC8), translucent = Color(red: 0x10, green: 0x80, blue: 0x20, alpha: 0x70)
        // Shapes across bands' edges, at every row: about 6 MB of rows, so several bands.
        @Sendable func draw(_ canvas: inout Canvas) {
            for i in 0..<400 {
                canvas.fill(x: (i * 37) % 1_400, y: (i * 53) % 1_000, width: 20 + i % 90, height: 7 + i % 130,
                            color: i % 3 == 0 ? translucent : ink)
            }
        }
        for background in [Color(red: 0xFF, green: 0xF8, blue: 0xE7), Color(red: 0xFF, green: 0xFF, blue: 0xFF, alpha: 0x40)] {
            var whole = try Canvas(width: 1_500, height: 1_000, background: background)
            draw(&whole)
            let path = directory.path + "/banded.png"
            try PNGCodec.write(width: 1_500, height: 1_000, background: background, to: path, drawingBands: draw)
            let first = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(try PNGCodec.read(contentsOf: path) == whole.image())
            #expect(first[25] == (background.alpha == 255 ? 2 : 6), "IHDR's colour type")
            try PNGCodec.write(width: 1_500, height: 1_000, background: background, to: path, drawingBands: draw)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == first)
        }
    }

    /// An error drawing any band is thrown, and no file is written.
    @Test func aBandThatFailsToDrawWritesNoFile() throws {
        struct BandFailure: Error {}
        let directory = try TemporaryDirectory()
        #expect(throws: BandFailure.self) {
            try PNGCodec.write(width: 2_000, height: 2_000, background: .white, to: directory.path + "/failed.png") { canvas in
                if (canvas.bounds.minY..<canvas.bounds.maxY).contains(1_500) { throw BandFailure() }
            }
        }
        #expect(try directory.contents() == [])
    }

    @Test func paletteImagesOfEveryDepthDecodeByLibpngToTheSamePixels() throws {
        // 2, 3, 16, 17 and 200 colours: 1, 2, 4 and 8 bits; widths that end mid-byte.
        for (colours, bitDepth) in [(2, 1), (3, 2), (16, 4), (17, 8), (200, 8)] {
            let palette = (0..<colours).map { Color(red: UInt8($0), green: UInt8(255 - $0), blue: 7, alpha: $0 == 1 ? 40 : 255) }
            for width in [1, 5, 7, 9, 301] {
                let height = 11
                var generator = SplitMix64(state: UInt64(colours * 1000 + width))
                let indices = (0..<width * height).map { i in i % 13 < 9 ? 0 : UInt8.random(in: 0..<UInt8(colours - 1), using: &generator) + 1 }
                let pixels = indices.flatMap { let c = palette[Int($0)]; return [c.red, c.green, c.blue, c.alpha] }
                let image = try RGBAImage(width: width, height: height, pixels: pixels)
                let png = try indices.withUnsafeBufferPointer {
                    try PNGWriter.encodeIndexed($0, width: width, height: height, bitDepth: bitDepth, palette: palette)
                }
                #expect(Self.colorType(of: png) == (3, UInt8(bitDepth)))
                let chunks = Self.chunks(of: png)
                #expect(chunks.map(\.type) == ["IHDR", "sRGB", "PLTE", "tRNS", "IDAT", "IEND"])
                #expect(chunks[2].data.count == 3 * colours)
                #expect(chunks[3].data == [255, 40], "alphas up to the last translucent entry")
                #expect(try PNGCodec.decode(png) == image, "\(colours) colours, \(width) wide")
            }
        }
    }

    @Test func renderedSheetDecodesByLibpngToTheSamePixelsAndStaysSmall() throws {
        let text = AttributedText("Your photos and videos are stored in iCloud.", font: try Font(path: BundledFonts.gillSansStandIn, pointSize: 17))
        let layouts = try TextLayoutEngine().layout(text, paragraphStyle: ParagraphStyle(width: 320), categories: ContentSizeCategory.allCases)
        let sheet = try ContactSheet(scale: 1).render(layouts)
        let png = try PNGCodec.encode(sheet)
        #expect(try PNGCodec.decode(png) == sheet)
        // Black text on white compresses to a small fraction of its one byte a pixel.
        #expect(png.count < sheet.width * sheet.height / 5)
    }

    @Test func oneGreyPixelAndOneColourPixelImagesRoundTrip() throws {
        for pixel: [UInt8] in [[0, 0, 0, 255], [9, 9, 9, 0], [1, 2, 3, 255], [1, 2, 3, 4]] {
            let image = try RGBAImage(width: 1, height: 1, pixels: pixel)
            #expect(try PNGCodec.decode(PNGCodec.encode(image)) == image)
        }
    }

    @Test func decodingNonPNGThrows() throws {
        #expect(throws: ImageError.notPNG(path: nil)) { try PNGCodec.decode([]) }
        #expect(throws: ImageError.notPNG(path: nil)) { try PNGCodec.decode(Array("hello, world".utf8)) }
        #expect(ImageError.notPNG(path: nil).description == "not a PNG file")
    }

    @Test func decodingDamagedPNGThrows() throws {
        let png = try PNGCodec.encode(Self.randomImage(width: 20, height: 20, seed: 1))
        let truncated = Array(png.prefix(png.count / 2))
        #expect {
            try PNGCodec.decode(truncated)
        } throws: { error in
            guard case .undecodablePNG(nil, let reason)? = error as? ImageError else { return false }
            return !reason.isEmpty
        }
        var corrupted = png
        corrupted[20] ^= 0xFF  // inside IHDR: the CRC no longer matches
        #expect(throws: ImageError.self) { try PNGCodec.decode(corrupted) }
    }

    @Test func decodingHugeClaimedSizeThrowsBeforeAllocating() throws {
        // A valid 1-row header claiming 20000 pixels per row; the data is never read.
        let png = HandmadePNG.make(width: 20000, height: 10, bitDepth: 8, colorType: 0, rows: [[0]])
        let error = try #require(throws: ImageError.self) { try PNGCodec.decode(png) }
        #expect(error == .undecodablePNG(
            path: nil, reason: "image 20000 × 10 pixels exceeds the limit of 16384 × 16384"))
    }

    @Test func decodesGreyscaleToRGBA() throws {
        let png = HandmadePNG.make(
            width: 2, height: 2, bitDepth: 8, colorType: 0, rows: [[0, 255], [128, 64]])
        let image = try PNGCodec.decode(png)
        #expect(image.width == 2 && image.height == 2)
        #expect(image.pixels == [0, 0, 0, 255, 255, 255, 255, 255, 128, 128, 128, 255, 64, 64, 64, 255])
    }

    @Test func decodesPaletteWithTransparencyToRGBA() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 0, 255, 10, 20, 30]
        let alphas: [UInt8] = [255, 128, 0]
        let png = HandmadePNG.make(
            width: 3, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1, 2]],
            extraChunks: [("PLTE", palette), ("tRNS", alphas)])
        let image = try PNGCodec.decode(png)
        #expect(image.pixel(x: 0, y: 0) == Color(red: 255, green: 0, blue: 0, alpha: 255))
        #expect(image.pixel(x: 1, y: 0) == Color(red: 0, green: 0, blue: 255, alpha: 128))
        #expect(image.pixel(x: 2, y: 0).alpha == 0)
    }

    @Test func decodes16BitRGBToRGBA8() throws {
        let row: [UInt8] = [0xFF, 0xFF, 0x00, 0x00, 0x80, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]
        let png = HandmadePNG.make(width: 2, height: 1, bitDepth: 16, colorType: 2, rows: [row])
        let image = try PNGCodec.decode(png)
        #expect(image.pixels == [255, 0, 128, 255, 0, 0, 0, 255])
    }

    // MARK: RGBAImage

    @Test func imageChecksByteCountAndLimits() throws {
        #expect(throws: ImageError.byteCountMismatch(width: 2, height: 2, expected: 16, actual: 15)) {
            try RGBAImage(width: 2, height: 2, pixels: Array(repeating: 0, count: 15))
        }
        #expect(throws: ImageError.invalidSize(width: 0, height: 3)) {
            try RGBAImage(width: 0, height: 3, pixels: [])
        }
        let error = try #require(throws: ImageError.self) {
            try RGBAImage(width: 20000, height: 10, pixels: [])
        }
        #expect(error.description == "image 20000 × 10 pixels exceeds the limit of 16384 × 16384")
    }

    // MARK: Files

    @Test func writeThenReadRoundTripsAndLeavesOnlyTheTarget() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.png"
        let image = try Self.randomImage(width: 9, height: 5, seed: 3)
        try PNGCodec.write(image, to: path)
        #expect(try directory.contents() == ["out.png"])
        #expect(try PNGCodec.read(contentsOf: path) == image)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == PNGCodec.encode(image))

        // Overwriting replaces the file, again without leftovers.
        let second = try Self.randomImage(width: 4, height: 4, seed: 4)
        try PNGCodec.write(second, to: path)
        #expect(try directory.contents() == ["out.png"])
        #expect(try PNGCodec.read(contentsOf: path) == second)
    }

    @Test func symbolicLinkAtTheTargetIsReplacedNotWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path + "/target.bin", link = directory.path + "/out.png"
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: target))
        #expect(symlink("target.bin", link) == 0)
        let image = try Self.randomImage(width: 3, height: 2, seed: 9)
        try PNGCodec.write(image, to: link)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: target))) == [1, 2, 3])
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(try PNGCodec.read(contentsOf: link) == image)
        #expect(try directory.contents() == ["out.png", "target.bin"])
    }

    @Test func writeIntoMissingDirectoryThrowsAndLeavesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/missing/out.png"
        let image = try Self.randomImage(width: 2, height: 2, seed: 6)
        let error = try #require(throws: ImageError.self) { try PNGCodec.write(image, to: path) }
        #expect(error == .writeFailed(path: path, reason: "No such file or directory"))
        #expect(error.description == "can't write \(path): No such file or directory")
        #expect(try directory.contents().isEmpty)
    }

    @Test func writeOntoDirectoryThrowsAndLeavesItUntouched() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path + "/out.png"
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: target + "/inside"))
        let image = try Self.randomImage(width: 2, height: 2, seed: 8)

        let error = try #require(throws: ImageError.self) { try PNGCodec.write(image, to: target) }
        guard case .writeFailed(target, let reason) = error else {
            Issue.record("unexpected error \(error)")
            return
        }
        #expect(reason == "Is a directory")
        #expect(try directory.contents() == ["out.png"])  // no temporary file left
        #expect(try FileManager.default.contentsOfDirectory(atPath: target) == ["inside"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: target + "/inside")) == Data([1, 2, 3]))
    }

    @Test func failureBeforeRenameLeavesExistingFileByteIdentical() throws {
        // Tests may run as root, where permissions can't make a write fail; a hook fails the
        // write after the temporary file is complete and closed, just before the rename.
        struct InjectedFailure: Error {}
        let directory = try TemporaryDirectory()
        let path = directory.path + "/existing.png"
        let original = Data((0..<100).map { UInt8($0) })
        try original.write(to: URL(fileURLWithPath: path))
        let image = try Self.randomImage(width: 3, height: 3, seed: 9)

        var sawTemporaryFile = false
        #expect(throws: InjectedFailure.self) {
            try PNGCodec.write(image, to: path, beforeRename: {
                let names = try directory.contents()
                sawTemporaryFile = names.count == 2 && names.contains { $0.hasPrefix(".existing.png.tmp-") }
                throw InjectedFailure()
            })
        }
        #expect(sawTemporaryFile)
        #expect(try directory.contents() == ["existing.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores directory permissions"))
    func writeIntoReadOnlyDirectoryLeavesExistingFileByteIdentical() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/existing.png"
        let original = Data([9, 8, 7])
        try original.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path)
        let image = try Self.randomImage(width: 2, height: 2, seed: 10)

        #expect(throws: ImageError.writeFailed(path: path, reason: "Permission denied")) {
            try PNGCodec.write(image, to: path)
        }
        #expect(try directory.contents() == ["existing.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test func readErrorsNameThePath() throws {
        let directory = try TemporaryDirectory()

        let missing = directory.path + "/nope.png"
        let error = try #require(throws: ImageError.self) { try PNGCodec.read(contentsOf: missing) }
        #expect(error == .readFailed(path: missing, reason: "No such file or directory"))
        #expect(error.description == "can't read \(missing): No such file or directory")

        let text = directory.path + "/text.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: text))
        #expect(throws: ImageError.notPNG(path: text)) { try PNGCodec.read(contentsOf: text) }
        #expect(ImageError.notPNG(path: text).description == "can't read \(text): not a PNG file")

        #expect(throws: ImageError.readFailed(path: directory.path, reason: "Is a directory")) {
            try PNGCodec.read(contentsOf: directory.path)
        }
    }

    @Test func emptyOrDirectoryLikeTargetPathsThrow() throws {
        let image = try Self.randomImage(width: 1, height: 1, seed: 11)
        #expect(throws: ImageError.writeFailed(path: "", reason: "empty path")) {
            try PNGCodec.write(image, to: "")
        }
        let directory = try TemporaryDirectory()
        #expect(throws: ImageError.writeFailed(path: directory.path + "/", reason: "Is a directory")) {
            try PNGCodec.write(image, to: directory.path + "/")
        }
        #expect(try directory.contents().isEmpty)
    }
}
