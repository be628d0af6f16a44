import LocSim
import LocSimExplorer
import LocSimModel
import LocSimTesting
import Testing

/// Apps written against `LocationManager`, explored inside `swift test`.
@Suite("Exploring Swift apps from tests")
struct ExplorationRunTests {
    /// Asks for Always on a tap and waits for `authorizedAlways` or `denied`.
    final class WaitingTracker: ExplorationApp, LocationManagerDelegate {
        let manager: LocationManager
        var screen = "home"
        var isWaiting: Bool { screen == "asking" }
        init(_ app: SimulatedApp) {
            manager = LocationManager(app: app)
            manager.delegate = self
        }
        func tap(_ name: String) {
            guard name == "track", screen == "home" else { return }
            manager.requestAlwaysAuthorization()
            screen = "asking"
        }
        func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
            guard screen == "asking" else { return }
            switch manager.authorizationStatus {
            case .authorizedAlways: screen = "tracking"
            case .denied: screen = "blocked"
            default: break
            }
        }
    }

    /// Follows the status it is told and asks for When In Use only from `ready`.
    final class CarefulTracker: ExplorationApp, LocationManagerDelegate {
        let manager: LocationManager
        var screen = "starting"
        var isWaiting: Bool { screen == "asking" }
        init(_ app: SimulatedApp) {
            manager = LocationManager(app: app)
            manager.delegate = self
        }
        func tap(_ name: String) {
            guard name == "locate", screen == "ready" else { return }
            manager.requestWhenInUseAuthorization()
            screen = "asking"
        }
        func willEnterForeground() { if screen == "asking" { screen = "ready" } }
        func locationManagerDidChangeAuthorization(_ manager: LocationManager) {
            switch manager.authorizationStatus {
            case .notDetermined: screen = "ready"
            case .denied, .restricted: screen = "blocked"
            case .authorizedWhenInUse, .authorizedAlways: screen = "allowed"
            }
        }
    }

    @Test("D5, C12: the waiting tracker hangs after an ignored request")
    func waitingTrackerHasFindings() async throws {
        let run = ExplorationRun(depth: 10, timeBudget: .seconds(1200), taps: ["track"]) { WaitingTracker($0) }
        let findings = try await run.findings()
        #expect(findings.contains { $0.kind == .hang && $0.key == "asking.denied" }, "\(findings)")
        #expect(findings.contains { $0.kind == .hang && $0.key == "asking.authorizedWhenInUse-allowOnce" }, "\(findings)")
        #expect(findings.contains { $0.kind == .ignoredRequest && $0.key == "requestAlways.denied" }, "\(findings)")
        #expect(try await findings == run.findings())
    }

    @Test("the careful tracker has no findings on any platform")
    func carefulTrackerIsClean() async {
        await ExplorationRun(platforms: [Platform(.iOS, 12, 4), Platform(.iOS, 18)], depth: 6, timeBudget: .seconds(1200), taps: ["locate"]) { CarefulTracker($0) }
            .expectNoFindings()
    }

    @Test("a time budget that runs out ends the search in the child processes: each platform's verdict says so, with what the children had done")
    func timeBudgetEndsTheChildren() async throws {
        /// Counts its taps in its fingerprint: every tap is a state never seen, so no search ends.
        final class Ticker: ExplorationApp {
            let manager: LocationManager
            var count = 0
            init(_ app: SimulatedApp) { manager = LocationManager(app: app) }
            var screen: String { "ticking" }
            var isWaiting: Bool { false }
            var fingerprint: String { String(count) }
            func tap(_ name: String) { count += 1 }
        }
        var run = ExplorationRun(platforms: [Platform(.iOS, 17), Platform(.iOS, 18)], timeBudget: .seconds(8), taps: ["tick"]) { Ticker($0) }
        run.childProcesses = 2
        let start = ContinuousClock.now
        let outcome = try await run.outcome()
        // Each platform (one per child) stopped at the budget, after what its child had done: the
        // test's process finished each search from the outcomes its child logged (a child slow to
        // start, in a full suite on two cores, may have logged none: then it judged nothing, and
        // says so).
        #expect(outcome.verdicts.count == 2)
        #expect(outcome.verdicts.allSatisfy { $0.end == .timeBudget }, "\(outcome.verdicts)")
        #expect(outcome.verdicts.allSatisfy { $0.transitions > 0 || !$0.isDecided }, "\(outcome.verdicts)")
        // Generous: a test process whose threads other tests block (a full suite on two cores)
        // takes its time to hear back, but the children stop at the budget, not at the end.
        #expect(ContinuousClock.now - start < .seconds(300), "the children were stopped when the budget ran out")
    }
}
