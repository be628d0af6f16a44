import Foundation
import LocSimCoreLocation
import LocSimExplorer
import Testing

/// Runs the app-code searches of an exploration in child processes (``ChildSearchRunner``), where a
/// crash in the app's code is a finding instead of the end of the test run.
///
/// A child is the test binary itself, run again with only the running test selected (as Swift
/// Testing's exit tests run their bodies): its test body runs up to the same `ExplorationRun`
/// call, which there runs the searches the test's process hands it, one platform at a time,
/// logging each outcome. When app code traps, the child dies inside a step: its outcome is the
/// trap read from the child's standard error, and the next child carries the search on from the
/// outcomes logged. Calls are told apart by the running test, its test case (for parameterized
/// tests) and their order in the test case; the results of earlier calls in the same test case
/// are handed to the child, whose copies of those calls return them at once.
enum ExplorationWorker {
    /// In a child process: the call it serves.
    struct Target {
        var site: String
        var ordinal: Int
        var priorPath: String
    }

    /// The call this process was started to serve, if it is a child.
    static let target: Target? = {
        let environment = ChildSearchRunner.environment
        guard let site = environment["LOCSIM_WORKER_SITE"], let ordinal = environment["LOCSIM_WORKER_ORDINAL"].flatMap({ Int($0) }),
              let prior = environment["LOCSIM_WORKER_PRIOR"], environment["LOCSIM_WORKER_RESPONSES"] != nil else { return nil }
        return Target(site: site, ordinal: ordinal, priorPath: prior)
    }()

    /// A runner whose children are this test binary run again with only `site`'s test selected,
    /// to serve its call number `ordinal` (the results of the earlier calls handed to them).
    static func runner(site: String, ordinal: Int, stepTimeLimit: Duration) throws -> ChildSearchRunner {
        try ChildSearchRunner(stepTimeLimit: stepTimeLimit, files: ["prior": priorResults(of: site)]) { process, environment, directory in
            var environment = environment
            environment["LOCSIM_WORKER_SITE"] = site
            environment["LOCSIM_WORKER_ORDINAL"] = String(ordinal)
            environment["LOCSIM_WORKER_PRIOR"] = directory.appendingPathComponent("prior").path
            rerun(process, selecting: site, environment: environment)
        }
    }

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
}
