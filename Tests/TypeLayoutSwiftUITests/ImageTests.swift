import Foundation
import Testing
import TypeLayoutSwiftUI
import TypeLayoutTestSupport

/// `Image("name")` from the folder the hosting screen names.
@Suite(.temporaryFolders)
@MainActor
struct NamedImageTests {
    /// A folder with `logo@3x.png`, 60 × 30 red pixels: 20 × 10 points.
    private func folder() throws -> String {
        let folder = try TestPaths.temporaryDirectory().path
        try writeSolidPNG(folder + "/logo@3x.png", width: 60, height: 30, rgb: [255, 0, 0])
        return folder
    }

    @Test func anImageIsItsPixelsOverItsScale() throws {
        let layout = try layOut(Image("logo").accessibilityIdentifier("i"), images: try folder())
        let rect = try #require(layout.rect("i"))
        #expect(close(rect.width, 20) && close(rect.height, 10))
        guard case .bitmap(let bitmap)? = layout["i"]?.image else {
            Issue.record("the image node has no picture")
            return
        }
        #expect(bitmap.width == 60 && bitmap.height == 30)
    }

    @Test func resizableImagesFollowTheProposalAndTheirAspectRatio() throws {
        let folder = try folder()
        let stretched = try layOut(Image("logo").resizable().accessibilityIdentifier("i").frame(width: 100, height: 100), images: folder)
        #expect(stretched.rect("i")?.size == CGSize(width: 100, height: 100))
        let fit = try layOut(Image("logo").resizable().scaledToFit().accessibilityIdentifier("i").frame(width: 100, height: 100), images: folder)
        #expect(fit.rect("i")?.size == CGSize(width: 100, height: 50))
        let fill = try layOut(Image("logo").resizable().scaledToFill().accessibilityIdentifier("i").frame(width: 100, height: 100), images: folder)
        #expect(fill.rect("i")?.size == CGSize(width: 200, height: 100))
        let square = try layOut(Image("logo").resizable().aspectRatio(1, contentMode: .fit).accessibilityIdentifier("i")
            .frame(width: 100, height: 60), images: folder)
        #expect(square.rect("i")?.size == CGSize(width: 60, height: 60))
        // Not resizable: its own size whatever the frame.
        let fixed = try layOut(Image("logo").accessibilityIdentifier("i").frame(width: 100, height: 100), images: folder)
        #expect(fixed.rect("i")?.size == CGSize(width: 20, height: 10))
    }

    @Test func theImageIsDrawnScaledToItsFrame() throws {
        let layout = try layOut(Image("logo").resizable().accessibilityIdentifier("i").frame(width: 80, height: 40),
                                images: try folder(), width: 100, height: 60)
        let rect = try #require(layout.rect("i"))
        let pixel = try pixelReader(layout)
        // Red to the frame's corners (a 20 × 10 point picture stretched to 80 × 40), white outside.
        #expect(pixel(rect.minX + 1, rect.minY + 1) == [255, 0, 0])
        #expect(pixel(rect.maxX - 1, rect.maxY - 1) == [255, 0, 0])
        #expect(pixel(rect.minX - 2, rect.midY) == [255, 255, 255])
    }

    @Test func anAssetCatalogImageSetGivesItsLargestScale() throws {
        let folder = try TestPaths.temporaryDirectory().path
        let set = folder + "/Avatar.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try writeSolidPNG(set + "/avatar@2x.png", width: 40, height: 40, rgb: [0, 0, 255])
        try writeSolidPNG(set + "/avatar@3x.png", width: 60, height: 60, rgb: [0, 0, 255])
        let contents = """
            {"images": [{"idiom": "universal", "scale": "1x"},
                        {"filename": "avatar@2x.png", "idiom": "universal", "scale": "2x"},
                        {"filename": "avatar@3x.png", "idiom": "universal", "scale": "3x"}],
             "info": {"author": "xcode", "version": 1}}
            """
        try contents.write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        let layout = try layOut(Image("Avatar").accessibilityIdentifier("i"), images: folder)
        #expect(layout.rect("i")?.size == CGSize(width: 20, height: 20))
        guard case .bitmap(let bitmap)? = layout["i"]?.image else {
            Issue.record("the image node has no picture")
            return
        }
        #expect(bitmap.width == 60)
    }

    @Test func aMissingImageIsAClearError() throws {
        let folder = try folder()
        var message = ""
        do {
            _ = try layOut(VStack { Image("logo"); Image("missing") }, images: folder)
        } catch let error as SwiftUILayoutError {
            message = error.description
        }
        #expect(message.contains("no image 'missing' in \(folder)") && message.contains("missing@3x.png"))
        // A file that isn't a PNG is an error too.
        try "not a picture".write(toFile: folder + "/broken.png", atomically: true, encoding: .utf8)
        #expect(throws: SwiftUILayoutError.self) { try layOut(Image("broken"), images: folder) }
    }

    @Test func withoutAFolderANamedImageIsAPlaceholder() throws {
        let layout = try layOut(Image("logo").accessibilityIdentifier("i"))
        #expect(layout.rect("i")?.size == CGSize(width: 24, height: 24))
        guard case .color? = layout["i"]?.image else {
            Issue.record("the placeholder is not a grey box")
            return
        }
    }
}

/// `Image(systemName:)` sized as a symbol beside text, drawn as a labelled box.
@MainActor
struct SymbolTests {
    private func side(_ view: some TypeLayoutSwiftUI.View, category: ContentSizeCategory = .large) throws -> CGFloat {
        try #require(layOut(view.accessibilityIdentifier("i"), category: category).rect("i")).width
    }

    @Test func scalesAreSmallerAndLargerThanMedium() throws {
        // Body is 17 pt at large: medium 1.2 × 17 = 20.4, small × 0.8 = 16.3, large × 1.3 = 26.5.
        #expect(try side(Image(systemName: "star")) == 20)
        #expect(try side(Image(systemName: "star").imageScale(.small)) == 16)
        #expect(try side(Image(systemName: "star").imageScale(.large)) == 27)
        // The scale reaches symbols inside the view it is set on.
        let inside = try layOut(HStack { Image(systemName: "star").accessibilityIdentifier("i") }.imageScale(.large))
        #expect(inside.rect("i")?.width == 27)
    }

    @Test func symbolsFollowTheFontAndDynamicType() throws {
        // Title 1 is 28 pt at large: 33.6 → 34; body at ax5 is 53 pt: 63.6 → 64.
        #expect(try side(Image(systemName: "star").font(.title)) == 34)
        #expect(try side(Image(systemName: "star"), category: .accessibilityExtraExtraExtraLarge) == 64)
        #expect(try side(Image(systemName: "star").font(.system(size: 10))) == 12)
    }

    @Test func theNameIsDrawnWhenItFits() throws {
        // 20 points is too small for "star" at 11 pt; 41 points (large title) holds it.
        let small = try layOut(Image(systemName: "star"))
        #expect(small.nodes.compactMap(\.text).isEmpty)
        let large = try layOut(Image(systemName: "star").font(.largeTitle).accessibilityIdentifier("i"))
        let label = try #require(large.nodes.first { $0.text != nil })
        #expect(label.text?.string == "star" && label.text?.pointSize == 11)
        let box = try #require(large.rect("i"))
        #expect(label.frame.x > box.minX && label.frame.x + label.frame.width < box.maxX)
        // The label is never small text for the audit, and never wider than its box.
        let long = try layOut(Image(systemName: "person.crop.circle.badge.checkmark").font(.largeTitle))
        #expect(long.nodes.compactMap(\.text).isEmpty)
    }

    @Test func theNameTakesTheFontsWeight() throws {
        func labelWidth(_ weight: Font.Weight) throws -> Double {
            let layout = try layOut(Image(systemName: "star").font(.largeTitle).fontWeight(weight))
            return try #require(layout.nodes.first { $0.text != nil }?.text).size.width
        }
        #expect(try labelWidth(.black) > labelWidth(.ultraLight))
        #expect(try side(Image(systemName: "star").font(.largeTitle).fontWeight(.black)) == side(Image(systemName: "star").font(.largeTitle)))
    }
}
