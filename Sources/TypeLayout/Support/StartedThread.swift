#if canImport(Glibc)
import Glibc
#endif

/// One job on a thread of its own, started at once by `pthread_create`, whose result
/// ``join()`` waits for: the package's one way to start a thread. ``performConcurrently(workers:_:)``,
/// ``forEachConcurrently(count:workers:_:)`` and ``runOnNewThread(stackSize:_:)`` are built on it.
///
/// Why not libdispatch (`concurrentPerform`, queues): its worker threads start lazily, and on
/// the label's sheet a job handed to `concurrentPerform` began too late to share the work
/// (BENCHMARKS.md, "Label and sheet, third round"); its pool can also be short of threads when
/// the caller holds one of them, and it gives no choice of stack size. The result is written by
/// the thread and read only after `pthread_join`, which orders the two (ThreadSanitizer knows
/// it). Not Sendable: one owner joins it.
package final class StartedThread<Result: Sendable> {
    private let thread: pthread_t
    private let work: ThreadJob<Result>
    private var isJoined = false

    /// Starts `job`, on a stack of `stackSize` bytes if given (only address space is reserved:
    /// pages are touched as used) else the system's default, or returns nil when the system
    /// gives no thread (the caller does the work itself then).
    package init?(stackSize: Int? = nil, _ job: @escaping @Sendable () -> Result) {
        let work = ThreadJob(job: job)
        guard let thread = startThread(running: work, stackSize: stackSize) else { return nil }
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
    /// Dropped once run, so that what it captures is released when the thread ends (a job made
    /// with `withoutActuallyEscaping` must not outlive its call).
    var job: (@Sendable () -> Result)?
    var result: Result?

    init(job: @escaping @Sendable () -> Result) { self.job = job }

    override func run() {
        result = job!()
        job = nil
    }
}

/// A new thread running `entry`, or nil if none could be created.
private func startThread(running entry: ThreadEntry, stackSize: Int?) -> pthread_t? {
    var thread = pthread_t()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // A size the system refuses (below its minimum) leaves the default.
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    let context = Unmanaged.passRetained(entry).toOpaque()
    let created = pthread_create(&thread, &attributes, { context in
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
package final class SharedTask<Value: Sendable>: @unchecked Sendable {
    private enum State {
        case waiting, running, done(Value)
    }

    private let work: @Sendable () -> Value
    private var state = State.waiting
    private let monitor = PthreadMonitor()
    private var mutex: UnsafeMutablePointer<pthread_mutex_t> { monitor.mutex }
    private var condition: UnsafeMutablePointer<pthread_cond_t> { monitor.condition }

    package init(_ work: @escaping @Sendable () -> Value) {
        self.work = work
    }

    /// The work's value: computed here if no thread has started it, else waited for.
    package func value() -> Value {
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

    /// The work's value if it is done, else nil at once.
    package func valueIfDone() -> Value? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        guard case let .done(value) = state else { return nil }
        return value
    }

    /// Does the work if no thread has started it; returns at once if one has.
    package func runIfWaiting() {
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

/// One thread of its own, started at once, that runs the jobs handed to it one after another:
/// render-cli's label sheet gives it the captions' warming, then the cells' warming, then the
/// PNG's pieces, one `pthread_create` and one new stack and malloc arena in all instead of one a
/// role. A job is a ``SharedTask``: its owner's `value()` runs it on the owner's thread if this
/// thread hasn't begun it yet (it is busy with an earlier job), or waits for it to end, so no
/// owner waits for a job queued behind another's.
///
/// One owner hands it jobs and calls ``finish()``; the jobs themselves run on this thread or
/// their owner's.
package final class HelperThread: @unchecked Sendable {
    /// The queue, under `mutex`; the thread waits on `condition` while it is empty.
    private var jobs: [SharedTask<Void>] = []
    private var isFinishing = false
    private let monitor = PthreadMonitor()
    private var mutex: UnsafeMutablePointer<pthread_mutex_t> { monitor.mutex }
    private var condition: UnsafeMutablePointer<pthread_cond_t> { monitor.condition }
    private var thread: StartedThread<Void>?

    /// Starts the thread, or returns nil when the system gives none (the caller does every
    /// job itself then).
    package init?() {
        // Unowned: the thread ends before this object does (deinit waits for it), and a strong
        // reference would keep an owner's forgotten `finish()` from ever running.
        guard let thread = StartedThread({ [unowned(unsafe) self] in self.runJobs() }) else { return nil }
        self.thread = thread
    }

    /// Queues `work` behind the jobs handed over before it, and returns it as a task whose
    /// `value()` runs it on the caller's thread if this one hasn't begun it, else waits for it:
    /// ask for it before anything `work` reads without holding it (a raw pointer) goes away.
    @discardableResult
    package func run(_ work: @escaping @Sendable () -> Void) -> SharedTask<Void> {
        let job = SharedTask(work)
        pthread_mutex_lock(mutex)
        jobs.append(job)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        return job
    }

    /// Lets the thread end once the queued jobs are done (or taken by their owners), and
    /// waits for it.
    package func finish() {
        pthread_mutex_lock(mutex)
        isFinishing = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        _ = thread?.join()
        thread = nil
    }

    deinit { finish() }

    /// The thread's loop: each job in turn (skipping those their owners took), until
    /// `finish()` and an empty queue.
    private func runJobs() {
        while true {
            pthread_mutex_lock(mutex)
            while jobs.isEmpty && !isFinishing { pthread_cond_wait(condition, mutex) }
            guard !jobs.isEmpty else {
                pthread_mutex_unlock(mutex)
                return
            }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(mutex)
            job.runIfWaiting()
        }
    }
}

/// A pthread mutex and condition, allocated where they can't move and freed with their owner:
/// what ``SharedTask`` and ``HelperThread`` wait on (ThreadSanitizer understands both; see
/// ``Lock``).
private final class PthreadMonitor {
    let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    let condition: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)

    init() {
        mutex.initialize(to: pthread_mutex_t())
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
}
