import Foundation
import Testing
import TypeLayout
import TypeLayoutAudit
import TypeLayoutTestSupport

/// Inputs the audit's fuzzers (scripts/fuzz.sh: CatalogFuzzer, RulesFuzzer) found bugs with,
/// kept as tests once fixed.
@Suite(.temporaryFolders) struct AuditFuzzRegressionTests {
    /// CatalogFuzzer, crash-70b67a6a…: a `.strings` key holding a line break, quoted in a syntax
    /// error, made the diagnostic two lines, and so render-cli's error output (one line per
    /// problem) too. Control characters in a message are now escapes.
    @Test func keyWithALineBreakGivesAOneLineDiagnostic() throws {
        let file = StringFileReader.parse(Array("\"a\nb\u{2028}c\r\" x".utf8), format: .strings, path: "de.strings")
        let diagnostic = try #require(file.diagnostics.first)
        #expect(diagnostic.message.contains(#""a\nb\u{2028}c\r""#), "\(diagnostic.message)")
        #expect(!diagnostic.description.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(StringFileDiagnostic(location: diagnostic.location, message: "tab\there\u{1B}").message == #"tab\there\u{1B}"#)

        let path = try TestPaths.temporaryDirectory().appendingPathComponent("de.strings")
        try Data("\"a\nb\" x".utf8).write(to: path)
        let result = try CLI.run(["audit", path.path, "--format", "json", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
