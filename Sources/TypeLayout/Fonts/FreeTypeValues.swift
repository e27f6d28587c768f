// The plain values FreeType.swift hands to the rest of the engine, apart from the calls that make
// them: nothing here touches FreeType.

/// Vertical metrics and facts read from a face's tables, in font units.
struct FreeTypeFaceInfo: Sendable {
    var familyName: String
    var styleName: String
    var unitsPerEm: Double
    var faceCount: Int
    var glyphCount: Int
    var ascender: Double
    var descender: Double
    var lineGap: Double
    var capHeight: Double
    var xHeight: Double
    var usesTypoMetrics: Bool
    var weightClass: Double
    var weightAxis: ClosedRange<Double>?
    var hasColorGlyphs: Bool
    var isScalable: Bool
    /// FreeType's italic style flag (from OS/2's fsSelection or head's macStyle).
    var isItalic: Bool
}

/// Where and how large a kept outline's bitmap is (see
/// ``FreeTypeFace/bitmapBox(of:subpixelOffset:)``): FreeType's `bitmap_left`, `bitmap_top`,
/// `width` and `rows`.
struct GlyphBitmapBox {
    var left: Int
    var top: Int
    var width: Int
    var rows: Int

    /// Bytes of coverage: 0 for an empty box.
    var byteCount: Int { width * rows }
}

/// `rows` rows of `rowBytes` bytes from a FreeType buffer, packed top row first. A positive
/// pitch stores the top row first, a negative one the bottom row first.
func packedRows(_ buffer: UnsafeMutablePointer<UInt8>?, rowBytes: Int, rows: Int, pitch: Int) -> [UInt8] {
    let total = rowBytes * rows
    guard let buffer, total > 0 else { return [UInt8](repeating: 0, count: total) }
    let stride = abs(pitch)
    precondition(stride >= rowBytes, "FreeType bitmap pitch \(pitch) is shorter than its row of \(rowBytes) bytes")
    return [UInt8](unsafeUninitializedCapacity: total) { output, initialized in
        for y in 0..<rows {
            let sourceRow = pitch >= 0 ? y : rows - 1 - y
            (output.baseAddress! + y * rowBytes).initialize(from: buffer + sourceRow * stride, count: rowBytes)
        }
        initialized = total
    }
}
