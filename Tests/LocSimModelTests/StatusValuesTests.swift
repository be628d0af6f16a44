import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section A: `CLAuthorizationStatus` values and what each means. A1, A2 and A11 are pure
/// value tests (raw values, aliases) with no event to send, so they need no store.
@Suite("A. Status values and meaning")
struct StatusValuesTests {
    @Test("A1: CLAuthorizationStatus is Int32-backed with raw values 0 to 4")
    func rawValues() {
        #expect(ObjectIdentifier(AuthorizationStatus.RawValue.self) == ObjectIdentifier(Int32.self))
        #expect(AuthorizationStatus.notDetermined.rawValue == 0)
        #expect(AuthorizationStatus.restricted.rawValue == 1)
        #expect(AuthorizationStatus.denied.rawValue == 2)
        #expect(AuthorizationStatus.authorizedAlways.rawValue == 3)
        #expect(AuthorizationStatus.authorizedWhenInUse.rawValue == 4)
        #expect(AuthorizationStatus.allCases.count == 5)
        #expect(AuthorizationStatus(rawValue: 5) == nil)
    }

    @Test("A2: authorized is the same value as authorizedAlways")
    func authorizedAlias() {
        #expect(AuthorizationStatus.authorized == .authorizedAlways)
        #expect(AuthorizationStatus.authorized.rawValue == 3)
        #expect(AuthorizationStatus(word: "authorized") == .authorizedAlways)
        // A simulator cannot tell them apart: both print as the same word.
        #expect(AuthorizationStatus.authorized.description == AuthorizationStatus.authorizedAlways.description)
    }

    @Test("A3: a granted macOS app reports authorizedAlways, never authorizedWhenInUse")
    func macOSReportsAuthorizedAlways() {
        let store = TestStore(Rig.model(Platform(.macOS, 10, 15)))
        store.requestShowingInitialPrompt(.whenInUse)
        #expect(store.state.prompts.onScreen?.prompt.buttons == [.dontAllow, .allow])
        store.send(.userChoseButton(.allow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .always(provisional: false)
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        store.receive([.promptDismissed(.initial, answer: .allow), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
        #expect(store.state.status == .authorized)
        // Choosing "While Using" in Settings on a Mac still reads 3.
        store.send(.userChangedSetting(.whileUsing)) { $0.record.authorization = .whenInUse(temporary: false) }
        store.finish()
        #expect(store.state.status == .authorizedAlways)
    }

    @Test("A4: notDetermined prompts on a request, but only in the foreground")
    func notDeterminedPromptsOnlyInForeground() {
        let store = TestStore(Rig.model())
        #expect(store.state.status == .notDetermined)
        store.requestShowingInitialPrompt(.whenInUse)
        store.finish()
        let background = TestStore(Rig.model())
        background.enterBackground()
        background.ignoredRequest(.whenInUse, .notInForeground)
        background.finish()
        #expect(background.state.prompts.onScreen == nil)
        #expect(background.state.status == .notDetermined)
    }

    @Test("A5: restricted overrides the app's setting, requests do nothing and the user cannot change it")
    func restricted() {
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.send(.restrictionChanged(true)) {
            $0.device.restricted = true
            $0.services.managers[0].reportedStatus = .restricted
        }
        store.receive(Rig.auth(.restricted))
        #expect(store.state.status == .restricted)
        store.ignoredRequest(.whenInUse, .restricted)
        store.ignoredRequest(.always, .restricted)
        // Settings is locked: the option cannot be picked, so the script asking for it is rejected.
        store.send(.userChangedSetting(.never))
        store.receive(.rejected("Settings › Location is locked by a restriction (parental controls or MDM)"))
        #expect(store.state.record.authorization == .whenInUse(temporary: false))
        store.send(.restrictionChanged(false)) {
            $0.device.restricted = false
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        store.receive(Rig.auth(.authorizedWhenInUse))
        store.finish()
    }

    @Test("A6: denied for Don't Allow, global Location Services off and Airplane mode; switching back restores the status")
    func deniedCases() {
        let m = TestStore(Rig.model())
        m.grantWhenInUse()
        m.send(.userSwitchedLocationServices(false)) {
            $0.device.locationServicesEnabled = false
            $0.services.managers[0].reportedStatus = .denied
        }
        m.receive(Rig.auth(.denied))
        #expect(m.state.status == .denied)
        m.send(.userSwitchedLocationServices(true)) {
            $0.device.locationServicesEnabled = true
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        m.receive(Rig.auth(.authorizedWhenInUse))
        m.send(.userSwitchedAirplaneMode(true)) {
            $0.device.airplaneMode = true
            $0.services.managers[0].reportedStatus = .denied
        }
        m.receive(Rig.auth(.denied))
        m.send(.userSwitchedAirplaneMode(false)) {
            $0.device.airplaneMode = false
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        m.receive(Rig.auth(.authorizedWhenInUse))
        m.finish()

        let d = TestStore(Rig.model())
        d.requestShowingInitialPrompt(.whenInUse)
        d.send(.userChoseButton(.dontAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .denied
            $0.services.managers[0].reportedStatus = .denied
        }
        d.receive([.promptDismissed(.initial, answer: .dontAllow), .appDidBecomeActive, Rig.auth(.denied)])
        // Global off then on again returns to the app's own denied status: no change, no callback.
        d.send(.userSwitchedLocationServices(false)) { $0.device.locationServicesEnabled = false }
        d.send(.userSwitchedLocationServices(true)) { $0.device.locationServicesEnabled = true }
        d.finish()
        #expect(d.state.status == .denied)
    }

    @Test("A7: When In Use delivers only while in use unless a background session was started in use")
    func whenInUseDeliversOnlyInUse() {
        let here = Location(coordinate: Coordinate(latitude: 48.85, longitude: 2.35))
        let there = Location(coordinate: Coordinate(latitude: 48.86, longitude: 2.36))

        // No background session: nothing after the grace period.
        let m = TestStore(Rig.model())
        m.grantWhenInUse()
        m.send(.deviceMoved(here)) { $0.device.location = here }
        m.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .zero
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([here])))
        m.leaveUse { $0.services.managers[0].wasDeliverable = false }
        #expect(!m.state.isInUse)
        m.send(.deviceMoved(there)) { $0.device.location = Rig.fix(there.coordinate, at: .seconds(61)) }
        m.finish()

        // A continuous background session started in use keeps updates coming, with the indicator.
        let s = TestStore(Rig.model(app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"])))
        s.grantWhenInUse()
        s.send(.deviceMoved(here)) { $0.device.location = here }
        s.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        s.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .zero
        }
        s.receive(.delegate(Rig.manager, .didUpdateLocations([here])))
        s.enterBackground()
        s.receive(.indicatorChanged(true))
        s.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
        }
        #expect(s.state.isInUse)
        var moved = there
        moved.timestamp = .seconds(60)
        s.send(.deviceMoved(there)) {
            $0.device.location = moved
            $0.services.managers[0].lastDelivery = .seconds(60)
        }
        s.receive(.delegate(Rig.manager, .didUpdateLocations([moved])))
        s.finish()
    }

    @Test("A8: Always lets monitoring launch a terminated app; When In Use and watchOS apps are never launched")
    func alwaysLaunchesTerminatedApp() {
        func terminatedWithRegion(_ platform: Platform, always: Bool) -> TestStore {
            let store = TestStore(Rig.model(platform))
            store.grantWhenInUse()
            if always {
                store.requestShowingUpgradePrompt()
                store.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
            }
            store.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
            store.send(.appTerminated) {
                $0.lifecycle.state = .notRunning
                $0.services.managers = []
            }
            return store
        }
        let always = terminatedWithRegion(Platform(.iOS, 18), always: true)
        #expect(always.state.status == .authorizedAlways)
        always.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.lifecycle.state = .background
            $0.services.pendingLaunchEvents = [.regionEntered("home")]
        }
        always.receive(.appLaunchedBySystem(reason: "region enter home"))
        #expect(always.state.lifecycle.state == .background)
        // The relaunched app creates its manager and gets the held event.
        always.send(.appCreatedManager(Rig.manager, hasDelegate: true)) {
            var manager = ManagerState(id: Rig.manager, hasDelegate: true)
            manager.reportedStatus = .authorizedAlways
            manager.reportedAccuracy = .fullAccuracy
            $0.services.managers = [manager]
            $0.services.pendingLaunchEvents = []
        }
        always.receive([Rig.auth(.authorizedAlways), .delegate(Rig.manager, .didEnterRegion("home"))])
        always.finish()

        let whenInUse = terminatedWithRegion(Platform(.iOS, 18), always: false)
        whenInUse.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        whenInUse.finish()
        #expect(whenInUse.state.lifecycle.state == .notRunning)

        let watch = terminatedWithRegion(Platform(.watchOS, 10), always: true)
        #expect(watch.state.status == .authorizedAlways)
        watch.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        watch.finish()
        #expect(watch.state.lifecycle.state == .notRunning)
    }

    @Test("A9: Allow Once and Allow While Using App both report authorizedWhenInUse")
    func allowOnceLooksLikeWhileUsing() {
        // The same callback (stated exhaustively by each step) for both answers.
        let once = TestStore(Rig.model())
        once.grantAllowOnce()
        once.finish()
        let permanent = TestStore(Rig.model())
        permanent.grantWhenInUse()
        permanent.finish()
        #expect(once.state.status == .authorizedWhenInUse)
        #expect(once.state.status == permanent.state.status)
        #expect(once.state.accuracy == permanent.state.accuracy)
        // Only the (invisible) stored record differs.
        #expect(once.state.isTemporary)
        #expect(!permanent.state.isTemporary)
    }

    @Test("A10: provisional Always reports authorizedAlways while Settings shows While Using")
    func provisionalLooksLikeAlways() {
        let provisional = TestStore(Rig.model())
        provisional.grantProvisionalAlways()
        provisional.finish()
        #expect(provisional.state.isProvisional)
        #expect(provisional.state.status == .authorizedAlways)
        #expect(provisional.state.settingsSelection == .whileUsing)

        let permanent = TestStore(Rig.model())
        permanent.grantWhenInUse()
        permanent.requestShowingUpgradePrompt()
        permanent.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        permanent.finish()
        #expect(!permanent.state.isProvisional)
        #expect(permanent.state.status == provisional.state.status)
        #expect(permanent.state.settingsSelection == .always)
    }

    @Test("A11: CLAccuracyAuthorization is fullAccuracy 0 and reducedAccuracy 1")
    func accuracyRawValues() {
        #expect(ObjectIdentifier(AccuracyAuthorization.RawValue.self) == ObjectIdentifier(Int.self))
        #expect(AccuracyAuthorization.fullAccuracy.rawValue == 0)
        #expect(AccuracyAuthorization.reducedAccuracy.rawValue == 1)
        #expect(AccuracyAuthorization.allCases == [.fullAccuracy, .reducedAccuracy])
    }

    @Test("A6: airplaneModeDeniesLocation (default true) decides whether Airplane mode reads as denied; false keeps the status and lets a request prompt")
    func airplaneModeParameter() {
        #expect(DeviceParameters().airplaneModeDeniesLocation)
        // Default: denied, and a request from notDetermined does nothing (M3).
        var denies = Rig.model()
        #expect(Rig.calls(denies.handle(.userSwitchedAirplaneMode(true))) == [.didChangeAuthorization(.denied, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(denies.status == .denied)
        #expect(denies.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .locationServicesOff)])
        // false: GPS keeps working in Airplane mode; the status and the prompt are as without it.
        var p = DeviceParameters()
        p.airplaneModeDeniesLocation = false
        var keeps = Rig.model(parameters: p)
        #expect(keeps.handle(.userSwitchedAirplaneMode(true)).isEmpty)
        #expect(keeps.device.airplaneMode && keeps.status == .notDetermined)
        #expect(Rig.prompts(keeps.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).count == 1)
        _ = keeps.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(keeps.status == .authorizedWhenInUse)
        _ = keeps.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(Rig.calls(keeps.handle(.deviceMoved(Location(coordinate: Rig.there)))).count == 1)
    }
}
