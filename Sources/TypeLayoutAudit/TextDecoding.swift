#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files for the audit, with errors that name the path.
package enum FileBytes {
    /// Input files past this size are refused rather than read into memory (a catalog of
    /// 100,000 strings in 10 languages is about 100 MB).
    static let limit = 1 << 30

    package static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw AuditError.fileNotFound(path: path) }
            throw AuditError.unreadableFile(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw AuditError.unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw AuditError.unreadableFile(path: path, reason: "it is a directory") }
        guard Int(info.st_size) <= limit else {
            throw AuditError.unreadableFile(path: path, reason: "the file is larger than 1 GB")
        }
        // Read to the end rather than trusting st_size: pipes and /proc files report 0.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw AuditError.unreadableFile(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= limit else { throw AuditError.unreadableFile(path: path, reason: "the file is larger than 1 GB") }
        }
        return bytes
    }
}

/// Turns a text file's bytes into valid UTF-8: a UTF-8 byte order mark is dropped, UTF-16
/// (little or big endian) is recognised by its byte order mark, or without one by the zero
/// bytes of mostly-ASCII text, and transcoded.
package enum TextDecoding {
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
    static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
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

    static func hex<T: BinaryInteger>(_ value: T) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        let width = MemoryLayout<T>.size * 2
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
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
