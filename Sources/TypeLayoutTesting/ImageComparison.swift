import TypeLayout

/// How two decoded images differ, pixel by pixel: what a golden's pixel tolerance is checked
/// against. Compares straight RGBA values, never PNG bytes.
public struct ImageComparison: Sendable, Hashable {
    /// The reference image's size in pixels.
    public let referenceSize: PixelSize
    /// The actual image's size in pixels.
    public let actualSize: PixelSize
    /// The largest channel difference that still counts a pixel as unchanged.
    public let perChannelTolerance: Int
    /// Pixels with a channel differing by more than ``perChannelTolerance``; with different
    /// sizes, every pixel that only one of the images has counts too.
    public let differingPixelCount: Int
    /// The pixels compared: the larger width × the larger height.
    public let pixelCount: Int
    /// The largest difference of any channel of any pixel the images share, within the
    /// tolerance or not (0 for identical pixels).
    public let largestChannelDelta: Int

    /// A width and height in pixels.
    public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// "718 × 260".
        public var description: String { "\(width) × \(height)" }
    }

    /// Compares `actual` with `reference`.
    ///
    /// - Parameters:
    ///   - reference: the expected image.
    ///   - actual: the image to check.
    ///   - perChannelTolerance: a pixel counts as differing when any of its R, G, B or A values
    ///     differs by more than this (0 to 255; values outside are clamped).
    public init(reference: RGBAImage, actual: RGBAImage, perChannelTolerance: Int = 0) {
        let tolerance = min(max(perChannelTolerance, 0), 255)
        referenceSize = PixelSize(width: reference.width, height: reference.height)
        actualSize = PixelSize(width: actual.width, height: actual.height)
        self.perChannelTolerance = tolerance
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        let sharedWidth = min(reference.width, actual.width), sharedHeight = min(reference.height, actual.height)
        pixelCount = width * height
        var differing = width * height - sharedWidth * sharedHeight
        var largest = 0
        // The usual case, equal images, without the per-pixel loop (slow in debug builds).
        if reference == actual {
            differingPixelCount = 0
            largestChannelDelta = 0
            return
        }
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<sharedHeight {
                    var i = y * reference.width * 4, j = y * actual.width * 4
                    for _ in 0..<sharedWidth {
                        let delta = Self.largestDelta(r, i, a, j)
                        largest = max(largest, delta)
                        if delta > tolerance { differing += 1 }
                        i += 4
                        j += 4
                    }
                }
            }
        }
        differingPixelCount = differing
        largestChannelDelta = largest
    }

    /// Whether both images have the same size.
    public var sizesMatch: Bool { referenceSize == actualSize }

    /// ``differingPixelCount`` over ``pixelCount``.
    public var differingPixelFraction: Double { pixelCount == 0 ? 0 : Double(differingPixelCount) / Double(pixelCount) }

    /// Whether the images match: the same size, and at most `maximumDifferingPixelFraction`
    /// of the pixels differing beyond the tolerance.
    public func matches(maximumDifferingPixelFraction: Double) -> Bool {
        sizesMatch && Double(differingPixelCount) <= maximumDifferingPixelFraction * Double(pixelCount)
    }

    /// The colour a difference image marks pixels beyond the tolerance with.
    public static let beyondToleranceColor = Color(red: 255, green: 0, blue: 0)
    /// The colour a difference image marks pixels that changed within the tolerance with.
    public static let withinToleranceColor = Color(red: 255, green: 176, blue: 0)

    /// A picture of where two images differ: the reference flattened onto white and dimmed to a
    /// quarter of its contrast, pixels beyond the tolerance in ``beyondToleranceColor``, pixels
    /// changed within it in ``withinToleranceColor``. As large as the larger image on each side;
    /// pixels only one image has are marked as beyond the tolerance.
    ///
    /// - Throws: `ImageError.tooLarge(width:height:)` when images of very different shapes
    ///   make a difference image beyond `RGBAImage`'s limits.
    public static func differenceImage(reference: RGBAImage, actual: RGBAImage, perChannelTolerance: Int = 0) throws -> RGBAImage {
        let tolerance = min(max(perChannelTolerance, 0), 255)
        let width = max(reference.width, actual.width), height = max(reference.height, actual.height)
        // Checked before allocating: a 16384 × 1 and a 1 × 16384 image make 16384 × 16384.
        guard width <= RGBAImage.maximumDimension, height <= RGBAImage.maximumDimension,
              width * height * 4 <= RGBAImage.maximumByteCount
        else { throw ImageError.tooLarge(width: width, height: height) }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        reference.pixels.withUnsafeBufferPointer { r in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<height {
                    for x in 0..<width {
                        let o = (y * width + x) * 4
                        let inReference = x < reference.width && y < reference.height
                        let inActual = x < actual.width && y < actual.height
                        let i = (y * reference.width + x) * 4, j = (y * actual.width + x) * 4
                        let mark: Color?
                        if inReference && inActual {
                            let delta = largestDelta(r, i, a, j)
                            mark = delta > tolerance ? beyondToleranceColor : delta > 0 ? withinToleranceColor : nil
                        } else {
                            mark = beyondToleranceColor
                        }
                        if let mark {
                            pixels[o] = mark.red
                            pixels[o + 1] = mark.green
                            pixels[o + 2] = mark.blue
                        } else {
                            // Over white, then a quarter of the way from white: text stays legible
                            // as context while the marks stand out.
                            let alpha = Int(r[i + 3])
                            for c in 0..<3 {
                                let flattened = (Int(r[i + c]) * alpha + 255 * (255 - alpha) + 127) / 255
                                pixels[o + c] = UInt8(255 - (255 - flattened) / 4)
                            }
                        }
                        pixels[o + 3] = 255
                    }
                }
            }
        }
        return try RGBAImage(width: width, height: height, pixels: pixels)
    }

    private static func largestDelta(_ r: UnsafeBufferPointer<UInt8>, _ i: Int, _ a: UnsafeBufferPointer<UInt8>, _ j: Int) -> Int {
        // Two-argument max: the variadic one allocates an array per pixel.
        max(max(abs(Int(r[i]) - Int(a[j])), abs(Int(r[i + 1]) - Int(a[j + 1]))),
            max(abs(Int(r[i + 2]) - Int(a[j + 2])), abs(Int(r[i + 3]) - Int(a[j + 3]))))
    }
}
