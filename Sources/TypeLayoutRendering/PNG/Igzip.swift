// The only file in the package that touches ISA-L: igzip's raw deflate of one band or piece of
// a large image's rows (ZlibStream). No ISA-L type leaves this file.
import CISAL
import TypeLayout

/// An igzip deflate state at level 0, kept by one thread for every band it compresses.
///
/// igzip trades size for a great deal of speed: on the settings screen sheet's rows (27 MB of
/// RGB in 26 bands) its level 0 took 3.7 ms where libdeflate's level 2 took 31 ms, for 42 % more
/// bytes (BENCHMARKS.md). Not its levels 1 to 3: their path (an intermediate code in a level
/// buffer) now and then gave other, still valid, bytes for the same rows inside our processes
/// (20 of 6,656 bands in two batches while other threads drew, one match at another
/// distance), which a snapshot tool cannot have; level 0, whose state is all in the stream,
/// never did in 3,328 bands under the same load, and its output depends only on the input.
final class IgzipDeflater {
    private var stream = isal_zstream()
    private let output: UnsafeMutableBufferPointer<UInt8>

    /// A state for inputs of up to `capacity` bytes (larger ones take more than one call).
    init(capacity: Int) {
        // Room for incompressible rows in one call: stored blocks cost 5 bytes per 64 KB.
        output = .allocate(capacity: capacity + capacity / 1024 + 1024)
    }

    deinit {
        output.deallocate()
    }

    /// `count` bytes at `input` as a raw deflate stream from an empty history, ended by a sync
    /// flush, or by the final block if `isLast`.
    ///
    /// - Throws: `ImageError/encodingFailed(reason:)` if igzip reports an error.
    func compress(_ input: UnsafeMutablePointer<UInt8>, count: Int, isLast: Bool) throws -> [UInt8] {
        // A zeroed state for each band, so that nothing of the band before reaches this one.
        stream = isal_zstream()
        isal_deflate_init(&stream)
        stream.level = 0
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
