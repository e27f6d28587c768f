import Testing
@testable import TypeLayout
@testable import TypeLayoutRendering

/// The fast PNG decoding path (`PNGReader`: libdeflate and unfiltering in Swift) against libpng,
/// the path every other PNG takes: the same pixels for every filter, colour type and chunk
/// layout it accepts, and libpng's answer for what it declines.
struct PNGReaderTests {
    /// Random samples, `channels` a pixel.
    private static func samples(width: Int, height: Int, channels: Int, seed: UInt64) -> [[UInt8]] {
        var generator = SplitMix64(state: seed)
        return (0..<height).map { _ in
            // Runs of a repeated sample, so that the predictors see both smooth and noisy rows.
            var row: [UInt8] = []
            while row.count < width * channels {
                let value = UInt8.random(in: 0...255, using: &generator)
                row += Array(repeating: value, count: Int.random(in: 1...5, using: &generator))
            }
            return Array(row.prefix(width * channels))
        }
    }

    /// `rows` filtered with `filter` (0–4, or 5 for a different filter on each row in turn).
    private static func filtered(_ rows: [[UInt8]], channels: Int, filter: Int) -> [UInt8] {
        var out: [UInt8] = []
        for (y, row) in rows.enumerated() {
            let type = filter == 5 ? y % 5 : filter
            out.append(UInt8(type))
            for i in row.indices {
                let left = i >= channels ? Int(row[i - channels]) : 0
                let up = y > 0 ? Int(rows[y - 1][i]) : 0
                let upLeft = i >= channels && y > 0 ? Int(rows[y - 1][i - channels]) : 0
                let prediction: Int
                switch type {
                case 1: prediction = left
                case 2: prediction = up
                case 3: prediction = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    prediction = a <= b && a <= c ? left : (b <= c ? up : upLeft)
                default: prediction = 0
                }
                out.append(row[i] &- UInt8(truncatingIfNeeded: prediction))
            }
        }
        return out
    }

    /// A PNG of `rows`, its zlib stream cut into `idatCount` IDAT chunks.
    private static func png(width: Int, height: Int, colorType: UInt8, channels: Int, rows: [[UInt8]], filter: Int,
                            idatCount: Int = 1, extraChunks: [(String, [UInt8])] = []) throws -> [UInt8] {
        let raw = filtered(rows, channels: channels, filter: filter)
        let stream = try raw.withUnsafeBytes { data in try Deflate.withZlibStream(of: data, level: 6) { Array($0) } }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += HandmadePNG.chunk("IHDR", HandmadePNG.bigEndian(UInt32(width)) + HandmadePNG.bigEndian(UInt32(height))
            + [8, colorType, 0, 0, 0])
        for (type, data) in extraChunks { png += HandmadePNG.chunk(type, data) }
        let piece = (stream.count + idatCount - 1) / idatCount
        for start in Swift.stride(from: 0, to: stream.count, by: piece) {
            png += HandmadePNG.chunk("IDAT", Array(stream[start..<min(stream.count, start + piece)]))
        }
        png += HandmadePNG.chunk("IEND", [])
        return png
    }

    @Test(arguments: [(UInt8(0), 1), (4, 2), (2, 3), (6, 4)])
    func everyFilterAndColourTypeDecodesToLibpngsPixels(colorType: UInt8, channels: Int) throws {
        for filter in 0...5 {
            for (width, height, idats) in [(1, 1, 1), (5, 3, 2), (97, 41, 3)] {
                let rows = Self.samples(width: width, height: height, channels: channels, seed: UInt64(filter * 1000 + width))
                let file = try Self.png(width: width, height: height, colorType: colorType, channels: channels, rows: rows,
                                        filter: filter, idatCount: idats, extraChunks: [("pHYs", [0, 0, 11, 19, 0, 0, 11, 19, 1])])
                let fast = try #require(file.withUnsafeBytes(PNGReader.decode), "filter \(filter), \(width) × \(height)")
                #expect(fast == (try PNGCodec.decodeWithLibpng(file, path: nil)), "filter \(filter), colour type \(colorType)")
            }
        }
    }

    @Test func theEncodersOwnFilesTakeTheFastPath() throws {
        var generator = SplitMix64(state: 7)
        let pixels = (0..<40 * 30 * 4).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let file = try PNGCodec.encode(try RGBAImage(width: 40, height: 30, pixels: pixels))
        let fast = try #require(file.withUnsafeBytes(PNGReader.decode))
        #expect(fast.pixels == pixels)
    }

    /// What could change the colours (gamma, a transparency key, a palette, 16 bits, interlacing)
    /// or is damaged goes to libpng, which decodes it or words the error.
    @Test func filesItDoesntTakeAreLeftToLibpng() throws {
        let rows = Self.samples(width: 6, height: 4, channels: 3, seed: 3)
        let gamma = try Self.png(width: 6, height: 4, colorType: 2, channels: 3, rows: rows, filter: 4,
                                 extraChunks: [("gAMA", HandmadePNG.bigEndian(100_000))])
        #expect(gamma.withUnsafeBytes(PNGReader.decode) == nil)
        #expect(try PNGCodec.decode(gamma) == (try PNGCodec.decodeWithLibpng(gamma, path: nil)))
        let key = try Self.png(width: 6, height: 4, colorType: 2, channels: 3, rows: rows, filter: 0,
                               extraChunks: [("tRNS", [0, 1, 0, 2, 0, 3])])
        #expect(key.withUnsafeBytes(PNGReader.decode) == nil)

        var damaged = try Self.png(width: 6, height: 4, colorType: 2, channels: 3, rows: rows, filter: 2)
        damaged[damaged.count - 20] ^= 0xFF  // inside the IDAT: its CRC no longer matches
        #expect(damaged.withUnsafeBytes(PNGReader.decode) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(damaged) }

        var unknownFilter = try Self.png(width: 6, height: 4, colorType: 2, channels: 3, rows: rows, filter: 0)
        let raw = Self.filtered(rows, channels: 3, filter: 0).enumerated().map { $0.offset == 0 ? UInt8(9) : $0.element }
        let stream = try raw.withUnsafeBytes { data in try Deflate.withZlibStream(of: data, level: 6) { Array($0) } }
        unknownFilter = Array(unknownFilter.prefix(33)) + HandmadePNG.chunk("IDAT", stream) + HandmadePNG.chunk("IEND", [])
        #expect(unknownFilter.withUnsafeBytes(PNGReader.decode) == nil)
        #expect(throws: ImageError.self) { try PNGCodec.decode(unknownFilter) }
    }
}
