import CFontconfig

// The only file that calls fontconfig: system font lookup by character (fallback) and by family
// name (the CLI's `--font "Gillius ADF"`).

/// Fonts installed on the system, found with fontconfig.
public enum SystemFonts {
    private final class Config: @unchecked Sendable {
        let config: OpaquePointer?
        init() { config = FcInitLoadConfigAndFonts() }
    }

    // fontconfig's config object is not documented as thread-safe for concurrent matching:
    // one lock serializes every query (they are rare: only for characters no chain face has).
    private static let shared = Lock<Config?>(nil)
    // Keyed by weight and slant too: a regular and a bold run must not share a fallback face.
    private static let characterCache = Lock<[FallbackKey: FontFace?]>([:])

    private struct FallbackKey: Hashable {
        let scalar: UInt32
        let weight: Double
        let italic: Bool
    }

    private static func withConfig<R>(_ body: (OpaquePointer) -> R?) -> R? {
        shared.withLock { config in
            if config == nil { config = Config() }
            guard let handle = config?.config else { return nil }
            return body(handle)
        }
    }

    /// The file and face index of fontconfig's best match for a family name and weight, if
    /// an installed family has that name (fontconfig's substitutes for unknown names don't count).
    public static func file(forFamily family: String, weight: FontWeight? = nil) -> (path: String, faceIndex: Int)? {
        withConfig { config in
            guard let pattern = FcPatternCreate() else { return nil }
            defer { FcPatternDestroy(pattern) }
            FcPatternAddString(pattern, FC_FAMILY, family)
            if let weight {
                FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(weight.rawValue.rounded())))
            }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            var matchedFamily: UnsafeMutablePointer<FcChar8>?
            var index: Int32 = 0
            while FcPatternGetString(match, FC_FAMILY, index, &matchedFamily) == FcResultMatch {
                if let matchedFamily, String(cString: matchedFamily).lowercased() == family.lowercased() {
                    return file(of: match)
                }
                index += 1
            }
            return nil
        }
    }

    /// The installed face with a glyph for the scalar that best keeps a run's weight and slant,
    /// or `nil`.
    ///
    /// fontconfig is asked for the weight and slant, and its sorted list is then read with a
    /// rule its distance score lacks: a face of the run's slant if any has the character, and
    /// of those the first family with a face at the weight or heavier, at its nearest heavier
    /// face (fontconfig would take a lighter face that is nearer). When nothing is that heavy,
    /// the heaviest face that has it, not fontconfig's first (which can be a lighter face of a
    /// family its configuration prefers). A variable face is loaded at the weight.
    static func face(for scalar: UInt32, weight: FontWeight = .regular, italic: Bool = false) -> FontFace? {
        let key = FallbackKey(scalar: scalar, weight: weight.rawValue, italic: italic)
        if let cached = characterCache.withLock({ $0[key] }) { return cached }
        let candidates: [Candidate] = withConfig { config in
            guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcCharSetDestroy(charset)
            }
            FcCharSetAddChar(charset, scalar)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(weight.rawValue))
            FcPatternAddInteger(pattern, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            // Untrimmed: trimming drops every face that adds no characters to those before it,
            // such as a family's bold after its regular.
            guard let fonts = FcFontSort(config, pattern, FcFalse, nil, &result) else { return nil }
            defer { FcFontSetDestroy(fonts) }
            return (0..<Int(fonts.pointee.nfont)).compactMap { index in
                fonts.pointee.fonts[index].flatMap { candidate($0, covering: scalar) }
            }
        } ?? []
        let face = choose(from: candidates, weight: weight.rawValue, italic: italic).flatMap { chosen in
            // A named instance's index carries the instance in its upper 16 bits; the face
            // itself is loaded and set to the run's weight instead.
            (try? FontFace.load(path: chosen.path, faceIndex: chosen.faceIndex & 0xFFFF))?.atWeight(weight)
        }
        characterCache.withLock { $0[key] = face }
        return face
    }

    /// A face from fontconfig's list, its weight on the OpenType scale (a range for a variable face).
    struct Candidate: Equatable {
        let path: String
        let faceIndex: Int
        let family: String
        let weights: ClosedRange<Double>
        let isSlanted: Bool
    }

    /// The run's slant if any candidate has it; then the first family (in fontconfig's order)
    /// with a face at `weight` or heavier, at its lightest such face; else the heaviest face
    /// (the first of equals in fontconfig's order).
    static func choose(from candidates: [Candidate], weight: Double, italic: Bool) -> Candidate? {
        let sameSlant = candidates.filter { $0.isSlanted == italic }
        let pool = sameSlant.isEmpty ? candidates : sameSlant
        guard let heavier = pool.first(where: { $0.weights.upperBound >= weight }) else {
            return pool.reduce(nil) { heaviest, candidate in
                guard let heaviest else { return candidate }
                return candidate.weights.upperBound > heaviest.weights.upperBound ? candidate : heaviest
            }
        }
        // min(by:) keeps the first of equals, so fontconfig's order breaks ties.
        return pool.filter { $0.family == heavier.family && $0.weights.upperBound >= weight }
            .min { max($0.weights.lowerBound, weight) < max($1.weights.lowerBound, weight) }
    }

    /// The candidates fontconfig makes of one font file (a variable font's named instances and
    /// the variable face itself), as it would list them once installed: for tests, which can't
    /// install a variable font on the system.
    static func candidates(inFile path: String, covering scalar: UInt32) -> [Candidate] {
        guard let fonts = FcFontSetCreate() else { return [] }
        defer { FcFontSetDestroy(fonts) }
        var count: Int32 = 0
        _ = FcFreeTypeQueryAll(path, UInt32.max, nil, &count, fonts)
        return (0..<Int(fonts.pointee.nfont)).compactMap { index in
            fonts.pointee.fonts[index].flatMap { candidate($0, covering: scalar) }
        }
    }

    /// The candidate a sorted pattern describes, if it has a glyph for the scalar.
    private static func candidate(_ pattern: OpaquePointer, covering scalar: UInt32) -> Candidate? {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch,
              FcCharSetHasChar(charset, scalar) != 0, let file = file(of: pattern) else { return nil }
        var family: UnsafeMutablePointer<FcChar8>?
        _ = FcPatternGetString(pattern, FC_FAMILY, 0, &family)
        var weights = 400.0...400.0
        var weight = 0.0
        var range: OpaquePointer?
        if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) == FcResultMatch {
            let openType = FcWeightToOpenTypeDouble(weight)
            weights = openType...openType
        } else if FcPatternGetRange(pattern, FC_WEIGHT, 0, &range) == FcResultMatch {
            // A variable face lists its `wght` axis as a range.
            var begin = 0.0, end = 0.0
            if FcRangeGetDouble(range, &begin, &end) != 0 {
                weights = FcWeightToOpenTypeDouble(begin)...max(FcWeightToOpenTypeDouble(begin), FcWeightToOpenTypeDouble(end))
            }
        }
        var slant: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        return Candidate(path: file.path, faceIndex: file.faceIndex, family: family.map { String(cString: $0) } ?? "",
                         weights: weights, isSlanted: slant != FC_SLANT_ROMAN)
    }

    private static func file(of pattern: OpaquePointer) -> (path: String, faceIndex: Int)? {
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return (String(cString: path), Int(index))
    }
}
