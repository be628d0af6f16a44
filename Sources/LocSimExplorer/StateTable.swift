/// The set of states seen so far, as ``StateKey``s in discovery order, with an open-addressing
/// index from hash to position: each state is stored once, and growing the index never moves keys.
///
/// A state costs its key (64 bytes) and 1⅓ to 2⅔ index slots of 8 bytes: the index is kept at
/// most three quarters full, and is rebuilt from the keys' hashes when it grows (no hash is stored
/// beside the key).
///
/// Keys are kept in chunks of fixed size, so the table grows without copying them; a chunk is
/// below the size the C allocator maps fresh pages for, so the chunks of one search are reused by
/// the next. Lookups only read, so threads may share a table between insertions.
struct StateTable: Sendable {
    private static let chunkShift = 9
    private static let chunkSize = 1 << chunkShift
    private var chunks: [[StateKey]] = []
    private(set) var count = 0
    /// Slots hold a key's position + 1 in the low half, 0 when empty, and the high half of its
    /// hash in the high half: a probe compares hashes without reading another array.
    private var slots: [UInt64]
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size * 3 < capacity * 4 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The bytes the table holds for its keys: the chunks and the index.
    var storedBytes: Int {
        chunks.count * Self.chunkSize * MemoryLayout<StateKey>.stride + slots.count * MemoryLayout<UInt64>.stride
    }

    subscript(i: Int32) -> StateKey { chunks[Int(i) >> Self.chunkShift][Int(i) & (Self.chunkSize - 1)] }

    /// The screen of the state at `i`.
    func screen(_ i: Int32) -> UInt8 { UInt8(truncatingIfNeeded: self[i].flags) }

    /// The position of `key`, whose ``StateKey/hash`` is `h`, if the table has it.
    func find(_ key: StateKey, hash h: Int) -> Int32? { probe(key, hash: h).position }

    /// The position of `key`, inserting it at the end when it is new.
    mutating func insert(_ key: StateKey) -> (position: Int32, inserted: Bool) {
        insert(key, hash: key.hash)
    }

    /// The position of `key`, whose ``StateKey/hash`` is `h`, inserting it at the end when it is new.
    mutating func insert(_ key: StateKey, hash h: Int) -> (position: Int32, inserted: Bool) {
        let (found, slot) = probe(key, hash: h)
        if let found { return (found, false) }
        let position = Int32(count)
        if count & (Self.chunkSize - 1) == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(key)
        count += 1
        slots[slot] = Self.entry(position, hash: h)
        if count * 4 > slots.count * 3 { grow() }
        return (position, true)
    }

    /// Where `key` is, or else the empty slot where it would go.
    private func probe(_ key: StateKey, hash h: Int) -> (position: Int32?, slot: Int) {
        var slot = h & mask
        let tag = UInt64(UInt(bitPattern: h)) & 0xFFFF_FFFF_0000_0000
        while true {
            let entry = slots[slot]
            if entry == 0 { return (nil, slot) }
            if entry & 0xFFFF_FFFF_0000_0000 == tag {
                let i = Int32(truncatingIfNeeded: Int(entry & 0xFFFF_FFFF) - 1)
                if self[i] == key { return (i, slot) }
            }
            slot = (slot + 1) & mask
        }
    }

    private static func entry(_ position: Int32, hash h: Int) -> UInt64 {
        UInt64(UInt(bitPattern: h)) & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(position) + 1)
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for i in 0..<count {
            let h = self[Int32(i)].hash
            var slot = h & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Self.entry(Int32(i), hash: h)
        }
    }
}
