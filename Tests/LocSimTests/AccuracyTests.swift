import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section K: precise vs approximate location (accuracy authorization).
@Suite("K: Accuracy authorization")
struct AccuracyTests {
    static let app = AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"],
                                    temporaryPurposeKeys: ["Navigation": "Turn-by-turn directions need your exact position."])

    /// A launched app with permanent When In Use answered with Precise `precise`.
    static func whenInUse(precise: Bool, _ platform: Platform = Platform(.iOS, 18), app: AppDescription = AccuracyTests.app,
                          parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = Rig.model(platform, app: app, parameters: parameters)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: precise))
        return m
    }

    static func fix(_ c: Coordinate, at t: Duration) -> Location { Location(coordinate: c, timestamp: t) }

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
        var m = Self.whenInUse(precise: false)
        _ = m.handle(.appSetDesiredAccuracy(Rig.manager, .best))
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        let first = Self.fix(Rig.here, at: .zero)
        #expect(m.handle(.deviceMoved(first)) == [.delegate(Rig.manager, .didUpdateLocations([first.reduced]))])
        #expect(first.reduced.horizontalAccuracy == 5_000)
        #expect(first.reduced.coordinate != Rig.here)
        #expect(first.reduced.coordinate.distance(to: Rig.here) < 20_000)
        _ = m.handle(.clockAdvanced(to: .seconds(14 * 60)))
        #expect(m.handle(.deviceMoved(Self.fix(Rig.there, at: .zero))) == [])
        _ = m.handle(.clockAdvanced(to: .seconds(15 * 60)))
        #expect(m.handle(.deviceMoved(Self.fix(Rig.here, at: .zero))) == [.delegate(Rig.manager, .didUpdateLocations([Self.fix(Rig.here, at: .seconds(900)).reduced]))])

        // A one-minute interval.
        var p = DeviceParameters()
        p.reducedAccuracyInterval = .seconds(60)
        var fast = Self.whenInUse(precise: false, parameters: p)
        _ = fast.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = fast.handle(.deviceMoved(first))
        _ = fast.handle(.clockAdvanced(to: .seconds(59)))
        #expect(fast.handle(.deviceMoved(Self.fix(Rig.there, at: .zero))) == [])
        _ = fast.handle(.clockAdvanced(to: .seconds(60)))
        #expect(Rig.calls(fast.handle(.deviceMoved(Self.fix(Rig.there, at: .zero)))).count == 1)

        // Region monitoring delivers nothing.
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        #expect(m.handle(.deviceEnteredRegion("home")) == [])
    }

    @Test("K3: with reduced accuracy visits and significant changes still arrive (reduced), geofences never launch; turning Precise off applies at once")
    func reducedAccuracyMonitoring() {
        var m = Self.whenInUse(precise: false)
        let here = Self.fix(Rig.here, at: .zero)
        _ = m.handle(.deviceMoved(here))
        _ = m.handle(.appStartedVisits(Rig.manager))
        _ = m.handle(.appStartedSignificantChanges(Rig.manager))
        #expect(m.handle(.deviceVisited) == [.delegate(Rig.manager, .didVisit(here.reduced))])
        let there = Self.fix(Rig.there, at: .zero)
        #expect(m.handle(.deviceMoved(there)) == [.delegate(Rig.manager, .didUpdateLocations([there.reduced]))])

        // An Always app with reduced accuracy is not launched for a region, but is for a significant change.
        var a = Rig.model(app: Self.app)
        _ = a.handle(.userChangedSetting(.always))
        _ = a.handle(.userChangedPreciseLocation(false))
        _ = a.handle(.deviceMoved(here))
        _ = a.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = a.handle(.appStartedSignificantChanges(Rig.manager))
        _ = a.handle(.appTerminated)
        #expect(a.handle(.deviceEnteredRegion("home")) == [])
        #expect(a.handle(.deviceMoved(there)) == [.appLaunchedBySystem(reason: "significant location change")])

        // Precise off while running.
        var p = Self.whenInUse(precise: true)
        _ = p.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(p.handle(.deviceMoved(here)) == [.delegate(Rig.manager, .didUpdateLocations([here]))])
        #expect(p.handle(.userChangedPreciseLocation(false)) == [Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false)])
        _ = p.handle(.clockAdvanced(to: .seconds(900)))
        #expect(p.handle(.deviceMoved(there)) == [.delegate(Rig.manager, .didUpdateLocations([Self.fix(Rig.there, at: .seconds(900)).reduced]))])
    }

    @Test("K4: NSLocationDefaultAccuracyReduced makes the prompt default to approximate and services reduced")
    func defaultAccuracyReduced() {
        var reducedApp = Self.app
        reducedApp.defaultAccuracyReduced = true
        var m = Rig.model(app: reducedApp)
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == false)
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(m.accuracy == .reducedAccuracy)
        let here = Self.fix(Rig.here, at: .zero)
        _ = m.handle(.deviceMoved(here))
        _ = m.handle(.appStartedVisits(Rig.manager))
        #expect(m.handle(.deviceVisited) == [.delegate(Rig.manager, .didVisit(here.reduced))])

        // Without the key (or with false) the toggle defaults to on.
        var plain = Rig.model(app: Self.app)
        #expect(Rig.prompts(plain.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == true)
        _ = plain.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(plain.accuracy == .fullAccuracy)
    }

    @Test("K5: temporary full accuracy declines with promptDeclined without a prompt, or completes with nil once a prompt was shown")
    func temporaryFullAccuracy() {
        func declined(_ reason: IgnoredReason) -> [Effect] {
            [.requestIgnored(.temporaryFullAccuracy, reason: reason), .delegate(Rig.manager, .fullAccuracyCompletion(.promptDeclined))]
        }
        var m = Self.whenInUse(precise: false)
        #expect(m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Unknown")) == declined(.unknownPurposeKey))
        var full = Self.whenInUse(precise: true)
        #expect(full.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation")) == declined(.alreadyFullAccuracy))
        var background = Self.whenInUse(precise: false)
        _ = background.handle(.appEnteredBackground)
        #expect(background.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation")) == declined(.notInUse))

        let fx = m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation"))
        let prompt = Rig.prompts(fx).first
        #expect(fx.count == 2 && fx.last == .appWillResignActive)
        #expect(prompt?.kind == .fullAccuracy)
        #expect(prompt?.message == "Turn-by-turn directions need your exact position.")
        #expect(prompt?.messageKey == "Navigation")
        #expect(prompt?.buttons == [.allow, .dontAllow])
        #expect(m.handle(.userChoseButton(.allow, precise: nil))
                == [.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive,
                    .delegate(Rig.manager, .fullAccuracyCompletion(nil)), Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false)])
        #expect(m.accuracy == .fullAccuracy && m.record.temporaryFullAccuracy)

        var refused = Self.whenInUse(precise: false)
        _ = refused.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation"))
        #expect(refused.handle(.userChoseButton(.dontAllow, precise: nil))
                == [.promptDismissed(.fullAccuracy, answer: .dontAllow), .appDidBecomeActive, .delegate(Rig.manager, .fullAccuracyCompletion(nil))])
        #expect(refused.accuracy == .reducedAccuracy)

        // End to end: the completion gets kCLErrorPromptDeclined (18), on the run loop, not inside the call.
        let sim = Rig.Sim(app: Self.app)
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        var errors: [LocationError?] = []
        sim.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { errors.append($0 as? LocationError) }
        #expect(errors.isEmpty)
        sim.device.run()
        #expect(errors.count == 1 && errors.first??.code == .promptDeclined && errors.first??.code.rawValue == 18)
    }

    @Test("K6: temporary full accuracy expires when the app leaves use, postponed in the foreground or a session with the indicator")
    func temporaryFullAccuracyExpiry() {
        func granted(_ option: SettingsOption) -> AuthorizationModel {
            var m = Rig.model(app: Self.app)
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
