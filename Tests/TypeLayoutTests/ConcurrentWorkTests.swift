#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import TypeLayout

/// The package's thread helpers: every index once, every worker once, and a new thread with the
/// stack asked for.
@Suite struct ConcurrentWorkTests {
    @Test(arguments: [0, 1, 7, 1_000])
    func everyIndexRunsExactlyOnce(count: Int) {
        let seen = Lock([Int](repeating: 0, count: count))
        forEachConcurrently(count: count, workers: 4) { index in seen.withLock { $0[index] += 1 } }
        #expect(seen.withLock { $0 } == [Int](repeating: 1, count: count))
    }

    @Test func everyWorkerRunsOnceOnItsOwnThreadAndTheFirstOnTheCaller() {
        let caller = pthread_self()
        let threads = Lock([Int: pthread_t]())
        performConcurrently(workers: 3) { worker in threads.withLock { $0[worker] = pthread_self() } }
        let seen = threads.withLock { $0 }
        #expect(seen.keys.sorted() == [0, 1, 2])
        #expect(pthread_equal(seen[0]!, caller) != 0)
        #expect(pthread_equal(seen[1]!, caller) == 0 && pthread_equal(seen[2]!, caller) == 0)
        #expect(pthread_equal(seen[1]!, seen[2]!) == 0)
    }

    @Test func aNewThreadHasTheStackAskedFor() throws {
        let requested = 64 << 20
        // The size of the mapping that holds a local of the new thread: its stack.
        let mapping: Int = runOnNewThread(stackSize: requested) {
            var local = 0
            let address = withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
            let maps = (try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8)) ?? ""
            for line in maps.split(separator: "\n") {
                let bounds = line.prefix { $0 != " " }.split(separator: "-").compactMap { UInt($0, radix: 16) }
                if bounds.count == 2, bounds[0] <= address, address < bounds[1] { return Int(bounds[1] - bounds[0]) }
            }
            return 0
        }
        #expect(mapping >= requested)
    }
}
