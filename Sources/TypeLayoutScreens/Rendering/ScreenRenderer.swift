import TypeLayout
import TypeLayoutRendering

/// Draws a ``ScreenLayout``: the screen's background, then each node in document order as CSS
/// and React Native paint a view (its background over the border box with rounded corners, its
/// border, its text or image), children over their parents, `overflow: hidden` and `scroll`
/// boxes, and scroll views with views pinned below them, clipping their descendants to the
/// padding box (``ScreenLayout/clipsContent(_:)``).
///
/// The whole content is drawn, however much taller than the device it is; the fold (the
/// device's bottom edge) is marked by a dashed line and a "fold" caption in a gutter to the
/// right of the screen, outside the content.
///
/// Corners are anti-aliased: straight edges by the exact fraction of each pixel covered,
/// curves by 16 samples a pixel. Bitmaps are scaled to their content box bilinearly and cut to
/// its rounded corners. Clipping is to the padding box, rounded corners included (the corner
/// pixels are saved before the descendants are painted and put back outside the curve after).
///
/// On a device with a safe area (the presets), the status bar and the home indicator are drawn
/// over the content in its insets, as iOS draws them in the light appearance, unless
/// ``showsDeviceChrome`` is off; they are decoration, in neither the layout's nodes, its frames
/// dump nor the audit.
public struct ScreenRenderer: Sendable {
    /// Pixels per point: 1, 2 or 3 (`Rasterizer.scales`).
    public var scale: Int
    /// Whether every node's frame is outlined, in a colour per depth in the tree.
    public var debugFrames: Bool
    /// Whether the gutter with the fold's caption is drawn, and the fold's line where the
    /// content runs past it.
    public var marksFold: Bool
    /// The fold's line and caption.
    public var foldColor: Color
    /// The gutter beside the screen.
    public var gutterColor: Color
    /// Whether a device's status bar (the clock "9:41" at a fixed size, placeholder signal,
    /// Wi-Fi and battery glyphs) and home indicator are drawn in its safe area's insets, so that
    /// the picture reads as a phone. A device without a safe area (`Device(width:height:)`) has
    /// none to draw; with it off, the picture is the layout alone.
    public var showsDeviceChrome: Bool

    /// The gutter's width in points.
    public static let gutterWidth = 36.0
    /// The colours of ``debugFrames`` outlines: the root's first, then one per level, repeating.
    public static let debugFrameColors: [Color] = [
        Color(red: 0xFF, green: 0x2D, blue: 0x55), Color(red: 0x00, green: 0x7A, blue: 0xFF),
        Color(red: 0x34, green: 0xC7, blue: 0x59), Color(red: 0xFF, green: 0x95, blue: 0x00),
        Color(red: 0xAF, green: 0x52, blue: 0xDE), Color(red: 0x5A, green: 0xC8, blue: 0xFA),
    ]

    /// A renderer at `scale`, with the fold marked and the device's chrome drawn.
    public init(scale: Int = 2, debugFrames: Bool = false, marksFold: Bool = true, showsDeviceChrome: Bool = true) {
        self.scale = scale
        self.debugFrames = debugFrames
        self.marksFold = marksFold
        self.showsDeviceChrome = showsDeviceChrome
        foldColor = Color(red: 0xFF, green: 0x3B, blue: 0x30)
        gutterColor = Color(red: 0xEF, green: 0xEF, blue: 0xF4)
    }

    /// The picture's size in pixels: the device's width (plus the gutter when ``marksFold``)
    /// by the layout's ``ScreenLayout/contentHeight``, each × ``scale`` and rounded up.
    ///
    /// - Throws: `TypeLayoutError.invalidDisplayScale` for a scale outside
    ///   `Rasterizer.scales`; ``ScreenRenderingError/imageTooLarge(width:height:scale:)``
    ///   for a picture past `RGBAImage.maximumDimension` or `RGBAImage.maximumByteCount`.
    public func imageSize(of layout: ScreenLayout) throws -> (width: Int, height: Int) {
        let size = try screenSize(of: layout)
        return (size.width + gutterPixels, size.height)
    }

    /// Renders `layout` into a new image of ``imageSize(of:)`` pixels.
    ///
    /// - Throws: the errors of ``imageSize(of:)``, before allocating anything; a glyph that
    ///   can't be rasterized (`Rasterizer.draw(_:into:atX:y:scale:)`).
    public func render(_ layout: ScreenLayout, engine: TextLayoutEngine = .shared,
                       rasterizer: Rasterizer = Rasterizer()) throws -> RGBAImage {
        let size = try imageSize(of: layout)
        var canvas = try Canvas(width: size.width, height: size.height, background: gutterColor)
        try draw(layout, into: &canvas, left: 0, top: 0, texts: texts(for: [layout], engine: engine), rasterizer: rasterizer)
        return canvas.takeImage()
    }

    /// The texts drawn beside or over the screens: the "fold" caption and the status bars'
    /// clocks, laid out once for every screen drawn.
    package struct Texts: Sendable {
        /// The "fold" caption; `nil` without ``marksFold``.
        var fold: TextLayout?
        /// Each clock the screens' status bars show.
        var clocks: [DeviceChrome.Clock: TextLayout] = [:]
    }

    /// The ``Texts`` that drawing `layouts` needs.
    package func texts(for layouts: [ScreenLayout], engine: TextLayoutEngine) throws -> Texts {
        var texts = Texts()
        if marksFold {
            let font = try Font(path: BundledFonts.systemText, pointSize: SheetCells.captionSize)
            texts.fold = try SheetCells.label("fold", font: font, color: foldColor, engine: engine)
        }
        for layout in layouts {
            guard let chrome = chrome(of: layout), chrome.hasBar, texts.clocks[chrome.clock] == nil else { continue }
            texts.clocks[chrome.clock] = try DeviceChrome.layOut(chrome.clock, engine: engine)
        }
        return texts
    }

    /// The status bar and home indicator drawn over `layout`; `nil` when ``showsDeviceChrome``
    /// is off or the device has no safe area.
    package func chrome(of layout: ScreenLayout) -> DeviceChrome? {
        showsDeviceChrome ? DeviceChrome(device: layout.device, direction: layout.direction, bottom: layout.contentHeight) : nil
    }

    /// The screen's own area in pixels, checked against the image limits.
    package func screenSize(of layout: ScreenLayout) throws -> (width: Int, height: Int) {
        guard Rasterizer.scales.contains(scale) else { throw TypeLayoutError.invalidDisplayScale(Double(scale)) }
        let width = ContactSheet.pixels(layout.device.width, scale: Double(scale))
        let height = ContactSheet.pixels(layout.contentHeight, scale: Double(scale))
        try ScreenRenderingError.check(width: width + gutterPixels, height: height, scale: scale)
        return (max(1, width), max(1, height))
    }

    private var gutterPixels: Int { marksFold ? ContactSheet.pixels(Self.gutterWidth, scale: Double(scale)) : 0 }

    /// Draws `layout` with the screen's top-left corner at (`left`, `top`) of `canvas`, the gutter
    /// (when ``marksFold``) to its right; nothing is drawn outside those.
    ///
    /// `inks`, when given, is ``textInks(of:left:top:texts:rasterizer:)`` at the same corner: each
    /// text then draws only the glyphs that reach the canvas's rows.
    package func draw(_ layout: ScreenLayout, into canvas: inout Canvas, left: Int, top: Int,
                      texts: Texts, rasterizer: Rasterizer, inks: [TextInk?]? = nil) throws {
        let size = try screenSize(of: layout)
        let outerClip = canvas.clip
        defer { canvas.setClip(outerClip) }
        let screen = PixelRect(minX: left, minY: top, maxX: left + size.width, maxY: top + size.height)
        canvas.setClip(screen.intersection(outerClip))
        canvas.fill(x: left, y: top, width: size.width, height: size.height, color: layout.background)
        try paintNodes(of: layout, into: &canvas, left: left, top: top, rasterizer: rasterizer, inks: inks)
        if let chrome = chrome(of: layout) {
            try chrome.draw(into: &canvas, left: left, top: top, scale: scale, clockText: texts.clocks[chrome.clock],
                            clockInk: inks.flatMap { $0.count > layout.nodes.count ? $0[layout.nodes.count] : nil },
                            rasterizer: rasterizer)
        }
        if debugFrames { outlineFrames(of: layout, into: &canvas, left: left, top: top) }
        if marksFold {
            canvas.setClip(PixelRect(minX: left, minY: top, maxX: left + size.width + gutterPixels, maxY: top + size.height)
                .intersection(outerClip))
            try markFold(of: layout, into: &canvas, left: left, top: top, screenWidth: size.width, caption: texts.fold,
                         rasterizer: rasterizer)
        }
    }

    /// The rows each node's text's glyphs cover when the screen's top-left corner is at
    /// (`left`, `top`), as ``draw(_:into:left:top:texts:rasterizer:inks:)`` places the
    /// text; nil for a node without text. One more, after the nodes', is the status bar's clock's
    /// (nil without one): measuring rasterizes the glyphs, so that bands drawn on several threads
    /// only read them.
    package func textInks(of layout: ScreenLayout, left: Int, top: Int, texts: Texts, rasterizer: Rasterizer) throws -> [TextInk?] {
        let geometry = NodeGeometry.resolve(layout)
        var inks: [TextInk?] = try layout.nodes.indices.map { index in
            guard let text = layout.nodes[index].text else { return nil }
            let origin = textOrigin(of: layout.nodes[index], geometry[index], left: left, top: top)
            return try rasterizer.ink(of: text, atX: origin.x, y: origin.y, scale: scale)
        }
        if let chrome = chrome(of: layout), chrome.hasBar, let clock = texts.clocks[chrome.clock] {
            let origin = chrome.clockOrigin(size: (clock.size.width, clock.size.height), left: left, top: top, scale: scale)
            inks.append(try rasterizer.ink(of: clock, atX: origin.x, y: origin.y, scale: scale))
        } else {
            inks.append(nil)
        }
        return inks
    }

    /// The pixel position of a node's text: its content box's top-left corner.
    private func textOrigin(of node: ScreenLayout.Node, _ box: NodeGeometry, left: Int, top: Int) -> (x: Double, y: Double) {
        let s = Double(scale)
        return (Double(left) + (node.frame.x + box.border.left + box.padding.left) * s,
                Double(top) + (node.frame.y + box.border.top + box.padding.top) * s)
    }

    /// Each node's background, border and content, clipping descendants of clipping boxes.
    private func paintNodes(of layout: ScreenLayout, into canvas: inout Canvas, left: Int, top: Int,
                            rasterizer: Rasterizer, inks: [TextInk?]?) throws {
        let s = Double(scale)
        let geometry = NodeGeometry.resolve(layout)
        // The open ancestors of the node being painted, each with the clip to restore once its
        // subtree is done (nil if it didn't clip) and, for a rounded clip, the shape and the
        // corners' pixels from before its descendants were painted.
        var ancestors: [Ancestor] = []
        for (index, node) in layout.nodes.enumerated() {
            while let last = ancestors.last, last.node != node.parent {
                ancestors.removeLast()
                last.close(on: &canvas)
            }
            let frame = node.frame, box = geometry[index]
            let outer = RoundedRect(x: Double(left) + frame.x * s, y: Double(top) + frame.y * s,
                                    width: frame.width * s, height: frame.height * s,
                                    radius: node.style.borderRadius.isFinite ? node.style.borderRadius * s : 0)
            let border = box.border.scaled(by: s)
            let paddingBox = outer.inset(top: border.top, right: border.right, bottom: border.bottom, left: border.left)
            if let background = node.style.backgroundColor {
                canvas.fill(outer, color: background)
            }
            if border.top > 0 || border.right > 0 || border.bottom > 0 || border.left > 0 {
                // React Native's and CSS's default: a border with no colour is black.
                canvas.fill(outer, excluding: paddingBox, color: node.style.borderColor ?? .black)
            }
            let padding = box.padding.scaled(by: s)
            let contentBox = paddingBox.inset(top: padding.top, right: padding.right, bottom: padding.bottom, left: padding.left)
            if let text = node.text {
                let origin = textOrigin(of: node, box, left: left, top: top)
                try rasterizer.draw(text, into: &canvas, atX: origin.x, y: origin.y, scale: scale, ink: inks?[index])
            }
            switch node.image {
            case .color(let color)?:
                canvas.fill(contentBox, color: color)
            case .bitmap(let image)?:
                // Cut to the content box's curve, as CSS and React Native round an image.
                let corners = contentBox.cornerBoxes.map { canvas.savePixels(in: $0) }
                canvas.draw(image: image, scaledToX: contentBox.minX, y: contentBox.minY,
                            width: contentBox.maxX - contentBox.minX, height: contentBox.maxY - contentBox.minY)
                for corner in corners { canvas.restore(corner, outside: contentBox) }
            case nil:
                break
            }
            var ancestor = Ancestor(node: index)
            if layout.clipsContent(node) {
                ancestor.restore = canvas.clip
                ancestor.shape = paddingBox
                ancestor.corners = paddingBox.cornerBoxes.map { canvas.savePixels(in: $0) }
                canvas.setClip(canvas.clip.intersection(paddingBox.enclosedPixels))
            }
            ancestors.append(ancestor)
        }
        while let last = ancestors.popLast() { last.close(on: &canvas) }
    }

    /// A one-pixel outline of every node's frame, over everything, unclipped but for the screen.
    private func outlineFrames(of layout: ScreenLayout, into canvas: inout Canvas, left: Int, top: Int) {
        let s = Double(scale)
        var depths: [Int] = []
        depths.reserveCapacity(layout.nodes.count)
        for node in layout.nodes {
            let depth = node.parent.map { depths[$0] + 1 } ?? 0
            depths.append(depth)
            let x = RoundedRect.pixel((Double(left) + node.frame.x * s).rounded())
            let y = RoundedRect.pixel((Double(top) + node.frame.y * s).rounded())
            let right = RoundedRect.pixel((Double(left) + (node.frame.x + node.frame.width) * s).rounded())
            let bottom = RoundedRect.pixel((Double(top) + (node.frame.y + node.frame.height) * s).rounded())
            canvas.strokeRect(x: x, y: y, width: max(1, right - x), height: max(1, bottom - y), lineWidth: 1,
                              color: Self.debugFrameColors[depth % Self.debugFrameColors.count])
        }
    }

    /// The dashed line at the device's height, where the content runs past it, and the caption
    /// in the gutter below it.
    private func markFold(of layout: ScreenLayout, into canvas: inout Canvas, left: Int, top: Int, screenWidth: Int,
                          caption: TextLayout?, rasterizer: Rasterizer) throws {
        let foldRow = ContactSheet.pixels(layout.device.height, scale: Double(scale))
        let height = ContactSheet.pixels(layout.contentHeight, scale: Double(scale))
        guard foldRow < height else { return }
        let dash = 4 * scale, space = 3 * scale
        var x = 0
        let total = screenWidth + gutterPixels
        while x < total {
            canvas.fill(x: left + x, y: top + foldRow, width: min(dash, total - x), height: scale, color: foldColor)
            x += dash + space
        }
        if let caption {
            try rasterizer.draw(caption, into: &canvas, atX: Double(left + screenWidth) + 4 * Double(scale),
                                y: Double(top + foldRow + 2 * scale), scale: scale)
        }
    }
}

/// A node whose subtree is being painted, and what its clip, if it has one, undoes at the end.
private struct Ancestor {
    let node: Int
    var restore: PixelRect?
    var shape: RoundedRect?
    var corners: [(rect: PixelRect, pixels: [UInt8])] = []

    init(node: Int) { self.node = node }

    /// Cuts the subtree's painting to the rounded corners and restores the clip from before.
    func close(on canvas: inout Canvas) {
        if let shape { for corner in corners { canvas.restore(corner, outside: shape) } }
        if let restore { canvas.setClip(restore) }
    }
}

/// Why a screen can't be drawn.
public enum ScreenRenderingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The picture would be past `RGBAImage.maximumDimension` pixels on a side or
    /// `RGBAImage.maximumByteCount` bytes.
    case imageTooLarge(width: Int, height: Int, scale: Int)

    /// One sentence with the size and the limits.
    public var description: String {
        switch self {
        case let .imageTooLarge(width, height, scale):
            "the picture would be \(width) × \(height) px at @\(scale)x, past the limit of \(RGBAImage.maximumDimension) px "
                + "a side and \(RGBAImage.maximumByteCount >> 20) MiB; draw it at a smaller scale or with fewer categories"
        }
    }

    /// Throws ``imageTooLarge(width:height:scale:)`` unless a `width × height` picture is allowed.
    static func check(width: Int, height: Int, scale: Int) throws {
        guard width <= RGBAImage.maximumDimension, height <= RGBAImage.maximumDimension,
              width * height * 4 <= RGBAImage.maximumByteCount
        else { throw imageTooLarge(width: width, height: height, scale: scale) }
    }
}

/// A node's border widths and padding in points, after `start`/`end` and percentages resolve
/// as the layout resolved them.
struct NodeGeometry {
    var border = Insets()
    var padding = Insets()
    var direction = Direction.ltr

    /// Every node's geometry, in one pass: a parent comes before its children, so its
    /// direction and content width are known when theirs are needed. The root's padding
    /// percentages are of the device's width inside its safe area, as in the layout.
    static func resolve(_ layout: ScreenLayout) -> [NodeGeometry] {
        let nodes = layout.nodes
        let viewportWidth = max(0, layout.device.width - layout.device.safeArea.left - layout.device.safeArea.right)
        var result: [NodeGeometry] = []
        var contentWidths: [Double] = []
        result.reserveCapacity(nodes.count)
        contentWidths.reserveCapacity(nodes.count)
        for node in nodes {
            var geometry = NodeGeometry()
            // The root inherits the direction the layout was laid out in (a right-to-left
            // language's), as the layout pass resolved it.
            let parentDirection = node.parent.map { result[$0].direction } ?? layout.direction
            geometry.direction = node.style.direction == .inherit ? parentDirection : node.style.direction
            let style = node.style
            geometry.padding = style.padding.resolved(direction: geometry.direction,
                                                      reference: node.parent.map { contentWidths[$0] } ?? viewportWidth)
                .clampedAtZero.finite
            geometry.border = style.borderWidth.resolved(direction: geometry.direction).finite
            contentWidths.append(max(0, node.frame.width - geometry.padding.sum(.horizontal) - geometry.border.sum(.horizontal)))
            result.append(geometry)
        }
        return result
    }
}

extension Insets {
    /// Each side times `s`: points to pixels.
    func scaled(by s: Double) -> Insets { Insets(top: top * s, right: right * s, bottom: bottom * s, left: left * s) }

    /// Infinite or NaN sides as 0: nothing to paint there.
    var finite: Insets {
        func clean(_ value: Double) -> Double { value.isFinite ? value : 0 }
        return Insets(top: clean(top), right: clean(right), bottom: clean(bottom), left: clean(left))
    }
}

extension RoundedRect {
    /// The whole pixels whose centres are inside the bounding rectangle: a clip that keeps
    /// a child from painting over a neighbour's half-covered edge pixel.
    var enclosedPixels: PixelRect {
        guard !isEmpty else { return PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) }
        return PixelRect(minX: Self.pixel(minX.rounded()), minY: Self.pixel(minY.rounded()),
                         maxX: Self.pixel(maxX.rounded()), maxY: Self.pixel(maxY.rounded()))
    }
}
