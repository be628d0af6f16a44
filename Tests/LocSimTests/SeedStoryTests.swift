import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

@Suite("Seed 000: Request Always Authorization Directly")
struct SeedStoryTests {
    @Test("G3, G5, C6: provisional Always is confirmed by the second prompt and the held event arrives")
    func requestAlwaysDirectly() throws {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Trails", backgroundModes: ["location"]))
        let recorder = Rig.Recorder()
        var manager: LocationManager?
        app.onLaunch = { app in
            let m = LocationManager(app: app)
            m.delegate = recorder
            manager = m
        }
        app.launch()
        #expect(recorder.statuses == [.notDetermined])
        manager!.requestAlwaysAuthorization()
        #expect(device.promptOnScreen?.prompt.kind == .initial)
        #expect(device.promptOnScreen?.prompt.buttons == [.allowOnce, .allowWhileUsing, .dontAllow])
        try device.choose(.allowWhileUsing)
        #expect(recorder.statuses == [.notDetermined, .authorizedAlways])
        #expect(app.model.isProvisional)
        manager!.startMonitoring(for: Region(name: "home"))
        app.enterBackground()
        device.advance(by: .seconds(30))
        app.terminate()
        device.enterRegion("home")
        #expect(device.promptOnScreen?.prompt.kind == .alwaysConfirmation)
        #expect(app.state == .notRunning)
        try device.choose(.changeToAlwaysAllow)
        #expect(app.state == .background)
        #expect(!app.model.isProvisional)
        #expect(app.authorizationStatus == .authorizedAlways)
        print(device.timeline.text)
        #expect(recorder.entered == ["home"])
    }
}
