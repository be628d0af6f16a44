import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section H: Allow Once (temporary When In Use).
@Suite("H: Allow Once")
struct AllowOnceTests {
    /// Allow Once ends: the record is notDetermined again and manager #0 is told so (its
    /// callback is left to receive).
    static func expired(_ state: inout AuthorizationModel) {
        state.record.authorization = .notDetermined
        state.services.managers[0].reportedStatus = .notDetermined
    }

    @Test("H1: Allow Once grants temporary authorizedWhenInUse and Settings shows Ask Next Time")
    func allowOnceGrantsTemporaryWhenInUse() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        store.send(.userChoseButton(.allowOnce, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: true)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        store.receive([.promptDismissed(.initial, answer: .allowOnce), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        store.finish()
        #expect(store.state.status == .authorizedWhenInUse)
        #expect(store.state.settingsSelection == .askNextTime)

        // From requestAlways as well (E5).
        let a = TestStore(Rig.model())
        a.requestShowingInitialPrompt(.always)
        a.answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        a.finish()
        #expect(a.state.isTemporary && a.state.settingsSelection == .askNextTime)
    }

    @Test("H3: Allow Once lapses allowOnceLapse (default 50 s) after the grace period; a switch of under a minute keeps it; relaunch ends it")
    func allowOnceLapse() {
        // Default: one minute out of the foreground (10 s grace period, then 50 s): a 59 s switch keeps it.
        let d = TestStore(Rig.model())
        d.grantAllowOnce()
        d.enterBackground()
        d.send(.clockAdvanced(to: .seconds(30))) {
            $0.clock.now = .seconds(30)
            $0.clock.timers = [ScheduledTimer(at: .seconds(60), kind: .allowOnceExpiry)]
        }
        d.send(.clockAdvanced(to: .seconds(59))) { $0.clock.now = .seconds(59) }
        #expect(d.state.status == .authorizedWhenInUse && d.state.isTemporary)
        d.returnToForeground { $0.clock.timers = [] }
        #expect(d.state.isTemporary)
        // A minute away ends it.
        d.enterBackground()
        d.send(.clockAdvanced(to: .seconds(59 + 60))) {
            $0.clock.now = .seconds(59 + 60)
            $0.clock.timers = []
            Self.expired(&$0)
        }
        d.receive(Rig.auth(.notDetermined))
        d.finish()

        // No lapse: the grant ends with the grace period.
        var zero = DeviceParameters()
        zero.allowOnceLapse = .zero
        let z = TestStore(Rig.model(parameters: zero))
        z.grantAllowOnce()
        z.enterBackground()
        z.send(.clockAdvanced(to: .milliseconds(9_999))) { $0.clock.now = .milliseconds(9_999) }
        z.send(.clockAdvanced(to: .seconds(10))) {
            $0.clock.now = .seconds(10)
            $0.clock.timers = []
            Self.expired(&$0)
        }
        z.receive(Rig.auth(.notDetermined))
        z.finish()

        // Five more minutes out of use.
        var p = DeviceParameters()
        p.allowOnceLapse = .seconds(300)
        let m = TestStore(Rig.model(parameters: p))
        m.grantAllowOnce()
        m.enterBackground()
        m.send(.clockAdvanced(to: .seconds(10))) {
            $0.clock.now = .seconds(10)
            $0.clock.timers = [ScheduledTimer(at: .seconds(310), kind: .allowOnceExpiry)]
        }
        m.send(.clockAdvanced(to: .milliseconds(309_999))) { $0.clock.now = .milliseconds(309_999) }
        #expect(m.state.status == .authorizedWhenInUse)
        m.send(.clockAdvanced(to: .seconds(310))) {
            $0.clock.now = .seconds(310)
            $0.clock.timers = []
            Self.expired(&$0)
        }
        m.receive(Rig.auth(.notDetermined))
        m.finish()

        // A brief switch away and back keeps the grant; the lapse restarts on the next departure.
        let b = TestStore(Rig.model(parameters: p))
        b.grantAllowOnce()
        b.enterBackground()
        b.send(.clockAdvanced(to: .seconds(200))) {
            $0.clock.now = .seconds(200)
            $0.clock.timers = [ScheduledTimer(at: .seconds(310), kind: .allowOnceExpiry)]
        }
        b.returnToForeground { $0.clock.timers = [] }
        b.enterBackground()
        b.send(.clockAdvanced(to: .seconds(200 + 309))) {
            $0.clock.now = .seconds(200 + 309)
            $0.clock.timers = [ScheduledTimer(at: .seconds(200 + 310), kind: .allowOnceExpiry)]
        }
        b.send(.clockAdvanced(to: .seconds(200 + 310))) {
            $0.clock.now = .seconds(200 + 310)
            $0.clock.timers = []
            Self.expired(&$0)
        }
        b.receive(Rig.auth(.notDetermined))
        b.finish()

        // Closing the app and relaunching it ends the grant, even within the lapse.
        let t = TestStore(Rig.model(parameters: p))
        t.grantAllowOnce()
        t.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
            $0.record.authorization = .notDetermined
        }
        t.send(.clockAdvanced(to: .seconds(30))) { $0.clock.now = .seconds(30) }
        t.send(.appLaunched) { $0.lifecycle.state = .foreground }
        #expect(t.state.status == .notDetermined)
        t.createManager(reporting: .notDetermined)
        t.finish()
    }

    @Test("H4: Allow Once does not expire while the app stays in use (foreground, or a background session with the indicator)")
    func allowOnceLastsWhileInUse() {
        let f = TestStore(Rig.model())
        f.grantAllowOnce()
        f.send(.clockAdvanced(to: .seconds(86_400))) { $0.clock.now = .seconds(86_400) }
        f.finish()
        #expect(f.state.isTemporary && f.state.status == .authorizedWhenInUse)

        let s = TestStore(Rig.model())
        s.grantAllowOnce()
        s.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        s.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
        }
        s.enterBackground()
        s.receive(.indicatorChanged(true))
        s.send(.clockAdvanced(to: .seconds(86_400))) {
            $0.clock.now = .seconds(86_400)
            $0.clock.timers = []
        }
        #expect(s.state.isTemporary && s.state.isInUse)
        // Ending the session ends use, and the grant lapses allowOnceLapse (50 s) later.
        s.send(.appStoppedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = false
            $0.services.managers[0].updatingStartedInForeground = false
            $0.services.managers[0].wasDeliverable = false
            $0.clock.timers = [ScheduledTimer(at: .seconds(86_400 + 50), kind: .allowOnceExpiry)]
        }
        s.receive(.indicatorChanged(false))
        s.send(.clockAdvanced(to: .seconds(86_400 + 50))) {
            $0.clock.now = .seconds(86_400 + 50)
            $0.clock.timers = []
            Self.expired(&$0)
        }
        s.receive(Rig.auth(.notDetermined))
        s.finish()
    }

    @Test("H5: after Allow Once expires, requestWhenInUse prompts again (allowOnceExpiryRestoresAlwaysRequest for Always)")
    func promptAgainAfterExpiry() {
        let m = TestStore(Rig.model())
        m.grantAllowOnce()
        m.leaveUse(lapse: Self.expired)
        m.receive(Rig.auth(.notDetermined))
        m.returnToForeground()
        m.requestShowingInitialPrompt(.whenInUse)
        m.finish()

        // Allow Once answered to requestAlways: by default the Always request comes back…
        func alwaysAgain(_ p: DeviceParameters) -> TestStore {
            let a = TestStore(Rig.model(parameters: p))
            a.requestShowingInitialPrompt(.always)
            a.answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
            a.leaveUse {
                Self.expired(&$0)
                if p.allowOnceExpiryRestoresAlwaysRequest { $0.record.alwaysRequestSpent = false }
            }
            a.receive(Rig.auth(.notDetermined))
            a.returnToForeground()
            return a
        }
        let restored = alwaysAgain(DeviceParameters())
        restored.requestShowingInitialPrompt(.always)
        restored.finish()
        // …unless the device keeps it spent.
        var spent = DeviceParameters()
        spent.allowOnceExpiryRestoresAlwaysRequest = false
        let kept = alwaysAgain(spent)
        kept.ignoredRequest(.always, .alwaysAlreadyRequested)
        kept.finish()
    }

    @Test("H6: CLLocationButton grants temporary When In Use: confirmation on first tap, silent later, expires out of use, ignored where unsupported")
    func locationButton() {
        let store = TestStore(Rig.model())
        let confirmation = Prompt(kind: .locationButtonConfirmation, request: .whenInUse, title: "Allow “Trails” to use your current location?",
                                  message: "The app will be able to use your location only while it is in use.", buttons: [.allowOnce, .dontAllow])
        store.send(.userTappedLocationButton) {
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: .zero, manager: nil)
        }
        store.receive([.promptShown(confirmation), .appWillResignActive])
        #expect(confirmation.buttons == [.allowOnce, .dontAllow])
        store.send(.userChoseButton(.allowOnce, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.locationButtonConfirmed = true
            $0.record.authorization = .whenInUse(temporary: true)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        store.receive([.promptDismissed(.locationButtonConfirmation, answer: .allowOnce), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        #expect(store.state.isTemporary)
        // It expires like Allow Once.
        store.leaveUse(lapse: Self.expired)
        store.receive(Rig.auth(.notDetermined))
        // Later taps grant it with no alert.
        store.returnToForeground()
        store.send(.userTappedLocationButton) {
            $0.record.authorization = .whenInUse(temporary: true)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        store.receive(Rig.auth(.authorizedWhenInUse))
        store.finish()
        #expect(store.state.isTemporary)

        // Ignored: compatible iPhone/iPad apps on visionOS, the Mac, and before iOS 15.
        for model in [Rig.model(Platform(.visionOS, 1), app: AppDescription(name: "Trails", compatibleApp: true)),
                      Rig.model(Platform(.macOS, 14)), Rig.model(Platform(.iOS, 14))] {
            let ignored = TestStore(model)
            ignored.send(.userTappedLocationButton)
            ignored.finish()
            #expect(ignored.state.status == .notDetermined)
        }
    }
}
