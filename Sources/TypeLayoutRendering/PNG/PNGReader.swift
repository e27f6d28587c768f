import TypeLayout

/// The fast path of ``PNGCodec``'s decoding, for the PNGs golden tests compare most: 8-bit
/// grey, grey + alpha, RGB or RGBA, not interlaced, with no chunk that would change the colours
/// (gamma, ICC profile, transparency key). The IDAT stream is inflated in one call by libdeflate
/// and the rows unfiltered here, which takes about a third of libpng's time for the same file
/// (BENCHMARKS.md, `swiftui-cell-golden12`).
///
/// Anything else, and anything irregular (a chunk's CRC, a damaged stream, an unknown filter),
/// returns `nil`, and libpng decodes the file and words the error; a test holds both paths to the
/// same pixels.
enum PNGReader {
    /// Chunks that don't change the decoded pixels. `sRGB` only says the samples are sRGB, which
    /// RGBA8 output is.
    private static let harmlessChunks: Set<String> = ["sRGB", "pHYs", "tEXt", "zTXt", "iTXt", "tIME"]

    /// `bytes` (a whole PNG file, signature included) as straight RGBA8, or `nil` when the fast
    /// path doesn't apply.
    static func decode(_ bytes: UnsafeRawBufferPointer) -> RGBAImage? {
        var offset = 8
        var width = 0, height = 0, channels = 0
        var idat: [UnsafeRawBufferPointer] = []
        var idatCount = 0
        var sawEnd = false
        while offset + 12 <= bytes.count, !sawEnd {
            let length = Int(bigEndianWord(bytes, at: offset))
            guard length <= bytes.count - offset - 12 else { return nil }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = UnsafeRawBufferPointer(rebasing: bytes[(offset + 8)..<(offset + 8 + length)])
            let typeAndData = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 8 + length)])
            guard Deflate.crc32(typeAndData) == bigEndianWord(bytes, at: offset + 8 + length) else { return nil }
            switch type {
            case "IHDR":
                guard offset == 8, length == 13 else { return nil }
                width = Int(bigEndianWord(data, at: 0))
                height = Int(bigEndianWord(data, at: 4))
                // Bit depth 8; compression, filter method and interlacing 0.
                guard data[8] == 8, data[10] == 0, data[11] == 0, data[12] == 0 else { return nil }
                switch data[9] {
                case 0: channels = 1
                case 4: channels = 2
                case 2: channels = 3
                case 6: channels = 4
                default: return nil
                }
            case "IDAT":
                idat.append(data)
                idatCount += length
            case "IEND":
                sawEnd = true
            default:
                guard harmlessChunks.contains(type) else { return nil }
            }
            offset += 12 + length
        }
        guard sawEnd, channels > 0, width > 0, height > 0,
              let pixelCount = try? RGBAImage.checkedByteCount(width: width, height: height)
        else { return nil }
        let stride = width * channels + 1
        let (filteredCount, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow else { return nil }

        // One IDAT (what our writer makes) is inflated in place; several are joined first.
        // Neither buffer is cleared first: the inflate fills the rows exactly or fails, and every
        // pixel's four bytes are written once the rows are unfiltered.
        var inflated = false
        var filtered = [UInt8](unsafeUninitializedCapacity: filteredCount) { output, count in
            let rows = UnsafeMutableRawBufferPointer(output)
            if idat.count == 1 {
                inflated = Deflate.inflateZlibStream(idat[0], into: rows)
            } else {
                var joined = [UInt8]()
                joined.reserveCapacity(idatCount)
                for chunk in idat { joined.append(contentsOf: chunk) }
                inflated = joined.withUnsafeBytes { Deflate.inflateZlibStream($0, into: rows) }
            }
            count = inflated ? filteredCount : 0
        }
        guard inflated else { return nil }
        var unfiltered = false
        let pixels = [UInt8](unsafeUninitializedCapacity: pixelCount) { out, count in
            unfiltered = filtered.withUnsafeMutableBufferPointer { rows in
                unfilterAndExpand(rows, width: width, height: height, channels: channels, into: out)
            }
            count = unfiltered ? pixelCount : 0
        }
        return unfiltered ? RGBAImage(unchecked: width, height: height, pixels: pixels) : nil
    }

    /// Undoes each row's filter in place (PNG's None, Sub, Up, Average, Paeth; ISO 15948 §9)
    /// and copies the samples out as RGBA8 (grey repeated into R, G and B; alpha 255 where
    /// there is none). `false` for an unknown filter type.
    private static func unfilterAndExpand(
        _ rows: UnsafeMutableBufferPointer<UInt8>, width: Int, height: Int, channels: Int,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) -> Bool {
        let rowBytes = width * channels
        let stride = rowBytes + 1
        for y in 0..<height {
            let row = y * stride + 1
            let above = row - stride
            switch rows[row - 1] {
            case 0:
                break
            case 1:
                for i in channels..<max(channels, rowBytes) { rows[row + i] &+= rows[row + i - channels] }
            case 2:
                guard y > 0 else { break }
                for i in 0..<rowBytes { rows[row + i] &+= rows[above + i] }
            case 3:
                for i in 0..<rowBytes {
                    let left = i >= channels ? Int(rows[row + i - channels]) : 0
                    let up = y > 0 ? Int(rows[above + i]) : 0
                    rows[row + i] &+= UInt8((left + up) / 2)
                }
            case 4:
                for i in 0..<rowBytes {
                    let left = i >= channels ? Int(rows[row + i - channels]) : 0
                    let up = y > 0 ? Int(rows[above + i]) : 0
                    let upLeft = i >= channels && y > 0 ? Int(rows[above + i - channels]) : 0
                    rows[row + i] &+= UInt8(paeth(left, up, upLeft))
                }
            default:
                return false
            }
            // A pixel a store, its bytes R, G, B, A in memory order whatever the byte order:
            // the copy is most of the decoding's time.
            let pixels = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(out)[(y * width * 4)..<((y + 1) * width * 4)])
            var source = row
            switch channels {
            case 4:
                pixels.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(rows)[row..<(row + rowBytes)]))
            case 3:
                for x in 0..<width {
                    let pixel = UInt32(rows[source]) | UInt32(rows[source + 1]) << 8 | UInt32(rows[source + 2]) << 16 | 0xFF00_0000
                    pixels.storeBytes(of: pixel.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    source += 3
                }
            case 2:
                for x in 0..<width {
                    let grey = UInt32(rows[source])
                    let pixel = grey | grey << 8 | grey << 16 | UInt32(rows[source + 1]) << 24
                    pixels.storeBytes(of: pixel.littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    source += 2
                }
            default:
                for x in 0..<width {
                    let grey = UInt32(rows[source])
                    pixels.storeBytes(of: (grey | grey << 8 | grey << 16 | 0xFF00_0000).littleEndian, toByteOffset: x * 4, as: UInt32.self)
                    source += 1
                }
            }
        }
        return true
    }

    /// PNG's Paeth predictor: of left, up and upper-left, the one nearest left + up − upper-left.
    private static func paeth(_ left: Int, _ up: Int, _ upLeft: Int) -> Int {
        let estimate = left + up - upLeft
        let toLeft = abs(estimate - left), toUp = abs(estimate - up), toUpLeft = abs(estimate - upLeft)
        if toLeft <= toUp && toLeft <= toUpLeft { return left }
        return toUp <= toUpLeft ? up : upLeft
    }

    private static func bigEndianWord(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }
}
