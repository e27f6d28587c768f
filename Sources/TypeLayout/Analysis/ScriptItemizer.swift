/// A stretch of text in one script, the unit a shaper such as HarfBuzz is given.
public struct ScriptRun: Sendable, Hashable {
    /// The run's UTF-16 code units.
    public var utf16Range: Range<Int>
    /// ISO 15924 code, e.g. `"Latn"`, `"Arab"`, `"Hani"`; `"Zyyy"` (Common) only when the
    /// whole text has no script of its own (digits, punctuation, emoji).
    public var script: String

    /// A run of the given code units in the script with the given ISO 15924 code.
    public init(utf16Range: Range<Int>, script: String) {
        self.utf16Range = utf16Range
        self.script = script
    }
}

/// Splits text into script runs (UAX #24 Script property, by ICU).
///
/// Characters of the Common and Inherited scripts (spaces, punctuation, digits, combining
/// marks) don't start runs: they join the run before them, or the run after them at the start
/// of the text. Paired brackets are matched, so a closing bracket takes the script of its
/// opening bracket, as in Pango: "日本 (English) 語" gives Hani "日本 (", Latn "English" and
/// Hani ") 語": both parentheses get the script of the text outside them.
///
/// Only the Script property is used, not Script_Extensions, and a lone surrogate or
/// unassigned code point is a real script, Unknown ("Zzzz").
public enum ScriptItemizer {
    /// Deep enough for real text; past it the oldest open brackets are forgotten.
    private static let maximumBracketDepth = 64

    /// ICU's Script and paired-bracket answers for U+0000…U+007F, asked once: ASCII text (most
    /// labels) then needs no ICU call per character.
    static let ascii: [(script: Int32, bracket: ICU.PairedBracket)] = {
        // One ICU call for the 128 scripts (ASCII has no surrogates to pair), not an array each.
        let scripts = ICU.scripts(of: (0..<128).map { UInt16($0) })
        return scripts.indices.map { (scripts[$0], ICU.pairedBracket(of: UInt32($0))) }
    }()

    /// The one script of ``ascii`` that is neither Common nor Inherited, and its code, if there
    /// is exactly one (Latin, in every Unicode version so far).
    static let asciiScript: (script: Int32, name: String)? = {
        let scripts = Set(ascii.map(\.script)).subtracting([ICU.commonScript, ICU.inheritedScript])
        guard scripts.count == 1, let script = scripts.first else { return nil }
        return (script, ICU.scriptName(script))
    }()

    /// The script runs covering `text` in order, with no gaps; empty text has none.
    public static func runs(in text: [UInt16]) -> [ScriptRun] {
        runs(in: text, usingTable: text.allSatisfy { $0 < 0x80 })
    }

    /// ``runs(in:)``, reading ASCII's properties from ``ascii`` when `usingTable` (only for
    /// ASCII text) rather than from ICU.
    static func runs(in text: [UInt16], usingTable: Bool) -> [ScriptRun] {
        if usingTable, let (script, name) = asciiScript {
            // ASCII has one script besides Common (Latin): every script this text can start a run
            // with is that one, and a closing bracket gives either it or nothing, so the loop
            // below never splits. The text is one run, in that script if a character has it.
            guard !text.isEmpty else { return [] }
            let hasScript = text.contains { ascii[Int($0)].script == script }
            return [ScriptRun(utf16Range: 0..<text.count, script: hasScript ? name : ICU.scriptName(ICU.commonScript))]
        }
        let table = usingTable ? ascii : []
        let scripts = usingTable ? text.map { table[Int($0)].script } : ICU.scripts(of: text)
        var runs: [ScriptRun] = []
        var runStart = 0
        // nil while the current run has seen only Common/Inherited characters.
        var runScript: Int32?
        // Open brackets not yet closed: the closing code point and the script at the opening.
        var openBrackets: [(closing: UInt32, script: Int32?)] = []

        var index = 0
        while index < text.count {
            let (codePoint, width) = decode(text, at: index)
            var script: Int32? = scripts[index]
            if script == ICU.commonScript || script == ICU.inheritedScript {
                script = nil
                switch usingTable ? table[Int(codePoint)].bracket : ICU.pairedBracket(of: codePoint) {
                case .open(let closing):
                    if openBrackets.count == maximumBracketDepth { openBrackets.removeFirst() }
                    openBrackets.append((closing, runScript))
                case .close:
                    if let match = openBrackets.lastIndex(where: { $0.closing == codePoint }) {
                        script = openBrackets[match].script
                        // Brackets opened inside the pair and left unclosed are abandoned.
                        openBrackets.removeSubrange(match...)
                    }
                case .none:
                    break
                }
            }
            if let script {
                if let current = runScript {
                    if script != current {
                        runs.append(
                            ScriptRun(utf16Range: runStart..<index, script: ICU.scriptName(current)))
                        runStart = index
                        runScript = script
                    }
                } else {
                    // Leading Common text, and brackets opened in it, take the first real script.
                    runScript = script
                    for bracket in openBrackets.indices where openBrackets[bracket].script == nil {
                        openBrackets[bracket].script = script
                    }
                }
            }
            index += width
        }
        if runStart < text.count {
            let script = runScript ?? ICU.commonScript
            runs.append(ScriptRun(utf16Range: runStart..<text.count, script: ICU.scriptName(script)))
        }
        return runs
    }

    /// The script runs of a string; offsets count UTF-16 code units.
    public static func runs(in text: String) -> [ScriptRun] {
        runs(in: Array(text.utf16))
    }

    /// The code point at `index` and its length in code units; a lone surrogate stands alone.
    private static func decode(_ text: [UInt16], at index: Int) -> (UInt32, Int) {
        let unit = UInt32(text[index])
        if (0xD800...0xDBFF).contains(unit), index + 1 < text.count {
            let next = UInt32(text[index + 1])
            if (0xDC00...0xDFFF).contains(next) {
                return (0x10000 + ((unit - 0xD800) << 10) + (next - 0xDC00), 2)
            }
        }
        return (unit, 1)
    }
}
