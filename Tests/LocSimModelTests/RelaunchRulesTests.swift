import Testing
import LocSimModel
import LocSimModelTestSupport

/// How the app's process ends and what brings it back (O16, O17, O18), and the open choices of
/// the third round of fidelity work (D8, O6/O7, J1 on the iOS 17/18 API), on the pure model.
@Suite("O16, O17, O18: background activity sessions across processes, how the app stopped, relaunches")
struct RelaunchRulesTests {
    static let s1 = SessionID(1), s2 = SessionID(2)

    /// A launched app with When In Use (or `option`), the device at ``Rig/here``.
    static func authorized(_ option: SettingsOption = .whileUsing, _ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                           parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = Rig.model(platform, app: app, parameters: parameters)
        _ = m.handle(.userChangedSetting(option))
        m.device.location = Location(coordinate: Rig.here)
        return m
    }

    /// The default device parameters with `change` applied.
    static func parameters(_ change: (inout DeviceParameters) -> Void) -> DeviceParameters {
        var p = DeviceParameters()
        change(&p)
        return p
    }

    static func rejected(_ fx: [Effect]) -> Bool { fx.contains { if case .rejected = $0 { true } else { false } } }
    static func launched(_ fx: [Effect]) -> Bool { fx.contains { if case .appLaunchedBySystem = $0 { true } else { false } } }
    static func notes(_ fx: [Effect]) -> [String] { fx.compactMap { if case .note(let t) = $0 { t } else { nil } } }
    static func activityDiagnostics(_ fx: [Effect]) -> [Diagnostics] {
        fx.compactMap { if case .session(.backgroundActivityDiagnostic(_, let d)) = $0 { d } else { nil } }
    }

    // MARK: O16

    @Test("O16: a background activity session is active only with the location background mode; without it, it keeps nothing in use, reports insufficientlyInUse and LocSim notes why")
    func activityNeedsBackgroundMode() {
        var without = Rig.app
        without.backgroundModes = []
        for (app, active) in [(Rig.app, true), (without, false)] {
            var m = Self.authorized(app: app)
            let fx = m.handle(.appStartedBackgroundActivitySession(Self.s1))
            #expect(Self.notes(fx).count == (active ? 0 : 1), "\(app.backgroundModes)")
            #expect(Self.notes(fx).first?.contains("UIBackgroundModes lacks location") ?? active)
            #expect(Self.activityDiagnostics(fx) == [active ? [] : .insufficientlyInUse])
            _ = m.handle(.appEnteredBackground)
            _ = m.handle(.clockAdvanced(to: .seconds(60)))
            #expect(m.activityKeepsInUse == active)
            #expect(m.isInUse == active)
            #expect(m.indicatorShowing == active)
        }
    }

    @Test("O16: an active background activity session outlives the process; the next launch may resume it at once, in the background too; not resumed within the window, it ends")
    func activityOutlivesProcess() {
        var m = Self.authorized()
        _ = m.handle(.appStartedBackgroundActivitySession(Self.s1))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.appTerminated)
        #expect(m.sessions.activityHeldAtExit)
        #expect(!m.isInUse)
        // Time while not running does not end it; the launch opens the window.
        _ = m.handle(.clockAdvanced(to: .seconds(3600)))
        _ = m.handle(.appLaunchedInBackground)
        #expect(m.sessions.activityAwaitingRecreation && !m.sessions.activityHeldAtExit)
        var resumed = m
        _ = resumed.handle(.appStartedBackgroundActivitySession(Self.s2))
        #expect(resumed.sessions.backgroundActivity.first?.engaged == true)
        #expect(resumed.isInUse && resumed.indicatorShowing)
        #expect(!resumed.sessions.activityAwaitingRecreation)
        // Past the window (`sessionRecreationWindow`, 5 s) the session ended: one started now, in
        // the background, is a new session that cannot become active.
        _ = m.handle(.clockAdvanced(to: .seconds(3605)))
        #expect(!m.sessions.activityAwaitingRecreation)
        _ = m.handle(.appStartedBackgroundActivitySession(Self.s2))
        #expect(m.sessions.backgroundActivity.first?.engaged == false)
        #expect(!m.isInUse && !m.indicatorShowing)
        // A session that was not active (no background mode) is not kept.
        var app = Rig.app
        app.backgroundModes = []
        var modeless = Self.authorized(app: app)
        _ = modeless.handle(.appStartedBackgroundActivitySession(Self.s1))
        _ = modeless.handle(.appTerminated)
        #expect(!modeless.sessions.activityHeldAtExit)
    }

    @Test("O16, O17: a force quit ends the background activity session unless forceQuitEndsBackgroundActivitySession is false; a crash and a system termination keep it")
    func forceQuitEndsActivity() {
        for (end, keeps) in [(Event.appForceQuit, false), (.appCrashed, true), (.appTerminated, true)] {
            var m = Self.authorized()
            _ = m.handle(.appStartedBackgroundActivitySession(Self.s1))
            _ = m.handle(.appEnteredBackground)
            _ = m.handle(end)
            #expect(m.sessions.activityHeldAtExit == keeps, "\(end)")
        }
        var kept = Self.authorized(parameters: Self.parameters { $0.forceQuitEndsBackgroundActivitySession = false })
        _ = kept.handle(.appStartedBackgroundActivitySession(Self.s1))
        _ = kept.handle(.appForceQuit)
        #expect(kept.sessions.activityHeldAtExit)
    }

    // MARK: O17

    @Test("O17: a system termination, a crash and a force quit end the process; a force quit is remembered until the next launch; crashing needs running code")
    func threeWaysToStop() {
        for end in [Event.appTerminated, .appForceQuit, .appCrashed] {
            var m = Self.authorized()
            _ = m.handle(.appEnteredBackground)
            let fx = m.handle(end)
            #expect(!Self.rejected(fx), "\(end)")
            #expect(m.lifecycle.state == .notRunning && m.services.managers.isEmpty, "\(end)")
            #expect(m.lifecycle.forceQuit == (end == .appForceQuit), "\(end)")
            #expect(m.lifecycle.terminationReason == nil, "\(end): an app's own crash names no Core Location exception")
            _ = m.handle(.appLaunched)
            #expect(!m.lifecycle.forceQuit)
            // Not running: none of them applies.
            var stopped = Self.authorized()
            _ = stopped.handle(.appTerminated)
            #expect(Self.rejected(stopped.handle(end)), "\(end) while not running")
        }
        var suspended = Self.authorized()
        _ = suspended.handle(.appEnteredBackground)
        _ = suspended.handle(.appSuspended)
        #expect(Self.rejected(suspended.handle(.appCrashed)))
        #expect(!Self.rejected(suspended.handle(.appForceQuit)))
    }

    @Test("O17, A8: region events relaunch an Always app after a system termination, a crash and (by default) a force quit; forceQuitBlocksRelaunchFrom stops the relaunch after a force quit from that release")
    func relaunchAfterForceQuit() {
        func relaunches(_ end: Event, _ platform: Platform, blockedFrom: Platform?) -> Bool {
            var m = Self.authorized(.always, platform, parameters: Self.parameters { $0.forceQuitBlocksRelaunchFrom = blockedFrom })
            _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "office")))
            _ = m.handle(.appEnteredBackground)
            _ = m.handle(end)
            let fx = m.handle(.deviceEnteredRegion("office"))
            #expect(Self.launched(fx) == (m.lifecycle.state == .background))
            return Self.launched(fx)
        }
        let report = Platform(.iOS, 26, 4)
        for end in [Event.appTerminated, .appCrashed, .appForceQuit] {
            #expect(relaunches(end, Platform(.iOS, 18), blockedFrom: nil), "\(end)")
            #expect(relaunches(end, Platform(.iOS, 26, 4), blockedFrom: nil), "\(end)")
            #expect(relaunches(end, Platform(.iOS, 26, 4), blockedFrom: report) == (end != .appForceQuit), "\(end)")
            #expect(relaunches(end, Platform(.iOS, 26, 0), blockedFrom: report), "\(end): before the release")
        }
        // A monitor's condition event (O15) follows the same rule.
        var m = Self.authorized(.always, Platform(.iOS, 26, 4), parameters: Self.parameters { $0.forceQuitBlocksRelaunchFrom = report })
        _ = m.handle(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil))
        _ = m.handle(.appOpenedMonitor("places"))
        _ = m.handle(.appAddedMonitorCondition(monitor: "places", Region(name: "home"), assuming: .unsatisfied))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.appForceQuit)
        #expect(!Self.launched(m.handle(.deviceEnteredRegion("home"))))
    }

    // MARK: O18

    @Test("O18, I12: after a launch by the system, a visit or a significant change waits until the app starts that service again; a region event needs only a manager")
    func launchEventsWaitForRestart() {
        var m = Self.authorized(.always)
        _ = m.handle(.appStartedVisits(Rig.manager))
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "office")))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.appTerminated)
        #expect(Self.launched(m.handle(.deviceVisited)))
        var fx = m.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
        #expect(!Rig.calls(fx).contains { if case .didVisit = $0 { true } else { false } })
        #expect(m.services.pendingLaunchEvents.count == 1)
        // A region event reaches the manager at once; the visit still waits.
        fx = m.handle(.deviceEnteredRegion("office"))
        #expect(Rig.calls(fx).contains(.didEnterRegion("office")))
        fx = m.handle(.appStartedVisits(Rig.manager))
        #expect(Rig.calls(fx).contains { if case .didVisit = $0 { true } else { false } })
        #expect(m.services.pendingLaunchEvents.isEmpty)
        // Authorization gone while it waits: the event never reaches the app.
        var denied = Self.authorized(.always)
        _ = denied.handle(.appStartedVisits(Rig.manager))
        _ = denied.handle(.appTerminated)
        _ = denied.handle(.deviceVisited)
        _ = denied.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
        _ = denied.handle(.userChangedSetting(.never))
        #expect(denied.services.pendingLaunchEvents.isEmpty)
        fx = denied.handle(.appStartedVisits(Rig.manager))
        #expect(!Rig.calls(fx).contains { if case .didVisit = $0 { true } else { false } })
    }

    @Test("O18: the location launch key reaches an app under the app-delegate life cycle, not under the scene life cycle")
    func launchKeyByLifeCycle() {
        var app = Rig.app
        #expect(app.locationLaunchKeyDelivered)
        app.scenes = true
        #expect(!app.locationLaunchKeyDelivered)
    }

    // MARK: D8, O6, O7, J1

    @Test("D8: requestLocation() while notDetermined waits for the answer by default; requestLocationFailsWhileNotDetermined fails it at once with kCLErrorDenied")
    func requestLocationWhileNotDetermined() {
        for fails in [false, true] {
            var m = Rig.model(parameters: Self.parameters { $0.requestLocationFailsWhileNotDetermined = fails })
            let fx = m.handle(.appRequestedLocation(Rig.manager))
            #expect(Rig.calls(fx) == (fails ? [.didFailWithError(.denied)] : []))
            #expect(m.services.managers[0].oneShotPending == !fails)
            #expect(m.status == .notDetermined)
        }
    }

    @Test("O6, O7: a service session created in the grace period is engaged by default (the header's in use); with sessionsEngageInGracePeriod false (WWDC24's foreground) it is insufficiently in use until the foreground")
    func sessionInGracePeriod() {
        for engages in [true, false] {
            var m = Self.authorized(parameters: Self.parameters { $0.sessionsEngageInGracePeriod = engages })
            _ = m.handle(.appEnteredBackground)
            #expect(m.isInUse)
            _ = m.handle(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil))
            #expect(m.sessions.service[0].engaged == engages)
            #expect(m.sessions.service[0].reported == (engages ? [] : .insufficientlyInUse))
            _ = m.handle(.appEnteredForeground)
            #expect(m.sessions.service[0].reported == [])
        }
    }

    @Test("J1, J2, O1, O5: live updates, a monitor, an activity session or a session asking without their purpose string log what the request methods log and are ignored; with the keys they prompt")
    func newAPIWithoutPurposeString() {
        let onlyAlways = AppDescription(name: "Trails", purposeStrings: [.always: "Legacy."], backgroundModes: ["location"])
        let asking: [Event] = [.appStartedLiveUpdates(Self.s1), .appOpenedMonitor("places"), .appStartedBackgroundActivitySession(Self.s1),
                               .appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)]
        for event in asking {
            var m = Rig.model(app: onlyAlways)
            let fx = m.handle(event)
            #expect(fx.contains(.console(PurposeStringRules.missingKeysMessage(for: .whenInUse, on: m.platform))), "\(event)")
            #expect(fx.contains(.requestIgnored(.whenInUse, reason: .missingPurposeString)), "\(event)")
            #expect(Rig.prompts(fx).isEmpty && m.status == .notDetermined, "\(event)")
            var keyed = Rig.model()
            #expect(Rig.prompts(keyed.handle(event)).count == 1, "\(event) with the key")
        }
        // A .none session asks nothing, so it logs nothing; a .always one without the Always keys logs J2's line.
        var none = Rig.model(app: onlyAlways)
        #expect(!none.handle(.appCreatedServiceSession(Self.s1, .none, fullAccuracyPurposeKey: nil)).contains { if case .console = $0 { true } else { false } })
        let whenInUseOnly = AppDescription(name: "Trails", purposeStrings: [.whenInUse: "Map."])
        var always = Rig.model(app: whenInUseOnly)
        let fx = always.handle(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil))
        #expect(fx.contains(.requestIgnored(.always, reason: .missingPurposeString)))
        #expect(fx.contains(.console(PurposeStringRules.missingKeysMessage(for: .always, on: always.platform))))
    }
}
