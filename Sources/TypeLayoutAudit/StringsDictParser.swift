import TypeLayout
import PositionedDocuments

/// Reads `.stringsdict` files: an XML property list whose top-level dictionary maps each key
/// to a dictionary with an `NSStringLocalizedFormatKey` format (`%#@items@ left`) and, for each
/// `%#@name@` in it, a variable: `NSStringPluralRuleType` (forms `zero`, `one`, `two`, `few`,
/// `many`, `other`), `NSStringDeviceSpecificRuleType` or `NSStringVariableWidthRuleType`.
///
/// Each form of each variable becomes one string (the format with that form filled in and any
/// other variables at their `other` form), named like `items:one`. libxml2's SAX parser reads
/// the XML (property list decoding would lose the line numbers); an entry of the wrong shape is
/// reported at its line and skipped, and the others are still read.
enum StringsDictParser {
    static func parse(_ bytes: [UInt8], path: String, language: String) -> StringFile {
        var file = StringFile(path: path, format: .stringsDict, strings: [], diagnostics: [])
        let root: PlistNode
        switch PlistXML.parse(bytes, path: path) {
        case let .failure(diagnostic):
            file.diagnostics.append(diagnostic)
            return file
        case let .success(node):
            root = node
        }
        var diagnostics: [StringFileDiagnostic] = []
        func problem(_ node: PlistNode, _ message: String) {
            diagnostics.append(StringFileDiagnostic(location: node.location(in: path), message: message))
        }
        guard case let .dictionary(entries) = root.value else {
            problem(root, "a stringsdict's top level must be a <dict> of keys, found \(root.kindDescription)")
            file.diagnostics = diagnostics
            return file
        }
        for (key, entry) in entries {
            guard case let .dictionary(members) = entry.value else {
                problem(entry, "entry \"\(key)\" must be a <dict>, found \(entry.kindDescription)")
                continue
            }
            // Width and device rules sit directly in the entry; plural rules in variables.
            if let (kind, rules) = members.first(where: { $0.0 == "NSStringVariableWidthRuleType" || $0.0 == "NSStringDeviceSpecificRuleType" }) {
                let prefix = kind == "NSStringVariableWidthRuleType" ? "width" : "device"
                guard case let .dictionary(forms) = rules.value else {
                    problem(rules, "\(kind) of \"\(key)\" must be a <dict>, found \(rules.kindDescription)")
                    continue
                }
                for (name, form) in forms {
                    guard case let .string(text) = form.value else {
                        problem(form, "form '\(name)' of \"\(key)\" must be a <string>, found \(form.kindDescription)")
                        continue
                    }
                    file.strings.append(LocalizedString(key: key, variant: "\(prefix):\(name)", language: language, text: text,
                                                        location: form.location(in: path)))
                }
                continue
            }
            guard let formatNode = members.first(where: { $0.0 == "NSStringLocalizedFormatKey" })?.1 else {
                problem(entry, "entry \"\(key)\" has no NSStringLocalizedFormatKey")
                continue
            }
            guard case let .string(format) = formatNode.value else {
                problem(formatNode, "NSStringLocalizedFormatKey of \"\(key)\" must be a <string>, found \(formatNode.kindDescription)")
                continue
            }
            var substitutions: [FormSubstitution] = []
            var valid = true
            for (name, variable) in members where name != "NSStringLocalizedFormatKey" {
                guard case let .dictionary(fields) = variable.value else {
                    problem(variable, "variable '\(name)' of \"\(key)\" must be a <dict>, found \(variable.kindDescription)")
                    valid = false
                    continue
                }
                var forms: [(category: String, text: String)] = []
                for (field, value) in fields where !field.hasPrefix("NSStringFormat") {
                    guard case let .string(text) = value.value else {
                        problem(value, "form '\(field)' of variable '\(name)' in \"\(key)\" must be a <string>, found \(value.kindDescription)")
                        valid = false
                        continue
                    }
                    forms.append((field, text))
                }
                if forms.isEmpty {
                    problem(variable, "variable '\(name)' of \"\(key)\" has no forms (one, other, …)")
                    valid = false
                }
                substitutions.append(FormSubstitution(name: name, forms: forms))
            }
            guard valid else { continue }
            for (variant, text) in FormSubstitution.expand(format, variant: [], substitutions: substitutions) {
                file.strings.append(LocalizedString(
                    key: key, variant: variant.isEmpty ? nil : variant.joined(separator: ","), language: language,
                    text: text, location: formatNode.location(in: path)))
            }
        }
        file.diagnostics = diagnostics
        return file
    }
}

/// A property list value with the line and column where its element was read.
struct PlistNode: Sendable {
    enum Value: Sendable {
        case dictionary([(String, PlistNode)])
        case array([PlistNode])
        case string(String)
        /// `<integer>`, `<real>`, `<true/>`, `<false/>`, `<date>` or `<data>`, by element name.
        case scalar(String)
    }

    let value: Value
    let line: Int
    let column: Int

    init(value: Value, line: Int, column: Int) {
        self.value = value
        self.line = line
        self.column = column
    }

    func location(in path: String) -> TextFileLocation { TextFileLocation(file: path, line: line, column: column) }

    var kindDescription: String {
        switch value {
        case .dictionary: "a <dict>"
        case .array: "an <array>"
        case .string: "a <string>"
        case let .scalar(name): "<\(name)>"
        }
    }
}

/// Builds a ``PlistNode`` tree from XML property list data with libxml2's SAX parser
/// (``XMLSAXReader``).
enum PlistXML {
    static func parse(_ bytes: [UInt8], path: String) -> Result<PlistNode, StringFileDiagnostic> {
        // The bytes are checked (and UTF-16 transcoded) first, so names and text are valid
        // UTF-8; the declaration's encoding then no longer applies.
        let utf8: [UInt8]
        switch TextDecoding.utf8(bytes, path: path) {
        case let .failure(diagnostic): return .failure(diagnostic)
        case let .success(decoded): utf8 = withoutDeclaredEncoding(decoded)
        }
        let builder = Builder(path: path)
        let outcome = XMLSAXReader.parse(utf8, delegate: builder)
        if let problem = builder.problem { return .failure(problem) }
        if !outcome.succeeded {
            let location = TextFileLocation(file: path, line: max(1, outcome.line), column: max(1, outcome.column))
            return .failure(StringFileDiagnostic(location: location, message: "XML syntax error"))
        }
        guard let root = builder.root else {
            return .failure(StringFileDiagnostic(location: TextFileLocation(file: path, line: 1, column: 1),
                                                 message: "the property list is empty (no <dict> inside <plist>)"))
        }
        return .success(root)
    }

    /// The document with the `encoding="…"` of its XML declaration removed (the same length
    /// of spaces in its place, so columns stay put).
    static func withoutDeclaredEncoding(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.starts(with: Array("<?xml".utf8)),
              let end = (0..<min(bytes.count, 200)).first(where: { bytes[$0] == UInt8(ascii: ">") }) else { return bytes }
        let declaration = bytes[0..<end]
        let name = Array("encoding".utf8)
        guard let start = (0..<max(0, end - name.count)).first(where: { bytes[$0..<$0 + name.count].elementsEqual(name) }) else {
            return bytes
        }
        var index = start + name.count
        while index < end && (bytes[index] == 0x20 || bytes[index] == UInt8(ascii: "=")) { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return bytes }
        let quote = bytes[index]
        guard let close = declaration.indices.first(where: { $0 > index && bytes[$0] == quote }) else { return bytes }
        var result = bytes
        for position in start...close { result[position] = 0x20 }
        return result
    }

    /// Turns the parser's events into nodes; records the first problem with its position
    /// (libxml2 goes on reporting after an error, but later positions are consequences).
    private final class Builder: XMLSAXDelegate {
        private enum Open {
            case plist
            case dictionary(line: Int, column: Int, entries: [(String, PlistNode)], pendingKey: (String, Int, Int)?)
            case array(line: Int, column: Int, items: [PlistNode])
            case text(name: String, line: Int, column: Int, text: String)
        }

        let path: String
        private var stack: [Open] = []
        private(set) var root: PlistNode?
        private(set) var problem: StringFileDiagnostic?

        init(path: String) { self.path = path }

        private func fail(_ parser: XMLSAXReader, _ message: String) {
            guard problem == nil else { return }
            problem = StringFileDiagnostic(
                location: TextFileLocation(file: path, line: max(1, parser.line), column: max(1, parser.column)),
                message: message)
            parser.stop()
        }

        func startElement(_ elementName: String, reader parser: XMLSAXReader) {
            let line = parser.line, column = parser.column
            switch elementName {
            case "plist":
                guard stack.isEmpty && root == nil else { return fail(parser, "<plist> inside another element") }
                stack.append(.plist)
            case "dict":
                stack.append(.dictionary(line: line, column: column, entries: [], pendingKey: nil))
            case "array":
                stack.append(.array(line: line, column: column, items: []))
            case "key", "string", "integer", "real", "true", "false", "date", "data":
                if case .text = stack.last { return fail(parser, "<\(elementName)> inside a text element") }
                stack.append(.text(name: elementName, line: line, column: column, text: ""))
            default:
                fail(parser, "unexpected element <\(elementName)> in a property list")
            }
        }

        func characters(_ string: String, reader parser: XMLSAXReader) {
            guard case let .text(name, line, column, text) = stack.last else { return }
            stack[stack.count - 1] = .text(name: name, line: line, column: column, text: text + string)
        }

        func endElement(_ elementName: String, reader parser: XMLSAXReader) {
            guard let open = stack.popLast() else { return }
            switch open {
            case .plist:
                return
            case let .dictionary(line, column, entries, pendingKey):
                if let pendingKey {
                    problem = problem ?? StringFileDiagnostic(
                        location: TextFileLocation(file: path, line: pendingKey.1, column: pendingKey.2),
                        message: "<key>\(pendingKey.0)</key> has no value after it")
                    parser.stop()
                    return
                }
                add(PlistNode(value: .dictionary(entries), line: line, column: column), parser)
            case let .array(line, column, items):
                add(PlistNode(value: .array(items), line: line, column: column), parser)
            case let .text(name, line, column, text):
                if name == "key" {
                    guard case let .dictionary(dLine, dColumn, entries, pending) = stack.last else {
                        return fail(parser, "<key> outside a <dict>")
                    }
                    if let pending {
                        return fail(parser, "<key>\(pending.0)</key> has no value before the next <key>")
                    }
                    stack[stack.count - 1] = .dictionary(line: dLine, column: dColumn, entries: entries, pendingKey: (text, line, column))
                } else {
                    let value: PlistNode.Value = name == "string" ? .string(text) : .scalar(name)
                    add(PlistNode(value: value, line: line, column: column), parser)
                }
            }
        }

        private func add(_ node: PlistNode, _ parser: XMLSAXReader) {
            switch stack.last {
            case .plist:
                if root != nil { return fail(parser, "a <plist> holds one value") }
                root = node
            case let .dictionary(line, column, entries, pendingKey):
                guard let pendingKey else { return fail(parser, "a value in a <dict> without a <key> before it") }
                stack[stack.count - 1] = .dictionary(line: line, column: column, entries: entries + [(pendingKey.0, node)], pendingKey: nil)
            case let .array(line, column, items):
                stack[stack.count - 1] = .array(line: line, column: column, items: items + [node])
            case .text, nil:
                if root == nil && stack.isEmpty { root = node } else { fail(parser, "a value outside any container") }
            }
        }

        func error(code: Int, reader parser: XMLSAXReader) {
            guard problem == nil else { return }
            problem = StringFileDiagnostic(
                location: TextFileLocation(file: path, line: max(1, parser.line), column: max(1, parser.column)),
                message: "XML syntax error: \(Self.describe(code))")
        }

        /// libxml2's error numbers (xmlerror.h).
        static func describe(_ code: Int) -> String {
            switch code {
            case 4: "the document is empty"
            case 5, 86: "content after the end of the property list"
            case 9: "a character that XML doesn't allow"
            case 22, 23, 26: "a malformed or unknown entity (write & as &amp;)"
            case 34: "an unterminated quoted value"
            case 38, 39, 40, 41, 42: "a malformed attribute"
            case 45: "an unterminated comment"
            case 68: "a tag without a name"
            case 72: "a '<' is missing"
            case 73: "a '>' is missing"
            case 74: "a closing tag '</…>' is missing"
            case 76: "a closing tag doesn't match the element it closes"
            case 77, 85: "an element is not closed before the document ends"
            default: "libxml2 error \(code)"
            }
        }
    }
}
