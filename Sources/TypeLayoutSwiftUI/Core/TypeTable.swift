/// What resolution found out about a type (where its environment readers are), kept by the
/// type's metadata address.
///
/// Resolution asks once or twice per view of every layout; a `[ObjectIdentifier: …]` in a
/// global `var` hashed the key with SipHash and checked exclusive access at run time on each
/// question (about 4 % of the settings screen's layout). Here the slots are fixed memory
/// probed from a multiplicative hash of the address, and the table's own properties are
/// constants, so nothing is checked at run time.
///
/// The answers are pure functions of the type, and the table holds at most `capacity` × ¾ of
/// them: once that full, a new type's answer is not kept, and is found again at each question.
final class TypeTable<Value> {
    /// A power of two.
    let capacity: Int
    private let shift: UInt
    /// A slot's type address, 0 for an empty slot.
    private let keys: UnsafeMutablePointer<UInt>
    private let values: UnsafeMutablePointer<Value>
    /// How many slots are taken (a box: the table's properties stay constants).
    private let taken: UnsafeMutablePointer<Int>

    /// An empty table with room for three quarters of `capacity` types, rounded up to a power
    /// of two (at least 8).
    init(capacity requested: Int = 1024) {
        var capacity = 8
        while capacity < requested { capacity *= 2 }
        self.capacity = capacity
        shift = UInt(UInt.bitWidth - capacity.trailingZeroBitCount)
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = .allocate(capacity: capacity)
        taken = .allocate(capacity: 1)
        taken.initialize(to: 0)
    }

    deinit {
        for slot in 0..<capacity where keys[slot] != 0 { (values + slot).deinitialize(count: 1) }
        keys.deallocate()
        values.deallocate()
        taken.deallocate()
    }

    /// How many types have an answer kept.
    var count: Int { taken.pointee }

    /// The answer kept for `type`, or `nil`.
    @inline(__always)
    subscript(type: Any.Type) -> Value? {
        let key = UInt(bitPattern: ObjectIdentifier(type))
        var slot = firstSlot(key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & (capacity - 1)
        }
    }

    /// Keeps `value` as `type`'s answer, unless the table is three quarters full (or has one).
    func insert(_ value: Value, for type: Any.Type) {
        guard taken.pointee < capacity / 4 * 3 else { return }
        let key = UInt(bitPattern: ObjectIdentifier(type))
        var slot = firstSlot(key)
        while keys[slot] != 0 {
            if keys[slot] == key { return }
            slot = (slot + 1) & (capacity - 1)
        }
        keys[slot] = key
        (values + slot).initialize(to: value)
        taken.pointee += 1
    }

    @inline(__always)
    private func firstSlot(_ key: UInt) -> Int {
        // Fibonacci hashing: metadata addresses are aligned, their high bits of the product spread.
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }
}
