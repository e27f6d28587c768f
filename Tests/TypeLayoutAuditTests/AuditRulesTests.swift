import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit

@Suite struct AuditRulesTests {
    @Test(arguments: ["Rules.json", "Rules.yaml"])
    func rulesFromJSONAndYAMLAreTheSame(name: String) throws {
        let set = try LabelRuleSet.load(contentsOf: AuditFixtures.path(name))
        #expect(set.rules.count == 3)

        let button = set.rule(for: "button.save")
        #expect(button.index == 0)
        #expect(button.rule.width == 160 && button.rule.maxLines == 1 && button.rule.maxHeight == nil)
        #expect(button.rule.font.textStyle == .body && button.rule.font.pointSize == 17)
        #expect(button.rule.categories == ContentSizeCategory.allCases)

        let title = set.rule(for: "header.1")
        #expect(title.index == 1)
        #expect(title.rule.font.textStyle == .title1 && title.rule.maxLines == 2 && title.rule.maxHeight == 120)
        #expect(title.rule.categories == [.large, .accessibilityExtraExtraExtraLarge])
        #expect(set.rule(for: "header.12").index == nil)

        let caption = set.rule(for: "caption.legal")
        #expect(caption.rule.font.face.familyName == "Gillius ADF")
        #expect(caption.rule.font.pointSize == 12)
        #expect(caption.rule.categories == [.extraSmall, .accessibilityExtraExtraExtraLarge])
        // Scaled by body's metrics, so it grows with the category.
        #expect(try caption.rule.font.resolved(for: .accessibilityExtraExtraExtraLarge).pointSize > 12)

        // Keys no rule matches get the defaults: body, 343 pt, unlimited, all categories.
        let other = set.rule(for: "body.intro")
        #expect(other.index == nil && other.rule.width == 343 && other.rule.maxLines == 0 && other.rule.categories.count == 12)
    }

    @Test func commandLineValuesFillWhatRulesLeaveOut() throws {
        let defaults = LabelRuleSpec(width: 200, maxLines: 3, categories: [.large, .accessibilityMedium])
        let set = try LabelRuleSet.load(contentsOf: AuditFixtures.path("Rules.yaml"), defaults: defaults)
        let button = set.rule(for: "button.ok").rule
        #expect(button.width == 160 && button.maxLines == 1)  // the rule's own values win
        #expect(button.categories == [.large, .accessibilityMedium])  // the flag fills the gap
        #expect(set.fallback.width == 200 && set.fallback.maxLines == 3)
    }

    @Test func fontFieldsGoTogether() throws {
        // A rule naming a style doesn't inherit the command line's size.
        let spec = LabelRuleSpec(style: .title2).filled(from: LabelRuleSpec(fontPath: "x.otf", size: 40))
        #expect(spec.style == .title2 && spec.fontPath == nil && spec.size == nil)
        let inherited = LabelRuleSpec(width: 10).filled(from: LabelRuleSpec(style: .footnote, size: 40))
        #expect(inherited.style == .footnote && inherited.size == 40)
    }

    @Test(arguments: [
        ("BadRules.yaml", 5, 5, "unknown field 'maxLine' in rule 2"),
        ("BadSyntax.yaml", 4, 8, "YAML: while parsing a flow sequence"),
        ("BadWidth.json", 2, 25, "'width' must be a number of points greater than 0, got -5"),
    ] as [(String, Int, Int, String)])
    func ruleErrorsNameFileLineAndColumn(name: String, line: Int, column: Int, message: String) throws {
        let path = AuditFixtures.path(name)
        do {
            _ = try LabelRuleSet.load(contentsOf: path)
            Issue.record("\(name) loaded")
        } catch let AuditError.invalidRules(diagnostic) {
            #expect(diagnostic.location.file == path)
            #expect(diagnostic.location.line == line && diagnostic.location.column == column, "\(diagnostic)")
            #expect(diagnostic.message.contains(message), "\(diagnostic)")
        }
    }

    @Test(arguments: [
        ("[{\"key\": \"*\", \"style\": \"huge\"}]", "unknown text style 'huge'"),
        ("[{\"key\": \"*\", \"categories\": \"ax9\"}]", "unknown content size category 'ax9'"),
        ("[{\"key\": \"*\", \"maxLines\": 1.5}]", "'maxLines' must be a whole number"),
        ("[{\"key\": \"[a\"}]", "has a '[' without its ']'"),
        ("[{\"style\": \"body\"}]", "needs 'key'"),
        ("[{\"key\": \"*\", \"font\": \"/no/such.otf\", \"size\": 12}]", "no such font file: /no/such.otf"),
        ("[{\"key\": \"*\", \"font\": \"/no/such.otf\"}]", "a font file needs a size"),
        ("{\"rule\": []}", "unknown field 'rule'"),
        ("42", "must be a list of rules"),
    ] as [(String, String)])
    func invalidRules(json: String, message: String) {
        do {
            _ = try LabelRuleSet.parse(Array(json.utf8), path: "r.json", yaml: false)
            Issue.record("\(json) was accepted")
        } catch {
            #expect("\(error)".contains(message), "\(error)")
            #expect("\(error)".hasPrefix("r.json:1:"), "\(error)")
        }
    }
    /// Examples/audit/omnikit.rules.yaml, the rules of the README's real-catalog run: a label
    /// per role, globs among the key lists, VoiceOver-only strings skipped.
    @Test func theOmniKitExampleGivesEachRoleItsLabel() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let rules = try LabelRuleSet.load(contentsOf: repository.appendingPathComponent("Examples/audit/omnikit.rules.yaml").path)
        let title = rules.rule(for: "Notification Settings").rule
        #expect(title.width == 220 && title.maxLines == 1)
        let button = rules.rule(for: "Saving...").rule
        #expect(button.width == 311 && button.maxLines == 2, "the \"*...\" glob")
        let row = rules.rule(for: "Lot Number").rule
        #expect(row.width == 180 && row.maxLines == 2)
        let body = rules.rule(for: "Make sure your phone and pod are close to each other.")
        #expect(body.index == nil && body.rule.width == 343 && body.rule.maxLines == 0)
        #expect(rules.skips("Pod paired successfully. Continue.") && rules.skips("Priming. Please wait."))
        #expect(!rules.skips("Pair Pod"))
        #expect(rules.untranslated == .missing)
    }
}
