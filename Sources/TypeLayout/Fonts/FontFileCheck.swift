/// Checks a font file's signature and table directory before FreeType opens it.
///
/// FreeType is lenient where a label needs it strict: it opens a text file's bytes with "unknown
/// file format" or, for some text, a message about truncation, and it opens a font cut short
/// (a partial download, a Git LFS pointer mishap) by dropping the tables that lie past the end,
/// after which every glyph loads as an empty outline and the picture is silently blank. Reading
/// the directory ourselves costs a few hundred bytes per load and names what is wrong.
enum FontFileCheck {
    // Plain comparisons, not Sets or Dictionaries: creating the first Set<UInt32> of a process
    // has the runtime look up its Hashable conformance, dearer than the rest of the check,
    // which render-cli runs for every face it loads.

    /// The sfnt versions of one face: TrueType (`00 01 00 00` and Apple's `true`), OpenType with
    /// CFF outlines (`OTTO`) and Apple's old `typ1`.
    private static func isFaceSignature(_ value: UInt32) -> Bool {
        value == 0x0001_0000 || value == 0x7472_7565 /* true */ || value == 0x4F54_544F /* OTTO */ || value == 0x7479_7031 /* typ1 */
    }
    private static let collectionSignature: UInt32 = 0x7474_6366 // ttcf
    private static func isWebSignature(_ value: UInt32) -> Bool { value == 0x774F_4646 /* wOFF */ || value == 0x774F_4632 /* wOF2 */ }

    /// Throws ``TypeLayoutError/notAFont(path:reason:)`` for a file without an sfnt or
    /// collection signature (HarfBuzz, which shapes, reads nothing else, so FreeType's other
    /// formats are of no use either) and ``TypeLayoutError/damagedFont(path:reason:)`` for a
    /// table directory of face `faceIndex` that doesn't fit the file. A face index past a
    /// collection's end is left to FreeType, which reports it with the face count.
    static func check(_ bytes: UnsafeRawBufferPointer, faceIndex: Int, path: String) throws {
        let signature = bytes.count >= 4 ? u32(bytes, 0) : 0
        if isWebSignature(signature) {
            throw TypeLayoutError.notAFont(
                path: path, reason: "it is a WOFF web font; TypeLayout reads TTF, OTF and TTC files, so decompress it first")
        }
        var directory = 0
        if signature == collectionSignature {
            guard bytes.count >= 12 else { throw truncated(path, "its collection header") }
            let faceCount = Int(u32(bytes, 8))
            guard faceIndex >= 0, faceIndex < faceCount else { return }
            guard bytes.count >= 12 + 4 * (faceIndex + 1) else { throw truncated(path, "its collection header") }
            directory = Int(u32(bytes, 12 + 4 * faceIndex))
            guard directory <= bytes.count - 12, isFaceSignature(u32(bytes, directory)) else {
                throw TypeLayoutError.damagedFont(path: path, reason: "face \(faceIndex) of the collection lies outside the file (truncated?)")
            }
        } else if !isFaceSignature(signature) {
            throw TypeLayoutError.notAFont(path: path, reason: "it doesn't start with a TrueType, OpenType or font collection signature")
        }
        guard bytes.count - directory >= 12 else { throw truncated(path, "its table directory") }
        let tableCount = Int(u16(bytes, directory + 4))
        guard tableCount > 0 else { throw TypeLayoutError.damagedFont(path: path, reason: "its table directory lists no tables") }
        guard bytes.count - directory - 12 >= 16 * tableCount else { throw truncated(path, "its table directory") }
        // The directory is sorted by tag; the table that starts first among those cut off is
        // where the file was cut, so that is the one named.
        var outside = 0
        var first: (offset: UInt32, record: Int)?
        var glyphTables = GlyphTables()
        for index in 0..<tableCount {
            let record = directory + 12 + 16 * index
            let offset = u32(bytes, record + 8), length = u32(bytes, record + 12)
            // In 64 bits: offset + length of two 32-bit values can't overflow.
            if UInt64(offset) + UInt64(length) > UInt64(bytes.count) {
                outside += 1
                if offset < first?.offset ?? .max { first = (offset, record) }
            } else {
                glyphTables.note(u32(bytes, record), at: Int(offset), length: Int(length))
            }
        }
        if let first {
            let name = "table '\(tagName(bytes, first.record))'"
            let others = outside - 1
            throw TypeLayoutError.damagedFont(path: path, reason: others == 0
                ? "\(name) lies outside the file (truncated?)"
                : "\(name) and \(others) other\(others == 1 ? "" : "s") lie outside the file (truncated?)")
        }
        try checkGlyphLocations(bytes, tables: glyphTables, path: path)
    }

    /// Where `head`, `maxp`, `loca` and `glyf` are (offset and length), when the face has them.
    private struct GlyphTables {
        var head: (offset: Int, length: Int)?
        var maxp: (offset: Int, length: Int)?
        var loca: (offset: Int, length: Int)?
        var glyf: (offset: Int, length: Int)?

        mutating func note(_ tag: UInt32, at offset: Int, length: Int) {
            switch tag {
            case 0x6865_6164: head = (offset, length)
            case 0x6D61_7870: maxp = (offset, length)
            case 0x6C6F_6361: loca = (offset, length)
            case 0x676C_7966: glyf = (offset, length)
            default: break
            }
        }
    }

    /// FreeType draws a glyph whose `loca` entry starts past the end of `glyf` as an empty
    /// outline, without an error: one letter silently missing. A glyph's start can't be past
    /// `glyf`'s end in any sound font (the end of the last glyph can, by padding, which FreeType
    /// clamps, so that is allowed).
    private static func checkGlyphLocations(
        _ bytes: UnsafeRawBufferPointer, tables: GlyphTables, path: String
    ) throws {
        guard let head = tables.head, head.length >= 54, let maxp = tables.maxp, maxp.length >= 6,
              let loca = tables.loca, let glyf = tables.glyf else { return }
        let isLong = u16(bytes, head.offset + 50) == 1
        let entrySize = isLong ? 4 : 2
        // A loca shorter than maxp says is FreeType's to handle (it reads what is there).
        let glyphCount = min(Int(u16(bytes, maxp.offset + 4)), loca.length / entrySize)
        guard glyphCount > 0 else { return }
        func start(_ glyph: Int) -> Int {
            let entry = bytes.baseAddress! + loca.offset + glyph * entrySize
            return isLong ? Int(UInt32(bigEndian: entry.loadUnaligned(as: UInt32.self)))
                : 2 * Int(UInt16(bigEndian: entry.loadUnaligned(as: UInt16.self)))
        }
        // The largest start first, in a loop without branches or bounds checks (render-cli loads
        // the 17,320-glyph Japanese fallback face at every run); the glyph only when it is bad.
        var largest = 0
        for glyph in 0..<glyphCount { largest = max(largest, start(glyph)) }
        guard largest > glyf.length, let glyph = (0..<glyphCount).first(where: { start($0) > glyf.length }) else { return }
        throw TypeLayoutError.damagedFont(path: path, reason: "glyph \(glyph)'s outline lies outside the glyf table")
    }

    private static func truncated(_ path: String, _ part: String) -> TypeLayoutError {
        .damagedFont(path: path, reason: "the file ends inside \(part) (truncated?)")
    }

    private static func u16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func u32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(u16(bytes, offset)) << 16 | UInt32(u16(bytes, offset + 2))
    }

    /// A table tag for a message; bytes outside printable ASCII (a damaged directory) as `?`.
    private static func tagName(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> String {
        String(decoding: (0..<4).map { (0x20...0x7E).contains(bytes[offset + $0]) ? bytes[offset + $0] : 0x3F }, as: UTF8.self)
    }
}
