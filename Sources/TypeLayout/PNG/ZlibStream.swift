// The only file in the package that touches zlib directly (libpng uses it to read): a deflate
// fed a row at a time, for images too large to copy whole for libdeflate (PNGWriter). No zlib
// type leaves this file.
import CZlib

/// A zlib stream compressed from rows produced one at a time, so that only one row and the
/// compressed output are held.
enum ZlibStream {
    /// The zlib stream of `rowCount` rows of `rowBytes` bytes, each written by `fill(y, row)`,
    /// compressed at `level` (1 fastest … 9 smallest) with zlib's default strategy.
    ///
    /// - Throws: ``ImageError/encodingFailed(reason:)`` if zlib can't start (no memory) or
    ///   reports an error.
    static func compress(
        rowCount: Int, rowBytes: Int, level: Int, fill: (Int, UnsafeMutablePointer<UInt8>) -> Void
    ) throws -> [UInt8] {
        var stream = z_stream()
        let started = deflateInit2_(&stream, Int32(level), Z_DEFLATED, MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                                    zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard started == Z_OK else { throw ImageError.encodingFailed(reason: "zlib: can't start deflate (\(started))") }
        defer { deflateEnd(&stream) }
        let row = UnsafeMutablePointer<UInt8>.allocate(capacity: max(rowBytes, 1))
        defer { row.deallocate() }
        let chunkSize = 1 << 16
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: chunkSize)
        defer { chunk.deallocate() }
        var output: [UInt8] = []
        for y in 0..<rowCount {
            fill(y, row)
            let last = y == rowCount - 1
            stream.next_in = row
            stream.avail_in = UInt32(rowBytes)
            // Drain until zlib has taken the whole row (and, after the last, ended the stream).
            while true {
                stream.next_out = chunk
                stream.avail_out = UInt32(chunkSize)
                let status = deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw ImageError.encodingFailed(reason: "zlib: deflate failed (\(status))")
                }
                output.append(contentsOf: UnsafeBufferPointer(start: chunk, count: chunkSize - Int(stream.avail_out)))
                if last ? status == Z_STREAM_END : (stream.avail_in == 0 && stream.avail_out != 0) { break }
            }
        }
        return output
    }
}
