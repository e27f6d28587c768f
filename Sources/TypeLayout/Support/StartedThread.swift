#if canImport(Glibc)
import Glibc
#endif

/// One job on a thread of its own, started at once by `pthread_create`, whose result
/// ``join()`` waits for.
///
/// Not libdispatch: its worker threads start lazily, and on the label's sheet a job handed to
/// `concurrentPerform` began too late to share the work (BENCHMARKS.md, "Label and sheet, third
/// round"). The result is written by the thread and read only after `pthread_join`, which
/// orders the two (ThreadSanitizer knows it). Not Sendable: one owner joins it.
package final class StartedThread<Result: Sendable> {
    private let thread: pthread_t
    private let work: ThreadJob<Result>
    private var isJoined = false

    /// Starts `job`, or returns nil when the system gives no thread (the caller does the work
    /// itself then).
    init?(_ job: @escaping @Sendable () -> Result) {
        let work = ThreadJob(job: job)
        guard let thread = startThread(running: work) else { return nil }
        self.thread = thread
        self.work = work
    }

    /// Waits for the job to finish, and returns what it returned (the same value if called again).
    package func join() -> Result {
        if !isJoined {
            pthread_join(thread, nil)
            isJoined = true
        }
        return work.result!
    }

    /// A thread left unjoined (its owner threw) is waited for, so that nothing it reads is freed
    /// under it.
    deinit {
        if !isJoined { pthread_join(thread, nil) }
    }
}

/// What a new thread runs: not generic, because a C function (the thread's entry) can't name a
/// generic type.
private class ThreadEntry: @unchecked Sendable {
    func run() {}
}

/// The job and where its result goes, held by the thread and by its ``StartedThread``: written
/// by the thread, read after it is joined.
private final class ThreadJob<Result: Sendable>: ThreadEntry, @unchecked Sendable {
    let job: @Sendable () -> Result
    var result: Result?

    init(job: @escaping @Sendable () -> Result) { self.job = job }

    override func run() { result = job() }
}

/// A new thread running `entry`, or nil if none could be created.
private func startThread(running entry: ThreadEntry) -> pthread_t? {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(entry).toOpaque()
    let created = pthread_create(&thread, nil, { context in
        Unmanaged<ThreadEntry>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    guard created == 0 else {
        Unmanaged<ThreadEntry>.fromOpaque(context).release()
        return nil
    }
    return thread
}

/// Work that either of two threads may do once: the first to ask for its value runs it, and
/// the other gets the same value, waiting if it is still being computed. A picture's parts so
/// shared go to whichever thread is free, while the bytes each part gives don't depend on which
/// thread did it. Over a pthread mutex and condition, which ThreadSanitizer understands
/// (see ``Lock``).
final class SharedTask<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case waiting, running, done(Value)
    }

    private let work: @Sendable () -> Value
    private var state = State.waiting
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        // Fail only without memory; nothing could be shared then.
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0,
                     "pthread_mutex_init or pthread_cond_init failed")
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// The work's value: computed here if no thread has started it, else waited for.
    func value() -> Value {
        pthread_mutex_lock(mutex)
        while true {
            switch state {
            case let .done(value):
                pthread_mutex_unlock(mutex)
                return value
            case .running:
                pthread_cond_wait(condition, mutex)
            case .waiting:
                return runClaimed()
            }
        }
    }

    /// Does the work if no thread has started it; returns at once if one has.
    func runIfWaiting() {
        pthread_mutex_lock(mutex)
        guard case .waiting = state else {
            pthread_mutex_unlock(mutex)
            return
        }
        _ = runClaimed()
    }

    /// Called with the mutex held and the work waiting: claims it, does it outside the lock,
    /// and wakes the threads waiting for its value.
    private func runClaimed() -> Value {
        state = .running
        pthread_mutex_unlock(mutex)
        let value = work()
        pthread_mutex_lock(mutex)
        state = .done(value)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
        return value
    }
}
