import Testing
import LocSim
import LocSimModel
import LocSimCoreLocation

@Suite("The seed 004 snippet, compiled unchanged against LocSimCoreLocation")
struct SeedSnippetTests {
    /// The snippet from seed 004, verbatim.
    func seedSnippet() -> CLLocationManager {
        var locationManager = CLLocationManager()
        locationManager.requestAlwaysAuthorization()
        locationManager.desiredAccuracy = kCLLocationAccuracyBest
        locationManager.startUpdatingLocation()
        locationManager.allowsBackgroundLocationUpdates = true
        locationManager.pausesLocationUpdatesAutomatically = false
        // Not in the snippet: its `var` is never mutated (the manager is a class), which the
        // compiler warns about; passing it `inout` keeps the snippet's lines unchanged and quiet.
        withUnsafeMutablePointer(to: &locationManager) { _ in }
        return locationManager
    }

    @Test("I8: without the location background mode the snippet terminates the app in the setter")
    func snippetWithoutBackgroundMode() {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Runner"))
        let manager = withSimulatedApp(app) { seedSnippet() }
        device.run()
        #expect(device.promptOnScreen == nil)            // the terminated app's prompt went away
        #expect(app.state == .notRunning)
        #expect(app.terminationReason?.text.contains("NSInternalInconsistencyException") == true)
        #expect(app.terminationReason?.text.contains("CLClientIsBackgroundable") == true)
        #expect(manager.desiredAccuracy == kCLLocationAccuracyBest)
    }

    @Test("E5, G1, G7, I6: with the background mode the snippet prompts and, after Allow While Using, runs a background session once it opts in to the indicator")
    func snippetWithBackgroundMode() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Coordinate(latitude: 48.85, longitude: 2.35))
        let app = device.install(AppDescription(name: "Runner", backgroundModes: ["location"]))
        let manager = withSimulatedApp(app) { seedSnippet() }
        #expect(device.promptOnScreen?.prompt.kind == .initial)
        #expect(manager.authorizationStatus == .notDetermined)
        try device.choose(.allowWhileUsing)
        #expect(manager.authorizationStatus == .authorizedAlways)
        #expect(app.model.isProvisional)
        #expect(manager.location != nil)                  // the first fix arrived once authorized
        #expect(manager.allowsBackgroundLocationUpdates)
        #expect(!manager.pausesLocationUpdatesAutomatically)
        app.enterBackground()
        device.advance(by: .seconds(60))
        // G7: provisional reads as Always, so without the indicator opt-in the session neither
        // shows the indicator nor keeps the app in use.
        #expect(!app.isInUse)
        #expect(!app.model.indicatorShowing)
        app.enterForeground()
        manager.showsBackgroundLocationIndicator = true
        app.enterBackground()
        device.advance(by: .seconds(60))
        #expect(app.isInUse)                              // the session keeps the app in use (I1)
        #expect(app.model.indicatorShowing)
    }

    @Test("C2: CLLocationManager() without an environment gets its own default app and reports notDetermined")
    func defaultEnvironment() {
        final class Recorder: CLLocationManagerDelegate {
            var statuses: [CLAuthorizationStatus] = []
            func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) { statuses.append(manager.authorizationStatus) }
        }
        let recorder = Recorder()
        let manager = CLLocationManager()
        manager.delegate = recorder
        #expect(recorder.statuses.isEmpty)                // asynchronous (C3)
        manager.app.device.run()
        #expect(recorder.statuses == [.notDetermined])
        #expect(CLLocationManager.authorizationStatus() == .notDetermined)
        #expect(CLLocationManager.locationServicesEnabled())
    }
}
