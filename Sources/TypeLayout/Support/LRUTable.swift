/// A key an ``LRUTable`` hashes itself: two words the table mixes with a per-process seed.
protocol LRUTableKey: Equatable {
    /// The key's bits in two words (for a glyph: its face's identity, and glyph, size and phase).
    var hashWords: (UInt64, UInt64) { get }
}

/// A per-process seed for ``LRUTable``'s hash, so that crafted keys can't line up in one run of
/// slots.
private let lruTableSeed = UInt64.random(in: 1...UInt64.max) | 1

/// A byte-bounded least-recently-used table: values with a cost in bytes, the oldest evicted
/// until a new one fits the limit.
///
/// Keys are found in an open-addressing table of node slots (linear probing, at most half
/// full) hashed by multiplying the key's two words with a seed, far cheaper per lookup than a
/// `Dictionary`'s SipHash. The recency list is doubly linked through an array
/// by index, so a hit moves an entry to the front without allocating, and an evicted entry's
/// value is released at once while its slot waits for the next insert.
struct LRUTable<Key: LRUTableKey, Value> {
    fileprivate struct Node {
        var key: Key
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    /// Node slots, -1 for empty; a power of two long.
    private var buckets: [Int32] = []
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    /// Most and least recently used nodes, -1 when empty.
    private var newest = -1
    private var oldest = -1
    /// Entries held.
    private(set) var count = 0
    /// Their costs added up.
    private(set) var byteCount = 0
    /// Look-ups that found their key.
    private(set) var hits = 0
    /// Inserts (each follows a look-up that didn't find its key), and misses counted by hand.
    var misses = 0
    /// Entries dropped to make room.
    private(set) var evictions = 0

    /// The value for `key`, now the most recently used; `nil` when absent.
    mutating func lookUp(_ key: Key) -> Value? {
        guard let slot = slot(of: key) else { return nil }
        hits += 1
        moveToFront(slot)
        return nodes[slot].value
    }

    /// Stores `value` for `key` at `cost` bytes, evicting the oldest entries until the total
    /// fits `limit`, and returns it; a value costing more than the limit is returned unstored.
    /// If the key is already held (another task stored it meanwhile), that value is kept and
    /// returned instead.
    mutating func insert(_ key: Key, _ value: Value, cost: Int, limit: Int) -> Value {
        misses += 1
        guard cost <= limit else {
            if let slot = slot(of: key) {
                moveToFront(slot)
                return nodes[slot].value!
            }
            return value
        }
        // A label needs a few dozen entries: room for them at once spares growing from
        // empty a doubling at a time, rehashing each time.
        if nodes.isEmpty { nodes.reserveCapacity(64) }
        while byteCount + cost > limit, oldest >= 0 { evictOldest() }
        let slot = freeSlots.last ?? nodes.count
        // One hash for the check and the insert (a miss is usually new). Evicting first may
        // have made room needlessly, only in that race.
        if let stored = insertIndex(key, slot: slot) {
            moveToFront(stored)
            return nodes[stored].value!
        }
        let node = Node(key: key, value: value, cost: cost, newer: -1, older: newest)
        if freeSlots.popLast() != nil {
            nodes[slot] = node
        } else {
            nodes.append(node)
        }
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        byteCount += cost
        return value
    }

    /// Takes over another table's hit, miss and eviction counts (a cache emptied keeps counting).
    mutating func carryCounts(from other: LRUTable) {
        (hits, misses, evictions) = (other.hits, other.misses, other.evictions)
    }

    // MARK: Recency

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot].older = newest
        nodes[slot].newer = -1
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }

    private mutating func unlink(_ slot: Int) {
        let newer = nodes[slot].newer, older = nodes[slot].older
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    }

    private mutating func evictOldest() {
        let slot = oldest
        unlink(slot)
        removeIndex(nodes[slot].key)
        byteCount -= nodes[slot].cost
        // Release the value now; the slot is reused by a later insert.
        nodes[slot].value = nil
        freeSlots.append(slot)
        evictions += 1
    }

    // MARK: Index

    private func bucket(of key: Key) -> Int {
        let (high, low) = key.hashWords
        var h = (high ^ lruTableSeed) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ low ^ (h >> 29)) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: h ^ (h >> 32)) & (buckets.count - 1)
    }

    /// The node slot holding `key`.
    private func slot(of key: Key) -> Int? {
        guard count > 0 else { return nil }
        var b = bucket(of: key)
        while true {
            let slot = Int(buckets[b])
            if slot < 0 { return nil }
            if nodes[slot].key == key { return slot }
            b = (b + 1) & (buckets.count - 1)
        }
    }

    /// Adds `key` at node `slot`, or returns the slot already holding it.
    private mutating func insertIndex(_ key: Key, slot: Int) -> Int? {
        if (count + 1) * 2 > buckets.count { grow() }
        var b = bucket(of: key)
        while true {
            let existing = Int(buckets[b])
            if existing < 0 { break }
            if nodes[existing].key == key { return existing }
            b = (b + 1) & (buckets.count - 1)
        }
        buckets[b] = Int32(slot)
        count += 1
        return nil
    }

    /// Removes `key`, moving later entries of its run back so that every search still reaches
    /// its entry without tombstones (Knuth's algorithm R).
    private mutating func removeIndex(_ key: Key) {
        guard count > 0 else { return }
        let mask = buckets.count - 1
        var hole = bucket(of: key)
        while true {
            let slot = Int(buckets[hole])
            if slot < 0 { return }
            if nodes[slot].key == key { break }
            hole = (hole + 1) & mask
        }
        var b = hole
        while true {
            b = (b + 1) & mask
            let slot = Int(buckets[b])
            if slot < 0 { break }
            let home = bucket(of: nodes[slot].key)
            // Movable when its home is not cyclically within (hole, b].
            if (b - home) & mask >= (b - hole) & mask {
                buckets[hole] = buckets[b]
                hole = b
            }
        }
        buckets[hole] = -1
        count -= 1
    }

    private mutating func grow() {
        let old = buckets
        // 128 slots hold 64 entries before the first doubling.
        buckets = Array(repeating: -1, count: max(128, old.count * 2))
        for slot in old where slot >= 0 {
            var b = bucket(of: nodes[Int(slot)].key)
            while buckets[b] >= 0 { b = (b + 1) & (buckets.count - 1) }
            buckets[b] = slot
        }
    }
}

extension LRUTable: Sendable where Key: Sendable, Value: Sendable {}

extension LRUTable.Node: Sendable where Key: Sendable, Value: Sendable {}
