#if canImport(Glibc)
import Glibc
#endif

/// Where the system's content size category comes from.
public protocol ContentSizeCategoryProvider: Sendable {
    /// The category the system is set to now.
    func currentContentSizeCategory() -> ContentSizeCategory
}

/// Reads the category from the environment variable `TYPELAYOUT_CONTENT_SIZE_CATEGORY` (any name
/// ``ContentSizeCategory/init(parsing:)`` accepts); `large` when it is unset or not a category.
public struct EnvironmentVariableCategoryProvider: ContentSizeCategoryProvider {
    /// The variable's name.
    public static let variableName = "TYPELAYOUT_CONTENT_SIZE_CATEGORY"

    /// A provider reading the process environment.
    public init() {}

    /// The variable's category, or `large`.
    public func currentContentSizeCategory() -> ContentSizeCategory {
        guard let value = getenv(Self.variableName) else { return .large }
        return (try? ContentSizeCategory(parsing: String(cString: value))) ?? .large
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
/// scaling mode and the system font family.
///
/// ``default`` is what fonts and metrics read when no traits are given. Code (tests, previews)
/// sets the category; observers hear of each change exactly once, through a handler or an
/// `AsyncStream`. Setting the value it already has notifies nobody. Safe from any thread.
public final class DynamicTypeEnvironment: Sendable {
    /// The shared environment, starting from `TYPELAYOUT_CONTENT_SIZE_CATEGORY` (default `large`).
    public static let `default` = DynamicTypeEnvironment(provider: EnvironmentVariableCategoryProvider())

    private struct State {
        var category: ContentSizeCategory
        var scalingMode: ScalingMode = .metrics
        var systemFontFamily: SystemFontFamily = .interStandIn
        var observers: [UInt64: @Sendable (ContentSizeCategory) -> Void] = [:]
        var nextObserverID: UInt64 = 0
    }

    private let provider: any ContentSizeCategoryProvider
    private let state: Lock<State>

    /// An environment whose category starts from a provider's.
    public init(provider: some ContentSizeCategoryProvider) {
        self.provider = provider
        state = Lock(State(category: provider.currentContentSizeCategory()))
    }

    /// The current category. Setting a different value notifies every observer once.
    public var contentSizeCategory: ContentSizeCategory {
        get { state.withLock { $0.category } }
        set { setContentSizeCategory(newValue) }
    }

    /// Sets the category; returns whether it changed (and so whether observers were notified).
    @discardableResult
    public func setContentSizeCategory(_ category: ContentSizeCategory) -> Bool {
        let observers: [@Sendable (ContentSizeCategory) -> Void]? = state.withLock { state in
            guard state.category != category else { return nil }
            state.category = category
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
        get { state.withLock { $0.scalingMode } }
        set { state.withLock { $0.scalingMode = newValue } }
    }

    /// The faces text styles are set in (default: the Inter stand-in from `Fonts/`).
    public var systemFontFamily: SystemFontFamily {
        get { state.withLock { $0.systemFontFamily } }
        set { state.withLock { $0.systemFontFamily = newValue } }
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
