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
protocol PrimitiveView {
    /// The nodes this view stands for (none, one, or a list for groups and `ForEach`).
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode]
}

extension PrimitiveView {
    /// `view`'s nodes, `view` being of this type: called through the type, which a resolution
    /// finds once per view type instead of casting every view. The view is read in place: a
    /// cast copied it, and with it every view inside it.
    @MainActor static func makeNodes<V>(of view: V, _ context: ResolveContext) throws -> [LayoutNode] {
        precondition(V.self == Self.self)
        return try withPointer(to: view) { pointer in
            try UnsafeRawPointer(pointer).assumingMemoryBound(to: Self.self).pointee.makeNodes(context)
        }
    }
}

/// `withUnsafePointer(to:_:)`, called from this module's code: a main-actor closure handed to the
/// standard library's function itself checks at each call that it runs on the main actor (the
/// standard library isn't built in the Swift 6 language mode), about 220 instructions for every
/// view resolved; handed to this function, it is known not to leave the actor and isn't checked.
@inline(__always)
func withPointer<T, Result>(to value: T, _ body: (UnsafePointer<T>) throws -> Result) rethrows -> Result {
    try withUnsafePointer(to: value, body)
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
    let children: [any View]

    init(value: T, children: [any View]) {
        self.value = value
        self.children = children
    }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        // A loop, not `flatMap`: a main-actor closure checks its executor at each call.
        var nodes: [LayoutNode] = []
        nodes.reserveCapacity(children.count)
        for child in children { nodes += try context.resolve(child) }
        return nodes
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
