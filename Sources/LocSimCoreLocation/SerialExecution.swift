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
/// It takes only app code's jobs (tasks started where a simulated app is attached), so other
/// tests of the same process keep the global executor; an exploration's child process, which runs
/// nothing else, has it take every job. Core Location has no such type.
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
    ///
    /// It takes the jobs of simulated app code only: tasks started where a simulated app is
    /// attached (they carry the task-local environment), and every later job of those tasks.
    /// Other tasks of the process — another test's server, say — keep the global executor: sent
    /// to one thread with app code, one that waits on a lock another holds would stop both. With
    /// `everything`, for a process that runs nothing but app code (an exploration's child), it
    /// takes every job.
    public static func retain(everything: Bool = false) {
        _ = markMainQueue
        state.withLock { s in
            s.count += 1
            if everything { s.everything += 1 }
            if s.count == 1 { hook.pointee = { job, original in SerialExecution.forward(job, original) } }
        }
    }

    /// Ends one ``retain(everything:)``: the last one turns the serial executor off.
    public static func release(everything: Bool = false) {
        state.withLock { s in
            precondition(s.count > 0, "LocSim: SerialExecution.release() without retain()")
            s.count -= 1
            if everything { s.everything -= 1 }
            if s.count == 0 {
                hook.pointee = nil
                s.tasks = []
                s.others = []
            }
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

    private static func forward(_ job: UnownedJob, _ original: Original) {
        // A task's job is the task itself: its address tells a task's jobs apart while it lives;
        // with its ID, from the jobs of a later task the allocator puts at the same address.
        let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let task = TaskIdentity(address: address, id: jobTaskID(address))
        let taken = state.withLock { s -> Bool in
            if s.everything == 0 {
                guard s.tasks.contains(task) || isAppCode(task, others: &s.others) else { return false }
                s.tasks.insert(task)
            }
            if s.excluded.isEmpty || s.excluded[address] == nil { s.forwarded &+= 1 }
            return true
        }
        if taken { MainActor.shared.enqueue(job) } else { original(job) }
    }

    /// Whether a job not seen before, of `task`, is app code's; a task started or
    /// resumed by other code is noted in `others`.
    private static func isAppCode(_ task: TaskIdentity, others: inout Set<TaskIdentity>) -> Bool {
        // A job enqueued from simulated app code (a new task it starts, a task it resumes) is app
        // code's: the task-local environment says so.
        if SimulationEnvironment.installed != nil {
            others.remove(task)
            return true
        }
        guard withUnsafeCurrentTask(body: { $0 == nil }) else {
            // Started or resumed by a task that is not app code's: another's.
            others.insert(task)
            return false
        }
        // A task leaving the main actor (a main-actor `Task {}` of app code calling a nonisolated
        // async function) is enqueued after the runtime cleared the current task, so its
        // environment cannot be read: on the main queue, it is app code's unless it was seen
        // before as another's (a test runner's task, started elsewhere). The main queue, not the
        // main thread: after `dispatchMain()`, as an async `main` and Swift Testing's runner call
        // it on Linux, another thread serves the queue.
        return DispatchQueue.getSpecific(key: mainQueueKey) != nil && !others.contains(task)
    }

    /// Marks the main queue, so that ``forward(_:_:)`` can tell it from other queues on any thread.
    private static let mainQueueKey = DispatchSpecificKey<Bool>()
    private static let markMainQueue: Void = DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)

    private struct State {
        var count = 0
        var forwarded = 0
        /// The tasks whose jobs ``forwarded`` does not count, with how many scopes exclude each.
        var excluded: [UnsafeRawPointer: Int] = [:]
        /// Scopes that take every job of the process.
        var everything = 0
        /// The tasks of app code seen so far (a task's later jobs are taken too).
        var tasks: Set<TaskIdentity> = []
        /// The tasks seen started or resumed by other code (they keep the global executor).
        var others: Set<TaskIdentity> = []
    }

    /// A task, told apart from every other task of the process: its address alone is not, as a
    /// task that ended leaves its address to the next task allocated (a test runner's task there
    /// would be taken for app code's and run on the main actor's executor, or app code's for
    /// another's and run off it).
    private struct TaskIdentity: Hashable {
        var address: UnsafeRawPointer
        var id: UInt64
    }

    private static let state = Locked(State())

    /// The ID of the task whose job is at `job` (the runtime's `swift_task_getJobTaskId`, from
    /// Swift 5.9's runtime on; 0 on an older one, where a task is told apart by its address alone).
    private static func jobTaskID(_ job: UnsafeRawPointer) -> UInt64 {
        jobTaskIDFunction.map { $0(job) } ?? 0
    }

    /// The runtime declares it with Swift's calling convention; for one pointer argument and a
    /// 64-bit result that is C's on every platform Swift runs on.
    private static let jobTaskIDFunction: (@convention(c) (UnsafeRawPointer) -> UInt64)? = {
        dlsym(dlopen(nil, RTLD_NOW), "swift_task_getJobTaskId").map {
            unsafeBitCast($0, to: (@convention(c) (UnsafeRawPointer) -> UInt64).self)
        }
    }()

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
package final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only read or written under `lock`.
    private var value: Value
    private let lock = NSLock()

    package init(_ value: Value) { self.value = value }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
