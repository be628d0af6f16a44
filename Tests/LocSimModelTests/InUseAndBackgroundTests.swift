import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section I: "when in use", background execution, indicators.
@Suite("I: In use, background execution and indicators")
struct InUseAndBackgroundTests {
    @Test("I1: an app is in use in the foreground, during the grace period (gracePeriod, default 10 s) and while showing the indicator")
    func inUseDefinition() {
        var m = Rig.authorized(.whileUsing)
        #expect(m.isInUse)
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .milliseconds(9_999)))
        #expect(m.isInUse)
        _ = m.handle(.clockAdvanced(to: .seconds(10)))
        #expect(!m.isInUse)

        var p = DeviceParameters()
        p.gracePeriod = .seconds(30)
        var long = Rig.authorized(.whileUsing, parameters: p)
        _ = long.handle(.appEnteredBackground)
        _ = long.handle(.clockAdvanced(to: .seconds(29)))
        #expect(long.isInUse)
        _ = long.handle(.clockAdvanced(to: .seconds(30)))
        #expect(!long.isInUse)

        var indicator = Rig.authorized(.whileUsing)
        _ = indicator.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = indicator.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = indicator.handle(.appEnteredBackground)
        _ = indicator.handle(.clockAdvanced(to: .seconds(3600)))
        #expect(indicator.indicatorShowing && indicator.isInUse)
        _ = indicator.handle(.appSuspended)
        #expect(!indicator.isInUse)
    }

    @Test("I2: Mac apps are always in use; visionOS apps are in use while looked at and briefly after")
    func otherInUseCases() {
        var mac = Rig.authorized(.whileUsing, Platform(.macOS, 14))
        _ = mac.handle(.appEnteredBackground)
        _ = mac.handle(.clockAdvanced(to: .seconds(3600)))
        #expect(mac.isInUse)

        var vision = Rig.authorized(.whileUsing, Platform(.visionOS, 2))
        #expect(vision.isInUse)
        _ = vision.handle(.appEnteredBackground)
        _ = vision.handle(.clockAdvanced(to: .seconds(5)))
        #expect(vision.isInUse)
        _ = vision.handle(.clockAdvanced(to: .seconds(10)))
        #expect(!vision.isInUse)
    }

    @Test("I3: iOS 13+ When In Use can start every service while in use, but a terminated app is never launched")
    func whenInUseStartsEverything() {
        var m = Rig.authorized(.whileUsing)
        _ = m.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero)))
        #expect(m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) == [])
        #expect(m.handle(.appStartedSignificantChanges(Rig.manager)) == [])
        #expect(m.handle(.appStartedVisits(Rig.manager)) == [])
        #expect(m.handle(.deviceEnteredRegion("home")) == [.delegate(Rig.manager, .didEnterRegion("home"))])
        #expect(m.handle(.deviceVisited) == [.delegate(Rig.manager, .didVisit(Rig.fix(Rig.here, at: .zero)))])
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .zero)]))])
        _ = m.handle(.appTerminated)
        #expect(m.handle(.deviceExitedRegion("home")) == [])
        #expect(m.handle(.deviceVisited) == [])
        #expect(m.lifecycle.state == .notRunning)

        // Always, by contrast, launches it.
        var a = Rig.authorized(.always)
        _ = a.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = a.handle(.appTerminated)
        #expect(a.handle(.deviceEnteredRegion("home")) == [.appLaunchedBySystem(reason: "region enter home")])
    }

    @Test("I4: on iOS 12 When In Use apps get no region, visit or significant-change events; standard location works")
    func iOS12WhenInUseHasNoMonitoring() {
        var m = Rig.authorized(.whileUsing, Platform(.iOS, 12))
        _ = m.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero)))
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = m.handle(.appStartedSignificantChanges(Rig.manager))
        _ = m.handle(.appStartedVisits(Rig.manager))
        #expect(m.handle(.deviceEnteredRegion("home")) == [])
        #expect(m.handle(.deviceVisited) == [])
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager)) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .zero)]))])

        // The same app on iOS 13 gets the region event.
        var n = Rig.authorized(.whileUsing, Platform(.iOS, 13))
        _ = n.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        #expect(n.handle(.deviceEnteredRegion("home")) == [.delegate(Rig.manager, .didEnterRegion("home"))])
    }

    @Test("I5: a When In Use app's requests suspend while it is not in use and resume, without error, when it is")
    func requestsSuspendOutOfUse() {
        // Standard updates.
        var m = Rig.authorized(.whileUsing, app: AppDescription(name: "Trails"))
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero))) == [])
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        #expect(m.handle(.appEnteredForeground) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60))]))])

        // A one-shot request made out of use.
        var r = Rig.authorized(.whileUsing, app: AppDescription(name: "Trails"))
        _ = r.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero)))
        _ = r.handle(.appEnteredBackground)
        _ = r.handle(.clockAdvanced(to: .seconds(60)))
        #expect(r.handle(.appRequestedLocation(Rig.manager)) == [])
        #expect(r.handle(.clockAdvanced(to: .seconds(3600))) == [])
        #expect(r.handle(.appEnteredForeground) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.here, at: .zero)]))])
    }

    @Test("I6: a continuous background session needs the location background mode, allowsBackgroundLocationUpdates and a start while in use")
    func continuousBackgroundSession() {
        func backgroundDelivery(mode: Bool, allows: Bool, startInUse: Bool) -> (session: Bool, effects: [Effect]) {
            var m = Rig.authorized(.whileUsing, app: AppDescription(name: "Trails", backgroundModes: mode ? ["location"] : []))
            if allows { _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) }
            if startInUse { _ = m.handle(.appStartedUpdatingLocation(Rig.manager)) }
            _ = m.handle(.appEnteredBackground)
            _ = m.handle(.clockAdvanced(to: .seconds(60)))
            if !startInUse { _ = m.handle(.appStartedUpdatingLocation(Rig.manager)) }
            return (m.backgroundSessionActive, m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))))
        }
        let all = backgroundDelivery(mode: true, allows: true, startInUse: true)
        #expect(all.session)
        #expect(all.effects == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60))]))])
        for (mode, allows, start) in [(true, false, true), (false, false, true), (true, true, false)] {
            let partial = backgroundDelivery(mode: mode, allows: allows, startInUse: start)
            #expect(!partial.session)
            #expect(partial.effects == [])
        }
    }

    @Test("I9: updates started in the background get no session; When In Use gets nothing and no error, Always gets updates")
    func startInBackground() {
        var w = Rig.authorized(.whileUsing)
        _ = w.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = w.handle(.appEnteredBackground)
        _ = w.handle(.clockAdvanced(to: .seconds(60)))
        #expect(w.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
        #expect(!w.backgroundSessionActive && !w.indicatorShowing)
        #expect(w.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])

        var a = Rig.authorized(.always)
        _ = a.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = a.handle(.appEnteredBackground)
        _ = a.handle(.clockAdvanced(to: .seconds(60)))
        #expect(a.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
        #expect(!a.backgroundSessionActive)
        #expect(a.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60))]))])
    }

    @Test("I11: before iOS 11 Always apps never show the blue bar; When In Use sessions do")
    func indicatorBeforeIOS11() {
        func indicator(_ option: SettingsOption, _ platform: Platform) -> Bool {
            var m = Rig.authorized(option, platform)
            _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
            _ = m.handle(.appSetShowsBackgroundLocationIndicator(Rig.manager, true))
            _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
            _ = m.handle(.appEnteredBackground)
            return m.indicatorShowing
        }
        #expect(indicator(.always, Platform(.iOS, 10)) == false)
        #expect(indicator(.whileUsing, Platform(.iOS, 10)) == true)
        #expect(indicator(.always, Platform(.iOS, 11)) == true)
    }

    @Test("I12: suspended apps get queued updates on resume; terminated apps are relaunched only for Always monitoring events")
    func suspendedAndTerminated() {
        var m = Rig.authorized(.always)
        _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        _ = m.handle(.appSuspended)
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero))) == [])
        _ = m.handle(.clockAdvanced(to: .seconds(120)))
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        #expect(m.handle(.appEnteredForeground)
                == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.here, at: .seconds(60)), Rig.fix(Rig.there, at: .seconds(120))]))])

        // Terminated When In Use app: never relaunched.
        var w = Rig.authorized(.whileUsing)
        _ = w.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = w.handle(.appStartedVisits(Rig.manager))
        _ = w.handle(.appTerminated)
        #expect(w.handle(.deviceEnteredRegion("home")) == [])
        #expect(w.handle(.deviceVisited) == [])

        // Terminated Always app: relaunched for regions, visits and significant changes, not standard updates.
        var a = Rig.authorized(.always)
        _ = a.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero)))
        _ = a.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = a.handle(.appStartedVisits(Rig.manager))
        _ = a.handle(.appTerminated)
        #expect(a.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        #expect(a.handle(.deviceVisited) == [.appLaunchedBySystem(reason: "visit")])
        var s = Rig.authorized(.always)
        _ = s.handle(.deviceMoved(Rig.fix(Rig.here, at: .zero)))
        _ = s.handle(.appStartedSignificantChanges(Rig.manager))
        _ = s.handle(.appTerminated)
        #expect(s.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [.appLaunchedBySystem(reason: "significant location change")])
        // The relaunched app receives the event once it creates a manager.
        #expect(s.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
                == [Rig.auth(.authorizedAlways), .delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .zero)]))])
    }
}
