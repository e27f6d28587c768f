/// UTF-8 text as the positioned readers see it: where it stops being valid, and the line and
/// column of a byte, and text quoted in an error message. The audit extends it with byte order marks and UTF-16.
package enum TextDecoding {
    /// Text from the file as errors quote it: in single quotes, cut after 40 characters, with
    /// line breaks and other control characters escaped so that the message stays one line.
    package static func quoted(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var quoted = "'"
        for scalar in scalars.prefix(40) {
            switch scalar {
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                quoted += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + (scalars.count > 40 ? "…'" : "'")
    }

    /// The offset of the first byte that doesn't belong to a well-formed UTF-8 sequence.
    package static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer -> Int? in
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if byte < 0x80 { index += 1; continue }
                let length: Int
                var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
                switch byte {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lower = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; upper = 0x9F
                case 0xF0: length = 4; lower = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upper = 0x8F
                default: return index
                }
                guard index + length <= count else { return index }
                let second = buffer[index + 1]
                guard second >= lower && second <= upper else { return index }
                for offset in 2..<max(2, length) where buffer[index + offset] & 0xC0 != 0x80 { return index }
                index += length
            }
            return nil
        }
    }

    /// Line and column (in scalars) of a byte offset in UTF-8 text.
    package static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1, column = 1
        var index = 0
        while index < offset && index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && byte != 0x0D {
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    /// `value` in upper-case hex digits, zero-padded to its type's width (`0x0A` as a `UInt8` is `0A`).
    package static func hex<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        let width = MemoryLayout<T>.size * 2
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
