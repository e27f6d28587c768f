
/// An item's glyphs in font units, with clusters relative to the item's start.
struct ShapedItem: Sendable {
    let glyphs: [ShapedGlyph]
}

/// Shapes items with HarfBuzz and keeps the results: shaping is in font units, so one shaping
/// serves every size, every width and every category whose item has the same face and text.
final class Shaper: Sendable {
    private struct Key: Hashable {
        let face: ObjectIdentifier
        let text: [UInt16]
        let rightToLeft: Bool
        let script: String
        let language: String?
        let features: [FontFeature]

        /// The synthesized hash fed the text to the hasher one code unit at a time, the largest
        /// part of a cache hit; hashing its bytes in one call gives the same equality classes.
        func hash(into hasher: inout Hasher) {
            hasher.combine(face)
            hasher.combine(text.count)
            text.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(rightToLeft)
            hasher.combine(script)
            hasher.combine(language)
            hasher.combine(features)
        }
    }

    private let cache = Lock<[Key: ShapedItem]>([:])
    private let capacity: Int

    init(capacity: Int = 50_000) { self.capacity = capacity }

    /// The glyphs of `text[range]` in `face`. Whole items are shaped (never word by word), so
    /// ligatures and kerning across spaces survive.
    func shape(
        _ utf16: [UInt16], range: Range<Int>, face: FontFace, rightToLeft: Bool, script: String,
        language: String?, features: [FontFeature]
    ) -> ShapedItem {
        let slice = Array(utf16[range])
        let key = Key(face: ObjectIdentifier(face), text: slice, rightToLeft: rightToLeft, script: script,
                      language: language, features: features)
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let glyphs = slice.withUnsafeBufferPointer { buffer in
            face.harfBuzz.shape(buffer, rightToLeft: rightToLeft, script: script,
                                language: language, features: features)
        }
        let item = ShapedItem(glyphs: glyphs)
        cache.withLock { cache in
            // A plain reset keeps the bound without bookkeeping; a layout re-shapes what it needs.
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = item
        }
        return item
    }
}
