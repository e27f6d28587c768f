import Testing
@testable import TypeLayout

/// The glyph cache's table on its own: lookup, recency, byte-bounded eviction and the index's
/// removals, checked against a plain array kept in recency order.
struct LRUTableTests {
    struct Key: LRUTableKey, Hashable {
        var a: UInt64
        var b: UInt64
        var hashWords: (UInt64, UInt64) { (a, b) }
    }

    @Test func evictsTheLeastRecentlyUsedUntilTheNewValueFits() {
        var table = LRUTable<Key, String>()
        let limit = 30
        for i in 0..<3 { _ = table.insert(Key(a: 1, b: UInt64(i)), "v\(i)", cost: 10, limit: limit) }
        #expect(table.count == 3 && table.byteCount == 30)
        // Using 0 makes 1 the oldest: inserting a fourth evicts 1.
        #expect(table.lookUp(Key(a: 1, b: 0)) == "v0")
        _ = table.insert(Key(a: 1, b: 3), "v3", cost: 10, limit: limit)
        #expect(table.lookUp(Key(a: 1, b: 1)) == nil)
        #expect(table.lookUp(Key(a: 1, b: 0)) == "v0" && table.lookUp(Key(a: 1, b: 2)) == "v2")
        #expect(table.evictions == 1 && table.count == 3 && table.byteCount == 30)
        // A value over the whole limit is returned but not kept; one already held is returned.
        #expect(table.insert(Key(a: 9, b: 9), "huge", cost: 31, limit: limit) == "huge")
        #expect(table.lookUp(Key(a: 9, b: 9)) == nil)
        // Inserting a key already held keeps the held value (the cache's race: another task
        // stored it first), once room is made, as for any insert.
        #expect(table.insert(Key(a: 1, b: 2), "again", cost: 5, limit: 40) == "v2")
        #expect(table.count == 3 && table.byteCount == 30)
    }

    @Test func agreesWithAPlainRecencyListOverRandomOperations() {
        // Keys drawn from a small range collide in the index and force removals mid-run.
        var generator = SystemRandomNumberGenerator()
        var table = LRUTable<Key, Int>()
        var oracle: [(key: Key, value: Int, cost: Int)] = []  // most recent last
        let limit = 200
        for step in 0..<20_000 {
            let key = Key(a: UInt64.random(in: 0..<4, using: &generator), b: UInt64.random(in: 0..<40, using: &generator))
            if Bool.random(using: &generator) {
                let found = table.lookUp(key)
                let index = oracle.firstIndex { $0.key == key }
                #expect(found == index.map { oracle[$0].value }, "step \(step)")
                if let index { oracle.append(oracle.remove(at: index)) }
            } else {
                // Room is made first (the held key itself may go), then a key still held keeps
                // its value.
                let cost = Int.random(in: 1...40, using: &generator)
                let stored = table.insert(key, step, cost: cost, limit: limit)
                var total = oracle.reduce(0) { $0 + $1.cost }
                while total + cost > limit, !oracle.isEmpty { total -= oracle.removeFirst().cost }
                if let index = oracle.firstIndex(where: { $0.key == key }) {
                    #expect(stored == oracle[index].value)
                    oracle.append(oracle.remove(at: index))
                } else {
                    oracle.append((key, step, cost))
                    #expect(stored == step)
                }
            }
            #expect(table.count == oracle.count)
            #expect(table.byteCount == oracle.reduce(0) { $0 + $1.cost })
        }
        for entry in oracle { #expect(table.lookUp(entry.key) == entry.value) }
    }
}
