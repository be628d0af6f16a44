import Foundation
import LocSim
import LocSimModel
import LocSimTesting
import Testing

/// Fixtures for ``TraitFlowChildTests``: tests with the trait whose bodies crash or fail. They run
/// only in a test binary started by those tests (`LOCSIM_FLOW_FIXTURES=1`).
@Suite("Flow fixtures", .enabled(if: ProcessInfo.processInfo.environment["LOCSIM_FLOW_FIXTURES"] == "1"))
struct FlowFixtures {
    /// Resumes a continuation when the user answers, and again at every later change: the
    /// shipping bug that crashes the app.
    final class ResumesTwice: NSObject, CLLocationManagerDelegate {
        let manager = CLLocationManager()
        var continuation: CheckedContinuation<CLAuthorizationStatus, Never>?
        override init() { super.init(); manager.delegate = self }
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            guard manager.authorizationStatus != .notDetermined else { return }
            continuation?.resume(returning: manager.authorizationStatus)
        }
    }

    @Test(.simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))
    func crashes() async throws {
        let device = try #require(SimulatedDevice.current)
        let app = try #require(SimulatedApp.current)
        let asker = ResumesTwice()
        let status = await withCheckedContinuation { continuation in
            asker.continuation = continuation
            asker.manager.requestWhenInUseAuthorization()
            device.run()                                 // the user answers; the delegate resumes it
        }
        print("answered \(status)")
        app.changeSetting(.never)                        // a later change resumes it again
        device.run()
    }

    @Test(.simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))
    func fails() throws {
        let device = try #require(SimulatedDevice.current)
        let asker = ResumesTwice()
        asker.manager.requestWhenInUseAuthorization()
        device.run()
        #expect(asker.manager.authorizationStatus == .denied, "the flow's own expectation")
    }

    @Test(.simulatedDevice(.iOS(18), answers: [.allowWhileUsing]), arguments: [1, 2])
    func passes(_ n: Int) throws {
        let device = try #require(SimulatedDevice.current)
        let asker = ResumesTwice()
        asker.manager.requestWhenInUseAuthorization()
        device.run()
        #expect(asker.manager.authorizationStatus == .authorizedWhenInUse)
        print("case \(n) ran in process \(getpid())")
    }

    /// A set prints its elements in an order each process's hash seed decides.
    @Test(.simulatedDevice(.iOS(18)), arguments: [Set("abcdefgh".map(String.init))])
    func setArgument(_ letters: Set<String>) {
        print("body ran with \(letters.count) letters")
    }
}

/// The trait runs a flow's body in a child process: app code that crashes fails that test with the
/// trap's message and the run goes on; the child's issues and output reach the test.
@Suite("The trait's flows run in a child process")
struct TraitFlowChildTests {
    /// Runs the fixture `name` in a test binary of its own; its event stream and standard output.
    static func run(_ name: String) throws -> (status: Int32, reason: Process.TerminationReason, events: String, output: String, pid: Int32) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-flow-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("events").path, output = directory.appendingPathComponent("out").path
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["--testing-library", "swift-testing", "--filter", "FlowFixtures/\(name)",
                             "--event-stream-output-path", events, "--event-stream-version", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["LOCSIM_FLOW_FIXTURES"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason,
                (try? String(contentsOfFile: events, encoding: .utf8)) ?? "", (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
                process.processIdentifier)
    }

    @Test("a continuation resumed twice in a flow fails that test with the trap's message; the test process lives on")
    func crashIsAnIssue() throws {
        let run = try Self.run("crashes")
        #expect(run.reason == .exit, "the fixture's process was not taken down: \(run.reason)")
        let recorded = FlowChild.issues(in: run.events)
        #expect(recorded.ended, "the fixture's run reached its end")
        let crash = try #require(recorded.issues.first { $0.text.contains("app code crashed the flow") }, "\(recorded.issues.map(\.text))")
        #expect(crash.text.contains("continuationResumedTwice") && crash.text.contains("more than once"), "\(crash.text)")
        #expect(run.output.contains("answered authorizedWhenInUse"), "what the body printed before the crash: \(run.output)")
        #expect(crash.location?.fileID.hasSuffix("TraitFlowChildTests.swift") == true, "at the test: \(String(describing: crash.location))")
    }

    @Test("an expectation that fails in the child is an issue of the test, at its source line")
    func failureComesBack() throws {
        let run = try Self.run("fails")
        let recorded = FlowChild.issues(in: run.events)
        let failure = try #require(recorded.issues.first { $0.text.contains("the flow's own expectation") }, "\(recorded.issues.map(\.text))")
        #expect(failure.location?.fileID.hasSuffix("TraitFlowChildTests.swift") == true, "\(String(describing: failure.location))")
        #expect(!recorded.issues.contains { $0.text.contains("crashed") })
    }

    @Test("a passing flow passes; each case of a parameterized test runs once, in a child of its own")
    func passingCases() throws {
        let run = try Self.run("passes")
        #expect(run.status == 0)
        #expect(FlowChild.issues(in: run.events).issues.isEmpty)
        let ran = run.output.split(separator: "\n").filter { $0.hasPrefix("case ") }
        #expect(ran.count == 2 && Set(ran.map { $0.split(separator: " ")[1] }) == ["1", "2"], "\(ran)")
        // Each case in a process of its own, neither of them the fixture's test process.
        let pids = Set(ran.compactMap { $0.split(separator: " ").last.flatMap { Int32($0) } })
        #expect(pids.count == 2 && !pids.contains(run.pid), "\(ran), test process \(run.pid)")
    }

    @Test("a case the child cannot find (its arguments print differently there) is an issue, never a silent pass")
    func caseNotFoundInChild() throws {
        let run = try Self.run("setArgument")
        let recorded = FlowChild.issues(in: run.events)
        #expect(recorded.issues.contains { $0.text.contains("ran this test case's body 0 times") }, "\(recorded.issues.map(\.text))")
        #expect(!run.output.contains("body ran"), "\(run.output)")
    }

    @Test("a sanitizer's report in the child's standard error is found (CI's thread-sanitizer step fails on it)")
    func sanitizerReports() {
        let errors = "◇ Test started.\n==================\nWARNING: ThreadSanitizer: data race (pid=42)\n  Write of size 8\n"
        #expect(FlowChild.sanitizerReport(in: errors)?.hasPrefix("WARNING: ThreadSanitizer: data race") == true)
        #expect(FlowChild.sanitizerReport(in: "◇ Test started.\n✔ Test passed.\n") == nil)
    }

    @Test("the child's output comes back without Swift Testing's lines about the child's own run")
    func childOutputFiltered() {
        let output = "\u{1B}[90m◇\u{1B}[0m Test run started.\n↳ Testing Library Version: 6.3.1\nanswered authorizedWhenInUse\n✘ Test crashes() recorded an issue\n  its comment\nlast line without a newline"
        #expect(FlowChild.withoutTestingOutput(output) == "answered authorizedWhenInUse\nlast line without a newline\n")
    }
}
