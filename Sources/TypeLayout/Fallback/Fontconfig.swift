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
    private static let characterCache = Lock<[UInt32: FontFace?]>([:])

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

    /// fontconfig's best installed face that has a glyph for the scalar, or `nil`.
    static func face(for scalar: UInt32) -> FontFace? {
        if let cached = characterCache.withLock({ $0[scalar] }) { return cached }
        let file: (path: String, faceIndex: Int)? = withConfig { config in
            guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
            defer {
                FcPatternDestroy(pattern)
                FcCharSetDestroy(charset)
            }
            FcCharSetAddChar(charset, scalar)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            guard let match = FcFontMatch(config, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            var matchCharset: OpaquePointer?
            guard FcPatternGetCharSet(match, FC_CHARSET, 0, &matchCharset) == FcResultMatch,
                  FcCharSetHasChar(matchCharset, scalar) != 0 else { return nil }
            return Self.file(of: match)
        }
        let face = file.flatMap { try? FontFace.load(path: $0.path, faceIndex: $0.faceIndex) }
        characterCache.withLock { $0[scalar] = face }
        return face
    }

    private static func file(of pattern: OpaquePointer) -> (path: String, faceIndex: Int)? {
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        return (String(cString: path), Int(index))
    }
}
