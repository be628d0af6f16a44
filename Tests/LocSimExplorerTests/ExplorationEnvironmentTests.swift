import LocSim
import LocSimModel
import LocSimTesting
import Testing

/// Explorations attach `CLLocationManager()` to the app under test, and fail loudly when the app
/// never creates a manager on the explored device.
@Suite("Explorations attach CLLocationManager() to the app under test")
struct ExplorationEnvironmentTests {
    /// Asks for Always on a tap and waits: written the Core Location way, with `CLLocationManager()`.
    final class CLWaitingTracker: ExplorationApp, CLLocationManagerDelegate {
        let manager = CLLocationManager()
        var screen = "home"
        var isWaiting: Bool { screen == "asking" }
        init() { manager.delegate = self }
        func tap(_ name: String) {
            guard name == "track", screen == "home" else { return }
            manager.requestAlwaysAuthorization()
            screen = "asking"
        }
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            guard screen == "asking" else { return }
            switch manager.authorizationStatus {
            case .authorizedAlways: screen = "tracking"
            case .denied: screen = "blocked"
            default: break
            }
        }
    }

    /// Creates its manager lazily, on the tap, with `CLLocationManager()` (inside app code the exploration runs).
    final class LazyTracker: ExplorationApp, CLLocationManagerDelegate {
        var manager: CLLocationManager?
        var screen = "home"
        var isWaiting: Bool { screen == "asking" }
        func tap(_ name: String) {
            guard name == "track", screen == "home" else { return }
            let m = CLLocationManager()
            m.delegate = self
            manager = m
            m.requestWhenInUseAuthorization()
            screen = "asking"
        }
    }

    /// Holds a manager on a device of its own, not the explored one.
    final class ElsewhereApp: ExplorationApp {
        let device = SimulatedDevice()
        let manager: LocationManager
        var screen = "home"
        var isWaiting: Bool { false }
        init() {
            let app = device.install()
            app.launch()
            manager = LocationManager(app: app)
        }
        func tap(_ name: String) { manager.requestWhenInUseAuthorization() }
    }

    @Test("C12: an app that creates CLLocationManager() is explored on the explored device and its hang found")
    func coreLocationStyleAppIsExplored() async throws {
        let findings = try await ExplorationRun(depth: 10, timeBudget: .seconds(1200), taps: ["track"]) { _ in CLWaitingTracker() }.findings()
        #expect(findings.contains { $0.kind == .hang && $0.key == "asking.denied" }, "\(findings)")
        #expect(findings.contains { $0.kind == .ignoredRequest && $0.key == "requestAlways.denied" }, "\(findings)")
    }

    @Test("a manager created with CLLocationManager() inside a tap attaches to the explored app")
    func managerCreatedInATapAttaches() async throws {
        // The tracker never leaves `asking` when the user denies: found only if its manager is on the explored device.
        let findings = try await ExplorationRun(depth: 10, timeBudget: .seconds(1200), taps: ["track"]) { _ in LazyTracker() }.findings()
        #expect(findings.contains { $0.kind == .hang && $0.key.hasPrefix("asking.") }, "\(findings)")
    }

    @Test("an app whose manager lives on another device makes the exploration throw: in the test's process, that it made none on the explored one")
    func managerElsewhereThrows() async {
        await #expect(throws: ExplorationError.noManagerOnExploredDevice(platform: Platform(.iOS, 18))) {
            try await ExplorationRun(depth: 3, timeBudget: .seconds(1200), taps: ["go"], isolation: .inProcess) { _ in ElsewhereApp() }.findings()
        }
    }

    @Test("in a child process, the call on the other device's manager is named")
    func managerElsewhereIsNamed() async throws {
        do {
            _ = try await ExplorationRun(depth: 3, timeBudget: .seconds(1200), taps: ["go"]) { _ in ElsewhereApp() }.findings()
            Issue.record("no error")
        } catch ExplorationError.objectFromAnotherDevice(let call, let platform) {
            #expect(call == "CLLocationManager main: CLLocationManager()")
            #expect(platform == Platform(.iOS, 18))
        }
    }

    @Test("expectNoFindings records the exploration error as an issue")
    func expectNoFindingsRecordsTheError() async {
        await withKnownIssue {
            await ExplorationRun(depth: 2, timeBudget: .seconds(1200), taps: ["go"], isolation: .inProcess) { _ in ElsewhereApp() }.expectNoFindings()
        } matching: { issue in
            "\(issue)".contains("never created a location manager")
        }
    }
}
