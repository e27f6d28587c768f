#if canImport(Glibc)
import Glibc
#endif

// Strings as keys by their bytes, not by Swift's `==` (canonical equivalence): "ä" and
// "a" + U+0308 have different UTF-16 offsets and may shape differently, so caches keep them
// apart; and String's own hash normalizes every text outside ASCII to NFC first, most of a
// lookup's cost there.
extension String {
    /// Whether two strings have the same UTF-8 bytes: one memory comparison for native strings
    /// (a per-byte iteration of their views cost more than the rest of a cache lookup).
    package static func sameUTF8(_ lhs: String, _ rhs: String) -> Bool {
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        let compared = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                count == 0 || memcmp(left.baseAddress!, right.baseAddress!, count) == 0
            }
        }
        return (compared ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Feeds the string's UTF-8 bytes to `hasher`: the hash that agrees with ``sameUTF8(_:_:)``.
    package func hashUTF8(into hasher: inout Hasher) {
        var string = self
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
