/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    /// Red, sRGB-encoded, 0–255.
    public var red: UInt8
    /// Green, sRGB-encoded, 0–255.
    public var green: UInt8
    /// Blue, sRGB-encoded, 0–255.
    public var blue: UInt8
    /// Opacity: 0 is fully transparent, 255 fully opaque.
    public var alpha: UInt8

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Fully transparent (black with alpha 0).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// A colour from straight 8-bit channels; opaque unless `alpha` is given.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).
    ///
    /// The leading `#` is optional, because in a shell an unquoted word starting with `#` is a
    /// comment: `--color ff0000` must work as well as `--color '#ff0000'`. Nothing else is
    /// accepted: no whitespace, no signs, no three- or four-digit shorthand.
    ///
    /// - Throws: ``ImageError/invalidColor(_:)`` quoting `hex`.
    public init(hex: String) throws {
        var digits = Substring(hex).utf8[...]
        if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8 else { throw ImageError.invalidColor(hex) }

        var channels: [UInt8] = []
        channels.reserveCapacity(4)
        var iterator = digits.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            guard let h = Color.hexValue(high), let l = Color.hexValue(low) else {
                throw ImageError.invalidColor(hex)
            }
            channels.append(h << 4 | l)
        }
        self.init(
            red: channels[0], green: channels[1], blue: channels[2],
            alpha: channels.count == 4 ? channels[3] : 255)
    }

    /// `#RRGGBB` in upper case for an opaque colour, `#RRGGBBAA` otherwise; ``init(hex:)``
    /// parses it back to the same colour.
    public var hexString: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in channels {
            bytes.append(digits[Int(channel >> 4)])
            bytes.append(digits[Int(channel & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same as ``hexString``.
    public var description: String { hexString }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
