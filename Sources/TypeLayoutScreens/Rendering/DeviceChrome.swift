import TypeLayout
import TypeLayoutRendering

/// A device's status bar and home indicator, as iOS 17/18 draws them in the light appearance,
/// so that a picture of a screen reads as a phone: ``ScreenRenderer`` draws them over the
/// layout, in the safe area's top and bottom insets, when ``ScreenRenderer/showsDeviceChrome``
/// is on.
///
/// They are decoration: not nodes of the ``ScreenLayout``, so neither in its frames dump nor
/// audited. The status bar does not scale with Dynamic Type (iOS's doesn't). Sizes are
/// Apple's iOS UI kit's where it gives them and our approximation elsewhere (the README's
/// "Controls" table says which).
package struct DeviceChrome: Sendable {
    /// What the status bar's text says and how big it is.
    package struct Clock: Sendable, Equatable, Hashable {
        /// "9:41", and the date beside it on an iPad.
        package var text: String
        /// A fixed size in points.
        package var pointSize: Double
    }

    /// A status bar glyph, drawn as a placeholder shape in its box.
    package enum Glyph: Sendable, Equatable {
        /// The cellular signal: four bars of rising height.
        case signal
        /// Wi-Fi: a filled box.
        case wifi
        /// The battery: an outline with a nub and a charge inside.
        case battery
    }

    /// The clock's text, size and centre in points from the screen's top-left corner.
    package var clock: Clock
    package var clockCenter: (x: Double, y: Double)
    /// Each glyph and its box in points.
    package var glyphs: [(glyph: Glyph, box: BoxRect)]
    /// The home indicator's capsule, if the device has one.
    package var homeIndicator: BoxRect?

    /// The text, glyphs and indicator's colour: dark, for the light appearance.
    package static let color = Color(red: 0, green: 0, blue: 0)
    /// The shortest top inset that holds a status bar (a 20 pt bar: iPhone SE) and the shortest
    /// bottom inset that holds the indicator with its 8 pt margin.
    package static let minimumStatusBarInset = 20.0, minimumIndicatorInset = 13.0
    /// The home indicator on an iPhone: 134 × 5 pt, its bottom 8 pt above the screen's (Apple's
    /// iOS UI kit).
    package static let phoneIndicatorSize = (width: 134.0, height: 5.0), indicatorMargin = 8.0
    /// The home indicator on an iPad: our approximation (about 315 pt wide on the 11-inch).
    package static let tabletIndicatorWidth = 315.0
    /// The Dynamic Island's (and the notch's) width, whose sides hold the clock and the glyphs
    /// (our approximation of the iPhone 14 Pro … 16's 126 pt).
    package static let islandWidth = 126.0

    /// The chrome of `device`, mirrored for a right-to-left layout as iOS mirrors its status bar
    /// (the clock on the right); `nil` for a device without a safe area.
    ///
    /// The home indicator sits 8 pt above `bottom`, the picture's bottom edge (the device's
    /// height unless the content is taller): as in a full-page screenshot, a screen drawn whole
    /// shows it at the end of the content, not across the text at the fold.
    package init?(device: Device, direction: Direction, bottom: Double? = nil) {
        let width = device.width, top = device.safeArea.top
        let tablet = width >= 600
        // Phones with a notch or the Dynamic Island have insets of 44 pt and more; 20 pt is the
        // classic status bar.
        let island = !tablet && top >= 44
        let hasBar = top >= Self.minimumStatusBarInset
        let hasIndicator = device.safeArea.bottom >= Self.minimumIndicatorInset
        guard hasBar || hasIndicator else { return nil }
        // The bar's line: the middle of the top inset (the island's middle on its phones).
        let middle = top / 2
        // Glyph boxes, left to right, at the kit's sizes (smaller on the shorter bars).
        let glyphScale = island ? 1.0 : 0.85
        func boxes(_ glyphs: [Glyph], from x: Double) -> [(glyph: Glyph, box: BoxRect)] {
            var x = x
            return glyphs.map { glyph in
                let size = Self.size(of: glyph, scale: glyphScale)
                defer { x += size.width + 6 * glyphScale }
                return (glyph, BoxRect(x: x, y: middle - size.height / 2, width: size.width, height: size.height))
            }
        }
        func groupWidth(_ glyphs: [Glyph]) -> Double {
            glyphs.map { Self.size(of: $0, scale: glyphScale).width }.reduce(0, +) + 6 * glyphScale * Double(glyphs.count - 1)
        }
        let trailing: [Glyph] = [.signal, .wifi, .battery]
        if island {
            // The clock in the middle of the island's left side, the glyphs in its right side's.
            let ear = (width - Self.islandWidth) / 2
            clock = Clock(text: "9:41", pointSize: 17)
            clockCenter = (ear / 2, middle)
            glyphs = boxes(trailing, from: width - ear / 2 - groupWidth(trailing) / 2)
        } else if tablet {
            clock = Clock(text: "9:41  Tue Jan 9", pointSize: 12)
            clockCenter = (.nan, middle)  // left-aligned: placed when its width is known
            glyphs = boxes(trailing, from: width - 20 - groupWidth(trailing))
        } else {
            // The classic bar: the clock in the middle, signal and Wi-Fi left, battery right.
            clock = Clock(text: "9:41", pointSize: 12)
            clockCenter = (width / 2, middle)
            glyphs = boxes([.signal, .wifi], from: 6) + boxes([.battery], from: width - 6 - groupWidth([.battery]))
        }
        if !hasBar { glyphs = [] }
        self.hasBar = hasBar
        mirrored = direction == .rtl
        if mirrored {
            glyphs = glyphs.map { ($0.glyph, BoxRect(x: width - $0.box.x - $0.box.width, y: $0.box.y,
                                                     width: $0.box.width, height: $0.box.height)) }
            if clockCenter.x.isFinite { clockCenter.x = width - clockCenter.x }
        }
        self.width = width
        let indicatorWidth = tablet ? Self.tabletIndicatorWidth : Self.phoneIndicatorSize.width
        homeIndicator = hasIndicator
            ? BoxRect(x: (width - indicatorWidth) / 2,
                      y: max(device.height, bottom ?? 0) - Self.indicatorMargin - Self.phoneIndicatorSize.height,
                      width: indicatorWidth, height: Self.phoneIndicatorSize.height)
            : nil
    }

    /// Whether there is a status bar (the clock and glyphs).
    package var hasBar: Bool
    private var mirrored: Bool
    private var width: Double

    /// A glyph's box: the kit's signal, Wi-Fi and battery sizes, rounded.
    private static func size(of glyph: Glyph, scale: Double) -> (width: Double, height: Double) {
        switch glyph {
        case .signal: (18 * scale, 12 * scale)
        case .wifi: (16 * scale, 12 * scale)
        case .battery: (27 * scale, 13 * scale)
        }
    }

    /// The clock's text laid out at its fixed size, semibold, in the system stand-in face.
    package static func layOut(_ clock: Clock, engine: TextLayoutEngine) throws -> TextLayout {
        let font = try Font(path: BundledFonts.systemText, pointSize: clock.pointSize, weight: .semibold)
        return try SheetCells.label(clock.text, font: font, color: color, engine: engine)
    }

    /// Where the clock's text (``layOut(_:engine:)`` of ``clock``, `size` points) goes, in
    /// pixels, with the screen's top-left corner at (`left`, `top`): on whole pixels, so that its
    /// pixels don't depend on where a sheet puts the cell.
    package func clockOrigin(size: (width: Double, height: Double), left: Int, top: Int, scale: Int) -> (x: Double, y: Double) {
        let s = Double(scale)
        // An iPad's clock starts 20 pt from the leading edge.
        let centerX = clockCenter.x.isFinite ? clockCenter.x : mirrored ? width - 20 - size.width / 2 : 20 + size.width / 2
        return ((Double(left) + (centerX - size.width / 2) * s).rounded(),
                (Double(top) + (clockCenter.y - size.height / 2) * s).rounded())
    }

    /// Draws the chrome with the screen's top-left corner at (`left`, `top`) pixels; `clockText`
    /// is ``layOut(_:engine:)`` of ``clock``, `clockInk` its ink at ``clockOrigin(size:left:top:scale:)``
    /// when drawing in bands.
    package func draw(into canvas: inout Canvas, left: Int, top: Int, scale: Int, clockText: TextLayout?,
                      clockInk: TextInk?, rasterizer: Rasterizer) throws {
        let s = Double(scale)
        func pixels(_ box: BoxRect, radius: Double = 0) -> RoundedRect {
            RoundedRect(x: Double(left) + box.x * s, y: Double(top) + box.y * s, width: box.width * s,
                        height: box.height * s, radius: radius * s)
        }
        if hasBar, let clockText {
            let origin = clockOrigin(size: (clockText.size.width, clockText.size.height), left: left, top: top, scale: scale)
            try rasterizer.draw(clockText, into: &canvas, atX: origin.x, y: origin.y, scale: scale, ink: clockInk)
        }
        for (glyph, box) in glyphs {
            switch glyph {
            case .signal:
                // Four bars, a third to the whole height, with gaps a third of a bar's width.
                let bar = box.width / 4.33
                for index in 0..<4 {
                    let height = box.height * Double(index + 1) / 4
                    canvas.fill(pixels(BoxRect(x: box.x + Double(index) * bar * 1.11, y: box.y + box.height - height,
                                               width: bar * 0.78, height: height), radius: bar * 0.25), color: Self.color)
                }
            case .wifi:
                canvas.fill(pixels(box, radius: box.height * 0.3), color: Self.color)
            case .battery:
                let nub = box.width * 0.06
                let body = BoxRect(x: mirrored ? box.x + nub : box.x, y: box.y, width: box.width - nub, height: box.height)
                let outline = pixels(body, radius: box.height * 0.3)
                let line = max(1, s)
                canvas.fill(outline, excluding: outline.inset(top: line, right: line, bottom: line, left: line),
                            color: Color(red: 0, green: 0, blue: 0, alpha: 0x66))
                let inset = 2 * box.height / 13
                canvas.fill(pixels(BoxRect(x: body.x + inset, y: body.y + inset, width: body.width - 2 * inset,
                                           height: body.height - 2 * inset), radius: box.height * 0.15), color: Self.color)
                let nubBox = BoxRect(x: mirrored ? box.x : box.x + box.width - nub, y: box.y + box.height * 0.33,
                                     width: nub, height: box.height * 0.34)
                canvas.fill(pixels(nubBox), color: Color(red: 0, green: 0, blue: 0, alpha: 0x66))
            }
        }
        if let homeIndicator {
            canvas.fill(pixels(homeIndicator, radius: homeIndicator.height / 2), color: Self.color)
        }
    }
}
