import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `#Preview("name") { body }`: a uniquely named type whose `makePreview()` returns the
/// preview (its body as a `@ViewBuilder` function), and a record of it placed in the
/// `typelayout_previews` section, where `Preview.registered` finds every preview of the program.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(of node: some FreestandingMacroExpansionSyntax,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let body = node.trailingClosure
            ?? node.arguments.last(where: { $0.label?.text == "body" })?.expression.as(ClosureExprSyntax.self)
        else { throw PreviewMacroError("#Preview needs a trailing closure that returns the view to preview") }
        guard node.additionalTrailingClosures.isEmpty else { throw PreviewMacroError("#Preview takes one closure") }
        if let signature = body.signature, signature.parameterClause != nil {
            throw PreviewMacroError("#Preview's closure takes no parameters")
        }
        var name: ExprSyntax = "nil"
        for argument in node.arguments where argument.expression.as(ClosureExprSyntax.self) == nil {
            switch argument.label?.text {
            case nil:
                guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                      literal.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) })
                else { throw PreviewMacroError("#Preview's name must be a string literal") }
                name = ExprSyntax(literal)
            case "traits":
                continue  // SwiftUI's preview traits: accepted and ignored, as the README says.
            case let label?:
                throw PreviewMacroError("#Preview has no argument '\(label)'")
            }
        }
        guard let location = context.location(of: node, at: .afterLeadingTrivia, filePathMode: .fileID) else {
            throw PreviewMacroError("#Preview can't tell where it is written")
        }
        let holder = context.makeUniqueName("Preview")
        let record = context.makeUniqueName("previewRecord")
        return [
            """
            @MainActor enum \(holder) {
                @TypeLayoutSwiftUI.ViewBuilder static func body() -> some TypeLayoutSwiftUI.View \(body.statements.trimmed.isEmpty ? "{ TypeLayoutSwiftUI.EmptyView() }" : "{\n\(body.statements.trimmed)\n}")
                nonisolated static func makePreview() -> TypeLayoutSwiftUI.Preview {
                    TypeLayoutSwiftUI.Preview(\(name), fileID: \(location.file), line: \(location.line)) {
                        TypeLayoutSwiftUI.AnyView(body())
                    }
                }
            }
            """,
            """
            @section("typelayout_previews") @used
            private let \(record): TypeLayoutSwiftUI.Preview.Record = (
                kind: 0x746C_7076, reserved: 0,
                make: { $0.initializeMemory(as: TypeLayoutSwiftUI.Preview.self, repeating: \(holder).makePreview(), count: 1) })
            """,
        ]
    }
}

/// A `#Preview` written in a way the macro can't expand: one clear diagnostic at the macro.
struct PreviewMacroError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

@main
struct TypeLayoutPreviewsPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PreviewMacro.self]
}
