// The only file in the package that touches libxml2: its SAX2 push parser, set up as
// Foundation's XMLParser set it up (which the .stringsdict reader used before), so elements,
// text, error numbers and positions come out the same. External entities and DTDs are never
// loaded (no XML_PARSE_NOENT or XML_PARSE_DTDLOAD, and XML_PARSE_NONET), and only XML's five
// predefined entities resolve.
internal import CXML2

/// What ``XMLSAXReader`` reports, in document order.
protocol XMLSAXDelegate: AnyObject {
    /// An element starts; `name` is `prefix:local` when it has a prefix.
    func startElement(_ name: String, reader: XMLSAXReader)
    func endElement(_ name: String, reader: XMLSAXReader)
    func characters(_ text: String, reader: XMLSAXReader)
    /// A libxml2 error or warning, by its number (`xmlParserErrors` in xmlerror.h).
    func error(code: Int, reader: XMLSAXReader)
}

/// Reads XML from UTF-8 bytes and reports it to a delegate. One reader per document and
/// thread; readers on different threads are independent.
final class XMLSAXReader {
    /// libxml2's one-time set-up, done before any thread's first parse (xmlInitParser is not
    /// safe to race with itself).
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    private weak var delegate: (any XMLSAXDelegate)?
    private var context: xmlParserCtxtPtr?

    private init(delegate: any XMLSAXDelegate) {
        self.delegate = delegate
    }

    /// The line libxml2 is reading (1-based), 0 before it starts.
    var line: Int { context.map { Int(xmlSAX2GetLineNumber($0)) } ?? 0 }
    /// The column libxml2 is reading (1-based), 0 before it starts.
    var column: Int { context.map { Int(xmlSAX2GetColumnNumber($0)) } ?? 0 }

    /// Stops the parse after the current event.
    func stop() {
        if let context { xmlStopParser(context) }
    }

    /// How a parse ended: whether libxml2 finished without a fatal error, and where it
    /// stopped reading (0, 0 if it never started).
    struct Outcome {
        let succeeded: Bool
        let line: Int
        let column: Int
    }

    /// Parses `bytes`, reporting to `delegate`. Fewer than 4 bytes are not parsed at all
    /// (XMLParser waited for 4 to detect the encoding), so nothing is reported for them.
    static func parse(_ bytes: [UInt8], delegate: any XMLSAXDelegate) -> Outcome {
        guard bytes.count >= 4 else { return Outcome(succeeded: true, line: 0, column: 0) }
        _ = initialized
        let reader = XMLSAXReader(delegate: delegate)
        let user = Unmanaged.passUnretained(reader).toOpaque()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { user, localName, prefix, _, _, _, _, _, _ in
            guard let user, let localName else { return }
            let reader = XMLSAXReader.from(user)
            reader.delegate?.startElement(XMLSAXReader.name(localName, prefix), reader: reader)
        }
        handler.endElementNs = { user, localName, prefix, _ in
            guard let user, let localName else { return }
            let reader = XMLSAXReader.from(user)
            reader.delegate?.endElement(XMLSAXReader.name(localName, prefix), reader: reader)
        }
        handler.characters = { user, characters, length in
            guard let user, let characters else { return }
            let reader = XMLSAXReader.from(user)
            let text = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
            reader.delegate?.characters(text, reader: reader)
        }
        // CDATA sections were dropped by XMLParser's reader (it had no CDATA handler); without
        // a handler here libxml2 would pass them on as text.
        handler.cdataBlock = { _, _, _ in }
        // Only the predefined entities (&amp; …); a document's own are reported as undefined.
        handler.getEntity = { _, name in xmlGetPredefinedEntity(name) }
        handler.unparsedEntityDecl = { user, name, publicID, systemID, notation in
            guard let user, let context = XMLSAXReader.from(user).context else { return }
            xmlSAX2UnparsedEntityDecl(context, name, publicID, systemID, notation)
        }
        // Errors come through the thread's structured error handler (libxml2 keeps it per
        // thread), as XMLParser received them; set for this parse only, then the thread's
        // previous handler is put back.
        let previousHandler = __xmlStructuredError().pointee  // the per-thread variable behind the xmlStructuredError macro
        let previousContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(user) { user, error in
            guard let user, let error else { return }
            let reader = XMLSAXReader.from(user)
            reader.delegate?.error(code: Int(error.pointee.code), reader: reader)
        }
        defer { xmlSetStructuredErrorFunc(previousContext, previousHandler) }
        let result: Int32 = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                // The first 4 bytes create the context (and pick the encoding), the rest is
                // one final chunk: XMLParser's calls, so positions and errors match.
                guard let context = xmlCreatePushParserCtxt(&handler, user, chars.baseAddress, 4, nil) else { return -1 }
                reader.context = context
                xmlCtxtUseOptions(context, Int32(XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue))
                let rest = chars.count - 4
                return xmlParseChunk(context, rest > 0 ? chars.baseAddress! + 4 : nil, Int32(rest), 1)
            }
        }
        let outcome = Outcome(succeeded: result == 0 || result == Int32(XML_ERR_DOCUMENT_END.rawValue),
                              line: reader.line, column: reader.column)
        if let context = reader.context {
            // Declarations in an internal DTD subset can make libxml2 create a document.
            if let document = context.pointee.myDoc { xmlFreeDoc(document) }
            xmlFreeParserCtxt(context)
            reader.context = nil
        }
        return outcome
    }

    private static func from(_ user: UnsafeMutableRawPointer) -> XMLSAXReader {
        Unmanaged<XMLSAXReader>.fromOpaque(user).takeUnretainedValue()
    }

    private static func name(_ localName: UnsafePointer<xmlChar>, _ prefix: UnsafePointer<xmlChar>?) -> String {
        let local = String(cString: localName)
        guard let prefix else { return local }
        return String(cString: prefix) + ":" + local
    }
}
