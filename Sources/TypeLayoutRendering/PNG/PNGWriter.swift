import TypeLayout
// PNG files written by hand from the PNG specification (ISO/IEC 15948, W3C PNG 2nd edition):
// the signature, chunks framed as length, type, data and CRC-32, and the image data as rows
// each led by its filter byte, compressed as one zlib stream by libdeflate (Deflate.swift).
// libpng's writer went through zlib's streaming deflate a row at a time; libdeflate's
// whole-buffer deflate takes about half the instructions on the label's sheet and two thirds on
// the screen sheet, for a copy of the packed image (BENCHMARKS.md, "PNG writing with libdeflate").
// Images of `splitMinimumPixels` or more whose rows don't stream, when the caller asks (the
// label's sheets in render-cli), are encoded in parts on two threads (SplitEncoding.swift);
// images whose rows exceed `streamingThreshold`, and pictures
// drawn in bands (BandedPNG.swift), stream through igzip a band at a time on a few threads
// (ZlibStream.swift, Igzip.swift).

/// Writes PNG data: IHDR, sRGB, PLTE and tRNS for palette images, one IDAT, IEND.
enum PNGWriter {
    /// The deflate level: on the label, the label's sheet and the screen sheet (BENCHMARKS.md)
    /// level 1 costs half the instructions of level 2 for at most 2 % more bytes, and is
    /// smaller than zlib's settings before on all but the screen sheet (0.5 % larger).
    static let defaultLevel = 1

    /// The level for palette images (the review gallery's pictures, stored by the thousand):
    /// on the largest catalog's report level 3 took 0.58 of level 6's deflate time for 5 % more
    /// bytes (level 1: 0.48 of the time, 10 % more; BENCHMARKS.md, "The review report").
    static let paletteLevel = 3

    /// Above this many bytes of rows, rows stream through igzip a band at a time (ZlibStream) rather
    /// than being copied whole for libdeflate. On the screen sheet (21 MB of RGB rows at @1x,
    /// 85 MB at @2x) the copy cost more CPU time in page faults than libdeflate saved
    /// (89 against 80 ms) and raised peak memory at @2x from 136 to 220 MB (BENCHMARKS.md);
    /// the label's sheets (at most about 6 MB of rows at @2x) stay below it.
    static let streamingThreshold = 16 << 20

    /// Encodes `height` rows of `width` RGBA8 pixels (no padding) as an 8-bit PNG tagged sRGB in
    /// the narrowest colour type that holds every pixel exactly (``PixelKinds/channels``):
    /// with a `splitMinimumPixels`, images of that many pixels or more in parts on two threads
    /// (SplitEncoding.swift; the second one `helper`, if given) unless their rows would stream
    /// anyway; the rest as
    /// ``encode(rgba:width:height:channels:level:streamingThreshold:)`` does.
    ///
    /// - Throws: as ``encode(rgba:width:height:channels:level:streamingThreshold:)``.
    static func encode(
        rgba: UnsafeRawBufferPointer, width: Int, height: Int, splitMinimumPixels: Int? = nil,
        helper: HelperThread? = nil
    ) throws -> [UInt8] {
        try checkSize(width: width, height: height)
        precondition(rgba.count >= width * height * 4, "fewer pixels than the size")
        // Even as grey (a byte a pixel), rows past the streaming threshold stream: no split.
        if let splitMinimumPixels, width * height >= splitMinimumPixels, height >= 2,
           (width + 1) * height <= streamingThreshold,
           let png = try encodeInParts(rgba: rgba, width: width, height: height, helper: helper) {
            return png
        }
        return try encode(rgba: rgba, width: width, height: height, channels: PixelKinds(rgba).channels)
    }

    /// Encodes `height` rows of `width` RGBA8 pixels (no padding) as an 8-bit PNG of
    /// `channels` channels tagged sRGB: 1 writes each pixel's red byte as grey, 2 red and alpha
    /// as grey + alpha, 3 RGB, 4 RGBA (the caller has checked that the narrower types lose
    /// nothing).
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` for a size or channel count PNG can't
    ///   hold, or if compression fails.
    static func encode(
        rgba: UnsafeRawBufferPointer, width: Int, height: Int, channels: Int, level: Int = defaultLevel,
        streamingThreshold: Int = streamingThreshold
    ) throws -> [UInt8] {
        guard (1...4).contains(channels) else { throw ImageError.encodingFailed(reason: "invalid channel count \(channels)") }
        try checkSize(width: width, height: height)
        precondition(rgba.count >= width * height * 4, "fewer pixels than the size")
        // Read only, by the bands' threads, while this call waits for them.
        nonisolated(unsafe) let source = rgba.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let header = Header(width: width, height: height, channels: channels)
        return try png(header, level: level, streamingThreshold: streamingThreshold) { y, row in
            pack(source + y * width * 4, into: row, width: width, channels: channels)
        }
    }

    /// Encodes `height` rows of `width` palette indices (one byte a pixel, each below
    /// `palette.count`) as a palette PNG of `bitDepth` bits a pixel (1, 2, 4 or 8) tagged sRGB;
    /// alphas below 255 go to tRNS.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` for a size, depth or palette PNG can't
    ///   hold, or if compression fails.
    static func encodeIndexed(
        _ indices: UnsafeBufferPointer<UInt8>, width: Int, height: Int, bitDepth: Int, palette: [Color],
        level: Int = paletteLevel
    ) throws -> [UInt8] {
        guard [1, 2, 4, 8].contains(bitDepth) else { throw ImageError.encodingFailed(reason: "invalid bit depth \(bitDepth)") }
        guard (1...(1 << bitDepth)).contains(palette.count) else {
            throw ImageError.encodingFailed(reason: "a palette of \(palette.count) colours doesn't fit \(bitDepth) bits a pixel")
        }
        try checkSize(width: width, height: height)
        precondition(indices.count >= width * height, "fewer indices than the size")
        var extra = [Chunk(type: "PLTE", data: palette.flatMap { [$0.red, $0.green, $0.blue] })]
        // tRNS lists alphas up to the last translucent entry; the rest are opaque.
        if let last = palette.lastIndex(where: { $0.alpha != 255 }) {
            extra.append(Chunk(type: "tRNS", data: palette[...last].map(\.alpha)))
        }
        let header = Header(width: width, height: height, bitDepth: UInt8(bitDepth), colorType: 3)
        nonisolated(unsafe) let source = indices.baseAddress!
        return try png(header, extra: extra, level: level) { y, row in
            packIndices(source + y * width, into: row, width: width, bitDepth: bitDepth)
        }
    }

    // MARK: Chunks

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// IHDR's fields that vary; compression, filter method and interlacing are always 0.
    struct Header {
        let width: Int, height: Int, bitDepth: UInt8, colorType: UInt8

        /// PNG's colour types by the samples a pixel has: grey, grey + alpha, RGB, RGBA (the
        /// palette type, 3, has one sample too).
        private static let colorTypes: [UInt8] = [0, 4, 2, 6]

        /// Samples a pixel: 1 for grey and palette, 2 grey + alpha, 3 RGB, 4 RGBA.
        var channels: Int { colorType == 3 ? 1 : Self.colorTypes.firstIndex(of: colorType)! + 1 }

        var rowBytes: Int { (width * channels * Int(bitDepth) + 7) / 8 }

        /// An 8-bit header of 1 (grey), 2 (grey + alpha), 3 (RGB) or 4 (RGBA) channels.
        init(width: Int, height: Int, channels: Int) {
            precondition((1...4).contains(channels), "a pixel has 1 to 4 samples")
            self.init(width: width, height: height, bitDepth: 8, colorType: Self.colorTypes[channels - 1])
        }

        init(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8) {
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colorType = colorType
        }

        var bytes: [UInt8] { bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colorType, 0, 0, 0] }
    }

    struct Chunk {
        let type: String
        let data: [UInt8]
    }

    /// PNG allows 2^31 − 1 pixels a side; RGBAImage's limits are far below, but the encoder
    /// takes sizes from anyone in the module.
    static func checkSize(width: Int, height: Int) throws {
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw ImageError.encodingFailed(reason: "invalid IHDR size \(width) × \(height)")
        }
    }

    /// The whole PNG: `pack(y, row)` writes row `y`'s `header.rowBytes` bytes into `row`; the
    /// rows, each led by its filter byte, are compressed into one IDAT.
    ///
    /// Every row is filtered with None. Per-row filters (Sub, Up, Paeth, or libpng's choice per
    /// row) made the label, the label's sheet and its colour variants 6–34 % larger at level 1
    /// and cost more; only the screen sheet came out smaller, by 3 % (BENCHMARKS.md).
    private static func png(
        _ header: Header, extra: [Chunk] = [], level: Int, streamingThreshold: Int = streamingThreshold,
        pack: @Sendable (Int, UnsafeMutablePointer<UInt8>) -> Void
    ) throws -> [UInt8] {
        let stride = header.rowBytes + 1
        let (filteredCount, overflow) = stride.multipliedReportingOverflow(by: header.height)
        guard !overflow else { throw ImageError.encodingFailed(reason: "image too large") }
        if filteredCount > streamingThreshold {
            return try streamed(header, extra: extra) { rows, buffer in
                filterRows(rows, into: buffer, stride: stride, pack: pack)
            }
        }
        let filtered = try MappedBuffer(count: filteredCount)
        filterRows(0..<header.height, into: filtered.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                   stride: stride, pack: pack)
        return try Deflate.withZlibStream(of: UnsafeRawBufferPointer(filtered.bytes), level: level) { stream in
            try framed(header, extra: extra, stream: stream)
        }
    }

    /// Writes `rows` into `buffer`, the first of them at its start, `stride` bytes apart, each
    /// led by filter byte 0 (None) and packed by `pack(y, row)`.
    static func filterRows(
        _ rows: Range<Int>, into buffer: UnsafeMutablePointer<UInt8>, stride: Int,
        pack: (Int, UnsafeMutablePointer<UInt8>) -> Void
    ) {
        for y in rows {
            let row = buffer + (y - rows.lowerBound) * stride
            row[0] = 0
            pack(y, row + 1)
        }
    }

    /// The whole PNG, its rows (each led by its filter byte) written a band at a time by
    /// `fill(rows, buffer)` on a few threads and streamed through igzip (ZlibStream), about 1 MB
    /// of rows a band.
    static func streamed(
        _ header: Header, extra: [Chunk] = [], fill: @Sendable (Range<Int>, UnsafeMutablePointer<UInt8>) throws -> Void
    ) throws -> [UInt8] {
        let stride = header.rowBytes + 1
        let stream = try ZlibStream.compress(rowCount: header.height, rowBytes: stride, bandRows: (1 << 20) / stride,
                                             fill: fill)
        return try stream.withUnsafeBytes { try framed(header, extra: extra, stream: $0) }
    }

    /// The signature and chunks around `stream`, the rows' zlib stream, as one IDAT.
    static func framed(_ header: Header, extra: [Chunk], stream: UnsafeRawBufferPointer) throws -> [UInt8] {
        guard stream.count <= Int(Int32.max) else { throw ImageError.encodingFailed(reason: "image too large") }
        var png = signature
        png.reserveCapacity(8 + 25 + 13 + extra.reduce(0) { $0 + 12 + $1.data.count } + 12 + stream.count + 12)
        append(Chunk(type: "IHDR", data: header.bytes), to: &png)
        // What libpng wrote before: 8-bit values are sRGB-encoded, perceptual intent.
        append(Chunk(type: "sRGB", data: [0]), to: &png)
        for chunk in extra { append(chunk, to: &png) }
        appendChunk(type: "IDAT", data: stream, to: &png)
        append(Chunk(type: "IEND", data: []), to: &png)
        return png
    }

    private static func append(_ chunk: Chunk, to png: inout [UInt8]) {
        chunk.data.withUnsafeBytes { appendChunk(type: chunk.type, data: $0, to: &png) }
    }

    /// Length (big-endian), type, data, and the CRC-32 of type and data.
    private static func appendChunk(type: String, data: UnsafeRawBufferPointer, to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png += bigEndian(UInt32(data.count))
        png += typeBytes
        png.append(contentsOf: data)
        let crc = typeBytes.withUnsafeBytes { Deflate.crc32(data, continuing: Deflate.crc32($0)) }
        png += bigEndian(crc)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    // MARK: Rows

    /// What a scan of some pixels found: whether every pixel has R = G = B, and whether every
    /// one is opaque; the parts of an image scanned apart merge into the whole's.
    struct PixelKinds: Sendable {
        var isGrey: Bool, isOpaque: Bool

        /// Scans RGBA8 pixels.
        init(_ rgba: UnsafeRawBufferPointer) {
            // Branch-free reductions, so that the compiler vectorizes the loop.
            var differences: UInt32 = 0, all: UInt32 = .max
            for i in 0..<rgba.count / 4 {
                // R in the low byte, A in the high one.
                let p = UInt32(littleEndian: rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                differences |= p ^ (p >> 8)  // R ⊕ G in the low byte, G ⊕ B in the next
                all &= p
            }
            isGrey = differences & 0xFFFF == 0
            isOpaque = all >> 24 == 0xFF
        }

        /// The kinds of both parts' pixels together.
        func merged(with other: PixelKinds) -> PixelKinds {
            var both = self
            both.isGrey = isGrey && other.isGrey
            both.isOpaque = isOpaque && other.isOpaque
            return both
        }

        /// The narrowest 8-bit colour type's channels that hold these pixels exactly: grey,
        /// grey + alpha, RGB or RGBA.
        var channels: Int { isGrey ? (isOpaque ? 1 : 2) : (isOpaque ? 3 : 4) }
    }

    /// Packs one RGBA8 row into `channels` bytes a pixel (R; R, A; R, G, B; or R, G, B, A).
    static func pack(_ rgba: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt8>, width: Int, channels: Int) {
        switch channels {
        case 1:
            for x in 0..<width { row[x] = rgba[4 &* x] }
        case 2:
            for x in 0..<width {
                row[2 &* x] = rgba[4 &* x]
                row[2 &* x &+ 1] = rgba[4 &* x &+ 3]
            }
        case 3:
            // Each pixel's four bytes stored whole, three bytes on from the last, the next pixel
            // overwriting the alpha: a third of the instructions of three byte copies (the
            // screen sheet's 7 M pixels). The last pixel byte by byte, so none lands past the row.
            let source = UnsafeRawPointer(rgba), destination = UnsafeMutableRawPointer(row)
            for x in 0..<(width - 1) {
                destination.storeBytes(of: source.loadUnaligned(fromByteOffset: 4 &* x, as: UInt32.self),
                                       toByteOffset: 3 &* x, as: UInt32.self)
            }
            let last = width - 1
            row[3 &* last] = rgba[4 &* last]
            row[3 &* last &+ 1] = rgba[4 &* last &+ 1]
            row[3 &* last &+ 2] = rgba[4 &* last &+ 2]
        default:
            row.update(from: rgba, count: width * 4)
        }
    }

    /// Packs one-byte palette indices into `bitDepth` bits a pixel, leftmost pixel in the high
    /// bits, as PNG stores them.
    private static func packIndices(_ indices: UnsafePointer<UInt8>, into row: UnsafeMutablePointer<UInt8>, width: Int, bitDepth: Int) {
        if bitDepth == 8 {
            row.update(from: indices, count: width)
            return
        }
        if bitDepth == 4 {
            // The review gallery's pictures, by the thousand: two pixels a byte without the
            // general loop's division and shifts by a variable.
            for pair in 0..<width / 2 { row[pair] = indices[2 &* pair] << 4 | indices[2 &* pair &+ 1] }
            if width % 2 == 1 { row[width / 2] = indices[width - 1] << 4 }
            return
        }
        let perByte = 8 / bitDepth
        row.update(repeating: 0, count: (width * bitDepth + 7) / 8)
        for x in 0..<width {
            let shift = 8 - bitDepth * (x % perByte + 1)
            row[x / perByte] |= indices[x] << shift
        }
    }
}
