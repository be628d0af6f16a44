import Foundation

/// LocSim's serial executor for app code: while it is on, every job the Swift runtime would run on
/// its global concurrent executor — a `Task {}` started from nonisolated code, `async let`, a task
/// group's children, a continuation resumed off an actor, a nonisolated async function — runs on
/// the main actor's executor instead, one at a time, in the order it was enqueued, interleaved
/// with the main actor's own jobs and `DispatchQueue.main.async` blocks.
///
/// A simulated device is not thread-safe, and app code is tasks: this is what lets the tasks an
/// app starts reach the simulated device without a race and in the same order every run. It is
/// the technique of swift-concurrency-extras' `withMainSerialExecutor` (the runtime's
/// `swift_task_enqueueGlobal_hook`), written here for two reasons measured on Swift 6.3: its
/// scope is counted, so that two simulations running at once in one test process (Swift Testing
/// runs tests in parallel) cannot switch it off under each other, as a save-and-restore does; and
/// it counts the jobs it forwards, which tells a driver whether the app's tasks are still running.
///
/// It is process-wide while on: other code of the process that runs tasks meanwhile runs on the
/// main thread too. An exploration runs in a child process of its own (see `LocSimTesting`), so
/// there it is on for the child's whole life and nothing else shares it. Core Location has no
/// such type.
public enum SerialExecution {
    /// Runs `operation` with the serial executor on (counted: it stays on until the last of any
    /// overlapping scopes ends).
    nonisolated(nonsending)
    public static func run<R>(_ operation: () async throws -> R) async rethrows -> R {
        retain()
        defer { release() }
        // The caller continues on the main actor's executor from its next suspension on.
        await Task.yield()
        return try await operation()
    }

    /// Turns the serial executor on until ``release()``. Every call needs one ``release()``.
    public static func retain() {
        state.withLock { s in
            s.count += 1
            if s.count == 1 { hook.pointee = { job, _ in SerialExecution.forward(job) } }
        }
    }

    /// Ends one ``retain()``: the last one turns the serial executor off.
    public static func release() {
        state.withLock { s in
            precondition(s.count > 0, "LocSim: SerialExecution.release() without retain()")
            s.count -= 1
            if s.count == 0 { hook.pointee = nil }
        }
    }

    /// Whether the serial executor is on.
    public static var isOn: Bool { state.withLock { $0.count > 0 } }

    /// How many jobs it has forwarded to the main actor's executor so far, not counting those of
    /// the tasks that run ``excludingCurrentTask(_:)``: a driver compares it across a
    /// `Task.yield()` to tell whether the app's tasks are still running.
    public static var forwarded: Int { state.withLock { $0.forwarded } }

    /// Runs `operation` with the current task's own jobs left out of ``forwarded``: a driver's
    /// yields and hops are not the app's work.
    public static func excludingCurrentTask<R>(isolation: isolated (any Actor)? = #isolation,
                                               _ operation: () async throws -> R) async rethrows -> R {
        guard let task = withUnsafeCurrentTask(body: { $0.map { unsafeBitCast($0, to: UnsafeRawPointer.self) } }) else {
            return try await operation()
        }
        state.withLock { $0.excluded[task, default: 0] += 1 }
        defer {
            state.withLock { s in
                s.excluded[task]! -= 1
                if s.excluded[task] == 0 { s.excluded[task] = nil }
            }
        }
        return try await operation()
    }

    private static func forward(_ job: UnownedJob) {
        // A task's job is the task itself: its address tells a driver's own jobs apart.
        let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
        state.withLock { s in if s.excluded.isEmpty || s.excluded[address] == nil { s.forwarded &+= 1 } }
        MainActor.shared.enqueue(job)
    }

    private struct State {
        var count = 0
        var forwarded = 0
        /// The tasks whose jobs ``forwarded`` does not count, with how many scopes exclude each.
        var excluded: [UnsafeRawPointer: Int] = [:]
    }

    private static let state = Locked(State())

    private typealias Original = @convention(thin) (UnownedJob) -> Void
    private typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

    /// The runtime's hook for jobs bound for the global concurrent executor.
    nonisolated(unsafe) private static let hook: UnsafeMutablePointer<Hook?> = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
            preconditionFailure("LocSim: this Swift runtime has no swift_task_enqueueGlobal_hook, so app code's tasks cannot be run serially")
        }
        return symbol.assumingMemoryBound(to: Hook?.self)
    }()
}

/// A value behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written under `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
