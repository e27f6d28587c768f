// The only Swift file that talks to ICU (through the plain-C CUnicode target): everything else
// in the analysis stage sees Swift values and `UnicodeAnalysisError`.
import CUnicode

/// An ICU call made during Unicode analysis (line breaking, bidi) failed.
///
/// In practice this means ICU ran out of memory or its data is missing; bad input such as empty
/// text, lone surrogates or an unknown locale is not an error.
public struct UnicodeAnalysisError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was being done, e.g. `"line breaking"`.
    public let operation: String
    /// ICU's `UErrorCode` (positive; `U_ILLEGAL_ARGUMENT_ERROR` is 1).
    public let code: Int32
    /// ICU's name for ``code``, e.g. `"U_MEMORY_ALLOCATION_ERROR"`.
    public let codeName: String
    /// More about the cause when there is more to say than the code.
    public let detail: String?

    init(operation: String, code: Int32, detail: String? = nil) {
        self.operation = operation
        self.code = code
        self.codeName = String(cString: cunicode_error_name(code))
        self.detail = detail
    }

    /// The failed operation, ICU's error name and code, and the detail if any.
    public var description: String {
        let cause = detail.map { ": \($0)" } ?? ""
        return "\(operation) failed with ICU error \(codeName) (\(code))\(cause)"
    }
}

/// Thin Swift face of the CUnicode C functions. Internal: callers use the analysis types.
enum ICU {
    /// ICU's version, e.g. "72.1".
    static var version: String {
        var info: [UInt8] = [0, 0, 0, 0]
        _ = cunicode_version(&info)
        return "\(info[0]).\(info[1])"
    }

    /// The Unicode version of ICU's character data, e.g. "15.0".
    static var unicodeVersion: String {
        var info: [UInt8] = [0, 0, 0, 0]
        _ = cunicode_unicode_version(&info)
        return "\(info[0]).\(info[1])"
    }

    /// The C interface counts in Int32; longer text can't be passed at all.
    private static func checkedLength(
        _ text: [UInt16], operation: String
    ) throws(UnicodeAnalysisError) -> Int32 {
        guard let length = Int32(exactly: text.count) else {
            throw UnicodeAnalysisError(
                operation: operation, code: CUNICODE_ERROR_ILLEGAL_ARGUMENT,
                detail: "text of \(text.count) UTF-16 code units is longer than ICU accepts")
        }
        return length
    }

    // MARK: Line breaking

    /// ICU's line break boundaries after the start of `text` (the end of text included).
    static func lineBreaks(
        in text: [UInt16], locale: String?
    ) throws(UnicodeAnalysisError) -> [LineBreakOpportunity] {
        try withLineBreaks(in: text, locale: locale) { offsets, mandatory in
            offsets.indices.map { LineBreakOpportunity(utf16Offset: Int(offsets[$0]), isMandatory: mandatory[$0] != 0) }
        }
    }

    /// The offsets of the soft (not mandatory) line break opportunities, what layout uses,
    /// without building the opportunities first.
    static func softLineBreaks(in text: [UInt16], locale: String?) throws(UnicodeAnalysisError) -> [Int] {
        try withLineBreaks(in: text, locale: locale) { offsets, mandatory in
            var soft: [Int] = []
            soft.reserveCapacity(offsets.count)
            for index in offsets.indices where mandatory[index] == 0 { soft.append(Int(offsets[index])) }
            return soft
        }
    }

    /// Calls `body` with ICU's boundaries of `text` and whether each is mandatory.
    private static func withLineBreaks<Value>(
        in text: [UInt16], locale: String?,
        _ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<UInt8>) -> Value
    ) throws(UnicodeAnalysisError) -> Value {
        let operation = "line breaking"
        let length = try checkedLength(text, operation: operation)
        guard length > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0), UnsafeBufferPointer(start: nil, count: 0)) }
        // There is at most one boundary per code unit, so `length` entries always suffice. The
        // buffers live only for this call: on the stack for a label (two arrays would be two
        // allocations for every new label's analysis).
        let result = withUnsafeTemporaryAllocation(of: Int32.self, capacity: text.count) { offsets in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: text.count) { mandatory in
                Result { () throws(UnicodeAnalysisError) -> Value in
                    var count: Int32 = 0
                    let status = try LineBreakIterators.shared.withIterator(locale: locale) { iterator in
                        text.withUnsafeBufferPointer { units in
                            cunicode_line_breaker_breaks(
                                iterator, units.baseAddress, length, offsets.baseAddress,
                                mandatory.baseAddress, length, &count)
                        }
                    }
                    guard status == CUNICODE_OK else {
                        throw UnicodeAnalysisError(operation: operation, code: status)
                    }
                    return body(UnsafeBufferPointer(rebasing: offsets[..<Int(count)]),
                                UnsafeBufferPointer(rebasing: mandatory[..<Int(count)]))
                }
            }
        }
        return try result.get()
    }

    /// ICU line break iterators, one opened per locale and cloned for each use.
    ///
    /// `ubrk_open` builds an iterator from ICU's rule data, which costs more than the breaking
    /// itself. A clone shares the built data. An iterator is not thread-safe, so each use gets one
    /// of its own: a clone left over from an earlier use if there is one (`ubrk_setText` starts it
    /// afresh), else a new clone, made under the lock that guards the prototypes, so that clones
    /// are not made and closed for every use.
    final class LineBreakIterators: Sendable {
        static let shared = LineBreakIterators()

        /// An opened iterator, closed when the last reference goes.
        private final class Iterator: @unchecked Sendable {
            // Only used under the cache's lock (a prototype or a spare) or by one caller.
            let handle: OpaquePointer
            init(_ handle: OpaquePointer) { self.handle = handle }
            deinit { cunicode_line_breaker_close(handle) }
        }

        /// A locale's prototype and the clones not in use.
        private struct Iterators {
            let prototype: Iterator
            var spares: [Iterator] = []
        }

        private struct Cache {
            /// The root rules (`nil` or "" asked), most labels: found without hashing a key.
            var root: Iterators?
            var others: [String: Iterators] = [:]

            /// A spare or new clone of the locale's iterator, opening and keeping the locale's
            /// prototype if it is new and there is room (else the opened one itself, for one use:
            /// `isKept` is false).
            mutating func take(_ locale: String, capacity: Int) throws(UnicodeAnalysisError) -> (iterator: Iterator, isKept: Bool) {
                if locale.isEmpty, root != nil {
                    if let spare = root!.spares.popLast() { return (spare, true) }
                    return (try LineBreakIterators.clone(root!.prototype), true)
                }
                if !locale.isEmpty, others[locale] != nil {
                    if let spare = others[locale]!.spares.popLast() { return (spare, true) }
                    return (try LineBreakIterators.clone(others[locale]!.prototype), true)
                }
                let opened = try LineBreakIterators.open(locale)
                guard (root == nil ? 0 : 1) + others.count < capacity else { return (opened, false) }
                if locale.isEmpty { root = Iterators(prototype: opened) } else { others[locale] = Iterators(prototype: opened) }
                return (try LineBreakIterators.clone(opened), true)
            }

            /// Keeps a clone for the next use of its locale, up to `limit` spares.
            mutating func giveBack(_ iterator: Iterator, _ locale: String, limit: Int) {
                if locale.isEmpty {
                    if root != nil, root!.spares.count < limit { root!.spares.append(iterator) }
                } else if others[locale] != nil, others[locale]!.spares.count < limit {
                    others[locale]!.spares.append(iterator)
                }
            }
        }

        /// Prototypes by locale. Locales come from the text's attributes and the style, so a
        /// catalog may bring many: past `capacity` an uncached locale is opened for its one use
        /// rather than kept.
        private let cache = Lock(Cache())
        private let capacity: Int
        /// Spare clones kept per locale: one per thread laying out at once is enough to stop
        /// cloning.
        private let sparesPerLocale: Int

        init(capacity: Int = 64, sparesPerLocale: Int = 8) {
            self.capacity = capacity
            self.sparesPerLocale = sparesPerLocale
        }

        /// Runs `body` with an iterator of its own for `locale` (`nil`: the root rules).
        func withIterator<Value>(
            locale: String?, _ body: (OpaquePointer) -> Value
        ) throws(UnicodeAnalysisError) -> Value {
            let key = locale ?? ""
            let (iterator, isKept) = try cache.withLock { cache in
                Result { () throws(UnicodeAnalysisError) in try cache.take(key, capacity: capacity) }
            }.get()
            let value = body(iterator.handle)
            if isKept { cache.withLock { $0.giveBack(iterator, key, limit: sparesPerLocale) } }
            return value
        }

        private static func open(_ locale: String) throws(UnicodeAnalysisError) -> Iterator {
            var handle: OpaquePointer?
            let status = locale.withCString { cunicode_line_breaker_open($0, &handle) }
            guard status == CUNICODE_OK, let handle else {
                throw UnicodeAnalysisError(operation: "line breaking", code: status)
            }
            return Iterator(handle)
        }

        private static func clone(_ prototype: Iterator) throws(UnicodeAnalysisError) -> Iterator {
            var handle: OpaquePointer?
            let status = cunicode_line_breaker_clone(prototype.handle, &handle)
            guard status == CUNICODE_OK, let handle else {
                throw UnicodeAnalysisError(operation: "line breaking", code: status)
            }
            return Iterator(handle)
        }
    }

    // MARK: Bidi

    /// A bidi paragraph resolved by ICU, kept alive so each line can be laid out with
    /// `ubidi_setLine` (which needs the paragraph object) without resolving the paragraph again.
    ///
    /// `@unchecked Sendable`: the C object copies the text and serializes every use of the ICU
    /// objects behind its own mutex, and the Swift side only stores immutable values.
    final class ResolvedParagraph: @unchecked Sendable {
        private let handle: OpaquePointer
        /// 0 for a left-to-right paragraph, 1 for a right-to-left one.
        let paragraphLevel: UInt8
        /// Resolved level of each UTF-16 code unit.
        let levels: [UInt8]

        init(text: [UInt16], direction: BaseDirection) throws(UnicodeAnalysisError) {
            let operation = "bidi analysis"
            let length = try ICU.checkedLength(text, operation: operation)
            let code: Int32 =
                switch direction {
                case .leftToRight: CUNICODE_BIDI_LTR
                case .rightToLeft: CUNICODE_BIDI_RTL
                case .natural: CUNICODE_BIDI_AUTO
                }
            var opened: OpaquePointer?
            let status = text.withUnsafeBufferPointer { units in
                cunicode_bidi_open(units.baseAddress, length, code, &opened)
            }
            guard status == CUNICODE_OK, let opened else {
                throw UnicodeAnalysisError(operation: operation, code: status)
            }
            var levels = [UInt8](repeating: 0, count: text.count)
            let levelStatus = levels.withUnsafeMutableBufferPointer {
                cunicode_bidi_levels(opened, $0.baseAddress, length)
            }
            guard levelStatus == CUNICODE_OK else {
                cunicode_bidi_close(opened)
                throw UnicodeAnalysisError(operation: operation, code: levelStatus)
            }
            self.handle = opened
            self.paragraphLevel = cunicode_bidi_paragraph_level(opened)
            self.levels = levels
        }

        deinit { cunicode_bidi_close(handle) }

        /// Runs of the line `start..<end` in visual order, left to right, with rule L1 applied.
        /// The range must lie within the text.
        func lineRuns(_ line: Range<Int>) throws(UnicodeAnalysisError) -> [BidiRun] {
            guard !line.isEmpty else { return [] }
            guard line.lowerBound >= 0, line.upperBound <= levels.count,
                let start = Int32(exactly: line.lowerBound),
                let limit = Int32(exactly: line.upperBound)
            else {
                throw UnicodeAnalysisError(
                    operation: "bidi line layout", code: CUNICODE_ERROR_ILLEGAL_ARGUMENT,
                    detail: "line \(line) is outside the text (0..<\(levels.count))")
            }
            // A line has at most one run per code unit.
            let capacity = line.count
            var starts = [Int32](repeating: 0, count: capacity)
            var lengths = [Int32](repeating: 0, count: capacity)
            var runLevels = [UInt8](repeating: 0, count: capacity)
            var count: Int32 = 0
            let status = starts.withUnsafeMutableBufferPointer { starts in
                lengths.withUnsafeMutableBufferPointer { lengths in
                    runLevels.withUnsafeMutableBufferPointer { runLevels in
                        cunicode_bidi_line_runs(
                            handle, start, limit, starts.baseAddress, lengths.baseAddress,
                            runLevels.baseAddress, Int32(capacity), &count)
                    }
                }
            }
            guard status == CUNICODE_OK else {
                throw UnicodeAnalysisError(operation: "bidi line layout", code: status)
            }
            return (0..<Int(count)).map {
                let runStart = Int(starts[$0])
                return BidiRun(
                    utf16Range: runStart..<(runStart + Int(lengths[$0])), level: runLevels[$0])
            }
        }
    }

    // MARK: Scripts

    static let commonScript: Int32 = CUNICODE_SCRIPT_COMMON
    static let inheritedScript: Int32 = CUNICODE_SCRIPT_INHERITED
    static let unknownScript: Int32 = CUNICODE_SCRIPT_UNKNOWN

    /// The Script property (ICU's `UScriptCode`) of the code point at each UTF-16 code unit;
    /// both units of a surrogate pair carry the pair's script, a lone surrogate is Unknown.
    static func scripts(of text: [UInt16]) -> [Int32] {
        guard let length = Int32(exactly: text.count) else {
            // Unreachable in practice (8 GB of text); Unknown keeps the itemizer total.
            return [Int32](repeating: unknownScript, count: text.count)
        }
        var scripts = [Int32](repeating: unknownScript, count: text.count)
        let status = text.withUnsafeBufferPointer { units in
            scripts.withUnsafeMutableBufferPointer {
                cunicode_scripts(units.baseAddress, length, $0.baseAddress, length)
            }
        }
        // Only bad arguments can fail, and these are checked above; Unknown is the safe answer.
        if status != CUNICODE_OK {
            return [Int32](repeating: unknownScript, count: text.count)
        }
        return scripts
    }

    /// The ISO 15924 code of an ICU script code ("Latn", "Zyyy"; "Zzzz" if unknown).
    static func scriptName(_ script: Int32) -> String {
        String(cString: cunicode_script_short_name(script))
    }

    enum PairedBracket: Equatable {
        case none
        case open(closing: UInt32)
        case close
    }

    /// The code point's Bidi_Paired_Bracket_Type (and, for an opening bracket, its partner).
    static func pairedBracket(of codePoint: UInt32) -> PairedBracket {
        var pair: UInt32 = 0
        switch cunicode_paired_bracket(codePoint, &pair) {
        case CUNICODE_BRACKET_OPEN: return .open(closing: pair)
        case CUNICODE_BRACKET_CLOSE: return .close
        default: return .none
        }
    }
}
