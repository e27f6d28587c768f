#if canImport(Glibc)
import Glibc
#endif

/// An item's glyphs in font units, with clusters relative to the item's start.
struct ShapedItem: Sendable {
    let glyphs: [ShapedGlyph]
}

/// Shapes items with HarfBuzz and keeps the results: shaping is in font units, so one shaping
/// serves every size, every width and every category whose item has the same face and text.
final class Shaper: Sendable {
    private struct Key: Hashable {
        /// Told apart by identity, and held: a face freed while its shapings were kept could
        /// otherwise hand them to a later face made at the same address.
        let face: FontFace
        /// The whole text's code units, shared with its analysis, and the item's range in them:
        /// a copy of the item's units would be an allocation for every item shaped.
        let units: [UInt16]
        let range: Range<Int>
        let rightToLeft: Bool
        let script: String
        let language: String?
        let features: [FontFeature]

        /// Keys are equal when everything but where the item lies in its text is: two texts'
        /// items with the same units share a shaping.
        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.face === rhs.face && lhs.rightToLeft == rhs.rightToLeft && lhs.range.count == rhs.range.count
                && lhs.script == rhs.script && lhs.language == rhs.language && lhs.features == rhs.features
                && (lhs.range.isEmpty || lhs.units.withUnsafeBufferPointer { left in
                    rhs.units.withUnsafeBufferPointer { right in
                        memcmp(left.baseAddress! + lhs.range.lowerBound, right.baseAddress! + rhs.range.lowerBound,
                               lhs.range.count * MemoryLayout<UInt16>.stride) == 0
                    }
                })
        }

        /// Hashes the item's units as bytes in one call (the synthesized hash fed the hasher one
        /// code unit at a time, the largest part of a cache hit), not where they lie. The
        /// script, language and features are left to ``==(_:_:)``: one text in one face under
        /// two of them is rare, and hashing the two strings was a third of a lookup's hash.
        func hash(into hasher: inout Hasher) {
            hasher.combine(ObjectIdentifier(face))
            hasher.combine(range.count)
            units.withUnsafeBytes { bytes in
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes[
                    range.lowerBound * MemoryLayout<UInt16>.stride..<range.upperBound * MemoryLayout<UInt16>.stride]))
            }
            hasher.combine(rightToLeft)
        }
    }

    private let entries = Lock(RecentEntries<Key, ShapedItem>())
    private let capacity: Int

    init(capacity: Int = 50_000) { self.capacity = capacity }

    /// The glyphs of `text[range]` in `face`. Whole items are shaped (never word by word), so
    /// ligatures and kerning across spaces survive.
    func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool, script: String,
        language: String?, features: [FontFeature]
    ) -> ShapedItem {
        precondition(range.lowerBound >= 0 && range.upperBound <= utf16.count, "item range outside the text")
        let key = Key(face: face, units: utf16, range: range,
                      rightToLeft: rightToLeft, script: script, language: language, features: features)
        if let cached = entries.withLock({ $0.value(latestMatching: { $0 == key }, otherwise: { key }) }) { return cached }
        let glyphs = utf16.withUnsafeBufferPointer { units in
            face.harfBuzz.shape(UnsafeBufferPointer(rebasing: units[key.range]), rightToLeft: rightToLeft,
                                script: script, language: language, features: features)
        }
        let item = ShapedItem(glyphs: glyphs)
        entries.withLock { $0.insert(key, item, capacity: capacity) }
        return item
    }
}
