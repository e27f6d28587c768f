/// Picks the face each grapheme cluster is drawn with: the run's own face when it has every
/// character, else the first face of the label's chain that does, else fontconfig's best match
/// on the system, else the run's face (its .notdef box shows what is missing).
///
/// Emoji presentation goes to a colour face: a cluster that starts with an Emoji_Presentation
/// character, or has U+FE0F, is looked up in colour faces first. Digits, `#` and `*` are emoji
/// only with U+FE0F (keycaps), so "#1" stays in the text face.
///
/// A fallback face keeps the run's weight and slant where it can: a variable chain face is
/// loaded at the run's weight, and fontconfig is asked for the run's weight (or the nearest
/// heavier) and slant, so a semibold headline's Bengali is not drawn regular.
enum FontFallback {
    /// The bundled faces tried after a run's own face: colour emoji, Arabic, Hebrew, Japanese.
    /// The Japanese face comes last because it also covers Hebrew and other scripts less well
    /// than their own faces. Loaded once, when a label first needs them.
    static let bundledChain = BundledChain(directory: BundledFonts.directory)

    /// The bundled chain's files, each loaded or with why it couldn't be.
    struct BundledChain: Sendable {
        static let fileNames = [
            "NotoColorEmoji.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf", "VL-PGothic-Regular.ttf",
        ]

        let loads: [Result<FontFace, TypeLayoutError>]

        init(directory: String) {
            loads = Self.fileNames.map { name in
                let path = directory + "/" + name
                do {
                    return .success(try FontFace.load(path: path))
                } catch {
                    return .failure(.bundledFallbackFontUnavailable(path: path, reason: "\(error)"))
                }
            }
        }

        /// The faces that loaded, in chain order.
        var faces: [FontFace] { loads.compactMap { try? $0.get() } }

        /// Why each face that didn't load failed.
        var errors: [TypeLayoutError] {
            loads.compactMap { if case .failure(let error) = $0 { error } else { nil } }
        }

        /// The first face that passes `test`. A face that didn't load, met before one that
        /// passes, is an error: it might have been the answer, so skipping it could draw the
        /// label with the wrong face without a word.
        func firstFace(where test: (FontFace) -> Bool) throws -> FontFace? {
            for load in loads {
                if try test(load.get()) { return try load.get() }
            }
            return nil
        }
    }

    /// The face for one cluster, at the run's weight and slant where the chosen face allows:
    /// a variable chain face is loaded at the run's weight, and fontconfig is asked for the
    /// run's weight (or the nearest heavier) and slant.
    ///
    /// - Throws: ``TypeLayoutError/bundledFallbackFontUnavailable(path:reason:)`` when the
    ///   bundled chain is consulted and a face of it that can't be loaded comes before the answer.
    static func face(
        for cluster: [Unicode.Scalar], primary: FontFace, style: ParagraphStyle
    ) throws -> FontFace {
        // Most clusters outside ASCII are one character (an accented letter, a kana, an Arabic
        // letter): their answer, a pure function of the character, the face and the chain, is
        // kept. Looking it up again took a tenth of an audit's instructions (Unicode property
        // lookups and a character-map lookup per face tried).
        guard cluster.count == 1 else { return try uncachedFace(for: cluster, primary: primary, style: style) }
        return try face(for: cluster[0], primary: primary, style: style)
    }

    /// ``face(for:primary:style:)`` for a cluster of one character.
    static func face(for scalar: Unicode.Scalar, primary: FontFace, style: ParagraphStyle) throws -> FontFace {
        guard style.hasDefaultFallbackChain else { return try uncachedFace(for: [scalar], primary: primary, style: style) }
        // Keyed by the face's serial, not its address: faces made from data come and go (a
        // fuzzer's thousands), and a new face at a freed one's address must not match.
        let key = SingleCharacter(face: primary.serial, scalar: scalar.value, systemFallback: style.usesSystemFallback)
        if let known = singleCharacterFaces.withLock({ $0[key] }) { return known ?? primary }
        let face = try uncachedFace(for: [scalar], primary: primary, style: style)
        singleCharacterFaces.withLock { known in
            if known.count >= 65_536 { known.removeAll(keepingCapacity: true) }
            known[key] = face === primary ? .some(nil) : face
        }
        return face
    }

    private struct SingleCharacter: Hashable {
        let face: UInt64
        let scalar: UInt32
        let systemFallback: Bool

        /// One word for the hasher (the three fields packed: serials stay far below 2^42 and
        /// scalars below 2^21), not three: this memo is asked for every character outside ASCII.
        func hash(into hasher: inout Hasher) {
            hasher.combine(face << 22 ^ UInt64(scalar) << 1 ^ (systemFallback ? 1 : 0))
        }
    }

    /// Faces chosen for one-character clusters under the default chain: nil when the run's own
    /// face has the character, else the face chosen (a bundled or system face, which stay).
    private static let singleCharacterFaces = Lock<[SingleCharacter: FontFace?]>([:])

    private static func uncachedFace(
        for cluster: [Unicode.Scalar], primary: FontFace, style: ParagraphStyle
    ) throws -> FontFace {
        let needed = cluster.filter { !isIgnorable($0) }
        if needed.isEmpty { return primary }
        let weight = primary.weight
        if wantsEmojiPresentation(cluster) {
            if primary.hasColorGlyphs && covers(primary, needed) { return primary }
            if let emoji = try style.firstFallbackFace(where: { $0.hasColorGlyphs && covers($0, needed) }) {
                return emoji.atWeight(weight)
            }
        }
        if covers(primary, needed) { return primary }
        if let face = try style.firstFallbackFace(where: { covers($0, needed) }) { return face.atWeight(weight) }
        if style.usesSystemFallback, let first = needed.first,
           let face = SystemFonts.face(for: first.value, weight: weight, italic: primary.isItalic), covers(face, needed) {
            return face
        }
        // No face has every character: prefer one with the base character.
        if let base = needed.first {
            if primary.hasGlyph(for: base) { return primary }
            if let face = try style.firstFallbackFace(where: { $0.hasGlyph(for: base) }) { return face.atWeight(weight) }
        }
        return primary
    }

    private static func covers(_ face: FontFace, _ scalars: [Unicode.Scalar]) -> Bool {
        scalars.allSatisfy(face.hasGlyph(for:))
    }

    /// Characters a face need not have: joiners, variation selectors and other invisibles that
    /// shaping consumes.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isDefaultIgnorableCodePoint || scalar.properties.generalCategory == .control
    }

    static func wantsEmojiPresentation(_ cluster: [Unicode.Scalar]) -> Bool {
        guard let first = cluster.first else { return false }
        if cluster.contains("\u{FE0F}") { return true }
        if cluster.contains("\u{FE0E}") { return false }
        // Keycap bases (digits, # and *) have Emoji but not Emoji_Presentation.
        return first.properties.isEmojiPresentation
            || (first.properties.isEmoji && cluster.contains { $0.properties.isEmojiModifier || $0 == "\u{200D}" })
    }
}
