/// Reads a YAML file (a rules file, a screen) into the same positioned tree as JSON (``JSONNode``), from
/// libyaml's events (``YAMLEventReader``).
///
/// It keeps what the rules reader did with Yams: one document; a mapping with a repeated key
/// is refused; quoted scalars are strings and plain ones numbers, booleans or null when they
/// read as one (YAML 1.2's core schema, so "yes" and "on" stay strings); nesting deeper than
/// ``PositionedJSON/maximumDepth`` is refused. Aliases are refused outright: expanding them
/// lets a small file grow exponentially.
package enum YAMLTree {
    /// A problem at a line and column (1-based), with its message.
    package struct Failure: Error {
        package let line: Int
        package let column: Int
        package let message: String
        /// Whether the file nests deeper than the reader accepts (``PositionedJSON/maximumDepth``
        /// levels, or libyaml's own limit).
        package var nestsTooDeep = false
    }

    /// The document's tree, or `nil` for a stream with no document.
    package static func parse(_ utf8: [UInt8]) throws(Failure) -> JSONNode? {
        let root: Node?
        do { root = try compose(utf8) } catch let error as YAMLSyntaxError {
            throw syntaxFailure(error, utf8)
        } catch let error as Failure {
            throw error
        } catch {
            throw Failure(line: 1, column: 1, message: "YAML: \(error)")
        }
        guard let root else { return nil }
        return try convert(root, depth: 0)
    }

    private static func syntaxFailure(_ error: YAMLSyntaxError, _ utf8: [UInt8]) -> Failure {
        switch error.stage {
        case .memory:
            return Failure(line: 1, column: 1, message: "YAML: Memory error")
        case .reader:
            // The reader reports a byte offset rather than a mark.
            let (line, column) = TextDecoding.position(ofByte: error.offset, in: utf8)
            return Failure(line: line, column: column, message: "YAML: \(error.problem)")
        case .scanner, .parser:
            let message = [error.context, error.problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            let tooDeep = error.problem.hasPrefix("Maximum nesting level")
            let hint = if tooDeep {
                " (the file nests deeper than \(YAMLEventReader.maximumNesting) levels)"
            } else if indentsWithTab(line: error.line, in: utf8) {
                " (a tab indents this line; YAML indents with spaces only)"
            } else {
                ""
            }
            return Failure(line: error.line, column: error.column, message: "YAML: \(message)\(hint)", nestsTooDeep: tooDeep)
        }
    }

    /// Whether the 1-based `line` starts with whitespace holding a tab, which libyaml reports
    /// only as a character that can't start a token.
    private static func indentsWithTab(line: Int, in utf8: [UInt8]) -> Bool {
        let lines = utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return false }
        return lines[line - 1].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.contains(UInt8(ascii: "\t"))
    }

    // MARK: Composing

    /// A composed node; tags are kept only to tell repeated keys apart as YAML does. A scalar's
    /// tag is resolved only when its text matches another key's: resolving every scalar's was
    /// most of the time a small screen file took to read.
    private indirect enum Node: Hashable {
        case scalar(String, plain: Bool, tag: ScalarTagSource, line: Int, column: Int)
        case sequence([Node], tag: String, line: Int, column: Int)
        case mapping([Pair], tag: String, line: Int, column: Int)

        static func == (lhs: Node, rhs: Node) -> Bool {
            switch (lhs, rhs) {
            case let (.scalar(a, plainA, tagA, _, _), .scalar(b, plainB, tagB, _, _)):
                a == b && scalarTag(a, plain: plainA, tag: tagA.tag, quotedImplicit: tagA.quotedImplicit)
                    == scalarTag(b, plain: plainB, tag: tagB.tag, quotedImplicit: tagB.quotedImplicit)
            case let (.sequence(a, tagA, _, _), .sequence(b, tagB, _, _)): a == b && tagA == tagB
            case let (.mapping(a, tagA, _, _), .mapping(b, tagB, _, _)): a == b && tagA == tagB
            default: false
            }
        }

        /// Consistent with `==` (text or kind, and tag, a scalar's text only); a collection's
        /// items are left out, so hashing stays cheap and equal collections still hash alike.
        func hash(into hasher: inout Hasher) {
            switch self {
            case let .scalar(text, _, _, _, _): hasher.combine(0); hasher.combine(text)
            case let .sequence(items, tag, _, _): hasher.combine(1); hasher.combine(items.count); hasher.combine(tag)
            case let .mapping(pairs, tag, _, _): hasher.combine(2); hasher.combine(pairs.count); hasher.combine(tag)
            }
        }

        var position: (line: Int, column: Int) {
            switch self {
            case let .scalar(_, _, _, line, column), let .sequence(_, _, line, column), let .mapping(_, _, line, column):
                (line, column)
            }
        }
    }

    /// What a scalar's tag is resolved from (``scalarTag(_:plain:tag:quotedImplicit:)``).
    private struct ScalarTagSource {
        let tag: String?
        let quotedImplicit: Bool
    }

    private struct Pair: Hashable {
        let key: Node
        let value: Node
    }

    /// A collection being read: its items so far (a mapping's alternate keys and values).
    private struct Open {
        let isMapping: Bool
        let tag: String
        let line: Int
        let column: Int
        var items: [Node] = []
    }

    /// The first document as nodes, without recursion (libyaml allows deep nesting).
    private static func compose(_ utf8: [UInt8]) throws -> Node? {
        let reader = YAMLEventReader(utf8: utf8)
        _ = try reader.next()  // stream start
        var event = try reader.next()
        if case .streamEnd = event.kind { return nil }
        // `event` is the document start; the nodes follow.
        var stack: [Open] = []
        var root: Node?
        while root == nil {
            event = try reader.next()
            var finished: Node?
            switch event.kind {
            case let .scalar(text, plain, tag, quotedImplicit):
                finished = .scalar(text, plain: plain, tag: ScalarTagSource(tag: tag, quotedImplicit: quotedImplicit),
                                   line: event.line, column: event.column)
            case let .sequenceStart(tag):
                stack.append(Open(isMapping: false, tag: collectionTag(tag, default: "tag:yaml.org,2002:seq"), line: event.line, column: event.column))
            case let .mappingStart(tag):
                stack.append(Open(isMapping: true, tag: collectionTag(tag, default: "tag:yaml.org,2002:map"), line: event.line, column: event.column))
            case .sequenceEnd:
                let open = stack.removeLast()
                finished = .sequence(open.items, tag: open.tag, line: open.line, column: open.column)
            case .mappingEnd:
                let open = stack.removeLast()
                let pairs = stride(from: 0, to: open.items.count - 1, by: 2).map { Pair(key: open.items[$0], value: open.items[$0 + 1]) }
                try checkDuplicates(pairs.map(\.key))
                finished = .mapping(pairs, tag: open.tag, line: open.line, column: open.column)
            case .alias:
                throw Failure(line: event.line, column: event.column, message: "YAML aliases are not supported")
            case .streamStart, .streamEnd, .documentStart, .documentEnd:
                break  // not inside a document's node
            }
            if let finished {
                if stack.isEmpty { root = finished } else { stack[stack.count - 1].items.append(finished) }
            }
        }
        _ = try reader.next()  // document end
        let next = try reader.next()
        if case .streamEnd = next.kind { return root }
        throw Failure(line: next.line, column: next.column,
                      message: "YAML: expected a single document in the stream but found another document")
    }

    /// YAML's rule: a repeated key (same text and type) is an error, reported where the first
    /// repeat is written and naming where the key was first given. Hashed, not compared
    /// pairwise: the quadratic way is far too slow for a large mapping.
    private static func checkDuplicates(_ keys: [Node]) throws(Failure) {
        var seen = [Node: Node](minimumCapacity: keys.count)
        for key in keys {
            guard let first = seen.updateValue(key, forKey: key) else { continue }
            let (line, column) = key.position
            let (firstLine, firstColumn) = first.position
            let name = if case let .scalar(text, _, _, _, _) = key { "key \(TextDecoding.quoted(text))" } else { "a collection as a key" }
            throw Failure(line: line, column: column,
                          message: "YAML: \(name) is given twice in one mapping (first at line \(firstLine), column \(firstColumn))")
        }
    }

    private static func collectionTag(_ tag: String?, default name: String) -> String {
        guard let tag, tag != "!" else { return name }
        return tag
    }

    /// A scalar's type for telling keys apart: its tag; `str` when quoted or tagged `!`; for
    /// plain text, what it reads as (YAML 1.1's names, as Yams resolved them; numbers by the
    /// readers below rather than Yams' patterns, which differ only for odd spellings).
    private static func scalarTag(_ text: String, plain: Bool, tag: String?, quotedImplicit: Bool) -> String {
        let prefix = "tag:yaml.org,2002:"
        if quotedImplicit { return prefix + "str" }
        if let tag { return tag == "!" ? prefix + "str" : tag }
        guard plain else { return prefix + "str" }
        if ["yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
            "on", "On", "ON", "off", "Off", "OFF"].contains(text) { return prefix + "bool" }
        if integer(text) != nil { return prefix + "int" }
        if number(text) != nil { return prefix + "float" }
        if text == "<<" { return prefix + "merge" }
        if ["~", "null", "Null", "NULL", ""].contains(text) { return prefix + "null" }
        if text == "=" { return prefix + "value" }
        return prefix + "str"
    }

    // MARK: Converting

    private static func convert(_ node: Node, depth: Int) throws(Failure) -> JSONNode {
        let (line, column) = node.position
        guard depth < PositionedJSON.maximumDepth else {
            throw Failure(line: line, column: column, message: PositionedJSON.nestingMessage(format: "YAML"), nestsTooDeep: true)
        }
        switch node {
        case let .scalar(text, plain, _, _, _):
            return JSONNode(value: scalarValue(text, plain: plain), line: line, column: column)
        case let .sequence(items, _, _, _):
            var values: [JSONNode] = []
            for item in items { values.append(try convert(item, depth: depth + 1)) }
            return JSONNode(value: .array(values), line: line, column: column)
        case let .mapping(pairs, _, _, _):
            var members: [JSONNode.Member] = []
            for pair in pairs {
                let (keyLine, keyColumn) = pair.key.position
                guard case let .scalar(name, _, _, _, _) = pair.key else {
                    throw Failure(line: keyLine, column: keyColumn, message: "mapping keys must be plain names")
                }
                members.append(JSONNode.Member(key: name, line: keyLine, column: keyColumn, value: try convert(pair.value, depth: depth + 1)))
            }
            return JSONNode(value: .object(members), line: line, column: column)
        }
    }

    /// Quoted scalars are strings; plain ones are numbers, booleans or null when they read as
    /// one (YAML 1.2's core schema: "yes" and "on" stay strings).
    static func scalarValue(_ text: String, plain: Bool) -> JSONNode.Value {
        guard plain else { return .string(text) }
        if let number = integer(text).map(Double.init) ?? (text.isEmpty ? nil : number(text)) { return .number(number) }
        let lowered = text.lowercased()
        if lowered == "true" || lowered == "false" { return .bool(lowered == "true") }
        if ["null", "~", ""].contains(lowered) { return .null }
        return .string(text)
    }

    /// A plain scalar as an integer, as Yams read one: `_` ignored, an optional sign, `0x`,
    /// `0b`, `0o` and a bare leading `0` (octal) prefixes, or base-60 `1:30`.
    static func integer(_ text: String) -> Int? {
        let withSign = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "_" }))
        if withSign == "0" { return 0 }
        let negative = withSign.hasPrefix("-")
        let hasSign = negative || withSign.hasPrefix("+")
        let body = withSign.dropFirst(hasSign ? 1 : 0)
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where body.hasPrefix(prefix) {
            return Int((negative ? "-" : "") + body.dropFirst(prefix.count), radix: radix)
        }
        if body.contains(":") { return sexagesimal(withSign) { Int($0, radix: 10) } }
        return Int(withSign)
    }

    /// A plain scalar as a floating-point number, as Yams read one: `.inf`, `-.inf`, `.nan`,
    /// `_` ignored, base-60 `1:30.5`, or what Swift's `Double(_:)` reads.
    static func number(_ text: String) -> Double? {
        switch text.lowercased() {
        case ".inf", "+.inf": return .infinity
        case "-.inf": return -.infinity
        case ".nan": return .nan
        default:
            let string = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "_" }))
            if string.contains(":") { return sexagesimal(string) { Double($0) } }
            return Double(string)
        }
    }

    /// `[-+]a:b:c` as a × 60² + b × 60 + c; `nil` if a part doesn't read or the value overflows.
    private static func sexagesimal<T: Numeric>(_ text: String, _ part: (String) -> T?) -> T? {
        var digits = Substring(text)
        var sign: T = 1
        if digits.hasPrefix("-") {
            sign = -1
            digits = digits.dropFirst()
        } else if digits.hasPrefix("+") {
            digits = digits.dropFirst()
        }
        var parts: [T] = []
        for component in digits.split(separator: ":", omittingEmptySubsequences: false) {
            guard let value = part(String(component)) else { return nil }
            parts.append(value)
        }
        var value: T = 0, base: T = 1
        for digit in parts.reversed() {
            guard let sum = add(value, multiply(digit, base)), let next = multiply(base, 60) else { return nil }
            value = sum
            base = next
        }
        return multiply(sign, value)
    }

    private static func multiply<T: Numeric>(_ a: T?, _ b: T) -> T? {
        guard let a else { return nil }
        if let a = a as? Int, let b = b as? Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? nil : product as? T
        }
        return a * b
    }

    private static func add<T: Numeric>(_ a: T, _ b: T?) -> T? {
        guard let b else { return nil }
        if let a = a as? Int, let b = b as? Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? nil : sum as? T
        }
        return a + b
    }
}
