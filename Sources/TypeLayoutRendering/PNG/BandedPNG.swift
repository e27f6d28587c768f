import TypeLayout
extension PNGCodec {
    /// Writes a picture of `width × height` pixels as a PNG file at `path`, atomically as
    /// ``write(_:to:)`` does, drawing it a band of rows at a time so that the whole picture is
    /// never held: `draw` gets a canvas of some of the picture's rows filled with `background`,
    /// takes the picture's coordinates (drawing outside the band's rows does nothing), and is
    /// called once a band, several bands at once on a few threads.
    ///
    /// `draw` must paint every band as it would paint the whole picture (the same calls each
    /// time, which every canvas operation turns into the same pixels within the band). Each
    /// band is compressed as soon as it is drawn, so a picture of hundreds of megabytes takes a
    /// few megabytes. An opaque `background` gives an RGB file, any other an RGBA one.
    ///
    /// - Throws: the first error `draw` throws, in band order, before anything is written;
    ///   `ImageError/tooLarge(width:height:)` for a picture past `RGBAImage/maximumDimension`
    ///   pixels on a side (a band is limited as a canvas is); the errors of ``write(_:to:)``.
    public static func write(
        width: Int, height: Int, background: Color, to path: String,
        drawingBands draw: @Sendable (inout Canvas) throws -> Void
    ) throws {
        guard width <= RGBAImage.maximumDimension, height <= RGBAImage.maximumDimension else {
            throw ImageError.tooLarge(width: width, height: height)
        }
        try PNGWriter.checkSize(width: width, height: height)
        // An opaque canvas stays opaque (Canvas.isOpaque): the alpha channel says nothing.
        let channels = background.alpha == 255 ? 3 : 4
        let header = PNGWriter.Header(width: width, height: height, channels: channels)
        let data = try PNGWriter.streamed(header) { rows, buffer in
            var canvas = try Canvas(width: width, rows: rows, background: background)
            try draw(&canvas)
            let image = canvas.takeImage()
            image.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<rows.count {
                    let row = buffer + y * (header.rowBytes + 1)
                    row[0] = 0
                    PNGWriter.pack(pixels.baseAddress! + y * width * 4, into: row + 1, width: width, channels: channels)
                }
            }
        }
        try writeAtomically(data, to: path, beforeRename: {})
    }
}
