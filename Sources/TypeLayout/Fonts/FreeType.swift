import CFreeType
#if canImport(Glibc)
import Glibc
#endif

// The only file that calls FreeType. It turns FreeType's pointers and error codes into Swift
// values and thrown errors; nothing of FreeType's types leaves it.

/// The process-wide FreeType library.
///
/// FreeType allows one `FT_Library` to serve many threads as long as creating and destroying
/// faces is serialized, which `lock` does; each face then has a lock of its own.
final class FreeTypeLibrary: @unchecked Sendable {
    static let shared = FreeTypeLibrary()

    fileprivate let library: FT_Library
    fileprivate let lock = PlainLock()

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

/// One FreeType face over a font file's bytes, guarded by its own lock.
final class FreeTypeFace: @unchecked Sendable {
    private let face: FT_Face
    private let data: FontData
    private let lock = PlainLock()
    /// The character size last set with `FT_Set_Char_Size` (26.6), 0 if unknown; guarded by
    /// `lock`. Rendering a label's glyphs needn't set the same size for each.
    private var currentCharSize: FT_F26Dot6 = 0
    let info: FreeTypeFaceInfo
    /// The file, for errors about one of its glyphs.
    let path: String

    /// Opens face `index` of `data`; with `weight`, sets the `wght` axis of a variable font
    /// (clamped to the axis range).
    init(data: FontData, index: Int, path: String, weight: Double?) throws {
        let library = FreeTypeLibrary.shared
        var handle: FT_Face?
        let error = library.lock.withLock {
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
        // Every stored property is set only once nothing can fail: an initializer that throws
        // after that runs deinit, which would close the face a second time.
        let info: FreeTypeFaceInfo
        do {
            info = try FreeTypeFace.readInfo(face, library: library, path: path)
            if let weight, let axis = info.weightAxis {
                try FreeTypeFace.setWeight(face, library: library, weight: weight.clamped(to: axis), path: path)
            }
        } catch {
            library.lock.withLock { _ = FT_Done_Face(face) }
            throw error
        }
        self.face = face
        self.data = data
        self.info = info
        self.path = path
    }

    deinit {
        let library = FreeTypeLibrary.shared
        library.lock.withLock { _ = FT_Done_Face(face) }
    }

    private static func faceCount(data: FontData) -> Int? {
        let library = FreeTypeLibrary.shared
        var handle: FT_Face?
        // Index -1 asks FreeType only for the number of faces in the file.
        let error = library.lock.withLock {
            FT_New_Memory_Face(
                library.library, data.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                FT_Long(data.bytes.count), -1, &handle)
        }
        guard error == 0, let face = handle else { return nil }
        let count = Int(face.pointee.num_faces)
        library.lock.withLock { _ = FT_Done_Face(face) }
        return count
    }

    private static func describe(_ error: FT_Error) -> String {
        let reasons: [FT_Error: String] = [
            0x02: "unknown file format", 0x03: "invalid file format", 0x04: "invalid version",
            0x08: "invalid table", 0x09: "invalid offset", 0x0A: "array too large",
            0x53: "the file ends early (truncated?)", 0x55: "the file ends early (truncated?)",
            0x8E: "a required table is missing", 0x8F: "the hhea table is missing",
            0x90: "the loca table is missing; the file may be truncated or damaged", 0x91: "the name table is missing",
            0x92: "the cmap table is missing", 0x93: "the hmtx table is missing", 0x94: "the post table is missing",
            0x95: "invalid horizontal metrics", 0x96: "invalid cmap format", 0x98: "invalid vertical metrics",
            0xB9: "corrupted font header", 0xBA: "corrupted glyphs",
            // Glyph loading and rendering: the messages of a damaged glyph.
            0x10: "invalid glyph index", 0x12: "invalid glyph format", 0x13: "FreeType can't render it",
            0x14: "invalid outline", 0x15: "invalid composite glyph", 0x16: "too many hints", 0x62: "raster overflow",
            0x80: "invalid instruction", 0x81: "too few arguments to an instruction", 0x82: "instruction stack overflow",
            0x83: "instruction code overflow", 0x84: "bad instruction argument", 0x85: "division by zero in instructions",
            0x86: "invalid instruction reference", 0x8B: "instructions run too long",
            0xA0: "CFF syntax error", 0xA1: "CFF stack underflow", 0xA4: "glyph too big",
        ]
        return reasons[error] ?? "FreeType error \(error)"
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
            if capHeight == 0 { capHeight = try glyphTop(face, character: 0x48, path: path) }
            if xHeight == 0 { xHeight = try glyphTop(face, character: 0x78, path: path) }
        } else if unitsPerEm <= 0 {
            // Bitmap-only faces without a head table have no design units; use their first
            // strike so that metrics still scale with the requested size.
            unitsPerEm = Double(record.available_sizes?.pointee.height ?? 0)
            if unitsPerEm <= 0 { unitsPerEm = 1 }
            ascender = unitsPerEm * 0.95
            descender = -unitsPerEm * 0.25
            lineGap = 0
        }
        guard unitsPerEm > 0 else { throw TypeLayoutError.notAFont(path: path, reason: "units per em is 0") }
        guard record.num_glyphs > 0 else { throw TypeLayoutError.notAFont(path: path, reason: "it has no glyphs") }
        // FreeType opens such a face, but with no horizontal metrics every glyph advances by 0
        // and the text piles up at the line's start.
        if isScalable, let hhea, hhea.number_Of_HMetrics == 0 {
            throw TypeLayoutError.notAFont(path: path, reason: "its hhea table is damaged (no horizontal metrics)")
        }

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
            isScalable: isScalable, isItalic: record.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0)
    }

    /// The top of a glyph's outline in font units, or 0 when the font lacks the character.
    ///
    /// - Throws: ``TypeLayoutError/damagedGlyph(glyphID:path:reason:)`` when the font has the
    ///   glyph but FreeType can't load it: a measure of 0 would silently misplace every line.
    private static func glyphTop(_ face: FT_Face, character: FT_ULong, path: String) throws -> Double {
        let glyph = FT_Get_Char_Index(face, character)
        guard glyph != 0 else { return 0 }
        let error = FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE))
        guard error == 0 else { throw TypeLayoutError.damagedGlyph(glyphID: glyph, path: path, reason: describe(error)) }
        var box = FT_BBox()
        FT_Outline_Get_CBox(&face.pointee.glyph.pointee.outline, &box)
        return Double(box.yMax)
    }

    private static func setWeight(_ face: FT_Face, library: FreeTypeLibrary, weight: Double, path: String) throws {
        var master: UnsafeMutablePointer<FT_MM_Var>?
        guard FT_Get_MM_Var(face, &master) == 0, let master else { return }
        defer { FT_Done_MM_Var(library.library, master) }
        let count = Int(master.pointee.num_axis)
        let axes = master.pointee.axis!
        var coordinates = (0..<count).map { i -> FT_Fixed in
            axes[i].tag == 0x7767_6874 ? FT_Fixed((weight * 65536).rounded()) : axes[i].def
        }
        let error = FT_Set_Var_Design_Coordinates(face, FT_UInt(count), &coordinates)
        // The axis was read, so the font's variation data (gvar, avar…) is what is damaged.
        guard error == 0 else {
            throw TypeLayoutError.notAFont(path: path, reason: "can't apply weight \(weight.formatted(maxFractionDigits: 2)): \(describe(error))")
        }
    }

    /// Whether the face maps a Unicode scalar to a glyph other than .notdef.
    func glyphIndex(for scalar: UInt32) -> UInt32 {
        lock.withLock { FT_Get_Char_Index(face, FT_ULong(scalar)) }
    }
}

// MARK: - Glyph rendering

extension FreeTypeFace {
    /// Rasterizes a glyph at `pixelsPerEm`, moved right by `subpixelOffset` pixels (0 ..< 1).
    ///
    /// Outlines are loaded unhinted, because the layout positions glyphs with unhinted advances
    /// and hinted outlines would drift from them, and rendered as 8-bit anti-aliased coverage.
    /// Colour glyphs (CBDT bitmaps; COLR v0 layers, which FreeType blends itself) come back as
    /// premultiplied BGRA. A bitmap-only face such as Noto Color Emoji is drawn from its
    /// nearest strike and resampled to `pixelsPerEm`; its offset moves it by whole pixels only.
    /// Glyphs under one pixel per em render as empty. This is FreeType's own rendering
    /// (FT_Render_Glyph) every time; ``GlyphCache`` renders plain outlines' sub-pixel phases
    /// from one ``loadOutline(_:pixelsPerEm:)`` with ``render(_:subpixelOffset:box:into:)``
    /// instead, to the same pixels.
    ///
    /// It leaves the face's size at `pixelsPerEm` (or the strike) and its transform at identity.
    ///
    /// - Throws: ``TypeLayoutError/invalidPointSize(_:)`` for a size that is not finite and
    ///   positive or is beyond FreeType's limit, ``TypeLayoutError/damagedGlyph(glyphID:path:reason:)``
    ///   if FreeType can't load or render the glyph, ``TypeLayoutError/freeType(operation:code:)``
    ///   if another FreeType call fails.
    func renderGlyph(_ glyphID: UInt32, pixelsPerEm: Double, subpixelOffset: Double) throws -> RenderedGlyph {
        // FreeType refuses sizes of 2^16 pixels per em and more.
        guard pixelsPerEm.isFinite, pixelsPerEm > 0, pixelsPerEm < 65_536 else {
            throw TypeLayoutError.invalidPointSize(pixelsPerEm)
        }
        guard pixelsPerEm >= 1 else { return .empty }
        let offset = subpixelOffset.isFinite ? subpixelOffset : 0
        return try lock.withLock { () throws -> RenderedGlyph in
            info.isScalable
                ? try renderOutlineLocked(glyphID, pixelsPerEm: pixelsPerEm, offset: offset)
                : try renderStrikeLocked(glyphID, pixelsPerEm: pixelsPerEm, offset: offset)
        }
    }

    /// The glyph's unhinted outline scaled to `pixelsPerEm`, to render its sub-pixel phases
    /// with ``render(_:subpixelOffset:box:into:)``; nil for what only
    /// ``renderGlyph(_:pixelsPerEm:subpixelOffset:)`` draws: glyphs of colour or bitmap-only
    /// faces, glyphs under one pixel per em, and glyphs that aren't plain outlines.
    ///
    /// - Throws: what ``renderGlyph(_:pixelsPerEm:subpixelOffset:)`` throws.
    func loadOutline(_ glyphID: UInt32, pixelsPerEm: Double) throws -> ScaledOutline? {
        guard pixelsPerEm.isFinite, pixelsPerEm > 0, pixelsPerEm < 65_536 else {
            throw TypeLayoutError.invalidPointSize(pixelsPerEm)
        }
        guard pixelsPerEm >= 1, info.isScalable, !info.hasColorGlyphs else { return nil }
        let size = FT_F26Dot6((pixelsPerEm * 64).rounded())
        return try lock.withLock { try loadOutlineLocked(glyphID, size: size, pixelsPerEm: pixelsPerEm) }
    }

    /// Load flags for drawing: unhinted; colour layers or bitmaps in colour faces; and, in
    /// other scalable faces, no embedded bitmaps (they are hinted for whole-pixel advances and
    /// monochrome, so they would not match the layout).
    private var renderLoadFlags: FT_Int32 {
        var flags = FT_Int32(FT_LOAD_NO_HINTING)
        if info.hasColorGlyphs {
            flags |= FT_Int32(FT_LOAD_COLOR)
        } else if info.isScalable {
            flags |= FT_Int32(FT_LOAD_NO_BITMAP)
        }
        return flags
    }

    /// Caller holds `lock`.
    private func setCharSizeLocked(_ size: FT_F26Dot6) throws {
        guard size != currentCharSize else { return }
        currentCharSize = 0
        let error = FT_Set_Char_Size(face, 0, size, 72, 72)
        guard error == 0 else { throw TypeLayoutError.freeType(operation: "FT_Set_Char_Size", code: error) }
        currentCharSize = size
    }

    /// Caller holds `lock`.
    private func renderOutlineLocked(_ glyphID: UInt32, pixelsPerEm: Double, offset: Double) throws -> RenderedGlyph {
        // A 26.6 character size at 72 dpi is the same number of pixels per em, fractions kept
        // (unhinted loading scales by the exact size, not FreeType's rounded integer ppem).
        let size = FT_F26Dot6((pixelsPerEm * 64).rounded())
        try setCharSizeLocked(size)
        var delta = FT_Vector(x: FT_Pos((offset * 64).rounded()), y: 0)
        FT_Set_Transform(face, nil, &delta)
        // Other users of the face (metrics, bounds) expect untransformed outlines.
        defer { FT_Set_Transform(face, nil, nil) }

        let flags = renderLoadFlags
        var error = try loadAndRenderLocked(glyphID, flags: flags, pixelsPerEm: pixelsPerEm)
        if error != 0, flags & FT_Int32(FT_LOAD_COLOR) != 0 {
            // An SVG glyph (which FreeType can't render without external hooks) or a COLR
            // glyph FreeType can't blend: fall back to the plain outline.
            error = try loadAndRenderLocked(glyphID, flags: flags & ~FT_Int32(FT_LOAD_COLOR), pixelsPerEm: pixelsPerEm)
        }
        guard error == 0 else { throw damagedGlyph(glyphID, error) }
        return try copySlotLocked(scale: 1, offset: 0)
    }

    /// Caller holds `lock`.
    private func renderStrikeLocked(_ glyphID: UInt32, pixelsPerEm: Double, offset: Double) throws -> RenderedGlyph {
        let record = face.pointee
        guard record.num_fixed_sizes > 0, let sizes = record.available_sizes else {
            throw TypeLayoutError.freeType(operation: "FT_Select_Size (the face has no strikes)", code: 0x17)
        }
        // The smallest strike at least as large as asked, else the largest: shrinking keeps
        // detail that enlarging would have to invent.
        var best = 0
        var bestPpem = 0.0
        for i in 0..<Int(record.num_fixed_sizes) {
            let strike = sizes[i]
            let ppem = strike.y_ppem > 0 ? Double(strike.y_ppem) / 64 : Double(strike.height)
            let better = bestPpem == 0
                || (ppem >= pixelsPerEm ? (bestPpem < pixelsPerEm || ppem < bestPpem) : (bestPpem < pixelsPerEm && ppem > bestPpem))
            if better {
                best = i
                bestPpem = ppem
            }
        }
        currentCharSize = 0
        var error = FT_Select_Size(face, FT_Int(best))
        guard error == 0 else { throw TypeLayoutError.freeType(operation: "FT_Select_Size", code: error) }
        error = try loadAndRenderLocked(glyphID, flags: renderLoadFlags, pixelsPerEm: bestPpem)
        guard error == 0 else { throw damagedGlyph(glyphID, error) }
        return try copySlotLocked(scale: bestPpem > 0 ? pixelsPerEm / bestPpem : 1, offset: offset)
    }

    /// The error for a glyph FreeType failed to load or render: the glyph and the font named,
    /// since one bad glyph among good ones would otherwise be a silent hole in the picture.
    private func damagedGlyph(_ glyphID: UInt32, _ error: FT_Error) -> TypeLayoutError {
        .damagedGlyph(glyphID: glyphID, path: path, reason: Self.describe(error))
    }

    /// The most em a glyph's ink may span on a side: far beyond any real glyph (the tallest
    /// stacks and swashes span a few em), so more means damaged outlines.
    static let maximumGlyphEms = 64.0

    /// Loads a glyph into the face's slot and, unless it is a bitmap already, renders it.
    ///
    /// - Throws: ``TypeLayoutError/glyphTooLarge(glyphID:path:width:height:)`` for an outline
    ///   whose ink box is over ``maximumGlyphEms`` or bigger than the largest image: rendering it
    ///   would take seconds and hundreds of megabytes (a damaged font can ask for 22,000 ×
    ///   29,000 pixels at 72 pixels per em), and no canvas could show it.
    private func loadAndRenderLocked(_ glyphID: UInt32, flags: FT_Int32, pixelsPerEm: Double) throws -> FT_Error {
        var error = FT_Load_Glyph(face, glyphID, flags)
        guard error == 0 else { return error }
        let slot = face.pointee.glyph!
        if slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE {
            try checkSize(of: &slot.pointee.outline, glyphID: glyphID, pixelsPerEm: pixelsPerEm)
        }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
            error = FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL)
        }
        return error
    }

    /// Throws ``TypeLayoutError/glyphTooLarge(glyphID:path:width:height:)`` for an outline
    /// whose ink box is too large to render (see ``loadAndRenderLocked(_:flags:pixelsPerEm:)``).
    /// Returns the outline's control box.
    @discardableResult
    private func checkSize(of outline: UnsafeMutablePointer<FT_Outline>, glyphID: UInt32, pixelsPerEm: Double) throws -> FT_BBox {
        var box = FT_BBox()
        FT_Outline_Get_CBox(outline, &box)
        // 26.6 pixels; the rendered bitmap adds at most a pixel on each side.
        let width = (Double(box.xMax) - Double(box.xMin)) / 64 + 2
        let height = (Double(box.yMax) - Double(box.yMin)) / 64 + 2
        let side = min(Self.maximumGlyphEms * pixelsPerEm, Double(RGBAImage.maximumDimension))
        if width > side || height > side || width * height > Double(RGBAImage.maximumByteCount / 4) {
            throw TypeLayoutError.glyphTooLarge(
                glyphID: glyphID, path: path, width: Int(min(width, 1e12).rounded(.up)), height: Int(min(height, 1e12).rounded(.up)))
        }
        return box
    }

    /// A copy of a glyph's unhinted outline at `size`; nil when the glyph isn't a plain
    /// outline (FreeType then renders it as before). Caller holds `lock`.
    private func loadOutlineLocked(_ glyphID: UInt32, size: FT_F26Dot6, pixelsPerEm: Double) throws -> ScaledOutline? {
        try setCharSizeLocked(size)
        FT_Set_Transform(face, nil, nil)
        let error = FT_Load_Glyph(face, glyphID, renderLoadFlags)
        guard error == 0 else { throw damagedGlyph(glyphID, error) }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
        let box = try checkSize(of: &slot.pointee.outline, glyphID: glyphID, pixelsPerEm: pixelsPerEm)
        // Overlapping contours: FreeType's renderer oversamples those, which only
        // FT_Render_Glyph does.
        guard slot.pointee.outline.flags & FT_OUTLINE_OVERLAP == 0 else { return nil }
        return ScaledOutline(copying: &slot.pointee.outline, box: box)
    }

    /// The 26.6 shift of a sub-pixel offset.
    private static func shift(_ subpixelOffset: Double) -> FT_Pos {
        FT_Pos(((subpixelOffset.isFinite ? subpixelOffset : 0) * 64).rounded())
    }

    /// The bitmap a kept outline renders to when moved right by `subpixelOffset` pixels: what
    /// ``render(_:subpixelOffset:box:into:)`` needs room for, known without rendering.
    ///
    /// - Throws: ``TypeLayoutError/freeType(operation:code:)`` for a box FreeType can't render.
    static func bitmapBox(of outline: ScaledOutline, subpixelOffset: Double) throws -> GlyphBitmapBox {
        try bitmapBox(of: outline, shift: shift(subpixelOffset))
    }

    /// The box FT_Render_Glyph would use (ft_glyphslot_preset_bitmap: the control box,
    /// outwards to whole pixels).
    private static func bitmapBox(of outline: ScaledOutline, shift: FT_Pos) throws -> GlyphBitmapBox {
        let box = outline.box
        // Floor and ceiling in whole pixels (`>>` floors negative values too).
        let xMin = (box.xMin + shift) >> 6, xMax = (box.xMax + shift + 63) >> 6
        let yMin = box.yMin >> 6, yMax = (box.yMax + 63) >> 6
        // FreeType refuses these with Raster_Overflow.
        guard xMin >= -0x8000, xMax <= 0x7FFF, yMin >= -0x8000, yMax <= 0x7FFF else {
            throw TypeLayoutError.freeType(operation: "FT_Load_Glyph/FT_Render_Glyph", code: 0x62)
        }
        return GlyphBitmapBox(left: Int(xMin), top: Int(yMax), width: max(0, Int(xMax - xMin)), rows: max(0, Int(yMax - yMin)))
    }

    /// Renders a kept outline moved right by `subpixelOffset` pixels into `destination`, which
    /// holds `box` (from ``bitmapBox(of:subpixelOffset:)``) zeroed, rows `box.width` apart:
    /// the pixels of FT_Render_Glyph for the glyph loaded with that shift as its transform.
    ///
    /// - Throws: ``TypeLayoutError/freeType(operation:code:)`` if FreeType fails.
    func render(_ outline: ScaledOutline, subpixelOffset: Double, box: GlyphBitmapBox, into destination: UnsafeMutablePointer<UInt8>) throws {
        guard box.width > 0, box.rows > 0 else { return }
        // The outline's own lock, not the face's: rendering reads nothing of the face, so two
        // threads rasterize glyphs of one face at once (a contact sheet's cells) and hold the
        // face's lock only to load outlines. FreeType 2.12's smooth rasterizer keeps its working
        // state on the caller's stack, and FT_Outline_Get_Bitmap only reads the library's
        // renderer list, which faces being made or freed (under the library's lock) don't change.
        try outline.withLock { try renderLocked(outline, shift: Self.shift(subpixelOffset), box: box, into: destination) }
    }

    /// The same rasterizer as FT_Render_Glyph (FT_Outline_Get_Bitmap uses the smooth
    /// renderer's), the same coordinates (FT_Load_Glyph's transform adds the shift to each
    /// point; so does FT_Outline_Translate). Caller holds the outline's lock.
    private func renderLocked(_ outline: ScaledOutline, shift: FT_Pos, box: GlyphBitmapBox, into destination: UnsafeMutablePointer<UInt8>) throws {
        var bitmap = FT_Bitmap()
        bitmap.rows = UInt32(box.rows)
        bitmap.width = UInt32(box.width)
        bitmap.pitch = Int32(box.width)
        bitmap.buffer = destination
        bitmap.num_grays = 256
        bitmap.pixel_mode = UInt8(FT_PIXEL_MODE_GRAY.rawValue)
        // Bitmap rows run from the top; FreeType's y axis points up, with row 0 at yMax.
        let dx = shift - FT_Pos(box.left) * 64, dy = -(FT_Pos(box.top) - FT_Pos(box.rows)) * 64
        // Left where it is for the next phase, which moves it on from there: integer moves
        // are exact, so the points are always the loaded ones plus `offset`, and one pass
        // over the points per phase is saved.
        let kept = outline.storage
        if dx != kept.pointee.offset.x || dy != kept.pointee.offset.y {
            FT_Outline_Translate(&kept.pointee.outline, dx - kept.pointee.offset.x, dy - kept.pointee.offset.y)
            kept.pointee.offset = FT_Vector(x: dx, y: dy)
        }
        let error = FT_Outline_Get_Bitmap(FreeTypeLibrary.shared.library, &kept.pointee.outline, &bitmap)
        guard error == 0 else { throw TypeLayoutError.freeType(operation: "FT_Outline_Get_Bitmap", code: error) }
    }

    /// Copies the slot's bitmap out of FreeType, resampled by `scale` (1 for outlines) with its
    /// bearings, and moved right by `offset` rounded to whole pixels.
    private func copySlotLocked(scale: Double, offset: Double) throws -> RenderedGlyph {
        let slot = face.pointee.glyph!.pointee
        var bitmap = slot.bitmap
        let width = Int(bitmap.width), rows = Int(bitmap.rows)
        guard width > 0, rows > 0, bitmap.buffer != nil else { return .empty }

        let image: RenderedGlyph.Image
        switch bitmap.pixel_mode {
        case UInt8(FT_PIXEL_MODE_BGRA.rawValue):
            let bytes = packedRows(bitmap.buffer, rowBytes: width * 4, rows: rows, pitch: Int(bitmap.pitch))
            image = .color(try PremultipliedBitmap(width: width, height: rows, format: .bgra, bytes: bytes))
        case UInt8(FT_PIXEL_MODE_GRAY.rawValue) where bitmap.num_grays == 256:
            let bytes = packedRows(bitmap.buffer, rowBytes: width, rows: rows, pitch: Int(bitmap.pitch))
            image = .coverage(try CoverageMask(width: width, height: rows, bytes: bytes))
        default:
            // Monochrome or 2- and 4-bit strikes: FreeType converts them to one byte a pixel
            // holding 0 ..< num_grays, which we stretch to 0...255.
            var converted = FT_Bitmap()
            FT_Bitmap_Init(&converted)
            defer { FT_Bitmap_Done(FreeTypeLibrary.shared.library, &converted) }
            let error = FT_Bitmap_Convert(FreeTypeLibrary.shared.library, &bitmap, &converted, 1)
            guard error == 0, converted.num_grays > 1 else {
                throw TypeLayoutError.freeType(operation: "FT_Bitmap_Convert", code: error)
            }
            var bytes = packedRows(converted.buffer, rowBytes: width, rows: rows, pitch: Int(converted.pitch))
            let top = UInt32(converted.num_grays - 1)
            for i in bytes.indices { bytes[i] = UInt8(min(255, (UInt32(bytes[i]) * 255 + top / 2) / top)) }
            image = .coverage(try CoverageMask(width: width, height: rows, bytes: bytes))
        }

        let left = Int(slot.bitmap_left), top = Int(slot.bitmap_top)
        guard scale != 1 || offset.rounded() != 0 else { return RenderedGlyph(image: image, left: left, top: top) }
        return try RenderedGlyph(image: image, left: left, top: top).resampled(by: scale, shift: Int(offset.rounded()))
    }
}

// MARK: - Kept outlines

/// A glyph's outline scaled to a size, from ``FreeTypeFace/loadOutline(_:pixelsPerEm:)``, for
/// the caller to keep and pass back. Opaque outside this file; read and moved (and moved
/// back) only under its own lock, which is what makes sharing it safe.
final class ScaledOutline: @unchecked Sendable {
    /// The outline, how far rendering has moved it and the lock rendering holds, in one
    /// allocation with its points, contours and tags (FT_Outline_New would make three more, a
    /// ``PlainLock`` two, and a stored `var` would be checked for exclusive access at every
    /// use); freed with the object.
    fileprivate struct Storage {
        var outline: FT_Outline
        /// How far rendering has moved `outline` from where it was loaded.
        var offset: FT_Vector
        /// Held while rendering moves and reads the points (a pthread mutex, which
        /// ThreadSanitizer understands; see ``Lock``).
        var mutex: pthread_mutex_t
    }

    fileprivate let storage: UnsafeMutablePointer<Storage>
    /// The loaded outline's control box, for every phase's bitmap box (rendering moves the
    /// outline by whole 26.6 units, exactly, so the box moves with it by `offset`).
    fileprivate let box: FT_BBox

    fileprivate init(copying source: UnsafeMutablePointer<FT_Outline>, box: FT_BBox) {
        self.box = box
        let points = Int(source.pointee.n_points), contours = Int(source.pointee.n_contours)
        // Storage, then points (8-byte aligned after it), contours (shorts), tags (bytes).
        let pointsAt = MemoryLayout<Storage>.stride
        let contoursAt = pointsAt + points * MemoryLayout<FT_Vector>.stride
        let tagsAt = contoursAt + contours * MemoryLayout<Int16>.stride
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: tagsAt + points, alignment: max(MemoryLayout<Storage>.alignment, MemoryLayout<FT_Vector>.alignment))
        var outline = FT_Outline()
        outline.n_points = source.pointee.n_points
        outline.n_contours = source.pointee.n_contours
        outline.points = (raw + pointsAt).bindMemory(to: FT_Vector.self, capacity: points)
        outline.contours = (raw + contoursAt).bindMemory(to: Int16.self, capacity: contours)
        outline.tags = (raw + tagsAt).bindMemory(to: CChar.self, capacity: points)
        if points > 0 {
            outline.points.initialize(from: source.pointee.points, count: points)
            outline.tags.initialize(from: source.pointee.tags, count: points)
        }
        if contours > 0 { outline.contours.initialize(from: source.pointee.contours, count: contours) }
        // As FT_Outline_Copy, less ownership: FreeType must never free these arrays.
        outline.flags = source.pointee.flags & ~Int32(FT_OUTLINE_OWNER)
        storage = raw.bindMemory(to: Storage.self, capacity: 1)
        storage.initialize(to: Storage(outline: outline, offset: FT_Vector(x: 0, y: 0), mutex: pthread_mutex_t()))
        let status = pthread_mutex_init(mutex, nil)
        // Fails only without memory; nothing could be protected then.
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    /// The mutex inside `storage`, at a stable address as a pthread mutex needs.
    private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        (UnsafeMutableRawPointer(storage) + MemoryLayout<Storage>.offset(of: \Storage.mutex)!)
            .assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// Runs `body` while holding the outline's lock.
    fileprivate func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    deinit {
        pthread_mutex_destroy(mutex)
        storage.deinitialize(count: 1)
        UnsafeMutableRawPointer(storage).deallocate()
    }
}
