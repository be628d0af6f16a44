import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section I: "when in use", background execution, indicators.
@Suite("I: In use, background execution and indicators")
struct InUseAndBackgroundTests {
    /// ``Rig/authorized(_:_:app:parameters:)`` as a store: `option` set in Settings, manager #0
    /// told `status` (by default the option's own).
    static func authorized(_ option: SettingsOption, _ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                           parameters: DeviceParameters = DeviceParameters(), reporting status: AuthorizationStatus? = nil,
                           sourceLocation: SourceLocation = #_sourceLocation) -> TestStore {
        let store = TestStore(Rig.model(platform, app: app, parameters: parameters))
        let always = option == .always
        store.changeSetting(option, becomes: always ? .always(provisional: false) : .whenInUse(temporary: false),
                            reporting: status ?? (always ? .authorizedAlways : .authorizedWhenInUse), sourceLocation: sourceLocation)
        return store
    }

    /// Starts standard updates on manager #0; `deliverable` says whether they can be delivered now.
    static func startUpdating(_ store: TestStore, deliverable: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        let foreground = store.state.lifecycle.state == .foreground
        store.send(.appStartedUpdatingLocation(Rig.manager), sourceLocation: sourceLocation) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = foreground
            $0.services.managers[0].wasDeliverable = deliverable
        }
    }

    /// The clock reaches `t` after the grace period's timer fired.
    static func pastGrace(_ store: TestStore, to t: Duration, _ also: ((inout AuthorizationModel) -> Void)? = nil,
                          sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.clockAdvanced(to: t), sourceLocation: sourceLocation) {
            $0.clock.now = t
            $0.clock.timers = []
            also?(&$0)
        }
    }

    static func allowBackgroundUpdates(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true), sourceLocation: sourceLocation) {
            $0.services.managers[0].allowsBackgroundLocationUpdates = true
        }
    }

    static func monitorHome(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")), sourceLocation: sourceLocation) {
            $0.services.monitoredRegions = [Region(name: "home")]
        }
    }

    static func terminate(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.appTerminated, sourceLocation: sourceLocation) {
            $0.lifecycle.state = .notRunning
            $0.lifecycle.graceEndsAt = nil
            $0.services.managers = []
        }
    }

    static func startVisits(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.appStartedVisits(Rig.manager), sourceLocation: sourceLocation) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
        }
    }

    static func startSignificantChanges(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        let anchor = store.state.device.location?.coordinate
        store.send(.appStartedSignificantChanges(Rig.manager), sourceLocation: sourceLocation) {
            $0.services.managers[0].significantChanges = true
            $0.services.significantChangesRegistered = true
            $0.services.significantChangeAnchor = anchor
        }
    }

    @Test("I1: an app is in use in the foreground, during the grace period (gracePeriod, default 10 s) and while showing the indicator")
    func inUseDefinition() {
        let m = Self.authorized(.whileUsing)
        #expect(m.state.isInUse)
        m.enterBackground()
        m.send(.clockAdvanced(to: .milliseconds(9_999))) { $0.clock.now = .milliseconds(9_999) }
        #expect(m.state.isInUse)
        Self.pastGrace(m, to: .seconds(10))
        m.finish()
        #expect(!m.state.isInUse)

        var p = DeviceParameters()
        p.gracePeriod = .seconds(30)
        let long = Self.authorized(.whileUsing, parameters: p)
        long.enterBackground()
        long.send(.clockAdvanced(to: .seconds(29))) { $0.clock.now = .seconds(29) }
        #expect(long.state.isInUse)
        Self.pastGrace(long, to: .seconds(30))
        long.finish()
        #expect(!long.state.isInUse)

        let indicator = Self.authorized(.whileUsing)
        Self.allowBackgroundUpdates(indicator)
        Self.startUpdating(indicator)
        indicator.enterBackground()
        indicator.receive(.indicatorChanged(true))
        Self.pastGrace(indicator, to: .seconds(3600))
        #expect(indicator.state.indicatorShowing && indicator.state.isInUse)
        indicator.send(.appSuspended) {
            // (wasDeliverable is not re-derived while the app runs no code.)
            $0.lifecycle.state = .suspended
            $0.lifecycle.graceEndsAt = nil
        }
        indicator.receive(.indicatorChanged(false))
        indicator.finish()
        #expect(!indicator.state.isInUse)
    }

    @Test("I2: Mac apps are always in use; visionOS apps are in use while looked at and briefly after")
    func otherInUseCases() {
        let mac = Self.authorized(.whileUsing, Platform(.macOS, 14), reporting: .authorizedAlways)
        mac.enterBackground()
        Self.pastGrace(mac, to: .seconds(3600))
        mac.finish()
        #expect(mac.state.isInUse)

        let vision = Self.authorized(.whileUsing, Platform(.visionOS, 2))
        #expect(vision.state.isInUse)
        vision.enterBackground()
        vision.send(.clockAdvanced(to: .seconds(5))) { $0.clock.now = .seconds(5) }
        #expect(vision.state.isInUse)
        Self.pastGrace(vision, to: .seconds(10))
        vision.finish()
        #expect(!vision.state.isInUse)
    }

    @Test("I3: iOS 13+ When In Use can start every service while in use, but a terminated app is never launched")
    func whenInUseStartsEverything() {
        let here = Rig.fix(Rig.here, at: .zero), there = Rig.fix(Rig.there, at: .zero)
        let m = Self.authorized(.whileUsing)
        m.send(.deviceMoved(here)) { $0.device.location = here }
        Self.monitorHome(m)
        Self.startSignificantChanges(m)
        Self.startVisits(m)
        m.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        m.receive(.delegate(Rig.manager, .didEnterRegion("home")))
        m.send(.deviceVisited)
        m.receive(.delegate(Rig.manager, .didVisit(here)))
        m.send(.deviceMoved(there)) {
            $0.device.location = there
            $0.services.significantChangeAnchor = Rig.there
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([there])))
        Self.terminate(m)
        m.send(.deviceExitedRegion("home")) { $0.services.insideRegions = [] }
        m.send(.deviceVisited)
        m.finish()
        #expect(m.state.lifecycle.state == .notRunning)

        // Always, by contrast, launches it.
        let a = Self.authorized(.always)
        Self.monitorHome(a)
        Self.terminate(a)
        a.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.lifecycle.state = .background
            $0.services.pendingLaunchEvents = [.regionEntered("home")]
        }
        a.receive(.appLaunchedBySystem(reason: "region enter home"))
        a.finish()
    }

    @Test("I4: on iOS 12 When In Use apps get no region, visit or significant-change events; standard location works")
    func iOS12WhenInUseHasNoMonitoring() {
        let here = Rig.fix(Rig.here, at: .zero), there = Rig.fix(Rig.there, at: .zero)
        let m = Self.authorized(.whileUsing, Platform(.iOS, 12))
        m.send(.deviceMoved(here)) { $0.device.location = here }
        Self.monitorHome(m)
        Self.startSignificantChanges(m)
        Self.startVisits(m)
        m.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        m.send(.deviceVisited)
        m.send(.deviceMoved(there)) {
            $0.device.location = there
            $0.services.significantChangeAnchor = Rig.there
        }
        m.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .zero
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([there])))
        m.finish()

        // The same app on iOS 13 gets the region event.
        let n = Self.authorized(.whileUsing, Platform(.iOS, 13))
        Self.monitorHome(n)
        n.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        n.receive(.delegate(Rig.manager, .didEnterRegion("home")))
        n.finish()
    }

    @Test("I5: a When In Use app's requests suspend while it is not in use and resume, without error, when it is")
    func requestsSuspendOutOfUse() {
        // Standard updates.
        let m = Self.authorized(.whileUsing, app: AppDescription(name: "Trails"))
        Self.startUpdating(m)
        m.enterBackground()
        Self.pastGrace(m, to: .seconds(60)) { $0.services.managers[0].wasDeliverable = false }
        m.send(.deviceMoved(Rig.fix(Rig.here, at: .zero))) { $0.device.location = Rig.fix(Rig.here, at: .seconds(60)) }
        m.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) { $0.device.location = Rig.fix(Rig.there, at: .seconds(60)) }
        m.returnToForeground {
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .seconds(60)
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60))])))
        m.finish()

        // A one-shot request made out of use.
        let r = Self.authorized(.whileUsing, app: AppDescription(name: "Trails"))
        r.send(.deviceMoved(Rig.fix(Rig.here, at: .zero))) { $0.device.location = Rig.fix(Rig.here, at: .zero) }
        r.enterBackground()
        Self.pastGrace(r, to: .seconds(60))
        r.send(.appRequestedLocation(Rig.manager)) { $0.services.managers[0].oneShotPending = true }
        r.send(.clockAdvanced(to: .seconds(3600))) { $0.clock.now = .seconds(3600) }
        r.returnToForeground {
            $0.services.managers[0].oneShotPending = false
            $0.services.managers[0].lastDelivery = .seconds(3600)
        }
        r.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.here, at: .zero)])))
        r.finish()
    }

    @Test("I6: a continuous background session needs the location background mode, allowsBackgroundLocationUpdates and a start in the foreground")
    func continuousBackgroundSession() {
        let there = Rig.fix(Rig.there, at: .seconds(60))
        for (mode, allows, startInUse) in [(true, true, true), (true, false, true), (false, false, true), (true, true, false)] {
            let session = mode && allows && startInUse
            let m = Self.authorized(.whileUsing, app: AppDescription(name: "Trails", backgroundModes: mode ? ["location"] : []))
            if allows { Self.allowBackgroundUpdates(m) }
            if startInUse { Self.startUpdating(m) }
            m.enterBackground()
            // A When In Use session shows the indicator (I10).
            if session { m.receive(.indicatorChanged(true)) }
            Self.pastGrace(m, to: .seconds(60)) { if startInUse && !session { $0.services.managers[0].wasDeliverable = false } }
            if !startInUse { Self.startUpdating(m, deliverable: false) }
            #expect(m.state.backgroundSessionActive == session, "\(mode) \(allows) \(startInUse)")
            m.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) {
                $0.device.location = there
                if session { $0.services.managers[0].lastDelivery = .seconds(60) }
            }
            if session { m.receive(.delegate(Rig.manager, .didUpdateLocations([there]))) }
            m.finish()
        }
    }

    @Test("I6: allowsBackgroundLocationUpdates turned on after leaving the foreground, or updates started in the grace period, start no session")
    func backgroundSessionStartsOnlyInForeground() {
        // The property turned on two seconds after the app left the foreground, updates running since the foreground.
        let late = Self.authorized(.whileUsing)
        Self.startUpdating(late)
        late.enterBackground()
        late.send(.clockAdvanced(to: .seconds(2))) { $0.clock.now = .seconds(2) }
        late.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) {
            $0.services.managers[0].allowsBackgroundLocationUpdates = true
            $0.services.managers[0].updatingStartedInForeground = false
        }
        #expect(!late.state.backgroundSessionActive && !late.state.indicatorShowing)
        Self.pastGrace(late, to: .seconds(60)) { $0.services.managers[0].wasDeliverable = false }
        #expect(!late.state.isInUse && !late.state.indicatorShowing)
        // Back in the foreground with both, the next trip to the background has its session.
        late.returnToForeground {
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
        }
        late.enterBackground()
        late.receive(.indicatorChanged(true))
        late.finish()
        #expect(late.state.backgroundSessionActive)

        // Updates started three seconds into the grace period, the property already on.
        let grace = Self.authorized(.whileUsing)
        Self.allowBackgroundUpdates(grace)
        grace.enterBackground()
        grace.send(.clockAdvanced(to: .seconds(3))) { $0.clock.now = .seconds(3) }
        Self.startUpdating(grace)
        #expect(!grace.state.backgroundSessionActive)
        Self.pastGrace(grace, to: .seconds(60)) { $0.services.managers[0].wasDeliverable = false }
        #expect(!grace.state.backgroundSessionActive && !grace.state.indicatorShowing && !grace.state.isInUse)
        grace.finish()

        // In the foreground the order does not matter: the property turned on after the start still gives a session.
        let order = Self.authorized(.whileUsing)
        Self.startUpdating(order)
        Self.allowBackgroundUpdates(order)
        order.enterBackground()
        order.receive(.indicatorChanged(true))
        order.finish()
        #expect(order.state.backgroundSessionActive)
    }

    @Test("I9: updates started in the background get no session; When In Use gets nothing and no error, Always gets updates")
    func startInBackground() {
        let w = Self.authorized(.whileUsing)
        Self.allowBackgroundUpdates(w)
        w.enterBackground()
        Self.pastGrace(w, to: .seconds(60))
        Self.startUpdating(w, deliverable: false)
        #expect(!w.state.backgroundSessionActive && !w.state.indicatorShowing)
        w.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) { $0.device.location = Rig.fix(Rig.there, at: .seconds(60)) }
        w.finish()

        let a = Self.authorized(.always)
        Self.allowBackgroundUpdates(a)
        a.enterBackground()
        Self.pastGrace(a, to: .seconds(60))
        Self.startUpdating(a)
        #expect(!a.state.backgroundSessionActive)
        a.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) {
            $0.device.location = Rig.fix(Rig.there, at: .seconds(60))
            $0.services.managers[0].lastDelivery = .seconds(60)
        }
        a.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60))])))
        a.finish()
    }

    @Test("I11: before iOS 11 Always apps never show the blue bar; When In Use sessions do")
    func indicatorBeforeIOS11() {
        for (option, platform, shows) in [(SettingsOption.always, Platform(.iOS, 10), false), (.whileUsing, Platform(.iOS, 10), true),
                                          (.always, Platform(.iOS, 11), true)] {
            let m = Self.authorized(option, platform)
            Self.allowBackgroundUpdates(m)
            m.send(.appSetShowsBackgroundLocationIndicator(Rig.manager, true)) { $0.services.managers[0].showsBackgroundLocationIndicator = true }
            Self.startUpdating(m)
            m.enterBackground()
            if shows { m.receive(.indicatorChanged(true)) }
            m.finish()
            #expect(m.state.indicatorShowing == shows, "\(option) \(platform)")
        }
    }

    @Test("I12, O18: suspended apps get queued updates on resume; terminated apps are relaunched only for Always monitoring events, and get a significant change once they restart the service")
    func suspendedAndTerminated() {
        let m = Self.authorized(.always)
        Self.allowBackgroundUpdates(m)
        Self.startUpdating(m)
        m.enterBackground()
        Self.pastGrace(m, to: .seconds(60))
        m.send(.appSuspended) {
            // (wasDeliverable is not re-derived while the app runs no code.)
            $0.lifecycle.state = .suspended
            $0.lifecycle.graceEndsAt = nil
        }
        m.send(.deviceMoved(Rig.fix(Rig.here, at: .zero))) {
            $0.device.location = Rig.fix(Rig.here, at: .seconds(60))
            $0.services.managers[0].queuedLocations = [Rig.fix(Rig.here, at: .seconds(60))]
        }
        m.send(.clockAdvanced(to: .seconds(120))) { $0.clock.now = .seconds(120) }
        m.send(.deviceMoved(Rig.fix(Rig.there, at: .zero))) {
            $0.device.location = Rig.fix(Rig.there, at: .seconds(120))
            $0.services.managers[0].queuedLocations.append(Rig.fix(Rig.there, at: .seconds(120)))
        }
        m.returnToForeground {
            $0.services.managers[0].queuedLocations = []
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.here, at: .seconds(60)), Rig.fix(Rig.there, at: .seconds(120))])))
        m.finish()

        // Terminated When In Use app: never relaunched.
        let w = Self.authorized(.whileUsing)
        Self.monitorHome(w)
        Self.startVisits(w)
        Self.terminate(w)
        w.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        w.send(.deviceVisited)
        w.finish()

        // Terminated Always app: relaunched for regions, visits and significant changes, not standard updates.
        let here = Rig.fix(Rig.here, at: .zero), there = Rig.fix(Rig.there, at: .zero)
        let a = Self.authorized(.always)
        a.send(.deviceMoved(here)) { $0.device.location = here }
        a.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .zero
        }
        a.receive(.delegate(Rig.manager, .didUpdateLocations([here])))
        Self.startVisits(a)
        Self.terminate(a)
        a.send(.deviceMoved(there)) { $0.device.location = there }
        a.send(.deviceVisited) {
            $0.lifecycle.state = .background
            $0.services.pendingLaunchEvents = [.visit(there)]
        }
        a.receive(.appLaunchedBySystem(reason: "visit"))
        a.finish()
        let s = Self.authorized(.always)
        s.send(.deviceMoved(here)) { $0.device.location = here }
        Self.startSignificantChanges(s)
        Self.terminate(s)
        s.send(.deviceMoved(there)) {
            $0.device.location = there
            $0.services.significantChangeAnchor = Rig.there
            $0.lifecycle.state = .background
            $0.services.pendingLaunchEvents = [.significantChange(there)]
        }
        s.receive(.appLaunchedBySystem(reason: "significant location change"))
        // O18: the relaunched app receives the event once a manager of its new process starts the
        // service again ("restart those APIs upon launch"); a manager alone gets nothing.
        s.send(.appCreatedManager(Rig.manager, hasDelegate: true)) {
            var manager = ManagerState(id: Rig.manager, hasDelegate: true)
            manager.reportedStatus = .authorizedAlways
            manager.reportedAccuracy = .fullAccuracy
            $0.services.managers = [manager]
        }
        s.receive(Rig.auth(.authorizedAlways))
        s.send(.appStartedSignificantChanges(Rig.manager)) {
            $0.services.managers[0].significantChanges = true
            $0.services.significantChangeAnchor = Rig.there
            $0.services.pendingLaunchEvents = []
        }
        s.receive(.delegate(Rig.manager, .didUpdateLocations([there])))
        s.finish()
    }
}
