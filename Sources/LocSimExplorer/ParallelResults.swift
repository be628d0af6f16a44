import Foundation

/// Results written by parallel workers, one slot each, read in slot order once all are done.
final class ParallelResults<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: Value) { lock.withLock { slots[i] = value } }
    /// Every slot's value; each must have been set.
    var values: [Value] { lock.withLock { slots.map { $0! } } }
}
