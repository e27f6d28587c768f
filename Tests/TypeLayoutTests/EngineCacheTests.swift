import CHarfBuzz
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// The caches and reused objects a new engine's first layout goes through: each must answer
/// what the work it saves would have.
@Suite("Engine caches and reuse")
struct EngineCacheTests {
    func face(_ name: String) throws -> FontFace { try FontFace.load(path: TestPaths.font(name)) }

    // MARK: Shaping cache

    @Test func shapingCacheAnswersAnItemWhereverItLies() throws {
        let face = try face("LiberationSans-Regular.ttf")
        let units = Array("office AV office".utf16)
        func shape(_ shaper: Shaper, _ units: [UInt16], _ range: Range<Int>) -> [ShapedGlyph] {
            shaper.shape(units, range: range, face: face, rightToLeft: false, script: "Latn", language: nil, features: []).glyphs
        }
        let cached = Shaper()
        let first = shape(cached, units, 0..<6)
        // The latest entry, then the same units in another text and at another offset.
        #expect(shape(cached, units, 10..<16) == first)
        #expect(shape(cached, Array("office".utf16), 0..<6) == first)
        // Items of one length at other offsets, as the latest entry and from the others.
        #expect(shape(cached, units, 0..<2) == shape(Shaper(), units, 0..<2))
        #expect(shape(cached, units, 7..<9) == shape(Shaper(), units, 7..<9))
        #expect(shape(cached, units, 0..<2) == shape(Shaper(), units, 0..<2))
        #expect(shape(cached, units, 7..<9) == shape(Shaper(), units, 7..<9))
        // Units that differ only past the item, or in features or direction, are other items.
        #expect(shape(cached, units, 0..<9) == shape(Shaper(), units, 0..<9))
        let unkerned = cached.shape(units, range: 7..<9, face: face, rightToLeft: false, script: "Latn", language: nil,
                                    features: [FontFeature("kern", 0)]).glyphs
        #expect(unkerned != shape(Shaper(), units, 7..<9), "AV is kerned in Liberation Sans")
        #expect(unkerned == Shaper().shape(units, range: 7..<9, face: face, rightToLeft: false, script: "Latn",
                                           language: nil, features: [FontFeature("kern", 0)]).glyphs)
        #expect(shape(cached, units, 6..<6) == [])
    }

    /// The cache tells faces apart by identity, so it must hold the faces of its entries: a face
    /// freed while its shapings were kept would hand them to a later face at its address.
    @Test func shapingCacheHoldsTheFacesItKeepsShapingsOf() throws {
        let shaper = Shaper()
        weak var released: FontFace?
        do {
            // Outside the faces' own cache, which would keep it anyway.
            let path = TestPaths.font("LiberationSans-Regular.ttf")
            let face = try FontFace(data: FontData.read(path: path), path: path, faceIndex: 0, weight: nil)
            released = face
            _ = shaper.shape(Array("office".utf16), range: 0..<6, face: face, rightToLeft: false, script: "Latn",
                             language: nil, features: [])
        }
        #expect(released != nil, "the cache's entry keeps its face alive")
        withExtendedLifetime(shaper) {}
    }

    @Test func shapingCacheStaysRightPastItsCapacity() throws {
        let face = try face("LiberationSans-Regular.ttf")
        let words = ["one", "two", "three", "four", "five", "one", "three", "five", "two"].map { Array($0.utf16) }
        for capacity in [1, 2, 3, 50] {
            let shaper = Shaper(capacity: capacity)
            for word in words + words.reversed() {
                let glyphs = shaper.shape(word, range: 0..<word.count, face: face, rightToLeft: false, script: "Latn",
                                          language: "en", features: []).glyphs
                let fresh = Shaper().shape(word, range: 0..<word.count, face: face, rightToLeft: false, script: "Latn",
                                           language: "en", features: []).glyphs
                #expect(glyphs == fresh, "\(String(decoding: word, as: UTF16.self)) at capacity \(capacity)")
            }
        }
    }

    @Test func reusedHarfBuzzBuffersShapeAsNewOnes() throws {
        // Buffers are reset between shapings: a right-to-left Arabic shaping with a language and
        // features in between must not change a left-to-right one, or the other way round.
        let latin = try face("LiberationSans-Regular.ttf"), arabic = try face("NotoSansArabic-Regular.ttf")
        let english = Array("Office affairs".utf16), greeting = Array("مرحبا بالعالم".utf16)
        func shapeLatin() -> [ShapedGlyph] {
            english.withUnsafeBufferPointer {
                latin.harfBuzz.shape($0, rightToLeft: false, script: "Latn", language: nil, features: [])
            }
        }
        func shapeArabic() -> [ShapedGlyph] {
            greeting.withUnsafeBufferPointer {
                arabic.harfBuzz.shape($0, rightToLeft: true, script: "Arab", language: "ar",
                                      features: [FontFeature("liga", 0)])
            }
        }
        let latinFirst = shapeLatin(), arabicFirst = shapeArabic()
        #expect(arabicFirst.first?.cluster ?? 0 > arabicFirst.last?.cluster ?? 0, "right to left: clusters descend")
        for _ in 0..<3 {
            #expect(shapeLatin() == latinFirst)
            #expect(shapeArabic() == arabicFirst)
        }
    }

    @Test func scriptTagsAreHarfBuzzsOwn() {
        for code in ["Latn", "Arab", "Hebr", "Hani", "Hira", "Zyyy", "Zinh", "Zzzz", "Qaai", "Qaac", "latn", "LATN",
                     "La", "", "Latin", "Xxxx", "Lat\u{0}n"] {
            let expected = code.withCString { hb_script_from_string($0, Int32(code.utf8.count)) }
            #expect(HarfBuzzFont.script(code) == expected, "\(code)")
        }
    }

    // MARK: Itemization cache

    @Test func keptItemizationsServeOnlyTextsThatShapeAlike() throws {
        // One engine, one string: each variation below changes items or shaping, so a kept
        // entry must not answer it; each must equal what a new engine gives.
        let engine = TextLayoutEngine()
        let font = try Font(path: TestPaths.font("LiberationSans-Regular.ttf"), pointSize: 20)
        let string = "AV office"
        func text(_ features: [FontFeature] = [], kerning: Bool = true, language: String? = nil) -> AttributedText {
            AttributedText(string, attributes: TextAttributes(font: font, kerning: kerning, features: features, language: language))
        }
        func glyphs(_ engine: TextLayoutEngine, _ text: AttributedText, _ style: ParagraphStyle = ParagraphStyle()) throws -> [PositionedGlyph] {
            try engine.layout(text, paragraphStyle: style, category: .large).glyphs
        }
        let plain = try glyphs(engine, text())
        #expect(try glyphs(engine, text()) == plain)
        let unkerned = try glyphs(engine, text(kerning: false))
        #expect(unkerned != plain, "AV is kerned in Liberation Sans")
        #expect(unkerned == (try glyphs(TextLayoutEngine(), text(kerning: false))))
        let noLigatures = try glyphs(engine, text([FontFeature("liga", 0)]))
        #expect(noLigatures == (try glyphs(TextLayoutEngine(), text([FontFeature("liga", 0)]))))
        // Another face for the run: other items entirely.
        let inter = try Font(path: TestPaths.font("Inter-roman.var.ttf"), pointSize: 20)
        let other = AttributedText(string, attributes: TextAttributes(font: inter))
        #expect(try glyphs(engine, other) == (try glyphs(TextLayoutEngine(), other)))
        #expect(try glyphs(engine, other) != plain)
        // A fallback chain of its own: a character the run lacks comes from another face.
        let arabic = try FontFace.load(path: TestPaths.font("NotoSansArabic-Regular.ttf"))
        let mixed = AttributedText("AV سلام", attributes: TextAttributes(font: font))
        let noFallback = ParagraphStyle(fallbackFaces: [], usesSystemFallback: false)
        let withArabic = ParagraphStyle(fallbackFaces: [arabic], usesSystemFallback: false)
        let bare = try engine.layout(mixed, paragraphStyle: noFallback, category: .large)
        let fallen = try engine.layout(mixed, paragraphStyle: withArabic, category: .large)
        #expect(bare.faces.count == 1)
        #expect(fallen.faces.contains { $0 === arabic })
        #expect(fallen.glyphs == (try glyphs(TextLayoutEngine(), mixed, withArabic)))
    }

    // MARK: Analysis cache

    @Test func analysisCacheTellsTextsAndRunSplitsApart() throws {
        let font = try Font(path: TestPaths.font("LiberationSans-Regular.ttf"), pointSize: 17)
        let attributes = TextAttributes(font: font)
        let whole = AttributedText("abc def", attributes: attributes)
        let split = AttributedText(runs: [.init("abc ", attributes: attributes), .init("def", attributes: attributes)])
        let splitElsewhere = AttributedText(runs: [.init("abc d", attributes: attributes), .init("ef", attributes: attributes)])
        let other = AttributedText("abc de", attributes: attributes)
        let lookups: [(AttributedText, BaseDirection, String?)] = [
            (whole, .natural, nil), (whole, .natural, nil), (split, .natural, nil), (splitElsewhere, .natural, nil),
            (whole, .rightToLeft, nil), (whole, .natural, "ja"), (other, .natural, nil), (split, .natural, nil),
            (whole, .natural, nil), (whole, .natural, nil),
        ]
        for capacity in [1, 2, 1_000] {
            let cache = AnalysisCache(capacity: capacity)
            var answers: [(key: Int, analysis: TextAnalysis)] = []
            for (index, (text, direction, locale)) in lookups.enumerated() {
                let analysis = try cache.analysis(of: text, baseDirection: direction, locale: locale)
                #expect(analysis.string == text.string)
                #expect(analysis.runRanges == TextAnalysis.runRanges(of: text.runs))
                #expect(analysis.paragraphs.first?.bidi.baseDirection == direction)
                // Lookups are the same key when their text, direction and locale are.
                let key = lookups.firstIndex { $0.0 == text && $0.1 == direction && $0.2 == locale }!
                // Another key's analysis is never the answer; the same key's is when it was the
                // latest, or whenever the cache has room for every key.
                #expect(!answers.contains { $0.key != key && $0.analysis === analysis }, "lookup \(index)")
                if let previous = answers.last, previous.key == key { #expect(previous.analysis === analysis) }
                if capacity == 1_000, let earlier = answers.first(where: { $0.key == key }) {
                    #expect(earlier.analysis === analysis, "lookup \(index)")
                }
                answers.append((key, analysis))
            }
        }
    }

    /// "ä" and "a" + U+0308 are equal Swift strings (canonical equivalence) but not one text:
    /// their UTF-16 offsets differ. The cache matched them, so the second was laid out with the
    /// first's analysis, its lines' ranges past its end (the whole suite crashed on it once,
    /// when two tests laid out the two forms of one word on the shared engine).
    @Test func analysisCacheTellsCanonicallyEquivalentTextsApart() throws {
        let font = try Font(path: TestPaths.font("LiberationSans-Regular.ttf"), pointSize: 17)
        let composed = "Kapitänsmütze", decomposed = "Kapita\u{308}nsmu\u{308}tze"
        #expect(composed == decomposed && composed.utf16.count + 2 == decomposed.utf16.count)
        for capacity in [1, 1_000] {
            let cache = AnalysisCache(capacity: capacity)
            // Latest-entry lookups, then (with room) lookups among the others.
            for string in [composed, decomposed, composed, decomposed, "other", composed, decomposed] {
                let analysis = try cache.analysis(of: AttributedText(string, font: font), baseDirection: .natural, locale: nil)
                #expect(analysis.string.utf8.elementsEqual(string.utf8), "\(capacity): \(string.unicodeScalars.count) scalars")
            }
        }
        let engine = TextLayoutEngine()
        for string in [decomposed, composed, decomposed] {
            let layout = try engine.layout(AttributedText(string, font: font), paragraphStyle: ParagraphStyle(width: 40), category: .large)
            #expect(layout.lines.last?.utf16Range.upperBound == string.utf16.count)
            #expect(layout.lines.map(\.text).joined().unicodeScalars.elementsEqual(string.unicodeScalars))
        }
    }

    // MARK: Shortcuts against the full paths

    @Test func utf16OfAStringIsItsUTF16View() {
        var strings = ["", "a", "Your photos and videos are stored in iCloud.", "short", "\r\n\t\u{7F}\u{0}",
                       "café", "日本語", "👨‍👩‍👧‍👦 family", "a\u{300}", "mixed ascii then é"]
        strings += AnalysisShortcutTests.strings(from: AnalysisShortcutTests.ascii).map { String(decoding: $0, as: UTF16.self) }
        strings.append(String(repeating: "long ASCII text ", count: 40))
        strings.append(String("substring of a longer string".dropFirst(3)))
        for string in strings {
            let (units, isASCII) = TextAnalysis.utf16(of: string)
            #expect(units == Array(string.utf16), "\(string)")
            #expect(isASCII == string.utf16.allSatisfy { $0 < 0x80 })
        }
    }

    @Test func itemsPassingOverCoveredASCIIAreTheFullItems() throws {
        // Runs in faces that lack letters (Arabic, Hebrew: ASCII falls back), empty runs,
        // paragraphs, right-to-left text, scripts and emoji among ASCII.
        let faces = try ["LiberationSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansHebrew-Regular.ttf",
                         "GilliusADF-Regular.otf"].map { try Font(path: TestPaths.font($0), pointSize: 17) }
        let alphabet = AnalysisShortcutTests.ascii + Array("é日本שלוםمرحبا😀\u{300}\u{2028}".utf16)
        var texts: [AttributedText] = []
        for (index, units) in AnalysisShortcutTests.strings(from: alphabet, count: 200).enumerated() {
            let string = String(decoding: units, as: UTF16.self)
            // Split at most twice, on characters, across the faces.
            let characters = Array(string)
            let cuts = [characters.count / 3, 2 * characters.count / 3]
            let pieces = [characters[..<cuts[0]], characters[cuts[0]..<cuts[1]], characters[cuts[1]...]].map { String($0) }
            texts.append(AttributedText(runs: pieces.enumerated().map { piece in
                .init(piece.element, attributes: TextAttributes(font: faces[(index + piece.offset) % faces.count]))
            }))
            texts.append(AttributedText(string, font: faces[index % faces.count]))
        }
        for text in texts {
            for direction in [BaseDirection.natural, .rightToLeft] {
                let analysis = try TextAnalysis(text, baseDirection: direction, locale: nil)
                let fonts = text.runs.map(\.attributes.font)
                let fast = try Itemizer.items(for: analysis, fonts: fonts, style: ParagraphStyle())
                let full = try Itemizer.items(for: analysis, fonts: fonts, style: ParagraphStyle(), skippingCoveredASCII: false)
                #expect(fast.map(\.range) == full.map(\.range), "\(text.string)")
                #expect(fast.map(\.runIndex) == full.map(\.runIndex))
                #expect(zip(fast, full).allSatisfy { $0.font.face === $1.font.face && $0.font == $1.font })
                #expect(fast.map(\.isRightToLeft) == full.map(\.isRightToLeft))
                #expect(fast.map(\.script) == full.map(\.script))
            }
        }
    }
}
