import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section K: precise vs approximate location (accuracy authorization).
@Suite("K: Accuracy authorization")
struct AccuracyTests {
    /// ``Rig/whenInUse(precise:_:app:parameters:)`` as a store: permanent When In Use answered
    /// with Precise `precise`, stated exhaustively.
    static func whenInUse(precise: Bool, app: AppDescription = Rig.navigationApp, parameters: DeviceParameters = DeviceParameters(),
                          sourceLocation: SourceLocation = #_sourceLocation) -> TestStore {
        let store = TestStore(Rig.model(app: app, parameters: parameters))
        store.requestShowingInitialPrompt(.whenInUse, sourceLocation: sourceLocation)
        let accuracy: AccuracyAuthorization = precise ? .fullAccuracy : .reducedAccuracy
        store.send(.userChoseButton(.allowWhileUsing, precise: precise), sourceLocation: sourceLocation) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.record.precise = precise
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[0].reportedAccuracy = accuracy
        }
        store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse, accuracy)],
                      sourceLocation: sourceLocation)
        return store
    }

    /// The user switches Precise Location to `on`; manager #0 is told the accuracy (C7).
    static func switchPrecise(_ store: TestStore, _ on: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let accuracy: AccuracyAuthorization = on ? .fullAccuracy : .reducedAccuracy
        let status = store.state.status
        store.send(.userChangedPreciseLocation(on), sourceLocation: sourceLocation) {
            $0.record.precise = on
            $0.services.managers[0].reportedAccuracy = accuracy
        }
        store.receive(Rig.auth(status, accuracy, changed: false), sourceLocation: sourceLocation)
    }

    /// Starts standard updates on manager #0 while they can be delivered.
    static func startUpdating(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.appStartedUpdatingLocation(Rig.manager), sourceLocation: sourceLocation) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
        }
    }

    @Test("K1: iOS 14+ apps have full or reduced accuracy, set by the prompt's Precise toggle or the Precise Location switch")
    func accuracyAuthorization() {
        let m = Self.whenInUse(precise: false, app: Rig.app)
        #expect(m.state.accuracy == .reducedAccuracy)
        Self.switchPrecise(m, true)
        Self.switchPrecise(m, false)
        m.finish()
        let toggle = TestStore(Rig.model())
        toggle.requestShowingInitialPrompt(.whenInUse)
        toggle.finish()
        #expect(toggle.state.prompts.onScreen?.prompt.preciseToggle == true)

        // Before iOS 14 every app is precise and there is no switch.
        let old = TestStore(Rig.model(Platform(.iOS, 13, 7)))
        old.requestShowingInitialPrompt(.whenInUse)
        #expect(old.state.prompts.onScreen?.prompt.preciseToggle == nil)
        old.answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        #expect(old.state.accuracy == .fullAccuracy)
        old.send(.userChangedPreciseLocation(false))
        old.receive(.rejected("Precise Location does not exist on \(Platform(.iOS, 13, 7))"))
        old.finish()
        #expect(old.state.accuracy == .fullAccuracy)
    }

    @Test("K2: reduced accuracy snaps fixes to about 5 km, limits them to one per reducedAccuracyInterval (default 15 min) and drops region events")
    func reducedAccuracyService() {
        let m = Self.whenInUse(precise: false)
        m.send(.appSetDesiredAccuracy(Rig.manager, .best))
        Self.startUpdating(m)
        let first = Rig.fix(Rig.here, at: .zero)
        m.send(.deviceMoved(first)) {
            $0.device.location = first
            $0.services.managers[0].lastDelivery = .zero
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([first.reduced])))
        #expect(first.reduced.horizontalAccuracy == 5_000)
        #expect(first.reduced.coordinate != Rig.here)
        #expect(first.reduced.coordinate.distance(to: Rig.here) < 20_000)
        m.send(.clockAdvanced(to: .seconds(14 * 60))) { $0.clock.now = .seconds(14 * 60) }
        m.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) { $0.device.location = Rig.fix(Rig.there, at: .seconds(14 * 60)) }
        m.send(.clockAdvanced(to: .seconds(15 * 60))) { $0.clock.now = .seconds(15 * 60) }
        m.send(.deviceMoved(Rig.fix(Rig.here, at: .zero))) {
            $0.device.location = Rig.fix(Rig.here, at: .seconds(900))
            $0.services.managers[0].lastDelivery = .seconds(900)
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.here, at: .seconds(900)).reduced])))

        // A one-minute interval.
        var p = DeviceParameters()
        p.reducedAccuracyInterval = .seconds(60)
        let fast = Self.whenInUse(precise: false, parameters: p)
        Self.startUpdating(fast)
        fast.send(.deviceMoved(first)) {
            $0.device.location = first
            $0.services.managers[0].lastDelivery = .zero
        }
        fast.receive(.delegate(Rig.manager, .didUpdateLocations([first.reduced])))
        fast.send(.clockAdvanced(to: .seconds(59))) { $0.clock.now = .seconds(59) }
        fast.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) { $0.device.location = Rig.fix(Rig.there, at: .seconds(59)) }
        fast.send(.clockAdvanced(to: .seconds(60))) { $0.clock.now = .seconds(60) }
        fast.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) {
            $0.device.location = Rig.fix(Rig.there, at: .seconds(60))
            $0.services.managers[0].lastDelivery = .seconds(60)
        }
        fast.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60)).reduced])))
        fast.finish()

        // Region monitoring delivers nothing.
        m.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
        m.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        m.finish()
    }

    @Test("K2: the reduced-accuracy throttle holds across foreground returns; full accuracy gets a fresh fix on each return")
    func reducedAccuracyThrottleAcrossForegroundReturns() {
        let first = Rig.fix(Rig.here, at: .zero)
        for precise in [false, true] {
            let m = Self.whenInUse(precise: precise)
            Self.startUpdating(m)
            m.send(.deviceMoved(first)) {
                $0.device.location = first
                $0.services.managers[0].lastDelivery = .zero
            }
            m.receive(.delegate(Rig.manager, .didUpdateLocations([precise ? first : first.reduced])))
            // Two round trips to the background within the 15 minutes.
            for trip in 1...2 {
                let back = Duration.seconds(120 * trip)
                m.enterBackground()
                m.send(.clockAdvanced(to: back)) {
                    $0.clock.now = back
                    $0.clock.timers = []
                    $0.services.managers[0].wasDeliverable = false
                }
                m.returnToForeground {
                    $0.services.managers[0].wasDeliverable = true
                    if precise { $0.services.managers[0].lastDelivery = back }
                }
                if precise { m.receive(.delegate(Rig.manager, .didUpdateLocations([first]))) }
            }
            m.finish()
            // Reduced: the next fix waits for the interval since the last one.
            if !precise {
                m.send(.clockAdvanced(to: .seconds(15 * 60))) { $0.clock.now = .seconds(15 * 60) }
                m.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) {
                    $0.device.location = Rig.fix(Rig.there, at: .seconds(900))
                    $0.services.managers[0].lastDelivery = .seconds(900)
                }
                m.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(900)).reduced])))
                m.finish()
            }
        }
    }

    @Test("K3: with reduced accuracy visits and significant changes still arrive (reduced), geofences never launch; turning Precise off applies at once")
    func reducedAccuracyMonitoring() {
        let m = Self.whenInUse(precise: false)
        let here = Rig.fix(Rig.here, at: .zero)
        m.send(.deviceMoved(here)) { $0.device.location = here }
        m.send(.appStartedVisits(Rig.manager)) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
        }
        m.send(.appStartedSignificantChanges(Rig.manager)) {
            $0.services.managers[0].significantChanges = true
            $0.services.significantChangesRegistered = true
            $0.services.significantChangeAnchor = Rig.here
        }
        m.send(.deviceVisited)
        m.receive(.delegate(Rig.manager, .didVisit(here.reduced)))
        let there = Rig.fix(Rig.there, at: .zero)
        m.send(.deviceMoved(there)) {
            $0.device.location = there
            $0.services.significantChangeAnchor = Rig.there
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([there.reduced])))
        m.finish()

        // An Always app with reduced accuracy is not launched for a region, but is for a significant change.
        let a = TestStore(Rig.model(app: Rig.navigationApp))
        a.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
        Self.switchPrecise(a, false)
        a.send(.deviceMoved(here)) { $0.device.location = here }
        a.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
        a.send(.appStartedSignificantChanges(Rig.manager)) {
            $0.services.managers[0].significantChanges = true
            $0.services.significantChangesRegistered = true
            $0.services.significantChangeAnchor = Rig.here
        }
        a.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        a.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        a.send(.deviceMoved(there)) {
            $0.device.location = there
            $0.services.significantChangeAnchor = Rig.there
            $0.lifecycle.state = .background
            $0.services.pendingLaunchEvents = [.significantChange(there)]
        }
        a.receive(.appLaunchedBySystem(reason: "significant location change"))
        a.finish()

        // Precise off while running.
        let p = Self.whenInUse(precise: true)
        Self.startUpdating(p)
        p.send(.deviceMoved(here)) {
            $0.device.location = here
            $0.services.managers[0].lastDelivery = .zero
        }
        p.receive(.delegate(Rig.manager, .didUpdateLocations([here])))
        Self.switchPrecise(p, false)
        p.send(.clockAdvanced(to: .seconds(900))) { $0.clock.now = .seconds(900) }
        p.send(.deviceMoved(there)) {
            $0.device.location = Rig.fix(Rig.there, at: .seconds(900))
            $0.services.managers[0].lastDelivery = .seconds(900)
        }
        p.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(900)).reduced])))
        p.finish()
    }

    @Test("K4: NSLocationDefaultAccuracyReduced makes the prompt default to approximate and services reduced")
    func defaultAccuracyReduced() {
        var reducedApp = Rig.navigationApp
        reducedApp.defaultAccuracyReduced = true
        let m = TestStore(Rig.model(app: reducedApp))
        m.requestShowingInitialPrompt(.whenInUse)
        #expect(m.state.prompts.onScreen?.prompt.preciseToggle == false)
        m.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        m.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse, .reducedAccuracy)])
        #expect(m.state.accuracy == .reducedAccuracy)
        let here = Rig.fix(Rig.here, at: .zero)
        m.send(.deviceMoved(here)) { $0.device.location = here }
        m.send(.appStartedVisits(Rig.manager)) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
        }
        m.send(.deviceVisited)
        m.receive(.delegate(Rig.manager, .didVisit(here.reduced)))
        m.finish()

        // Without the key (or with false) the toggle defaults to on.
        let plain = TestStore(Rig.model(app: Rig.navigationApp))
        plain.requestShowingInitialPrompt(.whenInUse)
        #expect(plain.state.prompts.onScreen?.prompt.preciseToggle == true)
        plain.answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        plain.finish()
        #expect(plain.state.accuracy == .fullAccuracy)
    }

    @Test("K6: temporary full accuracy expires when the app leaves use, postponed in the foreground or a session with the indicator")
    func temporaryFullAccuracyExpiry() {
        func granted(_ option: SettingsOption) -> TestStore {
            let store = TestStore(Rig.model(app: Rig.navigationApp))
            if option == .always {
                store.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
            } else {
                store.changeSetting(option, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            }
            Self.switchPrecise(store, false)
            let prompt = Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy, title: "“Trails” would like to use your precise location",
                                message: "Turn-by-turn directions need your exact position.", buttons: [.allow, .dontAllow], messageKey: "Navigation")
            store.send(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation")) {
                $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: Rig.manager)
            }
            store.receive([.promptShown(prompt), .appWillResignActive])
            store.send(.userChoseButton(.allow, precise: nil)) {
                $0.prompts.onScreen = nil
                $0.record.temporaryFullAccuracy = true
                $0.services.managers[0].reportedAccuracy = .fullAccuracy
            }
            store.receive([.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive,
                           .delegate(Rig.manager, .fullAccuracyCompletion(nil)), Rig.auth(store.state.status, .fullAccuracy, changed: false)])
            #expect(store.state.accuracy == .fullAccuracy)
            return store
        }
        let fg = granted(.whileUsing)
        fg.send(.clockAdvanced(to: .seconds(7200))) { $0.clock.now = .seconds(7200) }
        #expect(fg.state.accuracy == .fullAccuracy)
        fg.enterBackground()
        fg.send(.clockAdvanced(to: .seconds(7200 + 9))) { $0.clock.now = .seconds(7200 + 9) }
        fg.send(.clockAdvanced(to: .seconds(7200 + 10))) {
            $0.clock.now = .seconds(7200 + 10)
            $0.clock.timers = []
            $0.record.temporaryFullAccuracy = false
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
        }
        fg.receive(Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false))
        fg.finish()

        // A When In Use session shows the indicator: still full after two hours in the background.
        let session = granted(.whileUsing)
        session.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        Self.startUpdating(session)
        session.enterBackground()
        session.receive(.indicatorChanged(true))
        session.send(.clockAdvanced(to: .seconds(7200))) {
            $0.clock.now = .seconds(7200)
            $0.clock.timers = []
        }
        session.finish()
        #expect(session.state.accuracy == .fullAccuracy)

        // An Always session without the indicator is not in use: it expires.
        let always = granted(.always)
        always.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        Self.startUpdating(always)
        always.enterBackground()
        always.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
            $0.record.temporaryFullAccuracy = false
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
        }
        always.receive(Rig.auth(.authorizedAlways, .reducedAccuracy, changed: false))
        always.finish()
    }
}
