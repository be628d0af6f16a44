import Foundation
import LocSimCoreLocation
import LocSimExplorer
import Testing

/// Runs the app-code steps of an exploration in a child process, where a crash in the app's code
/// is a finding instead of the end of the test run.
///
/// The child is the test binary itself, run again with only the running test selected (as Swift
/// Testing's exit tests run their bodies): its test body runs up to the same `ExplorationRun`
/// call, which there serves steps — each a path replayed on a fresh device — read from its
/// standard input, and writes each outcome to a pipe of its own. The search stays in the test's
/// process, which runs no app code. When app code traps, the child dies inside a step: the step's
/// outcome is the trap read from the child's standard error, and a spare child, started while
/// the last one worked, takes the next step. Calls are told apart by the running test, its test
/// case (for parameterized tests) and their order in the test case; the results of earlier calls
/// in the same test case are handed to the child, whose copies of those calls return them at once.
enum ExplorationWorker {
    /// In a child process: the call it serves.
    struct Target {
        var site: String
        var ordinal: Int
        var priorPath: String
        var stderrPath: String
        var responsePath: String
    }

    fileprivate static let environment = ProcessInfo.processInfo.environment

    /// The call this process was started to serve, if it is a child.
    static let target: Target? = {
        guard let site = environment["LOCSIM_WORKER_SITE"], let ordinal = environment["LOCSIM_WORKER_ORDINAL"].flatMap({ Int($0) }),
              let prior = environment["LOCSIM_WORKER_PRIOR"], let stderr = environment["LOCSIM_WORKER_STDERR"],
              let response = environment["LOCSIM_WORKER_RESPONSES"] else { return nil }
        return Target(site: site, ordinal: ordinal, priorPath: prior, stderrPath: stderr, responsePath: response)
    }()

    /// The running test and test case, as text the same in every run of the binary (`nil`
    /// outside a Swift Testing test).
    static var site: String? {
        Test.current.map { FlowChild.site($0, Test.Case.current) }
    }

    /// The test's ID, the `--filter` that selects it.
    static func filter(for site: String) -> String {
        NSRegularExpression.escapedPattern(for: String(site.prefix { $0 != "\n" }))
    }

    /// Sets `process` up as the test binary run again with only `site`'s test selected (as Swift
    /// Testing's exit tests are), `arguments` after that, and `environment` without a flow's
    /// variables (``FlowChild``'s: a process a child starts is not that flow's child unless it
    /// says so) and without backtraces (a trap in app code is expected there, and read from its
    /// message: a backtrace takes a second and says nothing more).
    static func rerun(_ process: Process, selecting site: String, arguments: [String] = [], environment: [String: String]) {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter(for: site)] + arguments
        var environment = environment
        for key in FlowChild.environmentKeys { environment[key] = nil }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
    }

    private struct Calls {
        var count: [String: Int] = [:]
        var results: [String: [Int: [UInt8]]] = [:]
    }

    private static let calls = Locked(Calls())

    /// The number of this call among the calls of the running test case in this process.
    static func nextOrdinal(_ site: String) -> Int {
        calls.withLock { c in
            defer { c.count[site, default: 0] += 1 }
            return c.count[site, default: 0]
        }
    }

    /// Keeps the result of call `ordinal`, to hand to the children of later calls of the same
    /// test case (whichever way it ran).
    static func record(_ bytes: [UInt8], site: String, ordinal: Int) {
        calls.withLock { $0.results[site, default: [:]][ordinal] = bytes }
    }

    /// The results of the earlier calls of `site`, by their number, as a child reads them.
    static func priorResults(of site: String) -> [UInt8] {
        var w = ByteWriter()
        let earlier = calls.withLock { $0.results[site] ?? [:] }.sorted { $0.key < $1.key }
        w.count(earlier.count)
        for (ordinal, bytes) in earlier {
            w.number(ordinal)
            w.string(Data(bytes).base64EncodedString())
        }
        return w.bytes
    }

    /// Whether this platform can run a child: the test binary can be started again.
    static var canSpawn: Bool {
        #if os(Linux)
        FileManager.default.isExecutableFile(atPath: "/proc/self/exe")
        #else
        false
        #endif
    }

    /// The child's copy of the result of `ordinal`, an earlier call of its test case.
    static func prior(_ ordinal: Int, of target: Target) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: target.priorPath) else { return nil }
        var r = ByteReader(Array(data))
        guard let n = r.count() else { return nil }
        for _ in 0..<n {
            guard let i = r.number(), let s = r.string() else { return nil }
            if i == ordinal { return Data(base64Encoded: s).map(Array.init) }
        }
        return nil
    }

    /// In a child: serves `explorer`'s steps — requests on standard input, outcomes on the pipe
    /// at `target.responsePath` — until standard input ends, then ends the process.
    nonisolated(nonsending)
    static func serve<App: ExplorationApp>(_ explorer: AppCodeExplorer<App>, for target: Target) async -> Never {
        // Never waits for a reader that is gone (the test's process ended).
        let out = open(target.responsePath, O_WRONLY | O_NONBLOCK)
        guard out >= 0, getppid() != 1 else { _exit(3) }
        _ = fcntl(out, F_SETFL, fcntl(out, F_GETFL) & ~O_NONBLOCK)
        // Hello: the parent knows this child reached the call.
        guard Frames.write(out, [UInt8(ascii: "H")], framed: false) else { _exit(3) }
        var input = Frames.Reader(fd: 0)
        await explorer.serve(stderrPath: target.stderrPath,
                             next: { input.next().flatMap(AppCodeRequest.init(decoding:)) },
                             send: { outcome in
                                 // Where standard error stands as the next step begins: the
                                 // parent reads a crash's message from there.
                                 fflush(nil)
                                 var w = ByteWriter()
                                 w.number(Int(ExecutionWatch.size(of: 2)))
                                 _ = Frames.write(out, w.bytes + outcome.encoded())
                             })
        fflush(nil)
        _exit(0)
    }

    /// Why a child could not serve an exploration.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How long a child may take over one step before it counts as hung and is killed:
    /// `LOCSIM_WORKER_STALL_SECONDS` if set, otherwise `limit`.
    static func stallLimit(_ limit: Duration) -> Duration {
        environment["LOCSIM_WORKER_STALL_SECONDS"].flatMap { Int($0) }.map { .seconds(max(1, $0)) } ?? limit
    }

    /// How long a child may take to reach the exploration call.
    static var startLimit: Duration { stallLimit(.seconds(60)) }
}

/// Length-prefixed frames over file descriptors: the pipes between an exploration and its child.
enum Frames {
    /// Writes `bytes`, after their length when `framed`; `false` when the other end is gone.
    static func write(_ fd: Int32, _ bytes: [UInt8], framed: Bool = true) -> Bool {
        var w = ByteWriter()
        if framed { w.count(bytes.count) }
        let all = w.bytes + bytes
        var at = 0
        while at < all.count {
            let n = all[at...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return false }
            at += n
        }
        return true
    }

    /// Reads frames from a blocking descriptor.
    struct Reader {
        var fd: Int32
        private var buffer: [UInt8] = []

        init(fd: Int32) { self.fd = fd }

        /// The next frame; `nil` at the end of input.
        mutating func next() -> [UInt8]? {
            while true {
                if let frame = Frames.take(&buffer) { return frame }
                var chunk = [UInt8](repeating: 0, count: 65_536)
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                buffer += chunk[0..<n]
            }
        }
    }

    /// Removes and returns the first whole frame of `buffer`, if it holds one.
    static func take(_ buffer: inout [UInt8]) -> [UInt8]? {
        guard buffer.count >= 8 else { return nil }
        var r = ByteReader(Array(buffer[0..<8]))
        guard let word = r.word(), word <= UInt64(buffer.count - 8) else { return nil }
        let n = Int(word)
        let frame = Array(buffer[8..<(8 + n)])
        buffer.removeFirst(8 + n)
        return frame
    }
}

/// Runs an exploration's steps in child processes: one serves them, a spare waits to take over
/// when app code crashes the first. Core Location has no such type.
final class ChildStepRunner: AppCodeStepRunner, @unchecked Sendable {
    // @unchecked: every mutable property is used only on `queue`, one step at a time.
    private let queue = DispatchQueue(label: "LocSim.ChildStepRunner")
    private let site: String
    private let ordinal: Int
    /// How long one step may run before its child is killed.
    private let stallLimit: Duration
    private let directory: URL
    private let keep: Bool
    private var current: Child?
    private var spare: Child?
    private var started = 0
    /// Why the exploration could not go on (a child that never reached the call); once set, every
    /// step is a crash, so the search ends, and ``ExplorationRun`` throws it.
    private(set) var failure: ExplorationWorker.Failure?
    /// How many children app code crashed.
    private(set) var crashes = 0

    init(site: String, ordinal: Int, stepTimeLimit: Duration) throws {
        self.site = site
        self.ordinal = ordinal
        stallLimit = ExplorationWorker.stallLimit(stepTimeLimit)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // LOCSIM_WORKER_KEEP=1 keeps the children's files (output, standard error) and says where.
        keep = ExplorationWorker.environment["LOCSIM_WORKER_KEEP"] == "1"
        // A child that dies while a request is written to it must not take this process along.
        signal(SIGPIPE, SIG_IGN)
        _ = FileManager.default.createFile(atPath: path("prior"), contents: Data(ExplorationWorker.priorResults(of: site)))
        _ = FileManager.default.createFile(atPath: path("stdout"), contents: nil)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func outcomes(of requests: [AppCodeRequest], until deadline: ContinuousClock.Instant) async -> [AppCodeOutcome] {
        await withCheckedContinuation { done in
            queue.async { done.resume(returning: self.run(requests, until: deadline)) }
        }
    }

    /// Ends the children (their standard input closes, they finish) and removes their files.
    func finish() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                for child in [self.current, self.spare].compactMap({ $0 }) { child.end() }
                self.current = nil
                self.spare = nil
                if self.keep {
                    FileHandle.standardError.write(Data("LocSim: the exploration's child processes left their files in \(self.directory.path)\n".utf8))
                } else {
                    try? FileManager.default.removeItem(at: self.directory)
                }
                done.resume()
            }
        }
    }

    /// How many requests a child holds at once: enough to keep it busy, few enough that a batch
    /// never fills the pipe to it while it waits to send an outcome.
    static var window: Int { 4 }

    private func run(_ requests: [AppCodeRequest], until deadline: ContinuousClock.Instant) -> [AppCodeOutcome] {
        var out: [AppCodeOutcome] = []
        var lostBetweenSteps = 0
        while out.count < requests.count {
            if let failure {
                out.append(.crash(AppTrap(key: "childFailed", message: failure.description)))
                continue
            }
            if ContinuousClock.now >= deadline { break }
            guard let child = ready() else { continue }
            // A spare starts while this child works, so a crash costs no start-up.
            if spare == nil { spare = spawn() }
            let first = out.count
            var sent = first
            func sendMore() -> Bool {
                while sent < requests.count && sent - out.count < Self.window {
                    guard child.send(requests[sent].encoded()) else { return false }
                    sent += 1
                }
                return true
            }
            guard sendMore() else {
                // Died between steps (while idle): the next child takes the requests.
                drop(child)
                lostBetweenSteps += 1
                if lostBetweenSteps >= 3 { fail(child, "the exploration's child process kept ending between steps") }
                continue
            }
            lostBetweenSteps = 0
            replies: while out.count < requests.count {
                let stall = ContinuousClock.now.advanced(by: stallLimit)
                switch child.reply(until: min(stall, deadline)) {
                case .response(let bytes):
                    guard let outcome = AppCodeOutcome(decoding: bytes) else {
                        fail(child, "the exploration's child process sent an outcome this process cannot read")
                        break replies
                    }
                    out.append(outcome)
                    guard sendMore() else { drop(child); break replies }
                    continue replies
                case .died(let stderrFrom):
                    // App code trapped inside the step.
                    crashes += 1
                    current = nil
                    out.append(.crash(AppTrap(stderr: ExecutionWatch.read(child.stderrPath, from: stderrFrom), signal: child.signal, exitCode: child.exitCode)))
                case .stalled:
                    current = nil
                    // The time budget ran out while the step ran: the search stops there.
                    if ContinuousClock.now < stall { return out }
                    crashes += 1
                    out.append(.crash(AppTrap.stepNeverEnded(after: stallLimit)))
                }
                break replies
            }
            // Requests sent that will not be asked for (the deadline passed): end that child.
            if let child = current, sent > out.count { drop(child) }
        }
        return out
    }

    /// A child whose outcomes are no longer wanted, or that died between steps: the next takes over.
    private func drop(_ child: Child) {
        child.kill()
        if current === child { current = nil }
    }

    /// The child that takes the next step, started (or the spare promoted) if need be; `nil`
    /// when no child could reach the call (``failure`` says why).
    private func ready() -> Child? {
        if let current { return current }
        let child = spare ?? spawn()
        spare = nil
        guard let child else { return nil }
        guard child.waitForHello(stall: ExplorationWorker.startLimit) else {
            fail(child, "the exploration's child process (the test binary, run again with only this test) ended (\(child.status)) before it reached this exploration")
            return nil
        }
        current = child
        return child
    }

    private func fail(_ child: Child, _ why: String) {
        child.end()
        let tail = { (path: String) -> String in
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: true).suffix(12).joined(separator: "\n")
        }
        failure = ExplorationWorker.Failure(description: """
            \(why); its output ends:
            \(tail(path("stdout")))
            \(tail(child.stderrPath))
            Run the exploration in the test's own process with `isolation: .inProcess` (a crash in app code then ends the run).
            """)
        if current === child { current = nil }
        for other in [current, spare].compactMap({ $0 }) { other.end() }
        current = nil
        spare = nil
    }

    /// Starts a child; `nil` (and ``failure`` set) when the process cannot start.
    private func spawn() -> Child? {
        started += 1
        do {
            return try Child(site: site, ordinal: ordinal, prior: path("prior"), stdout: path("stdout"),
                             stderr: path("stderr-\(started)"), fifo: path("responses-\(started)"))
        } catch {
            failure = ExplorationWorker.Failure(description: "the exploration could not start its child process: \(error)")
            return nil
        }
    }
}

/// One child process and its pipes.
private final class Child {
    let process = Process()
    let stderrPath: String
    private let input = Pipe()
    private let responses: Int32
    private var buffer: [UInt8] = []
    /// Where standard error stood when the step being waited for began (about: the child goes on
    /// to the next step as soon as it has sent an outcome).
    private var stepStart: Int64 = 0

    /// What became of a request.
    enum Reply {
        case response([UInt8])
        /// The child died before it answered; its standard error from `stderrFrom` on says why.
        case died(stderrFrom: Int64)
        /// It took longer than the stall limit, and was killed.
        case stalled
    }

    init(site: String, ordinal: Int, prior: String, stdout: String, stderr: String, fifo: String) throws {
        stderrPath = stderr
        guard mkfifo(fifo, 0o600) == 0 else { throw ExplorationWorker.Failure(description: "mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        // Open before the child: its open for writing then finds a reader and does not block.
        responses = open(fifo, O_RDONLY | O_NONBLOCK)
        guard responses >= 0 else { throw ExplorationWorker.Failure(description: "open \(fifo): \(String(cString: strerror(errno)))") }
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        var env = ExplorationWorker.environment
        env["LOCSIM_WORKER_SITE"] = site
        env["LOCSIM_WORKER_ORDINAL"] = String(ordinal)
        env["LOCSIM_WORKER_PRIOR"] = prior
        env["LOCSIM_WORKER_STDERR"] = stderr
        env["LOCSIM_WORKER_RESPONSES"] = fifo
        // States are matched by hash across children.
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        ExplorationWorker.rerun(process, selecting: site, environment: env)
        process.standardInput = input
        let out = open(stdout, O_WRONLY | O_APPEND), err = open(stderr, O_WRONLY | O_APPEND)
        defer { close(out); close(err) }
        process.standardOutput = FileHandle(fileDescriptor: out, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: err, closeOnDealloc: false)
        try process.run()   // on failure `deinit` closes `responses`
    }

    deinit { close(responses) }

    var signal: Int32? { !process.isRunning && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil }
    var exitCode: Int32? { !process.isRunning && process.terminationReason == .exit ? process.terminationStatus : nil }
    var status: String { signal.map { "signal \($0)" } ?? exitCode.map { "exit status \($0)" } ?? "running" }

    /// Waits for the child to reach the exploration call; `false` if it died or stalled first.
    func waitForHello(stall: Duration) -> Bool {
        while buffer.isEmpty {
            guard fill(until: ContinuousClock.now.advanced(by: stall)) else { return false }
        }
        buffer.removeFirst()
        return true
    }

    /// Sends a request, which the child runs after those sent before; `false` when it is gone.
    func send(_ request: [UInt8]) -> Bool {
        Frames.write(input.fileHandleForWriting.fileDescriptor, request)
    }

    /// Waits, until `deadline`, for the outcome of the oldest request not yet answered.
    func reply(until deadline: ContinuousClock.Instant) -> Reply {
        while true {
            if let frame = Frames.take(&buffer) {
                // The child's standard error offset as the next step began, then the outcome.
                var r = ByteReader(Array(frame.prefix(8)))
                stepStart = Int64(r.number() ?? Int(stepStart))
                return .response(Array(frame.dropFirst(8)))
            }
            guard fill(until: deadline) else { return process.isRunning ? killed() : died(stepStart) }
        }
    }

    private func died(_ stderrFrom: Int64) -> Reply {
        process.waitUntilExit()
        return .died(stderrFrom: stderrFrom)
    }

    private func killed() -> Reply {
        kill()
        return .stalled
    }

    /// Ends the child at once.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Reads what the child has written; `false` when it ended (or, still running, passed `deadline`).
    private func fill(until deadline: ContinuousClock.Instant) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(responses, $0.baseAddress, $0.count) }
            if n > 0 { buffer += chunk[0..<n]; return true }
            if n == 0 {
                // No writer: the child has not opened the pipe yet, or it has ended.
                if !process.isRunning { return false }
            } else if errno != EAGAIN && errno != EINTR {
                return false
            }
            if ContinuousClock.now >= deadline { return false }
            var pfd = pollfd(fd: responses, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 20) == 0 && !process.isRunning { continue }
            if pfd.revents & Int16(POLLHUP) != 0 && pfd.revents & Int16(POLLIN) == 0 { usleep(2_000) }
        }
    }

    /// Closes the child's standard input, so it ends; kills it if it does not within a second.
    func end() {
        try? input.fileHandleForWriting.close()
        let deadline = ContinuousClock.now.advanced(by: .seconds(1))
        while process.isRunning && ContinuousClock.now < deadline { usleep(2_000) }
        if process.isRunning { kill() }
    }
}
