// The audit's rules files under mutation: the first byte's low bit picks JSON (0) or YAML (1),
// the rest is the file. A rule set or one `AuditError.invalidRules` naming a place in the file
// is the right answer; any other error, a trap, a sanitizer report or a hang is a bug. The rules
// read are then matched against a few keys, which runs every glob.
import TypeLayoutAudit

@_cdecl("LLVMFuzzerTestOneInput")
public func rulesFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    RulesFuzzing.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

enum RulesFuzzing {
    static let keys = ["button.save", "title.welcome", "body.42", "Größe", "", "a.b.c.d.e.f.g.h", "[*]?\\"]

    static func run(_ bytes: UnsafeRawBufferPointer) {
        let yaml = bytes[0] & 1 == 1
        // Where the seeds' fixtures are (scripts/fuzz.sh runs from the package root), so that
        // their relative `font` paths load and the rules past them are read too.
        let path = "Tests/TypeLayoutAuditTests/Fixtures/Audit/rules." + (yaml ? "yaml" : "json")
        let rules: LabelRuleSet
        do {
            rules = try LabelRuleSet.parse(Array(bytes.dropFirst()), path: path, yaml: yaml)
        } catch let AuditError.invalidRules(diagnostic) {
            precondition(diagnostic.location.file == path, "error names \(diagnostic.location.file)")
            precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "error at \(diagnostic.location)")
            precondition(!diagnostic.message.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "message \(diagnostic.message)")
            return
        } catch {
            preconditionFailure("parsing rules threw something else: \(error)")
        }
        for key in keys {
            let (rule, index) = rules.rule(for: key)
            if let index { precondition(rules.rules.indices.contains(index) && rule.matches(key), "rule \(index) for \(key)") }
            precondition(!rule.categories.isEmpty, "a rule with no categories")
        }
    }
}
