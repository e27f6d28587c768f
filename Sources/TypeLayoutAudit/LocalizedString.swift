import TypeLayout

/// One string of a localization file in one language: what a label would show.
///
/// A string with plural, device or width variations becomes one `LocalizedString` per variant,
/// each named by ``variant``, so every form a person can see is checked.
public struct LocalizedString: Sendable, Hashable, Codable {
    /// The key the app looks the string up by (for a lines file, the line number).
    public var key: String
    /// Which variation this is, e.g. `plural:one`, `device:iphone,plural:other` or `items:few`
    /// (a substitution's plural form); `nil` for a string without variations.
    public var variant: String?
    /// The language, a BCP 47 tag as the file names it (`de`, `pt-BR`, `zh-Hans`); `und` when
    /// the file doesn't say.
    public var language: String
    /// The text, escapes resolved.
    public var text: String
    /// Where the text is in its file.
    public var location: TextFileLocation

    /// A string.
    public init(key: String, variant: String? = nil, language: String, text: String, location: TextFileLocation) {
        self.key = key
        self.variant = variant
        self.language = language
        self.text = text
        self.location = location
    }

    /// The key with its variant in brackets: `items [plural:one]`.
    public var displayKey: String { variant.map { "\(key) [\($0)]" } ?? key }
}

/// A problem with one part of a file: a syntax error, or an entry that doesn't have the shape
/// its format needs. The rest of the file is still read wherever the format allows.
public struct StringFileDiagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where the problem is.
    public var location: TextFileLocation
    /// What is wrong, one line.
    public var message: String

    /// A diagnostic. Control characters and line separators in `message` (a key or value quoted
    /// from the file may hold any) are written as escapes such as `\n`, so that it stays one line.
    public init(location: TextFileLocation, message: String) {
        self.location = location
        self.message = Self.oneLine(message)
    }

    static func oneLine(_ text: String) -> String {
        func isBreaking(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
        guard text.unicodeScalars.contains(where: isBreaking) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isBreaking(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result.append(contentsOf: #"\n"#.unicodeScalars)
            case "\r": result.append(contentsOf: #"\r"#.unicodeScalars)
            case "\t": result.append(contentsOf: #"\t"#.unicodeScalars)
            default: result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            }
        }
        return String(result)
    }

    /// "path:line:column: message".
    public var description: String { "\(location): \(message)" }
}

/// The formats ``StringFileReader`` reads, each picked by its file extension.
public enum StringFileFormat: String, Sendable, Hashable, CaseIterable {
    /// An Xcode String Catalog (`.xcstrings`, JSON): every language, plural, device and
    /// substitution variations.
    case stringCatalog
    /// A legacy strings file (`.strings`): `"key" = "value";` in UTF-8 or UTF-16 with a BOM.
    case strings
    /// Plural rules (`.stringsdict`, an XML property list).
    case stringsDict
    /// A JSON object of keys to texts (`.json`); nested objects give dotted keys.
    case jsonMap
    /// One string per line (`.txt`, `.lines`); the key is the line number.
    case lines

    /// The format of a file name's extension (case-insensitive), or `nil`.
    public init?(path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "xcstrings": self = .stringCatalog
        case "strings": self = .strings
        case "stringsdict": self = .stringsDict
        case "json": self = .jsonMap
        case "txt", "lines": self = .lines
        default: return nil
        }
    }

    /// The extensions read, for help texts and error messages.
    public static let extensions = [".xcstrings", ".strings", ".stringsdict", ".json", ".txt", ".lines"]
}

/// The strings read from one file, with the problems found in it.
public struct StringFile: Sendable {
    /// The path as given.
    public var path: String
    /// The format it was read as.
    public var format: StringFileFormat
    /// Every string that could be read, in file order.
    public var strings: [LocalizedString]
    /// Every problem found, in file order; empty for a clean file.
    public var diagnostics: [StringFileDiagnostic]

    /// A parsed file.
    public init(path: String, format: StringFileFormat, strings: [LocalizedString], diagnostics: [StringFileDiagnostic]) {
        self.path = path
        self.format = format
        self.strings = strings
        self.diagnostics = diagnostics
    }
}

/// Errors of the audit that are not about one place in a file: files that can't be read or
/// aren't a known format, rules that don't describe a label.
public enum AuditError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but can't be read.
    case unreadableFile(path: String, reason: String)
    /// The extension names no format the audit reads.
    case unsupportedFormat(path: String)
    /// A rules file that can't be used, with where and why.
    case invalidRules(StringFileDiagnostic)
    /// A label setting out of range (from the command line or a rule), with what was wrong.
    case invalidLabel(String)

    /// One line naming the file (and where it has one, the line and column) and the problem.
    public var description: String {
        switch self {
        case let .fileNotFound(path):
            "no such file: \(path)"
        case let .unreadableFile(path, reason):
            "can't read \(path): \(reason)"
        case let .unsupportedFormat(path):
            "\(path): unknown string file type; expected one of \(StringFileFormat.extensions.joined(separator: ", "))"
        case let .invalidRules(diagnostic):
            diagnostic.description
        case let .invalidLabel(message):
            message
        }
    }
}
