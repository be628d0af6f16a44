import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section K: precise vs approximate location (accuracy authorization).
@Suite("K: Accuracy authorization")
struct AccuracyTests {
    @Test("K1: iOS 14+ apps have full or reduced accuracy, set by the prompt's Precise toggle or the Precise Location switch")
    func accuracyAuthorization() {
        var m = Rig.model()
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == true)
        #expect(m.handle(.userChoseButton(.allowWhileUsing, precise: false))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse, .reducedAccuracy)])
        #expect(m.accuracy == .reducedAccuracy)
        #expect(m.handle(.userChangedPreciseLocation(true)) == [Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false)])
        #expect(m.handle(.userChangedPreciseLocation(false)) == [Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false)])

        // Before iOS 14 every app is precise and there is no switch.
        var old = Rig.model(Platform(.iOS, 13, 7))
        #expect(Rig.prompts(old.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == nil)
        _ = old.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(old.accuracy == .fullAccuracy)
        #expect(old.handle(.userChangedPreciseLocation(false)).first.map { if case .rejected = $0 { true } else { false } } == true)
        #expect(old.accuracy == .fullAccuracy)
    }

    @Test("K2: reduced accuracy snaps fixes to about 5 km, limits them to one per reducedAccuracyInterval (default 15 min) and drops region events")
    func reducedAccuracyService() {
        var m = Rig.whenInUse(precise: false)
        _ = m.handle(.appSetDesiredAccuracy(Rig.manager, .best))
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        let first = Rig.fix(Rig.here, at: .zero)
        #expect(m.handle(.deviceMoved(first)) == [.delegate(Rig.manager, .didUpdateLocations([first.reduced]))])
        #expect(first.reduced.horizontalAccuracy == 5_000)
        #expect(first.reduced.coordinate != Rig.here)
        #expect(first.reduced.coordinate.distance(to: Rig.here) < 20_000)
        _ = m.handle(.clockAdvanced(to: .seconds(14 * 60)))
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        _ = m.handle(.clockAdvanced(to: .seconds(15 * 60)))
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero))) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.here, at: .seconds(900)).reduced]))])

        // A one-minute interval.
        var p = DeviceParameters()
        p.reducedAccuracyInterval = .seconds(60)
        var fast = Rig.whenInUse(precise: false, parameters: p)
        _ = fast.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = fast.handle(.deviceMoved(first))
        _ = fast.handle(.clockAdvanced(to: .seconds(59)))
        #expect(fast.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        _ = fast.handle(.clockAdvanced(to: .seconds(60)))
        #expect(Rig.calls(fast.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero)))).count == 1)

        // Region monitoring delivers nothing.
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        #expect(m.handle(.deviceEnteredRegion("home")) == [])
    }

    @Test("K3: with reduced accuracy visits and significant changes still arrive (reduced), geofences never launch; turning Precise off applies at once")
    func reducedAccuracyMonitoring() {
        var m = Rig.whenInUse(precise: false)
        let here = Rig.fix(Rig.here, at: .zero)
        _ = m.handle(.deviceMoved(here))
        _ = m.handle(.appStartedVisits(Rig.manager))
        _ = m.handle(.appStartedSignificantChanges(Rig.manager))
        #expect(m.handle(.deviceVisited) == [.delegate(Rig.manager, .didVisit(here.reduced))])
        let there = Rig.fix(Rig.there, at: .zero)
        #expect(m.handle(.deviceMoved(there)) == [.delegate(Rig.manager, .didUpdateLocations([there.reduced]))])

        // An Always app with reduced accuracy is not launched for a region, but is for a significant change.
        var a = Rig.model(app: Rig.navigationApp)
        _ = a.handle(.userChangedSetting(.always))
        _ = a.handle(.userChangedPreciseLocation(false))
        _ = a.handle(.deviceMoved(here))
        _ = a.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = a.handle(.appStartedSignificantChanges(Rig.manager))
        _ = a.handle(.appTerminated)
        #expect(a.handle(.deviceEnteredRegion("home")) == [])
        #expect(a.handle(.deviceMoved(there)) == [.appLaunchedBySystem(reason: "significant location change")])

        // Precise off while running.
        var p = Rig.whenInUse(precise: true)
        _ = p.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(p.handle(.deviceMoved(here)) == [.delegate(Rig.manager, .didUpdateLocations([here]))])
        #expect(p.handle(.userChangedPreciseLocation(false)) == [Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false)])
        _ = p.handle(.clockAdvanced(to: .seconds(900)))
        #expect(p.handle(.deviceMoved(there)) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(900)).reduced]))])
    }

    @Test("K4: NSLocationDefaultAccuracyReduced makes the prompt default to approximate and services reduced")
    func defaultAccuracyReduced() {
        var reducedApp = Rig.navigationApp
        reducedApp.defaultAccuracyReduced = true
        var m = Rig.model(app: reducedApp)
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == false)
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(m.accuracy == .reducedAccuracy)
        let here = Rig.fix(Rig.here, at: .zero)
        _ = m.handle(.deviceMoved(here))
        _ = m.handle(.appStartedVisits(Rig.manager))
        #expect(m.handle(.deviceVisited) == [.delegate(Rig.manager, .didVisit(here.reduced))])

        // Without the key (or with false) the toggle defaults to on.
        var plain = Rig.model(app: Rig.navigationApp)
        #expect(Rig.prompts(plain.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == true)
        _ = plain.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(plain.accuracy == .fullAccuracy)
    }

    @Test("K6: temporary full accuracy expires when the app leaves use, postponed in the foreground or a session with the indicator")
    func temporaryFullAccuracyExpiry() {
        func granted(_ option: SettingsOption) -> AuthorizationModel {
            var m = Rig.model(app: Rig.navigationApp)
            _ = m.handle(.userChangedSetting(option))
            _ = m.handle(.userChangedPreciseLocation(false))
            _ = m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation"))
            _ = m.handle(.userChoseButton(.allow, precise: nil))
            precondition(m.accuracy == .fullAccuracy)
            return m
        }
        var fg = granted(.whileUsing)
        #expect(fg.handle(.clockAdvanced(to: .seconds(7200))) == [])
        #expect(fg.accuracy == .fullAccuracy)
        _ = fg.handle(.appEnteredBackground)
        #expect(fg.handle(.clockAdvanced(to: .seconds(7200 + 9))) == [])
        #expect(fg.handle(.clockAdvanced(to: .seconds(7200 + 10))) == [Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false)])

        // A When In Use session shows the indicator: still full after two hours in the background.
        var session = granted(.whileUsing)
        _ = session.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = session.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = session.handle(.appEnteredBackground)
        _ = session.handle(.clockAdvanced(to: .seconds(7200)))
        #expect(session.accuracy == .fullAccuracy)

        // An Always session without the indicator is not in use: it expires.
        var always = granted(.always)
        _ = always.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = always.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = always.handle(.appEnteredBackground)
        #expect(Rig.calls(always.handle(.clockAdvanced(to: .seconds(60))))
                == [.didChangeAuthorization(.authorizedAlways, accuracy: .reducedAccuracy, statusChanged: false)])
    }
}
