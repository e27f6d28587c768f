/// Runs `body(worker)` for each worker number in `0..<workers` at the same time, worker 0 on
/// the calling thread and the others on ``StartedThread``s, and returns once every one has
/// returned. Workers the system gives no thread for run on the calling thread after worker 0,
/// so every worker runs whatever happens.
///
/// The workers usually share their work by taking the next item from a counter under a
/// ``Lock`` (``forEachConcurrently(count:workers:_:)`` does just that); one that keeps state per
/// thread (a compressor and its buffer) calls this directly.
package func performConcurrently(workers: Int, _ body: @Sendable (Int) -> Void) {
    guard workers > 1 else {
        if workers == 1 { body(0) }
        return
    }
    // The threads are joined, and so release the closure, before this call returns.
    withoutActuallyEscaping(body) { body in
        var threads: [StartedThread<Void>] = []
        var unstarted: [Int] = []
        for worker in 1..<workers {
            if let thread = StartedThread({ body(worker) }) {
                threads.append(thread)
            } else {
                unstarted.append(worker)
            }
        }
        body(0)
        for worker in unstarted { body(worker) }
        for thread in threads { thread.join() }
        threads.removeAll()
    }
}

/// Calls `body(index)` once for every index in `0..<count`, spread over at most `workers`
/// threads (the calling one included), each taking the next index when it is free; returns
/// once all are done. The order across threads is not defined: a caller that needs its results
/// in order stores them by index.
package func forEachConcurrently(count: Int, workers: Int, _ body: @Sendable (Int) -> Void) {
    let next = Lock(0)
    performConcurrently(workers: min(max(1, workers), count)) { _ in
        while true {
            let index = next.withLock { next in
                defer { next += 1 }
                return next
            }
            guard index < count else { return }
            body(index)
        }
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes, waits for it, and returns
/// what it returned: for deep recursion that the calling thread's stack (a secondary thread's,
/// or Swift concurrency's) might not hold. Without a thread to be had, `body` runs here.
package func runOnNewThread<Result: Sendable>(stackSize: Int, _ body: () -> Result) -> Result {
    withoutActuallyEscaping(body) { body in
        // The caller waits in `join` while the thread runs, so the two never touch what `body`
        // captures at the same time.
        let job = UncheckedJob(body: body)
        guard let thread = StartedThread(stackSize: stackSize, { job.body() }) else { return body() }
        return thread.join()
    }
}

/// A closure handed to one other thread while its owner waits for that thread.
private struct UncheckedJob<Result>: @unchecked Sendable {
    let body: () -> Result
}
