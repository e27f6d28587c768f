/// Builds views from closures, as SwiftUI's `@ViewBuilder` does.
///
/// Few overloads on purpose: one `buildBlock` over a parameter pack takes any number of
/// children, so that a long body neither hits a ten-child limit nor makes the type checker try
/// ten overloads per block.
@resultBuilder
public enum ViewBuilder {
    /// A view as written.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// No children.
    public static func buildBlock() -> EmptyView { EmptyView() }

    /// One child, unwrapped.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// Any number of children, in order.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(value: (repeat each content)) { children, context in
            // A loop, not `flatMap`: a main-actor closure checks its executor at each call.
            var nodes: [LayoutNode] = []
            for child in repeat each children { nodes += try context.resolve(child) }
            return nodes
        }
    }

    /// An `if` without `else`, or an `if let`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// The `if` branch of an `if`/`else`, or a `switch` case.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The `else` branch of an `if`/`else`, or a `switch` case.
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// Content inside `if #available`.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
