import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section L: the Settings app and system-level controls.
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("L: Settings, through the simulator")
struct SettingsTests {
    @Test("L2: Reset Location & Privacy puts every app back to notDetermined, tells the delegate, and prompts appear again")
    func resetLocationAndPrivacy() throws {
        let sim = Rig.Sim()
        let other = Rig.Sim(on: sim.device, app: AppDescription(name: "Notes", purposeStrings: Rig.purposeStrings))
        sim.app.launch()
        sim.call { $0.requestAlwaysAuthorization() }
        try sim.device.choose(.allowWhileUsing)
        sim.app.enterBackground()
        other.app.launch()
        other.manager.requestWhenInUseAuthorization()
        try sim.device.choose(.allowWhileUsing)
        #expect(sim.app.authorizationStatus == .authorizedAlways && other.app.authorizationStatus == .authorizedWhenInUse)

        sim.device.resetLocationAndPrivacy()
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedAlways, .notDetermined])
        #expect(other.recorder.statuses == [.notDetermined, .authorizedWhenInUse, .notDetermined])
        #expect(!sim.app.model.record.alwaysRequestSpent)

        // Both apps can prompt again (the Always request included, E4).
        other.app.enterBackground()
        sim.app.enterForeground()
        sim.call { $0.requestAlwaysAuthorization() }
        #expect(sim.device.promptOnScreen?.app === sim.app)
        #expect(sim.device.promptOnScreen?.prompt.kind == .initial)
        #expect(sim.device.rejections.isEmpty)
    }

    @Test("L3: a Settings change made while the app is suspended or not running is reported when it next runs")
    func settingsChangeWhileAway() throws {
        let sim = Rig.Sim()
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        try sim.device.choose(.allowWhileUsing)
        sim.app.enterBackground()
        sim.device.advance(by: .seconds(30))
        sim.app.suspend()
        sim.app.changeSetting(.never)
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedWhenInUse])
        sim.app.enterForeground()
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedWhenInUse, .denied])

        sim.app.terminate()
        sim.app.changeSetting(.always)
        #expect(sim.recorder.statuses.count == 3)
        sim.app.launch()
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedWhenInUse, .denied, .authorizedAlways])
        #expect(sim.callbacks.last == "didChangeAuthorization(authorizedAlways)")
    }
}
