import Dispatch

/// Work spread over the cores.
package enum Concurrently {
    /// `(0..<count).map(transform)` with the calls spread over Dispatch's threads (as many as
    /// the cores), the results in order. Every call runs; the first error in index order is
    /// thrown after all have returned.
    package static func map<Result: Sendable>(count: Int, _ transform: @Sendable (Int) throws -> Result) throws -> [Result] {
        guard count > 1 else { return try (0..<count).map(transform) }
        let outcomes = Lock([Swift.Result<Result, any Error>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let outcome = Swift.Result { try transform(index) }
            outcomes.withLock { $0[index] = outcome }
        }
        // concurrentPerform returns after every iteration has run, so every slot is filled.
        return try outcomes.withLock { $0 }.map { try $0!.get() }
    }
}
