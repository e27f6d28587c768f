import PositionedDocuments
import TypeLayout

/// What a label is, as a rule file or the command line describes it; every field may be left
/// out and filled from defaults (see ``filled(from:)``), then ``resolve()`` makes a
/// ``LabelRule``.
///
/// The font fields (``style``, ``fontPath``, ``size``, ``weight``) go together: `style` alone is
/// the style's own font (`preferredFont`); `size` scales a fixed size by the style's metrics
/// (body's without a style), in ``fontPath``'s face or the system face; `fontPath` with `style`
/// and no size sets the style's sizes in that face (a ``FontTheme``).
public struct LabelRuleSpec: Sendable, Hashable {
    /// Glob patterns (``GlobPattern``) of the keys the rule is for.
    public var keys: [String]
    /// A text style.
    public var style: TextStyle?
    /// A font file.
    public var fontPath: String?
    /// A point size at `large`.
    public var size: Double?
    /// A weight on a variable font's axis.
    public var weight: FontWeight?
    /// The label's width in points.
    public var width: Double?
    /// The most lines the label shows; 0 is unlimited.
    public var maxLines: Int?
    /// The tallest the label may be, in points.
    public var maxHeight: Double?
    /// The categories to check.
    public var categories: [ContentSizeCategory]?
    /// Where the rule was written, for messages.
    public var location: TextFileLocation?

    /// A spec; every field is optional.
    public init(keys: [String] = ["*"], style: TextStyle? = nil, fontPath: String? = nil, size: Double? = nil,
                weight: FontWeight? = nil, width: Double? = nil, maxLines: Int? = nil, maxHeight: Double? = nil,
                categories: [ContentSizeCategory]? = nil, location: TextFileLocation? = nil) {
        self.keys = keys
        self.style = style
        self.fontPath = fontPath
        self.size = size
        self.weight = weight
        self.width = width
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.categories = categories
        self.location = location
    }

    /// The label used when nothing says otherwise: body, 343 pt wide (an iPhone less 16 pt
    /// margins), unlimited lines, no height limit, all twelve categories.
    public static let builtInDefaults = LabelRuleSpec(style: .body, width: 343, maxLines: 0, categories: ContentSizeCategory.allCases)

    var hasFont: Bool { style != nil || fontPath != nil || size != nil || weight != nil }

    /// This spec with the fields it leaves out taken from `defaults`; the font fields are taken
    /// as a group, and only when this spec names none of them.
    public func filled(from defaults: LabelRuleSpec) -> LabelRuleSpec {
        var spec = self
        if !hasFont {
            spec.style = defaults.style
            spec.fontPath = defaults.fontPath
            spec.size = defaults.size
            spec.weight = defaults.weight
        }
        spec.width = width ?? defaults.width
        spec.maxLines = maxLines ?? defaults.maxLines
        spec.maxHeight = maxHeight ?? defaults.maxHeight
        spec.categories = categories ?? defaults.categories
        return spec
    }

    /// The rule, after filling anything left out from ``builtInDefaults``, its font resolved in
    /// `context` (its scaling mode and system family).
    ///
    /// - Throws: ``AuditError/invalidLabel(_:)`` for a value out of range or a bad key pattern;
    ///   the font's own errors (``TypeLayoutError``) for a font file that can't be loaded.
    public func resolve(in context: DynamicTypeContext = .current) throws -> LabelRule {
        let spec = filled(from: .builtInDefaults)
        let width = spec.width ?? 343
        guard width.isFinite, width > 0 else { throw AuditError.invalidLabel("width must be a number of points greater than 0, got \(width)") }
        let maxLines = spec.maxLines ?? 0
        guard maxLines >= 0 else { throw AuditError.invalidLabel("max lines must be 0 (unlimited) or more, got \(maxLines)") }
        if let maxHeight = spec.maxHeight, !(maxHeight.isFinite && maxHeight > 0) {
            throw AuditError.invalidLabel("max height must be a number of points greater than 0, got \(maxHeight)")
        }
        if let size = spec.size, !(size.isFinite && size > 0 && size <= 1000) {
            throw AuditError.invalidLabel("size must be greater than 0 and at most 1000 points, got \(size)")
        }
        let categories = spec.categories ?? ContentSizeCategory.allCases
        guard !categories.isEmpty else { throw AuditError.invalidLabel("a label needs at least one category to check") }
        return LabelRule(
            patterns: try spec.keys.map(GlobPattern.init), font: try spec.font(in: context), width: width, maxLines: maxLines,
            maxHeight: spec.maxHeight, categories: categories.map(\.resolved), location: location)
    }

    private func font(in context: DynamicTypeContext) throws -> Font {
        let large = context.with(.large)
        if let size {
            let face = try fontPath.map { try FontFace.load(path: $0, weight: weight) }
                ?? context.systemFontFamily.face(pointSize: size, weight: weight ?? style?.weight ?? .regular)
            let base = try Font(face: face, pointSize: size)
            return try FontMetrics(forTextStyle: style ?? .body).scaledFont(for: base, in: large)
        }
        if let fontPath {
            guard let style else {
                throw AuditError.invalidLabel("a font file needs a size, or a text style to take its sizes from")
            }
            // A theme whose face doesn't load is an error naming the file.
            let theme = FontTheme(name: fontPath, faces: [style: .init(path: fontPath, weight: weight)])
            return try theme.font(forTextStyle: style, in: large)
        }
        return try Font.preferredFont(forTextStyle: style ?? .body, in: large)
    }
}

/// A label to check strings in: its font (with its Dynamic Type rule), width, line limit,
/// height limit and the categories to check, for the keys that match its patterns.
public struct LabelRule: Sendable {
    /// The key patterns; a key matching any of them uses the rule.
    public var patterns: [GlobPattern]
    /// The font at `large`; it re-resolves at each category by its own rule.
    public var font: Font
    /// The label's width in points.
    public var width: Double
    /// The most lines shown; 0 is unlimited.
    public var maxLines: Int
    /// The tallest the label may be, in points; `nil` for no limit.
    public var maxHeight: Double?
    /// The categories checked, smallest first as given.
    public var categories: [ContentSizeCategory]
    /// Where the rule was written, if in a file.
    public var location: TextFileLocation?

    /// A rule.
    public init(patterns: [GlobPattern], font: Font, width: Double, maxLines: Int = 0, maxHeight: Double? = nil,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases, location: TextFileLocation? = nil) {
        self.patterns = patterns
        self.font = font
        self.width = width
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.categories = categories
        self.location = location
    }

    /// Whether the rule is for `key`.
    public func matches(_ key: String) -> Bool { patterns.contains { $0.matches(key) } }

    /// The label's paragraph style: UILabel's defaults (tail truncation, natural alignment,
    /// the bundled fallback faces) at this width and line limit.
    public var paragraphStyle: ParagraphStyle { ParagraphStyle(width: width, numberOfLines: maxLines) }
}

/// The rules of a rules file, in order, and the label for keys that none of them matches.
public struct LabelRuleSet: Sendable {
    /// The rules; the first that matches a key is used.
    public var rules: [LabelRule] {
        didSet { lookup = RuleLookup(rules) }
    }
    /// The label for keys no rule matches.
    public var fallback: LabelRule
    /// Keys not checked at all (a rules file's `skip`: strings only VoiceOver reads, say).
    public var skippedKeys: [GlobPattern] = []
    /// Which untranslated strings to warn about (a rules file's `untranslated`); `nil` for none.
    public var untranslated: UntranslatedCheck?
    /// The language untranslated strings are compared with (a rules file's
    /// `developmentLanguage`; `en` when it doesn't say).
    public var developmentLanguage = "en"
    /// The scaling mode the rules file asks for (`scaling`), `nil` when it doesn't say.
    public var scalingMode: ScalingMode?
    private var lookup: RuleLookup

    /// The most key patterns with a wildcard a rules file may have: each is tried against every
    /// key checked, so their number multiplies the audit's work (patterns without one, a rule
    /// per key, are looked up and not limited).
    public static let maximumWildcardPatterns = 1000

    /// A rule set.
    public init(rules: [LabelRule] = [], fallback: LabelRule) {
        self.rules = rules
        self.fallback = fallback
        lookup = RuleLookup(rules)
    }

    /// One label for every key (the command line's single rule), resolved in `context`.
    public init(_ spec: LabelRuleSpec, in context: DynamicTypeContext = .current) throws {
        self.init(rules: [], fallback: try spec.resolve(in: context))
    }

    /// The rule for a key: the first that matches, else ``fallback``; with its index in
    /// ``rules`` (`nil` for the fallback).
    public func rule(for key: String) -> (rule: LabelRule, index: Int?) {
        if let index = lookup.ruleIndex(for: key) { return (rules[index], index) }
        return (fallback, nil)
    }

    /// Whether `key` is one of ``skippedKeys``.
    public func skips(_ key: String) -> Bool { skippedKeys.contains { $0.matches(key) } }

    /// Reads a rules file: JSON (`.json`) or YAML (`.yaml`, `.yml`), either a list of rules or
    /// an object with a `rules` list and optionally `skip` (key globs not checked),
    /// `untranslated` (`missing` or `identical`, see ``UntranslatedCheck``),
    /// `developmentLanguage` (default `en`) and `scaling` (`metrics` or `apple`: the fonts resolve
    /// in `context` with that mode unless `keepsContextScaling`, as when `--scaling` was given).
    /// Each rule has `key` (a glob or a list of globs) and any of
    /// `style`, `font` (a path, relative to the rules file), `size`, `weight`, `width`,
    /// `maxLines`, `maxHeight`, `categories` (`all`, a comma list or a list). A field a rule
    /// leaves out comes from `defaults` (the command line), then from
    /// ``LabelRuleSpec/builtInDefaults``; `defaults` is also the label for unmatched keys.
    ///
    /// - Throws: ``AuditError/invalidRules(_:)`` naming the file, line and column of the
    ///   problem; ``AuditError/fileNotFound(path:)`` and the like for the file itself.
    public static func load(
        contentsOf path: String, defaults: LabelRuleSpec = LabelRuleSpec(), in context: DynamicTypeContext = .current,
        keepsContextScaling: Bool = false
    ) throws -> LabelRuleSet {
        let lowered = path.lowercased()
        let isYAML = lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
        guard isYAML || lowered.hasSuffix(".json") else {
            throw AuditError.invalidLabel("\(path): rules must be a .json, .yaml or .yml file")
        }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch { throw AuditError(error) }
        return try parse(bytes, path: path, yaml: isYAML, defaults: defaults, in: context, keepsContextScaling: keepsContextScaling)
    }

    /// Parses rules from a file's bytes (see ``load(contentsOf:defaults:in:keepsContextScaling:)``),
    /// fonts resolved in `context`.
    public static func parse(
        _ bytes: [UInt8], path: String, yaml: Bool, defaults: LabelRuleSpec = LabelRuleSpec(),
        in context: DynamicTypeContext = .current, keepsContextScaling: Bool = false
    ) throws -> LabelRuleSet {
        let root = try RuleDocument.tree(bytes, path: path, yaml: yaml)
        let specs = try RuleDocument.specs(root, path: path)
        let settings = try RuleDocument.settings(root, path: path)
        var context = context
        if let scaling = settings.scalingMode, !keepsContextScaling { context.scalingMode = scaling }
        // Rules that differ only in their keys share one label (a rule per key): resolved once.
        var labels: [LabelRuleSpec: LabelRule] = [:]
        let rules = try specs.map { spec -> LabelRule in
            do {
                var label = spec.filled(from: defaults)
                label.keys = []
                label.location = nil
                var rule = try labels[label] ?? label.resolve(in: context)
                labels[label] = rule
                rule.patterns = try spec.keys.map(GlobPattern.init)
                rule.location = spec.location
                return rule
            } catch {
                throw AuditError.invalidRules(StringFileDiagnostic(location: spec.location!, message: "\(error)"))
            }
        }
        var set = LabelRuleSet(rules: rules, fallback: try defaults.resolve(in: context))
        set.skippedKeys = settings.skippedKeys
        set.untranslated = settings.untranslated
        set.developmentLanguage = settings.developmentLanguage
        set.scalingMode = settings.scalingMode
        return set
    }
}

/// Finds a key's rule without trying every pattern: patterns without wildcards are looked up
/// in a dictionary, and only those with one are tried, in rule order, before the first rule
/// whose literal pattern is the key.
private struct RuleLookup: Sendable {
    private var literals: [String: Int] = [:]
    private var wildcards: [(rule: Int, pattern: GlobPattern)] = []

    init(_ rules: [LabelRule]) {
        for (index, rule) in rules.enumerated() {
            for pattern in rule.patterns {
                if let literal = pattern.literal {
                    if literals[literal] == nil { literals[literal] = index }
                } else {
                    wildcards.append((index, pattern))
                }
            }
        }
    }

    func ruleIndex(for key: String) -> Int? {
        let literal = literals[key]
        guard !wildcards.isEmpty else { return literal }
        let characters = Array(key)
        for (rule, pattern) in wildcards {
            if let literal, rule >= literal { break }
            if pattern.matches(characters: characters) { return rule }
        }
        return literal
    }
}
