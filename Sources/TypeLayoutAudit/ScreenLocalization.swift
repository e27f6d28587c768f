import PositionedDocuments
import TypeLayout
import TypeLayoutScreens

/// The strings of the catalogs by key and language, for screens whose text nodes name keys.
public struct ScreenStrings: Sendable {
    private var texts: [String: [String: [LocalizedString]]] = [:]
    /// The languages of the strings, sorted, without `und` and `Base` (what a screen is audited
    /// in); empty when there are none.
    public let languages: [String]
    /// The language shown where a language lacks a key, as iOS falls back to the development
    /// language.
    public var developmentLanguage: String

    /// The strings, looked up by key and language (`pt_BR` and `pt-br` alike).
    public init(_ strings: [LocalizedString], developmentLanguage: String = "en") {
        var languages: [String: String] = [:]
        for string in strings {
            let language = AuditLanguages.normalized(string.language)
            texts[string.key, default: [:]][language, default: []].append(string)
            if Audit.layoutLanguage(string.language) != nil, languages[language] == nil { languages[language] = string.language }
        }
        self.languages = languages.values.sorted()
        self.developmentLanguage = developmentLanguage
    }

    /// The text of `key` in `language`, else in the development language; `nil` when neither
    /// has it. Of a key's variants, the one a phone shows for a number like the sample's: no
    /// variant, else `other` plural forms and the iPhone's device form, else the first.
    public func text(key: String, language: String) -> String? {
        guard let byLanguage = texts[key] else { return nil }
        let candidates = byLanguage[AuditLanguages.normalized(language)] ?? byLanguage[AuditLanguages.normalized(developmentLanguage)]
        guard let candidates, !candidates.isEmpty else { return nil }
        func score(_ string: LocalizedString) -> Int {
            guard let variant = string.variant else { return 3 }
            let parts = variant.split(separator: ",")
            return parts.allSatisfy { $0.hasSuffix(":other") || $0 == "device:iphone" } ? 2 : parts.contains { $0.hasSuffix(":other") } ? 1 : 0
        }
        return candidates.max { score($0) < score($1) }!.text
    }

    /// Whether `language` is written right to left (Arabic, Hebrew, Persian, Urdu and the
    /// like, by their ISO 639 code; a script subtag such as `-Arab` or `-Hebr` counts too).
    public static func isRightToLeft(_ language: String) -> Bool {
        let parts = AuditLanguages.normalized(language).split(separator: "-")
        guard let code = parts.first else { return false }
        if parts.dropFirst().contains(where: { ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains($0) }) { return true }
        if parts.dropFirst().contains(where: { $0.count == 4 }) { return false }
        return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "syr", "arc", "ks"].contains(String(code))
    }
}

extension Screen {
    /// The screen with every text that names a catalog key showing that key's text in
    /// `language` (and laid out as that language's text), its placeholders filled with the
    /// text's arguments, else the screen's samples for the key, else its string and number
    /// samples (``FormatArguments``); literal texts as they are. A key no catalog has shows the node's
    /// own text, or the key itself when that is empty, as an app shows a missing key.
    public func localized(_ language: String, strings: ScreenStrings) -> Screen {
        // A tree deeper than the layout takes is left as it is, for the layout to reject with its
        // own error, rather than recursed into here.
        var pending = [(root, 1)]
        while let (node, depth) = pending.popLast() {
            guard depth <= BoxTree.maximumDepth else { return self }
            pending += node.children.map { ($0, depth + 1) }
        }
        var screen = self
        screen.root = Self.localize(root, language: language, strings: strings, samples: samples)
        return screen
    }

    private static func localize(_ node: ScreenNode, language: String, strings: ScreenStrings, samples: FormatSamples) -> ScreenNode {
        var node = node
        switch node.content {
        case var .text(text):
            if let key = text.key {
                let format = strings.text(key: key, language: language) ?? (text.string.isEmpty ? key : text.string)
                let arguments = text.arguments.isEmpty ? samples.arguments[key] ?? [] : text.arguments
                text.string = FormatArguments.fill(format, arguments: arguments, samples: samples)
                text.language = Audit.layoutLanguage(language)
                node.content = .text(text)
            }
        case let .box(children):
            node.content = .box(children: children.map { localize($0, language: language, strings: strings, samples: samples) })
        case let .firstThatFits(children):
            node.content = .firstThatFits(children: children.map { localize($0, language: language, strings: strings, samples: samples) })
        case .image:
            break
        }
        return node
    }
}

extension ScreenAudit {
    /// A screen checked in one language at each of `categories`: its keyed texts localized
    /// (``Screen/localized(_:strings:)``), laid out right to left for a right-to-left language,
    /// and each layout's ``findings(in:screen:language:)``, category by category.
    ///
    /// - Throws: the layout's ``ScreenError`` naming the node at fault.
    public static func check(
        _ screen: Screen, name: String, language: String, strings: ScreenStrings, categories: [ContentSizeCategory],
        context: DynamicTypeContext = .current, engine: TextLayoutEngine = .shared
    ) throws -> [ScreenFinding] {
        try checkKeepingLayouts(screen, name: name, language: language, strings: strings, categories: categories,
                                context: context, engine: engine).findings
    }

    /// As ``check(_:name:language:strings:categories:context:engine:)``, with the layouts the
    /// findings were found in, one per category in `categories` order, for pictures of them
    /// (``ScreenGallery``) without laying the screen out again.
    public static func checkKeepingLayouts(
        _ screen: Screen, name: String, language: String, strings: ScreenStrings, categories: [ContentSizeCategory],
        context: DynamicTypeContext = .current, engine: TextLayoutEngine = .shared
    ) throws -> (layouts: [ScreenLayout], findings: [ScreenFinding]) {
        let localized = screen.localized(language, strings: strings)
        let direction: Direction = ScreenStrings.isRightToLeft(language) ? .rtl : .ltr
        let layouts = try localized.layouts(at: categories, in: context, engine: engine, direction: direction)
        return (layouts, layouts.flatMap { findings(in: $0, screen: name, language: language) })
    }

    /// Whether the audit reads `path` as a screen rather than strings: `.yaml` and `.yml` files,
    /// and `.json` files whose top level is an object with `device` and a `root` object (a JSON
    /// strings map has strings as its values). A file that can't be read or parsed is not a
    /// screen; the strings reader then reports it.
    public static func isScreenFile(_ path: String) -> Bool {
        guard let format = ScreenFile.Format(path: path) else { return false }
        guard format == .json else { return true }
        guard let bytes = try? FileBytes.read(path), let root = try? PositionedJSON.parse(bytes),
              root["device"] != nil, let screenRoot = root["root"], screenRoot.members != nil else { return false }
        return true
    }
}
