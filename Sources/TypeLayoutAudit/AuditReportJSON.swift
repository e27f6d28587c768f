import TypeLayout
import TypeLayoutGallery

extension AuditReportWriter {
    // MARK: JSON

    struct JSONFailure: Encodable {
        struct Size: Encodable {
            let width: Double
            let height: Double
        }

        let key: String
        let variant: String?
        let language: String
        let category: String
        let reason: String
        let reasons: [String]
        /// For a format string, the samples its placeholders were filled with and the text laid
        /// out (``FormatArguments/samplesNote(_:samples:)``).
        let sampleText: String?
        let lineCount: Int
        let linesNeeded: Int
        let size: Size
        let pointSize: Double
        let text: String
        let file: String
        let line: Int
        let picture: String?
        let sheet: String?

        /// The failure as an item of an array nested in an object: `ReviewableJSON`'s layout
        /// (pretty-printed, sorted keys, slashes unescaped, whole numbers without ".0"), written
        /// directly (`AuditReportJSONTests` compares the two).
        func appendJSON(to bytes: ByteBuffer) {
            func name(_ name: StaticString) {
                bytes.append("      \"")
                bytes.append(name)
                bytes.append("\" : ")
            }
            func member(_ key: StaticString, _ text: String) {
                name(key)
                JSONText.appendQuoted(text, to: bytes)
                bytes.append(",\n")
            }
            func member(_ key: StaticString, integer: Int) {
                name(key)
                JSONText.appendInteger(integer, to: bytes)
                bytes.append(",\n")
            }
            bytes.append("    {\n")
            member("category", category)
            member("file", file)
            member("key", key)
            member("language", language)
            member("line", integer: line)
            member("lineCount", integer: lineCount)
            member("linesNeeded", integer: linesNeeded)
            if let picture { member("picture", picture) }
            name("pointSize")
            JSONText.appendNumber(pointSize, to: bytes)
            bytes.append(",\n")
            member("reason", reason)
            name("reasons")
            bytes.append("[\n")
            for (index, reason) in reasons.enumerated() {
                bytes.append(index == 0 ? "        " : ",\n        ")
                JSONText.appendQuoted(reason, to: bytes)
            }
            bytes.append("\n      ],\n")
            if let sampleText { member("sampleText", sampleText) }
            if let sheet { member("sheet", sheet) }
            name("size")
            bytes.append("{\n        \"height\" : ")
            JSONText.appendNumber(size.height, to: bytes)
            bytes.append(",\n        \"width\" : ")
            JSONText.appendNumber(size.width, to: bytes)
            bytes.append("\n      },\n")
            name("text")
            JSONText.appendQuoted(text, to: bytes)
            if let variant {
                bytes.append(",\n")
                name("variant")
                JSONText.appendQuoted(variant, to: bytes)
            }
            bytes.append("\n    }")
        }

        init(_ string: LocalizedString, _ check: AuditCheck, picture: String?, sheet: String?) {
            self.picture = picture
            self.sheet = sheet
            func round(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            key = string.key
            variant = string.variant
            language = string.language
            category = check.category.rawValue
            reason = check.reasons[0].rawValue
            reasons = check.reasons.map(\.rawValue)
            sampleText = FormatArguments.samplesNote(string.text)
            lineCount = check.lineCount
            linesNeeded = check.linesNeeded
            size = Size(width: round(check.size.width), height: round(check.size.height))
            pointSize = round(check.pointSize)
            text = string.text
            file = string.location.file
            line = string.location.line
        }
    }

    private struct JSONProblem: Encodable {
        let file: String
        let line: Int
        let column: Int
        let message: String
    }

    private struct JSONWarning: Encodable {
        let file: String
        let line: Int
        let column: Int
        let key: String
        let language: String
        /// `missing` (no translation) or `identical` (the development language's text).
        let kind: String
        let reason = "untranslated"
        let message: String

        init(_ warning: UntranslatedString) {
            file = warning.location.file
            line = warning.location.line
            column = warning.location.column
            key = warning.displayKey
            language = warning.language
            kind = warning.isMissing ? "missing" : "identical"
            message = warning.description
        }
    }

    func finishJSON(_ write: ([UInt8]) throws -> Void) throws {
        // The value nested one level: every line after the first indented.
        func nested(_ json: String) -> String {
            json.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0 == 0 || $1.isEmpty ? String($1) : "  " + $1 }.joined(separator: "\n")
        }
        let problems = diagnostics.map {
            JSONProblem(file: $0.location.file, line: $0.location.line, column: $0.location.column, message: $0.message)
        } + layoutErrors.map {
            JSONProblem(file: $0.string.location.file, line: $0.string.location.line, column: $0.string.location.column,
                        message: "\($0.string.displayKey) (\($0.string.language)): \($0.error)")
        }
        var head = "{\n  \"checked\" : \(checked),\n  \"errors\" : \(nested(try ReviewableJSON.string(problems))),\n  \"failures\" : "
        // Sorted keys: `screenFindings` (when screens were audited) comes before `strings`.
        let tail = (screens.runs > 0 ? ",\n  \"screenFindings\" : \(nested(try ReviewableJSON.string(screens.json)))" : "")
            + ",\n  \"strings\" : \(strings)"
            + (warnings.isEmpty ? "" : ",\n  \"warnings\" : \(nested(try ReviewableJSON.string(warnings.map(JSONWarning.init))))")
            + "\n}"
        guard spool.count > 0 else {
            head += nested(try ReviewableJSON.string([JSONFailure]())) + tail
            try write(Array(head.utf8))
            return
        }
        try write(Array((head + "[\n").utf8))
        try spool.read(0..<spool.count, write)
        try write(Array(("\n  ]" + tail).utf8))
    }

}

/// JSON values written as `ReviewableJSON` (Foundation's JSONEncoder) writes them.
enum JSONText {
    /// A string in quotes, appended as UTF-8: `"` and `\` escaped, the usual control
    /// characters by name, the others as `\u00XX`; slashes and everything else as they are.
    /// Only ASCII bytes are ever escaped, so the text is scanned as bytes.
    static func appendQuoted(_ text: String, to bytes: ByteBuffer) {
        bytes.append(0x22)
        var text = text
        text.withUTF8 { units in
            var plainStart = 0
            for index in units.indices {
                let unit = units[index]
                guard unit < 0x20 || unit == 0x22 || unit == 0x5C else { continue }
                bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[plainStart..<index])))
                plainStart = index + 1
                switch unit {
                case 0x22: bytes.append("\\\"")
                case 0x5C: bytes.append("\\\\")
                case 0x0A: bytes.append("\\n")
                case 0x0D: bytes.append("\\r")
                case 0x09: bytes.append("\\t")
                case 0x08: bytes.append("\\b")
                case 0x0C: bytes.append("\\f")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    bytes.append("\\u00")
                    bytes.append(hex.utf8Start[Int(unit >> 4)])
                    bytes.append(hex.utf8Start[Int(unit & 15)])
                }
            }
            bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[plainStart...])))
        }
        bytes.append(0x22)
    }

    /// A finite number, appended as UTF-8: its shortest description, whole numbers without ".0".
    static func appendNumber(_ value: Double, to bytes: ByteBuffer) {
        // Whole numbers (most sizes and line counts) need no shortest-digits search.
        if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            appendInteger(Int(value), to: bytes)
            return
        }
        // The report's sizes are rounded to hundredths: such a value is the double nearest to
        // n / 100, and below a billion no shorter decimal lies within half its spacing, so its
        // shortest description is n's digits with the point two places in, as `description`
        // writes it (`JSONTextTests` compares the two).
        let hundredths = (value * 100).rounded()
        if value != 0, abs(value) < 1e9, hundredths / 100 == value {
            let whole = Int(hundredths) / 100, fraction = abs(Int(hundredths) % 100)
            if value < 0 { bytes.append(0x2D) }
            appendInteger(abs(whole), to: bytes)
            bytes.append(0x2E)
            bytes.append(0x30 + UInt8(fraction / 10))
            if fraction % 10 != 0 { bytes.append(0x30 + UInt8(fraction % 10)) }
            return
        }
        var text = value.description
        text.withUTF8 { units in
            let whole = units.count >= 2 && units[units.count - 2] == 0x2E && units[units.count - 1] == 0x30
            bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: units[..<(whole ? units.count - 2 : units.count)])))
        }
    }

    /// An integer's decimal digits, appended as UTF-8.
    static func appendInteger(_ value: Int, to bytes: ByteBuffer) {
        if value < 0 { bytes.append(0x2D) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }
}

/// A growable run of bytes written through a pointer, for the JSON report's hundreds of
/// thousands of short pieces: `Array.append(contentsOf:)` checked uniqueness and capacity and
/// copied element by element for each (most of the JSON writer's instructions).
final class ByteBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// Bytes written.
    private(set) var count = 0

    init(capacity: Int = 4_096) {
        self.capacity = max(16, capacity)
        storage = .allocate(byteCount: self.capacity, alignment: 1)
    }

    deinit { storage.deallocate() }

    /// Empties the buffer, keeping its memory.
    func removeAll() { count = 0 }

    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(bytes.count) }
        (storage + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(1) }
        storage.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// The bytes written, valid during `body`.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Room for `more` bytes (the check is the caller's, inline: this runs about once a chunk).
    @inline(never)
    private func grow(_ more: Int) {
        let grown = max(capacity * 2, count + more)
        let larger = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 1)
        larger.copyMemory(from: storage, byteCount: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }
}
