import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport
import TypeLayoutTesting

/// Font fallback keeps the run's weight and slant (issue 13). The system faces are the ones
/// scripts/setup.sh installs: Mukti and Mukti Bold (fonts-beng-extra) for Bengali, Padauk
/// Regular and Bold (fonts-sil-padauk) for Burmese, DejaVu Sans Oblique and Bold Oblique
/// (fonts-dejavu-extra) for Armenian, which neither Inter nor the bundled chain has.
@Suite struct FallbackWeightTests {
    let engine = TextLayoutEngine()
    /// No chain faces: only fontconfig supplies the characters the run's face lacks.
    let systemOnly = ParagraphStyle(fallbackFaces: [], usesSystemFallback: true)

    func inter(_ weight: FontWeight, italic: Bool = false) throws -> Font {
        try Font(path: italic ? BundledFonts.systemItalic : BundledFonts.systemText, pointSize: 17, weight: weight)
    }

    /// The faces, other than the run's own, that a one-run label's glyphs come from.
    func fallbackFaces(_ text: String, _ font: Font, style: ParagraphStyle? = nil) throws -> [FontFace] {
        let layout = try engine.layout(AttributedText(text, font: font), paragraphStyle: style ?? systemOnly, category: .large)
        return layout.faces.filter { $0 !== font.face }
    }

    @Test(arguments: [("বাংলা", "Bengali"), ("မြန်မာ", "Burmese")])
    func semiboldRunFallsBackToAHeavierFaceAndRegularToTheRegular(text: String, script: String) throws {
        // Semibold first, so a cache keyed by character alone would hand its face to the regular run.
        let semibold = try #require(try fallbackFaces("Headline \(text)", inter(.semibold)).first,
                                    "no \(script) face installed: run scripts/setup.sh")
        let regular = try #require(try fallbackFaces("Headline \(text)", inter(.regular)).first)
        #expect(semibold.weight >= .semibold, "\(script): \(semibold)")
        #expect(regular.weight < .semibold, "\(script): \(regular)")
        #expect(semibold != regular)
        #expect(!semibold.isItalic && !regular.isItalic)
    }

    @Test func nearestHeavierFaceWinsOverANearerLighterOne() throws {
        // At 550, fontconfig's own best is Mukti's 500 face (50 away, Mukti Bold is 150 away);
        // a lighter face must not be taken while a heavier one has the character.
        let face = try #require(SystemFonts.face(for: 0x0995, weight: FontWeight(rawValue: 550)))
        #expect(face.weight >= FontWeight(rawValue: 550), "\(face)")
        // Nothing is as heavy as black: the heaviest there is, not the regular.
        let black = try #require(SystemFonts.face(for: 0x0995, weight: .black))
        #expect(black.weight >= .bold, "\(black)")
    }

    /// fontconfig's order as a machine with fonts-freefont-ttf gives it for a Bengali letter:
    /// FreeSans first (its configuration prefers the family), lighter than the run.
    @Test(arguments: [(550.0, "Muktibold.ttf"), (900, "Muktibold.ttf"), (400, "FreeSans.otf")])
    func aHeavierFaceWinsOverALighterFaceOfAPreferredFamily(weight: Double, expected: String) {
        func face(_ file: String, _ family: String, _ weight: Double) -> SystemFonts.Candidate {
            SystemFonts.Candidate(path: file, faceIndex: 0, family: family, weights: weight...weight, isSlanted: false)
        }
        let sorted = [face("FreeSans.otf", "FreeSans", 400), face("Mukti.ttf", "Mukti", 500),
                      face("Muktibold.ttf", "Mukti", 700), face("NotoSansBengali-Bold.ttf", "Noto Sans Bengali", 700)]
        #expect(SystemFonts.choose(from: sorted, weight: weight, italic: false)?.path == expected)
    }

    @Test func italicRunFallsBackToASlantedFaceAtItsWeight() throws {
        let armenian = "Italic Բարեւ"
        let italicPrimary = try inter(.regular, italic: true)
        #expect(italicPrimary.face.isItalic)
        let italic = try #require(try fallbackFaces(armenian, italicPrimary).first, "no Armenian face: run scripts/setup.sh")
        #expect(italic.isItalic, "\(italic)")
        #expect(italic.weight < .semibold, "\(italic)")
        let boldItalic = try #require(try fallbackFaces(armenian, inter(.bold, italic: true)).first)
        #expect(boldItalic.isItalic && boldItalic.weight >= .bold, "\(boldItalic)")
        let upright = try #require(try fallbackFaces(armenian, inter(.regular)).first)
        #expect(!upright.isItalic, "\(upright)")
    }

    @Test func variableChainFaceIsLoadedAtTheRunsWeight() throws {
        // Gillius has no Cyrillic; the chain's Inter (loaded at its default, 400) has.
        let chainInter = try FontFace.load(path: BundledFonts.systemText)
        let style = ParagraphStyle(fallbackFaces: [chainInter], usesSystemFallback: false)
        for (file, weight) in [("GilliusADF-Bold.otf", FontWeight.bold), ("GilliusADF-Regular.otf", .regular)] {
            let gillius = try Font(path: TestPaths.font(file), pointSize: 17)
            #expect(gillius.face.weight == weight)
            let face = try #require(try fallbackFaces("Bold Жар", gillius, style: style).first)
            #expect(face.path == chainInter.path)
            #expect(face.weight == weight, "\(file)")
        }
    }

    @Test func staticChainFaceIsUsedAsItIs() throws {
        // A static face can't change weight: the bold run gets the chain's own face.
        let hebrew = try FontFace.load(path: TestPaths.font("NotoSansHebrew-Regular.ttf"))
        let style = ParagraphStyle(fallbackFaces: [hebrew], usesSystemFallback: false)
        let bold = try Font(path: TestPaths.font("GilliusADF-Bold.otf"), pointSize: 17)
        #expect(try fallbackFaces("Bold שלום", bold, style: style).map(ObjectIdentifier.init) == [ObjectIdentifier(hebrew)])
    }

    @Test func italicFlagComesFromTheFont() throws {
        for (file, italic) in [("Cabin-Italic.otf", true), ("LiberationSans-Italic.ttf", true), ("Cabin-Regular.otf", false),
                               ("Inter-italic.var.ttf", true), ("Inter-roman.var.ttf", false)] {
            #expect(try FontFace.load(path: TestPaths.font(file)).isItalic == italic, "\(file)")
        }
    }

    @Test func variableSystemFaceIsReadAsItsAxisAndChosenAtTheRunsWeight() throws {
        // How fontconfig lists Inter (variable): named instances, each one weight, and the
        // variable face, whose weight is the whole axis.
        let listed = SystemFonts.candidates(inFile: BundledFonts.systemText, covering: 0x0416)
        let variable = try #require(listed.first { $0.weights.lowerBound < $0.weights.upperBound })
        #expect(variable.weights == 100...900)
        #expect(listed.contains { $0.weights == 600...600 && $0.faceIndex >> 16 != 0 }, "a SemiBold named instance")
        #expect(SystemFonts.choose(from: [variable], weight: 650, italic: false) == variable)
    }

    // MARK: The choice among fontconfig's sorted faces, without fontconfig

    func candidate(_ family: String, _ weight: Double, slanted: Bool = false) -> SystemFonts.Candidate {
        SystemFonts.Candidate(path: "/\(family)-\(weight)", faceIndex: 0, family: family, weights: weight...weight,
                              isSlanted: slanted)
    }

    @Test func choiceTakesTheFirstFamilyWithAHeavierFaceAtItsNearestHeavier() {
        let regular = candidate("A", 400), medium = candidate("A", 500), bold = candidate("A", 700), black = candidate("A", 900)
        let otherSemibold = candidate("B", 600)
        // fontconfig's distance order puts the nearer lighter face first.
        #expect(SystemFonts.choose(from: [medium, bold, black, regular, otherSemibold], weight: 550, italic: false) == bold)
        #expect(SystemFonts.choose(from: [regular, black, bold], weight: 700, italic: false) == bold)
        #expect(SystemFonts.choose(from: [regular, medium], weight: 400, italic: false) == regular)
        // Only lighter faces: fontconfig's first.
        #expect(SystemFonts.choose(from: [medium, regular], weight: 800, italic: false) == medium)
        // A variable face's range holds the weight.
        let variable = SystemFonts.Candidate(path: "/V", faceIndex: 0, family: "V", weights: 100...900, isSlanted: false)
        #expect(SystemFonts.choose(from: [regular, variable], weight: 600, italic: false) == variable)
        #expect(SystemFonts.choose(from: [], weight: 400, italic: false) == nil)
    }

    @Test func choiceKeepsTheSlantBeforeTheWeight() {
        let upright = candidate("A", 700), oblique = candidate("A", 400, slanted: true)
        #expect(SystemFonts.choose(from: [upright, oblique], weight: 600, italic: true) == oblique)
        #expect(SystemFonts.choose(from: [oblique, upright], weight: 400, italic: false) == upright)
        // No slanted face: an upright one rather than none.
        #expect(SystemFonts.choose(from: [upright], weight: 600, italic: true) == upright)
    }

    /// The fallback memo's answers belong to the face they were asked for, not to its address:
    /// faces made from bytes come and go (a fuzzer makes thousands), and a new face the
    /// allocator places where a freed one was must get answers of its own.
    @Test func aNewFaceWhereAFreedOneWasGetsItsOwnFallbackAnswers() throws {
        let kana: [Unicode.Scalar] = ["\u{3042}"]
        var serials = Set<UInt64>()
        for _ in 0..<20 {
            do {
                let latin = try FontFace(data: FontData.read(path: BundledFonts.path("LiberationSans-Regular.ttf")),
                                         path: "memo-test", faceIndex: 0, weight: nil)
                serials.insert(latin.serial)
                #expect(try FontFallback.face(for: kana, primary: latin, style: ParagraphStyle()) !== latin)
            }
            do {
                let japanese = try FontFace(data: FontData.read(path: BundledFonts.path("VL-PGothic-Regular.ttf")),
                                            path: "memo-test", faceIndex: 0, weight: nil)
                serials.insert(japanese.serial)
                #expect(try FontFallback.face(for: kana, primary: japanese, style: ParagraphStyle()) === japanese)
            }
        }
        #expect(serials.count == 40)
    }
}

/// The suite's system fonts are its own: Tests/fonts.conf's folders, whatever the machine has.
@Suite struct HermeticFontTests {
    @Test func theTestProcessReadsTheProjectsFontconfigFile() throws {
        let file = try #require(HermeticFonts.configurationFile)
        #expect(file.hasSuffix("/Tests/CHermeticFonts/../fonts.conf"))
        #expect(FileManager.default.fileExists(atPath: file))
    }

    /// Every face system fallback gives comes from a folder the configuration names (on a
    /// machine with FreeFont installed, FreeSans would otherwise answer for Bengali).
    @Test(arguments: [0x0995 as UInt32, 0x1000, 0x0531, 0x0410])
    func systemFallbackOnlySeesTheConfiguredFolders(scalar: UInt32) throws {
        let folders = ["/usr/share/fonts/truetype/dejavu/", "/usr/share/fonts/truetype/fonts-beng-extra/",
                       "/usr/share/fonts/truetype/padauk/"]
        for weight in [FontWeight.regular, .black] {
            let face = try #require(SystemFonts.face(for: scalar, weight: weight), "no face for U+\(String(scalar, radix: 16))")
            #expect(folders.contains { face.path.hasPrefix($0) }, "\(face.path)")
        }
    }

    /// Golden labels never consult system fonts: their style turns system fallback off.
    @Test func goldenLabelsDontUseSystemFonts() throws {
        let font = try Font(path: BundledFonts.systemText, pointSize: 17)
        let spec = LabelSpec("Bengali কখগ", font: font, width: 200)
        #expect(spec.style.usesSystemFallback == false)
    }
}
