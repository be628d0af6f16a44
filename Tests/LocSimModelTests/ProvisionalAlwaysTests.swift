import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section G: Provisional Always.
@Suite("G: Provisional Always")
struct ProvisionalAlwaysTests {
    /// A model in provisional Always (requestAlways from notDetermined, Allow While Using), with a
    /// monitored region `home`, moved to the background past the grace period.
    static func provisionalOutOfUse(_ parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = Rig.model(parameters: parameters)
        _ = m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        precondition(m.isProvisional && !m.isInUse)
        return m
    }

    @Test("G1: provisional Always starts only from requestAlways at notDetermined answered Allow While Using (and on iOS 13.0–13.3 from When In Use)")
    func provisionalStartsOnlyFromRequestAlways() {
        // requestAlways from notDetermined, Allow While Using: provisional, reported as Always.
        var m = Rig.model()
        _ = m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        #expect(m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
        #expect(m.record.authorization == .always(provisional: true))

        // requestWhenInUse answered the same way: permanent When In Use, never provisional, and an
        // event out of use raises no confirmation prompt.
        var w = Rig.model()
        _ = w.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        #expect(w.handle(.userChoseButton(.allowWhileUsing, precise: nil))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        #expect(w.record.authorization == .whenInUse(temporary: false))
        _ = w.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = w.handle(.appEnteredBackground)
        _ = w.handle(.clockAdvanced(to: .seconds(60)))
        #expect(w.handle(.deviceEnteredRegion("home")) == [])
        #expect(w.prompts.onScreen == nil && !w.isProvisional)

        // iOS 13.0–13.3: requestAlways from When In Use moves to provisional Always with no prompt (E7).
        var early = Rig.model(Platform(.iOS, 13, 2))
        _ = early.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = early.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(early.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [Rig.auth(.authorizedAlways)])
        #expect(early.isProvisional)

        // iOS 13.4+: the same call shows the upgrade prompt, whose Always is permanent.
        var late = Rig.model(Platform(.iOS, 13, 4))
        _ = late.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = late.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(Rig.prompts(late.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.alwaysUpgrade])
        _ = late.handle(.userChoseButton(.changeToAlwaysAllow, precise: nil))
        #expect(late.record.authorization == .always(provisional: false))

        // iOS 12 has no provisional Always: "Always Allow" is permanent.
        var old = Rig.model(Platform(.iOS, 12))
        _ = old.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = old.handle(.userChoseButton(.alwaysAllow, precise: nil))
        #expect(old.record.authorization == .always(provisional: false))
    }

    @Test("G3: the confirmation prompt appears when Core Location would deliver an Always-only event")
    func confirmationPromptOnAlwaysOnlyEvent() {
        // In use: the region event is delivered directly, no prompt.
        var inUse = Rig.model()
        _ = inUse.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = inUse.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        _ = inUse.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        #expect(inUse.handle(.deviceEnteredRegion("home")) == [.delegate(Rig.manager, .didEnterRegion("home"))])
        #expect(inUse.prompts.onScreen == nil)

        // Out of use: the region event raises the confirmation prompt instead.
        var m = Self.provisionalOutOfUse()
        let confirmation = m.confirmationPrompt()
        #expect(m.handle(.deviceEnteredRegion("home")) == [.promptShown(confirmation)])
        #expect(confirmation.kind == .alwaysConfirmation)
        #expect(confirmation.buttons == [.keepOnlyWhileUsing, .changeToAlwaysAllow])
        #expect(confirmation.messageKey == PurposeKey.alwaysAndWhenInUse.rawValue)
        #expect(confirmation.message == Rig.purposeStrings[.alwaysAndWhenInUse])
        #expect(m.prompts.heldEvents == [.regionEntered("home")])

        // A visit for an app that is not running (a background launch) does the same.
        var v = Rig.model()
        _ = v.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = v.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        _ = v.handle(.appStartedVisits(Rig.manager))
        _ = v.handle(.appTerminated)
        #expect(Rig.prompts(v.handle(.deviceVisited)).map(\.kind) == [.alwaysConfirmation])
        #expect(v.lifecycle.state == .notRunning)

        // And a significant location change.
        var s = Rig.model()
        _ = s.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = s.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        _ = s.handle(.deviceMoved(Location(coordinate: Rig.here)))
        _ = s.handle(.appStartedSignificantChanges(Rig.manager))
        _ = s.handle(.appTerminated)
        #expect(Rig.prompts(s.handle(.deviceMoved(Location(coordinate: Rig.there)))).map(\.kind) == [.alwaysConfirmation])
    }

    @Test("G4: the confirmation prompt waits confirmationPromptDelay (default 0) and for the device to be unlocked")
    func confirmationPromptDelay() {
        // Default: no delay.
        var now = Self.provisionalOutOfUse()
        #expect(Rig.prompts(now.handle(.deviceEnteredRegion("home"))).map(\.kind) == [.alwaysConfirmation])

        // A two-hour delay.
        var p = DeviceParameters()
        p.confirmationPromptDelay = .seconds(7200)
        var m = Self.provisionalOutOfUse(p)
        #expect(m.handle(.deviceEnteredRegion("home")) == [])
        #expect(m.handle(.clockAdvanced(to: .seconds(60 + 7199))) == [])
        #expect(m.handle(.clockAdvanced(to: .seconds(60 + 7200))) == [.promptShown(m.confirmationPrompt())])

        // A locked device shows it only once unlocked.
        var locked = Self.provisionalOutOfUse()
        _ = locked.handle(.deviceLocked)
        #expect(locked.handle(.deviceEnteredRegion("home")) == [])
        #expect(locked.prompts.onScreen == nil)
        #expect(locked.handle(.deviceUnlocked) == [.promptShown(locked.confirmationPrompt())])
    }

    @Test("G5: the held event is delivered on a timely Change to Always Allow, dropped otherwise (heldEventWindow, deliverHeldEventsAfterLateAnswer)")
    func heldEvents() {
        func answer(_ button: PromptButton, after seconds: Int64, _ p: DeviceParameters = DeviceParameters()) -> [Effect] {
            var m = Self.provisionalOutOfUse(p)
            _ = m.handle(.deviceEnteredRegion("home"))
            _ = m.handle(.clockAdvanced(to: .seconds(60 + seconds)))
            let fx = m.handle(.userChoseButton(button, precise: nil))
            #expect(m.prompts.heldEvents.isEmpty)
            return fx
        }
        let dismissedAlways = Effect.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow)
        let delivered = Effect.delegate(Rig.manager, .didEnterRegion("home"))
        // Default window: 60 s.
        #expect(answer(.changeToAlwaysAllow, after: 60) == [dismissedAlways, delivered])
        #expect(answer(.changeToAlwaysAllow, after: 61) == [dismissedAlways])
        // Keep Only While Using: the event is dropped.
        #expect(answer(.keepOnlyWhileUsing, after: 5)
                == [.promptDismissed(.alwaysConfirmation, answer: .keepOnlyWhileUsing), Rig.auth(.authorizedWhenInUse)])
        // A longer window.
        var wide = DeviceParameters()
        wide.heldEventWindow = .seconds(300)
        #expect(answer(.changeToAlwaysAllow, after: 120, wide) == [dismissedAlways, delivered])
        #expect(answer(.changeToAlwaysAllow, after: 301, wide) == [dismissedAlways])
        // Late answers still deliver when the device is configured so.
        var late = DeviceParameters()
        late.deliverHeldEventsAfterLateAnswer = true
        #expect(answer(.changeToAlwaysAllow, after: 3600, late) == [dismissedAlways, delivered])
    }

    @Test("G7: while provisional, background updates reach the app only through a continuous background session")
    func provisionalBackgroundUpdates() {
        func run(session: Bool) -> (background: [Effect], move: [Effect]) {
            var m = Rig.model()
            _ = m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
            if session { _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) }
            _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
            let bg = m.handle(.appEnteredBackground)
            _ = m.handle(.clockAdvanced(to: .seconds(60)))
            return (bg, m.handle(.deviceMoved(Location(coordinate: Rig.there))))
        }
        let without = run(session: false)
        #expect(without.background == [])
        #expect(without.move == [])
        let with = run(session: true)
        #expect(with.background == [.indicatorChanged(true)])
        #expect(with.move == [.delegate(Rig.manager, .didUpdateLocations([Location(coordinate: Rig.there, timestamp: .seconds(60))]))])

        // Permanent Always, by contrast, gets background updates without a session (I9).
        var always = Rig.model()
        _ = always.handle(.userChangedSetting(.always))
        _ = always.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = always.handle(.appEnteredBackground)
        _ = always.handle(.clockAdvanced(to: .seconds(60)))
        #expect(Rig.calls(always.handle(.deviceMoved(Location(coordinate: Rig.there)))).count == 1)
    }

    @Test("G8: provisional Always has no time limit; a choice in Settings makes it real")
    func provisionalLastsUntilSettings() {
        var m = Self.provisionalOutOfUse()
        #expect(m.handle(.clockAdvanced(to: .seconds(30 * 86_400))) == [])
        #expect(m.isProvisional && m.status == .authorizedAlways)
        #expect(m.settingsSelection == .whileUsing) // A10: Settings shows While Using
        #expect(m.handle(.userChangedSetting(.whileUsing)) == [Rig.auth(.authorizedWhenInUse)])
        #expect(m.record.authorization == .whenInUse(temporary: false))

        // Settings › Always: permanent, no callback (status was already Always), pending confirmation cancelled.
        var p = DeviceParameters()
        p.confirmationPromptDelay = .seconds(3600)
        var a = Self.provisionalOutOfUse(p)
        _ = a.handle(.deviceEnteredRegion("home"))
        #expect(a.prompts.heldEvents.count == 1)
        #expect(a.handle(.userChangedSetting(.always)) == [])
        #expect(a.record.authorization == .always(provisional: false))
        #expect(a.prompts.heldEvents.isEmpty)
        #expect(a.handle(.clockAdvanced(to: .seconds(2 * 3600))) == [])
        #expect(a.prompts.onScreen == nil)
    }

    @Test("G9: provisional Always spends the single Always request; after Keep Only While Using Always is never asked again")
    func provisionalSpendsAlwaysRequest() {
        var m = Self.provisionalOutOfUse()
        #expect(m.record.alwaysRequestSpent)
        _ = m.handle(.deviceEnteredRegion("home"))
        _ = m.handle(.userChoseButton(.keepOnlyWhileUsing, precise: nil))
        _ = m.handle(.appEnteredForeground)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])
        // Later, too: no prompt, and out-of-use events no longer ask.
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(86_400)))
        #expect(m.handle(.deviceExitedRegion("home")) == [])
        _ = m.handle(.appEnteredForeground)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])
        #expect(m.prompts.onScreen == nil && m.status == .authorizedWhenInUse)
    }
}
