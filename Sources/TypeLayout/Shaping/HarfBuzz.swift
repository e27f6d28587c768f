import CHarfBuzz

// The only file that calls HarfBuzz. It shapes text into glyph ids and positions in font
// units; nothing of HarfBuzz's types leaves it.

enum HarfBuzz {
    /// HarfBuzz's version as "major.minor.micro".
    static var version: String { String(cString: hb_version_string()) }
}

/// One glyph as HarfBuzz placed it, in font units.
struct ShapedGlyph: Sendable, Hashable {
    var glyphID: UInt32
    /// UTF-16 offset, within the shaped text, of the cluster the glyph belongs to.
    var cluster: Int
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the text before this glyph's cluster
    /// would change the shaping (a ligature or kerning across the break).
    var unsafeToBreak: Bool
}

/// HarfBuzz buffers kept between shapings: a new buffer would grow its glyph arrays again for
/// every item shaped. A buffer is used by one shaping at a time,
/// and `hb_buffer_reset` returns it to its state when created, keeping its arrays.
enum HarfBuzzBuffers {
    /// Enough for one shaping per thread at once.
    static let spareLimit = 8
    /// Longer texts' arrays are freed with their buffer rather than kept.
    static let keptTextLimit = 4_096

    private static let spares = Lock<[SpareBuffer]>([])

    /// A buffer pointer that may be kept in the lock (only its taker uses it).
    private struct SpareBuffer: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// An empty buffer, as `hb_buffer_create` makes it.
    static func take() -> OpaquePointer? {
        spares.withLock { $0.popLast()?.pointer } ?? hb_buffer_create()
    }

    /// Keeps a buffer that shaped `count` code units for the next shaping, or destroys it.
    static func giveBack(_ buffer: OpaquePointer?, count: Int) {
        guard let buffer else { return }
        hb_buffer_reset(buffer)
        // (A buffer whose allocation failed is HarfBuzz's inert empty one: not to be reused.)
        let kept = count <= keptTextLimit && hb_buffer_allocation_successful(buffer) != 0 && spares.withLock { spares in
            guard spares.count < spareLimit else { return false }
            spares.append(SpareBuffer(pointer: buffer))
            return true
        }
        if !kept { hb_buffer_destroy(buffer) }
    }
}

/// A HarfBuzz font over a face's bytes, at a scale of one unit per font unit so that one
/// shaping serves every point size (positions are unhinted and scale linearly).
///
/// HarfBuzz fonts are immutable after set-up and safe to shape with from many threads.
final class HarfBuzzFont: @unchecked Sendable {
    private let font: OpaquePointer
    private let data: FontData

    init(data: FontData, faceIndex: Int, unitsPerEm: Double, weight: Double?) {
        self.data = data
        // The blob borrows the bytes: FontData outlives this object (we hold it).
        let blob = hb_blob_create(
            data.bytes.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.bytes.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        let face = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        font = hb_font_create(face)!
        hb_face_destroy(face)
        let scale = Int32(unitsPerEm.rounded())
        hb_font_set_scale(font, scale, scale)
        if let weight {
            var variation = hb_variation_t(tag: Self.tag("wght"), value: Float(weight))
            hb_font_set_variations(font, &variation, 1)
        }
        hb_font_make_immutable(font)
    }

    deinit { hb_font_destroy(font) }

    /// A feature's tag: its first four UTF-8 bytes, padded with spaces (no array: this runs for
    /// every feature of every shaping).
    static func tag(_ text: String) -> UInt32 {
        var tag: UInt32 = 0
        var count = 0
        for byte in text.utf8.prefix(4) {
            tag = tag << 8 | UInt32(byte)
            count += 1
        }
        while count < 4 {
            tag = tag << 8 | 0x20
            count += 1
        }
        return tag
    }

    /// HarfBuzz's script for an ISO 15924 code, as `hb_script_from_string` finds it (the tag of
    /// the first four bytes up to a NUL, padded with spaces; none for empty text), without
    /// passing a Swift string as a C string: that would copy a small string into a new array on
    /// every shaping.
    static func script(_ code: String) -> hb_script_t {
        var tag: UInt32 = 0
        var count = 0
        for byte in code.utf8.prefix(4) {
            if byte == 0 { break }
            tag = tag << 8 | UInt32(byte)
            count += 1
        }
        if count == 0 { return HB_SCRIPT_INVALID }
        while count < 4 {
            tag = tag << 8 | 0x20
            count += 1
        }
        return hb_script_from_iso15924_tag(tag)
    }

    /// Shapes `text`, an item on its own (no surrounding context: the shaping cache keys
    /// results by the item's text), in one direction and script.
    func shape(
        _ text: UnsafeBufferPointer<UInt16>, rightToLeft: Bool, script: String,
        language: String?, features: [FontFeature]
    ) -> [ShapedGlyph] {
        let buffer = HarfBuzzBuffers.take()
        defer { HarfBuzzBuffers.giveBack(buffer, count: text.count) }
        hb_buffer_add_utf16(buffer, text.baseAddress, Int32(text.count), 0, Int32(text.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, Self.script(script))
        if let language {
            hb_buffer_set_language(buffer, language.withCString { hb_language_from_string($0, Int32(language.utf8.count)) })
        }
        // Graphemes stay together (a base and its marks form one cluster), which is what line
        // breaking and truncation need.
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        if features.isEmpty {
            hb_shape(font, buffer, nil, 0)
        } else {
            var hbFeatures = features.map { feature in
                hb_feature_t(tag: Self.tag(feature.tag), value: feature.value, start: 0, end: UInt32.max)
            }
            hb_shape(font, buffer, &hbFeatures, UInt32(hbFeatures.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        // Written in place: appending checked the capacity and count of every glyph.
        return [ShapedGlyph](unsafeUninitializedCapacity: Int(count)) { glyphs, initialized in
            for i in 0..<Int(count) {
                (glyphs.baseAddress! + i).initialize(to: ShapedGlyph(
                    glyphID: infos[i].codepoint, cluster: Int(infos[i].cluster),
                    xAdvance: positions[i].x_advance, xOffset: positions[i].x_offset, yOffset: positions[i].y_offset,
                    unsafeToBreak: infos[i].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
            }
            initialized = Int(count)
        }
    }

    /// Whether the font's character map maps any character at all (HarfBuzz's own reading,
    /// which is what shaping uses).
    var mapsAnyCharacter: Bool {
        let set = hb_set_create()
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(hb_font_get_face(font), set)
        return hb_set_get_population(set) > 0
    }
}
