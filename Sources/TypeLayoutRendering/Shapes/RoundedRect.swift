import TypeLayout
/// A rectangle with elliptical corners in canvas pixels (fractions allowed): a box's border
/// edge, padding edge or content edge as CSS and React Native round them.
package struct RoundedRect: Sendable, Hashable {
    /// One corner's horizontal and vertical radius; a corner with either at 0 is square.
    package struct Radius: Sendable, Hashable {
        /// The horizontal radius in pixels.
        package var width: Double
        /// The vertical radius in pixels.
        package var height: Double

        /// A corner `width` across and `height` down.
        package init(width: Double, height: Double) {
            let square = !(width > 0 && height > 0)
            self.width = square ? 0 : width
            self.height = square ? 0 : height
        }
    }

    /// The left edge.
    package let minX: Double
    /// The top edge.
    package let minY: Double
    /// The right edge.
    package let maxX: Double
    /// The bottom edge.
    package let maxY: Double
    /// The corners, clockwise from the top left.
    package let topLeft: Radius, topRight: Radius, bottomRight: Radius, bottomLeft: Radius

    /// A rectangle with the given corners, shrunk together as CSS shrinks them when two on one
    /// side would overlap. A width or height that isn't positive (or finite) is an empty shape.
    package init(x: Double, y: Double, width: Double, height: Double,
                 topLeft: Radius, topRight: Radius, bottomRight: Radius, bottomLeft: Radius) {
        let empty = !(width > 0 && height > 0 && x.isFinite && y.isFinite && width.isFinite && height.isFinite)
        minX = empty ? 0 : x
        minY = empty ? 0 : y
        maxX = empty ? 0 : x + width
        maxY = empty ? 0 : y + height
        // CSS Backgrounds 3, "Overlapping Curves": one factor for all corners.
        func fit(_ length: Double, _ sum: Double) -> Double { sum > length ? length / sum : 1 }
        let factor = min(fit(width, topLeft.width + topRight.width), fit(width, bottomLeft.width + bottomRight.width),
                         fit(height, topLeft.height + bottomLeft.height), fit(height, topRight.height + bottomRight.height))
        func scaled(_ r: Radius) -> Radius {
            empty ? Radius(width: 0, height: 0) : Radius(width: r.width * factor, height: r.height * factor)
        }
        self.topLeft = scaled(topLeft)
        self.topRight = scaled(topRight)
        self.bottomRight = scaled(bottomRight)
        self.bottomLeft = scaled(bottomLeft)
    }

    /// A rectangle with every corner of `radius` (circular).
    package init(x: Double, y: Double, width: Double, height: Double, radius: Double = 0) {
        let corner = Radius(width: radius, height: radius)
        self.init(x: x, y: y, width: width, height: height,
                  topLeft: corner, topRight: corner, bottomRight: corner, bottomLeft: corner)
    }

    /// Whether the shape covers any area.
    package var isEmpty: Bool { !(maxX > minX && maxY > minY) }

    /// The shape moved in by each edge's amount, its corners' radii reduced by the edges beside
    /// them (never below 0): how CSS derives the padding edge from the border edge.
    package func inset(top: Double, right: Double, bottom: Double, left: Double) -> RoundedRect {
        func reduced(_ r: Radius, _ horizontal: Double, _ vertical: Double) -> Radius {
            Radius(width: max(0, r.width - horizontal), height: max(0, r.height - vertical))
        }
        return RoundedRect(
            x: minX + left, y: minY + top, width: maxX - minX - left - right, height: maxY - minY - top - bottom,
            topLeft: reduced(topLeft, left, top), topRight: reduced(topRight, right, top),
            bottomRight: reduced(bottomRight, right, bottom), bottomLeft: reduced(bottomLeft, left, bottom))
    }

    /// One row's columns: `start ..< end` may be touched, `solidStart ..< solidEnd` is covered
    /// fully, the rest of the row needs ``coverage(column:row:)``.
    struct RowSpan {
        var start: Int, solidStart: Int, solidEnd: Int, end: Int
    }

    func span(row: Int) -> RowSpan {
        let top = Double(row), bottom = top + 1
        let start = Self.pixel(minX.rounded(.down)), end = Self.pixel(maxX.rounded(.up))
        guard top >= minY, bottom <= maxY else { return RowSpan(start: start, solidStart: start, solidEnd: start, end: end) }
        var leftReach = 0.0, rightReach = 0.0
        if top < minY + topLeft.height { leftReach = topLeft.width }
        if bottom > maxY - bottomLeft.height { leftReach = max(leftReach, bottomLeft.width) }
        if top < minY + topRight.height { rightReach = topRight.width }
        if bottom > maxY - bottomRight.height { rightReach = max(rightReach, bottomRight.width) }
        let solidStart = Self.pixel((minX + leftReach).rounded(.up))
        let solidEnd = max(solidStart, Self.pixel((maxX - rightReach).rounded(.down)))
        return RowSpan(start: start, solidStart: solidStart, solidEnd: solidEnd, end: end)
    }

    /// The covered fraction of pixel (`column`, `row`), 0...255: exact for straight edges, 16
    /// samples where a corner's curve passes.
    func coverage(column: Int, row: Int) -> UInt32 {
        let x = Double(column), y = Double(row)
        let across = min(x + 1, maxX) - max(x, minX), down = min(y + 1, maxY) - max(y, minY)
        guard across > 0, down > 0 else { return 0 }
        let nearCorner = (x < minX + topLeft.width && y < minY + topLeft.height)
            || (x + 1 > maxX - topRight.width && y < minY + topRight.height)
            || (x + 1 > maxX - bottomRight.width && y + 1 > maxY - bottomRight.height)
            || (x < minX + bottomLeft.width && y + 1 > maxY - bottomLeft.height)
        guard nearCorner else { return UInt32((across * down * 255).rounded()) }
        return wholeSampleCoverage(x: x, y: y) ?? sampledCoverage(x: x, y: y)
    }

    /// The fraction of pixel (`x`, `y`)'s 16 samples inside the shape, 0...255.
    func sampledCoverage(x: Double, y: Double) -> UInt32 {
        var inside: UInt32 = 0
        for j in 0..<4 {
            let sy = y + (Double(j) + 0.5) / 4
            for i in 0..<4 where contains(x + (Double(i) + 0.5) / 4, sy) { inside += 1 }
        }
        return (inside * 255 + 8) / 16
    }

    /// 255 or 0 when all 16 samples of pixel (`x`, `y`) are inside or all outside the shape,
    /// decided by the two samples nearest to and farthest from the centre of the one corner they
    /// all fall in; `nil` when that takes sampling. Exactly what sampling gives: the samples are
    /// the same numbers, and the ellipse's distance grows monotonically (in floating point too)
    /// away from its centre within a corner. Most pixels of a large corner are wholly inside or
    /// outside its curve; only those it passes through are sampled.
    func wholeSampleCoverage(x: Double, y: Double) -> UInt32? {
        // The outermost samples, computed as the sampling loop computes them.
        let left = x + 0.5 / 4, right = x + 3.5 / 4, top = y + 0.5 / 4, bottom = y + 3.5 / 4
        guard left >= minX, right < maxX, top >= minY, bottom < maxY else { return nil }
        // The corners in the order `contains(_:_:)` tries them, each bounded as it bounds them:
        // the first whose box holds any sample decides, if it holds them all.
        if !(left >= minX + topLeft.width || top >= minY + topLeft.height) {
            return Self.whole(right < minX + topLeft.width && bottom < minY + topLeft.height, topLeft,
                              center: (minX + topLeft.width, minY + topLeft.height),
                              farthest: (left, top), nearest: (right, bottom))
        }
        if !(right <= maxX - topRight.width || top >= minY + topRight.height) {
            return Self.whole(left > maxX - topRight.width && bottom < minY + topRight.height, topRight,
                              center: (maxX - topRight.width, minY + topRight.height),
                              farthest: (right, top), nearest: (left, bottom))
        }
        if !(right <= maxX - bottomRight.width || bottom <= maxY - bottomRight.height) {
            return Self.whole(left > maxX - bottomRight.width && top > maxY - bottomRight.height, bottomRight,
                              center: (maxX - bottomRight.width, maxY - bottomRight.height),
                              farthest: (right, bottom), nearest: (left, top))
        }
        if !(left >= minX + bottomLeft.width || bottom <= maxY - bottomLeft.height) {
            return Self.whole(right < minX + bottomLeft.width && top > maxY - bottomLeft.height, bottomLeft,
                              center: (minX + bottomLeft.width, maxY - bottomLeft.height),
                              farthest: (left, bottom), nearest: (right, top))
        }
        return 255
    }

    /// For samples all inside one corner's box (`allInBox`): 255 if the farthest from the
    /// centre is within the curve, 0 if the nearest is beyond it, else `nil`.
    @inline(__always)
    private static func whole(_ allInBox: Bool, _ radius: Radius, center: (x: Double, y: Double),
                              farthest: (x: Double, y: Double), nearest: (x: Double, y: Double)) -> UInt32? {
        guard allInBox else { return nil }
        if !isOutside(farthest, radius, center: center) { return 255 }
        return isOutside(nearest, radius, center: center) ? 0 : nil
    }

    /// Whether `point` is beyond the curve of a corner of `radius` centred at `center`.
    @inline(__always)
    private static func isOutside(_ point: (x: Double, y: Double), _ radius: Radius, center: (x: Double, y: Double)) -> Bool {
        let dx = (point.x - center.x) / radius.width, dy = (point.y - center.y) / radius.height
        return dx * dx + dy * dy > 1
    }

    /// Whether the point is inside the shape.
    private func contains(_ px: Double, _ py: Double) -> Bool {
        guard px >= minX, px < maxX, py >= minY, py < maxY else { return false }
        func outside(_ r: Radius, centerX: Double, centerY: Double) -> Bool {
            Self.isOutside((px, py), r, center: (centerX, centerY))
        }
        if px < minX + topLeft.width, py < minY + topLeft.height {
            return !outside(topLeft, centerX: minX + topLeft.width, centerY: minY + topLeft.height)
        }
        if px > maxX - topRight.width, py < minY + topRight.height {
            return !outside(topRight, centerX: maxX - topRight.width, centerY: minY + topRight.height)
        }
        if px > maxX - bottomRight.width, py > maxY - bottomRight.height {
            return !outside(bottomRight, centerX: maxX - bottomRight.width, centerY: maxY - bottomRight.height)
        }
        if px < minX + bottomLeft.width, py > maxY - bottomLeft.height {
            return !outside(bottomLeft, centerX: minX + bottomLeft.width, centerY: maxY - bottomLeft.height)
        }
        return true
    }

    /// A whole-pixel coordinate, capped far outside any canvas so that converting can't trap.
    package static func pixel(_ value: Double) -> Int {
        Int(min(max(value, -Double(1 << 40)), Double(1 << 40)))
    }
}

extension Canvas {
    /// Paints `shape` less `hole` (a border: the border edge less the padding edge) with `color`,
    /// source-over, anti-aliased: each pixel at the fraction of it covered. `hole` must lie
    /// inside `shape`.
    package mutating func fill(_ shape: RoundedRect, excluding hole: RoundedRect? = nil, color: Color) {
        guard color.alpha != 0, !shape.isEmpty else { return }
        let hole = hole.flatMap { $0.isEmpty ? nil : $0 }
        let top = max(RoundedRect.pixel(shape.minY.rounded(.down)), clip.minY)
        let bottom = min(RoundedRect.pixel(shape.maxY.rounded(.up)), clip.maxY)
        guard top < bottom else { return }
        let (r, g, b, a) = color.premultiplied
        let stride = width * 4, clip = self.clip
        premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
            let base = pixels.baseAddress!
            for row in top..<bottom {
                let outer = shape.span(row: row)
                let inner = hole.map { $0.span(row: row) }
                var column = max(outer.start, clip.minX)
                let end = min(outer.end, clip.maxX)
                let rowBase = base + (row - self.top) * stride
                while column < end {
                    if let inner, column >= inner.solidStart, column < inner.solidEnd {
                        column = inner.solidEnd
                        continue
                    }
                    let inHole = inner.map { column >= $0.start && column < $0.end } ?? false
                    if !inHole, column >= outer.solidStart, column < outer.solidEnd {
                        // A run of full coverage up to the hole or the shape's edge.
                        var runEnd = min(outer.solidEnd, end)
                        if let inner, column < inner.start { runEnd = min(runEnd, inner.start) }
                        Self.blend(rowBase + column * 4, count: runEnd - column, r, g, b, a, coverage: 255)
                        column = runEnd
                        continue
                    }
                    let covered = column >= outer.solidStart && column < outer.solidEnd
                        ? 255 : shape.coverage(column: column, row: row)
                    let removed = inHole ? hole!.coverage(column: column, row: row) : 0
                    if covered > removed {
                        Self.blend(rowBase + column * 4, count: 1, r, g, b, a, coverage: covered - removed)
                    }
                    column += 1
                }
            }
        }
    }

    /// Draws `image` stretched over `x ..< x + width` by `y ..< y + height` (pixels, rounded
    /// to whole ones), sampled bilinearly between its pixels' centres in premultiplied colour,
    /// source-over.
    package mutating func draw(image: RGBAImage, scaledToX x: Double, y: Double, width: Double, height: Double) {
        let left = RoundedRect.pixel(x.rounded()), right = RoundedRect.pixel((x + width).rounded())
        let top = RoundedRect.pixel(y.rounded()), bottom = RoundedRect.pixel((y + height).rounded())
        guard right > left, bottom > top,
              let columns = PixelMath.clip(origin: left, length: right - left, lower: clip.minX, upper: clip.maxX),
              let rows = PixelMath.clip(origin: top, length: bottom - top, lower: clip.minY, upper: clip.maxY)
        else { return }
        // Each drawn column's two source columns and the second's weight out of 256, once.
        func taps(_ index: Int, destination: Int, source: Int) -> (Int, Int, UInt32) {
            let position = max(0, (Double(index) + 0.5) * Double(source) / Double(destination) - 0.5)
            let first = min(Int(position), source - 1)
            let weight = UInt32(((position - Double(first)) * 256).rounded())
            return (first, min(first + 1, source - 1), min(weight, 256))
        }
        let columnTaps = (0..<columns.count).map { taps(columns.source + $0, destination: right - left, source: image.width) }
        let stride = self.width * 4, sourceStride = image.width * 4
        image.pixels.withUnsafeBufferPointer { sourcePixels in
            premultipliedPixels.withUnsafeMutableBufferPointer { pixels in
                let source = UnsafePointer(sourcePixels.baseAddress!), base = pixels.baseAddress!
                for row in 0..<rows.count {
                    let (upper, lower, down) = taps(rows.source + row, destination: bottom - top, source: image.height)
                    let upperRow = source + upper * sourceStride, lowerRow = source + lower * sourceStride
                    var d = base + (rows.destination - self.top + row) * stride + columns.destination * 4
                    for (first, second, across) in columnTaps {
                        // Weights of the four taps, out of 65,536.
                        let w00 = (256 - across) * (256 - down), w01 = across * (256 - down)
                        let w10 = (256 - across) * down, w11 = across * down
                        let p00 = upperRow + first * 4, p01 = upperRow + second * 4
                        let p10 = lowerRow + first * 4, p11 = lowerRow + second * 4
                        let a00 = UInt32(p00[3]), a01 = UInt32(p01[3]), a10 = UInt32(p10[3]), a11 = UInt32(p11[3])
                        let alpha = (a00 * w00 + a01 * w01 + a10 * w10 + a11 * w11 + 32768) >> 16
                        if alpha != 0 {
                            let weights = SIMD4(w00, w01, w10, w11), alphas = SIMD4(a00, a01, a10, a11)
                            let channels = (
                                Self.mix(0, p00, p01, p10, p11, alphas, weights, alpha),
                                Self.mix(1, p00, p01, p10, p11, alphas, weights, alpha),
                                Self.mix(2, p00, p01, p10, p11, alphas, weights, alpha))
                            let inverse = 255 - alpha
                            d[0] = UInt8(truncatingIfNeeded: channels.0 &+ PixelMath.multiply(UInt32(d[0]), inverse))
                            d[1] = UInt8(truncatingIfNeeded: channels.1 &+ PixelMath.multiply(UInt32(d[1]), inverse))
                            d[2] = UInt8(truncatingIfNeeded: channels.2 &+ PixelMath.multiply(UInt32(d[2]), inverse))
                            d[3] = UInt8(truncatingIfNeeded: alpha &+ PixelMath.multiply(UInt32(d[3]), inverse))
                        }
                        d += 4
                    }
                }
            }
        }
    }

    /// One colour channel of a bilinear sample: the four taps premultiplied (so that a
    /// transparent neighbour's colour doesn't bleed in), weighted out of 65,536, capped at alpha.
    @inline(__always)
    private static func mix(
        _ channel: Int, _ p00: UnsafePointer<UInt8>, _ p01: UnsafePointer<UInt8>, _ p10: UnsafePointer<UInt8>,
        _ p11: UnsafePointer<UInt8>, _ alphas: SIMD4<UInt32>, _ weights: SIMD4<UInt32>, _ alpha: UInt32
    ) -> UInt32 {
        let value = (PixelMath.multiply(UInt32(p00[channel]), alphas[0]) * weights[0]
            + PixelMath.multiply(UInt32(p01[channel]), alphas[1]) * weights[1]
            + PixelMath.multiply(UInt32(p10[channel]), alphas[2]) * weights[2]
            + PixelMath.multiply(UInt32(p11[channel]), alphas[3]) * weights[3] + 32768) >> 16
        return min(value, alpha)
    }

    /// Premultiplied colour (`r`, `g`, `b`, `a`) at `coverage` over `count` pixels from `d`.
    @inline(__always)
    private static func blend(
        _ d: UnsafeMutablePointer<UInt8>, count: Int, _ r: UInt32, _ g: UInt32, _ b: UInt32, _ a: UInt32, coverage: UInt32
    ) {
        let (cr, cg, cb, ca) = coverage == 255
            ? (r, g, b, a)
            : (PixelMath.multiply(r, coverage), PixelMath.multiply(g, coverage), PixelMath.multiply(b, coverage),
               PixelMath.multiply(a, coverage))
        var d = d
        if ca == 255 {
            // An opaque colour replaces the pixels: one 32-bit store each.
            let pattern = (cr | cg << 8 | cb << 16 | ca << 24).littleEndian
            UnsafeMutableRawPointer(d).initializeMemory(as: UInt32.self, repeating: pattern, count: count)
            return
        }
        let inverse = 255 - ca
        for _ in 0..<count {
            d[0] = UInt8(truncatingIfNeeded: cr &+ PixelMath.multiply(UInt32(d[0]), inverse))
            d[1] = UInt8(truncatingIfNeeded: cg &+ PixelMath.multiply(UInt32(d[1]), inverse))
            d[2] = UInt8(truncatingIfNeeded: cb &+ PixelMath.multiply(UInt32(d[2]), inverse))
            d[3] = UInt8(truncatingIfNeeded: ca &+ PixelMath.multiply(UInt32(d[3]), inverse))
            d += 4
        }
    }
}

extension RoundedRect {
    /// The whole-pixel boxes around each rounded corner: the only pixels a clip to this shape
    /// takes from that its bounding rectangle doesn't.
    package var cornerBoxes: [PixelRect] {
        var boxes: [PixelRect] = []
        func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) {
            boxes.append(PixelRect(minX: Self.pixel(x0.rounded(.down)), minY: Self.pixel(y0.rounded(.down)),
                                   maxX: Self.pixel(x1.rounded(.up)), maxY: Self.pixel(y1.rounded(.up))))
        }
        if topLeft.width > 0 { box(minX, minY, minX + topLeft.width, minY + topLeft.height) }
        if topRight.width > 0 { box(maxX - topRight.width, minY, maxX, minY + topRight.height) }
        if bottomRight.width > 0 { box(maxX - bottomRight.width, maxY - bottomRight.height, maxX, maxY) }
        if bottomLeft.width > 0 { box(minX, maxY - bottomLeft.height, minX + bottomLeft.width, maxY) }
        return boxes
    }
}

extension Canvas {
    /// A copy of the pixels of `rect` (clipped to the canvas), premultiplied, row by row, with
    /// the part of `rect` it covers: to put back with ``restore(_:outside:)``.
    package func savePixels(in rect: PixelRect) -> (rect: PixelRect, pixels: [UInt8]) {
        let inside = rect.intersection(bounds)
        var saved: [UInt8] = []
        saved.reserveCapacity(max(0, (inside.maxX - inside.minX) * (inside.maxY - inside.minY) * 4))
        for row in inside.minY..<max(inside.minY, inside.maxY) {
            let start = ((row - self.top) * width + inside.minX) * 4
            saved += premultipliedPixels[start..<(start + (inside.maxX - inside.minX) * 4)]
        }
        return (inside, saved)
    }

    /// Puts saved pixels back outside `shape`: each pixel becomes what was saved, blended with
    /// what is there now by the fraction of it `shape` covers, so drawing since the save stays
    /// only inside the shape, with anti-aliased edges. A rounded clip, corner by corner.
    package mutating func restore(_ saved: (rect: PixelRect, pixels: [UInt8]), outside shape: RoundedRect) {
        let rect = saved.rect
        var i = 0
        for row in rect.minY..<max(rect.minY, rect.maxY) {
            var d = ((row - self.top) * width + rect.minX) * 4
            for column in rect.minX..<max(rect.minX, rect.maxX) {
                let covered = shape.coverage(column: column, row: row)
                if covered != 255 {
                    for channel in 0..<4 {
                        let old = UInt32(saved.pixels[i + channel]), new = UInt32(premultipliedPixels[d + channel])
                        premultipliedPixels[d + channel] = UInt8((old * (255 - covered) + new * covered + 127) / 255)
                    }
                }
                i += 4
                d += 4
            }
        }
    }
}
