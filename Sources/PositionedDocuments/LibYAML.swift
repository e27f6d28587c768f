// The only file in the package that touches libyaml: it turns libyaml's events and error
// fields into Swift values and thrown errors. Lines and columns are 1-based here (libyaml's
// marks are 0-based; columns count characters, not bytes).
internal import CYAML

/// One YAML parse event and where it starts.
struct YAMLEvent {
    enum Kind {
        case streamStart, streamEnd, documentStart, documentEnd
        case alias
        /// A scalar's text; `plain` when unquoted and not a block scalar; `tag` as written
        /// (`!!str` expanded), or `nil`; `quotedImplicit` when it is quoted and has no tag.
        case scalar(String, plain: Bool, tag: String?, quotedImplicit: Bool)
        /// A sequence's or mapping's explicit tag, if any.
        case sequenceStart(tag: String?)
        case sequenceEnd
        case mappingStart(tag: String?)
        case mappingEnd
    }

    let kind: Kind
    let line: Int
    let column: Int
}

/// A libyaml error: the stage that found it, its context ("while parsing a flow sequence"),
/// the problem and where it is.
struct YAMLSyntaxError: Error {
    enum Stage { case reader, scanner, parser, memory }

    let stage: Stage
    let context: String?
    let problem: String
    let line: Int
    let column: Int
    /// For reader errors (characters YAML doesn't allow): the byte offset in the input.
    let offset: Int
}

/// libyaml's event parser over UTF-8 bytes.
final class YAMLEventReader {
    /// Deeper nesting than this is refused as Yams' libyaml refused it (Debian's libyaml
    /// 0.2.5 has no limit), with the same test, position and message.
    static let maximumNesting = 1000

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml reads from this copy of the input for the parser's lifetime.
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// `yaml_parser_initialize` fails only without memory; `next()` then throws.
    private let initialized: Bool

    init(utf8 bytes: [UInt8]) {
        input = .allocate(capacity: max(1, bytes.count))
        _ = input.initialize(from: bytes)
        parser = .allocate(capacity: 1)
        initialized = yaml_parser_initialize(parser) == 1
        if initialized {
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        }
    }

    deinit {
        if initialized { yaml_parser_delete(parser) }
        parser.deallocate()
        input.deallocate()
    }

    /// The next event.
    ///
    /// - Throws: ``YAMLSyntaxError`` where libyaml stops, or where nesting passes
    ///   ``maximumNesting``.
    func next() throws(YAMLSyntaxError) -> YAMLEvent {
        guard initialized else {
            throw YAMLSyntaxError(stage: .memory, context: nil, problem: "out of memory", line: 1, column: 1, offset: 0)
        }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw error() }
        defer { yaml_event_delete(&event) }
        let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
        let kind: YAMLEvent.Kind
        switch event.type {
        case YAML_STREAM_START_EVENT: kind = .streamStart
        case YAML_STREAM_END_EVENT: kind = .streamEnd
        case YAML_DOCUMENT_START_EVENT: kind = .documentStart
        case YAML_DOCUMENT_END_EVENT: kind = .documentEnd
        case YAML_ALIAS_EVENT: kind = .alias
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            // Scalars may hold NUL characters ("\0"), so the length counts, not a terminator.
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            kind = .scalar(text, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, tag: Self.string(scalar.tag),
                           quotedImplicit: scalar.quoted_implicit != 0)
        case YAML_SEQUENCE_START_EVENT:
            try checkNesting(event)
            let start = event.data.sequence_start
            kind = .sequenceStart(tag: start.implicit != 0 ? nil : Self.string(start.tag))
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            try checkNesting(event)
            let start = event.data.mapping_start
            kind = .mappingStart(tag: start.implicit != 0 ? nil : Self.string(start.tag))
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default:
            // YAML_NO_EVENT: only after the stream's end, which the reader never reads past.
            throw YAMLSyntaxError(stage: .parser, context: nil, problem: "no event after the end of the stream",
                                  line: line, column: column, offset: 0)
        }
        return YAMLEvent(kind: kind, line: line, column: column)
    }

    /// Yams' libyaml checks, as it starts a collection from a `[`, `{` or block start token,
    /// that the scanner's block indents are fewer than the limit less the flow depth. The
    /// parser's state tells which token started it; the scanner's counts are as they were
    /// at that check, since nothing is scanned after it.
    private func checkNesting(_ event: yaml_event_t) throws(YAMLSyntaxError) {
        let flow: Bool
        switch parser.pointee.state {
        case YAML_PARSE_FLOW_SEQUENCE_FIRST_ENTRY_STATE, YAML_PARSE_FLOW_MAPPING_FIRST_KEY_STATE: flow = true
        case YAML_PARSE_BLOCK_SEQUENCE_FIRST_ENTRY_STATE, YAML_PARSE_BLOCK_MAPPING_FIRST_KEY_STATE: flow = false
        default: return  // an indentless sequence: not checked
        }
        let indents = parser.pointee.indents.top - parser.pointee.indents.start
        guard indents >= Self.maximumNesting - Int(parser.pointee.flow_level) else { return }
        // The token's start: a one-character `[` or `{` ends a column later; block start
        // tokens are empty.
        let end = event.end_mark
        throw YAMLSyntaxError(
            stage: .parser, context: "while parsing",
            problem: "Maximum nesting level reached, set with yaml_set_max_nest_level())",
            line: Int(end.line) + 1, column: Int(end.column) + (flow ? 0 : 1), offset: Int(end.index) - (flow ? 1 : 0))
    }

    private func error() -> YAMLSyntaxError {
        let state = parser.pointee
        let problem = state.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = state.context.map { String(cString: $0) }
        let mark = state.problem_mark
        let stage: YAMLSyntaxError.Stage
        switch state.error {
        case YAML_READER_ERROR: stage = .reader
        case YAML_SCANNER_ERROR: stage = .scanner
        case YAML_PARSER_ERROR: stage = .parser
        default: stage = .memory
        }
        return YAMLSyntaxError(stage: stage, context: context, problem: problem, line: Int(mark.line) + 1,
                               column: Int(mark.column) + 1, offset: Int(state.problem_offset))
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
