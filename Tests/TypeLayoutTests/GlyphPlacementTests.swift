import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// Placed glyphs, bit for bit, for a varied set of layouts at all twelve categories: each
/// layout's fingerprint (every glyph, every line's glyph range and position, the faces by file)
/// was recorded from the eager placement that built every glyph with the layout, before glyphs
/// were placed when first read; the lazy placement must give the same values.
@Suite struct GlyphPlacementTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: @Sendable () throws -> AttributedText
        let style: ParagraphStyle
        var testDescription: String { name }
    }

    static func scaled(_ file: String, _ size: Double, style: TextStyle = .body) throws -> Font {
        let base = try Font(path: TestPaths.font(file), pointSize: size)
        return try FontMetrics(forTextStyle: style).scaledFont(
            for: base, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
    }

    static let body =
        "Your photos and videos are stored in iCloud, so you can see them on all your devices and free up space on this iPhone."
    static let mixed = "Hello \u{05E9}\u{05DC}\u{05D5}\u{05DD} \u{05E2}\u{05D5}\u{05DC}\u{05DD} and \u{0645}\u{0631}\u{062D}\u{0628}\u{0627} \u{0628}\u{0643}\u{0645} 123 world, again and again."
    static let soft = "Extra\u{00AD}ordinary circum\u{00AD}stances re\u{00AD}quire in\u{00AD}com\u{00AD}pre\u{00AD}hen\u{00AD}sible hyphen\u{00AD}ation every\u{00AD}where."

    static func liberation() throws -> Font { try scaled("LiberationSans-Regular.ttf", 17) }

    static let cases: [Case] = [
        Case(name: "body", text: { AttributedText(body, font: try liberation()) }, style: ParagraphStyle(width: 320)),
        Case(name: "bidi", text: { AttributedText(mixed, font: try liberation()) },
             style: ParagraphStyle(width: 180, usesSystemFallback: false)),
        Case(name: "bidi-rtl-justified", text: { AttributedText(mixed + " " + mixed, font: try liberation()) },
             style: ParagraphStyle(width: 200, alignment: .justified, baseDirection: .rightToLeft, usesSystemFallback: false)),
        Case(name: "bidi-paragraphs", text: {
            AttributedText("\u{05E9}\u{05DC}\u{05D5}\u{05DD} first\n" + mixed + "\r\nlast \u{0645}\u{0631}\u{062D}\u{0628}\u{0627}\n", font: try liberation())
        }, style: ParagraphStyle(width: 130, alignment: .center, usesSystemFallback: false)),
        Case(name: "tail", text: { AttributedText(body, font: try liberation()) },
             style: ParagraphStyle(width: 160, numberOfLines: 2, truncation: .tail)),
        Case(name: "head", text: { AttributedText(body, font: try liberation()) },
             style: ParagraphStyle(width: 160, numberOfLines: 2, truncation: .head)),
        Case(name: "middle", text: { AttributedText(body, font: try liberation()) },
             style: ParagraphStyle(width: 160, numberOfLines: 2, truncation: .middle)),
        Case(name: "clip", text: { AttributedText(body, font: try liberation()) },
             style: ParagraphStyle(width: 160, numberOfLines: 3, truncation: .clip)),
        Case(name: "bidi-middle", text: { AttributedText(mixed, font: try liberation()) },
             style: ParagraphStyle(width: 150, numberOfLines: 1, truncation: .middle, usesSystemFallback: false)),
        Case(name: "justified", text: { AttributedText(body + "\n" + body, font: try liberation()) },
             style: ParagraphStyle(width: 240, alignment: .justified)),
        Case(name: "soft-hyphens", text: { AttributedText(soft, font: try scaled("GilliusADF-Regular.otf", 15)) },
             style: ParagraphStyle(width: 90, alignment: .center)),
        Case(name: "fallback", text: {
            AttributedText("Photos \u{1F600} \u{5199}\u{771F}\u{3068}\u{30D3}\u{30C7}\u{30AA} \u{1F44D}\u{1F3FD} done", font: try liberation())
        }, style: ParagraphStyle(width: 140, alignment: .right, usesSystemFallback: false)),
        Case(name: "runs", text: {
            AttributedText(runs: [
                .init("Bold start ", attributes: TextAttributes(font: try scaled("GilliusADF-Bold.otf", 20, style: .headline),
                                                                 foregroundColor: Color(red: 200, green: 10, blue: 10))),
                .init("then tracked text ", attributes: TextAttributes(font: try liberation(), tracking: 1.5)),
                .init("and no kerning AVA To", attributes: TextAttributes(font: try scaled("LiberationSerif-Regular.ttf", 13),
                                                                          kerning: false)),
            ])
        }, style: ParagraphStyle(width: 170, lineHeightMultiple: 1.3, lineSpacing: 4)),
        Case(name: "broken-word", text: { AttributedText("Supercalifragilisticexpialidocious words", font: try liberation()) },
             style: ParagraphStyle(width: 60)),
        Case(name: "unbounded", text: { AttributedText("One line\nand another, longer line", font: try liberation()) },
             style: ParagraphStyle(alignment: .center)),
    ]

    /// FNV-1a over the layout's placement, Doubles by their bits: the same on every run.
    static func fingerprint(_ layout: TextLayout) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ value: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((value >> UInt64(shift)) & 0xFF)) &* 0x0000_0100_0000_01B3
            }
        }
        func mix(_ value: Int) { mix(UInt64(bitPattern: Int64(value))) }
        func mix(_ value: Double) { mix(value.bitPattern) }
        for face in layout.faces {
            for byte in (face.path.split(separator: "/").last ?? "").utf8 { mix(Int(byte)) }
            mix(face.faceIndex)
        }
        for line in layout.lines {
            mix(line.glyphRange.lowerBound)
            mix(line.glyphRange.upperBound)
            mix(line.x)
            mix(line.baseline)
            mix(line.width)
        }
        for glyph in layout.glyphs {
            mix(glyph.layoutFaceIndex)
            mix(glyph.pointSize)
            mix(UInt64(glyph.glyphID))
            mix(glyph.x)
            mix(glyph.y)
            mix(glyph.cluster)
            mix(Int(glyph.color.red) << 24 | Int(glyph.color.green) << 16 | Int(glyph.color.blue) << 8 | Int(glyph.color.alpha))
        }
        return "\(layout.glyphs.count):" + String(hash, radix: 16)
    }

    static func fingerprints(_ test: Case) throws -> [String] {
        try TextLayoutEngine().layout(try test.text(), paragraphStyle: test.style, categories: ContentSizeCategory.allCases)
            .map(fingerprint)
    }

    /// Recorded from the eager placement (commit 4361372), categories in `allCases` order;
    /// soft-hyphens' last two anew when lines broken at an unsafe-to-break glyph were shaped
    /// again on each side (there words broken between letters split Gillius's kerning pairs:
    /// "stan|ces", "ever|y-"); the four bidi cases' anew when a space between two Hebrew or
    /// Arabic words came to be shaped in their fallback face rather than the label's.
    static let expected: [String: [String]] = [
        "bidi-paragraphs": ["75:bbe373d0979e09e0", "74:9d30ab3f7709e058", "74:442915458d6957e3", "74:7c984029c48e42e3", "73:f23aaf7f80fa41ee", "73:461d98b688d2c9a", "73:b99c8ce6f9e40651", "71:6414ad1cdbd054ef", "67:8429faedce96e527", "65:23690339402c36d4", "65:23d20246e69565e9", "65:f4960c80d515704a"],
        "bidi": ["55:daabf1bb4e2a0015", "55:f84d507853f035b1", "55:e2ef94a6a69532c7", "55:86546d58a53b6309", "55:8bfb0aece0e3b4d8", "54:4b17d2fb650d4b11", "54:5f8f9686f73d2bef", "53:60b0b19ee9e520c2", "52:3fc8401dc84d5379", "50:4506ae8e4e5ee3ef", "48:ff5789be7da29bcd", "48:d508e368854d4d3c"],
        "body": ["116:58cb6c0888fb0094", "116:92040fb92327317b", "116:26b5066fda044428", "116:d39bd4ee3efe94ef", "115:a42091b7c607d1b8", "115:4b16f138418ca470", "114:81c8e877924b10a", "114:b9f654294f5da51f", "113:cc5f42a9d0bdbaa1", "111:243bcc7d7bb5d609", "110:46d5ec67651bb8d2", "109:38a1af1bed99b21b"],
        "bidi-rtl-justified": ["112:440562d28a092b9d", "112:30eb4983c332feb0", "111:507538ebdbeac0b3", "111:e50cc21509846e55", "110:efbb55e3281e2977", "110:89e355a244becbf8", "109:35d6c73ed72ea6d", "107:541016d5d07349f6", "106:796ef21c0ef6b0c0", "104:3a78dbbb88246eb4", "98:ec41a45277c3b1f7", "96:ffe57d3302225fde"],
        "tail": ["47:16d96f40d078bb12", "44:8136d830ba4bd034", "36:87ace2d3f39c6461", "35:e4facdee3d7e2066", "32:f18693bbf2f53691", "31:ed963c0abe812504", "24:80d5c37c4eadcd68", "21:81b6ac6836d1c57f", "13:d690db8aa4e8cfc7", "10:ef80dcae04ddf53", "9:cd8ddae810ea57c9", "9:f7fb52dfddbe5f4d"],
        "head": ["46:f0e220afc9ba6a32", "44:4e4895ed74b9f559", "35:c724ff8af21ed311", "34:a512b568d01daaad", "31:f3521be3dced63cd", "31:34bc358fc7af9b78", "24:ff8fbe9855e0efd4", "22:57ec985ce78cd498", "12:8056315a59e78767", "10:a09da1c47af41ea1", "9:8f5aa8fab1f43323", "9:790df27c6bf60111"],
        "clip": ["69:be013add723277cc", "69:696c4c023ead2cf2", "53:2dae2ce3eab4acd6", "53:8fd4faaff79bbf3a", "49:6008831a0971ca7", "42:eca69ec170f9d5c4", "34:40b16b8dc9e20420", "34:93fc105bc36bd8ff", "20:147df187c02345a7", "13:f3f050de474dc8e7", "13:5ffd744a62998f61", "13:7aa08b3034ae78c6"],
        "bidi-middle": ["21:3dde2b5746e35c52", "20:cc516236849edce5", "19:1230336cbd0a96c", "17:2387559181ecd503", "16:482820473e409c29", "15:c2f30dbd67d8bb7e", "13:fdf27425eb94b633", "10:f2a42630279c8454", "9:92439f76b662ef4d", "6:db2847fb182806b2", "5:34b0f75e4a5afbd7", "5:bed55475e380a1c1"],
        "middle": ["47:bef6f532fb4dd133", "44:919473c585c761ac", "35:7b013701afc85e6", "34:6ff56590fc7c6d3b", "32:493f538168a85aea", "30:ec87d519d610c74a", "24:4e3f23515e0b2aac", "21:21f73285c92f976d", "12:ffb10c3ae106340b", "10:2f9bbe67a7d2056", "9:3425c5af61af0b47", "9:4ea8717ed62a1967"],
        "justified": ["230:e8c684e9d8c47fd5", "230:881b8950625f5071", "230:276161aa80e735d0", "228:2eeb0a9ce9e3e9c2", "228:ef249584ad3301f6", "228:c402baf131d15f7a", "226:cc5a09e846a0d8cb", "224:12d6f53cbdc6ffe6", "222:fac5c56f13f8aef8", "218:e8a7320a056d3d99", "212:e33880a63744669f", "208:c75246477b7e084f"],
        "fallback": ["22:c3ce1f68d4bda1c0", "22:2dba2756d15bfd82", "22:eb4f80330a387e8e", "22:ae0a8a51c09c16fb", "21:868be5d106cb5d38", "21:29f414920cdd4dee", "21:24ff82bfc4d3f11a", "20:f8534a89d9cd33ec", "20:dd54aaac12cb6ca", "19:99b61c6d3cba885d", "19:c739ae02f0d6a32d", "19:87d4608e072e5a17"],
        "soft-hyphens": ["87:28c87335bf53f642", "82:5110a1e28a3f4feb", "82:98bb9e7925a00c66", "87:ba10c1f408b19a", "86:7ab7ed955029fd20", "89:208ecfbd5ca5129e", "87:93a97f7eaf00fc80", "86:1863fd4f98163f55", "88:7075252f07f5b644", "90:ae1c274554340fd2", "89:ffd02edd444ee719", "89:3ec0dde3cbd8be59"],
        "broken-word": ["39:121960480a3f26cb", "39:30845ea22a80f619", "39:736b968e51b2cba5", "39:bb8ca78f2a4c6ad1", "39:62c349285c31ef69", "39:b33a2372c7c7ecc", "39:85275e0deea020a9", "39:27b0480d9975710b", "39:ffd5adb68255032c", "39:f45bbdb2e96c6609", "39:b3dfdc8ec33ad5a9", "39:1c183c8e9ce05c08"],
        "runs": ["48:d3853e429e4491f9", "48:e2a73184e44c5b9f", "48:2ad4ec87d59ce745", "48:67d2d67e98a96677", "48:e3096d47a369746c", "48:fc3d537b09cf660", "47:ba33f837c53b00e3", "46:aba2fb94595fa45d", "45:d2bce573d2ac88f1", "44:4d637b11364adaf2", "44:baa68d1f35dabc70", "44:21884ec9380431d4"],
        "unbounded": ["32:16f105b94e881545", "32:19c0c17961dfc53f", "32:b872ecca30fd317c", "32:9d60ba665fc10a22", "32:5ad6cf9ee4e3fb8a", "32:7a9aa9b859799ab8", "32:e5b0e8a0e8056f7e", "32:a61e3f8e17c16605", "32:6e0bbbac31f28428", "32:5b12c0043ba6fa8d", "32:ca25b50d69ba337b", "32:99ef0b9baf9c8ca2"],
    ]

    @Test(arguments: cases)
    func sameGlyphsAsEagerPlacement(test: Case) throws {
        let found = try Self.fingerprints(test)
        #expect(found == Self.expected[test.name])
    }

    /// Glyphs are placed once, by whichever reader comes first: readers on several threads at
    /// once, each with its own copy of the layout, see the same glyphs and faces.
    @Test func readersOnSeveralThreadsSeeOnePlacement() async throws {
        let test = Self.cases.first { $0.name == "bidi-paragraphs" }!
        for layout in try TextLayoutEngine().layout(try test.text(), paragraphStyle: test.style, categories: [.small, .accessibilityLarge]) {
            let copies = Array(repeating: layout, count: 8)
            let read = await withTaskGroup(of: (Int, [PositionedGlyph], [String]).self) { group in
                for (index, copy) in copies.enumerated() {
                    group.addTask { (index, copy.glyphs, copy.faces.map(\.path)) }
                }
                var read: [(Int, [PositionedGlyph], [String])] = []
                for await result in group { read.append(result) }
                return read
            }
            #expect(read.count == 8)
            for (_, glyphs, faces) in read {
                #expect(glyphs == layout.glyphs)
                #expect(faces == layout.faces.map(\.path))
            }
            // The ranges counted with the layout divide the placed glyphs, line by line.
            #expect(layout.lines.first?.glyphRange.lowerBound == 0)
            #expect(layout.lines.last?.glyphRange.upperBound == layout.glyphs.count)
            for (line, next) in zip(layout.lines, layout.lines.dropFirst()) {
                #expect(line.glyphRange.upperBound == next.glyphRange.lowerBound)
            }
        }
    }

    /// A sweep reuses items and shaping between categories whose faces match, and an engine
    /// its caches between layouts: laying a text out again with other faces, another fallback
    /// chain or other sizes must still give what a new engine gives.
    @Test func reusedItemsMatchANewEngine() throws {
        let engine = TextLayoutEngine()
        let string = Self.mixed + " \u{1F600} \u{5199}\u{771F}"
        let liberation = AttributedText(string, font: try Self.liberation())
        let gillius = AttributedText(string, font: try Self.scaled("GilliusADF-Regular.otf", 17))
        let styles = [
            ParagraphStyle(width: 180, usesSystemFallback: false),
            ParagraphStyle(width: 180, fallbackFaces: [], usesSystemFallback: false),
            ParagraphStyle(width: 120, fallbackFaces: [try FontFace.load(path: TestPaths.font("VL-PGothic-Regular.ttf"))],
                           usesSystemFallback: false),
        ]
        for _ in 0..<2 {
            for text in [liberation, gillius, liberation] {
                for style in styles {
                    let reused = try engine.layout(text, paragraphStyle: style, categories: [.small, .accessibilityLarge]).map(Self.fingerprint)
                    let fresh = try TextLayoutEngine().layout(text, paragraphStyle: style, categories: [.small, .accessibilityLarge])
                        .map(Self.fingerprint)
                    #expect(reused == fresh)
                }
            }
        }
    }
}
