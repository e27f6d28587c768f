/// Where the system's content size category comes from.
public protocol ContentSizeCategoryProvider: Sendable {
    /// The category the system is set to now.
    func currentContentSizeCategory() -> ContentSizeCategory
}

/// Reads the category from the environment variable `TYPELAYOUT_CONTENT_SIZE_CATEGORY`, as
/// ``DynamicTypeContext/fromProcessEnvironment()`` reads it; `large` when it is unset.
///
/// A value that is not a category also gives `large` here, since a provider can't fail:
/// programs that read the variable (render-cli, the golden harness) call
/// ``DynamicTypeContext/fromProcessEnvironment()`` first and stop with its error.
public struct EnvironmentVariableCategoryProvider: ContentSizeCategoryProvider {
    /// The variable's name.
    public static let variableName = DynamicTypeContext.EnvironmentVariable.contentSizeCategory

    /// A provider reading the process environment.
    public init() {}

    /// The variable's category, or `large`.
    public func currentContentSizeCategory() -> ContentSizeCategory {
        // Only the category's variable: a mistyped scaling mode doesn't reset it.
        ((try? DynamicTypeContext.categoryFromProcessEnvironment()) ?? nil) ?? .large
    }
}

/// A provider that always answers the same category (for tests and previews).
public struct FixedCategoryProvider: ContentSizeCategoryProvider {
    /// The category answered.
    public let category: ContentSizeCategory
    /// A provider answering `category`.
    public init(_ category: ContentSizeCategory) { self.category = category }
    /// The fixed category.
    public func currentContentSizeCategory() -> ContentSizeCategory { category }
}

/// The writable, observable Dynamic Type settings: the current content size category, the
/// scaling mode and the system font family, for app-like code that changes them as a user would.
///
/// ``default`` produces the ``DynamicTypeContext/current`` context of calls that give none
/// and run outside ``withDynamicTypeContext(_:operation:)-(_,()->R)``. Tests that need their own
/// settings use a task-local context instead, which parallel tests can't see. Code (tests, previews)
/// sets the category; observers hear of each change exactly once, through a handler or an
/// `AsyncStream`. Setting the value it already has notifies nobody. Safe from any thread.
public final class DynamicTypeEnvironment: Sendable {
    /// The shared environment, starting from `TYPELAYOUT_CONTENT_SIZE_CATEGORY` (default `large`).
    public static let `default` = DynamicTypeEnvironment(
        provider: EnvironmentVariableCategoryProvider(),
        initial: (try? DynamicTypeContext.fromProcessEnvironment())
            ?? DynamicTypeContext(contentSizeCategory: EnvironmentVariableCategoryProvider().currentContentSizeCategory()))

    private struct State {
        var context: DynamicTypeContext
        var observers: [UInt64: @Sendable (ContentSizeCategory) -> Void] = [:]
        var nextObserverID: UInt64 = 0
    }

    private let provider: any ContentSizeCategoryProvider
    private let state: Lock<State>

    /// An environment whose category starts from a provider's.
    public convenience init(provider: some ContentSizeCategoryProvider) {
        self.init(provider: provider, initial: DynamicTypeContext(contentSizeCategory: provider.currentContentSizeCategory()))
    }

    private init(provider: some ContentSizeCategoryProvider, initial: DynamicTypeContext) {
        self.provider = provider
        state = Lock(State(context: initial))
    }

    /// The settings as they are now, as a context value.
    public var context: DynamicTypeContext { state.withLock { $0.context } }

    /// The current category. Setting a different value notifies every observer once.
    public var contentSizeCategory: ContentSizeCategory {
        get { state.withLock { $0.context.contentSizeCategory } }
        set { setContentSizeCategory(newValue) }
    }

    /// Sets the category; returns whether it changed (and so whether observers were notified).
    @discardableResult
    public func setContentSizeCategory(_ category: ContentSizeCategory) -> Bool {
        let observers: [@Sendable (ContentSizeCategory) -> Void]? = state.withLock { state in
            guard state.context.contentSizeCategory != category else { return nil }
            state.context.contentSizeCategory = category
            return state.observers.sorted { $0.key < $1.key }.map(\.value)
        }
        guard let observers else { return false }
        // Handlers run outside the lock so that they may read or set the category themselves.
        for observer in observers { observer(category) }
        return true
    }

    /// Goes back to the provider's category (notifying observers if that is a change).
    public func resetToSystem() {
        setContentSizeCategory(provider.currentContentSizeCategory())
    }

    /// The scaling mode ``FontMetrics`` uses when a call site doesn't choose one (default `metrics`).
    public var scalingMode: ScalingMode {
        get { state.withLock { $0.context.scalingMode } }
        set { state.withLock { $0.context.scalingMode = newValue } }
    }

    /// The faces text styles are set in (default: the Inter stand-in from `Fonts/`).
    public var systemFontFamily: SystemFontFamily {
        get { state.withLock { $0.context.systemFontFamily } }
        set { state.withLock { $0.context.systemFontFamily = newValue } }
    }

    /// Calls `handler` with the new category after each change, on the thread that made it,
    /// until the returned token is cancelled or released.
    public func observe(_ handler: @escaping @Sendable (ContentSizeCategory) -> Void) -> ObservationToken {
        let id = state.withLock { state in
            let id = state.nextObserverID
            state.nextObserverID += 1
            state.observers[id] = handler
            return id
        }
        return ObservationToken { [weak self] in
            _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
        }
    }

    /// The categories set from now on, as an async sequence that ends when its consumer stops.
    public func contentSizeCategoryUpdates() -> AsyncStream<ContentSizeCategory> {
        let (stream, continuation) = AsyncStream.makeStream(of: ContentSizeCategory.self)
        let token = observe { continuation.yield($0) }
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }
}

/// Keeps an observation alive; cancelling it or releasing it ends the observation.
public final class ObservationToken: Sendable {
    private let onCancel: Lock<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Lock(onCancel)
    }

    /// Ends the observation; later calls do nothing.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
