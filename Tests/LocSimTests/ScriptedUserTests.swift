import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport
import Testing

/// When the scripted user answers: as soon as its prompt is on screen, without `device.run()`.
@Suite("The scripted user answers as soon as the prompt is on screen")
struct ScriptedUserTests {
    static func launched() -> (SimulatedDevice, SimulatedApp, LocationManager, Rig.Recorder) {
        let device = SimulatedDevice(platform: Platform(.iOS, 18))
        let app = device.install(AppDescription(name: "Trails"))
        app.launch()
        let manager = LocationManager(app: app)
        let recorder = Rig.Recorder()
        manager.delegate = recorder
        device.run()
        return (device, app, manager, recorder)
    }

    @Test("an answer queued while the prompt is on screen is given at once, and its callback delivered")
    func answerQueuedWhilePromptIsUp() {
        let (device, _, manager, recorder) = Self.launched()
        manager.requestWhenInUseAuthorization()
        device.run()
        #expect(device.promptOnScreen?.prompt.kind == .initial)
        device.user.willChoose(.allowWhileUsing)
        // No device.run(): the user tapped, and the run loop turned.
        #expect(device.promptOnScreen == nil)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
        #expect(recorder.statuses == [.notDetermined, .authorizedWhenInUse])
    }

    @Test("an answer closure set while the prompt is on screen answers it at once")
    func answerClosureSetWhilePromptIsUp() {
        let (device, _, manager, _) = Self.launched()
        manager.requestWhenInUseAuthorization()
        device.user.answer = { _ in PromptChoice(.dontAllow) }
        #expect(device.promptOnScreen == nil)
        #expect(manager.authorizationStatus == .denied)
    }

    @Test("a queued answer is given when any device action turns the run loop after the prompt appears")
    func answerGivenOnNextDeviceAction() {
        let (device, _, manager, _) = Self.launched()
        device.user.willChoose(.allowOnce)
        manager.requestWhenInUseAuthorization()
        #expect(manager.authorizationStatus == .notDetermined) // D2: not inside the app's call
        device.advance(by: .seconds(1))
        #expect(device.promptOnScreen == nil)
        #expect(manager.authorizationStatus == .authorizedWhenInUse)
    }

    @Test("an answer queued with no prompt on screen waits and turns nothing")
    func answerWithoutPromptWaits() {
        let (device, _, manager, recorder) = Self.launched()
        manager.startUpdatingLocation() // nothing pending for the run loop that the user's answer should deliver
        device.user.willChoose(.allowWhileUsing)
        #expect(device.user.queuedAnswers.count == 1)
        #expect(recorder.statuses == [.notDetermined])
        #expect(manager.authorizationStatus == .notDetermined)
    }
}
