/// Combining the Adler-32 checksums (RFC 1950, §8.2) of pieces of a zlib stream compressed apart.
///
/// An Adler-32 is two sums modulo 65,521 packed as `B << 16 | A`: A is 1 plus every byte, B the
/// sum of A's value after each byte. For `second` computed alone over `count` bytes, each of its
/// A values is short of the joined sequence's by `A₁ − 1`, so the joined checksum is
/// `A = A₁ + A₂ − 1` and `B = B₁ + B₂ + count × (A₁ − 1)`, all modulo 65,521.
enum Adler32 {
    /// The largest prime below 2¹⁶, the modulus of both sums.
    static let modulus: UInt64 = 65_521

    /// The checksum of no bytes.
    static let initial: UInt32 = 1

    /// The Adler-32 of the bytes of `first` followed by the `count` bytes of `second`, from
    /// their checksums alone.
    static func combine(_ first: UInt32, _ second: UInt32, secondCount count: Int) -> UInt32 {
        let a1 = UInt64(first & 0xFFFF), b1 = UInt64(first >> 16)
        let a2 = UInt64(second & 0xFFFF), b2 = UInt64(second >> 16)
        let length = UInt64(count) % modulus
        // Every term is below 2¹⁶ · 2¹⁶ or a small sum, far inside 64 bits; `+ modulus` keeps
        // the subtraction of 1 from going below 0.
        let a = (a1 + a2 + modulus - 1) % modulus
        let b = (b1 + b2 + length * ((a1 + modulus - 1) % modulus)) % modulus
        return UInt32(b << 16 | a)
    }
}
