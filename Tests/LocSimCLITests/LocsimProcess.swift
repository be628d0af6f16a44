import Foundation
import Testing

/// Launches the built `locsim` binary and captures what it prints.
enum LocsimProcess {
    /// What one run printed and how it exited.
    struct Output {
        var stdout: String
        var stderr: String
        var status: Int32
        /// The process's peak resident size in bytes (Linux's `VmHWM`), as last read while it ran:
        /// read only when the run has a deadline, 0 otherwise.
        var peakResidentBytes = 0
        /// Wall-clock seconds from the process's start to its end.
        var seconds = 0.0
        /// The CPU time the process used (user and system, all its threads), in seconds, as last
        /// read while it ran: read only when the run has a deadline, 0 otherwise.
        var cpuSeconds = 0.0
        /// The issue recorded for a run stopped at its deadline (or ``hangLimit``), if it was.
        var stopped: String?
    }

    /// The peak resident size of process `pid` so far, in bytes (0 when it cannot be read).
    static func peakResidentBytes(of pid: Int32) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes * 1024
    }

    /// How long a run without a deadline may take before it is stopped as hung: 10 minutes (the
    /// longest run of the tests takes seconds).
    static let hangLimit: Double = 600

    /// The CPU time process `pid` has used so far (Linux's `/proc/PID/stat`), in seconds (0 when it
    /// cannot be read).
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = text.lastIndex(of: ")") else { return 0 }
        // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
        let fields = text[text.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The package root, from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `locsim` executable: next to the test bundle (the test target depends on it, so it is
    /// built), else `<package root>/.build/debug/locsim`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let exe = Bundle.main.executableURL { candidates.append(exe.deletingLastPathComponent()) }
        candidates.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // macOS: the .xctest bundle sits in the products directory.
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug"))
        return candidates.map { $0.appendingPathComponent("locsim") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// A fresh directory for this process's temporary files.
    static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-cli-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// Writes a uniquely named scenario file and returns its path.
    static func writeScenario(_ text: String, name: String = "scenario") -> String {
        let url = scratch.appendingPathComponent("\(name)-\(UUID().uuidString).yml")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data(text.utf8))
        return url.path
    }

    /// Runs `locsim` with `arguments` in the package root, with `stdin` (if any) as its standard
    /// input. Input and output go through files, so large timelines cannot fill a pipe and block the child.
    /// With `deadline` (seconds), a run still going then is stopped and recorded as an issue (a
    /// server that started when it should not have); without, the same after ``hangLimit``.
    /// `executable` runs another copy of `locsim` (default: ``binary``).
    static func run(_ arguments: [String], stdin: String? = nil, deadline: Double? = nil, executable: URL? = nil) throws -> Output {
        guard let binary = executable ?? binary else { throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "locsim binary not found"]) }
        let id = UUID().uuidString
        let outURL = scratch.appendingPathComponent("\(id).out"), errURL = scratch.appendingPathComponent("\(id).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.standardOutput = out
        process.standardError = err
        var input = FileHandle.nullDevice
        if let stdin {
            let inURL = scratch.appendingPathComponent("\(id).in")
            _ = FileManager.default.createFile(atPath: inURL.path, contents: Data(stdin.utf8))
            input = try FileHandle(forReadingFrom: inURL)
        }
        defer { if stdin != nil { try? input.close() } }
        process.standardInput = input
        let started = Date()
        try process.run()
        var peak = 0, cpu = 0.0
        // Without a deadline, a run still going after ``hangLimit`` is a hang: an issue, not a
        // test run that never ends.
        let limit = deadline ?? hangLimit
        let end = Date().addingTimeInterval(limit)
        while process.isRunning, Date() < end {
            if deadline != nil {
                peak = max(peak, peakResidentBytes(of: process.processIdentifier))
                cpu = max(cpu, cpuSeconds(of: process.processIdentifier))
            }
            usleep(deadline != nil ? 20_000 : 5_000)
        }
        var stopped: String?
        if process.isRunning {
            stopped = "locsim \(arguments.joined(separator: " ")) still running after \(limit) s"
            // Off a test's task (``runOffThePool(_:stdin:deadline:)``) the caller records it.
            if Test.current != nil { Issue.record(Comment(rawValue: stopped!)) }
            process.terminate()
            let grace = Date().addingTimeInterval(5)
            while process.isRunning, Date() < grace { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        return Output(stdout: try String(contentsOf: outURL, encoding: .utf8),
                      stderr: try String(contentsOf: errURL, encoding: .utf8),
                      status: process.terminationStatus, peakResidentBytes: peak, seconds: Date().timeIntervalSince(started), cpuSeconds: cpu, stopped: stopped)
    }

    /// ``run(_:stdin:deadline:)`` on a thread of its own, awaited without holding a thread of the
    /// test pool or of Dispatch's global queues: for runs that take seconds (on two cores each
    /// pool has two threads, and tests blocking them stall every other test's awaits and queues,
    /// explorations' and the playground server's among them).
    static func runOffThePool(_ arguments: [String], stdin: String? = nil, deadline: Double? = nil) async throws -> Output {
        let output = try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try run(arguments, stdin: stdin, deadline: deadline) }) }.start()
        }
        // Recorded here, in the test's task: the thread has no test to record it in.
        if let stopped = output.stopped { Issue.record(Comment(rawValue: stopped)) }
        return output
    }

    /// `Examples/*.yml Examples/ios18/*.yml`, expanded as a shell would (sorted, relative to the
    /// package root): the examples CI runs.
    static var exampleArguments: [String] {
        ["Examples", "Examples/ios18"].flatMap { folder in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path)) ?? []
            return names.filter { $0.hasSuffix(".yml") }.sorted().map { "\(folder)/\($0)" }
        }
    }
}
