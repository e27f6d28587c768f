import CFreeType
import Synchronization

// The only file that calls FreeType. It turns FreeType's pointers and error codes into Swift
// values and thrown errors; nothing of FreeType's types leaves it.

/// The process-wide FreeType library.
///
/// FreeType allows one `FT_Library` to serve many threads as long as creating and destroying
/// faces is serialized, which `lock` does; each face then has a lock of its own.
final class FreeTypeLibrary: @unchecked Sendable {
    static let shared = FreeTypeLibrary()

    fileprivate let library: FT_Library
    fileprivate let lock = Mutex(())

    private init() {
        var handle: FT_Library?
        let error = FT_Init_FreeType(&handle)
        // Without FreeType nothing can work; this fails only when memory is exhausted.
        precondition(error == 0 && handle != nil, "FT_Init_FreeType failed with error \(error)")
        library = handle!
    }

    /// FreeType's version as "major.minor.patch".
    var version: String {
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }
}

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
    /// Bitmap-only faces (colour emoji) offer fixed pixel sizes only.
    var fixedSizes: [Int]
}

/// One FreeType face over a font file's bytes, guarded by its own lock.
final class FreeTypeFace: @unchecked Sendable {
    private let face: FT_Face
    private let data: FontData
    private let lock = Mutex(())
    let info: FreeTypeFaceInfo

    /// Opens face `index` of `data`; with `weight`, sets the `wght` axis of a variable font
    /// (clamped to the axis range).
    init(data: FontData, index: Int, path: String, weight: Double?) throws {
        let library = FreeTypeLibrary.shared
        var handle: FT_Face?
        let error = library.lock.withLock { _ in
            FT_New_Memory_Face(
                library.library, data.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                FT_Long(data.bytes.count), FT_Long(index), &handle)
        }
        guard error == 0, let face = handle else {
            // FT_Err_Invalid_Argument (6) is what FreeType returns for a face index past the end.
            if error == 6, index > 0, let count = FreeTypeFace.faceCount(data: data), index >= count {
                throw TypeLayoutError.faceIndexOutOfRange(path: path, index: index, faceCount: count)
            }
            throw TypeLayoutError.notAFont(path: path, reason: FreeTypeFace.describe(error))
        }
        self.face = face
        self.data = data
        do {
            info = try FreeTypeFace.readInfo(face, library: library, path: path)
            if let weight, let axis = info.weightAxis {
                try FreeTypeFace.setWeight(face, library: library, weight: weight.clamped(to: axis))
            }
        } catch {
            library.lock.withLock { _ in _ = FT_Done_Face(face) }
            throw error
        }
    }

    deinit {
        let library = FreeTypeLibrary.shared
        library.lock.withLock { _ in _ = FT_Done_Face(face) }
    }

    private static func faceCount(data: FontData) -> Int? {
        let library = FreeTypeLibrary.shared
        var handle: FT_Face?
        // Index -1 asks FreeType only for the number of faces in the file.
        let error = library.lock.withLock { _ in
            FT_New_Memory_Face(
                library.library, data.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                FT_Long(data.bytes.count), -1, &handle)
        }
        guard error == 0, let face = handle else { return nil }
        let count = Int(face.pointee.num_faces)
        library.lock.withLock { _ in _ = FT_Done_Face(face) }
        return count
    }

    private static func describe(_ error: FT_Error) -> String {
        switch error {
        case 2: "unknown file format"
        case 3: "invalid file format"
        case 8: "invalid table"
        case 0x55: "invalid table"
        default: "FreeType error \(error)"
        }
    }

    private static func readInfo(_ face: FT_Face, library: FreeTypeLibrary, path: String) throws -> FreeTypeFaceInfo {
        let record = face.pointee
        let flags = record.face_flags
        let isScalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        var unitsPerEm = Double(record.units_per_EM)
        var ascender = Double(record.ascender)
        var descender = Double(record.descender)
        var lineGap = Double(record.height) - ascender + descender
        var capHeight = 0.0
        var xHeight = 0.0
        var usesTypo = false
        var weightClass = 400.0

        // CoreText reads hhea's ascender, descender and line gap, and OS/2's typo metrics
        // instead when OS/2's USE_TYPO_METRICS flag (fsSelection bit 7) is set. We read the
        // same tables so that line spacing, and so Dynamic Type ratios, match Apple's.
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        if let os2, os2.version != 0xFFFF {
            weightClass = Double(os2.usWeightClass)
            if os2.fsSelection & (1 << 7) != 0 {
                usesTypo = true
                ascender = Double(os2.sTypoAscender)
                descender = Double(os2.sTypoDescender)
                lineGap = Double(os2.sTypoLineGap)
            }
            if os2.version >= 2 {
                capHeight = Double(os2.sCapHeight)
                xHeight = Double(os2.sxHeight)
            }
        }
        if !usesTypo, let hhea, hhea.Ascender != 0 || hhea.Descender != 0 {
            ascender = Double(hhea.Ascender)
            descender = Double(hhea.Descender)
            lineGap = Double(hhea.Line_Gap)
        }
        if isScalable {
            // Fonts older than OS/2 version 2 carry no cap or x height: measure H and x.
            if capHeight == 0 { capHeight = glyphTop(face, character: 0x48) }
            if xHeight == 0 { xHeight = glyphTop(face, character: 0x78) }
        } else if unitsPerEm <= 0 {
            // Bitmap-only faces without a head table have no design units; use their first
            // strike so that metrics still scale with the requested size.
            unitsPerEm = Double(record.available_sizes?.pointee.height ?? 0)
            if unitsPerEm <= 0 { unitsPerEm = 1 }
            ascender = unitsPerEm * 0.95
            descender = -unitsPerEm * 0.25
            lineGap = 0
        }
        var fixedSizes: [Int] = []
        if let sizes = record.available_sizes {
            for i in 0..<Int(record.num_fixed_sizes) { fixedSizes.append(Int(sizes[i].height)) }
        }
        guard unitsPerEm > 0 else { throw TypeLayoutError.notAFont(path: path, reason: "units per em is 0") }
        guard record.num_glyphs > 0 else { throw TypeLayoutError.notAFont(path: path, reason: "it has no glyphs") }

        var weightAxis: ClosedRange<Double>?
        if flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0 {
            var master: UnsafeMutablePointer<FT_MM_Var>?
            if FT_Get_MM_Var(face, &master) == 0, let master {
                let axes = master.pointee.axis!
                for i in 0..<Int(master.pointee.num_axis) where axes[i].tag == 0x7767_6874 /* wght */ {
                    weightAxis = Double(axes[i].minimum) / 65536...Double(axes[i].maximum) / 65536
                }
                FT_Done_MM_Var(library.library, master)
            }
        }
        return FreeTypeFaceInfo(
            familyName: record.family_name.map { String(cString: $0) } ?? "",
            styleName: record.style_name.map { String(cString: $0) } ?? "",
            unitsPerEm: unitsPerEm, faceCount: Int(record.num_faces), glyphCount: Int(record.num_glyphs),
            ascender: ascender, descender: descender, lineGap: lineGap,
            capHeight: capHeight, xHeight: xHeight, usesTypoMetrics: usesTypo, weightClass: weightClass,
            weightAxis: weightAxis, hasColorGlyphs: flags & FT_Long(FT_FACE_FLAG_COLOR) != 0,
            isScalable: isScalable, fixedSizes: fixedSizes)
    }

    /// The top of a glyph's outline in font units, or 0 when the font lacks the character.
    private static func glyphTop(_ face: FT_Face, character: FT_ULong) -> Double {
        let glyph = FT_Get_Char_Index(face, character)
        guard glyph != 0, FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0 else { return 0 }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return Double(box.yMax)
    }

    private static func setWeight(_ face: FT_Face, library: FreeTypeLibrary, weight: Double) throws {
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return }
        defer { FT_Done_MM_Var(library.library, master) }
        let count = Int(master.pointee.num_axis)
        let axes = master.pointee.axis!
        var coordinates = (0..<count).map { i -> FT_Fixed in
            axes[i].tag == 0x7767_6874 ? FT_Fixed((weight * 65536).rounded()) : axes[i].def
        }
        let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(count), &coordinates)
        guard error == 0 else { throw TypeLayoutError.freeType(operation: "FT_Set_Var_Design_Coordinates", code: error) }
    }

    /// Whether the face maps a Unicode scalar to a glyph other than .notdef.
    func glyphIndex(for scalar: UInt32) -> UInt32 {
        lock.withLock { _ in FT_Get_Char_Index(face, FT_ULong(scalar)) }
    }
}

extension Comparable {
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
