// The only file in the package that touches ISA-L: igzip's raw deflate of one band or piece of
// a large image's rows (ZlibStream). No ISA-L type leaves this file.
import CISAL
import TypeLayout

/// An igzip deflate state at level 1, kept by one thread for every band it compresses.
///
/// igzip trades a little size for a great deal of speed: on the settings screen sheet's rows
/// (21 MB of RGB) it took 5.5 ms where zlib's level 2 took 75 ms, for 7 % more bytes
/// (BENCHMARKS.md). With its level buffer cleared first, its output depends only on the input
/// and the level.
final class IgzipDeflater {
    private var stream = isal_zstream()
    private let levelBuffer: UnsafeMutableBufferPointer<UInt8>
    private let output: UnsafeMutableBufferPointer<UInt8>

    /// A state for inputs of up to `capacity` bytes (larger ones take more than one call).
    init(capacity: Int) {
        levelBuffer = .allocate(capacity: Int(typelayout_isal_level1_buffer_size()))
        // Room for incompressible rows in one call: stored blocks cost 5 bytes per 64 KB.
        output = .allocate(capacity: capacity + capacity / 1024 + 1024)
    }

    deinit {
        levelBuffer.deallocate()
        output.deallocate()
    }

    /// `count` bytes at `input` as a raw deflate stream from an empty history, ended by a sync
    /// flush, or by the final block if `isLast`.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if igzip reports an error.
    func compress(_ input: UnsafeMutablePointer<UInt8>, count: Int, isLast: Bool) throws -> [UInt8] {
        // igzip's output depends on what its state held before, not only its level buffer: a
        // thread that compressed other bands first gave other bytes for the same band (one sheet
        // in six differed once two threads really ran at once). A zeroed state and a cleared
        // level buffer make each band's bytes depend on its rows alone.
        stream = isal_zstream()
        isal_deflate_init(&stream)
        levelBuffer.initialize(repeating: 0)
        stream.level = 1
        stream.level_buf = levelBuffer.baseAddress
        stream.level_buf_size = UInt32(levelBuffer.count)
        stream.flush = UInt16(SYNC_FLUSH)
        stream.end_of_stream = isLast ? 1 : 0
        stream.next_in = input
        stream.avail_in = UInt32(count)
        var bytes: [UInt8] = []
        while true {
            stream.next_out = output.baseAddress
            stream.avail_out = UInt32(output.count)
            let status = isal_deflate(&stream)
            guard status == COMP_OK else { throw ImageError.encodingFailed(reason: "igzip: deflate failed (\(status))") }
            // Copied out at its size: a band's bytes are kept until every band is done.
            bytes.append(contentsOf: output.prefix(output.count - Int(stream.avail_out)))
            // Done once the input is used and a call left room in the output (the flush is
            // written), or the final block is; else the output was full: go on.
            if isLast ? stream.internal_state.state == ZSTATE_END : stream.avail_in == 0 && stream.avail_out != 0 { break }
        }
        return bytes
    }
}
