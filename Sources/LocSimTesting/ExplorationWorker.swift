import Foundation
import LocSimExplorer
import Testing

/// Runs an exploration of app code in a child process, where a crash in the app's code is a
/// finding instead of the end of the test run.
///
/// The child is the test binary itself, run again with only the running test selected (as Swift
/// Testing's exit tests run their bodies): its test body runs up to the same `ExplorationRun`
/// call, which there explores, logging every step, writes what it found to a file, and ends the
/// process. When app code traps, the child dies inside a step: this process reads the trap from
/// the child's standard error, logs the step as a crash, and starts another child, which replays
/// the log (no app code runs for the steps logged) and carries on. The test in the parent goes
/// on with the result. Calls are told apart by the running test, its test case (for
/// parameterized tests) and their order in the test case; the results of earlier calls in the
/// same test case are handed to the child, whose copies of those calls return them at once.
enum ExplorationWorker {
    /// In a worker process: the call it runs.
    struct Target {
        var site: String
        var ordinal: Int
        var resultPath: String
        var priorPath: String
        var stderrPath: String
        var logPath: String
        var budget: Duration
    }

    private static let environment = ProcessInfo.processInfo.environment

    /// The call this process was started to run, if it is a worker.
    static let target: Target? = {
        guard let site = environment["LOCSIM_WORKER_SITE"], let ordinal = environment["LOCSIM_WORKER_ORDINAL"].flatMap({ Int($0) }),
              let result = environment["LOCSIM_WORKER_RESULT"], let prior = environment["LOCSIM_WORKER_PRIOR"],
              let stderr = environment["LOCSIM_WORKER_STDERR"], let log = environment["LOCSIM_WORKER_LOG"],
              let budget = environment["LOCSIM_WORKER_BUDGET_MS"].flatMap({ Int64($0) }) else { return nil }
        return Target(site: site, ordinal: ordinal, resultPath: result, priorPath: prior, stderrPath: stderr, logPath: log,
                      budget: .milliseconds(budget))
    }()

    /// The running test and test case, as text the same in every run of the binary (`nil`
    /// outside a Swift Testing test).
    static var site: String? {
        guard let test = Test.current else { return nil }
        var text = test.id.description
        if let testCase = Test.Case.current {
            // The case's description names its arguments; addresses differ from run to run.
            let described = String(describing: testCase)
            text += "\n" + described.replacingOccurrences(of: #"(0x|\$)[0-9a-fA-F]{6,}"#, with: "", options: .regularExpression)
        }
        return text
    }

    /// The test's ID, the `--filter` that selects it.
    static func filter(for site: String) -> String {
        NSRegularExpression.escapedPattern(for: String(site.prefix { $0 != "\n" }))
    }

    private struct Calls {
        var count: [String: Int] = [:]
        var results: [String: [[UInt8]]] = [:]
    }

    private static let calls = Guarded(Calls())

    /// The number of this call among the calls of the running test case in this process.
    static func nextOrdinal(_ site: String) -> Int {
        calls.withLock { c in
            defer { c.count[site, default: 0] += 1 }
            return c.count[site, default: 0]
        }
    }

    /// Keeps a call's result, to hand to the worker of a later call of the same test case.
    static func record(_ bytes: [UInt8], site: String) {
        calls.withLock { $0.results[site, default: []].append(bytes) }
    }

    /// Whether this platform can run a worker: the test binary can be started again.
    static var canSpawn: Bool {
        #if os(Linux)
        FileManager.default.isExecutableFile(atPath: "/proc/self/exe")
        #else
        false
        #endif
    }

    /// The worker's result for `ordinal`, an earlier call of its test case.
    static func prior(_ ordinal: Int, of target: Target) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: target.priorPath) else { return nil }
        var r = ByteReader(Array(data))
        guard let n = r.count(), ordinal < n else { return nil }
        var bytes: [UInt8]?
        for i in 0..<n {
            guard let s = r.string() else { return nil }
            if i == ordinal { bytes = Array(s.utf8) }
        }
        return bytes.flatMap { Data(base64Encoded: Data($0)).map(Array.init) }
    }

    /// Why a worker could not give a result.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How many times one exploration's child may crash before it gives up: a bound, not a loop.
    static var maximumCrashes: Int { 10_000 }

    /// Starts the test binary again with only the running test — again after every crash — waits
    /// for it and returns what its copy of call `ordinal` found.
    static func run(site: String, ordinal: Int, budget: Duration) async throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // LOCSIM_WORKER_KEEP=1 keeps the child's files (its output, standard error, log, result)
        // and says where, for a look at what the child did.
        let keep = environment["LOCSIM_WORKER_KEEP"] == "1"
        defer {
            if keep {
                FileHandle.standardError.write(Data("LocSim: the exploration's child process left its files in \(directory.path)\n".utf8))
            } else {
                try? FileManager.default.removeItem(at: directory)
            }
        }
        let paths = (result: directory.appendingPathComponent("result").path, prior: directory.appendingPathComponent("prior").path,
                     stdout: directory.appendingPathComponent("stdout").path, stderr: directory.appendingPathComponent("stderr").path,
                     log: directory.appendingPathComponent("log").path)
        var w = ByteWriter()
        let earlier = calls.withLock { $0.results[site] ?? [] }
        w.count(earlier.count)
        for bytes in earlier { w.string(Data(bytes).base64EncodedString()) }
        FileManager.default.createFile(atPath: paths.prior, contents: Data(w.bytes))
        for path in [paths.stdout, paths.stderr, paths.log] { FileManager.default.createFile(atPath: path, contents: nil) }

        let deadline = ContinuousClock.now.advanced(by: budget)
        var crashes = 0
        var lastEnd = ""
        while true {
            let stepsBefore = ExplorationLog.completedSteps(in: paths.log)
            let remaining = max(.zero, ContinuousClock.now.duration(to: deadline))
            let status = try await spawn(site: site, ordinal: ordinal, paths: paths, remaining: remaining)
            if let data = FileManager.default.contents(atPath: paths.result) { return Array(data) }
            lastEnd = status.description
            if let (_, offset) = ExplorationLog.unfinishedStep(in: paths.log) {
                // App code trapped inside a step: log the crash and carry on in a new child.
                let trap = AppTrap(stderr: ExecutionWatch.read(paths.stderr, from: offset), signal: status.signal, exitCode: status.exitCode)
                ExplorationLog.appendCrash(trap, to: paths.log)
                crashes += 1
                guard crashes < maximumCrashes else { break }
                continue
            }
            // Died between steps (while a path's tasks were ended): carry on if it got further.
            if ExplorationLog.completedSteps(in: paths.log) > stepsBefore { continue }
            break
        }
        let tail = { (path: String) -> String in
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(12).joined(separator: "\n")
        }
        throw Failure(description: """
            the exploration's child process (the test binary, run again with only this test) ended (\(lastEnd)) \
            without a result\(crashes >= maximumCrashes ? " after \(crashes) crashes" : ""); its output ends:
            \(tail(paths.stdout))
            \(tail(paths.stderr))
            Run the exploration in the test's own process with `isolation: .inProcess` (a crash in app code then ends the run).
            """)
    }

    /// How a child ended.
    struct Status: CustomStringConvertible {
        var signal: Int32?
        var exitCode: Int32?
        var description: String { signal.map { "signal \($0)" } ?? "exit status \(exitCode ?? 0)" }
    }

    /// Runs one child and waits for it.
    private static func spawn(site: String, ordinal: Int, paths: (result: String, prior: String, stdout: String, stderr: String, log: String),
                              remaining: Duration) async throws -> Status {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--no-parallel", "--filter", filter(for: site)]
        var env = environment
        env["LOCSIM_WORKER_SITE"] = site
        env["LOCSIM_WORKER_ORDINAL"] = String(ordinal)
        env["LOCSIM_WORKER_RESULT"] = paths.result
        env["LOCSIM_WORKER_PRIOR"] = paths.prior
        env["LOCSIM_WORKER_STDERR"] = paths.stderr
        env["LOCSIM_WORKER_LOG"] = paths.log
        env["LOCSIM_WORKER_BUDGET_MS"] = String(remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
        // States are matched by hash across the children of one exploration.
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // A trap in app code is expected there: no backtrace (it takes a second and says nothing
        // the finding does not).
        env["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        let out = open(paths.stdout, O_WRONLY | O_APPEND), err = open(paths.stderr, O_WRONLY | O_APPEND)
        defer { close(out); close(err) }
        process.standardOutput = FileHandle(fileDescriptor: out, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: err, closeOnDealloc: false)
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            process.terminationHandler = { _ in done.resume() }
            do { try process.run() } catch { done.resume(throwing: error) }
        }
        return process.terminationReason == .uncaughtSignal ? Status(signal: process.terminationStatus) : Status(exitCode: process.terminationStatus)
    }
}

/// A value behind a lock.
final class Guarded<Value>: @unchecked Sendable {
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
