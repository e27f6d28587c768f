// The only file in the package that touches libdeflate: whole-buffer zlib compression and
// decompression, and CRC-32 and Adler-32 for PNGWriter, PNGReader and ZlibStream. No libdeflate type leaves this file.
import CDeflate
import TypeLayout

/// zlib streams and CRC-32 and Adler-32 checksums, computed by libdeflate.
enum Deflate {
    /// `data` compressed as one zlib stream at `level` (1 fastest … 12 smallest), passed to
    /// `body` while its buffer lives.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if the compressor can't be allocated
    ///   (no memory, or a level libdeflate doesn't have) or the stream doesn't fit.
    static func withZlibStream<Result>(
        of data: UnsafeRawBufferPointer, level: Int, _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        try compress(data, level: level, bound: libdeflate_zlib_compress_bound, compress: libdeflate_zlib_compress, body)
    }

    /// `compress` (libdeflate's zlib stream) of `data` into a buffer of `bound`'s size.
    private static func compress<Result>(
        _ data: UnsafeRawBufferPointer, level: Int,
        bound: (OpaquePointer?, Int) -> Int,
        compress: (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int) -> Int,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw ImageError.encodingFailed(reason: "can't allocate a deflate compressor at level \(level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        // The bound for incompressible data; pages the stream doesn't reach are never touched,
        // so reserving it all costs address space, not memory.
        let capacity = bound(compressor, data.count)
        let output = try MappedBuffer(count: capacity)
        let count = compress(compressor, data.baseAddress, data.count, output.bytes.baseAddress, capacity)
        // 0 means "didn't fit", which the bound rules out; checked rather than trusted.
        guard count > 0 else { throw ImageError.encodingFailed(reason: "deflate output exceeded its bound") }
        return try body(UnsafeRawBufferPointer(rebasing: output.bytes[..<count]))
    }

    /// Inflates the zlib stream `data` into `output`, which it must fill exactly (a PNG's
    /// filtered rows have a known size); `false` for a damaged stream, a failed checksum, or
    /// one that inflates to any other size.
    static func inflateZlibStream(_ data: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Bool {
        guard let decompressor = libdeflate_alloc_decompressor() else { return false }
        defer { libdeflate_free_decompressor(decompressor) }
        var written = 0
        let result = libdeflate_zlib_decompress(decompressor, data.baseAddress, data.count,
                                                output.baseAddress, output.count, &written)
        return result == LIBDEFLATE_SUCCESS && written == output.count
    }

    /// The CRC-32 (ISO 3309, as PNG chunks and zlib use it) of `bytes`, continuing from `crc`
    /// (0 to start).
    static func crc32(_ bytes: UnsafeRawBufferPointer, continuing crc: UInt32 = 0) -> UInt32 {
        libdeflate_crc32(crc, bytes.baseAddress, bytes.count)
    }

    /// The Adler-32 (zlib's trailer) of `bytes`, continuing from `adler` (1 to start): with
    /// SIMD, a small fraction of zlib's own (ZlibStream's bands, BENCHMARKS.md).
    static func adler32(_ bytes: UnsafeRawBufferPointer, continuing adler: UInt32 = 1) -> UInt32 {
        libdeflate_adler32(adler, bytes.baseAddress, bytes.count)
    }
}
