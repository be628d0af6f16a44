import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section A: `CLAuthorizationStatus` values and what each means.
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
        var m = Rig.model(Platform(.macOS, 10, 15))
        let shown = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        #expect(Rig.prompts(shown).map(\.buttons) == [[.dontAllow, .allow]])
        let answered = m.handle(.userChoseButton(.allow, precise: nil))
        #expect(answered == [.promptDismissed(.initial, answer: .allow), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
        #expect(m.status == .authorized)
        // Choosing "While Using" in Settings on a Mac still reads 3.
        #expect(m.handle(.userChangedSetting(.whileUsing)) == [])
        #expect(m.status == .authorizedAlways)
    }

    @Test("A4: notDetermined prompts on a request, but only in the foreground")
    func notDeterminedPromptsOnlyInForeground() {
        var m = Rig.model()
        #expect(m.status == .notDetermined)
        var background = m
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
                == [.promptShown(m.initialPrompt(for: .whenInUse)), .appWillResignActive])
        _ = background.handle(.appEnteredBackground)
        #expect(background.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .notInUse)])
        #expect(background.prompts.onScreen == nil)
        #expect(background.status == .notDetermined)
    }

    @Test("A5: restricted overrides the app's setting, requests do nothing and the user cannot change it")
    func restricted() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.restrictionChanged(true)) == [Rig.auth(.restricted)])
        #expect(m.status == .restricted)
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .restricted)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .restricted)])
        // Settings is locked: the option cannot be picked, so the script asking for it is rejected.
        let fx = m.handle(.userChangedSetting(.never))
        #expect(fx.count == 1)
        if case .rejected = fx.first {} else { Issue.record("expected a rejection, got \(fx)") }
        #expect(m.record.authorization == .whenInUse(temporary: false))
        #expect(m.handle(.restrictionChanged(false)) == [Rig.auth(.authorizedWhenInUse)])
    }

    @Test("A6: denied for Don't Allow, global Location Services off and Airplane mode; switching back restores the status")
    func deniedCases() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.userSwitchedLocationServices(false)) == [Rig.auth(.denied)])
        #expect(m.status == .denied)
        #expect(m.handle(.userSwitchedLocationServices(true)) == [Rig.auth(.authorizedWhenInUse)])
        #expect(m.handle(.userSwitchedAirplaneMode(true)) == [Rig.auth(.denied)])
        #expect(m.handle(.userSwitchedAirplaneMode(false)) == [Rig.auth(.authorizedWhenInUse)])

        var d = Rig.model()
        let fx = d.answerWhenInUse(.dontAllow)
        #expect(fx == [.promptDismissed(.initial, answer: .dontAllow), .appDidBecomeActive, Rig.auth(.denied)])
        // Global off then on again returns to the app's own denied status: no change, no callback.
        #expect(d.handle(.userSwitchedLocationServices(false)) == [])
        #expect(d.handle(.userSwitchedLocationServices(true)) == [])
        #expect(d.status == .denied)
    }

    @Test("A7: When In Use delivers only while in use unless a background session was started in use")
    func whenInUseDeliversOnlyInUse() {
        let here = Location(coordinate: Coordinate(latitude: 48.85, longitude: 2.35))
        let there = Location(coordinate: Coordinate(latitude: 48.86, longitude: 2.36))

        // No background session: nothing after the grace period.
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.deviceMoved(here))
        #expect(Rig.calls(m.handle(.appStartedUpdatingLocation(Rig.manager))).map(\.name) == ["didUpdateLocations"])
        _ = m.leaveUse()
        #expect(!m.isInUse)
        #expect(m.handle(.deviceMoved(there)) == [])

        // A continuous background session started in use keeps updates coming, with the indicator.
        var s = Rig.model(app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"]))
        s.answerWhenInUse(.allowWhileUsing)
        _ = s.handle(.deviceMoved(here))
        _ = s.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = s.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(s.handle(.appEnteredBackground) == [.indicatorChanged(true)])
        _ = s.handle(.clockAdvanced(to: .seconds(60)))
        #expect(s.isInUse)
        var moved = there
        moved.timestamp = .seconds(60)
        #expect(s.handle(.deviceMoved(there)) == [.delegate(Rig.manager, .didUpdateLocations([moved]))])
    }

    @Test("A8: Always lets monitoring launch a terminated app; When In Use and watchOS apps are never launched")
    func alwaysLaunchesTerminatedApp() {
        func terminatedWithRegion(_ platform: Platform, always: Bool) -> AuthorizationModel {
            var m = Rig.model(platform)
            m.answerWhenInUse(.allowWhileUsing)
            if always { m.answerAlways(.changeToAlwaysAllow) }
            _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
            _ = m.handle(.appTerminated)
            return m
        }
        var always = terminatedWithRegion(Platform(.iOS, 18), always: true)
        #expect(always.status == .authorizedAlways)
        #expect(always.handle(.deviceEnteredRegion("home")) == [.appLaunchedBySystem(reason: "region enter home")])
        #expect(always.lifecycle.state == .background)
        // The relaunched app creates its manager and gets the held event.
        #expect(always.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
                == [Rig.auth(.authorizedAlways), .delegate(Rig.manager, .didEnterRegion("home"))])

        var whenInUse = terminatedWithRegion(Platform(.iOS, 18), always: false)
        #expect(whenInUse.handle(.deviceEnteredRegion("home")) == [])
        #expect(whenInUse.lifecycle.state == .notRunning)

        var watch = terminatedWithRegion(Platform(.watchOS, 10), always: true)
        #expect(watch.status == .authorizedAlways)
        #expect(watch.handle(.deviceEnteredRegion("home")) == [])
        #expect(watch.lifecycle.state == .notRunning)
    }

    @Test("A9: Allow Once and Allow While Using App both report authorizedWhenInUse")
    func allowOnceLooksLikeWhileUsing() {
        var once = Rig.model()
        var permanent = Rig.model()
        let onceFx = once.answerWhenInUse(.allowOnce)
        let permanentFx = permanent.answerWhenInUse(.allowWhileUsing)
        #expect(Rig.calls(onceFx) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(Rig.calls(onceFx) == Rig.calls(permanentFx))
        #expect(once.status == .authorizedWhenInUse)
        #expect(once.status == permanent.status)
        #expect(once.accuracy == permanent.accuracy)
        // Only the (invisible) stored record differs.
        #expect(once.isTemporary)
        #expect(!permanent.isTemporary)
    }

    @Test("A10: provisional Always reports authorizedAlways while Settings shows While Using")
    func provisionalLooksLikeAlways() {
        var provisional = Rig.model()
        let fx = provisional.answerAlways(.allowWhileUsing)
        #expect(Rig.calls(fx) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(provisional.isProvisional)
        #expect(provisional.status == .authorizedAlways)
        #expect(provisional.settingsSelection == .whileUsing)

        var permanent = Rig.model()
        permanent.answerWhenInUse(.allowWhileUsing)
        permanent.answerAlways(.changeToAlwaysAllow)
        #expect(!permanent.isProvisional)
        #expect(permanent.status == provisional.status)
        #expect(permanent.settingsSelection == .always)
    }

    @Test("A11: CLAccuracyAuthorization is fullAccuracy 0 and reducedAccuracy 1")
    func accuracyRawValues() {
        #expect(ObjectIdentifier(AccuracyAuthorization.RawValue.self) == ObjectIdentifier(Int.self))
        #expect(AccuracyAuthorization.fullAccuracy.rawValue == 0)
        #expect(AccuracyAuthorization.reducedAccuracy.rawValue == 1)
        #expect(AccuracyAuthorization.allCases == [.fullAccuracy, .reducedAccuracy])
    }
}
