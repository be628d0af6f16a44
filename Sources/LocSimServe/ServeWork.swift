import Dispatch
import Foundation

/// Where the playground's heavy work runs: reading an opened file, a session's steps and view, a
/// state graph. Dispatch threads run it, never Swift's cooperative pool, so a heavy request on one
/// session cannot hold the few cooperative threads (one per core) every other request needs.
///
/// Each request waits for its work at most ``timeLimit`` and stops waiting when its task is
/// cancelled (its client went away, the server is stopping): it then answers 503 and the work's
/// result is dropped. Work that has started cannot be interrupted, but each piece is bounded by
/// the input limits (a request body of at most 256 KiB, YAML's byte and node budgets of
/// Docs/BadInput.md, one step at a time).
enum ServeWork {
    /// A serial queue of its own for one piece of work. Serial queues are served by Dispatch's
    /// overcommitting threads: a concurrent queue (or one targeting it) gets no more threads than
    /// cores, so two heavy Opens would hold every thread and make a third session wait.
    static func ownQueue() -> DispatchQueue {
        DispatchQueue(label: "locsim.serve.work", qos: .userInitiated)
    }

    /// How long a request waits for its work: 20 seconds.
    static let timeLimit: Double = 20

    /// Runs `body` on `queue` (a queue of its own unless a session's serial queue is given) and
    /// returns its result.
    /// - Throws: what `body` throws; ``PlaygroundError`` 503 when it takes longer than `seconds`
    ///   or the task is cancelled before it ends.
    static func run<T: Sendable>(on queue: DispatchQueue = ownQueue(), seconds: Double = timeLimit,
                                 _ body: @escaping @Sendable () throws -> T) async throws -> T {
        let once = Once<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                once.arm(continuation)
                queue.async {
                    guard !once.isFinished else { return }  // given up before it started
                    once.finish(Result { try body() })
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                    once.finish(.failure(PlaygroundError(.serviceUnavailable, "the request took longer than \(Int(seconds)) s and was given up")))
                }
            }
        } onCancel: {
            once.finish(.failure(PlaygroundError(.serviceUnavailable, "the request was cancelled")))
        }
    }

    /// Resumes a continuation once, with whichever outcome comes first.
    private final class Once<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var continuation: CheckedContinuation<T, any Error>?
        private var early: Result<T, any Error>?
        private var finished = false

        var isFinished: Bool { lock.withLock { finished } }

        func arm(_ c: CheckedContinuation<T, any Error>) {
            lock.lock()
            if let early {
                lock.unlock()
                c.resume(with: early)
                return
            }
            continuation = c
            lock.unlock()
        }

        func finish(_ outcome: Result<T, any Error>) {
            lock.lock()
            guard !finished else { lock.unlock(); return }
            finished = true
            guard let c = continuation else {
                early = outcome  // cancelled before the continuation was armed
                lock.unlock()
                return
            }
            continuation = nil
            lock.unlock()
            c.resume(with: outcome)
        }
    }
}
