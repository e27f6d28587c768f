/// The bounded memo behind the engine's analysis and shaping caches: the latest entry is
/// compared before anything is hashed (a new engine's first label, and the same label laid out
/// again, then cost neither a hash of the text nor a dictionary), the earlier ones are kept in
/// a dictionary that is simply emptied when it is full (a plain reset keeps the bound without
/// bookkeeping; a layout works out again what it needs).
struct RecentEntries<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private var latest: (key: Key, value: Value)?
    private var others: [Key: Value] = [:]

    /// The value of the latest entry if `isLatest` accepts its key, else of `key()` among the
    /// others; `key` is built only when there are others to look in.
    func value(latestMatching isLatest: (Key) -> Bool, otherwise key: () -> Key) -> Value? {
        if let latest, isLatest(latest.key) { return latest.value }
        return others.isEmpty ? nil : others[key()]
    }

    /// Keeps `value` as the latest, the previous latest joining the others; past `capacity`
    /// entries in all, the others are dropped.
    mutating func insert(_ key: Key, _ value: Value, capacity: Int) {
        if let latest, capacity > 1 {
            if others.count >= capacity - 1 { others.removeAll(keepingCapacity: true) }
            others[latest.key] = latest.value
        }
        latest = (key, value)
    }
}
