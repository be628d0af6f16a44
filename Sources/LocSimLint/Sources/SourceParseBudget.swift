import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The budget every source analysis runs within, so that any input either is analysed or becomes
/// a `LOC016` note, whatever its shape: a thread of its own with a large stack, a time limit, and
/// (for Swift) limits on the size of the text handed to the parser and on the depth of the tree it
/// builds (see `SwiftSourceScanner`).
///
/// swift-syntax offers no cancellation, so a parse that overruns the time limit cannot be stopped:
/// its thread is given up (lowered to the lowest scheduling priority on Linux) and the file gets a
/// note; the thread ends when the parse does, or with the process. The cheap lexical refusals of
/// `SwiftParseGuard` keep the inputs known to take exponential time from ever reaching it.
enum SourceParseBudget {
    /// The stack of the thread an analysis runs on: 1 GiB of address space (pages are used only
    /// as deep recursion touches them).
    ///
    /// swift-syntax's parser and visitors recurse once per level of the tree; a debug build uses up
    /// to about 2 KB of stack per level (measured with `try try try …`), so 1 GiB holds the deepest
    /// tree ``SwiftParseBudget/maximumParsedBytes`` of text can make.
    static let stackSize = 1 << 30

    /// The time one file's analysis may take: 8 seconds (a real file takes milliseconds).
    static let timeLimit: Double = 8

    /// Runs `work` on a thread with a ``stackSize`` stack and waits at most `seconds`; `nil` when
    /// the work did not finish in time (it goes on, at the lowest priority, and its result is
    /// dropped).
    static func run<T: Sendable>(seconds: Double = timeLimit, _ work: @escaping @Sendable () -> T) -> T? {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.setThread()
            let value = work()
            box.set(value)
            done.signal()
        }
        thread.stackSize = stackSize
        thread.name = "locsim-parse"
        thread.start()
        if done.wait(timeout: .now() + seconds) == .success { return box.value }
        box.abandon()
        return nil
    }

    /// How many analyses have been given up in this process (for tests).
    static var abandonedCount: Int { sharedAbandoned.withLock { $0 } }

    private final class Box<T: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var result: T?
        private var threadID: Int32 = 0
        private var givenUp = false

        func setThread() {
            #if os(Linux)
            let id = currentThreadID()
            lock.lock()
            threadID = id
            let lower = givenUp
            lock.unlock()
            if lower { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), 19) }
            #endif
        }

        func set(_ value: T) {
            lock.lock()
            if !givenUp { result = value }
            lock.unlock()
        }

        var value: T? {
            lock.lock()
            defer { lock.unlock() }
            return result
        }

        func abandon() {
            lock.lock()
            givenUp = true
            let id = threadID
            lock.unlock()
            sharedAbandoned.withLock { $0 += 1 }
            #if os(Linux)
            if id != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(id), 19) }
            #endif
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
#endif
