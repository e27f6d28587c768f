import TypeLayout
import TypeLayoutRendering

/// An image node made ready for every category: its picture decoded once, and its size at
/// the large category (the node's `width`/`height`, else the file's pixels as points).
struct PreparedImage: Sendable {
    let fill: ScreenLayout.ImageFill
    let width: Double
    let height: Double
    let scaling: ScreenImage.Scaling

    /// Reads the image's file, through `decoded` so that a file several nodes show is read once.
    ///
    /// - Throws: ``ScreenError/invalidImage(node:file:reason:location:)`` for a file that can't
    ///   be read or decoded, and for a size that is negative or not finite.
    init(_ image: ScreenImage, node: NodeName, decoded: inout [String: RGBAImage]) throws {
        func invalid(_ file: String?, _ reason: String) -> ScreenError {
            .invalidImage(node: node.text, file: file, reason: reason, location: node.location)
        }
        for (name, size) in [("width", image.width), ("height", image.height)] {
            if let size, !(size.isFinite && size >= 0) {
                throw invalid(nil, "\(name) must be a number of points of 0 or more, got \(size)")
            }
        }
        switch image.source {
        case let .placeholder(color):
            fill = .color(color)
            width = image.width ?? 0
            height = image.height ?? 0
        case let .file(path):
            let bitmap: RGBAImage
            if let known = decoded[path] {
                bitmap = known
            } else {
                do {
                    bitmap = try PNGCodec.read(contentsOf: path)
                } catch {
                    throw invalid(path, "can't be used: \(error)")
                }
                decoded[path] = bitmap
            }
            fill = .bitmap(bitmap)
            // One side given: the other keeps the picture's proportions.
            let (pixelWidth, pixelHeight) = (Double(bitmap.width), Double(bitmap.height))
            switch (image.width, image.height) {
            case let (width?, height?): (self.width, self.height) = (width, height)
            case let (width?, nil): (self.width, self.height) = (width, width * pixelHeight / pixelWidth)
            case let (nil, height?): (self.width, self.height) = (height * pixelWidth / pixelHeight, height)
            case (nil, nil): (self.width, self.height) = (pixelWidth, pixelHeight)
            }
        }
        scaling = image.scaling
    }

    /// The image's size at a category, rounded to the display's pixels.
    func size(at category: ContentSizeCategory, displayScale: Double) -> (width: Double, height: Double) {
        switch scaling {
        case .none:
            return (width, height)
        case .accessibility:
            return ImageScaling.scaledSize(width: width, height: height, for: category, displayScale: displayScale)
        case let .relativeTo(style):
            // As SF Symbols do: the style's line spacing at the category over that at large.
            let factor = style.baselineToBaseline(at: category) / style.baselineToBaseline(at: .large)
            let scale = displayScale > 0 ? displayScale : 1
            return ((width * factor * scale).rounded() / scale, (height * factor * scale).rounded() / scale)
        }
    }

    /// The node's style with the image's size at the category wherever the style leaves a side
    /// `auto` (a side the style sets keeps the image's proportions through `aspectRatio`).
    func sizing(_ style: BoxStyle, at category: ContentSizeCategory, displayScale: Double) -> BoxStyle {
        let size = size(at: category, displayScale: displayScale)
        var style = style
        switch (style.width == .auto, style.height == .auto) {
        case (true, true):
            style.width = .points(size.width)
            style.height = .points(size.height)
        case (true, false), (false, true):
            if style.aspectRatio == nil, size.width > 0, size.height > 0 {
                style.aspectRatio = size.width / size.height
            }
        case (false, false):
            break
        }
        return style
    }
}
