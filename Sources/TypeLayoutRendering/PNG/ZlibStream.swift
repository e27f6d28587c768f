// A zlib stream joined from raw deflate pieces that igzip (Igzip.swift) compresses on several
// threads: rows produced a band at a time, for images too large to copy whole for libdeflate
// (PNGWriter), and a large image's parts (SplitEncoding.swift).
#if canImport(Glibc)
import Glibc
import TypeLayout
#endif

/// A zlib stream compressed from bands of rows, each band produced, compressed and dropped on
/// one of a few threads, so that only a few bands and the compressed output are held.
///
/// As pigz does, each band is a raw deflate stream of its own ended by a sync flush (the last
/// by the final block), the bands' streams are joined in order after one zlib header, and the
/// bands' Adler-32 checksums are combined into the trailer. A band's bytes depend only on its
/// rows, so the stream is the same whatever the threads' timing; each band starting without its
/// predecessor's 32 KB of history costs a few hundred bytes a band.
enum ZlibStream {
    /// The most threads a compression uses: each holds a band (its pixels and its rows) at once.
    static let maximumThreads = 4

    /// The zlib stream of `rowCount` rows of `rowBytes` bytes, `bandRows` rows a band, each
    /// band's rows written by `fill(rows, buffer)` (row `rows.lowerBound` first), compressed by
    /// igzip's level 0 (``IgzipDeflater``: an eighth of libdeflate's level 2's time on the screen
    /// sheet, for 42 % more bytes).
    ///
    /// - Throws: the first error of `fill`, in band order; `ImageError/encodingFailed(reason:)`
    ///   if igzip reports an error.
    static func compress(
        rowCount: Int, rowBytes: Int, bandRows: Int,
        fill: @Sendable (Range<Int>, UnsafeMutablePointer<UInt8>) throws -> Void
    ) throws -> [UInt8] {
        let bandRows = max(1, bandRows)
        let bands = Swift.stride(from: 0, to: rowCount, by: bandRows).map { $0..<min($0 + bandRows, rowCount) }
        let results = Lock([Result<CompressedBand, any Error>?](repeating: nil, count: bands.count))
        let next = Lock(0)
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        let threads = min(max(1, processors), maximumThreads, bands.count)
        // Each thread takes the next band until none is left: one deflate state and one buffer
        // a thread, the first of them this one.
        performConcurrently(workers: threads) { _ in
            var compressor: IgzipBand?
            while true {
                let index: Int = next.withLock { next in
                    defer { next += 1 }
                    return next
                }
                guard index < bands.count else { return }
                let band = bands[index]
                let outcome = Result {
                    let bandCompressor = compressor ?? IgzipBand(capacity: bandRows * rowBytes)
                    compressor = bandCompressor
                    try fill(band, bandCompressor.rows)
                    return try bandCompressor.compress(count: band.count * rowBytes, isLast: index == bands.count - 1)
                }
                results.withLock { $0[index] = outcome }
                if case .failure = outcome {
                    next.withLock { $0 = bands.count }  // the other threads stop after their band
                    return
                }
            }
        }
        // A band left unrun sits after the one that failed, whose error comes first.
        return try joined(results.withLock { $0 }.compactMap { try $0?.get() })
    }

    /// The zlib stream made of `pieces`, raw deflate streams in order, all but the last ended by
    /// a sync flush and the last by the final block, all igzip's: one header, the pieces, and
    /// the Adler-32 of the bytes they hold, combined from theirs.
    static func joined(_ pieces: [CompressedBand]) -> [UInt8] {
        var stream = header
        stream.reserveCapacity(2 + pieces.reduce(0) { $0 + $1.bytes.count } + 4)
        var checksum = Adler32.initial
        for piece in pieces {
            stream += piece.bytes
            checksum = Adler32.combine(checksum, piece.adler, secondCount: piece.count)
        }
        for shift in [24, 16, 8, 0] { stream.append(UInt8(truncatingIfNeeded: checksum >> shift)) }
        return stream
    }

    /// `count` bytes written by `fill` as one piece of a zlib stream for ``joined(_:)``:
    /// a raw deflate stream from an empty history by igzip, ended by a sync flush, or by the
    /// final block if `isLast` (the stream's last piece).
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if igzip reports an error.
    static func piece(
        count: Int, isLast: Bool = false, fill: (UnsafeMutablePointer<UInt8>) -> Void
    ) throws -> CompressedBand {
        let band = IgzipBand(capacity: count)
        fill(band.rows)
        return try band.compress(count: count, isLast: isLast)
    }

    /// The two-byte zlib header: deflate with a 32 KB window, FLEVEL 0 ("fastest", igzip's
    /// level 0 here; it only informs), and the check bits.
    private static let header: [UInt8] = {
        let cmf = 0x78, flg = 31 - (cmf << 8) % 31
        return [UInt8(cmf), UInt8(flg)]
    }()
}

/// One band's or piece's raw deflate stream, its rows' Adler-32 and their length.
struct CompressedBand: Sendable {
    let bytes: [UInt8]
    let adler: UInt32
    let count: Int
}

/// A buffer of rows and igzip's deflate state, kept by one thread for every band it compresses.
final class IgzipBand {
    let rows: UnsafeMutablePointer<UInt8>
    private let deflater: IgzipDeflater

    private let capacity: Int

    /// Bytes after a band's rows that igzip may read, zeroed before each band. Its
    /// hashing may look a few bytes past the input's end; what was there (another thread's
    /// allocation being filled, or a longer band's rows left by the band before) changed the
    /// output now and then: the same rows gave other, still valid, bytes (a sheet's PNG
    /// differed between two runs of the same command under load). Zeros of its own make a
    /// band's output depend on its rows alone.
    static let slack = 256

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        rows = .allocate(capacity: self.capacity + Self.slack)
        deflater = IgzipDeflater(capacity: capacity)
    }

    deinit { rows.deallocate() }

    /// The first `count` bytes of ``rows`` as a raw deflate stream, from an empty history,
    /// ended by a sync flush, or by the final block if `isLast`.
    func compress(count: Int, isLast: Bool) throws -> CompressedBand {
        precondition(count <= capacity, "a band larger than its buffer")
        (rows + count).initialize(repeating: 0, count: Self.slack)
        let bytes = try deflater.compress(rows, count: count, isLast: isLast)
        return CompressedBand(bytes: bytes, adler: Deflate.adler32(UnsafeRawBufferPointer(start: rows, count: count)), count: count)
    }
}
