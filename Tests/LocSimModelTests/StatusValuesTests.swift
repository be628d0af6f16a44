import Testing
import LocSimModel

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
        var m = AuthorizationModel.launched(Platform(.macOS, 10, 15))
        let shown = m.handle(.appRequestedWhenInUseAuthorization(firstManager))
        #expect(promptsShown(shown).map(\.buttons) == [[.dontAllow, .allow]])
        let answered = m.handle(.userChoseButton(.allow, precise: nil))
        #expect(answered == [.promptDismissed(.initial, answer: .allow), .appDidBecomeActive, authCallback(.authorizedAlways)])
        #expect(m.status == .authorized)
        // Choosing "While Using" in Settings on a Mac still reads 3.
        #expect(m.handle(.userChangedSetting(.whileUsing)) == [])
        #expect(m.status == .authorizedAlways)
    }

    @Test("A4: notDetermined prompts on a request, but only in the foreground")
    func notDeterminedPromptsOnlyInForeground() {
        var m = AuthorizationModel.launched()
        #expect(m.status == .notDetermined)
        var background = m
        #expect(m.handle(.appRequestedWhenInUseAuthorization(firstManager))
                == [.promptShown(m.initialPrompt(for: .whenInUse)), .appWillResignActive])
        _ = background.handle(.appEnteredBackground)
        #expect(background.handle(.appRequestedWhenInUseAuthorization(firstManager)) == [.requestIgnored(.whenInUse, reason: .notInUse)])
        #expect(background.prompts.onScreen == nil)
        #expect(background.status == .notDetermined)
    }

    @Test("A5: restricted overrides the app's setting, requests do nothing and the user cannot change it")
    func restricted() {
        var m = AuthorizationModel.launched()
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.restrictionChanged(true)) == [authCallback(.restricted)])
        #expect(m.status == .restricted)
        #expect(m.handle(.appRequestedWhenInUseAuthorization(firstManager)) == [.requestIgnored(.whenInUse, reason: .restricted)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(firstManager)) == [.requestIgnored(.always, reason: .restricted)])
        // Settings is locked: the option cannot be picked, so the script asking for it is rejected.
        let fx = m.handle(.userChangedSetting(.never))
        #expect(fx.count == 1)
        if case .rejected = fx.first {} else { Issue.record("expected a rejection, got \(fx)") }
        #expect(m.record.authorization == .whenInUse(temporary: false))
        #expect(m.handle(.restrictionChanged(false)) == [authCallback(.authorizedWhenInUse)])
    }

    @Test("A6: denied for Don't Allow, global Location Services off and Airplane mode; switching back restores the status")
    func deniedCases() {
        var m = AuthorizationModel.launched()
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.userSwitchedLocationServices(false)) == [authCallback(.denied)])
        #expect(m.status == .denied)
        #expect(m.handle(.userSwitchedLocationServices(true)) == [authCallback(.authorizedWhenInUse)])
        #expect(m.handle(.userSwitchedAirplaneMode(true)) == [authCallback(.denied)])
        #expect(m.handle(.userSwitchedAirplaneMode(false)) == [authCallback(.authorizedWhenInUse)])

        var d = AuthorizationModel.launched()
        let fx = d.answerWhenInUse(.dontAllow)
        #expect(fx == [.promptDismissed(.initial, answer: .dontAllow), .appDidBecomeActive, authCallback(.denied)])
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
        var m = AuthorizationModel.launched()
        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.deviceMoved(here))
        #expect(delegateCalls(m.handle(.appStartedUpdatingLocation(firstManager))).map(\.name) == ["didUpdateLocations"])
        _ = m.leaveUse()
        #expect(!m.isInUse)
        #expect(m.handle(.deviceMoved(there)) == [])

        // A continuous background session started in use keeps updates coming, with the indicator.
        var s = AuthorizationModel.launched(app: AppDescription(name: "Trails", purposeStrings: distinctPurposeStrings, backgroundModes: ["location"]))
        s.answerWhenInUse(.allowWhileUsing)
        _ = s.handle(.deviceMoved(here))
        _ = s.handle(.appSetAllowsBackgroundLocationUpdates(firstManager, true))
        _ = s.handle(.appStartedUpdatingLocation(firstManager))
        #expect(s.handle(.appEnteredBackground) == [.indicatorChanged(true)])
        _ = s.handle(.clockAdvanced(to: .seconds(60)))
        #expect(s.isInUse)
        var moved = there
        moved.timestamp = .seconds(60)
        #expect(s.handle(.deviceMoved(there)) == [.delegate(firstManager, .didUpdateLocations([moved]))])
    }

    @Test("A8: Always lets monitoring launch a terminated app; When In Use and watchOS apps are never launched")
    func alwaysLaunchesTerminatedApp() {
        func terminatedWithRegion(_ platform: Platform, always: Bool) -> AuthorizationModel {
            var m = AuthorizationModel.launched(platform)
            m.answerWhenInUse(.allowWhileUsing)
            if always { m.answerAlways(.changeToAlwaysAllow) }
            _ = m.handle(.appStartedMonitoringRegion(firstManager, Region(name: "home")))
            _ = m.handle(.appTerminated)
            return m
        }
        var always = terminatedWithRegion(Platform(.iOS, 18), always: true)
        #expect(always.status == .authorizedAlways)
        #expect(always.handle(.deviceEnteredRegion("home")) == [.appLaunchedBySystem(reason: "region enter home")])
        #expect(always.lifecycle.state == .background)
        // The relaunched app creates its manager and gets the held event.
        #expect(always.handle(.appCreatedManager(firstManager, hasDelegate: true))
                == [authCallback(.authorizedAlways), .delegate(firstManager, .didEnterRegion("home"))])

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
        var once = AuthorizationModel.launched()
        var permanent = AuthorizationModel.launched()
        let onceFx = once.answerWhenInUse(.allowOnce)
        let permanentFx = permanent.answerWhenInUse(.allowWhileUsing)
        #expect(delegateCalls(onceFx) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(delegateCalls(onceFx) == delegateCalls(permanentFx))
        #expect(once.status == .authorizedWhenInUse)
        #expect(once.status == permanent.status)
        #expect(once.accuracy == permanent.accuracy)
        // Only the (invisible) stored record differs.
        #expect(once.isTemporary)
        #expect(!permanent.isTemporary)
    }

    @Test("A10: provisional Always reports authorizedAlways while Settings shows While Using")
    func provisionalLooksLikeAlways() {
        var provisional = AuthorizationModel.launched()
        let fx = provisional.answerAlways(.allowWhileUsing)
        #expect(delegateCalls(fx) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(provisional.isProvisional)
        #expect(provisional.status == .authorizedAlways)
        #expect(provisional.settingsSelection == .whileUsing)

        var permanent = AuthorizationModel.launched()
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
