import Foundation
import LocSim
import LocSimCoreLocation
import LocSimModel

/// `locsim benchmark app-code`: the time an exploration of one app class takes to its verdict —
/// the measure of the test-support exploration (`ExplorationRun`), which runs the same engine.
/// Core Location has no such type.
package enum AppCodeBenchmark {
    /// A location class as apps write it: an async wrapper that awaits the authorization callback
    /// on a continuation, then a one-shot `requestLocation()` on another (cleared once resumed),
    /// with both callbacks for iOS 13 and earlier.
    final class Locator: LocationManagerDelegate {
        let manager: LocationManager
        private var authorization: CheckedContinuation<AuthorizationStatus, Never>?
        private var fix: CheckedContinuation<Location?, Never>?

        init(app: SimulatedApp) {
            manager = LocationManager(app: app)
            manager.delegate = self
        }

        func requestAuthorization() async -> AuthorizationStatus {
            if manager.authorizationStatus != .notDetermined { return manager.authorizationStatus }
            return await withCheckedContinuation { c in
                authorization = c
                manager.requestWhenInUseAuthorization()
            }
        }

        func currentLocation() async -> Location? {
            await withCheckedContinuation { c in
                fix = c
                manager.requestLocation()
            }
        }

        func locationManagerDidChangeAuthorization(_ manager: LocationManager) { answered(manager.authorizationStatus) }
        func locationManager(_ manager: LocationManager, didChangeAuthorization status: AuthorizationStatus) { answered(status) }

        private func answered(_ status: AuthorizationStatus) {
            guard status != .notDetermined, let c = authorization else { return }
            authorization = nil
            c.resume(returning: status)
        }

        func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
            fix?.resume(returning: locations.last)
            fix = nil
        }

        func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {
            fix?.resume(returning: nil)
            fix = nil
        }
    }

    /// The screen: "Find me" asks, then locates.
    final class Screen: ExplorationApp {
        let locator: Locator
        var screen = "intro"
        var isWaiting: Bool { screen == "asking" || screen == "locating" }
        init(app: SimulatedApp) { locator = Locator(app: app) }
        func canTap(_ name: String) -> Bool { !isWaiting }
        func tap(_ name: String) async {
            screen = "asking"
            let status = await locator.requestAuthorization()
            guard status == .authorizedWhenInUse || status == .authorizedAlways else { screen = "denied"; return }
            screen = "locating"
            screen = await locator.currentLocation() == nil ? "failed" : "located"
        }
    }

    /// The platforms the benchmark explores: one per prompt generation an app of today meets.
    static let platforms = [Platform(.iOS, 12, 4), Platform(.iOS, 13, 4), Platform(.iOS, 17), Platform(.iOS, 18)]

    /// Explores the class on four platforms to `depth` (`nil`: to the end), `repetitions` times,
    /// prints the best time, the states and transitions, and how many choices were applied in all
    /// (replays included), and ends the process. The app's code runs as tests run it: in child
    /// processes (this executable run again, which serves the steps instead), one per processor,
    /// each exploring its share of the platforms — or here, `inProcess`. The main thread serves
    /// the main queue meanwhile (`dispatchMain()`, as an async `main` does): LocSim's serial
    /// executor runs the app's tasks there, and a test process drains it the same way.
    package static func runAndExit(depth: Int?, repetitions: Int, replaysEveryPath: Bool, inProcess: Bool) -> Never {
        Task { @MainActor in
            if ChildSearchRunner.environment["LOCSIM_WORKER_RESPONSES"] != nil {
                // A child of the benchmark: it serves the steps and ends.
                await ChildSearchRunner.serveAndExit(explorer(depth: depth, replaysEveryPath: replaysEveryPath))
                exit(3)
            }
            print(await run(depth: depth, repetitions: repetitions, replaysEveryPath: replaysEveryPath, inProcess: inProcess), terminator: "")
            fflush(nil)
            exit(0)
        }
        dispatchMain()
    }

    private static func explorer(depth: Int?, replaysEveryPath: Bool) -> AppCodeExplorer<Screen> {
        var explorer = AppCodeExplorer(app: AppDescription(name: "Finder"), platforms: platforms, parameters: DeviceParameters(),
                                       taps: ["findMe"], depth: depth, budget: .seconds(600)) { Screen(app: $0) }
        explorer.reusesSessions = !replaysEveryPath
        return explorer
    }

    /// Runners whose children are this executable, run again with the same arguments.
    private static func runners() throws -> [any AppCodeSearchRunner] {
        try (0..<ChildSearchRunner.processes(for: platforms.count)).map { _ in
            try ChildSearchRunner(stepTimeLimit: .seconds(60)) { process, environment, _ in
                var environment = environment
                environment["SWIFT_BACKTRACE"] = "enable=no"
                process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
                process.arguments = Array(CommandLine.arguments.dropFirst())
                process.environment = environment
            }
        }
    }

    @MainActor
    private static func run(depth: Int?, repetitions: Int, replaysEveryPath: Bool, inProcess: Bool) async -> String {
        let explorer = explorer(depth: depth, replaysEveryPath: replaysEveryPath)
        var best = Duration.seconds(1_000_000)
        var results: [AppCodePlatformResult] = []
        var processes = 1
        for _ in 0..<max(1, repetitions) {
            let start = ContinuousClock.now
            if inProcess {
                results = await explorer.run(.inProcess)
            } else {
                let runners: [any AppCodeSearchRunner]
                do { runners = try Self.runners() } catch { return "app-code benchmark: cannot prepare a child process: \(error)\n" }
                processes = runners.count
                results = await explorer.run(.remote(runners))
                for case let runner as ChildSearchRunner in runners {
                    await runner.finish()
                    if let failure = runner.failure { return "app-code benchmark: \(failure)\n" }
                }
            }
            best = min(best, ContinuousClock.now - start)
        }
        let isolation = inProcess ? "in this process" : "in \(processes) child process\(processes == 1 ? "" : "es")"
        var out = "app-code exploration: one class (an async wrapper over the authorization callback and requestLocation()), \(platforms.count) platforms, \(depth.map { "depth \($0)" } ?? "to the end"), app code \(isolation), best of \(max(1, repetitions))\n"
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        let states = results.reduce(0) { $0 + $1.verdict.states }, transitions = results.reduce(0) { $0 + $1.verdict.transitions }
        let reused = results.reduce(0) { $0 + $1.stepsOnKeptSessions }, applied = results.reduce(0) { $0 + $1.appliedChoices }
        out += "  time to verdict \(String(format: "%.2f", seconds)) s: \(states) states, \(transitions) transitions, \(reused) steps on a kept session (the rest replayed their path on a fresh device), \(applied) choices applied (replays included), \(results.reduce(0) { $0 + $1.findings.count }) findings\n"
        for r in results { out += "  \(r.verdict)\n    \(r.appliedChoices) choices applied, \(r.stepsOnKeptSessions) steps started on a kept session\n" }
        return out
    }
}

/// Counters of the app-code exploration, for its statistics.
package enum AppCodeStatistics {
    /// Choices applied on sessions in this process, replays included (one thread of app code
    /// drives the count at a time).
    nonisolated(unsafe) package static var appliedChoices = 0
}
