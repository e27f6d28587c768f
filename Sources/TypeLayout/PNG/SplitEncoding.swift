// A large image's rows scanned, packed and compressed in two parts at once: the top part on a
// second thread by zlib (`Z_RLE`, ended by a sync flush, so that it joins the next byte-aligned),
// the bottom part on the calling thread by libdeflate (whose raw deflate always ends with the
// final block, so its part must be the last), joined as pigz joins its pieces
// (ZlibStream.joined). On the label's 12-category sheet deflate was 44 % of the whole
// process's instructions (BENCHMARKS.md, "The sheet on two cores").

extension PNGWriter {
    /// Images of at least this many pixels are encoded in two parts: the label's sheets (1.4 M
    /// pixels at @1x), not a label (about 70,000 at @2x), whose thread would cost more than it saves.
    static let splitMinimumPixels = 1 << 19

    /// The share of the rows, in percent, the second thread compresses: fixed, never chosen by
    /// timing, so that the same image gives the same bytes every run. zlib's `Z_RLE` and
    /// libdeflate's level 1 take about the same time a byte on the grey sheet, and the top of a
    /// sheet (small text, denser) takes longer than its bottom.
    static let splitPercent = 45

    /// The PNG of ``encode(rgba:width:height:splitMinimumPixels:)``, its two parts encoded at
    /// once, or nil when no thread can be started or the rows would stream through zlib anyway
    /// (more than ``streamingThreshold`` bytes of them); then the caller encodes as usual.
    ///
    /// Each thread scans its part's pixels, the two hand over what they found, and both pack
    /// their rows in the colour type that holds the whole image: the same type as one scan of
    /// the whole.
    static func encodeInTwoParts(rgba: UnsafeRawBufferPointer, width: Int, height: Int) throws -> [UInt8]? {
        let splitRow = min(max(1, height * splitPercent / 100), height - 1)
        // Read only, by both threads, while this call waits for the second.
        nonisolated(unsafe) let pixels = rgba.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let rowPixels = width * 4
        let topKinds = Handoff<PixelKinds>(), chosenChannels = Handoff<Int?>()
        let top = StartedThread { () -> Result<CompressedBand?, any Error> in
            topKinds.put(PixelKinds(UnsafeRawBufferPointer(start: pixels, count: splitRow * rowPixels)))
            guard let channels = chosenChannels.take() else { return .success(nil) }
            let stride = Header(width: width, height: height, channels: channels).rowBytes + 1
            return Result {
                try ZlibStream.piece(count: splitRow * stride, level: defaultLevel, strategy: .runLength) { rows in
                    packRows(0..<splitRow, of: pixels, width: width, channels: channels, into: rows, stride: stride)
                }
            }
        }
        guard let top else { return nil }
        let bottomPixels = UnsafeRawBufferPointer(start: pixels + splitRow * rowPixels, count: (height - splitRow) * rowPixels)
        let channels = PixelKinds(bottomPixels).merged(with: topKinds.take()).channels
        let header = Header(width: width, height: height, channels: channels)
        let stride = header.rowBytes + 1
        guard stride * height <= streamingThreshold else {
            chosenChannels.put(nil)
            _ = top.join()
            return nil
        }
        chosenChannels.put(channels)
        let bottomRows = try MappedBuffer(count: (height - splitRow) * stride)
        let bottom = UnsafeRawBufferPointer(bottomRows.bytes)
        packRows(splitRow..<height, of: pixels, width: width, channels: channels,
                 into: bottomRows.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), stride: stride)
        let last = CompressedBand(bytes: try Deflate.finalPiece(of: bottom, level: defaultLevel),
                                  adler: UInt(Deflate.adler32(bottom)), count: bottom.count)
        guard let first = try top.join().get() else { return nil }  // never: a channel count was given
        return try ZlibStream.joined([first, last], level: defaultLevel).withUnsafeBytes {
            try framed(header, extra: [], stream: $0)
        }
    }

    /// Packs `rows` of the RGBA8 `pixels` (rows `width` pixels long), each led by filter byte 0
    /// (None), into `buffer`, the first of them at its start, `stride` bytes apart.
    private static func packRows(
        _ rows: Range<Int>, of pixels: UnsafePointer<UInt8>, width: Int, channels: Int,
        into buffer: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        for y in rows {
            let row = buffer + (y - rows.lowerBound) * stride
            row[0] = 0
            pack(pixels + y * width * 4, into: row + 1, width: width, channels: channels)
        }
    }
}
