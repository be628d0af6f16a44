// Imports as a team's test target does: the app's module and `LocSimTesting`, no `LocSim` (whose
// own `LocationManager` would make the app's ambiguous). It compiles only while `LocSimTesting`
// brings every name an exploration test spells.
import NamedLikeApps
import LocSimTesting
import Testing

/// The adapter: one button that starts the app's `LocationManager`.
final class NamedLikeAppsScreen: ExplorationApp {
    let location = LocationManager()
    var screen: String { location.status == .notDetermined ? "intro" : location.status == .denied ? "denied" : "ready" }
    var isWaiting: Bool { false }
    func tap(_ name: String) { location.start() }
}

@Suite("An app class named LocationManager, explored from a test that imports LocSimTesting alone")
struct AppNamedLikeAppsTests {
    @Test("the test spells Platform, AppDescription, PurposeKey and the app's LocationManager unqualified")
    func explored() async throws {
        let app = AppDescription(name: "Nearby", purposeStrings: [PurposeKey.whenInUse: "Shows what is near you."])
        // A budget far past the search's second or so: on a loaded CI machine, the default 120 s
        // once ran out before the child process had explored a step (an empty outcome).
        let outcome = try await ExplorationRun(app: app, platforms: [Platform(.iOS, 18)], depth: 4, timeBudget: .seconds(900), taps: ["start"]) { _ in
            NamedLikeAppsScreen()
        }.outcome()
        #expect(Set(outcome.screensReached).isSuperset(of: ["intro", "ready", "denied"]), "\(outcome.screensReached)")
    }

    @Test("a flow on a SimulatedDevice with the app's LocationManager: Allow Once reaches its delegate")
    func flow() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let installed: SimulatedApp = device.install(AppDescription(name: "Nearby", purposeStrings: [PurposeKey.whenInUse: "Shows what is near you."]))
        installed.launch()
        let location = withSimulatedApp(installed) { LocationManager() }
        withSimulatedApp(installed) { location.start() }
        #expect(device.promptOnScreen != nil)
        try device.choose(PromptButton.allowOnce)
        #expect(location.status == AuthorizationStatus.authorizedWhenInUse)
    }
}
