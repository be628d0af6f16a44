import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section M: global Location Services off, and restricted.
@Suite("M: Location Services off and restricted")
struct GlobalSwitchTests {
    /// The user switches Location Services off or on in Settings; manager #0 is told `status`
    /// (off: denied, whatever the app's record, M1).
    static func switchLocationServices(_ store: TestStore, _ on: Bool, reporting status: AuthorizationStatus,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.userSwitchedLocationServices(on), sourceLocation: sourceLocation) {
            $0.device.locationServicesEnabled = on
            $0.services.managers[0].reportedStatus = status
        }
        store.receive(Rig.auth(status), sourceLocation: sourceLocation)
    }

    @Test("M2: starting a service with Location Services off shows the Turn On Location Services dialog (showsLocationServicesOffDialog, once per launch)")
    func locationServicesOffDialog() {
        let m = TestStore(Rig.model())
        Self.switchLocationServices(m, false, reporting: .denied)
        let dialog = Prompt(kind: .locationServicesOff, request: .whenInUse,
                            title: "Turn On Location Services to Allow “Trails” to Determine Your Location",
                            message: "", buttons: [.settings, .cancel])
        m.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.lifecycle.locationServicesDialogShown = true
            $0.prompts.onScreen = PresentedPrompt(prompt: dialog, shownAt: .zero, manager: Rig.manager)
        }
        m.receive([.promptShown(dialog), .appWillResignActive, .delegate(Rig.manager, .didFailWithError(.denied))])
        m.send(.userChoseButton(.cancel, precise: nil)) { $0.prompts.onScreen = nil }
        m.receive([.promptDismissed(.locationServicesOff, answer: .cancel), .appDidBecomeActive])
        // Once per launch…
        m.send(.appRequestedLocation(Rig.manager))
        m.receive(.delegate(Rig.manager, .didFailWithError(.denied)))
        // …and again after a relaunch.
        m.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        m.send(.appLaunched) {
            $0.lifecycle.state = .foreground
            $0.lifecycle.locationServicesDialogShown = false
        }
        m.createManager(reporting: .denied)
        m.send(.appStartedVisits(Rig.manager)) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
            $0.lifecycle.locationServicesDialogShown = true
            $0.prompts.onScreen = PresentedPrompt(prompt: dialog, shownAt: .zero, manager: Rig.manager)
        }
        m.receive([.promptShown(dialog), .appWillResignActive, .delegate(Rig.manager, .didFailWithError(.denied))])
        m.finish()

        // A device that never shows it.
        var p = DeviceParameters()
        p.showsLocationServicesOffDialog = false
        let quiet = TestStore(Rig.model(parameters: p))
        Self.switchLocationServices(quiet, false, reporting: .denied)
        quiet.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
        }
        quiet.receive(.delegate(Rig.manager, .didFailWithError(.denied)))
        quiet.finish()
    }

    @Test("M3: with Location Services off a notDetermined app's requests show no prompt")
    func noPromptWhileOff() {
        let m = TestStore(Rig.model())
        Self.switchLocationServices(m, false, reporting: .denied)
        m.ignoredRequest(.whenInUse, .locationServicesOff)
        m.ignoredRequest(.always, .locationServicesOff)
        #expect(m.state.prompts.onScreen == nil && m.state.record.authorization == .notDetermined && !m.state.record.alwaysRequestSpent)
        Self.switchLocationServices(m, true, reporting: .notDetermined)
        m.requestShowingInitialPrompt(.always)
        m.finish()
    }

    @Test("M4: restricted apps' requests do nothing, Settings cannot change them, and services fail with kCLErrorDenied")
    func restricted() {
        let m = TestStore(Rig.model())
        m.send(.restrictionChanged(true)) {
            $0.device.restricted = true
            $0.services.managers[0].reportedStatus = .restricted
        }
        m.receive(Rig.auth(.restricted))
        m.ignoredRequest(.whenInUse, .restricted)
        m.ignoredRequest(.always, .restricted)
        m.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
        }
        m.receive(.delegate(Rig.manager, .didFailWithError(.denied)))
        m.send(.appRequestedLocation(Rig.manager))
        m.receive(.delegate(Rig.manager, .didFailWithError(.denied)))
        m.send(.userTappedLocationButton)
        m.send(.userChangedSetting(.always))
        m.receive(.rejected("Settings › Location is locked by a restriction (parental controls or MDM)"))
        #expect(m.state.status == .restricted && m.state.record.authorization == .notDetermined)
        m.send(.restrictionChanged(false)) {
            $0.device.restricted = false
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        m.receive(Rig.auth(.notDetermined))
        m.finish()
    }
}
