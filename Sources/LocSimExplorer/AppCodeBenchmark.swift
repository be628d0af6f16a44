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
    /// (replays included), and ends the process. The main thread serves the main queue meanwhile
    /// (`dispatchMain()`, as an async `main` does): LocSim's serial executor runs the app's tasks
    /// there, and a test process drains it the same way.
    package static func runAndExit(depth: Int?, repetitions: Int, replaysEveryPath: Bool) -> Never {
        Task { @MainActor in
            print(await run(depth: depth, repetitions: repetitions, replaysEveryPath: replaysEveryPath), terminator: "")
            fflush(nil)
            exit(0)
        }
        dispatchMain()
    }

    @MainActor
    private static func run(depth: Int?, repetitions: Int, replaysEveryPath: Bool) async -> String {
        var explorer = AppCodeExplorer(app: AppDescription(name: "Finder"), platforms: platforms, parameters: DeviceParameters(),
                                       taps: ["findMe"], depth: depth, budget: .seconds(600)) { Screen(app: $0) }
        explorer.reusesSessions = !replaysEveryPath
        var best = Duration.seconds(1_000_000)
        var results: [AppCodePlatformResult] = []
        var applied = 0, steps = 0
        for _ in 0..<max(1, repetitions) {
            let start = ContinuousClock.now
            let before = (AppCodeStatistics.appliedChoices, AppCodeStatistics.steps)
            results = await explorer.run(.inProcess)
            applied = AppCodeStatistics.appliedChoices - before.0
            steps = AppCodeStatistics.steps - before.1
            best = min(best, ContinuousClock.now - start)
        }
        var out = "app-code exploration: one class (an async wrapper over the authorization callback and requestLocation()), \(platforms.count) platforms, \(depth.map { "depth \($0)" } ?? "to the end"), best of \(max(1, repetitions))\n"
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        let states = results.reduce(0) { $0 + $1.verdict.states }, transitions = results.reduce(0) { $0 + $1.verdict.transitions }
        let reused = results.reduce(0) { $0 + $1.stepsOnKeptSessions }
        out += "  time to verdict \(String(format: "%.2f", seconds)) s: \(states) states, \(transitions) transitions, \(steps) steps (\(reused) on a session kept in their state, the rest replayed their path), \(applied) choices applied (replays included), \(results.reduce(0) { $0 + $1.findings.count }) findings\n"
        for r in results { out += "  \(r.verdict)\n" }
        return out
    }
}

/// Counters of the app-code exploration, for its benchmark.
package enum AppCodeStatistics {
    /// Choices applied on sessions, replays included (one process drives the count at a time).
    nonisolated(unsafe) package static var appliedChoices = 0
    /// Steps run.
    nonisolated(unsafe) package static var steps = 0
}
