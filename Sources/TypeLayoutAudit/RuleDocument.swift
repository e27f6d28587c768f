import PositionedDocuments
import TypeLayout

/// Reads a rules file into ``LabelRuleSpec``s, with the line and column of every problem.
enum RuleDocument {
    static let fields = ["key", "style", "font", "size", "weight", "width", "maxLines", "maxHeight", "categories"]
    static let fileFields = ["rules", "skip", "untranslated", "developmentLanguage", "scaling"]

    /// The file-wide fields of an object-shaped rules file, checked.
    struct Settings {
        var skippedKeys: [GlobPattern] = []
        var untranslated: UntranslatedCheck?
        var developmentLanguage = "en"
        var scalingMode: ScalingMode?
    }

    static func settings(_ root: JSONNode, path: String) throws -> Settings {
        var settings = Settings()
        guard let members = root.members else { return settings }
        func fail(_ node: JSONNode, _ message: String) -> AuditError {
            .invalidRules(StringFileDiagnostic(location: TextFileLocation(file: path, line: node.line, column: node.column), message: message))
        }
        for member in members {
            let value = member.value
            func choice<Value: RawRepresentable & CaseIterable>(_: Value.Type) throws -> Value where Value.RawValue == String {
                guard let text = value.string, let choice = Value(rawValue: text) else {
                    throw fail(value, "'\(member.key)' must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return choice
            }
            switch member.key {
            case "skip":
                let items = if case let .array(items) = value.value { items } else { [value] }
                settings.skippedKeys = try items.map { item in
                    guard let text = item.string else { throw fail(item, "'skip' must list key globs, found \(item.kindDescription)") }
                    do { return try GlobPattern(text) } catch { throw fail(item, "\(error)") }
                }
            case "untranslated":
                settings.untranslated = try choice(UntranslatedCheck.self)
            case "developmentLanguage":
                guard let text = value.string, !text.isEmpty else { throw fail(value, "'developmentLanguage' must be a language tag such as \"en\"") }
                settings.developmentLanguage = text
            case "scaling":
                settings.scalingMode = try choice(ScalingMode.self)
            default:
                break
            }
        }
        return settings
    }

    /// A JSON or YAML document as a positioned tree (YAML nodes turned into JSON values).
    static func tree(_ bytes: [UInt8], path: String, yaml: Bool) throws -> JSONNode {
        let utf8: [UInt8]
        switch TextDecoding.utf8(bytes, path: path) {
        case let .failure(diagnostic): throw AuditError.invalidRules(diagnostic)
        case let .success(decoded): utf8 = decoded
        }
        func fail(_ line: Int, _ column: Int, _ message: String) -> AuditError {
            .invalidRules(StringFileDiagnostic(location: TextFileLocation(file: path, line: line, column: column), message: message))
        }
        guard yaml else {
            do { return try PositionedJSON.parse(utf8) } catch { throw fail(error.line, error.column, error.message) }
        }
        let root: JSONNode?
        do { root = try YAMLTree.parse(utf8) } catch { throw fail(error.line, error.column, error.message) }
        guard let root else { throw fail(1, 1, "the rules file is empty") }
        return root
    }

    static func specs(_ root: JSONNode, path: String) throws -> [LabelRuleSpec] {
        func fail(_ node: JSONNode, _ message: String) -> AuditError {
            .invalidRules(StringFileDiagnostic(location: TextFileLocation(file: path, line: node.line, column: node.column), message: message))
        }
        let list: [JSONNode]
        switch root.value {
        case let .array(items):
            list = items
        case let .object(members):
            for member in members where !fileFields.contains(member.key) {
                throw AuditError.invalidRules(StringFileDiagnostic(
                    location: TextFileLocation(file: path, line: member.line, column: member.column),
                    message: "unknown field '\(member.key)'; a rules file's fields are \(fileFields.joined(separator: ", "))"))
            }
            guard let rules = root["rules"] else { throw fail(root, "a rules file needs a 'rules' list") }
            guard case let .array(items) = rules.value else { throw fail(rules, "'rules' must be a list, found \(rules.kindDescription)") }
            list = items
        default:
            throw fail(root, "a rules file must be a list of rules or an object with a 'rules' list, found \(root.kindDescription)")
        }
        let rulesDirectory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var wildcardPatterns = 0
        return try list.enumerated().map { index, node in
            guard let members = node.members else { throw fail(node, "rule \(index + 1) must be an object, found \(node.kindDescription)") }
            var spec = LabelRuleSpec(keys: [], location: TextFileLocation(file: path, line: node.line, column: node.column))
            for member in members {
                let value = member.value
                func number() throws -> Double {
                    guard case let .number(number) = value.value else {
                        throw fail(value, "'\(member.key)' must be a number, found \(value.kindDescription)")
                    }
                    return number
                }
                func text() throws -> String {
                    guard let text = value.string else { throw fail(value, "'\(member.key)' must be a string, found \(value.kindDescription)") }
                    return text
                }
                func texts() throws -> [String] {
                    if let text = value.string { return [text] }
                    guard case let .array(items) = value.value else {
                        throw fail(value, "'\(member.key)' must be a string or a list of strings, found \(value.kindDescription)")
                    }
                    return try items.map { item in
                        guard let text = item.string else { throw fail(item, "'\(member.key)' must list strings, found \(item.kindDescription)") }
                        return text
                    }
                }
                do {
                    switch member.key {
                    case "key":
                        spec.keys = try texts()
                        // Each pattern's own node, so that the error names the one over the limit.
                        let nodes = if case let .array(items) = value.value { items } else { [value] }
                        for (pattern, node) in zip(spec.keys, nodes) where try GlobPattern(pattern).literal == nil {
                            wildcardPatterns += 1
                            guard wildcardPatterns <= LabelRuleSet.maximumWildcardPatterns else {
                                throw fail(node, "more than \(LabelRuleSet.maximumWildcardPatterns) key patterns with wildcards; "
                                    + "each is tried against every key: list keys without wildcards, or use fewer, broader globs")
                            }
                        }
                    case "style":
                        spec.style = try TextStyle(parsing: text())
                    case "font":
                        let font = try text()
                        spec.fontPath = font.hasPrefix("/") ? font : rulesDirectory + "/" + font
                    case "size":
                        let size = try number()
                        guard size > 0, size <= 1000 else { throw fail(value, "'size' must be greater than 0 and at most 1000 points, got \(size)") }
                        spec.size = size
                    case "weight":
                        if case let .number(number) = value.value {
                            spec.weight = FontWeight(rawValue: number)
                        } else if let weight = FontWeight(parsing: try text()) {
                            spec.weight = weight
                        } else {
                            throw fail(value, "'weight' must be a name (regular, semibold, bold, …) or a number from 1 to 1000")
                        }
                    case "width":
                        let width = try number()
                        guard width > 0 else { throw fail(value, "'width' must be a number of points greater than 0, got \(width)") }
                        spec.width = width
                    case "maxLines":
                        let lines = try number()
                        guard lines >= 0, lines == lines.rounded(), lines < 1_000_000 else {
                            throw fail(value, "'maxLines' must be a whole number, 0 (unlimited) or more, got \(lines)")
                        }
                        spec.maxLines = Int(lines)
                    case "maxHeight":
                        let height = try number()
                        guard height > 0 else { throw fail(value, "'maxHeight' must be a number of points greater than 0, got \(height)") }
                        spec.maxHeight = height
                    case "categories":
                        let names = try texts()
                        if names.count == 1 && names[0].lowercased() == "all" {
                            spec.categories = ContentSizeCategory.allCases
                        } else {
                            spec.categories = try names.flatMap { $0.split(separator: ",") }
                                .map { try ContentSizeCategory(parsing: String($0)).resolved }
                        }
                    default:
                        throw AuditError.invalidRules(StringFileDiagnostic(
                            location: TextFileLocation(file: path, line: member.line, column: member.column),
                            message: "unknown field '\(member.key)' in rule \(index + 1); valid fields: \(fields.joined(separator: ", "))"))
                    }
                } catch let error as AuditError {
                    if case .invalidRules = error { throw error }
                    throw fail(value, "\(error)")
                } catch {
                    throw fail(value, "\(error)")
                }
            }
            guard !spec.keys.isEmpty else { throw fail(node, "rule \(index + 1) needs 'key', a glob such as \"button.*\" (\"*\" for every key)") }
            return spec
        }
    }
}
