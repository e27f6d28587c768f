// Layout and rendering under random text and settings, through the public API only.
//
// An input is a 12-byte header choosing the font, size, category, width, line limit,
// truncation, alignment, direction, features, tracking, spacing, runs, locale, colour and
// scale, then the text (UTF-8, or UTF-16 when the header says so; both decoded with repair, as
// any String is). Every choice is a valid setting, so the layout must succeed, and its result
// must hold together: the checks below trap when it doesn't.
import TypeLayout

@_cdecl("LLVMFuzzerTestOneInput")
public func layoutFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    LayoutFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum LayoutFuzzing {
    static let headerSize = 12

    /// Fixed faces of every kind the package ships: CFF, TrueType, variable, Arabic, Hebrew,
    /// Japanese, colour bitmaps, and a collection.
    static let faces: [FontFace] = {
        let files = [
            "GilliusADF-Regular.otf", "LiberationSans-Regular.ttf", "Inter-roman.var.ttf", "NotoSansArabic-Regular.ttf",
            "NotoSansHebrew-Regular.ttf", "VL-PGothic-Regular.ttf", "NotoColorEmoji.ttf", "CourierPrime-Regular.otf",
        ]
        return files.map { name in
            do { return try FontFace.load(path: BundledFonts.path(name)) } catch { fatalError("can't load \(name): \(error)") }
        }
    }()

    static let sizes: [Double] = [17, 1, 9, 36, 100, 0.5, 400, 1000, 13.3]
    static let widths: [Double?] = [343, nil, 0.5, 1, 10, 50, 100, 200, 1000, 1e6]
    static let trackings: [Double] = [0, 0, 0, 1, -1, 5, -5, 0.3, 50, -50]
    static let multiples: [Double] = [0, 0, 0.5, 1, 2, 10]
    static let spacings: [Double] = [0, 0, 2, -2, 20, -20]
    static let locales: [String?] = [nil, "ja", "ar", "he", "en", "zh-Hant", "th", "x-not-a-locale", "", "de-u-lb-strict"]
    static let features: [[FontFeature]] = [
        [], [FontFeature("liga", 0)], [FontFeature("smcp")], [FontFeature("tnum"), FontFeature("onum")],
        [FontFeature("")], [FontFeature("kern", 7), FontFeature("calt", 0)], [FontFeature("\u{1F600}x")], [FontFeature("ss01")],
    ]

    /// One run's font: a fixed face at a size, a text style, or a FontMetrics-scaled face.
    static func font(_ selector: UInt8, size: Double) -> Font {
        do {
            let face = faces[Int(selector) % faces.count]
            switch (selector >> 4) % 4 {
            case 0: return try Font(face: face, pointSize: size)
            case 1:
                let style = TextStyle.allCases[Int(selector) % TextStyle.allCases.count]
                return try Font.preferredFont(forTextStyle: style, compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
            case 2:
                let style = TextStyle.allCases[Int(selector >> 2) % TextStyle.allCases.count]
                return try FontMetrics(forTextStyle: style).scaledFont(
                    for: Font(face: face, pointSize: size), maximumPointSize: selector & 1 == 0 ? 0 : 40,
                    compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
            default:
                return try FontMetrics(forTextStyle: .body, scalingMode: .apple).scaledFont(
                    for: Font(face: face, pointSize: size), compatibleWith: TraitCollection(preferredContentSizeCategory: .large))
            }
        } catch {
            preconditionFailure("a valid font threw: \(error)")
        }
    }

    static let glyphCache = GlyphCache(byteLimit: 32 << 20)

    static func run(_ bytes: UnsafeRawBufferPointer) {
        var header = [UInt8](repeating: 0, count: headerSize)
        for i in 0..<min(headerSize, bytes.count) { header[i] = bytes[i] }
        let body = bytes.count > headerSize ? Array(bytes[headerSize...]) : []
        let string = header[9] & 0x80 != 0
            ? String(decoding: stride(from: 0, to: body.count - 1, by: 2).map { UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8 }, as: UTF16.self)
            : String(decoding: body, as: UTF8.self)

        // Runs: the text's characters split into up to four runs, each with its own attributes.
        let size = sizes[Int(header[1]) % sizes.count]
        let runCount = Int(header[9] & 3) + 1
        let characters = Array(string)
        var runs: [AttributedText.Run] = []
        for index in 0..<runCount {
            let part = characters[characters.count * index / runCount..<characters.count * (index + 1) / runCount]
            var attributes = TextAttributes(font: font(header[0] &+ UInt8(index &* 37), size: size))
            attributes.tracking = trackings[Int(header[7] &+ UInt8(index)) % trackings.count]
            attributes.kerning = header[6] & 1 == 0
            attributes.features = features[Int(header[6] >> 1) % features.count]
            attributes.language = index == 0 ? nil : locales[Int(header[10] &+ UInt8(index)) % locales.count]
            attributes.foregroundColor = Color(red: header[11], green: 0x20, blue: 0x40, alpha: header[11] & 0x40 == 0 ? 255 : 0)
            runs.append(AttributedText.Run(String(part), attributes: attributes))
        }
        let text = AttributedText(runs: runs)

        let fallback: [FontFace]? = switch (header[9] >> 2) % 3 {
        case 0: nil  // the bundled chain
        case 1: []
        default: [faces[5], faces[6]]
        }
        let style = ParagraphStyle(
            width: widths[Int(header[3]) % widths.count], numberOfLines: Int(header[4]) % 6,
            truncation: TruncationMode.allCases[Int(header[5] & 3) % TruncationMode.allCases.count],
            alignment: TextAlignment.allCases[Int(header[5] >> 2) % TextAlignment.allCases.count],
            baseDirection: BaseDirection.allCases[Int(header[5] >> 5) % BaseDirection.allCases.count],
            lineHeightMultiple: multiples[Int(header[8] & 0x0F) % multiples.count],
            lineSpacing: spacings[Int(header[8] >> 4) % spacings.count],
            fallbackFaces: fallback, usesSystemFallback: header[9] & 0x40 != 0,
            locale: locales[Int(header[10]) % locales.count])

        // A category, the environment's (nil), or a sweep of all twelve.
        let engine = TextLayoutEngine()
        let layouts: [TextLayout]
        do {
            switch Int(header[2]) % 14 {
            case 12: layouts = [try engine.layout(text, paragraphStyle: style, category: nil)]
            case 13: layouts = try engine.layout(text, paragraphStyle: style, categories: ContentSizeCategory.allCases)
            case let index: layouts = [try engine.layout(text, paragraphStyle: style, category: ContentSizeCategory.allCases[index])]
            }
        } catch {
            preconditionFailure("layout of valid settings threw: \(error)")
        }
        for layout in layouts { check(layout, string: string, style: style) }

        // Render the first layout when the picture is small enough to keep the fuzzer fast.
        let scale = Int(header[11] & 3) % 3 + 1
        guard let first = layouts.first,
              let pixels = try? Rasterizer.imageSize(of: first, scale: scale, padding: 4),
              pixels.width <= 4096, pixels.height <= 4096, pixels.width * pixels.height <= 1 << 20 else { return }
        do {
            _ = try Rasterizer(cache: glyphCache).render(first, scale: scale, padding: 4, background: .white)
        } catch {
            preconditionFailure("rendering a small layout threw: \(error)")
        }
    }

    /// What any layout must satisfy.
    static func check(_ layout: TextLayout, string: String, style: ParagraphStyle) {
        let length = string.utf16.count
        let characterCount = string.count
        if length == 0 { precondition(layout.lines.isEmpty, "empty text has lines") }
        if style.numberOfLines > 0 {
            precondition(layout.lines.count <= style.numberOfLines, "\(layout.lines.count) lines, limit \(style.numberOfLines)")
        } else {
            precondition(!layout.isTruncated, "truncated without a line limit")
        }
        var previousEnd = 0
        var glyphEnd = 0
        for line in layout.lines {
            precondition(line.utf16Range.lowerBound >= previousEnd && line.utf16Range.upperBound <= length,
                         "line \(line.utf16Range) after \(previousEnd) in \(length)")
            precondition(line.characterRange.lowerBound >= 0 && line.characterRange.upperBound <= characterCount,
                         "character range \(line.characterRange) of \(characterCount)")
            precondition(line.glyphRange.lowerBound == glyphEnd, "glyph ranges \(line.glyphRange) after \(glyphEnd)")
            for value in [line.width, line.x, line.ascent, line.descent, line.baseline] {
                precondition(value.isFinite, "line value \(value)")
            }
            previousEnd = line.utf16Range.upperBound
            glyphEnd = line.glyphRange.upperBound
        }
        precondition(glyphEnd == layout.glyphs.count, "lines hold \(glyphEnd) of \(layout.glyphs.count) glyphs")
        for glyph in layout.glyphs {
            precondition(glyph.x.isFinite && glyph.y.isFinite, "glyph at (\(glyph.x), \(glyph.y))")
            precondition((0...length).contains(glyph.cluster), "cluster \(glyph.cluster) of \(length)")
            precondition(layout.faces.indices.contains(glyph.layoutFaceIndex), "face \(glyph.layoutFaceIndex) of \(layout.faces.count)")
        }
        precondition(layout.size.width.isFinite && layout.size.height.isFinite, "size \(layout.size)")
    }
}
