#if canImport(Glibc)
import Glibc
#endif

/// A value behind a lock, used like `Synchronization.Mutex` (`withLock`), over a pthread mutex:
/// the package's one lock type (with ``PlainLock`` for a lock that guards no value), used by
/// every module instead of `Mutex`.
///
/// Why not `Mutex`: on Linux it waits on a futex inside the Swift runtime, which sanitizers
/// don't instrument, so ThreadSanitizer sees none of the ordering it provides and reports every
/// access it protects as a data race (a two-thread counter under `Mutex` shows it). ThreadSanitizer
/// intercepts pthread mutexes, so with this lock `scripts/sanitize.sh thread` reports only real
/// races. Uncontended, either lock costs one atomic operation. Package-wide: the audit module
/// checks strings on many threads too.
package struct Lock<Value: Sendable>: @unchecked Sendable {
    /// The value and the mutex in one allocation (a text analysis makes a lock of its own, and
    /// a second allocation for the mutex showed in a cold layout's time). A managed buffer's
    /// elements have a stable address, which a pthread mutex needs.
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            _ = withUnsafeMutablePointerToElements { mutex in pthread_mutex_destroy(mutex) }
        }
    }

    private let storage: Storage

    package init(_ value: Value) {
        // `create` makes an instance of the subclass it is called on.
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            // Fails only without memory; nothing could be protected then.
            precondition(status == 0, "pthread_mutex_init failed with \(status)")
        }
    }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}

/// A lock with no value of its own, for serializing calls into a C library object, over a
/// pthread mutex like ``Lock``. (A `Lock<Void>` would do, but its zero-sized value sits at the
/// object's start, where ThreadSanitizer then mistakes the read of the class's metadata for a
/// racing access to the value.)
final class PlainLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
