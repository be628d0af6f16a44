import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The budget every source analysis runs within, so that any input either is analysed or becomes
/// a `LOC016` note, whatever its shape: a thread with a large stack, a time limit, and (for Swift)
/// limits on the size of the text handed to the parser and on the depth of the tree it builds
/// (see `SwiftSourceScanner`).
///
/// The threads are long-lived workers, each with a ``stackSize`` stack, kept in a pool and reused
/// from one analysis to the next: creating a thread with a 1 GiB stack for every file cost more
/// than the analysis of a small file (under AddressSanitizer, tens of milliseconds), which is what
/// kept the fuzz targets at a few executions a second. After each analysis the stack pages it
/// touched beyond the first ``retainedStack`` are given back to the system (Linux:
/// `madvise(MADV_DONTNEED)`), so a deep parse does not leave its memory with a waiting worker,
/// and the next analysis of an ordinary file does not fault its stack in again.
///
/// swift-syntax offers no cancellation, so a parse that overruns the time limit cannot be stopped:
/// its worker is given up (lowered to the lowest scheduling priority on Linux, never reused) and
/// the file gets a note; the worker's thread ends when the parse does, or with the process. The
/// cheap lexical refusals of `SwiftParseGuard` keep the inputs known to take exponential time from
/// ever reaching it.
enum SourceParseBudget {
    /// The stack of each worker thread: 1 GiB of address space (pages are used only as deep
    /// recursion touches them, and given back after each analysis).
    ///
    /// swift-syntax's parser and visitors recurse once per level of the tree; a debug build uses up
    /// to about 2 KB of stack per level (measured with `try try try …`), so 1 GiB holds the deepest
    /// tree ``SwiftParseBudget/maximumParsedBytes`` of text can make.
    static let stackSize = 1 << 30

    /// The stack each worker keeps between analyses: 1 MiB below its loop's frame (an ordinary
    /// file's parse and walk stay within it); what a deeper analysis touched beyond is given back.
    static let retainedStack = 1 << 20

    /// The time one file's analysis may take: 8 seconds of its thread's CPU time on Linux (a real
    /// file takes milliseconds), so that whether a file is analysed does not depend on what else
    /// the machine is doing; of wall-clock time on other systems.
    static let timeLimit: Double = 8

    /// The wall-clock time one file's analysis may take however little CPU time its thread got:
    /// 60 seconds.
    static let wallClockLimit: Double = 60

    /// The most idle workers kept for the next analysis (lint runs one analysis per core at once).
    static let maximumIdleWorkers = 8

    /// Runs `work` on a worker thread with a ``stackSize`` stack until it has used `seconds` of
    /// that thread's CPU time (Linux; of wall-clock time elsewhere) or `wallSeconds` have passed;
    /// `nil` when the work did not finish in time (it goes on, at the lowest priority, and its
    /// result is dropped).
    static func run<T: Sendable>(seconds: Double = timeLimit, wallSeconds: Double = wallClockLimit,
                                 _ work: @escaping @Sendable () -> T) -> T? {
        let box = ResultBox<T>()
        let job = Job { box.set(work()) }
        let worker = Worker.take()
        worker.start(job)
        let wallEnd = DispatchTime.now() + wallSeconds
        while true {
            // A job's time is checked every 50 ms; its end is seen at once.
            if job.done.wait(timeout: min(DispatchTime.now() + 0.05, wallEnd)) == .success {
                Worker.giveBack(worker)
                return box.value
            }
            if DispatchTime.now() >= wallEnd || job.secondsUsed >= seconds { break }
        }
        job.abandon()
        worker.abandon()
        sharedAbandoned.withLock { $0 += 1 }
        return nil
    }

    /// How many analyses have been given up in this process (for tests).
    static var abandonedCount: Int { sharedAbandoned.withLock { $0 } }

    /// How many worker threads this process has started (for tests: a worker is reused, not
    /// started for every file).
    static var workersStarted: Int { Worker.started.withLock { $0 } }

    /// One analysis handed to a worker.
    private final class Job: @unchecked Sendable {
        let body: () -> Void
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var givenUp = false
        /// Where its time is read from once its worker began it: the worker thread's CPU clock
        /// (Linux) or the wall clock, and that clock's reading then.
        private var clock: (id: clockid_t, start: Double)?

        init(_ body: @escaping () -> Void) { self.body = body }

        var isGivenUp: Bool { lock.withLock { givenUp } }
        func abandon() { lock.withLock { givenUp = true } }

        /// On the worker, as it begins the job.
        func began() {
            var id: clockid_t = CLOCK_MONOTONIC
            #if os(Linux)
            var thread = clockid_t()
            if pthread_getcpuclockid(pthread_self(), &thread) == 0 { id = thread }
            #endif
            let start = Self.read(id)
            lock.withLock { clock = (id, start) }
        }

        /// The seconds the job has used so far (0 before its worker began it).
        var secondsUsed: Double {
            guard let clock = lock.withLock({ clock }) else { return 0 }
            return Self.read(clock.id) - clock.start
        }

        private static func read(_ id: clockid_t) -> Double {
            var time = timespec()
            guard clock_gettime(id, &time) == 0 else { return 0 }
            return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
        }
    }

    /// The result of a job, set on the worker.
    private final class ResultBox<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: T?
        func set(_ value: T) { lock.withLock { result = value } }
        var value: T? { lock.withLock { result } }
    }

    /// A thread with a large stack that runs one job at a time, waiting between jobs.
    private final class Worker: @unchecked Sendable {
        private let lock = NSLock()
        private let wake = DispatchSemaphore(value: 0)
        private var job: Job?
        private var threadID: Int32 = 0
        private var givenUp = false

        /// Idle workers, most recently used last.
        private static let idle = Pool()
        /// How many workers were started.
        static let started = Counter()

        /// An idle worker, or a new one.
        static func take() -> Worker {
            if let worker = idle.pop() { return worker }
            let worker = Worker()
            started.withLock { $0 += 1 }
            let thread = Thread { worker.loop() }
            thread.stackSize = stackSize
            thread.name = "locsim-parse"
            thread.start()
            return worker
        }

        /// Puts a worker whose job ended back in the pool (or lets it end when the pool is full).
        static func giveBack(_ worker: Worker) {
            if !idle.push(worker, limit: maximumIdleWorkers) { worker.start(nil) }
        }

        /// Hands the worker its next job; `nil` ends its thread.
        func start(_ next: Job?) {
            lock.withLock { job = next }
            wake.signal()
        }

        /// The job overran: the worker ends after it, at the lowest priority meanwhile.
        func abandon() {
            let id = lock.withLock { () -> Int32 in
                givenUp = true
                return threadID
            }
            #if os(Linux)
            if id != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), 19) }
            #else
            _ = id
            #endif
        }

        private func loop() {
            #if os(Linux)
            let id = currentThreadID()
            let late = lock.withLock { () -> Bool in
                threadID = id
                return givenUp
            }
            // Given up before its thread ran: at the lowest priority from the start.
            if late { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), 19) }
            #endif
            while true {
                wake.wait()
                guard let next = lock.withLock({ () -> Job? in
                    defer { job = nil }
                    return job
                }) else { return }
                if !next.isGivenUp {
                    next.began()
                    next.body()
                }
                let over = lock.withLock { givenUp }
                next.done.signal()
                if over { return }
                Self.releaseStack()
            }
        }

        /// Gives the pages of the stack more than ``retainedStack`` below the caller's frame back
        /// to the system: what a deep recursion touched is not kept by a waiting worker.
        private static func releaseStack() {
            #if os(Linux)
            var attributes = pthread_attr_t()
            guard threadAttributes(pthread_self(), &attributes) == 0 else { return }
            defer { pthread_attr_destroy(&attributes) }
            var base: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &base, &size) == 0, let base else { return }
            var marker = 0
            let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
            let low = UInt(bitPattern: base), high = (here &- UInt(retainedStack)) & ~(page &- 1)
            guard high > low, here <= low &+ UInt(size) else { return }
            _ = madvise(base, Int(high &- low), MADV_DONTNEED)
            #endif
        }
    }

    /// The idle workers.
    private final class Pool: @unchecked Sendable {
        private let lock = NSLock()
        private var workers: [Worker] = []
        func pop() -> Worker? { lock.withLock { workers.popLast() } }
        func push(_ worker: Worker, limit: Int) -> Bool {
            lock.withLock {
                guard workers.count < limit else { return false }
                workers.append(worker)
                return true
            }
        }
    }

    /// A counter behind a lock.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func withLock<R>(_ body: (inout Int) -> R) -> R {
            lock.lock()
            defer { lock.unlock() }
            return body(&count)
        }
    }

    private static let sharedAbandoned = Counter()
}

#if os(Linux)
/// The kernel's id of the calling thread (glibc's `gettid`, which Swift's Glibc module does not
/// declare).
@_silgen_name("gettid") private func currentThreadID() -> Int32

/// glibc's `pthread_getattr_np` (declared only under `_GNU_SOURCE`, which Swift's Glibc module
/// does not define): the attributes of a running thread, its stack's bounds among them.
@_silgen_name("pthread_getattr_np") private func threadAttributes(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif
