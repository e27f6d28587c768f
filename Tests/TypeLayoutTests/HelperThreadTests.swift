#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TypeLayout

/// The one second thread of render-cli's label sheet (`HelperThread`): jobs run once each, in
/// the order handed over; an owner that asks for a job its thread hasn't begun runs it itself;
/// `finish()` waits for the queue.
@Suite struct HelperThreadTests {
    @Test func jobsRunOnceEachInOrder() throws {
        let helper = try #require(HelperThread())
        let ran = Lock<[Int]>([])
        for index in 0..<20 { helper.run { ran.withLock { $0.append(index) } } }
        helper.finish()
        #expect(ran.withLock { $0 } == Array(0..<20))
    }

    /// The helper held in a first job: the second job's owner runs it on its own thread, and
    /// the helper, once free, finds it taken.
    @Test func anOwnerTakesAJobTheHelperHasNotBegun() throws {
        let helper = try #require(HelperThread())
        let release = Lock(false)
        let first = helper.run { while !release.withLock({ $0 }) { usleep(1_000) } }
        let runs = Lock<[pthread_t]>([])
        let second = helper.run { runs.withLock { $0.append(pthread_self()) } }
        second.value()
        #expect(runs.withLock { $0.count } == 1)
        #expect(runs.withLock { $0.first.map { pthread_equal($0, pthread_self()) != 0 } } == true)
        release.withLock { $0 = true }
        first.value()
        helper.finish()
        #expect(runs.withLock { $0.count } == 1, "run once")
    }

    /// Asking for a job the helper is running waits until it has ended.
    @Test func anOwnerWaitsForAJobTheHelperIsRunning() throws {
        let helper = try #require(HelperThread())
        let state = Lock((started: false, ended: false))
        let job = helper.run {
            state.withLock { $0.started = true }
            usleep(20_000)
            state.withLock { $0.ended = true }
        }
        // Until the helper has begun it (or 10 s).
        for _ in 0..<10_000 where !state.withLock({ $0.started }) { usleep(1_000) }
        job.value()
        #expect(state.withLock { $0.ended })
        helper.finish()
    }
}
