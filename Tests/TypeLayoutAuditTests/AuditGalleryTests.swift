import Foundation
import Testing
import TypeLayout
import TypeLayoutAudit
import TypeLayoutGallery
import TypeLayoutRendering
import TypeLayoutTestSupport

/// The review gallery: what `render-cli audit --report` and `report-goldens` write. The page's
/// behaviour in a browser is checked by scripts/gallery-browser-test.sh (Chromium); these check
/// the folder, the data the page reads, the pictures and the failure paths.
@Suite(.temporaryFolders) struct AuditGalleryTests {
    static func germanAudit() throws -> (Audit, [AuditEntry]) {
        let rules = try LabelRuleSet.load(contentsOf: AuditFixtures.path("GermanAX2.rules.yaml"))
        let file = try StringFileReader.parse(contentsOf: AuditFixtures.path("GermanAX2.xcstrings"))
        let audit = Audit(rules: rules)
        return (audit, audit.check(file.strings).entries)
    }

    static func string(_ key: String, _ language: String, file: String = "a/Localizable.xcstrings", variant: String? = nil) -> LocalizedString {
        LocalizedString(key: key, variant: variant, language: language, text: "", location: TextFileLocation(file: file, line: 1, column: 1))
    }

    /// The JSON value a `data/*.js` file wraps (`window.X = …;` or `window.F(n, …);`).
    static func scriptJSON(_ path: String) throws -> Any {
        var text = try String(contentsOfFile: path, encoding: .utf8)
        if text.hasPrefix("window.GALLERY_INDEX = ") {
            text = String(text.dropFirst("window.GALLERY_INDEX = ".count).dropLast(2))
        } else {
            let comma = try #require(text.firstIndex(of: ","))
            text = String(text[text.index(after: comma)...].dropLast(3))
        }
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    static func pngHeader(_ path: String) throws -> (bitDepth: UInt8, colorType: UInt8) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return (bytes[24], bytes[25])
    }

    @Test func theReportIsOneSelfContainedFolder() throws {
        let (audit, entries) = try Self.germanAudit()
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("report").path
        let gallery = AuditGallery(audit: audit).gallery(entries, title: "German")
        try ReviewGalleryWriter().write(gallery, to: folder)

        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"), "nothing from the network")
        #expect(!html.contains("<link"), "styles inline")
        let sources = html.components(separatedBy: "<script src=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(sources == ["data/index.js"], "the page's one script file is its data")
        for id in ["filter-language", "filter-category", "filter-reason", "filter-platform", "summary", "results", "pager"] {
            #expect(html.contains("id=\"\(id)\""), "the page has #\(id)")
        }
        // Chunks come as scripts, as fetch() of file:// is blocked.
        #expect(html.contains("\"data/chunk-\" + number + \".js\"") && !html.contains("fetch("))

        let index = try #require(try Self.scriptJSON(folder + "/data/index.js") as? [String: Any])
        let tables = try #require(index["tables"] as? [String: [String]])
        #expect(tables["languages"] == ["de"])
        #expect(tables["categories"] == ["ax2"])
        #expect(tables["reasons"] == ["truncated"])
        let groups = try #require(index["groups"] as? [[String: Any]])
        #expect(groups.map { $0["t"] as? String } == ["button.clear_all"])

        let chunk = try #require(try Self.scriptJSON(folder + "/data/chunk-0.js") as? [[[String: Any]]])
        let pictures = try #require(chunk[0][0]["p"] as? [[String: Any]])
        #expect(pictures.map { $0["l"] as? String } == ["l (fits)", "ax2"], "large beside the failing category")
        #expect(pictures.map { $0["f"] as? Bool } == [false, true])
        for picture in pictures {
            let path = folder + "/" + (picture["src"] as? String ?? "")
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
            // A palette: 4 greys (captions, anti-aliasing, the frame) in 2 bits; with the red
            // outline 5 colours, in 4 bits.
            let header = try Self.pngHeader(path)
            #expect(header.colorType == 3 && header.bitDepth == (picture["f"] as? Bool == true ? 4 : 2), "\(path): \(header)")
            let image = try PNGCodec.read(contentsOf: path)
            #expect(picture["w"] as? Int == image.width && picture["h"] as? Int == image.height)
        }
        #expect(!FileManager.default.fileExists(atPath: folder + ".tmp"))
    }

    @Test func thePictureOutlinesTheFailingTextAndSaysWhatItShows() throws {
        let (audit, entries) = try Self.germanAudit()
        let entry = try #require(entries.first { !$0.fits })
        let gallery = AuditGallery(audit: audit)
        let failing = try gallery.picture(of: entry, at: .accessibilityLarge)
        let fitting = try gallery.picture(of: entry, at: .large)
        func count(_ image: RGBAImage, _ color: Color) -> Int {
            var count = 0
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) == color { count += 1 } }
            return count
        }
        let red = ReviewPictureStyle().failureColor
        #expect(count(failing, red) > 400, "the text's box outlined, 2 px")
        #expect(count(fitting, red) == 0, "nothing outlined where it fits")
        // The caption is drawn on the picture: dark pixels above the outline's top edge.
        let frameTop = (0..<failing.height).first { y in (0..<failing.width).filter { failing.pixel(x: $0, y: y) == red }.count > 50 } ?? 0
        var ink = 0
        for y in 0..<frameTop { for x in 0..<failing.width where failing.pixel(x: x, y: y).red < 128 { ink += 1 } }
        #expect(frameTop > 30 && ink > 200, "a caption of \(ink) dark pixels above row \(frameTop)")
    }

    @Test func aLongTextsWindowStaysInsideItsBody() throws {
        let words = Array(repeating: "ab cd ef gh", count: 60).joined(separator: " ")
        let string = LocalizedString(key: "body.long", language: "de", text: words,
                                     location: TextFileLocation(file: "a.xcstrings", line: 1, column: 1))
        let audit = Audit(rules: try LabelRuleSet(LabelRuleSpec(style: .body, width: 343)))
        let entry = try #require(audit.check([string]).entries.first)
        let image = try AuditGallery(audit: audit).picture(of: entry, at: .accessibilityExtraExtraExtraLarge)
        let style = ReviewPictureStyle()
        // The window shows the text's end: its top edge is cut, dashed (4 on, 4 off), the text
        // drawn straight onto the picture but clipped to the body, so no line above the window
        // shows between the caption and the body, nor any below it.
        let left = style.padding
        func isDashed(_ y: Int) -> Bool {
            (0..<20).allSatisfy { image.pixel(x: left + 8 * $0, y: y) == style.captionColor && image.pixel(x: left + 8 * $0 + 5, y: y) == .white }
        }
        let bodyTop = try #require((0..<image.height).first(where: isDashed))
        #expect((150 + style.padding...200 + style.padding).contains(image.height - bodyTop), "a window at most 200 px tall")
        for y in bodyTop - style.padding..<bodyTop {
            #expect((0..<image.width).allSatisfy { image.pixel(x: $0, y: y) == .white }, "row \(y) above the body is blank")
        }
        for y in image.height - style.padding..<image.height {
            #expect((0..<image.width).allSatisfy { image.pixel(x: $0, y: y) == .white }, "row \(y) under the body is blank")
        }
    }

    @Test func storedPicturesAreThePosterizedPixels() throws {
        let (audit, entries) = try Self.germanAudit()
        let entry = try #require(entries.first { !$0.fits })
        let gallery = AuditGallery(audit: audit)
        for category in [ContentSizeCategory.large, .accessibilityLarge] {
            let image = try gallery.picture(of: entry, at: category)
            let stored = try PNGCodec.decode(try ReviewPictureStyle.pngData(image))
            #expect(stored == ReviewPictureStyle.posterized(image))
            #expect(stored != image, "anti-aliased greys were reduced")
        }
        // Past 255 colours the generic encoder decides; the pixels are still the posterized ones.
        var pixels: [UInt8] = []
        for index in 0..<600 { pixels += [UInt8(index % 256), UInt8(index / 256), 7, 255] + [UInt8(index % 256), UInt8(index % 256), UInt8(index % 256), 255] }
        let colourful = try RGBAImage(width: 40, height: 30, pixels: pixels)
        #expect(try PNGCodec.decode(try ReviewPictureStyle.pngData(colourful)) == ReviewPictureStyle.posterized(colourful))
    }

    @Test func pictureNamesKeepTheLanguageAndDifferPerFile() {
        let long = String(repeating: "settings.section.", count: 10) + "title"
        let name = AuditSheetName.pictureName(for: Self.string(long, "pt-BR"), category: .accessibilityLarge)
        #expect(name.contains("-pt-BR-ax2-"), "\(name)")
        #expect(name.count < 120)
        #expect(AuditSheetName.fileName(for: Self.string(long, "pt-BR")).contains("-pt-BR-"))
        #expect(AuditSheetName.pictureName(for: Self.string("k", "de", file: "a/Localizable.xcstrings"), category: .large)
            != AuditSheetName.pictureName(for: Self.string("k", "de", file: "b/Localizable.xcstrings"), category: .large),
            "one key and language in two catalogs: two pictures")
        #expect(AuditSheetName.fileName(for: Self.string("k", "de", file: "a/x.strings"))
            != AuditSheetName.fileName(for: Self.string("k", "de", file: "b/x.strings")))
    }

    static func gallery(groups: Int, failingPicture: Bool = false) -> ReviewGallery {
        ReviewGallery(title: "T", groupNoun: "key", groups: (0..<groups).map { group in
            ReviewGroup(title: "key.\(group)", subtitle: "f", findings: [
                ReviewFinding(language: group % 2 == 0 ? "de" : "fr", platform: "uikit", firstFailingCategory: "ax1",
                              failingCategories: ["ax1", "ax2"], reasons: ["truncated"], text: "t", details: [],
                              pictures: [ReviewPicture(label: "ax1", isFailing: true, fileName: "p\(group).png", source: .render {
                                  if failingPicture && group == groups - 1 { throw ImageError.tooLarge(width: 1, height: 1) }
                                  return try Canvas(width: 4, height: 3, background: .white).image()
                              })]),
            ])
        })
    }

    @Test func hostileTextStaysText() throws {
        let hostile = "</script><img src=x onerror=alert(1)>"
        var gallery = Self.gallery(groups: 1)
        gallery.title = hostile
        gallery.groups[0].title = hostile
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("hostile").path
        try ReviewGalleryWriter().write(gallery, to: folder)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(!html.contains(hostile) && html.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        // In the data, "</" is written "<\/", so no script can end early; the page sets it as text.
        let index = try String(contentsOfFile: folder + "/data/index.js", encoding: .utf8)
        #expect(!index.contains("</script>"))
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(!page.contains("innerHTML"), "the page builds its elements with textContent")
    }

    @Test func groupsArePagedIntoChunks() throws {
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("paged").path
        let written = try ReviewGalleryWriter(groupsPerChunk: 2).write(Self.gallery(groups: 5), to: folder)
        let data = try FileManager.default.contentsOfDirectory(atPath: folder + "/data").sorted()
        #expect(data == ["chunk-0.js", "chunk-1.js", "chunk-2.js", "index.js"])
        let last = try #require(try Self.scriptJSON(folder + "/data/chunk-2.js") as? [Any])
        #expect(last.count == 1)
        let index = try #require(try Self.scriptJSON(folder + "/data/index.js") as? [String: Any])
        let summary = try #require(index["summary"] as? [String: Any])
        #expect(summary["findings"] as? Int == 5)
        #expect((summary["languages"] as? [[String: Int]])?.first?["de"] == 3)
        #expect(written.files == 5 + 4 + 1)
    }

    @Test func aFailedWriteLeavesTheOldReportAndNoHalfWrittenOne() throws {
        let folder = try TestPaths.temporaryDirectory().appendingPathComponent("atomic").path
        try ReviewGalleryWriter().write(Self.gallery(groups: 2), to: folder)
        #expect(throws: ReviewGalleryError.self) { try ReviewGalleryWriter().write(Self.gallery(groups: 3, failingPicture: true), to: folder) }
        #expect(FileManager.default.fileExists(atPath: folder + "/images/p1.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/images/p2.png"), "the old report, untouched")
        #expect(!FileManager.default.fileExists(atPath: folder + ".tmp"))
        // A second report replaces the first.
        try ReviewGalleryWriter().write(Self.gallery(groups: 3), to: folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/images/p2.png"))
        #expect(!FileManager.default.fileExists(atPath: folder + ".old"))
    }

    @Test func aFolderThatIsNotAReportIsNeverReplaced() throws {
        let folder = try TestPaths.temporaryDirectory().path
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        #expect(throws: ReviewGalleryError.notAReport(path: folder)) { try ReviewGalleryWriter().write(Self.gallery(groups: 1), to: folder) }
        #expect(FileManager.default.fileExists(atPath: folder + "/notes.txt"))
        let duplicate = ReviewGallery(title: "T", groupNoun: "key", groups: [Self.gallery(groups: 1).groups[0], Self.gallery(groups: 1).groups[0]])
        let empty = try TestPaths.temporaryDirectory().appendingPathComponent("r").path
        #expect(throws: ReviewGalleryError.duplicatePicture(name: "p0.png")) { try ReviewGalleryWriter().write(duplicate, to: empty) }
        #expect(!FileManager.default.fileExists(atPath: empty) && !FileManager.default.fileExists(atPath: empty + ".tmp"))
    }

    @Test func goldenFailuresMakeTheSamePage() throws {
        let artifacts = try TestPaths.temporaryDirectory()
        let folder = artifacts.appendingPathComponent("LabelTests").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let image = try Canvas(width: 8, height: 6, background: .white).image()
        for kind in ["reference", "actual", "difference"] { try PNGCodec.write(image, to: "\(folder)/title.wraps.ax5.\(kind).png") }
        try PNGCodec.write(image, to: "\(folder)/title.wraps.l.actual.png")
        let note = GoldenFailureNote(outcome: "mismatched", reasons: ["pixels differ"], message: "LabelTests/title.wraps.ax5 doesn't match\npixels differing: 3")
        try JSONEncoder().encode(note).write(to: URL(fileURLWithPath: "\(folder)/\(GoldenFailureNote.fileName(baseName: "title.wraps.ax5"))"))

        let gallery = try GoldenFailureGallery.gallery(artifactsDirectory: artifacts.path)
        #expect(gallery.groups.map(\.title) == ["LabelTests/title.wraps"])
        let findings = gallery.groups[0].findings
        #expect(findings.map(\.failingCategories) == [["ax5"], ["l"]])
        #expect(findings[0].pictures.map(\.label) == ["reference", "actual", "difference"])
        #expect(findings[0].reasons == ["pixels differ"] && findings[0].details.last == "pixels differing: 3")
        #expect(findings[1].reasons == ["no reference"])
        let report = artifacts.appendingPathComponent("report").path
        try ReviewGalleryWriter().write(gallery, to: report)
        #expect(try FileManager.default.contentsOfDirectory(atPath: report + "/images").count == 4)
    }

    @Test func theCommandWritesTheReportAndNamesEachPictureInTheJSON() throws {
        let directory = try TestPaths.temporaryDirectory()
        let report = directory.appendingPathComponent("out/report").path
        let result = try CLI.run(["audit", AuditFixtures.path("GermanAX2.xcstrings"), "--rules", AuditFixtures.path("GermanAX2.rules.yaml"),
                                  "--format", "json", "--report", report + "/"])
        #expect(result.status == 1, "a failure was found: \(result.stderr)")
        #expect(result.stderr.contains("wrote \(report)/index.html"), "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let failures = try #require(json["failures"] as? [[String: Any]])
        let picture = try #require(failures.first?["picture"] as? String)
        #expect(picture.hasPrefix(report + "/images/button.clear_all-de-ax2-"))
        #expect(FileManager.default.fileExists(atPath: picture))

        let sheets = directory.appendingPathComponent("sheets").path
        let withSheets = try CLI.run(["audit", AuditFixtures.path("GermanAX2.xcstrings"), "--rules", AuditFixtures.path("GermanAX2.rules.yaml"),
                                      "--format", "json", "--sheet", sheets, "--quiet"])
        let sheetJSON = try #require(try JSONSerialization.jsonObject(with: Data(withSheets.stdout.utf8)) as? [String: Any])
        let sheet = try #require((sheetJSON["failures"] as? [[String: Any]])?.first?["sheet"] as? String)
        #expect(FileManager.default.fileExists(atPath: sheet), "\(sheet)")

        let taken = directory.appendingPathComponent("taken").path
        try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: taken + "/mine.txt"))
        try CLI.expectOneLineError(["audit", AuditFixtures.path("GermanAX2.xcstrings"), "--report", taken], status: 1,
                                   message: "isn't a review report")
    }
}

@Suite struct CompactPNGTests {
    @Test func fewColoursBecomeASmallPaletteAndDecodeExactly() throws {
        var canvas = try Canvas(width: 64, height: 32, background: .white)
        canvas.fill(x: 4, y: 4, width: 20, height: 10, color: Color(red: 0xD7, green: 0, blue: 0x15))
        canvas.fill(x: 30, y: 4, width: 20, height: 10, color: Color(red: 90, green: 90, blue: 90, alpha: 128))
        let image = canvas.image()
        let compact = try PNGCodec.encodeCompact(image)
        #expect(compact[25] == 3 && compact[24] == 2, "3 colours: a 2-bit palette")
        #expect(try PNGCodec.decode(compact) == image)
        #expect(compact.count < (try PNGCodec.encode(image)).count)

        // Translucent palette entries go to tRNS.
        let clear = try Canvas(width: 5, height: 5, background: Color(red: 10, green: 20, blue: 30, alpha: 100)).image()
        #expect(try PNGCodec.decode(try PNGCodec.encodeCompact(clear)) == clear)
    }

    @Test func manyColoursFallBackToTheExactEncoding() throws {
        var pixels: [UInt8] = []
        for index in 0..<600 { pixels += [UInt8(index % 256), UInt8(index / 256), 7, 255] }
        let image = try RGBAImage(width: 30, height: 20, pixels: pixels)
        let compact = try PNGCodec.encodeCompact(image)
        #expect(compact == (try PNGCodec.encode(image)))
        #expect(try PNGCodec.decode(compact) == image)
        // Greys alone stay greyscale (no smaller as a palette).
        let grey = ReviewPictureStyle.posterized(try RGBAImage(width: 256, height: 1, pixels: (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0), 255] }))
        let greyPNG = try PNGCodec.encodeCompact(grey)
        #expect(greyPNG[25] == 3 && greyPNG[24] == 2, "posterized to 4 greys: 2 bits")
        #expect(Set((0..<256).map { grey.pixel(x: $0, y: 0) }).count == ReviewPictureStyle.greySteps)
        #expect(try PNGCodec.decode(try ReviewPictureStyle.pngData(grey)) == grey)
    }

    @Test func knownIndicesEncodeAtTheFewestBitsAndRefuseBadInput() throws {
        let palette = (0..<5).map { Color(red: UInt8($0 * 50), green: 0, blue: 0) }
        let indices: [UInt8] = (0..<21).map { UInt8($0 % 5) }
        let png = try PNGCodec.encode(indices: indices, width: 7, height: 3, palette: palette)
        #expect(png[25] == 3 && png[24] == 4, "5 colours: 4 bits")
        let decoded = try PNGCodec.decode(png)
        #expect((0..<21).allSatisfy { decoded.pixel(x: $0 % 7, y: $0 / 7) == palette[Int(indices[$0])] })
        #expect(try PNGCodec.encode(indices: [0, 1, 1, 0], width: 2, height: 2, palette: Array(palette[..<2]))[24] == 1)
        #expect(throws: ImageError.self) { try PNGCodec.encode(indices: [0, 5], width: 2, height: 1, palette: palette) }
        #expect(throws: ImageError.self) { try PNGCodec.encode(indices: [0, 1, 2], width: 2, height: 1, palette: palette) }
        #expect(throws: ImageError.self) { try PNGCodec.encode(indices: [0], width: 1, height: 1, palette: []) }
    }
}
