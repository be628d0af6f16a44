import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Length-prefixed frames over file descriptors: the pipes between an exploration and its child.
/// Core Location has no such type.
package enum Frames {
    /// Writes `bytes`, after their length when `framed`; `false` when the other end is gone.
    package static func write(_ fd: Int32, _ bytes: [UInt8], framed: Bool = true) -> Bool {
        var w = ByteWriter()
        if framed { w.count(bytes.count) }
        return writeAll(fd, w.bytes + bytes)
    }

    /// Writes `all` as it is (a frame already holding its length); `false` when the other end is gone.
    package static func writeAll(_ fd: Int32, _ all: [UInt8]) -> Bool {
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
    package struct Reader {
        package var fd: Int32
        private var buffer: [UInt8] = []
        private var chunk = [UInt8](repeating: 0, count: 65_536)

        package init(fd: Int32) { self.fd = fd }

        /// The next frame; `nil` at the end of input.
        package mutating func next() -> [UInt8]? {
            while true {
                if let frame = Frames.take(&buffer) { return frame }
                let fd = fd
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return nil }
                buffer += chunk[0..<n]
            }
        }
    }

    /// Removes and returns the first whole frame of `buffer`, if it holds one.
    package static func take(_ buffer: inout [UInt8]) -> [UInt8]? {
        guard buffer.count >= 8 else { return nil }
        var r = ByteReader(Array(buffer[0..<8]))
        guard let word = r.word(), word <= UInt64(buffer.count - 8) else { return nil }
        let n = Int(word)
        let frame = Array(buffer[8..<(8 + n)])
        buffer.removeFirst(8 + n)
        return frame
    }
}

/// Runs an exploration's searches in child processes, one platform at a time: a child runs the
/// search and the app's code, and sends each outcome as it comes; after a crash in app code
/// another carries on from those outcomes, with a spare started while it works. Each child is this process's
/// executable run again (the test binary with only the running test selected, or `locsim`
/// itself for its benchmark), as `launch` sets it up; the child's side is
/// ``serveAndExit(_:)``. Core Location has no such type.
package final class ChildSearchRunner: AppCodeSearchRunner, @unchecked Sendable {
    // @unchecked: every mutable property is used by one call at a time (``explore(platform:budget:)``
    // and ``finish()`` are awaited one after another), each on a thread of its own.

    /// Runs `work` on a thread of its own and awaits its result: it waits on the child for as
    /// long as the platform's search takes, which would hold a thread of Dispatch's global pool
    /// (two on two cores) or of Swift's cooperative pool from everything else in the process.
    private static func onThread<T>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (done: CheckedContinuation<UncheckedBox<T>, Never>) in
            let thread = Thread { done.resume(returning: UncheckedBox(work())) }
            thread.name = "LocSim.ChildSearchRunner"
            thread.start()
        }.value
    }
    /// Sets a child's process up: its executable, arguments and environment (given the
    /// environment the child needs, and the directory of this runner's files).
    package typealias Launch = @Sendable (_ process: Process, _ environment: [String: String], _ directory: URL) -> Void
    private let launch: Launch
    /// How long one step may run before its child is killed.
    private let stallLimit: Duration
    private let directory: URL
    private let keep: Bool
    private var current: Child?
    private var spare: Child?
    private var started = 0
    /// Why the exploration could not go on (a child that never reached the call); once set, every
    /// step is a crash, so the search ends, and the caller reports it.
    package private(set) var failure: Failure?
    /// How many children app code crashed.
    package private(set) var crashes = 0

    /// Why a child could not serve an exploration.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// This process's environment, as a child inherits it.
    package static let environment = ProcessInfo.processInfo.environment

    /// A runner whose children `launch` sets up; `files` are written to its directory first (by
    /// name), for the children to read. Children start when the first steps come.
    package init(stepTimeLimit: Duration, files: [String: [UInt8]] = [:], launch: @escaping Launch) throws {
        self.launch = launch
        stallLimit = Self.stallLimit(stepTimeLimit)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-worker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // LOCSIM_WORKER_KEEP=1 keeps the children's files (output, standard error) and says where.
        keep = Self.environment["LOCSIM_WORKER_KEEP"] == "1"
        // A child that dies while a request is written to it must not take this process along.
        signal(SIGPIPE, SIG_IGN)
        for (name, bytes) in files.sorted(by: { $0.key < $1.key }) {
            _ = FileManager.default.createFile(atPath: path(name), contents: Data(bytes))
        }
        _ = FileManager.default.createFile(atPath: path("stdout"), contents: nil)
    }

    /// How many child processes an exploration of `platforms` platforms runs at once, each
    /// exploring its share of them: one per processor, `LOCSIM_EXPLORATION_PROCESSES` if set.
    package static func processes(for platforms: Int) -> Int {
        let wanted = environment["LOCSIM_EXPLORATION_PROCESSES"].flatMap { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
        return max(1, min(platforms, wanted))
    }

    /// How long a child may take over one step before it counts as hung and is killed:
    /// `LOCSIM_WORKER_STALL_SECONDS` if set, otherwise `limit`.
    package static func stallLimit(_ limit: Duration) -> Duration {
        environment["LOCSIM_WORKER_STALL_SECONDS"].flatMap { Int($0) }.map { .seconds(max(1, $0)) } ?? limit
    }

    /// How long a child may take to reach the exploration call.
    static var startLimit: Duration { stallLimit(.seconds(60)) }

    /// The child's side: serves `explorer`'s steps — requests on standard input, outcomes on the
    /// pipe the runner named in the environment — until standard input ends, then ends the
    /// process. `nil` at once when this process is no runner's child.
    nonisolated(nonsending)
    package static func serveAndExit<App: ExplorationApp>(_ explorer: AppCodeExplorer<App>) async {
        guard let responses = environment["LOCSIM_WORKER_RESPONSES"], let stderr = environment["LOCSIM_WORKER_STDERR"],
              let logPath = environment["LOCSIM_WORKER_LOG"] else { return }
        // Outcomes go to a file the parent reads only when this process dies: no wake-up each.
        let log = open(logPath, O_WRONLY | O_APPEND)
        guard log >= 0 else { _exit(3) }
        // Never waits for a reader that is gone (the exploring process ended).
        let out = open(responses, O_WRONLY | O_NONBLOCK)
        guard out >= 0, getppid() != 1 else { _exit(3) }
        _ = fcntl(out, F_SETFL, fcntl(out, F_GETFL) & ~O_NONBLOCK)
        // Hello: the parent knows this child reached the call.
        guard Frames.write(out, [UInt8(ascii: "H")], framed: false) else { _exit(3) }
        var input = Frames.Reader(fd: 0)
        // One buffer for every frame sent: an outcome is written after each step.
        var frame = ByteWriter()
        await explorer.serve(stderrPath: stderr,
                             next: { input.next().flatMap(AppCodeJob.init(decoding:)) },
                             send: { reply in
                                 // Where standard error stands as the next step begins: the
                                 // parent reads a crash's message from there.
                                 fflush(nil)
                                 frame.removeAll()
                                 frame.count(0)
                                 frame.number(Int(ExecutionWatch.size(of: 2)))
                                 reply.encode(into: &frame)
                                 frame.overwriteWord(at: 0, with: UInt64(frame.bytes.count - 8))
                                 // An outcome in one write: a process that dies leaves whole frames.
                                 if case .outcome = reply { _ = Frames.writeAll(log, frame.bytes) } else { _ = Frames.writeAll(out, frame.bytes) }
                             })
        fflush(nil)
        _exit(0)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    package func explore(platform: Int, budget: Duration) async -> AppCodeLaneReply {
        let deadline = ContinuousClock.now.advanced(by: budget)
        return await Self.onThread { self.run(platform: platform, until: deadline) }
    }

    /// Ends the children (their standard input closes, they finish) and removes their files.
    package func finish() async {
        await Self.onThread {
            for child in [self.current, self.spare].compactMap({ $0 }) { child.end() }
            self.current = nil
            self.spare = nil
            if self.keep {
                FileHandle.standardError.write(Data("LocSim: the exploration's child processes left their files in \(self.directory.path)\n".utf8))
            } else {
                try? FileManager.default.removeItem(at: self.directory)
            }
        }
    }

    /// Runs the search of `platform` in children until one sends its result: after a crash (or
    /// a step that never ends), the next child carries on from the outcomes the last one sent,
    /// with the crash as the outcome of the step it was taking. The outcomes so far when the
    /// deadline passes, or no child could serve.
    private func run(platform: Int, until deadline: ContinuousClock.Instant) -> AppCodeLaneReply {
        // The outcomes so far, as the children sent them (and the crashes, as this process saw them).
        var outcomes: [[UInt8]] = []
        var lostBetweenSteps = 0
        func decoded() -> AppCodeLaneReply { .outcomes(outcomes.compactMap(AppCodeOutcome.init(decoding:))) }
        while true {
            if failure != nil || ContinuousClock.now >= deadline { return decoded() }
            guard let child = ready(until: deadline) else { return decoded() }
            // After a crash, a spare starts while this child works, so the next crash costs no
            // start-up (before one, a spare would only take a processor from the children).
            if spare == nil && crashes > 0 { spare = spawn() }
            let budget = ContinuousClock.now.duration(to: deadline)
            child.clearLog()
            guard child.send(AppCodeJob.encoded(platform: platform, budget: budget, outcomes: outcomes)) else {
                // Died between searches (while idle): the next child takes the job.
                drop(child)
                lostBetweenSteps += 1
                if lostBetweenSteps >= 3 { fail(child, "the exploration's child process kept ending between steps") }
                continue
            }
            lostBetweenSteps = 0
            switch child.reply(stallLimit: stallLimit, deadline: deadline) {
            case .response(let bytes):
                guard case .result(let result)? = AppCodeJob.Reply(decoding: bytes) else {
                    fail(child, "the exploration's child process sent a reply this process cannot read")
                    return decoded()
                }
                return .result(result)
            case .died(let logged, let stderrFrom):
                // App code trapped inside the step after the last it logged.
                crashes += 1
                current = nil
                outcomes += logged
                let trap = AppTrap(stderr: ExecutionWatch.read(child.stderrPath, from: stderrFrom), signal: child.signal, exitCode: child.exitCode)
                outcomes.append(AppCodeOutcome.crash(trap).encoded())
            case .stalled(let logged, let pastDeadline):
                current = nil
                outcomes += logged
                // The time budget ran out while the step ran: the search stops there.
                if pastDeadline { return decoded() }
                crashes += 1
                outcomes.append(AppCodeOutcome.crash(AppTrap.stepNeverEnded(after: stallLimit)).encoded())
            }
        }
    }

    /// A child whose outcomes are no longer wanted, or that died between steps: the next takes over.
    private func drop(_ child: Child) {
        child.kill()
        if current === child { current = nil }
    }

    /// The child that takes the next step, started (or the spare promoted) if need be; `nil`
    /// when no child could reach the call (``failure`` says why).
    private func ready(until deadline: ContinuousClock.Instant) -> Child? {
        if let current { return current }
        let child = spare ?? spawn()
        spare = nil
        guard let child else { return nil }
        let start = ContinuousClock.now.advanced(by: Self.startLimit)
        guard child.waitForHello(until: min(start, deadline)) else {
            if ContinuousClock.now >= deadline && ContinuousClock.now < start && child.process.isRunning {
                // The time budget ran out first: no failure, the search stops.
                child.kill()
                return nil
            }
            fail(child, "the exploration's child process (this executable run again: for a test, the test binary with only this test) ended (\(child.status)) before it reached this exploration")
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
        failure = Failure(description: """
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
            return try Child(launch: launch, directory: directory, stdout: path("stdout"),
                             stderr: path("stderr-\(started)"), fifo: path("responses-\(started)"), log: path("outcomes-\(started)"))
        } catch {
            failure = Failure(description: "the exploration could not start its child process: \(error)")
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
    /// The file the child appends each outcome to (frames, each after the child's standard
    /// error offset as the next step began), read when it dies or stalls.
    private let log: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// Where standard error stood after the child's last reply: where a crash's message begins
    /// when no outcome was logged since.
    private var replied: Int64 = 0

    /// What came of the child's job.
    enum Reply {
        case response([UInt8])
        /// The child died; the outcomes it logged first, and its standard error from `stderrFrom`
        /// on says why.
        case died(logged: [[UInt8]], stderrFrom: Int64)
        /// It logged no outcome for the stall limit (or the deadline passed), and was killed.
        case stalled(logged: [[UInt8]], pastDeadline: Bool)
    }

    init(launch: ChildSearchRunner.Launch, directory: URL, stdout: String, stderr: String, fifo: String, log logPath: String) throws {
        stderrPath = stderr
        guard mkfifo(fifo, 0o600) == 0 else { throw ChildSearchRunner.Failure(description: "mkfifo \(fifo): \(String(cString: strerror(errno)))") }
        // Open before the child: its open for writing then finds a reader and does not block.
        responses = open(fifo, O_RDONLY | O_NONBLOCK)
        guard responses >= 0 else { throw ChildSearchRunner.Failure(description: "open \(fifo): \(String(cString: strerror(errno)))") }
        log = open(logPath, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        guard log >= 0 else {
            close(responses)
            throw ChildSearchRunner.Failure(description: "open \(logPath): \(String(cString: strerror(errno)))")
        }
        _ = FileManager.default.createFile(atPath: stderr, contents: nil)
        var env = ChildSearchRunner.environment
        env["LOCSIM_WORKER_STDERR"] = stderr
        env["LOCSIM_WORKER_RESPONSES"] = fifo
        env["LOCSIM_WORKER_LOG"] = logPath
        // States are matched by hash across children.
        env["SWIFT_DETERMINISTIC_HASHING"] = "1"
        launch(process, env, directory)
        process.standardInput = input
        let out = open(stdout, O_WRONLY | O_APPEND), err = open(stderr, O_WRONLY | O_APPEND)
        defer { close(out); close(err) }
        process.standardOutput = FileHandle(fileDescriptor: out, closeOnDealloc: false)
        process.standardError = FileHandle(fileDescriptor: err, closeOnDealloc: false)
        try process.run()   // on failure `deinit` closes the descriptors
    }

    deinit {
        close(responses)
        close(log)
    }

    var signal: Int32? { !process.isRunning && process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil }
    var exitCode: Int32? { !process.isRunning && process.terminationReason == .exit ? process.terminationStatus : nil }
    var status: String { signal.map { "signal \($0)" } ?? exitCode.map { "exit status \($0)" } ?? "running" }

    /// Waits, until `deadline`, for the child to reach the exploration call; `false` if it died
    /// or the deadline passed first.
    func waitForHello(until deadline: ContinuousClock.Instant) -> Bool {
        while buffer.isEmpty {
            guard fill(until: deadline) else { return false }
        }
        buffer.removeFirst()
        return true
    }

    /// Empties the outcome log, before a job (the child, idle, writes nothing meanwhile).
    func clearLog() { _ = ftruncate(log, 0) }

    /// Sends a job, which the child runs after those sent before; `false` when it is gone.
    func send(_ job: [UInt8]) -> Bool {
        Frames.write(input.fileHandleForWriting.fileDescriptor, job)
    }

    /// Waits for the child's reply to its job, until `deadline`, as long as it logs an outcome
    /// at least every `stallLimit`.
    func reply(stallLimit: Duration, deadline: ContinuousClock.Instant) -> Reply {
        var logged = ExecutionWatch.size(of: log)
        var progress = ContinuousClock.now
        while true {
            if let frame = Frames.take(&buffer) {
                // The child's standard error offset as the next step began, then the reply.
                var r = ByteReader(Array(frame.prefix(8)))
                replied = Int64(r.number() ?? Int(replied))
                return .response(Array(frame.dropFirst(8)))
            }
            let now = ContinuousClock.now
            let horizon = min(deadline, progress.advanced(by: stallLimit), now.advanced(by: .milliseconds(250)))
            if fill(until: horizon) { continue }
            guard process.isRunning else {
                process.waitUntilExit()
                let (outcomes, stderrFrom) = loggedOutcomes()
                return .died(logged: outcomes, stderrFrom: stderrFrom ?? replied)
            }
            let size = ExecutionWatch.size(of: log)
            if size != logged {
                logged = size
                progress = ContinuousClock.now
            }
            let pastDeadline = ContinuousClock.now >= deadline
            if pastDeadline || ContinuousClock.now >= progress.advanced(by: stallLimit) {
                kill()
                return .stalled(logged: loggedOutcomes().outcomes, pastDeadline: pastDeadline)
            }
        }
    }

    /// The outcomes in the log, in order, and the standard error offset after the last.
    private func loggedOutcomes() -> (outcomes: [[UInt8]], stderr: Int64?) {
        var bytes: [UInt8] = []
        var at: off_t = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { pread(log, $0.baseAddress, $0.count, at) }
            guard n > 0 else { break }
            bytes += chunk[0..<n]
            at += off_t(n)
        }
        var outcomes: [[UInt8]] = [], stderr: Int64?
        while let frame = Frames.take(&bytes) {
            var r = ByteReader(Array(frame.prefix(8)))
            guard let offset = r.number(), frame.count > 9, frame[8] == UInt8(ascii: "O") else { break }
            stderr = Int64(offset)
            outcomes.append(Array(frame.dropFirst(9)))
        }
        return (outcomes, stderr)
    }

    /// Ends the child at once.
    func kill() {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Reads what the child has written; `false` when it ended (or, still running, passed `deadline`).
    private func fill(until deadline: ContinuousClock.Instant) -> Bool {
        let responses = responses
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

/// A platform's search, as a runner hands it to a child: which platform, the time it may take,
/// and the outcomes a crashed child applied before (a crash's own included), for the search to
/// carry on from. Core Location has no such type.
package struct AppCodeJob: Sendable {
    /// The platform's index among the exploration's platforms.
    package var platform: Int
    package var budget: Duration
    package var outcomes: [AppCodeOutcome]

    /// What a child sends back: each outcome as it comes, then the platform's result.
    package enum Reply {
        case outcome(AppCodeOutcome)
        case result(AppCodePlatformResult)

        package func encoded() -> [UInt8] {
            var w = ByteWriter()
            encode(into: &w)
            return w.bytes
        }

        /// Appends ``encoded()``'s bytes to `w`.
        package func encode(into w: inout ByteWriter) {
            switch self {
            case .outcome(let o):
                w.byte(UInt8(ascii: "O"))
                o.encode(into: &w)
            case .result(let r):
                w.byte(UInt8(ascii: "R"))
                w.bytes(AppCodePlatformResult.encode([r]))
            }
        }

        /// Reads ``encoded()``; `nil` for bytes it did not write.
        package init?(decoding bytes: [UInt8]) {
            switch bytes.first {
            case UInt8(ascii: "O"):
                guard let o = AppCodeOutcome(decoding: Array(bytes.dropFirst())) else { return nil }
                self = .outcome(o)
            case UInt8(ascii: "R"):
                guard let rs = AppCodePlatformResult.decode(Array(bytes.dropFirst())), rs.count == 1 else { return nil }
                self = .result(rs[0])
            default:
                return nil
            }
        }
    }

    /// The job's bytes, the outcomes as their own bytes.
    package static func encoded(platform: Int, budget: Duration, outcomes: [[UInt8]]) -> [UInt8] {
        var w = ByteWriter()
        w.number(platform)
        w.number(Int(budget.components.seconds))
        w.word(UInt64(bitPattern: budget.components.attoseconds))
        w.count(outcomes.count)
        for o in outcomes { w.blob(o) }
        return w.bytes
    }

    /// Reads ``encoded(platform:budget:outcomes:)``; `nil` for bytes it did not write.
    package init?(decoding bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard let platform = r.number(), let seconds = r.number(), let atto = r.word(), let n = r.count() else { return nil }
        var outcomes: [AppCodeOutcome] = []
        for _ in 0..<n {
            guard let o = r.blob().flatMap(AppCodeOutcome.init(decoding:)) else { return nil }
            outcomes.append(o)
        }
        guard r.atEnd else { return nil }
        self.platform = platform
        budget = Duration(secondsComponent: Int64(seconds), attosecondsComponent: Int64(bitPattern: atto))
        self.outcomes = outcomes
    }
}
