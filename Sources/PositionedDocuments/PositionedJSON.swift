/// A JSON value that knows where it starts in its file.
///
/// Foundation's JSON reader reports a syntax error only as a character offset and keeps no
/// positions for values; the audit and the screen files need both (a value of the wrong shape
/// is reported with its line and column), so they read JSON themselves.
package struct JSONNode: Sendable {
    // Positions are kept in 32 bits (a file over 1 GB is refused, so they fit): a catalog of a
    // million strings is some ten million nodes and members, and this is a fifth of each.
    package struct Member: Sendable {
        package let key: String
        private let storedLine: Int32
        private let storedColumn: Int32
        package let value: JSONNode

        package init(key: String, line: Int, column: Int, value: JSONNode) {
            self.key = key
            storedLine = Int32(clamping: line)
            storedColumn = Int32(clamping: column)
            self.value = value
        }

        package var line: Int { Int(storedLine) }
        package var column: Int { Int(storedColumn) }
    }

    package enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    package let value: Value
    private let storedLine: Int32
    private let storedColumn: Int32

    package init(value: Value, line: Int, column: Int) {
        self.value = value
        storedLine = Int32(clamping: line)
        storedColumn = Int32(clamping: column)
    }

    package var line: Int { Int(storedLine) }
    package var column: Int { Int(storedColumn) }

    /// The member named `key` of an object (the last one, if the key repeats, as JSON readers do).
    package subscript(key: String) -> JSONNode? {
        guard case let .object(members) = value else { return nil }
        return members.last { $0.key == key }?.value
    }

    package var members: [Member]? {
        if case let .object(members) = value { return members }
        return nil
    }

    package var string: String? {
        if case let .string(text) = value { return text }
        return nil
    }

    /// "an object", "a string", … for messages.
    package var kindDescription: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// A JSON syntax error at a line and column (1-based, columns in Unicode scalars).
package struct JSONSyntaxError: Error, Sendable {
    package let line: Int
    package let column: Int
    package let message: String
    /// Whether the file nests deeper than ``PositionedJSON/maximumDepth``, so that a reader of
    /// a particular kind of file can say what the limit means for it.
    package var nestsTooDeep = false
}

/// Reads RFC 8259 JSON from valid UTF-8 bytes (see ``TextDecoding/utf8(_:path:)``).
package enum PositionedJSON {
    /// Deeper nesting than this is refused, so a hostile file can't overflow the stack.
    package static let maximumDepth = 256

    /// The error for nesting past ``maximumDepth``, worded alike for JSON and YAML.
    package static func nestingMessage(format: String) -> String {
        "\(format) nested deeper than \(maximumDepth) levels of objects and lists, the most the reader accepts"
    }

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> JSONNode in
            var reader = Reader(bytes: buffer)
            reader.skipWhitespace()
            let node = try reader.value(depth: 0)
            reader.skipWhitespace()
            if reader.index < buffer.count {
                throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value")
            }
            return node
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var line = 1
        var column = 1

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func error(_ message: String) -> JSONSyntaxError {
            JSONSyntaxError(line: line, column: column, message: message)
        }

        func describeCurrent() -> String {
            guard index < bytes.count else { return "end of file" }
            let byte = bytes[index]
            if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "byte 0x\(TextDecoding.hex(byte))"
        }

        mutating func skipWhitespace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09: column += 1
                case 0x0A: line += 1; column = 1
                case 0x0D:
                    // CR LF counts as one line break, as does a lone CR.
                    if !(index + 1 < bytes.count && bytes[index + 1] == 0x0A) { line += 1; column = 1 }
                default: return
                }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < PositionedJSON.maximumDepth else {
                var failure = error(PositionedJSON.nestingMessage(format: "JSON"))
                failure.nestsTooDeep = true
                throw failure
            }
            guard index < bytes.count else { throw error("unexpected end of file; expected a value") }
            let startLine = line, startColumn = column
            let value: JSONNode.Value
            switch bytes[index] {
            case UInt8(ascii: "{"): value = try object(depth: depth)
            case UInt8(ascii: "["): value = try array(depth: depth)
            case UInt8(ascii: "\""): value = .string(try string())
            case UInt8(ascii: "t"): try literal("true"); value = .bool(true)
            case UInt8(ascii: "f"): try literal("false"); value = .bool(false)
            case UInt8(ascii: "n"): try literal("null"); value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try number())
            default: throw error("unexpected \(describeCurrent()); expected a value")
            }
            return JSONNode(value: value, line: startLine, column: startColumn)
        }

        mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
            let count = word.utf8CodeUnitCount
            let matches = index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == word.utf8Start[$0] }
            guard matches else { throw error("unexpected \(describeCurrent()); expected a value") }
            index += count
            column += count
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
            index += 1; column += 1
            var members: [JSONNode.Member] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                index += 1; column += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
                }
                let keyLine = line, keyColumn = column
                let key = try string()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("unexpected \(describeCurrent()); expected ':' after the member name")
                }
                index += 1; column += 1
                skipWhitespace()
                let member = try value(depth: depth + 1)
                members.append(JSONNode.Member(key: key, line: keyLine, column: keyColumn, value: member))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file; expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; column += 1; continue }
                // Copied to an array of its own size: appending left up to half of it spare.
                if bytes[index] == UInt8(ascii: "}") { index += 1; column += 1; return .object(Array(members[...])) }
                throw error("unexpected \(describeCurrent()); expected ',' or '}'")
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
            index += 1; column += 1
            var elements: [JSONNode] = []
            skipWhitespace()
            if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                index += 1; column += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error("unexpected end of file; expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; column += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; column += 1; return .array(elements) }
                throw error("unexpected \(describeCurrent()); expected ',' or ']'")
            }
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1; column += 1
            let start = index
            // Fast path: no escapes, so the bytes between the quotes are the string.
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1; column += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw error("control character 0x\(TextDecoding.hex(byte)) in a string; write it as an escape such as \\n") }
                if byte & 0xC0 != 0x80 { column += 1 }
                index += 1
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).unicodeScalars)
            var pendingRun = index
            func flush(_ end: Int) {
                if end > pendingRun {
                    scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[pendingRun..<end]), as: UTF8.self).unicodeScalars)
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    flush(index)
                    index += 1; column += 1
                    return String(scalars)
                }
                if byte < 0x20 { throw error("control character 0x\(TextDecoding.hex(byte)) in a string; write it as an escape such as \\n") }
                if byte != UInt8(ascii: "\\") {
                    if byte & 0xC0 != 0x80 { column += 1 }
                    index += 1
                    continue
                }
                flush(index)
                guard index + 1 < bytes.count else { index += 1; break }
                let escaped = bytes[index + 1]
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let first = try hexUnit(at: index + 2)
                    var value = UInt32(first)
                    var consumed = 6
                    if UTF16.isLeadSurrogate(first) {
                        guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
                              case let second = try hexUnit(at: index + 8), UTF16.isTrailSurrogate(second) else {
                            throw error("\\u\(TextDecoding.hex(first)) is a high surrogate without a low surrogate after it")
                        }
                        value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                        consumed = 12
                    } else if UTF16.isTrailSurrogate(first) {
                        throw error("\\u\(TextDecoding.hex(first)) is a low surrogate without a high surrogate before it")
                    }
                    scalars.append(Unicode.Scalar(value)!)
                    index += consumed; column += consumed
                    pendingRun = index
                    continue
                default:
                    column += 1
                    throw error("unknown escape '\\\(describeByte(escaped))' in a string")
                }
                index += 2; column += 2
                pendingRun = index
            }
            throw error("unterminated string: the file ends before its closing quote")
        }

        func describeByte(_ byte: UInt8) -> String {
            byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "x\(TextDecoding.hex(byte))"
        }

        func hexUnit(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
            guard offset + 4 <= bytes.count else { throw error("\\u must be followed by four hex digits") }
            var value: UInt16 = 0
            for byte in bytes[offset..<offset + 4] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("\\u must be followed by four hex digits")
                }
                value = value << 4 | UInt16(digit)
            }
            return value
        }

        mutating func number() throws(JSONSyntaxError) -> Double {
            let start = index
            func digits() -> Int {
                let from = index
                while index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") { index += 1 }
                return index - from
            }
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") else {
                throw error("invalid number: expected a digit after '-'")
            }
            if bytes[index] == UInt8(ascii: "0") {
                index += 1
                if index < bytes.count && bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") {
                    throw error("invalid number: leading zeros are not allowed")
                }
            } else {
                _ = digits()
            }
            if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("invalid number: expected a digit after '.'") }
            }
            if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
                index += 1
                if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
                guard digits() > 0 else { throw error("invalid number: expected a digit in the exponent") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            column += index - start
            guard let value = Double(text), value.isFinite else { throw error("number \(text) is out of range") }
            return value
        }
    }
}
