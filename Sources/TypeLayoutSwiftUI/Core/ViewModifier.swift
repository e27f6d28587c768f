/// A change to a view, applied with ``View/modifier(_:)``, as in SwiftUI.
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view the modifier makes.
    associatedtype Body: View
    /// The view being modified, as ``body(content:)`` sees it.
    typealias Content = _ViewModifier_Content<Self>

    /// The modified view.
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body

    /// How TypeLayoutSwiftUI resolves `content` with a modifier of this type; not for use in
    /// apps (see ``View/_resolve(_:in:)``).
    @MainActor static func _resolve<V: View>(_ modifier: Self, content: V, in resolution: _ViewResolution) throws -> _ResolvedViews
}

extension ViewModifier {
    /// Resolves the modifier's body around the content, its `@Environment` properties filled
    /// first.
    @MainActor public static func _resolve<V: View>(_ modifier: Self, content: V, in resolution: _ViewResolution) throws -> _ResolvedViews {
        let context = resolution.context
        installDynamicProperties(of: modifier, environment: context.environment)
        return _ResolvedViews(nodes: try context.resolve(modifier.body(content: _ViewModifier_Content<Self>(content: content))))
    }
}

extension ViewModifier where Body == Never {
    /// Primitive modifiers have no body; calling it is a programming error.
    public func body(content: Content) -> Never { fatalError("\(Self.self) is a primitive modifier and has no body") }
}

/// The view a ``ViewModifier`` modifies, inside its ``ViewModifier/body(content:)``.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: any View

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try context.resolve(content)
    }
}

/// A view with a modifier applied.
nonisolated public struct ModifiedContent<Content, Modifier> {
    /// The view.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// `content` with `modifier` applied.
    @inlinable public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    /// The body of a primitive view.
    public typealias Body = Never
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: ViewModifier {
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try Modifier._resolve(modifier, content: content, in: _ViewResolution(context: context)).nodes
    }
}

extension View {
    /// This view with `modifier` applied.
    @inlinable public consuming func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// A modifier this module applies itself.
protocol PrimitiveModifier: ViewModifier {
    /// The nodes of `content` with the modifier applied. Generic, not `any View`: boxing the
    /// content copied its whole view tree at each modifier.
    @MainActor func makeNodes<Content: View>(content: Content, _ context: ResolveContext) throws -> [LayoutNode]
}

extension PrimitiveModifier {
    /// Applies the modifier itself: the witness of ``ViewModifier/_resolve(_:content:in:)`` for
    /// every modifier of this module.
    @MainActor public static func _resolve<V: View>(_ modifier: Self, content: V, in resolution: _ViewResolution) throws -> _ResolvedViews {
        _ResolvedViews(nodes: try modifier.makeNodes(content: content, resolution.context))
    }
}

/// A modifier that wraps each node of its content in a node of its own: a modifier applied to
/// a group applies to each of its views, as in SwiftUI.
protocol NodeWrappingModifier: PrimitiveModifier {
    @MainActor func wrap(_ node: LayoutNode, _ context: ResolveContext) throws -> LayoutNode
}

extension NodeWrappingModifier {
    @MainActor func makeNodes<Content: View>(content: Content, _ context: ResolveContext) throws -> [LayoutNode] {
        // A loop, not `map`: a main-actor closure checks its executor at each call.
        var nodes = try context.resolve(content)
        for index in nodes.indices { nodes[index] = try wrap(nodes[index], context) }
        return nodes
    }
}

/// A modifier that only changes the environment of its content.
protocol EnvironmentModifier: PrimitiveModifier {
    @MainActor func modify(_ environment: inout EnvironmentValues)
}

extension EnvironmentModifier {
    @MainActor func makeNodes<Content: View>(content: Content, _ context: ResolveContext) throws -> [LayoutNode] {
        let inner = context.with { modify(&$0) }
        let nodes = try inner.resolve(content)
        // A change of layout direction mirrors the views under it (see `DirectionNode`).
        let direction = inner.environment.layoutDirection
        guard direction != context.environment.layoutDirection else { return nodes }
        return nodes.map { DirectionNode($0, direction: direction) }
    }
}
