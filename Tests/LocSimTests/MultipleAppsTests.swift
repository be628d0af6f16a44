import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// One device, several apps: device-wide switches reach every app; prompts and Settings are per app.
@Suite("Several apps on one device")
struct MultipleAppsTests {
    @Test("M1, L2: the global switch and Reset reach every app; each app keeps its own status and prompt")
    func twoApps() throws {
        let trails = Rig.Sim(app: AppDescription(name: "Trails"))
        let weather = Rig.Sim(on: trails.device, app: AppDescription(name: "Weather"))
        let device = trails.device
        trails.app.launch()
        trails.call { $0.requestWhenInUseAuthorization() }
        #expect(device.promptOnScreen?.app === trails.app)
        try device.choose(.allowWhileUsing)
        trails.app.enterBackground()
        weather.app.launch()
        weather.call { $0.requestWhenInUseAuthorization() }
        #expect(device.promptOnScreen?.app === weather.app)
        #expect(device.promptOnScreen?.prompt.title.contains("Weather") == true)
        try device.choose(.dontAllow)
        #expect(trails.app.authorizationStatus == .authorizedWhenInUse)
        #expect(weather.app.authorizationStatus == .denied)
        device.setLocationServices(false)
        #expect(trails.app.authorizationStatus == .denied)
        device.setLocationServices(true)
        #expect(trails.app.authorizationStatus == .authorizedWhenInUse)   // M1: the previous status returns
        #expect(weather.app.authorizationStatus == .denied)
        device.resetLocationAndPrivacy()
        #expect(trails.app.authorizationStatus == .notDetermined)
        #expect(weather.app.authorizationStatus == .notDetermined)
        #expect(weather.recorder.statuses == [.notDetermined, .denied, .notDetermined])
        #expect(device.timeline.callbacks(of: "main", app: "Weather").map(\.description) == ["didChangeAuthorization(notDetermined)", "didChangeAuthorization(denied)", "didChangeAuthorization(notDetermined)"])
    }
}
