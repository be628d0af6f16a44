#if !canImport(CoreLocation) || LOCSIM
import LocSimCoreLocation
import LocSimTesting
import LocationFeature
import Testing

/// A screen that asks through ``LocationPermission`` and shows the answer.
@MainActor final class PermissionScreen: @preconcurrency ExplorationApp {
    let permission = LocationPermission()
    var screen = "intro"
    var isWaiting: Bool { screen == "asking" }
    /// The button is disabled while the screen waits: the wrapper takes one caller at a time.
    func canTap(_ name: String) -> Bool { !isWaiting }
    func tap(_ name: String) async {
        screen = "asking"
        switch await permission.requestWhenInUse() {
        case .authorizedWhenInUse, .authorizedAlways: screen = "ready"
        case .notDetermined: screen = "intro"             // the prompt went away unanswered
        default: screen = "denied"
        }
    }
    func willEnterForeground() { permission.willEnterForeground() }
}

@Suite("The async permission wrapper, on every path a user can take")
@MainActor struct LocationPermissionTests {
    @Test("every path, iOS 12.4 to 18: no crash, no hang, whatever the user answers and later changes")
    func exploreEveryPath() async throws {
        let run = ExplorationRun(platforms: [Platform(.iOS, 12, 4), Platform(.iOS, 18)], taps: ["ask"]) { _ in PermissionScreen() }
        let outcome = try await run.outcome()
        #expect(outcome.findings.isEmpty, "\(outcome.findings)")
        #expect(Set(outcome.screensReached).isSuperset(of: ["intro", "asking", "ready", "denied"]), "\(outcome.screensReached)")
        #expect(outcome.verdicts.allSatisfy { $0.isDecided }, "\(outcome.verdicts)")
    }

    @Test("J2: the Info.plist the wrapper reads is the simulated app's")
    func readsTheSimulatedInfoPlist() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let whenInUseOnly = device.install(AppDescription(name: "Runs", purposeStrings: [.whenInUse: "Finds runs near you."]))
        let both = device.install(AppDescription(name: "Tracks"))
        #expect(withSimulatedApp(whenInUseOnly) { LocationPermission.declaresAlways } == false)
        #expect(withSimulatedApp(both) { LocationPermission.declaresAlways } == true)
    }
}
#endif
