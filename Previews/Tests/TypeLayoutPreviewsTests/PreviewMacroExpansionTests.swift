import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import Testing
@testable import TypeLayoutPreviewsMacros

/// The macro's expansion and its errors for a `#Preview` written wrongly.
struct PreviewMacroExpansionTests {
    /// The declarations `#Preview…` in `source` expands to, or the error it throws.
    static func expand(_ source: String) throws -> String {
        let file = Parser.parse(source: source)
        let item = try #require(file.statements.first?.item)
        let context = BasicMacroExpansionContext(sourceFiles: [file: .init(moduleName: "App", fullFilePath: "/src/App/Settings.swift")])
        // At a file's top level the parser may make it a declaration or an expression.
        if let node = item.as(MacroExpansionDeclSyntax.self) {
            return try PreviewMacro.expansion(of: node, in: context).map(\.description).joined(separator: "\n")
        }
        let node = try #require(item.as(MacroExpansionExprSyntax.self))
        return try PreviewMacro.expansion(of: node, in: context).map(\.description).joined(separator: "\n")
    }

    @Test func expandsToAHolderAndARecordInTheSection() throws {
        let expanded = try Self.expand("#Preview(\"Settings\") {\n    Text(\"Hi\")\n}")
        #expect(expanded.contains("@section(\"typelayout_previews\") @used"))
        #expect(expanded.contains("TypeLayoutSwiftUI.Preview(\"Settings\", fileID: \"App/Settings.swift\", line: 1)"))
        #expect(expanded.contains("Text(\"Hi\")"))
        #expect(expanded.contains("kind: 0x746C_7076"))
    }

    @Test func wrongUsesAreOneClearError() {
        let cases = [
            "#Preview(\"Settings\")": "needs a trailing closure",
            "#Preview(title) { Text(\"Hi\") }": "name must be a string literal",
            "#Preview(\"A\", device: 1) { Text(\"Hi\") }": "has no argument 'device'",
            "#Preview { x in Text(\"Hi\") }": "takes no parameters",
        ]
        for (source, message) in cases {
            #expect(throws: (any Error).self, "\(source)") { try Self.expand(source) }
            do {
                _ = try Self.expand(source)
            } catch {
                #expect("\(error)".contains(message), "\(source): \(error)")
            }
        }
    }
}
