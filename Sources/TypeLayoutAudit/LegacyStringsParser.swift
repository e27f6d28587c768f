import TypeLayout
import PositionedDocuments

/// Reads legacy `.strings` files: `"key" = "value";` entries with `/* */` and `//` comments,
/// in UTF-8 (with or without a byte order mark) or UTF-16 (little or big endian, found by its
/// byte order mark or its zero bytes).
///
/// The syntax is that of Apple's old-style property lists: keys and values in double quotes,
/// or unquoted when they are made of letters, digits and `_$+/:.-`; `"key";` alone means the
/// value is the key. Escapes: `\"`, `\\`, `\n`, `\t`, `\r`, `\a`, `\b`, `\f`, `\v`, `\U` with
/// up to four hex digits (two in a row make a surrogate pair), and octal `\0`…`\377`; any other
/// escaped character stands for itself, as it does for Apple's reader.
///
/// A bad entry is reported at its line and column and skipped (to its `;`); the entries after
/// it are still read. A missing `;` is reported but loses nothing: the next entry starts where
/// the next key does.
enum LegacyStringsParser {
    static func parse(_ bytes: [UInt8], path: String, language: String) -> StringFile {
        var file = StringFile(path: path, format: .strings, strings: [], diagnostics: [])
        switch TextDecoding.utf8(bytes, path: path) {
        case let .failure(diagnostic):
            file.diagnostics.append(diagnostic)
        case let .success(utf8):
            var scanner = Scanner(scalars: Array(String(decoding: utf8, as: UTF8.self).unicodeScalars), path: path)
            scanner.parse(language: language)
            file.strings = scanner.strings
            file.diagnostics = scanner.diagnostics
        }
        return file
    }

    /// A problem that ends the current entry; `fatal` ones (an unterminated string or comment)
    /// end the file, since nothing after them can be told apart from their content.
    private struct Problem: Error {
        let line: Int
        let column: Int
        let message: String
        var fatal = false
    }

    private struct Token {
        let text: String
        let line: Int
        let column: Int
        let quoted: Bool
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let path: String
        var index = 0
        var line = 1
        var column = 1
        var strings: [LocalizedString] = []
        var diagnostics: [StringFileDiagnostic] = []

        init(scalars: [Unicode.Scalar], path: String) {
            self.scalars = scalars
            self.path = path
        }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        mutating func advance() {
            let scalar = scalars[index]
            index += 1
            if scalar == "\n" || (scalar == "\r" && current != "\n") {
                line += 1
                column = 1
            } else if scalar != "\r" {
                column += 1
            }
        }

        func problem(_ message: String, fatal: Bool = false) -> Problem {
            Problem(line: line, column: column, message: message, fatal: fatal)
        }

        mutating func report(_ problem: Problem) {
            diagnostics.append(StringFileDiagnostic(
                location: TextFileLocation(file: path, line: problem.line, column: problem.column), message: problem.message))
        }

        static func isUnquoted(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", "$", "+", "/", ":", ".", "-": true
            default: false
            }
        }

        static func describe(_ scalar: Unicode.Scalar?) -> String {
            guard let scalar else { return "end of file" }
            if scalar.value < 0x20 || scalar.value == 0x7F { return "character U+\(TextDecoding.hex(UInt16(scalar.value)))" }
            return "'\(Character(scalar))'"
        }

        /// Skips whitespace and comments.
        mutating func skipTrivia() throws(Problem) {
            while let scalar = current {
                if scalar.properties.isWhitespace || scalar == "\u{FEFF}" {
                    advance()
                } else if scalar == "/" && peek(1) == "*" {
                    let start = problem("unterminated comment: '/*' has no '*/'", fatal: true)
                    advance(); advance()
                    while !(current == "*" && peek(1) == "/") {
                        guard current != nil else { throw start }
                        advance()
                    }
                    advance(); advance()
                } else if scalar == "/" && peek(1) == "/" {
                    while let next = current, next != "\n" && next != "\r" { advance() }
                } else {
                    return
                }
            }
        }

        mutating func parse(language: String) {
            while true {
                do {
                    try skipTrivia()
                    guard current != nil else { return }
                    try entry(language: language)
                } catch {
                    report(error)
                    if error.fatal { return }
                    recover()
                }
            }
        }

        /// After a bad entry: skip to just past the next `;` outside strings and comments.
        mutating func recover() {
            while let scalar = current {
                if scalar == ";" { advance(); return }
                if scalar == "\"" {
                    do { _ = try token() } catch {
                        if error.fatal { report(error); index = scalars.count; return }
                    }
                    continue
                }
                if scalar == "/" && (peek(1) == "*" || peek(1) == "/") {
                    do { try skipTrivia() } catch { report(error); index = scalars.count; return }
                    continue
                }
                advance()
            }
        }

        mutating func entry(language: String) throws(Problem) {
            guard let first = current, first == "\"" || Self.isUnquoted(first) else {
                throw problem("unexpected \(Self.describe(current)); expected a key in double quotes")
            }
            let key = try token()
            try skipTrivia()
            var value = key
            if current == "=" {
                advance()
                try skipTrivia()
                guard let next = current, next == "\"" || Self.isUnquoted(next) else {
                    throw problem("unexpected \(Self.describe(current)); expected a value in double quotes after '='")
                }
                value = try token()
            } else if current != ";" {
                throw problem("unexpected \(Self.describe(current)); expected '=' or ';' after the key \"\(key.text)\"")
            }
            strings.append(LocalizedString(
                key: key.text, language: language, text: value.text,
                location: TextFileLocation(file: path, line: value.line, column: value.column)))
            // The place right after the value is where a missing ';' belongs.
            let end = problem("expected ';' after the value of \"\(key.text)\"")
            try skipTrivia()
            if current == ";" {
                advance()
            } else if let next = current, next == "\"" || Self.isUnquoted(next) {
                // The next entry has begun: report the missing ';' and carry on from there.
                report(end)
            } else {
                throw Problem(line: end.line, column: end.column,
                              message: "expected ';' after the value of \"\(key.text)\", found \(Self.describe(current))")
            }
        }

        /// A quoted or unquoted string, escapes resolved. A bad escape is reported once the
        /// string's closing quote is found, so recovery starts after the string, not inside it.
        mutating func token() throws(Problem) -> Token {
            let startLine = line, startColumn = column
            guard current == "\"" else {
                var text = String.UnicodeScalarView()
                while let scalar = current, Self.isUnquoted(scalar) {
                    text.append(scalar)
                    advance()
                }
                return Token(text: String(text), line: startLine, column: startColumn, quoted: false)
            }
            let unterminated = Problem(line: startLine, column: startColumn,
                                       message: "unterminated string: no closing '\"'", fatal: true)
            advance()
            var text = String.UnicodeScalarView()
            var badEscape: Problem?
            while true {
                guard let scalar = current else { throw unterminated }
                if scalar == "\"" {
                    advance()
                    if let badEscape { throw badEscape }
                    return Token(text: String(text), line: startLine, column: startColumn, quoted: true)
                }
                if scalar != "\\" {
                    text.append(scalar)
                    advance()
                    continue
                }
                let escapeStart = problem("")
                advance()
                guard current != nil else { throw unterminated }
                do {
                    try escape(into: &text, start: escapeStart)
                } catch {
                    badEscape = badEscape ?? error
                }
            }
        }

        /// Resolves the escape after a backslash.
        mutating func escape(into text: inout String.UnicodeScalarView, start: Problem) throws(Problem) {
            func fail(_ message: String) -> Problem { Problem(line: start.line, column: start.column, message: message) }
            guard let escaped = current else { return }
            switch escaped {
            case "n": text.append("\n"); advance()
            case "t": text.append("\t"); advance()
            case "r": text.append("\r"); advance()
            case "a": text.append("\u{07}"); advance()
            case "b": text.append("\u{08}"); advance()
            case "f": text.append("\u{0C}"); advance()
            case "v": text.append("\u{0B}"); advance()
            case "0"..."7":
                var value: UInt32 = 0
                var digits = 0
                while digits < 3, let digit = current, ("0"..."7").contains(digit) {
                    value = value * 8 + digit.value - 0x30
                    digits += 1
                    advance()
                }
                guard value <= 0xFF else { throw fail("octal escape \\\(String(value, radix: 8)) is above \\377") }
                text.append(Unicode.Scalar(UInt8(value)))
            case "U":
                advance()
                let first = try hexEscape(at: start)
                var value = UInt32(first)
                if UTF16.isLeadSurrogate(first) {
                    let lone = fail("\\U\(TextDecoding.hex(first)) is a high surrogate without a \\U low surrogate after it")
                    guard current == "\\", peek(1) == "U" else { throw lone }
                    advance(); advance()
                    let second = try hexEscape(at: start)
                    guard UTF16.isTrailSurrogate(second) else { throw lone }
                    value = 0x10000 + ((UInt32(first) - 0xD800) << 10) + (UInt32(second) - 0xDC00)
                } else if UTF16.isTrailSurrogate(first) {
                    throw fail("\\U\(TextDecoding.hex(first)) is a low surrogate without a high surrogate before it")
                }
                text.append(Unicode.Scalar(value)!)
            default:
                // \" \\ and anything else: the character itself, as in Apple's reader.
                text.append(escaped)
                advance()
            }
        }

        /// One to four hex digits after `\U`.
        mutating func hexEscape(at start: Problem) throws(Problem) -> UInt16 {
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, let scalar = current, let digit = Self.hexValue(scalar) {
                value = value << 4 | digit
                digits += 1
                advance()
            }
            guard digits > 0 else {
                throw Problem(line: start.line, column: start.column, message: "\\U must be followed by hex digits (\\U00E9)")
            }
            return value
        }

        static func hexValue(_ scalar: Unicode.Scalar) -> UInt16? {
            switch scalar {
            case "0"..."9": UInt16(scalar.value - 0x30)
            case "a"..."f": UInt16(scalar.value - 0x61 + 10)
            case "A"..."F": UInt16(scalar.value - 0x41 + 10)
            default: nil
            }
        }
    }
}
