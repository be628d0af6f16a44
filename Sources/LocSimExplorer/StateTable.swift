/// The set of states seen so far: the states in discovery order, and an open-addressing index from
/// hash to position, so each state is stored once and growing the index never moves states.
///
/// Lookups only read, so threads may share a table between insertions.
struct StateTable: Sendable {
    private(set) var states: [ExplorerState] = []
    private var hashes: [Int] = []
    /// Slots hold a state's position + 1; 0 is empty.
    private var slots: [Int32]
    private var mask: Int

    init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        states.reserveCapacity(capacity)
        hashes.reserveCapacity(capacity)
    }

    var count: Int { states.count }

    /// The screen of the state at `i` (read in place).
    func screen(_ i: Int32) -> UInt8 { states.withUnsafeBufferPointer { $0[Int(i)].screen } }

    /// Calls `body` with the state at `i`, read in place.
    func withState<R>(_ i: Int32, _ body: (borrowing ExplorerState) -> R) -> R {
        states.withUnsafeBufferPointer { body($0[Int(i)]) }
    }

    /// The position of `state`, whose ``ExplorerState/fingerprint`` is `hash`, if the table has it.
    func find(_ state: borrowing ExplorerState, hash h: Int) -> Int32? {
        states.withUnsafeBufferPointer { stored in
            var slot = h & mask
            while true {
                let entry = slots[slot]
                if entry == 0 { return nil }
                let i = Int(entry - 1)
                // Compared in place: reading `states[i]` into a value would retain all its storage.
                if hashes[i] == h && stored[i] == state { return Int32(i) }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The position of `state`, inserting it at the end when it is new.
    mutating func insert(_ state: consuming ExplorerState) -> (position: Int32, inserted: Bool) {
        let h = state.fingerprint
        return insert(state, hash: h)
    }

    /// The position of `state`, whose ``ExplorerState/fingerprint`` is `hash`, inserting it at the
    /// end when it is new.
    mutating func insert(_ state: consuming ExplorerState, hash h: Int) -> (position: Int32, inserted: Bool) {
        var slot = h & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { break }
            let i = Int(entry - 1)
            if hashes[i] == h && states.withUnsafeBufferPointer({ $0[i] == state }) { return (Int32(i), false) }
            slot = (slot + 1) & mask
        }
        let position = Int32(states.count)
        states.append(consume state)
        hashes.append(h)
        slots[slot] = position + 1
        if states.count * 2 > slots.count { grow() }
        return (position, true)
    }

    private mutating func grow() {
        let size = slots.count * 2
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        for (i, h) in hashes.enumerated() {
            var slot = h & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i + 1)
        }
    }
}
