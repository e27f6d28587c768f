import TypeLayout
import TypeLayoutRendering

/// How review pictures look: a caption written on the picture itself with TypeLayout's own
/// engine (so a picture saved or pasted elsewhere still says what it shows), above a body the
/// caller draws (a label in its frame, a screen), with the failing part outlined.
///
/// Pictures are drawn from few colours (greys, the frame grey and the failure red) and stored by
/// ``pngData(_:)`` with their greys in ``greySteps`` steps, as 2- or 4-bit palette PNGs.
public struct ReviewPictureStyle: Sendable {
    /// Caption text size in points (at 1 pixel a point).
    public var captionSize: Double
    /// Space around the caption and the body, in pixels.
    public var padding: Int
    /// The narrowest picture, in pixels, so that a narrow label still has room for its caption.
    public var minimumWidth: Int
    /// The first caption line's colour.
    public var titleColor: Color
    /// The other caption lines' colour.
    public var captionColor: Color
    /// The frame that shows a label's or a screen's box.
    public var frameColor: Color
    /// The outline of what fails.
    public var failureColor: Color

    /// The gallery's look: 12 pt captions, 8 px padding, red outlines.
    public init() {
        captionSize = 12
        padding = 8
        minimumWidth = 240
        titleColor = .black
        // Two of the grey steps, so that they stay as drawn.
        captionColor = Color(red: 85, green: 85, blue: 85)
        frameColor = Color(red: 170, green: 170, blue: 170)
        failureColor = Color(red: 0xD7, green: 0x00, blue: 0x15)
    }

    /// A picture: `caption` lines (the first in bold; each wrapped to the picture's width, at
    /// most two lines) above a body of `bodyWidth` × `bodyHeight` pixels that `drawBody` draws
    /// with its top-left corner at the given canvas position, straight onto the picture (no
    /// canvas of its own to paste), clipped to the body. The greys are as drawn:
    /// ``pngData(_:)`` reduces them as it stores the picture.
    ///
    /// - Throws: layout and rasterizing errors, `ImageError.tooLarge`.
    public func picture(
        caption: [String], bodyWidth: Int, bodyHeight: Int, engine: TextLayoutEngine = .shared,
        drawBody: (inout Canvas, _ left: Int, _ top: Int) throws -> Void
    ) throws -> RGBAImage {
        let width = max(minimumWidth, bodyWidth + 2 * padding)
        let (bold, text) = try Self.captionFonts(size: captionSize)
        let style = ParagraphStyle(width: Double(width - 2 * padding), numberOfLines: 2)
        let lines = try caption.enumerated().map { index, line in
            try engine.layout(AttributedText(line, attributes: TextAttributes(
                font: index == 0 ? bold : text, foregroundColor: index == 0 ? titleColor : captionColor)),
                paragraphStyle: style, categories: [.large], in: DynamicTypeContext())[0]
        }
        let captionHeight = lines.reduce(0) { $0 + Int($1.size.height.rounded(.up)) }
        let bodyTop = padding + captionHeight + (lines.isEmpty ? 0 : padding)
        var canvas = try Canvas(width: width, height: bodyTop + bodyHeight + padding, background: .white)
        var top = padding
        let rasterizer = Rasterizer()
        for line in lines {
            try rasterizer.draw(line, into: &canvas, atX: Double(padding), y: Double(top), scale: 1)
            top += Int(line.size.height.rounded(.up))
        }
        let whole = PixelRect(minX: 0, minY: 0, maxX: canvas.width, maxY: canvas.height)
        canvas.setClip(PixelRect(minX: padding, minY: bodyTop, maxX: padding + bodyWidth, maxY: bodyTop + bodyHeight))
        try drawBody(&canvas, padding, bodyTop)
        canvas.setClip(whole)
        return canvas.image()
    }

    /// The caption faces at a size, loaded once: a gallery draws tens of thousands of captions.
    private static let fonts = Lock<[Double: (bold: Font, regular: Font)]>([:])

    private static func captionFonts(size: Double) throws -> (bold: Font, regular: Font) {
        if let cached = fonts.withLock({ $0[size] }) { return cached }
        let loaded = (try Font(path: BundledFonts.systemText, pointSize: size, weight: .semibold),
                      try Font(path: BundledFonts.systemText, pointSize: size))
        fonts.withLock { $0[size] = loaded }
        return loaded
    }

    /// The evenly spaced greys, black and white included, that pictures' greys are reduced to:
    /// four (black, 85, 170, white) rather than 14 made the review report of the largest
    /// catalog about a third smaller, and text at 12 pt and up stays as legible (BENCHMARKS.md).
    public static let greySteps = 4

    /// Each grey value's nearest step.
    private static let posterizedGrey: [UInt8] = (0...255).map { value in
        let steps = greySteps - 1
        return UInt8(((value * steps + 127) / 255 * 255 + steps / 2) / steps)
    }

    /// The image with every grey pixel (R = G = B) moved to the nearest of ``greySteps`` evenly
    /// spaced greys: anti-aliased edges stay smooth to the eye, and the picture needs few
    /// colours. Other colours are kept.
    public static func posterized(_ image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        pixels.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let value = bytes[offset]
                guard value == bytes[offset + 1], value == bytes[offset + 2] else { continue }
                let grey = posterizedGrey[Int(value)]
                bytes[offset] = grey
                bytes[offset + 1] = grey
                bytes[offset + 2] = grey
            }
        }
        // Same size as the input, which was valid, so this never falls back.
        return (try? RGBAImage(width: image.width, height: image.height, pixels: pixels)) ?? image
    }

    /// A picture stored as PNG, its greys ``posterized(_:)``: the palette and each pixel's index
    /// found in one pass over the pixels (a table for greys, a short list for the few other
    /// colours) rather than `PNGCodec.encodeCompact(_:)`'s search through any image's colours;
    /// the same pixels as `encodeCompact(posterized(image))` gives.
    ///
    /// - Throws: `ImageError.encodingFailed` if compression fails.
    public static func pngData(_ image: RGBAImage) throws -> [UInt8] {
        guard let (palette, indices) = paletteIndices(image) else { return try PNGCodec.encodeCompact(posterized(image)) }
        return try PNGCodec.encode(indices: indices, width: image.width, height: image.height, palette: palette)
    }

    /// The posterized image's colours, in order of first appearance, and each pixel's index
    /// among them; `nil` past 255 colours (then `encodeCompact` decides).
    private static func paletteIndices(_ image: RGBAImage) -> (palette: [Color], indices: [UInt8])? {
        let unassigned: UInt8 = 0xFF
        let count = image.width * image.height
        var palette: [Color] = []
        // Opaque greys by posterized value; other colours (the outline, a screen's) by pixel.
        var greyIndex = [UInt8](repeating: unassigned, count: 256)
        var others: [(pixel: UInt32, index: UInt8)] = []
        var complete = true
        let indices = [UInt8](unsafeUninitializedCapacity: count) { indices, initialized in
            initialized = count
            image.pixels.withUnsafeBytes { rgba in
                greyIndex.withUnsafeMutableBufferPointer { greyIndex in
                    posterizedGrey.withUnsafeBufferPointer { posterizedGrey in
                        // Most pixels repeat their left neighbour (background, runs of ink): one
                        // compare, four pixels at a time (two 64-bit words) where they all do.
                        var last = rgba.loadUnaligned(as: UInt32.self) ^ 1, lastIndex: UInt8 = 0
                        var lastTwice = UInt64(last) | UInt64(last) << 32, lastFour = UInt32(lastIndex) &* 0x0101_0101
                        let output = UnsafeMutableRawPointer(indices.baseAddress!)
                        var i = 0
                        while i < count {
                            if i &+ 4 <= count, rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self) == lastTwice,
                               rgba.loadUnaligned(fromByteOffset: i &* 4 &+ 8, as: UInt64.self) == lastTwice {
                                output.storeBytes(of: lastFour, toByteOffset: i, as: UInt32.self)
                                i &+= 4
                                continue
                            }
                            let raw = rgba.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self)
                            if raw != last {
                                last = raw
                                lastTwice = UInt64(raw) | UInt64(raw) << 32
                                let pixel = UInt32(littleEndian: raw)
                                let red = pixel & 0xFF
                                // Opaque with R = G = B: the pixel is its red byte times 0x010101, alpha 255.
                                if pixel == red &* 0x01_0101 | 0xFF00_0000 {
                                    let grey = Int(posterizedGrey[Int(red)])
                                    if greyIndex[grey] == unassigned {
                                        guard palette.count < 255 else { complete = false; return }
                                        greyIndex[grey] = UInt8(palette.count)
                                        palette.append(Color(red: UInt8(grey), green: UInt8(grey), blue: UInt8(grey)))
                                    }
                                    lastIndex = greyIndex[grey]
                                } else if let known = others.first(where: { $0.pixel == pixel }) {
                                    lastIndex = known.index
                                } else {
                                    guard palette.count < 255 else { complete = false; return }
                                    lastIndex = UInt8(palette.count)
                                    others.append((pixel, lastIndex))
                                    palette.append(posterizedColor(pixel))
                                }
                            }
                            lastFour = UInt32(lastIndex) &* 0x0101_0101
                            indices[i] = lastIndex
                            i &+= 1
                        }
                    }
                }
            }
        }
        return complete ? (palette, indices) : nil
    }

    /// A pixel (R in the low byte) as a colour, its grey posterized when R = G = B.
    private static func posterizedColor(_ pixel: UInt32) -> Color {
        let red = UInt8(pixel & 0xFF), green = UInt8(pixel >> 8 & 0xFF), blue = UInt8(pixel >> 16 & 0xFF), alpha = UInt8(pixel >> 24)
        guard red == green, green == blue else { return Color(red: red, green: green, blue: blue, alpha: alpha) }
        let grey = posterizedGrey[Int(red)]
        return Color(red: grey, green: grey, blue: grey, alpha: alpha)
    }
}
