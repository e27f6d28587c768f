import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

/// A space between two words that both fall back to the same face stays in that face, as Pango
/// and CoreText keep it: an Arabic or Hebrew sentence under the Latin system font is one item.
@Suite struct ItemizationSpaceTests {
    func items(_ string: String) throws -> (items: [TextItem], primary: FontFace, utf16: [UInt16]) {
        let font = try Font(path: BundledFonts.systemText, pointSize: 17)
        let text = AttributedText(string, attributes: TextAttributes(font: font))
        let analysis = try TextAnalysis(text, baseDirection: .natural, locale: nil)
        let items = try Itemizer.items(for: analysis, fonts: [font], style: ParagraphStyle(usesSystemFallback: false))
        return (items, font.face, analysis.utf16)
    }

    @Test(arguments: ["مرحبا بالعالم الجميل", "שלום עולם יפה מאוד"])
    func aSentenceInOneFallbackFaceIsOneItem(sentence: String) throws {
        let (items, primary, utf16) = try items(sentence)
        #expect(items.count == 1, "\(items.map(\.range))")
        #expect(items.first?.range == 0..<utf16.count)
        #expect(items.first.map { $0.font.face !== primary } == true)
        #expect(items.first?.isRightToLeft == true)
    }

    @Test func spacesNextToLatinWordsKeepTheRunsFace() throws {
        let sentence = "Hello مرحبا بالعالم world"
        let (items, primary, _) = try items(sentence)
        let utf16 = Array(sentence.utf16)
        let arabic = try #require(items.first { $0.font.face !== primary })
        // Both Arabic words and the space between them, not the spaces beside the Latin words.
        #expect(String(decoding: utf16[arabic.range], as: UTF16.self) == "مرحبا بالعالم")
        #expect(items.filter { $0.font.face !== primary }.count == 1, "\(items.map(\.range))")
    }

    @Test func aSpaceBetweenWordsOfTwoFallbackFacesKeepsTheRunsFace() throws {
        let sentence = "مرحبا שלום"
        let (items, primary, _) = try items(sentence)
        let utf16 = Array(sentence.utf16)
        let space = try #require(items.first { String(decoding: utf16[$0.range], as: UTF16.self) == " " })
        #expect(space.font.face === primary)
    }
}
