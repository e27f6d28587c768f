import TypeLayout
import TypeLayoutScreens

/// The screens' part of an audit report (see ``AuditReportWriter``): their findings grouped by
/// node and rule, a row each for people, every finding for tools, a test case per screen and
/// language for CI.
struct ScreenReportPart {
    /// Screen × language runs added.
    private(set) var runs = 0
    /// Runs with at least one failing finding.
    private(set) var failingRuns = 0
    /// Failing findings (node × rule × category).
    private(set) var failures = 0
    /// Rows of information only (content taller than the device).
    private(set) var informationRows = 0
    private var rows: [[String]] = []
    private(set) var json: [JSONFinding] = []

    struct JSONFinding: Encodable {
        let screen: String
        let node: String
        let otherNode: String?
        let language: String
        let category: String
        let rule: String
        let failure: Bool
        let measured: String
        let file: String?
        let line: Int?
        let column: Int?
    }

    /// One row per node and rule: the categories it happens at ("from … up") and the numbers
    /// at the smallest.
    private struct Group {
        let first: ScreenFinding
        var categories: [ContentSizeCategory]
    }

    /// Adds a run; returns its JUnit test case when `junit`.
    mutating func add(screen: String, language: String, categories: [ContentSizeCategory], findings: [ScreenFinding], junit: Bool) -> String? {
        runs += 1
        let failing = findings.filter(\.rule.isFailure)
        failures += failing.count
        if !failing.isEmpty { failingRuns += 1 }
        json += findings.map { finding in
            JSONFinding(screen: finding.screen, node: finding.node, otherNode: finding.otherNode, language: finding.language,
                        category: finding.category.rawValue, rule: finding.rule.rawValue, failure: finding.rule.isFailure,
                        measured: finding.measured, file: finding.sourceLocation?.file, line: finding.sourceLocation?.line,
                        column: finding.sourceLocation?.column)
        }
        var order: [String] = []
        var groups: [String: Group] = [:]
        for finding in findings.sorted(by: { $0.category < $1.category }) {
            let identity = "\(finding.node)\u{0}\(finding.otherNode ?? "")\u{0}\(finding.rule.rawValue)"
            if groups[identity] == nil {
                order.append(identity)
                groups[identity] = Group(first: finding, categories: [])
            }
            groups[identity]!.categories.append(finding.category)
        }
        var lines: [String] = []
        var firstRule: ScreenRule?
        for group in order.map({ groups[$0]! }) {
            let finding = group.first
            let when = TextCell.whenFailing(failsFrom: AuditEntry.failsFrom(failing: Set(group.categories), checked: categories),
                                            failing: group.categories)
            let node = finding.otherNode.map { "\(finding.node) / \($0)" } ?? finding.node
            let rule = finding.rule.isFailure ? finding.rule.rawValue : finding.rule.rawValue + " (info)"
            if !finding.rule.isFailure { informationRows += 1 }
            rows.append([TextCell.clip(screen, 40), TextCell.clip(node, 40), TextCell.clip(language, 0), rule, when,
                         TextCell.clip("at \(finding.category.shortName): \(finding.measured)", 100)])
            if finding.rule.isFailure {
                firstRule = firstRule ?? finding.rule
                lines.append("\(rule) \(node) \(when): at \(finding.category.rawValue), \(finding.measured)")
            }
        }
        guard junit else { return nil }
        var xml = "    <testcase name=\"\(XMLText.attribute(screen))\" classname=\"\(XMLText.attribute(language))\">"
        guard let firstRule else { return xml + "</testcase>\n" }
        xml += "\n      <failure message=\"\(XMLText.attribute("\(lines.count) problem\(lines.count == 1 ? "" : "s") on the screen"))\" "
            + "type=\"\(firstRule.rawValue)\">" + XMLText.content(lines.joined(separator: "\n")) + "</failure>\n    </testcase>\n"
        return xml
    }

    /// The rows under their header.
    func table() -> String {
        TextCell.table(header: ["SCREEN", "NODE", "LANG", "RULE", "WHEN", "MEASURED"], rows: rows)
    }

    /// The summary line's part: "3 screen findings in 2 of 6 screen × language runs."
    var summary: String {
        failures == 0
            ? "All \(runs) screen × language runs are clean."
            : "\(failures) screen finding\(failures == 1 ? "" : "s") in \(failingRuns) of \(runs) screen × language runs."
    }
}
