import Dispatch
import TypeLayout

/// Chunks of work processed on worker threads while the calling thread takes the finished
/// chunks in the order they were submitted.
///
/// Why not a `concurrentPerform` per chunk: the audit writes each chunk's report on the calling
/// thread, and with a barrier per chunk every core but one waited through that writing (and
/// through each chunk's last batch). Here the workers go straight on to the chunks submitted
/// ahead while the consumer writes, so the cores stay busy to the end; the consumer bounds the
/// memory by how far ahead it submits.
///
/// Every shared value is behind one ``Lock`` (a pthread mutex ThreadSanitizer understands); the
/// semaphores only wake threads, one signal for each thread that said it would wait. A pipeline
/// lives for the body of ``with(workers:process:_:)``, which stops the workers and waits for
/// them however the body ends: no path can leave them running. The workers are
/// `StartedThread`s, started at once whatever thread the caller holds; if the system gives
/// none, the consumer processes the chunks itself as it asks for them.
final class ChunkPipeline<Item: Sendable, Output: Sendable>: Sendable {
    private struct Chunk {
        let number: Int
        let items: [Item]
        let batch: Int
        var outputs: [Output?]
        var nextItem = 0
        var unfinished: Int
    }

    private struct State {
        /// Submitted and not yet taken by ``next()``, oldest first.
        var chunks: [Chunk] = []
        var submitted = 0
        var idleWorkers = 0
        var consumerWaits = false
        var closed = false
        /// Whether any worker thread started; without one, ``next()`` processes the chunks.
        var hasWorkers = true

        /// The workers waiting for work, each to be woken once, and none counted as waiting after.
        mutating func takeIdleWorkers() -> Int {
            defer { idleWorkers = 0 }
            return idleWorkers
        }
    }

    private enum Step {
        case process(chunk: Int, items: [Item], range: Range<Int>)
        case wait
        case stop
    }

    private let state = Lock(State())
    private let workAvailable = DispatchSemaphore(value: 0)
    private let chunkFinished = DispatchSemaphore(value: 0)
    private let process: @Sendable (ArraySlice<Item>) -> [Output]

    /// Runs `body` with a pipeline of `workers` threads (at least 1) that run `process` on
    /// batches of the chunks submitted (`process` returns one output per item, in order), then
    /// stops the workers once their current batches are done and waits for them, also when
    /// `body` throws. Chunks not yet taken are dropped.
    static func with<Result>(
        workers: Int, process: @escaping @Sendable (ArraySlice<Item>) -> [Output], _ body: (ChunkPipeline) throws -> Result
    ) rethrows -> Result {
        let pipeline = ChunkPipeline(process: process)
        let threads = (0..<max(1, workers)).compactMap { _ in StartedThread { pipeline.work() } }
        pipeline.state.withLock { $0.hasWorkers = !threads.isEmpty }
        defer {
            pipeline.close()
            for thread in threads { thread.join() }
        }
        return try body(pipeline)
    }

    private init(process: @escaping @Sendable (ArraySlice<Item>) -> [Output]) {
        self.process = process
    }

    /// Queues a chunk, handed to the workers `batch` items at a time (at least 1).
    func submit(_ items: [Item], batch: Int) {
        let idle = state.withLock { state in
            state.chunks.append(Chunk(number: state.submitted, items: items, batch: max(1, batch),
                                      outputs: Array(repeating: nil, count: items.count), unfinished: items.count))
            state.submitted += 1
            return state.takeIdleWorkers()
        }
        for _ in 0..<idle { workAvailable.signal() }
    }

    /// The outputs of the oldest chunk not yet taken, in item order, once all of them are done.
    func next() -> [Output] {
        while true {
            let (outputs, hasWorkers): ([Output]?, Bool) = state.withLock { state in
                precondition(!state.chunks.isEmpty, "ChunkPipeline.next() with no chunk submitted")
                guard state.chunks[0].unfinished == 0 else {
                    state.consumerWaits = state.hasWorkers
                    return (nil, state.hasWorkers)
                }
                return (state.chunks.removeFirst().outputs.map { $0! }, state.hasWorkers)
            }
            if let outputs { return outputs }
            if hasWorkers {
                chunkFinished.wait()
            } else if case let .process(number, items, range) = nextStep() {
                finish(chunk: number, items: items, range: range)
            }
        }
    }

    /// Stops the workers once their current batches are done, and waits for them.
    private func close() {
        let idle = state.withLock { state in
            state.closed = true
            return state.takeIdleWorkers()
        }
        for _ in 0..<idle { workAvailable.signal() }
    }

    /// A worker's loop: batches until the pipeline closes.
    private func work() {
        while true {
            switch nextStep() {
            case .stop:
                return
            case .wait:
                workAvailable.wait()
            case let .process(number, items, range):
                finish(chunk: number, items: items, range: range)
            }
        }
    }

    /// The next batch to process, claimed; or wait (counted as idle) or stop.
    private func nextStep() -> Step {
        state.withLock { state in
            if state.closed { return .stop }
            guard let position = state.chunks.firstIndex(where: { $0.nextItem < $0.items.count }) else {
                state.idleWorkers += 1
                return .wait
            }
            let chunk = state.chunks[position]
            let range = chunk.nextItem..<min(chunk.nextItem + chunk.batch, chunk.items.count)
            state.chunks[position].nextItem = range.upperBound
            return .process(chunk: chunk.number, items: chunk.items, range: range)
        }
    }

    /// Processes a claimed batch and stores its outputs, waking the consumer if it waits for them.
    private func finish(chunk number: Int, items: [Item], range: Range<Int>) {
        let outputs = process(items[range])
        precondition(outputs.count == range.count, "ChunkPipeline: one output per item")
        let wake = state.withLock { state in
            // Only `next` removes a chunk, and only a finished one: this one is still there.
            let position = state.chunks.firstIndex { $0.number == number }!
            for (offset, output) in zip(range, outputs) { state.chunks[position].outputs[offset] = output }
            state.chunks[position].unfinished -= range.count
            guard state.chunks[position].unfinished == 0, state.consumerWaits else { return false }
            state.consumerWaits = false
            return true
        }
        if wake { chunkFinished.signal() }
    }
}
