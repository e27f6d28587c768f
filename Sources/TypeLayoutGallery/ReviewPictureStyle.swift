import Synchronization
import TypeLayout

/// How review pictures look: a caption written on the picture itself with TypeLayout's own
/// engine (so a picture saved or pasted elsewhere still says what it shows), above a body the
/// caller draws (a label in its frame, a screen), with the failing part outlined.
///
/// Pictures are drawn from few colours (greys in 14 steps, the frame grey and the failure
/// red), so that `PNGCodec.encodeCompact(_:)` stores them as 4-bit palette PNGs.
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
        captionColor = Color(red: 98, green: 98, blue: 98)
        frameColor = Color(red: 216, green: 216, blue: 216)
        failureColor = Color(red: 0xD7, green: 0x00, blue: 0x15)
    }

    /// A picture: `caption` lines (the first in bold; each wrapped to the picture's width, at
    /// most two lines) above a body of `bodyWidth` × `bodyHeight` pixels that `drawBody` draws
    /// with its top-left corner at the given canvas position; greys reduced to 14 steps.
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
        try drawBody(&canvas, padding, bodyTop)
        return Self.posterized(canvas.image())
    }

    /// The caption faces at a size, loaded once: a gallery draws tens of thousands of captions.
    private static let fonts = Mutex<[Double: (bold: Font, regular: Font)]>([:])

    private static func captionFonts(size: Double) throws -> (bold: Font, regular: Font) {
        if let cached = fonts.withLock({ $0[size] }) { return cached }
        let loaded = (try Font(path: BundledFonts.systemText, pointSize: size, weight: .semibold),
                      try Font(path: BundledFonts.systemText, pointSize: size))
        fonts.withLock { $0[size] = loaded }
        return loaded
    }

    /// The image with every grey pixel moved to the nearest of 14 evenly spaced greys (black
    /// and white kept): anti-aliased edges stay smooth to the eye, and the picture needs few
    /// colours. Other colours are kept.
    public static func posterized(_ image: RGBAImage) -> RGBAImage {
        var pixels = image.pixels
        pixels.withUnsafeMutableBufferPointer { bytes in
            for offset in stride(from: 0, to: bytes.count, by: 4) {
                let value = bytes[offset]
                guard value == bytes[offset + 1], value == bytes[offset + 2], value != 0, value != 255 else { continue }
                let step = (Int(value) * 13 + 127) / 255
                let grey = UInt8((step * 255 + 6) / 13)
                bytes[offset] = grey
                bytes[offset + 1] = grey
                bytes[offset + 2] = grey
            }
        }
        // Same size as the input, which was valid, so this never falls back.
        return (try? RGBAImage(width: image.width, height: image.height, pixels: pixels)) ?? image
    }
}
