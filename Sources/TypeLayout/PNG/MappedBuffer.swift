import Glibc

/// Bytes from an anonymous memory mapping, for the PNG writer's whole-image buffers (the filtered
/// rows, the deflate output), freed with the value.
///
/// A mapping rather than `allocate`: a failure is a thrown error, not a crash; and a buffer of
/// several megabytes gets huge pages (`HugePages`), whose faults cost about a fifth of the 4 KB
/// pages' on this machine (26.7 MB, the screen sheet's rows: 12 ms → 2.7 ms). Pages never
/// written are never faulted in, so reserving a bound costs address space only.
final class MappedBuffer {
    let bytes: UnsafeMutableRawBufferPointer

    /// - Throws: ``ImageError/encodingFailed(reason:)`` if the system can't map `count` bytes.
    init(count: Int) throws {
        let length = max(count, 1)
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              address != MAP_FAILED
        else {
            throw ImageError.encodingFailed(reason: "can't allocate \(count) bytes: \(String(cString: strerror(errno)))")
        }
        HugePages.advise(address, count: length)
        bytes = UnsafeMutableRawBufferPointer(start: address, count: count)
    }

    deinit { munmap(bytes.baseAddress, max(bytes.count, 1)) }
}
