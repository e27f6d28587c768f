import TypeLayout

/// FNV-1a, 64 bits: the same value for the same text on every run and machine, unlike `Hasher`.
enum StableHash {
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

/// One of N slices of an audit's strings, so that N CI jobs share the work: every string is in
/// exactly one slice, chosen by a hash of its key and input file (not by the order the strings
/// are found), so a key's languages and variants stay together and the slices don't change
/// when other keys come or go.
public struct AuditShard: Sendable, Hashable, CustomStringConvertible {
    /// Which slice, from 1.
    public let index: Int
    /// How many slices.
    public let count: Int

    /// The `index`-th of `count` slices.
    ///
    /// - Throws: ``AuditError/invalidLabel(_:)`` unless 1 ≤ index ≤ count.
    public init(index: Int, count: Int) throws {
        guard count >= 1, (1...count).contains(index) else {
            throw AuditError.invalidLabel("a shard is I/N with 1 ≤ I ≤ N, such as 1/4; got \(index)/\(count)")
        }
        self.index = index
        self.count = count
    }

    /// A shard written as `I/N` (`2/4`).
    ///
    /// - Throws: ``AuditError/invalidLabel(_:)`` for anything else.
    public init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw AuditError.invalidLabel("a shard is I/N with 1 ≤ I ≤ N, such as 1/4; got '\(text)'")
        }
        try self.init(index: index, count: count)
    }

    /// `I/N`.
    public var description: String { "\(index)/\(count)" }

    /// Whether `string` is in this slice.
    public func contains(_ string: LocalizedString) -> Bool { contains(key: string.key, file: string.location.file) }

    /// Whether the strings of `key` in `file` are in this slice.
    public func contains(key: String, file: String) -> Bool {
        Int(StableHash.fnv1a(key + "\u{0}" + file) % UInt64(count)) == index - 1
    }
}

/// Choosing strings by language.
public enum AuditLanguages {
    /// The strings in `languages` (`pt_BR` and `pt-br` name the same language).
    ///
    /// - Throws: ``AuditError/invalidLabel(_:)`` naming each language asked for that no string
    ///   has, and the languages the strings do have: a typo must not pass as "everything fits".
    public static func filter(_ strings: [LocalizedString], languages: [String]) throws -> [LocalizedString] {
        var present: [String: String] = [:]
        for string in strings where present[normalized(string.language)] == nil { present[normalized(string.language)] = string.language }
        let missing = languages.filter { present[normalized($0)] == nil }
        guard missing.isEmpty else {
            let available = present.values.sorted()
            throw AuditError.invalidLabel(
                "no input has language \(missing.map { "'\($0)'" }.joined(separator: ", ")); "
                    + (available.isEmpty ? "the inputs have no strings" : "the inputs have \(available.joined(separator: ", "))"))
        }
        let wanted = Set(languages.map(normalized))
        return strings.filter { wanted.contains(normalized($0.language)) }
    }

    /// `pt_BR` and `pt-br` name the same language.
    public static func normalized(_ tag: String) -> String {
        String(String.UnicodeScalarView(tag.unicodeScalars.map { $0 == "_" ? "-" : $0 })).lowercased()
    }
}

/// Which untranslated strings a rules file asks to be warned about (`untranslated:`).
public enum UntranslatedCheck: String, Sendable, Hashable, CaseIterable {
    /// A key (and variant) that some language of the inputs has and another doesn't.
    case missing
    /// As ``missing``, and also a string whose text is the development language's text for the
    /// same key and variant (often right for "OK" or a brand name, so asked for separately).
    case identical
}

/// A string that looks untranslated: a warning, which doesn't fail the audit.
public struct UntranslatedString: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The key.
    public let key: String
    /// The key, with its variant in brackets when it has one.
    public let displayKey: String
    /// The language it is missing from or identical in.
    public let language: String
    /// Whether the string is missing (`true`) or the same as the development language's.
    public let isMissing: Bool
    /// Where to look: for a missing string, the development language's string of the key; when
    /// the development language lacks the key too, the file of ``language`` the string is missing
    /// from (the key's table: `hi.lproj/Localizable.strings` beside `ar.lproj/Localizable.strings`,
    /// at line 1, column 1, as it has no line), or, when ``language`` has no file of that table,
    /// ``sourceLocation``. For an identical string, the string itself.
    public let location: TextFileLocation
    /// For a missing string whose key the development language lacks too: the language of
    /// another string of the key, the text a translator starts from; `nil` otherwise.
    public let sourceLanguage: String?
    /// Where that other string is (see ``sourceLanguage``).
    public let sourceLocation: TextFileLocation?

    /// An untranslated string.
    public init(key: String, displayKey: String, language: String, isMissing: Bool, location: TextFileLocation,
                sourceLanguage: String? = nil, sourceLocation: TextFileLocation? = nil) {
        self.key = key
        self.displayKey = displayKey
        self.language = language
        self.isMissing = isMissing
        self.location = location
        self.sourceLanguage = sourceLanguage
        self.sourceLocation = sourceLocation
    }

    /// One line: where, which key, which language, and what is wrong. A key's line breaks and
    /// other control characters are written as escapes (`Insulin\nSuspended`). A warning about a
    /// key the development language lacks names the file the translation is missing from and
    /// where another language has the key, never only another language's file.
    public var description: String {
        let key = StringFileDiagnostic.oneLine(displayKey)
        guard isMissing else { return "\(location): \(key) in \(language) is the same as the development language's" }
        guard let sourceLanguage, let sourceLocation else { return "\(location): \(key) has no \(language) translation" }
        guard location == sourceLocation else {
            return "\(location.file): \(key) has no \(language) translation (\(sourceLanguage) has it at \(sourceLocation))"
        }
        return "\(location): \(key) has no \(language) translation (\(sourceLanguage) has it here; no \(language) file has this table)"
    }

    /// The untranslated strings among `strings`, key by key in input order, then language order.
    ///
    /// A key is missing from a language when that language has none of its strings: variants are
    /// not compared, as languages have different plural forms. The languages expected are every
    /// language of `strings` except `und` and `Base`. Identical texts are compared per key and
    /// variant with the development language's.
    public static func find(in strings: [LocalizedString], check: UntranslatedCheck, developmentLanguage: String) -> [UntranslatedString] {
        struct Identity: Hashable {
            let key: String
            let variant: String?
        }
        let development = AuditLanguages.normalized(developmentLanguage)
        var languages: [String: String] = [:]
        var keys: [String] = []
        var stringsOfKey: [String: [String: [LocalizedString]]] = [:]
        var reference: [Identity: String] = [:]
        var files: [String: [String]] = [:]
        for string in strings where Audit.layoutLanguage(string.language) != nil {
            let language = AuditLanguages.normalized(string.language)
            if languages[language] == nil { languages[language] = string.language }
            if stringsOfKey[string.key] == nil { keys.append(string.key) }
            stringsOfKey[string.key, default: [:]][language, default: []].append(string)
            if language == development { reference[Identity(key: string.key, variant: string.variant)] = string.text }
            if !(files[language] ?? []).contains(string.location.file) {
                files[language, default: []].append(string.location.file)
            }
        }
        let expected = languages.filter { $0.key != development }.sorted { $0.value < $1.value }
        var found: [UntranslatedString] = []
        for key in keys {
            let byLanguage = stringsOfKey[key]!
            let source = (byLanguage[development] ?? byLanguage.min { $0.key < $1.key }!.value)[0]
            for (language, tag) in expected {
                guard let translated = byLanguage[language] else {
                    found.append(missing(key, language: tag, source: source, isDevelopment: byLanguage[development] != nil,
                                         filesOfLanguage: files[language] ?? []))
                    continue
                }
                guard check == .identical else { continue }
                for string in translated where reference[Identity(key: key, variant: string.variant)] == string.text {
                    found.append(UntranslatedString(key: key, displayKey: string.displayKey, language: tag, isMissing: false, location: string.location))
                }
            }
        }
        return found
    }

    /// A key missing from `language`, pointed at its development-language string, or else at
    /// the file of `language` that should have it (a catalog: the key's own entry in it), so
    /// that a translator of `language` is never sent to only another language's file.
    private static func missing(_ key: String, language: String, source: LocalizedString, isDevelopment: Bool,
                                filesOfLanguage: [String]) -> UntranslatedString {
        // A string catalog holds every language in one file: the key's own entry is where the
        // translation goes, even when the language has no string in the catalog yet.
        if isDevelopment || filesOfLanguage.contains(source.location.file) || extensionOf(source.location.file) == "xcstrings" {
            return UntranslatedString(key: key, displayKey: key, language: language, isMissing: true, location: source.location)
        }
        let table = tableName(source.location.file, language: source.language)
        let sameTable = filesOfLanguage.filter { tableName($0, language: language) == table }
        let file = sameTable.first { extensionOf($0) == extensionOf(source.location.file) } ?? sameTable.first
        return UntranslatedString(key: key, displayKey: key, language: language, isMissing: true,
                                  location: file.map { TextFileLocation(file: $0, line: 1, column: 1) } ?? source.location,
                                  sourceLanguage: source.language, sourceLocation: source.location)
    }

    /// A file's path with the part naming its language (`ar.lproj`, or the name of `ar.strings`)
    /// and its extension left out, the same for every language's file of one table
    /// (`Resources/*/Localizable` for `.strings` and `.stringsdict`).
    private static func tableName(_ path: String, language: String) -> String {
        let wanted = AuditLanguages.normalized(language)
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let last = components.popLast() else { return path }
        let stem = last.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? last
        if let folder = components.lastIndex(where: { $0.lowercased().hasSuffix(".lproj") }),
           AuditLanguages.normalized(String(components[folder].dropLast(6))) == wanted {
            components[folder] = "*"
            return (components + [stem]).joined(separator: "/")
        }
        return (components + [AuditLanguages.normalized(stem) == wanted ? "*" : stem]).joined(separator: "/")
    }

    private static func extensionOf(_ path: String) -> Substring {
        path.split(separator: "/").last?.split(separator: ".").dropFirst().last ?? ""
    }
}
