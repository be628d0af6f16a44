import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section I: "when in use", background execution, indicators.
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("I: In use, background execution and indicators, through the simulator")
struct InUseAndBackgroundTests {
    @Test("I7: allowsBackgroundLocationUpdates defaults to false; setting it back to false ends the background session")
    func allowsBackgroundDefaultsFalse() {
        let sim = Rig.Sim()
        sim.app.launch()
        #expect(sim.manager.allowsBackgroundLocationUpdates == false)
        #expect(ManagerState(id: Rig.manager, hasDelegate: true).allowsBackgroundLocationUpdates == false)

        var m = Rig.authorized(.whileUsing)
        _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        #expect(m.backgroundSessionActive)
        #expect(m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, false)) == [.indicatorChanged(false)])
        #expect(m.handle(.deviceMoved(Rig.fix(Rig.there, at: .zero))) == [])
        // In the foreground location still works.
        #expect(m.handle(.appEnteredForeground) == [.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(60))]))])
    }

    @Test("I8: setting allowsBackgroundLocationUpdates without the location background mode terminates the app in the setter")
    func allowsBackgroundWithoutModeIsFatal() {
        let ios13 = "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()'"
        var m = Rig.model(app: AppDescription(name: "Trails"))
        let exception13 = AppException.backgroundUpdatesWithoutBackgroundMode(iOS13Wording: true)
        #expect(exception13.text == ios13)
        #expect(m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) == [.console(ios13), .appTerminated(exception13)])
        #expect(m.lifecycle.state == .notRunning && m.lifecycle.terminationReason == exception13)

        let ios12 = "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)'"
        var old = Rig.model(Platform(.iOS, 12), app: AppDescription(name: "Trails"))
        let exception12 = AppException.backgroundUpdatesWithoutBackgroundMode(iOS13Wording: false)
        #expect(exception12.text == ios12)
        #expect(old.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) == [.console(ios12), .appTerminated(exception12)])

        // Setting false is harmless; so is true with the mode.
        var ok = Rig.model(app: AppDescription(name: "Trails"))
        #expect(ok.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, false)) == [])
        var withMode = Rig.model()
        #expect(withMode.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) == [])

        // End to end: the setter, not startUpdatingLocation, kills the app.
        let sim = Rig.Sim(app: AppDescription(name: "Trails"))
        sim.app.launch()
        sim.call { $0.allowsBackgroundLocationUpdates = true }
        #expect(sim.app.state == .notRunning)
        #expect(sim.app.terminationReason?.text == ios13)
        #expect(sim.entries(.terminated) == [ios13])
    }

    @Test("I10: When In Use sessions always show the indicator; Always shows it only with showsBackgroundLocationIndicator, togglable")
    func indicator() {
        var w = Rig.authorized(.whileUsing)
        _ = w.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = w.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(w.handle(.appEnteredBackground) == [.indicatorChanged(true)])
        #expect(w.services.managers[0].showsBackgroundLocationIndicator == false)
        #expect(w.handle(.appEnteredForeground) == [.indicatorChanged(false)])

        var a = Rig.authorized(.always)
        _ = a.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = a.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(a.handle(.appEnteredBackground) == [])
        _ = a.handle(.clockAdvanced(to: .seconds(60)))
        #expect(!a.indicatorShowing)
        #expect(a.handle(.appSetShowsBackgroundLocationIndicator(Rig.manager, true)) == [.indicatorChanged(true)])
        #expect(a.handle(.appSetShowsBackgroundLocationIndicator(Rig.manager, false)) == [.indicatorChanged(false)])

        let sim = Rig.Sim()
        sim.app.launch()
        #expect(sim.manager.showsBackgroundLocationIndicator == false)
    }
}
