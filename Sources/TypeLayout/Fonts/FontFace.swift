import Synchronization

/// A font file loaded with FreeType: one face of a TTF, OTF (CFF), TTC or variable font, at one
/// weight, with its vertical metrics read from the file.
///
/// Faces are immutable and shared: ``load(path:faceIndex:weight:)`` returns the same instance
/// for the same file, index and weight, so a label laid out at twelve sizes reads its font once.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// The file the face was loaded from.
    public let path: String
    /// The face's index in a collection (0 for a single-face file).
    public let faceIndex: Int
    /// The weight the face is drawn at: the applied `wght` for a variable font, the OS/2
    /// weight class otherwise.
    public let weight: FontWeight
    /// Whether the requested weight lay outside a variable font's `wght` axis and was clamped.
    public let weightWasClamped: Bool
    /// The `wght` axis range of a variable font, `nil` for a static face.
    public let weightAxis: ClosedRange<Double>?
    /// Whether the face is italic or oblique (the font's own style bits): font fallback looks
    /// for a slanted face for a slanted run.
    public let isItalic: Bool
    /// The family name from the font's name table (e.g. "Gillius ADF").
    public let familyName: String
    /// The style name from the font's name table (e.g. "Regular").
    public let styleName: String
    /// Design units per em.
    public let unitsPerEm: Double
    /// How many faces the file holds (more than 1 for a TTC).
    public let faceCount: Int
    /// Whether the face carries colour glyphs (CBDT, sbix or COLR).
    public let hasColorGlyphs: Bool
    /// Whether the vertical metrics come from OS/2's typo values (USE_TYPO_METRICS set) rather
    /// than from hhea, the two sources CoreText uses.
    public let usesTypoMetrics: Bool

    /// This face's number among all faces this process has made, never reused: memos keyed by
    /// it need no reference to the face (a weak one would put every retain and release of the
    /// face on the runtime's slow path) and can't mistake a new face at a freed one's address.
    let serial: UInt64
    private static let madeCount = Atomic<UInt64>(0)

    let freeType: FreeTypeFace
    /// The HarfBuzz font over the same bytes, at one unit per font unit.
    let harfBuzz: HarfBuzzFont
    /// Ascender, descender, line gap, cap and x height in font units.
    let unitMetrics: (ascender: Double, descender: Double, lineGap: Double, capHeight: Double, xHeight: Double)
    /// Which of U+0000 … U+007F the face has a glyph for (bit n of word n / 64), read once so
    /// that font fallback answers ASCII without a locked cmap lookup.
    private let asciiCoverage: (UInt64, UInt64)

    private convenience init(path: String, faceIndex: Int, weight: FontWeight?) throws {
        try self.init(data: FontData.read(path: path), path: path, faceIndex: faceIndex, weight: weight)
    }

    /// A face over bytes already read, outside the cache: the font fuzzer loads thousands of
    /// mutated fonts under one name, which the cache (keyed by path, never emptied) must not keep.
    init(data: FontData, path: String, faceIndex: Int, weight: FontWeight?) throws {
        // A NaN weight would reach FreeType's fixed-point axis coordinates, where converting it traps.
        if let weight, !weight.rawValue.isFinite { throw TypeLayoutError.invalidFontWeight(weight.rawValue) }
        try FontFileCheck.check(UnsafeRawBufferPointer(data.bytes), faceIndex: faceIndex, path: path)
        let freeType = try FreeTypeFace(data: data, index: faceIndex, path: path, weight: weight?.rawValue)
        let info = freeType.info
        self.path = path
        self.faceIndex = faceIndex
        serial = Self.madeCount.add(1, ordering: .relaxed).newValue
        self.freeType = freeType
        familyName = info.familyName
        styleName = info.styleName
        isItalic = info.isItalic
        unitsPerEm = info.unitsPerEm
        faceCount = info.faceCount
        hasColorGlyphs = info.hasColorGlyphs
        usesTypoMetrics = info.usesTypoMetrics
        weightAxis = info.weightAxis
        if let axis = info.weightAxis {
            let requested = weight?.rawValue ?? 400
            let applied = requested.clamped(to: axis)
            self.weight = FontWeight(rawValue: applied)
            weightWasClamped = applied != requested
        } else {
            self.weight = FontWeight(rawValue: info.weightClass)
            weightWasClamped = false
        }
        unitMetrics = (info.ascender, info.descender, info.lineGap, info.capHeight, info.xHeight)
        var coverage: (UInt64, UInt64) = (0, 0)
        for scalar in UInt32(0)..<128 where freeType.glyphIndex(for: scalar) != 0 {
            if scalar < 64 { coverage.0 |= 1 << UInt64(scalar) } else { coverage.1 |= 1 << UInt64(scalar - 64) }
        }
        asciiCoverage = coverage
        harfBuzz = HarfBuzzFont(
            data: data, faceIndex: faceIndex, unitsPerEm: info.unitsPerEm,
            weight: info.weightAxis == nil ? nil : self.weight.rawValue)
        // FreeType makes up a character map from glyph names when the cmap table is missing or
        // empty, but HarfBuzz, which shapes, does not: every character would become .notdef.
        guard harfBuzz.mapsAnyCharacter else {
            throw TypeLayoutError.notAFont(path: path, reason: "it has no usable character map (cmap table)")
        }
    }

    private struct CacheKey: Hashable {
        let path: String
        let faceIndex: Int
        let weight: Double?
    }

    /// The loaded faces, and the last few asked for, compared before the table is hashed: a
    /// text resolves its fonts at each layout, mostly the same two or three faces, and hashing
    /// the path was most of a font's resolution.
    private struct Cache {
        var faces: [CacheKey: FontFace] = [:]
        var recent: [(key: CacheKey, face: FontFace)] = []

        mutating func face(for key: CacheKey) -> FontFace? {
            for entry in recent where entry.key == key { return entry.face }
            guard let face = faces[key] else { return nil }
            remember(key, face)
            return face
        }

        mutating func remember(_ key: CacheKey, _ face: FontFace) {
            if recent.count == 4 { recent.removeFirst() }
            recent.append((key, face))
        }
    }

    private static let cache = Lock(Cache())

    /// Loads (or returns the already loaded) face `faceIndex` of the font file at `path`.
    ///
    /// - Parameters:
    ///   - path: a TTF, OTF or TTC file.
    ///   - faceIndex: the face within a collection (TTC); 0 for a single-face file.
    ///   - weight: for a variable font, the `wght` value to apply (clamped to the axis, see
    ///     ``weightWasClamped``); ignored by static faces.
    /// - Throws: ``TypeLayoutError/fileNotFound(path:)``, ``TypeLayoutError/unreadableFile(path:reason:)``,
    ///   ``TypeLayoutError/notAFont(path:reason:)``, ``TypeLayoutError/damagedFont(path:reason:)``
    ///   for a file cut short (a table past its end), ``TypeLayoutError/damagedGlyph(glyphID:path:reason:)``
    ///   when a glyph read at load (H or x, for cap and x height) fails,
    ///   ``TypeLayoutError/faceIndexOutOfRange(path:index:faceCount:)``
    ///   or ``TypeLayoutError/invalidFontWeight(_:)`` for a weight that is not finite.
    public static func load(path: String, faceIndex: Int = 0, weight: FontWeight? = nil) throws -> FontFace {
        guard faceIndex >= 0 else {
            throw TypeLayoutError.faceIndexOutOfRange(path: path, index: faceIndex, faceCount: 0)
        }
        let key = CacheKey(path: path, faceIndex: faceIndex, weight: weight?.rawValue)
        if let cached = cache.withLock({ $0.face(for: key) }) { return cached }
        // Loading happens outside the cache lock; two racing loads of one file both succeed
        // and the first stored wins, which keeps the lock short.
        let face = try FontFace(path: path, faceIndex: faceIndex, weight: weight)
        return cache.withLock { cache in
            if let winner = cache.faces[key] { return winner }
            cache.faces[key] = face
            cache.remember(key, face)
            return face
        }
    }

    /// This face at another weight: the same file loaded at `weight` for a variable font with a
    /// `wght` axis, `self` for a static face (its weight is fixed) or a face already at it.
    /// Font fallback draws a bold run's fallback characters with a variable face made bold.
    func atWeight(_ weight: FontWeight) -> FontFace {
        guard let axis = weightAxis, self.weight.rawValue != weight.rawValue.clamped(to: axis) else { return self }
        return (try? FontFace.load(path: path, faceIndex: faceIndex, weight: weight)) ?? self
    }

    /// The face's vertical metrics at a point size, unrounded, in points.
    ///
    /// - Throws: ``TypeLayoutError/invalidPointSize(_:)`` for a size that is not finite and positive.
    public func metrics(atPointSize pointSize: Double) throws -> FaceMetrics {
        guard pointSize.isFinite, pointSize > 0 else { throw TypeLayoutError.invalidPointSize(pointSize) }
        return FaceMetrics(face: self, pointSize: pointSize)
    }

    /// Whether the face has a glyph for the Unicode scalar.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 128 { return hasASCIIGlyph(UInt16(value)) }
        return freeType.glyphIndex(for: value) != 0
    }

    /// Whether the face has a glyph for the ASCII code unit `unit` (< 128), from the bitmap
    /// made at load: the itemizer's per-character question for most labels.
    @inline(__always)
    func hasASCIIGlyph(_ unit: UInt16) -> Bool {
        unit < 64 ? asciiCoverage.0 >> UInt64(unit) & 1 != 0 : asciiCoverage.1 >> UInt64(unit & 63) & 1 != 0
    }

    /// Faces are equal when they are the same file, index and weight.
    public static func == (lhs: FontFace, rhs: FontFace) -> Bool {
        lhs === rhs || (lhs.path == rhs.path && lhs.faceIndex == rhs.faceIndex && lhs.weight == rhs.weight)
    }

    /// Hashes the file, index and weight.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(faceIndex)
        hasher.combine(weight)
    }

    /// "Family Style (path)".
    public var description: String { "\(familyName) \(styleName) (\(path))" }
}

/// A face's vertical metrics at one point size, in points, unrounded (FreeType's own
/// `size->metrics` are rounded to whole pixels and would distort Dynamic Type ratios).
public struct FaceMetrics: Sendable, Hashable {
    /// The size these metrics are for.
    public let pointSize: Double
    /// Distance from the baseline up to the top of the line box (positive).
    public let ascender: Double
    /// Distance from the baseline down to the bottom of the line box (negative, as in the font).
    public let descender: Double
    /// The font's recommended extra space between lines (its line gap).
    public let leading: Double
    /// Height of capital letters above the baseline.
    public let capHeight: Double
    /// Height of lowercase x above the baseline.
    public let xHeight: Double
    /// Design units per em of the face.
    public let unitsPerEm: Double

    init(face: FontFace, pointSize: Double) {
        // Multiply before dividing: 750 × 36 / 1000 is exactly 27, 750 × (36 / 1000) is not.
        let upem = face.unitsPerEm
        self.pointSize = pointSize
        ascender = face.unitMetrics.ascender * pointSize / upem
        descender = face.unitMetrics.descender * pointSize / upem
        leading = face.unitMetrics.lineGap * pointSize / upem
        capHeight = face.unitMetrics.capHeight * pointSize / upem
        xHeight = face.unitMetrics.xHeight * pointSize / upem
        unitsPerEm = face.unitsPerEm
    }

    /// Ascender − descender: the height of one line's box without the gap.
    public var lineHeight: Double { ascender - descender }

    /// lineHeight + leading: the distance from one line's baseline to the next, which Dynamic
    /// Type ratios compare. (``leading`` is only the gap, as `UIFont.leading` is, and
    /// ``ParagraphStyle/lineSpacing`` only the extra space a paragraph adds, as in
    /// `NSParagraphStyle`.)
    public var baselineToBaseline: Double { lineHeight + leading }
}
