import TypeLayout
import PositionedDocuments

/// Reads the string files the audit checks, picking the format by extension (see
/// ``StringFileFormat``).
///
/// A file's language, for formats that hold one language, is the `xx.lproj` folder it is in, or
/// else its name when that is a language tag (`de.json`, `pt-BR.strings`), or else `und`.
public enum StringFileReader {
    /// Reads and parses a file.
    ///
    /// - Parameter language: the language of a one-language file; `nil` takes it from the path.
    /// - Returns: the strings read and the problems found; a file that doesn't parse at all
    ///   comes back with no strings and one diagnostic naming its line and column.
    /// - Throws: ``AuditError/unsupportedFormat(path:)`` for an unknown extension (before
    ///   reading), ``AuditError/fileNotFound(path:)`` or ``AuditError/unreadableFile(path:reason:)``.
    public static func parse(contentsOf path: String, language: String? = nil) throws -> StringFile {
        guard let format = StringFileFormat(path: path) else { throw AuditError.unsupportedFormat(path: path) }
        var bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw AuditError(error) }
        guard format == .stringCatalog else { return parse(bytes, format: format, path: path, language: language) }
        // A catalog's bytes are let go once its tree is read, before the strings are made from
        // it: at a million strings that is a fifth of the peak.
        let root = PositionedJSON.parseFile(bytes, path: path)
        bytes = []
        return StringCatalogParser.parse(root, path: path)
    }

    /// Parses a file's bytes as `format`; `path` names the file in diagnostics and gives the
    /// language when `language` is `nil`.
    public static func parse(_ bytes: [UInt8], format: StringFileFormat, path: String, language: String? = nil) -> StringFile {
        let language = language ?? PathLanguage.language(of: path)
        switch format {
        case .stringCatalog: return StringCatalogParser.parse(bytes, path: path)
        case .strings: return LegacyStringsParser.parse(bytes, path: path, language: language)
        case .stringsDict: return StringsDictParser.parse(bytes, path: path, language: language)
        case .jsonMap: return JSONMapParser.parse(bytes, path: path, language: language)
        case .lines: return LinesFileParser.parse(bytes, path: path, language: language)
        }
    }
}

/// Reads a JSON object of keys to texts, `{"greeting": "Hallo"}`. Nested objects give dotted
/// keys (`{"settings": {"title": "…"}}` is `settings.title`), the layout web projects use; a
/// value that is neither a string nor an object is reported at its line and column.
enum JSONMapParser {
    static func parse(_ bytes: [UInt8], path: String, language: String) -> StringFile {
        var file = StringFile(path: path, format: .jsonMap, strings: [], diagnostics: [])
        let root: JSONNode
        switch PositionedJSON.parseFile(bytes, path: path) {
        case let .success(node): root = node
        case let .failure(diagnostic):
            file.diagnostics.append(diagnostic)
            return file
        }
        guard root.members != nil else {
            file.diagnostics.append(StringFileDiagnostic(
                location: TextFileLocation(file: path, line: root.line, column: root.column),
                message: "a JSON string map must be an object of keys to strings, found \(root.kindDescription)"))
            return file
        }
        func walk(_ node: JSONNode, prefix: String) {
            for member in node.members ?? [] {
                let key = prefix.isEmpty ? member.key : prefix + "." + member.key
                switch member.value.value {
                case let .string(text):
                    file.strings.append(LocalizedString(
                        key: key, language: language, text: text,
                        location: TextFileLocation(file: path, line: member.value.line, column: member.value.column)))
                case .object:
                    walk(member.value, prefix: key)
                default:
                    file.diagnostics.append(StringFileDiagnostic(
                        location: TextFileLocation(file: path, line: member.value.line, column: member.value.column),
                        message: "the value of \"\(key)\" must be a string, found \(member.value.kindDescription)"))
                }
            }
        }
        walk(root, prefix: "")
        return file
    }
}

/// Reads a lines file: each non-blank line is one string, taken literally (no escapes, no
/// `key = value`: a label's text may well contain `=` or a backslash), keyed by its line number.
/// Line ends may be LF, CR LF or CR; UTF-8 or UTF-16 as for `.strings`.
enum LinesFileParser {
    static func parse(_ bytes: [UInt8], path: String, language: String) -> StringFile {
        var file = StringFile(path: path, format: .lines, strings: [], diagnostics: [])
        switch TextDecoding.utf8(bytes, path: path) {
        case let .failure(diagnostic):
            file.diagnostics.append(diagnostic)
        case let .success(utf8):
            var line = 1
            var start = 0
            var index = 0
            func take(_ end: Int) {
                let text = String(decoding: utf8[start..<end], as: UTF8.self)
                if !text.allSatisfy(\.isWhitespace) {
                    file.strings.append(LocalizedString(
                        key: String(line), language: language, text: text,
                        location: TextFileLocation(file: path, line: line, column: 1)))
                }
            }
            while index < utf8.count {
                let byte = utf8[index]
                if byte == 0x0A || byte == 0x0D {
                    take(index)
                    if byte == 0x0D && index + 1 < utf8.count && utf8[index + 1] == 0x0A { index += 1 }
                    line += 1
                    start = index + 1
                }
                index += 1
            }
            if start < utf8.count { take(utf8.count) }
        }
        return file
    }
}
