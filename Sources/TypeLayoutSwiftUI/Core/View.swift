/// A piece of user interface, declared as in SwiftUI: a composite view describes itself with
/// ``body``; the primitive views of this module (text, shapes, stacks, modifiers) have no body
/// and become layout nodes directly.
///
/// Main-actor isolated, as SwiftUI's `View` is since iOS 18, so that view code written for
/// SwiftUI type-checks here unchanged; ``HostingScreen`` lays views out on the main actor.
@MainActor @preconcurrency
public protocol View {
    /// The type of view this view is made of.
    associatedtype Body: View

    /// The content of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }

    /// How TypeLayoutSwiftUI resolves a view of this type into layout nodes; not for use in
    /// apps, which never implement or call it (SwiftUI's views have the like, `_makeView`).
    ///
    /// A view with a body resolves its body; this module's own views make their nodes. A
    /// requirement, so that a view is resolved where it lies: reaching a view's own way
    /// through a cast copied the view, and with it every view inside it, at every level.
    @MainActor static func _resolve(_ view: Self, in resolution: _ViewResolution) throws -> _ResolvedViews
}

extension View {
    /// Resolves the view's body, its `@Environment` properties filled first.
    @MainActor public static func _resolve(_ view: Self, in resolution: _ViewResolution) throws -> _ResolvedViews {
        let context = resolution.context
        installDynamicProperties(of: view, environment: context.environment)
        return _ResolvedViews(nodes: try context.resolve(view.body))
    }
}

/// Where a view is being resolved, handed to ``View/_resolve(_:in:)``; not for use in apps.
@MainActor
public struct _ViewResolution {
    let context: ResolveContext
}

/// The layout nodes a view resolved into, from ``View/_resolve(_:in:)``; not for use in apps.
@MainActor
public struct _ResolvedViews {
    let nodes: [LayoutNode]
}

extension Never: View {
    /// Never called: a view whose body is `Never` is a primitive.
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never {
    /// Primitive views have no body; reading it is a programming error.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// A view this module lays out itself: it makes its layout nodes from the environment instead
/// of through a body.
protocol PrimitiveView: View {
    /// The nodes this view stands for (none, one, or a list for groups and `ForEach`).
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode]
}

extension PrimitiveView {
    /// Makes the view's own nodes: the witness of ``View/_resolve(_:in:)`` for every view of
    /// this module, found by the type system at no cost when a view is resolved.
    @MainActor public static func _resolve(_ view: Self, in resolution: _ViewResolution) throws -> _ResolvedViews {
        _ResolvedViews(nodes: try view.makeNodes(resolution.context))
    }
}

/// A view that shows nothing and takes no space.
nonisolated public struct EmptyView: View, PrimitiveView {
    /// An empty view.
    public init() {}
    /// The body of a primitive view.
    public typealias Body = Never

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { [] }
}

/// The children of a ``ViewBuilder`` block, laid out by whatever contains them.
nonisolated public struct TupleView<T>: View, PrimitiveView {
    /// The children.
    public var value: T
    /// The body of a primitive view.
    public typealias Body = Never
    /// Resolves each view of a `value` in order: made where the tuple's types are known (in a
    /// ``ViewBuilder`` block), so that each child is stored once, in `value`, and read there
    /// (a list of the children as `any View` held a second copy of each).
    let resolveChildren: @MainActor (T, ResolveContext) throws -> [LayoutNode]

    init(value: T, resolveChildren: @escaping @MainActor (T, ResolveContext) throws -> [LayoutNode]) {
        self.value = value
        self.resolveChildren = resolveChildren
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try resolveChildren(value, context)
    }
}

/// One of two views, chosen by an `if`/`else` or a `switch` in a ``ViewBuilder``.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        switch storage {
        case .trueContent(let view): return try context.resolve(view)
        case .falseContent(let view): return try context.resolve(view)
        }
    }
}

extension Optional: View where Wrapped: View {
    /// The body of a primitive view.
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        guard let view = self else { return [] }
        return try context.resolve(view)
    }
}

/// Views side by side in their container, with modifiers applied to each; SwiftUI's `Group`.
nonisolated public struct Group<Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let content: Content

    /// A group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try context.resolve(content)
    }
}

/// A type-erased view.
nonisolated public struct AnyView: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let view: any View

    /// Erases a view's type.
    public init<V: View>(_ view: V) {
        self.view = view
    }

    /// Erases a view's type, or `nil` when `view` is not a view.
    public init?(erasing view: Any) {
        guard let view = view as? any View else { return nil }
        self.view = view
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        try context.resolve(view)
    }
}

/// Views made from the elements of a collection, as in SwiftUI.
///
/// Ids that repeat are an error (``SwiftUILayoutError/duplicateIdentifier(_:)``): SwiftUI's
/// behaviour with them is undefined.
nonisolated public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    /// The collection.
    public var data: Data
    /// Makes each element's view.
    public var content: (Data.Element) -> Content
    let identifier: (Data.Element) -> ID

    /// Views for `data`, each identified by the value at `id`.
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
        self.identifier = { $0[keyPath: id] }
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        var seen = Set<ID>()
        var nodes: [LayoutNode] = []
        for element in data {
            let id = identifier(element)
            guard seen.insert(id).inserted else {
                throw SwiftUILayoutError.duplicateIdentifier("ForEach has the id \(id) more than once")
            }
            let made = try context.resolve(content(element))
            // The id is the element's implicit tag, as a `Picker` or `TabView` matches it.
            for node in made where node.traits.tag == nil { node.traits.tag = AnyHashable(id) }
            nodes += made
        }
        return nodes
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// Views for `data`, identified by each element's `id`.
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// Views for a constant range of integers.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}

extension TupleView: ResolvesChildrenIndependently {}
extension ForEach: ResolvesChildrenIndependently {}
