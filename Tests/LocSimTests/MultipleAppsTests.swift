import Testing
import LocSim

/// One device, several apps: device-wide switches reach every app; prompts and Settings are per app.
@Suite("Several apps on one device")
struct MultipleAppsTests {
    @Test("M1, L2: the global switch and Reset reach every app; each app keeps its own status and prompt")
    func twoApps() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let trails = device.install(AppDescription(name: "Trails"))
        let weather = device.install(AppDescription(name: "Weather"))
        var trailsManager: LocationManager!
        var weatherManager: LocationManager!
        trails.onLaunch = { trailsManager = LocationManager(app: $0) }
        weather.onLaunch = { weatherManager = LocationManager(app: $0) }
        trails.launch()
        trailsManager.requestWhenInUseAuthorization()
        #expect(device.promptOnScreen?.app === trails)
        try device.choose(.allowWhileUsing)
        trails.enterBackground()
        weather.launch()
        weatherManager.requestWhenInUseAuthorization()
        #expect(device.promptOnScreen?.app === weather)
        #expect(device.promptOnScreen?.prompt.title.contains("Weather") == true)
        try device.choose(.dontAllow)
        #expect(trails.authorizationStatus == .authorizedWhenInUse)
        #expect(weather.authorizationStatus == .denied)
        device.setLocationServices(false)
        #expect(trails.authorizationStatus == .denied)
        device.setLocationServices(true)
        #expect(trails.authorizationStatus == .authorizedWhenInUse)   // M1: the previous status returns
        #expect(weather.authorizationStatus == .denied)
        device.resetLocationAndPrivacy()
        #expect(trails.authorizationStatus == .notDetermined)
        #expect(weather.authorizationStatus == .notDetermined)
        #expect(device.timeline.callbacks(of: "main", app: "Weather") == ["didChangeAuthorization(notDetermined)", "didChangeAuthorization(denied)", "didChangeAuthorization(notDetermined)"])
    }
}
