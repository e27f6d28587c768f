import CZlib
import Testing
@testable import TypeLayout
@testable import TypeLayoutRendering

/// The large-image stream (`ZlibStream.compress`): bands deflated by igzip, sync-flushed and
/// joined into one zlib stream that zlib itself inflates back to the rows.
@Suite struct IgzipTests {
    /// `rows` rows of `rowBytes` bytes: runs of one byte and stretches of noise, as a screen's
    /// flat fills and antialiased text give.
    static func row(_ y: Int, into buffer: UnsafeMutablePointer<UInt8>, rowBytes: Int) {
        var state = UInt64(y &* 2_654_435_761)
        for x in 0..<rowBytes {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            buffer[x] = (x / 97 + y / 13) % 3 == 0 ? UInt8(truncatingIfNeeded: state >> 56) : UInt8(y % 7)
        }
    }

    static func inflated(_ stream: [UInt8], count: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: count)
        var length = uLongf(count)
        let status = output.withUnsafeMutableBufferPointer { out in
            stream.withUnsafeBufferPointer { uncompress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) }
        }
        return status == Z_OK && Int(length) == count ? output : nil
    }

    @Test(arguments: [(rows: 1, bandRows: 1), (rows: 50, bandRows: 7), (rows: 300, bandRows: 64), (rows: 64, bandRows: 64)])
    func bandsJoinedInflateToTheRows(rows: Int, bandRows: Int) throws {
        let rowBytes = 3 * 1_001 + 1
        var expected = [UInt8](repeating: 0, count: rows * rowBytes)
        expected.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<rows { Self.row(y, into: buffer.baseAddress! + y * rowBytes, rowBytes: rowBytes) }
        }
        let compress = {
            try ZlibStream.compress(rowCount: rows, rowBytes: rowBytes, bandRows: bandRows) { band, buffer in
                for y in band { Self.row(y, into: buffer + (y - band.lowerBound) * rowBytes, rowBytes: rowBytes) }
            }
        }
        let stream = try compress()
        #expect(Self.inflated(stream, count: expected.count) == expected, "\(rows) rows, \(bandRows) a band")
        // The bytes depend on the rows only, not on which thread took which band.
        #expect(try compress() == stream)
    }

    /// Noise doesn't compress: igzip writes stored blocks, and the output still fits and inflates.
    @Test func incompressibleRowsInflateToTheRows() throws {
        let rowBytes = 4_096, rows = 600
        var generator = SplitMix64(state: 99)
        let noise = (0..<(rows * rowBytes)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let stream = try ZlibStream.compress(rowCount: rows, rowBytes: rowBytes, bandRows: 256) { band, buffer in
            noise.withUnsafeBufferPointer { source in
                buffer.update(from: source.baseAddress! + band.lowerBound * rowBytes, count: band.count * rowBytes)
            }
        }
        #expect(stream.count > noise.count)
        #expect(Self.inflated(stream, count: noise.count) == noise)
    }

    /// Our Adler-32 combining (the zlib stream's trailer from its pieces' checksums) against
    /// zlib's own `adler32_combine`, on random pieces, empty ones and lengths past the modulus.
    @Test func adlerCombiningMatchesZlib() {
        var generator = SplitMix64(state: 7)
        for lengths in [(0, 0), (1, 0), (0, 1), (1, 1), (17, 65_520), (65_521, 65_522), (3, 200_001), (100_000, 5)] {
            let first = (0..<lengths.0).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let second = (0..<lengths.1).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let zlibFirst = first.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
            let zlibSecond = second.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
            let zlibWhole = (first + second).withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt($0.count)) }
            let zlibCombined = adler32_combine(zlibFirst, zlibSecond, off_t(second.count))
            let ours = Adler32.combine(UInt32(zlibFirst), UInt32(zlibSecond), secondCount: second.count)
            #expect(UInt(ours) == zlibCombined && UInt(ours) == zlibWhole, "\(lengths)")
        }
        // Checksums with both sums near the modulus, which no short input reaches.
        for _ in 0..<1_000 {
            let first = UInt32.random(in: 0..<65_521, using: &generator) << 16 | UInt32.random(in: 0..<65_521, using: &generator)
            let second = UInt32.random(in: 0..<65_521, using: &generator) << 16 | UInt32.random(in: 0..<65_521, using: &generator)
            let count = Int.random(in: 0..<1 << 40, using: &generator)
            #expect(UInt(Adler32.combine(first, second, secondCount: count))
                == adler32_combine(UInt(first), UInt(second), off_t(count)))
        }
        #expect(Adler32.initial == UInt32(adler32(0, nil, 0)))
    }
}
