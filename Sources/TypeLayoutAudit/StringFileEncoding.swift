import TypeLayout
import PositionedDocuments

extension AuditError {
    /// The audit's error for a file that couldn't be read.
    init(_ failure: FileReadError) {
        switch failure {
        case let .notFound(path): self = .fileNotFound(path: path)
        case let .unreadable(path, reason): self = .unreadableFile(path: path, reason: reason)
        }
    }
}

/// Turns a text file's bytes into valid UTF-8: a UTF-8 byte order mark is dropped, UTF-16
/// (little or big endian) is recognised by its byte order mark, or without one by the zero
/// bytes of mostly-ASCII text, and transcoded.
extension TextDecoding {
    enum Encoding: Equatable { case utf8, utf16LittleEndian, utf16BigEndian }

    /// The encoding and where the text starts (after any byte order mark).
    static func detect(_ bytes: [UInt8]) -> (Encoding, start: Int) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return (.utf8, 3) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16LittleEndian, 2) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16BigEndian, 2) }
        // Without a mark: UTF-16 text that is mostly ASCII has a zero in every other byte, which
        // UTF-8 text (where a zero byte is a NUL character) practically never has. The other
        // half has a few zeros too (U+0100, a surrogate like U+DE00), so only most must be there.
        if bytes.count >= 2 && bytes.count % 2 == 0 {
            let sample = min(bytes.count, 4096) / 2
            var evenZeros = 0, oddZeros = 0
            for pair in 0..<sample {
                if bytes[2 * pair] == 0 { evenZeros += 1 }
                if bytes[2 * pair + 1] == 0 { oddZeros += 1 }
            }
            if oddZeros * 2 > sample && evenZeros * 8 < oddZeros { return (.utf16LittleEndian, 0) }
            if evenZeros * 2 > sample && oddZeros * 8 < evenZeros { return (.utf16BigEndian, 0) }
        }
        return (.utf8, 0)
    }

    /// Valid UTF-8 without a byte order mark, or the place of the first bad byte or unit.
    static func utf8(_ bytes: [UInt8], path: String) -> Result<[UInt8], StringFileDiagnostic> {
        let (encoding, start) = detect(bytes)
        switch encoding {
        case .utf8:
            let body = start == 0 ? bytes : Array(bytes[start...])
            if let bad = firstInvalidUTF8(body) {
                let (line, column) = position(ofByte: bad, in: body)
                return .failure(StringFileDiagnostic(
                    location: TextFileLocation(file: path, line: line, column: column),
                    message: "not valid UTF-8 (byte 0x\(hex(body[bad])) at offset \(bad + start)); save the file as UTF-8 or UTF-16 with a byte order mark"))
            }
            return .success(body)
        case .utf16LittleEndian, .utf16BigEndian:
            return transcodeUTF16(bytes, from: start, bigEndian: encoding == .utf16BigEndian, path: path)
        }
    }

    private static func transcodeUTF16(_ bytes: [UInt8], from start: Int, bigEndian: Bool, path: String)
        -> Result<[UInt8], StringFileDiagnostic>
    {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var line = 1, column = 1
        func failure(_ message: String) -> Result<[UInt8], StringFileDiagnostic> {
            .failure(StringFileDiagnostic(location: TextFileLocation(file: path, line: line, column: column), message: message))
        }
        var index = start
        func unit(at offset: Int) -> UInt16 {
            bigEndian ? UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
                : UInt16(bytes[offset + 1]) << 8 | UInt16(bytes[offset])
        }
        while index + 1 < bytes.count {
            let first = unit(at: index)
            var value = UInt32(first)
            var width = 2
            if UTF16.isLeadSurrogate(first) {
                guard index + 3 < bytes.count, UTF16.isTrailSurrogate(unit(at: index + 2)) else {
                    return failure("not valid UTF-16: a lone high surrogate 0x\(hex(first)) at byte offset \(index)")
                }
                let second = unit(at: index + 2)
                value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                width = 4
            } else if UTF16.isTrailSurrogate(first) {
                return failure("not valid UTF-16: a lone low surrogate 0x\(hex(first)) at byte offset \(index)")
            }
            let scalar = Unicode.Scalar(value)!
            output.append(contentsOf: UTF8.encode(scalar)!)
            if value == 0x0A || (value == 0x0D && !(index + width + 1 < bytes.count && unit(at: index + width) == 0x0A)) {
                line += 1
                column = 1
            } else if value != 0x0D {
                column += 1
            }
            index += width
        }
        if index < bytes.count { return failure("not valid UTF-16: the file ends in the middle of a character (odd byte count)") }
        return .success(output)
    }
}

extension PositionedJSON {
    /// A string file's JSON root, or the diagnostic that says where the file stops being UTF-8
    /// or JSON (shared by the catalog and JSON-map readers).
    static func parseFile(_ bytes: [UInt8], path: String) -> Result<JSONNode, StringFileDiagnostic> {
        switch TextDecoding.utf8(bytes, path: path) {
        case let .failure(diagnostic):
            return .failure(diagnostic)
        case let .success(utf8):
            do { return .success(try parse(utf8)) } catch {
                return .failure(StringFileDiagnostic(
                    location: TextFileLocation(file: path, line: error.line, column: error.column), message: error.message))
            }
        }
    }
}

/// The language of a file that holds one language: the `xx.lproj` folder it is in, or else its
/// name when that is a language tag (`de.json`, `pt-BR.strings`); `und` (undetermined) otherwise.
enum PathLanguage {
    static func language(of path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        for component in components.dropLast().reversed() where component.lowercased().hasSuffix(".lproj") {
            return String(component.dropLast(6))
        }
        if let name = components.last {
            let stem = name.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? name
            if isLanguageTag(stem) { return stem }
        }
        return "und"
    }

    /// `de`, `pt-BR`, `zh-Hans`, `zh_Hant_TW`, `yue-Hant`: a lowercase two-letter language, or
    /// a three-letter one with a subtag after it (a bare three-letter name like `app.json` or
    /// `bad.strings` is more likely a file's name than a language).
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = parts.first, first.allSatisfy({ $0.isASCII && $0.isLowercase }),
              first.count == 2 || (first.count == 3 && parts.count > 1) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
