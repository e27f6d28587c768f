#if canImport(Glibc)
import Glibc
#endif

/// Transparent huge pages for large pixel buffers.
package enum HugePages {
    /// Buffers from this size up are worth it: below, a buffer holds at most one 2 MB page.
    package static let threshold = 4 << 20

    /// Asks Linux to back the whole 4 KiB pages of `count` bytes from `start` with 2 MB pages
    /// where it can (`madvise(MADV_HUGEPAGE)`; the system's default here, "madvise", grants them
    /// only on request). A large canvas is written whole as soon as it is made, so every page is
    /// touched: a 28 MB screen sheet took 8,800 page faults, and 2,400 with huge pages, 13 % of
    /// its whole-process CPU time (BENCHMARKS.md, "Screens"). Advice only: where it is refused
    /// nothing changes, and the bytes are the same either way.
    package static func advise(_ start: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        guard count >= threshold else { return }
        let page = 4096
        let first = (Int(bitPattern: start) + page - 1) & ~(page - 1)
        let end = (Int(bitPattern: start) + count) & ~(page - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
        #endif
    }
}
