import Glibc
import TypeLayout

/// Bytes for the PNG writer's whole-image buffers (the filtered rows, the deflate output), freed
/// with the value.
///
/// A failure to get them is a thrown error, not a crash. A buffer of several megabytes is an
/// anonymous mapping with huge pages (`HugePages`), whose faults cost about a fifth of the 4 KB
/// pages' on this machine (26.7 MB, the screen sheet's rows: 12 ms → 2.7 ms); pages never
/// written are never faulted in, so reserving a bound costs address space only. A smaller one
/// comes from `malloc`, which hands back memory already faulted in: the review report writes
/// thousands of small pictures, and a fresh mapping for each (with its faults, and the unmapping
/// that stops the other cores to flush their TLBs) was most of its system time.
final class MappedBuffer {
    let bytes: UnsafeMutableRawBufferPointer
    private let mapped: Bool

    /// - Throws: `ImageError/encodingFailed(reason:)` if the system can't provide `count` bytes.
    init(count: Int) throws {
        let length = max(count, 1)
        mapped = length >= HugePages.threshold
        let address: UnsafeMutableRawPointer?
        if mapped {
            let mapping = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
            address = mapping == MAP_FAILED ? nil : mapping
        } else {
            address = malloc(length)
        }
        guard let address else {
            throw ImageError.encodingFailed(reason: "can't allocate \(count) bytes: \(String(cString: strerror(errno)))")
        }
        if mapped { HugePages.advise(address, count: length) }
        bytes = UnsafeMutableRawBufferPointer(start: address, count: count)
    }

    deinit {
        if mapped { munmap(bytes.baseAddress, max(bytes.count, 1)) } else { free(bytes.baseAddress) }
    }
}
