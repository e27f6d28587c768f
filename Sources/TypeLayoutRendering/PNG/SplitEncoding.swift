import TypeLayout
// A large image's rows scanned, packed and compressed by two threads at once, as one zlib
// stream of fixed parts (pigz's way, ZlibStream.joined): the top rows in a few pieces, each
// ended by a sync flush, so the next joins it byte-aligned, the bottom rows in the final piece,
// all by igzip (Igzip.swift). A second thread takes the pieces from the top, the calling thread
// from the bottom once its own part is done, whichever comes first: each piece's bytes depend
// only on its rows, so the file is the same whatever the threads' timing; should the second
// thread not start, the calling thread does it all. Only for a caller that writes one picture at
// a time (PNGCodec's `usingSecondThread`). On the label's 12-category sheet deflate was 44 %
// of the whole process's instructions (docs/benchmarks-archive.md, "The sheet's PNG on two threads").

extension PNGWriter {
    /// Images of at least this many pixels are encoded in parts: the label's sheets (1.4 M
    /// pixels at @1x), not a label (about 70,000 at @2x), whose thread would cost more than it saves.
    static let splitMinimumPixels = 1 << 19

    /// The share of the rows, in percent, compressed in the sync-flushed pieces (either thread),
    /// the rest in the final one (the calling thread), and how many pieces: fixed, never chosen
    /// by timing. A smaller piece balances the threads' work more finely, for a few bytes more each.
    static let piecesPercent = 60, pieceCount = 4

    /// The PNG of ``encode(rgba:width:height:splitMinimumPixels:)`` encoded in parts, or nil when
    /// the rows would stream through igzip anyway (more than ``streamingThreshold`` bytes of
    /// them); then the caller encodes as usual.
    ///
    /// Each part's rows are scanned apart (by either thread), and every part is packed in the
    /// colour type that holds the whole image: the type one scan of the whole gives.
    ///
    /// The second thread is `helper`, whose earlier jobs may delay it (the calling thread then
    /// takes more of the parts), else one started for this call.
    static func encodeInParts(
        rgba: UnsafeRawBufferPointer, width: Int, height: Int, helper: HelperThread? = nil
    ) throws -> [UInt8]? {
        // Read only, by both threads, while this call waits for the second.
        nonisolated(unsafe) let pixels = rgba.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let rowBytes = width * 4
        let piecesEnd = min(max(1, height * piecesPercent / 100), height - 1)
        let pieceRows = (0..<pieceCount).map { piecesEnd * $0 / pieceCount..<piecesEnd * ($0 + 1) / pieceCount }
            .filter { !$0.isEmpty }
        // Each piece's rows scanned apart too, so that neither thread waits for a larger scan.
        let kinds = (pieceRows + [piecesEnd..<height]).map { rows in
            SharedTask { PixelKinds(UnsafeRawBufferPointer(start: pixels + rows.lowerBound * rowBytes, count: rows.count * rowBytes)) }
        }
        let chosenHeader = SharedTask { () -> Header? in
            let whole = kinds.dropFirst().reduce(kinds[0].value()) { $0.merged(with: $1.value()) }
            let header = Header(width: width, height: height, channels: whole.channels)
            return (header.rowBytes + 1) * height <= streamingThreshold ? header : nil
        }
        let pieces = pieceRows.indices.map { index in
            SharedTask { () -> Result<CompressedBand, any Error>? in
                func compressed(channels: Int) -> Result<CompressedBand, any Error> {
                    let rows = pieceRows[index], stride = Header(width: width, height: height, channels: channels).rowBytes + 1
                    return Result {
                        try ZlibStream.piece(count: rows.count * stride) { buffer in
                            packRows(rows, of: pixels, width: width, channels: channels, into: buffer, stride: stride)
                        }
                    }
                }
                if let chosen = chosenHeader.valueIfDone() { return chosen.map { compressed(channels: $0.channels) } }
                // Begun before the other parts' scans are done (the other thread does them
                // meanwhile, so that neither waits), in the colour type its own rows need; kept
                // when that is the whole image's (a sheet's rows are grey throughout), else done
                // again: the bytes are the whole image's type's either way.
                let guessed = kinds[index].value().channels, guess = compressed(channels: guessed)
                guard let header = chosenHeader.value() else { return nil }
                return header.channels == guessed ? guess : compressed(channels: header.channels)
            }
        }
        // Nil when no thread can be had: this thread does every part then. The other thread
        // takes the pieces from the top, each with its own rows' scan; this one scans the rest.
        let ownHelper = helper == nil ? HelperThread() : nil
        defer { ownHelper?.finish() }
        let helping = (helper ?? ownHelper)?.run {
            for piece in pieces { piece.runIfWaiting() }
        }
        // On every way out, so that the other thread is done with the pixels it reads (if it
        // hasn't begun, this thread runs the job, finding every part taken).
        defer { helping?.value() }
        for scan in kinds.reversed() { scan.runIfWaiting() }
        guard let header = chosenHeader.value() else { return nil }
        let stride = header.rowBytes + 1
        let last = try ZlibStream.piece(count: (height - piecesEnd) * stride, isLast: true) { buffer in
            packRows(piecesEnd..<height, of: pixels, width: width, channels: header.channels, into: buffer, stride: stride)
        }
        // From the bottom up, meeting the second thread, which goes down. A piece is nil only
        // without a header, which was chosen above.
        let compressed = try pieces.reversed().map { try $0.value()!.get() }.reversed()
        return try ZlibStream.joined(compressed + [last]).withUnsafeBytes {
            try framed(header, extra: [], stream: $0)
        }
    }

    /// Packs `rows` of the RGBA8 `pixels` (rows `width` pixels long), each led by filter byte 0
    /// (None), into `buffer`, the first of them at its start, `stride` bytes apart.
    private static func packRows(
        _ rows: Range<Int>, of pixels: UnsafePointer<UInt8>, width: Int, channels: Int,
        into buffer: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        filterRows(rows, into: buffer, stride: stride) { y, row in
            pack(pixels + y * width * 4, into: row, width: width, channels: channels)
        }
    }
}
