import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section G: Provisional Always.
@Suite("G: Provisional Always")
struct ProvisionalAlwaysTests {
    static let home = Region(name: "home")

    /// A store in provisional Always (requestAlways from notDetermined, Allow While Using), with a
    /// monitored region `home`, moved to the background past the grace period (at 60 s).
    static func provisionalOutOfUse(_ parameters: DeviceParameters = DeviceParameters(),
                                    sourceLocation: SourceLocation = #_sourceLocation) -> TestStore {
        let store = TestStore(Rig.model(parameters: parameters))
        store.grantProvisionalAlways(sourceLocation: sourceLocation)
        store.send(.appStartedMonitoringRegion(Rig.manager, home), sourceLocation: sourceLocation) { $0.services.monitoredRegions = [home] }
        store.enterBackground(sourceLocation: sourceLocation)
        store.send(.clockAdvanced(to: .seconds(60)), sourceLocation: sourceLocation) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
        }
        #expect(store.state.isProvisional && !store.state.isInUse, sourceLocation: sourceLocation)
        return store
    }

    /// Out of use, the device enters `home`: the event is held and the confirmation prompt shows
    /// at once (G3).
    static func enterHomeShowingConfirmation(_ store: TestStore, sourceLocation: SourceLocation = #_sourceLocation) {
        let confirmation = store.state.confirmationPrompt()
        store.send(.deviceEnteredRegion("home"), sourceLocation: sourceLocation) {
            $0.services.insideRegions = ["home"]
            $0.prompts.heldEvents = [.regionEntered("home")]
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: $0.clock.now, manager: nil)
        }
        store.receive(.promptShown(confirmation), sourceLocation: sourceLocation)
    }

    @Test("G1: provisional Always starts only from requestAlways at notDetermined answered Allow While Using (and on iOS 13.0–13.3 from When In Use)")
    func provisionalStartsOnlyFromRequestAlways() {
        // requestAlways from notDetermined, Allow While Using: provisional, reported as Always.
        let m = TestStore(Rig.model())
        m.requestShowingInitialPrompt(.always)
        m.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .always(provisional: true)
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        m.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
        m.finish()

        // requestWhenInUse answered the same way: permanent When In Use, never provisional, and an
        // event out of use raises no confirmation prompt.
        let w = TestStore(Rig.model())
        w.requestShowingInitialPrompt(.whenInUse)
        w.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        w.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        w.send(.appStartedMonitoringRegion(Rig.manager, Self.home)) { $0.services.monitoredRegions = [Self.home] }
        w.enterBackground()
        w.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
        }
        w.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        w.finish()
        #expect(w.state.prompts.onScreen == nil && !w.state.isProvisional)

        // iOS 13.0–13.3: requestAlways from When In Use moves to provisional Always with no prompt (E7).
        let early = TestStore(Rig.model(Platform(.iOS, 13, 2)))
        early.grantWhenInUse()
        early.send(.appRequestedAlwaysAuthorization(Rig.manager)) {
            $0.record.authorization = .always(provisional: true)
            $0.record.alwaysRequestSpent = true
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        early.receive(Rig.auth(.authorizedAlways))
        early.finish()
        #expect(early.state.isProvisional)

        // iOS 13.4+: the same call shows the upgrade prompt, whose Always is permanent.
        let late = TestStore(Rig.model(Platform(.iOS, 13, 4)))
        late.grantWhenInUse()
        late.requestShowingUpgradePrompt()
        late.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        late.finish()

        // iOS 12 has no provisional Always: "Always Allow" is permanent.
        let old = TestStore(Rig.model(Platform(.iOS, 12)))
        old.requestShowingInitialPrompt(.always)
        old.answerPrompt(.alwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        old.finish()
    }

    @Test("G3: the confirmation prompt appears when Core Location would deliver an Always-only event")
    func confirmationPromptOnAlwaysOnlyEvent() {
        // In use: the region event is delivered directly, no prompt.
        let inUse = TestStore(Rig.model())
        inUse.grantProvisionalAlways()
        inUse.send(.appStartedMonitoringRegion(Rig.manager, Self.home)) { $0.services.monitoredRegions = [Self.home] }
        inUse.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        inUse.receive(.delegate(Rig.manager, .didEnterRegion("home")))
        inUse.finish()
        #expect(inUse.state.prompts.onScreen == nil)

        // Out of use: the region event raises the confirmation prompt instead.
        let m = Self.provisionalOutOfUse()
        Self.enterHomeShowingConfirmation(m)
        m.finish()
        let confirmation = m.state.confirmationPrompt()
        #expect(confirmation.kind == .alwaysConfirmation)
        #expect(confirmation.buttons == [.keepOnlyWhileUsing, .changeToAlwaysAllow])
        #expect(confirmation.messageKey == PurposeKey.alwaysAndWhenInUse.rawValue)
        #expect(confirmation.message == Rig.purposeStrings[.alwaysAndWhenInUse])
        #expect(m.state.prompts.heldEvents == [.regionEntered("home")])

        // A visit for an app that is not running (a background launch) does the same.
        let v = TestStore(Rig.model())
        v.grantProvisionalAlways()
        v.send(.appStartedVisits(Rig.manager)) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
        }
        v.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        v.send(.deviceVisited) {
            $0.prompts.heldEvents = [.visit(Location(coordinate: Coordinate(latitude: 0, longitude: 0)))]
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: .zero, manager: nil)
        }
        v.receive(.promptShown(confirmation))
        v.finish()
        #expect(v.state.lifecycle.state == .notRunning)

        // And a significant location change.
        let s = TestStore(Rig.model())
        s.grantProvisionalAlways()
        let here = Location(coordinate: Rig.here), there = Location(coordinate: Rig.there)
        s.send(.deviceMoved(here)) { $0.device.location = here }
        s.send(.appStartedSignificantChanges(Rig.manager)) {
            $0.services.managers[0].significantChanges = true
            $0.services.significantChangesRegistered = true
            $0.services.significantChangeAnchor = Rig.here
        }
        s.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        s.send(.deviceMoved(there)) {
            $0.device.location = there
            $0.services.significantChangeAnchor = Rig.there
            $0.prompts.heldEvents = [.significantChange(there)]
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: .zero, manager: nil)
        }
        s.receive(.promptShown(confirmation))
        s.finish()
    }

    @Test("G4: the confirmation prompt waits confirmationPromptDelay (default 0) and for the device to be unlocked")
    func confirmationPromptDelay() {
        // Default: no delay.
        let now = Self.provisionalOutOfUse()
        Self.enterHomeShowingConfirmation(now)
        now.finish()

        // A two-hour delay.
        var p = DeviceParameters()
        p.confirmationPromptDelay = .seconds(7200)
        let m = Self.provisionalOutOfUse(p)
        let confirmation = m.state.confirmationPrompt()
        m.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.prompts.heldEvents = [.regionEntered("home")]
            $0.clock.timers = [ScheduledTimer(at: .seconds(60 + 7200), kind: .confirmationPrompt)]
        }
        m.send(.clockAdvanced(to: .seconds(60 + 7199))) { $0.clock.now = .seconds(60 + 7199) }
        m.send(.clockAdvanced(to: .seconds(60 + 7200))) {
            $0.clock.now = .seconds(60 + 7200)
            $0.clock.timers = []
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: .seconds(60 + 7200), manager: nil)
        }
        m.receive(.promptShown(confirmation))
        m.finish()

        // A locked device shows it only once unlocked.
        let locked = Self.provisionalOutOfUse()
        locked.send(.deviceLocked) { $0.device.locked = true }
        locked.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.prompts.heldEvents = [.regionEntered("home")]
            $0.prompts.queued = [PresentedPrompt(prompt: confirmation, shownAt: .seconds(60), manager: nil)]
        }
        #expect(locked.state.prompts.onScreen == nil)
        locked.send(.deviceUnlocked) {
            $0.device.locked = false
            $0.prompts.queued = []
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: .seconds(60), manager: nil)
        }
        locked.receive(.promptShown(confirmation))
        locked.finish()
    }

    @Test("G5: the held event is delivered on a timely Change to Always Allow, dropped otherwise (heldEventWindow, deliverHeldEventsAfterLateAnswer)")
    func heldEvents() {
        /// Answers the confirmation prompt `seconds` after it appeared: Keep Only While Using makes
        /// When In Use (told), Change to Always Allow permanent Always (not told); either way the
        /// held event goes, delivered or not as `effects` say.
        func answer(_ button: PromptButton, after seconds: Int64, _ p: DeviceParameters = DeviceParameters(), receiving effects: [Effect],
                    sourceLocation: SourceLocation = #_sourceLocation) {
            let m = Self.provisionalOutOfUse(p, sourceLocation: sourceLocation)
            Self.enterHomeShowingConfirmation(m, sourceLocation: sourceLocation)
            m.send(.clockAdvanced(to: .seconds(60 + seconds)), sourceLocation: sourceLocation) { $0.clock.now = .seconds(60 + seconds) }
            m.send(.userChoseButton(button, precise: nil), sourceLocation: sourceLocation) {
                $0.prompts.onScreen = nil
                $0.prompts.heldEvents = []
                if button == .keepOnlyWhileUsing {
                    $0.record.authorization = .whenInUse(temporary: false)
                    $0.services.managers[0].reportedStatus = .authorizedWhenInUse
                } else {
                    $0.record.authorization = .always(provisional: false)
                }
            }
            m.receive(effects, sourceLocation: sourceLocation)
            m.finish(sourceLocation: sourceLocation)
            #expect(m.state.prompts.heldEvents.isEmpty, sourceLocation: sourceLocation)
        }
        let dismissedAlways = Effect.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow)
        let delivered = Effect.delegate(Rig.manager, .didEnterRegion("home"))
        // Default window: 60 s.
        answer(.changeToAlwaysAllow, after: 60, receiving: [dismissedAlways, delivered])
        answer(.changeToAlwaysAllow, after: 61, receiving: [dismissedAlways])
        // Keep Only While Using: the event is dropped.
        answer(.keepOnlyWhileUsing, after: 5, receiving: [.promptDismissed(.alwaysConfirmation, answer: .keepOnlyWhileUsing), Rig.auth(.authorizedWhenInUse)])
        // A longer window.
        var wide = DeviceParameters()
        wide.heldEventWindow = .seconds(300)
        answer(.changeToAlwaysAllow, after: 120, wide, receiving: [dismissedAlways, delivered])
        answer(.changeToAlwaysAllow, after: 301, wide, receiving: [dismissedAlways])
        // Late answers still deliver when the device is configured so.
        var late = DeviceParameters()
        late.deliverHeldEventsAfterLateAnswer = true
        answer(.changeToAlwaysAllow, after: 3600, late, receiving: [dismissedAlways, delivered])
    }

    /// ``provisionalOutOfUse(_:sourceLocation:)`` also monitoring `work` and `office` (in that
    /// order, so that name order and monitoring order differ: the model keeps name order), the
    /// device entering `home`: the confirmation prompt is on screen, holding that entry.
    static func threeRegionsShowingConfirmation(_ p: DeviceParameters, sourceLocation: SourceLocation = #_sourceLocation) -> TestStore {
        let m = Self.provisionalOutOfUse(p, sourceLocation: sourceLocation)
        let work = Region(name: "work"), office = Region(name: "office")
        m.send(.appStartedMonitoringRegion(Rig.manager, work), sourceLocation: sourceLocation) { $0.services.monitoredRegions = [home, work] }
        m.send(.appStartedMonitoringRegion(Rig.manager, office), sourceLocation: sourceLocation) { $0.services.monitoredRegions = [home, office, work] }
        Self.enterHomeShowingConfirmation(m, sourceLocation: sourceLocation)
        return m
    }

    @Test("G5: only the triggering event is held while the confirmation prompt is pending")
    func onlyTriggeringEventHeld() {
        let m = Self.threeRegionsShowingConfirmation(DeviceParameters())
        // Later region events while the prompt is up are not held: the list keeps its one event,
        // however many regions change (so an exploration's state space stays finite).
        m.send(.deviceEnteredRegion("work")) { $0.services.insideRegions = ["home", "work"] }
        m.send(.deviceEnteredRegion("office")) { $0.services.insideRegions = ["home", "work", "office"] }
        m.send(.deviceExitedRegion("home")) { $0.services.insideRegions = ["work", "office"] }
        m.send(.deviceExitedRegion("work")) { $0.services.insideRegions = ["office"] }
        #expect(m.state.prompts.heldEvents == [.regionEntered("home")])
        // A timely Change to Always Allow delivers the triggering event alone.
        m.send(.userChoseButton(.changeToAlwaysAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.prompts.heldEvents = []
            $0.record.authorization = .always(provisional: false)
        }
        m.receive([.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow), .delegate(Rig.manager, .didEnterRegion("home"))])
        m.finish()
    }

    @Test("G5: with holdsLatestRegionEvents, each region's latest event is held too, one per region")
    func latestRegionEventsHeld() {
        var p = DeviceParameters()
        p.holdsLatestRegionEvents = true
        let m = Self.threeRegionsShowingConfirmation(p)
        // Each other region's event joins the list in order of region name (office before work,
        // though work was monitored first), after the triggering event.
        m.send(.deviceEnteredRegion("work")) {
            $0.services.insideRegions = ["home", "work"]
            $0.prompts.heldEvents = [.regionEntered("home"), .regionEntered("work")]
        }
        m.send(.deviceEnteredRegion("office")) {
            $0.services.insideRegions = ["home", "work", "office"]
            $0.prompts.heldEvents = [.regionEntered("home"), .regionEntered("office"), .regionEntered("work")]
        }
        // A region's later event replaces the one held for it, in its place: the triggering
        // region's too.
        m.send(.deviceExitedRegion("home")) {
            $0.services.insideRegions = ["work", "office"]
            $0.prompts.heldEvents = [.regionExited("home"), .regionEntered("office"), .regionEntered("work")]
        }
        m.send(.deviceExitedRegion("work")) {
            $0.services.insideRegions = ["office"]
            $0.prompts.heldEvents = [.regionExited("home"), .regionEntered("office"), .regionExited("work")]
        }
        m.send(.userChoseButton(.changeToAlwaysAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.prompts.heldEvents = []
            $0.record.authorization = .always(provisional: false)
        }
        m.receive([.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow),
                   .delegate(Rig.manager, .didExitRegion("home")), .delegate(Rig.manager, .didEnterRegion("office")),
                   .delegate(Rig.manager, .didExitRegion("work"))])
        m.finish()

        // Keep Only While Using drops them all, as it drops the triggering event.
        let k = Self.threeRegionsShowingConfirmation(p)
        k.send(.deviceEnteredRegion("work")) {
            $0.services.insideRegions = ["home", "work"]
            $0.prompts.heldEvents = [.regionEntered("home"), .regionEntered("work")]
        }
        k.send(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.prompts.heldEvents = []
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        k.receive([.promptDismissed(.alwaysConfirmation, answer: .keepOnlyWhileUsing), Rig.auth(.authorizedWhenInUse)])
        k.finish()
    }

    @Test("G7: while provisional, background updates need a session with showsBackgroundLocationIndicator = true (A10, I10)")
    func provisionalBackgroundUpdates() {
        let there = Location(coordinate: Rig.there, timestamp: .seconds(60))
        for (allows, shows) in [(false, false), (false, true), (true, false), (true, true)] {
            // Provisional reads as Always (A10): the indicator, and so use, needs the opt-in.
            let session = allows && shows
            let store = TestStore(Rig.model())
            store.grantProvisionalAlways()
            if allows {
                store.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
            }
            if shows {
                store.send(.appSetShowsBackgroundLocationIndicator(Rig.manager, true)) { $0.services.managers[0].showsBackgroundLocationIndicator = true }
            }
            store.send(.appStartedUpdatingLocation(Rig.manager)) {
                $0.services.managers[0].updating = true
                $0.services.managers[0].updatingStartedInForeground = true
                $0.services.managers[0].wasDeliverable = true
            }
            store.enterBackground()
            if session { store.receive(.indicatorChanged(true)) }
            store.send(.clockAdvanced(to: .seconds(60))) {
                $0.clock.now = .seconds(60)
                $0.clock.timers = []
                if !session { $0.services.managers[0].wasDeliverable = false }
            }
            #expect(store.state.backgroundSessionActive == allows, "\(allows) \(shows)")
            #expect(store.state.indicatorShowing == session && store.state.isInUse == session, "\(allows) \(shows)")
            store.send(.deviceMoved(Location(coordinate: Rig.there))) {
                $0.device.location = there
                if session { $0.services.managers[0].lastDelivery = .seconds(60) }
            }
            if session { store.receive(.delegate(Rig.manager, .didUpdateLocations([there]))) }
            store.finish()
        }

        // Permanent Always, by contrast, gets background updates without a session (I9).
        let always = TestStore(Rig.model())
        always.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
        always.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
        }
        always.enterBackground()
        always.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
        }
        always.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = there
            $0.services.managers[0].lastDelivery = .seconds(60)
        }
        always.receive(.delegate(Rig.manager, .didUpdateLocations([there])))
        always.finish()
    }

    @Test("I10: a provisional app's session without the indicator shows it once the user switches the app to While Using in the background")
    func provisionalSwitchedToWhileUsingInBackground() {
        let store = TestStore(Rig.model())
        store.grantProvisionalAlways()
        store.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        store.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
        }
        store.enterBackground()
        store.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
            $0.services.managers[0].wasDeliverable = false
        }
        #expect(store.state.backgroundSessionActive && !store.state.indicatorShowing && !store.state.isInUse)
        // When In Use cannot opt out of the indicator (I10): the running session shows it and the app is in use again.
        // (The one vendor report that the indicator stays off after such a switch is not simulated.)
        store.send(.userChangedSetting(.whileUsing)) {
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[0].wasDeliverable = true
        }
        store.receive(.indicatorChanged(true))
        store.receive(Rig.auth(.authorizedWhenInUse))
        store.finish()
        #expect(store.state.indicatorShowing && store.state.isInUse)
    }

    @Test("G8: provisional Always has no time limit; a choice in Settings makes it real")
    func provisionalLastsUntilSettings() {
        let m = Self.provisionalOutOfUse()
        m.send(.clockAdvanced(to: .seconds(30 * 86_400))) { $0.clock.now = .seconds(30 * 86_400) }
        #expect(m.state.isProvisional && m.state.status == .authorizedAlways)
        #expect(m.state.settingsSelection == .whileUsing) // A10: Settings shows While Using
        m.changeSetting(.whileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        m.finish()

        // Settings › Always: permanent, no callback (status was already Always), pending confirmation cancelled.
        var p = DeviceParameters()
        p.confirmationPromptDelay = .seconds(3600)
        let a = Self.provisionalOutOfUse(p)
        a.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.prompts.heldEvents = [.regionEntered("home")]
            $0.clock.timers = [ScheduledTimer(at: .seconds(60 + 3600), kind: .confirmationPrompt)]
        }
        #expect(a.state.prompts.heldEvents.count == 1)
        a.send(.userChangedSetting(.always)) {
            $0.record.authorization = .always(provisional: false)
            $0.prompts.heldEvents = []
            $0.clock.timers = []
        }
        a.send(.clockAdvanced(to: .seconds(2 * 3600))) { $0.clock.now = .seconds(2 * 3600) }
        a.finish()
        #expect(a.state.prompts.onScreen == nil)
    }

    @Test("G9: provisional Always spends the single Always request; after Keep Only While Using Always is never asked again")
    func provisionalSpendsAlwaysRequest() {
        let m = Self.provisionalOutOfUse()
        #expect(m.state.record.alwaysRequestSpent)
        Self.enterHomeShowingConfirmation(m)
        m.send(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.prompts.heldEvents = []
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        m.receive([.promptDismissed(.alwaysConfirmation, answer: .keepOnlyWhileUsing), Rig.auth(.authorizedWhenInUse)])
        m.returnToForeground()
        m.ignoredRequest(.always, .alwaysAlreadyRequested)
        // Later, too: no prompt, and out-of-use events no longer ask.
        m.enterBackground()
        m.send(.clockAdvanced(to: .seconds(86_400))) {
            $0.clock.now = .seconds(86_400)
            $0.clock.timers = []
        }
        m.send(.deviceExitedRegion("home")) { $0.services.insideRegions = [] }
        m.returnToForeground()
        m.ignoredRequest(.always, .alwaysAlreadyRequested)
        m.finish()
        #expect(m.state.prompts.onScreen == nil && m.state.status == .authorizedWhenInUse)
    }
}
