import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section O (the iOS 17/18 API: `CLLocationUpdate`, `CLServiceSession`,
/// `CLBackgroundActivitySession`, `CLMonitor`) and P4's watchOS relaunch, on the pure model.
@Suite("O: sessions, live updates, background activity sessions and monitors")
struct SessionRulesTests {
    // MARK: Fixtures

    static let s1 = SessionID(1), s2 = SessionID(2), s3 = SessionID(3), s4 = SessionID(4)
    /// The device's fix at time zero.
    static let hereFix = Location(coordinate: Rig.here)
    /// An app like ``Rig/app`` that opted into explicit service sessions with `key`.
    static func explicitApp(_ keys: Set<ExplicitSessionKey> = [.cl]) -> AppDescription {
        var app = Rig.app
        app.explicitServiceSessionKeys = keys
        return app
    }

    /// A launched app with `option` set in Settings and the device at ``hereFix`` (or `location`).
    static func authorized(_ option: SettingsOption = .whileUsing, _ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                           parameters: DeviceParameters = DeviceParameters(), at location: Location? = hereFix) -> AuthorizationModel {
        var m = Rig.authorized(option, platform, app: app, parameters: parameters)
        m.device.location = location
        return m
    }

    /// A launched app that has not been asked, the device at ``hereFix``.
    static func fresh(_ platform: Platform = Platform(.iOS, 18), app: AppDescription = Rig.app,
                      parameters: DeviceParameters = DeviceParameters()) -> AuthorizationModel {
        var m = Rig.model(platform, app: app, parameters: parameters)
        m.device.location = hereFix
        return m
    }

    static func service(_ id: SessionID, _ requirement: SessionRequirement, key: String? = nil, engaged: Bool = true, asked: Bool = false,
                        reported: Diagnostics?) -> ServiceSessionState {
        var s = ServiceSessionState(id: id, requirement: requirement, fullAccuracyPurposeKey: key, engaged: engaged)
        s.fullAccuracyAsked = asked
        s.reported = reported
        return s
    }

    static func diagnostic(_ id: SessionID, _ d: Diagnostics) -> Effect { .session(.serviceSessionDiagnostic(id, d)) }
    static func activityDiagnostic(_ id: SessionID, _ d: Diagnostics) -> Effect { .session(.backgroundActivityDiagnostic(id, d)) }
    static func update(_ id: SessionID, _ location: Location?, _ d: Diagnostics = []) -> Effect {
        .session(.liveUpdate(id, LiveUpdate(location: location, diagnostics: d)))
    }
    static func event(_ monitor: String, _ identifier: String, _ state: MonitoringState, at date: Duration, _ d: Diagnostics = []) -> Effect {
        .session(.monitorEvent(monitor: monitor, MonitorEvent(identifier: identifier, state: state, date: date, diagnostics: d)))
    }

    static func isRejected(_ effect: Effect) -> Bool { if case .rejected = effect { true } else { false } }
    static func rejected(_ effects: [Effect]) -> Bool { effects.contains(where: isRejected) }
    static func launchedBySystem(_ effects: [Effect]) -> Bool {
        effects.contains { if case .appLaunchedBySystem = $0 { true } else { false } }
    }

    static let home = Region(name: "home", center: Rig.here, radius: 100)

    // MARK: O1

    @Test("O1: iterating liveUpdates asks for When In Use by itself (iOS 17 and 18); the first location follows the answer")
    func liveUpdatesAsk() {
        for major in [17, 18] {
            let store = TestStore(Self.fresh(Platform(.iOS, major)))
            let prompt = store.state.initialPrompt(for: .whenInUse)
            store.send(.appStartedLiveUpdates(Self.s1)) {
                $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
                $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [.authorizationRequestInProgress])]
                $0.sessions.nextID = 2
            }
            store.receive([.promptShown(prompt), .appWillResignActive])
            // The diagnostic properties are iOS 18's (O2): iOS 17 yields nothing until a location.
            if major >= 18 { store.receive(Self.update(Self.s1, nil, [.authorizationRequestInProgress])) }
            store.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
                $0.prompts.onScreen = nil
                $0.record.authorization = .whenInUse(temporary: false)
                $0.services.managers[0].reportedStatus = .authorizedWhenInUse
                $0.sessions.liveUpdates[0].reported = []
                $0.sessions.liveUpdates[0].lastCoordinate = Rig.here
            }
            store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse),
                           Self.update(Self.s1, Self.hereFix)])
            store.finish()
        }

        // An app already asked is not asked again: a denied app's stream just reports the denial.
        let denied = TestStore(Self.authorized(.never))
        denied.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [.authorizationDenied])]
            $0.sessions.nextID = 2
        }
        denied.receive(Self.update(Self.s1, nil, [.authorizationDenied]))
        denied.finish()
    }

    // MARK: O2

    @Test("O2: authorizationDenied, authorizationDeniedGlobally and authorizationRestricted reach live updates as updates without a location")
    func liveUpdateAuthorizationFlags() {
        let store = TestStore(Self.authorized())
        store.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 2
        }
        store.receive(Self.update(Self.s1, Self.hereFix))
        store.send(.userChangedSetting(.never)) {
            $0.record.authorization = .denied
            $0.services.managers[0].reportedStatus = .denied
            $0.sessions.liveUpdates[0].reported = [.authorizationDenied]
        }
        store.receive([Rig.auth(.denied), Self.update(Self.s1, nil, [.authorizationDenied])])
        store.send(.userChangedSetting(.whileUsing)) {
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.liveUpdates[0].reported = []
        }
        store.receive([Rig.auth(.authorizedWhenInUse), Self.update(Self.s1, Self.hereFix)])
        store.send(.userSwitchedLocationServices(false)) {
            $0.device.locationServicesEnabled = false
            $0.services.managers[0].reportedStatus = .denied
            $0.sessions.liveUpdates[0].reported = [.authorizationDeniedGlobally]
        }
        store.receive([Rig.auth(.denied), Self.update(Self.s1, nil, [.authorizationDeniedGlobally])])
        store.send(.userSwitchedLocationServices(true)) {
            $0.device.locationServicesEnabled = true
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.liveUpdates[0].reported = []
        }
        store.receive([Rig.auth(.authorizedWhenInUse), Self.update(Self.s1, Self.hereFix)])
        store.send(.restrictionChanged(true)) {
            $0.device.restricted = true
            $0.services.managers[0].reportedStatus = .restricted
            $0.sessions.liveUpdates[0].reported = [.authorizationRestricted]
        }
        store.receive([Rig.auth(.restricted), Self.update(Self.s1, nil, [.authorizationRestricted])])
        store.finish()
    }

    @Test("O2: locationUnavailable without a fix, accuracyLimited with reduced accuracy (a coarse fix still comes), stationary once while the device stays put")
    func liveUpdateLocationFlags() {
        let store = TestStore(Self.authorized(at: nil))
        store.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [.locationUnavailable])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.update(Self.s1, nil, [.locationUnavailable]))
        store.send(.deviceMoved(Self.hereFix)) {
            $0.device.location = Self.hereFix
            $0.sessions.liveUpdates[0].reported = []
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.here
        }
        store.receive(Self.update(Self.s1, Self.hereFix))
        store.send(.clockAdvanced(to: .seconds(5))) { $0.clock.now = .seconds(5) }
        // The same place again: one update saying the device is stationary, then quiet.
        let still = Location(coordinate: Rig.here, timestamp: .seconds(5))
        store.send(.deviceMoved(Location(coordinate: Rig.here))) {
            $0.device.location = still
            $0.sessions.liveUpdates[0].reported = [.stationary]
        }
        store.receive(Self.update(Self.s1, still, [.stationary]))
        store.send(.deviceMoved(Location(coordinate: Rig.here)))
        let moved = Location(coordinate: Rig.there, timestamp: .seconds(5))
        store.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = moved
            $0.sessions.liveUpdates[0].reported = []
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.there
        }
        store.receive(Self.update(Self.s1, moved))
        // Approximate location: the update carries the coarse fix and says accuracy is limited.
        store.send(.userChangedPreciseLocation(false)) {
            $0.record.precise = false
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
            $0.sessions.liveUpdates[0].reported = [.accuracyLimited]
        }
        store.receive([Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false), Self.update(Self.s1, moved.reduced, [.accuracyLimited])])
        store.finish()
    }

    @Test("O2: serviceSessionRequired while an explicit-session app holds no session; on iOS 17 a stream that cannot deliver yields nothing")
    func liveUpdateSessionFlagAndIOS17() {
        let store = TestStore(Self.authorized(app: Self.explicitApp()))
        store.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [.serviceSessionRequired])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.update(Self.s1, nil, [.serviceSessionRequired]))
        store.send(.appCreatedServiceSession(Self.s2, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s2, .whenInUse, reported: [])]
            $0.sessions.nextID = 3
            $0.sessions.liveUpdates[0].reported = []
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.here
        }
        store.receive([Self.diagnostic(Self.s2, []), Self.update(Self.s1, Self.hereFix)])
        store.send(.appInvalidatedServiceSession(Self.s2)) {
            $0.sessions.service = []
            $0.sessions.liveUpdates[0].reported = [.serviceSessionRequired]
        }
        store.receive(Self.update(Self.s1, nil, [.serviceSessionRequired]))
        store.finish()

        // iOS 17: out of use the stream stops silently and resumes with a location in the foreground.
        let old = TestStore(Self.authorized(.whileUsing, Platform(.iOS, 17)))
        old.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 2
        }
        old.receive(Self.update(Self.s1, Self.hereFix))
        old.enterBackground()
        old.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
            $0.sessions.liveUpdates[0].reported = [.insufficientlyInUse]
        }
        let moved = Location(coordinate: Rig.there, timestamp: .seconds(11))
        old.send(.deviceMoved(Location(coordinate: Rig.there))) { $0.device.location = moved }
        old.returnToForeground {
            $0.sessions.liveUpdates[0].reported = []
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.there
        }
        old.receive(Self.update(Self.s1, moved))
        old.finish()
    }

    // MARK: O3

    @Test("O3, O15: CLServiceSession exists on iOS 18, tvOS 18 (no .always), watchOS 11 and visionOS 2, never on macOS; liveUpdates, activity sessions and monitors from their own releases, monitors never on visionOS")
    func availability() {
        // platform, liveUpdates, service session, .always session, background activity session, monitor
        let table: [(Platform, Bool, Bool, Bool, Bool, Bool)] = [
            (Platform(.iOS, 16), false, false, false, false, false),
            (Platform(.iOS, 17), true, false, false, true, true),
            (Platform(.iOS, 18), true, true, true, true, true),
            (Platform(.tvOS, 16), false, false, false, false, false),
            (Platform(.tvOS, 17), true, false, false, false, false),
            (Platform(.tvOS, 18), true, true, false, false, false),
            (Platform(.macOS, 13), false, false, false, false, false),
            (Platform(.macOS, 14), true, false, false, false, true),
            (Platform(.macOS, 15), true, false, false, false, true),
            (Platform(.watchOS, 9), false, false, false, false, false),
            (Platform(.watchOS, 10), true, false, false, true, false),
            (Platform(.watchOS, 11), true, true, true, true, false),
            (Platform(.visionOS, 1), true, false, false, true, false),
            (Platform(.visionOS, 2), true, true, true, true, false),
        ]
        for (platform, live, session, always, activity, monitor) in table {
            let m = Self.fresh(platform)
            #expect(m.liveUpdatesAvailable == live, "\(platform)")
            #expect(m.serviceSessionsAvailable == session, "\(platform)")
            #expect(m.backgroundActivityAvailable == activity, "\(platform)")
            #expect(m.monitorAvailable == monitor, "\(platform)")
            func accepts(_ event: Event, _ kept: (AuthorizationModel) -> Bool) -> Bool {
                var copy = m
                let fx = copy.handle(event)
                #expect(Self.rejected(fx) != kept(copy), "\(platform): \(event) is rejected exactly when nothing is kept")
                return !Self.rejected(fx)
            }
            #expect(accepts(.appStartedLiveUpdates(Self.s1)) { !$0.sessions.liveUpdates.isEmpty } == live, "\(platform)")
            #expect(accepts(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) { !$0.sessions.service.isEmpty } == session, "\(platform)")
            #expect(accepts(.appCreatedServiceSession(Self.s1, .none, fullAccuracyPurposeKey: nil)) { !$0.sessions.service.isEmpty } == session, "\(platform)")
            #expect(accepts(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil)) { !$0.sessions.service.isEmpty } == always, "\(platform)")
            #expect(accepts(.appStartedBackgroundActivitySession(Self.s1)) { !$0.sessions.backgroundActivity.isEmpty } == activity, "\(platform)")
            #expect(accepts(.appOpenedMonitor("geo")) { !$0.sessions.monitors.isEmpty } == monitor, "\(platform)")
        }

        // The requirement's cases in their raw-value order (.none 0, .whenInUse 1, .always 2), and
        // both initializers: with a full accuracy purpose key the session keeps it.
        #expect(SessionRequirement.allCases == [.none, .whenInUse, .always])
        var m = Self.authorized(app: Rig.navigationApp)
        _ = m.handle(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil))
        _ = m.handle(.appCreatedServiceSession(Self.s2, .whenInUse, fullAccuracyPurposeKey: "Navigation"))
        #expect(m.sessions.service.map(\.fullAccuracyPurposeKey) == [nil, "Navigation"])
        // A number in use is refused; a suspended or terminated app makes no call.
        #expect(Self.rejected(m.handle(.appCreatedServiceSession(Self.s1, .none, fullAccuracyPurposeKey: nil))))
        _ = m.handle(.appSuspended)
        #expect(Self.rejected(m.handle(.appCreatedServiceSession(Self.s3, .none, fullAccuracyPurposeKey: nil))))
        #expect(m.sessions.service.count == 2)
    }

    // MARK: O4

    @Test("O4: a .none session asks for nothing; other requirements ask only when possible: in the foreground, not denied, not restricted, Location Services on")
    func whatASessionAsks() {
        let store = TestStore(Self.fresh())
        store.send(.appCreatedServiceSession(Self.s1, .none, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .none, reported: [])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.diagnostic(Self.s1, []))
        let prompt = store.state.initialPrompt(for: .whenInUse)
        store.send(.appCreatedServiceSession(Self.s2, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.service = [Self.service(Self.s1, .none, reported: [.authorizationRequestInProgress]),
                                   Self.service(Self.s2, .whenInUse, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 3
        }
        store.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress]),
                       Self.diagnostic(Self.s2, [.authorizationRequestInProgress])])
        store.finish()

        // Not in the foreground: no prompt until the app is in front again.
        let later = TestStore(Self.fresh())
        later.enterBackground()
        later.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .whenInUse, reported: [])]
            $0.sessions.nextID = 2
        }
        later.receive(Self.diagnostic(Self.s1, []))
        later.returnToForeground {
            $0.clock.timers = []
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.service[0].reported = [.authorizationRequestInProgress]
        }
        later.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        later.finish()

        // Denied, restricted, Location Services off: never a prompt, the session says why.
        var restricted = Self.fresh()
        _ = restricted.handle(.restrictionChanged(true))
        var servicesOff = Self.fresh()
        _ = servicesOff.handle(.userSwitchedLocationServices(false))
        let blocked: [(AuthorizationModel, Diagnostics)] = [
            (Self.authorized(.never), [.authorizationDenied]), (restricted, [.authorizationRestricted]), (servicesOff, [.authorizationDeniedGlobally]),
        ]
        for (model, flag) in blocked {
            for requirement in [SessionRequirement.whenInUse, .always] {
                let s = TestStore(model)
                s.send(.appCreatedServiceSession(Self.s1, requirement, fullAccuracyPurposeKey: nil)) {
                    $0.sessions.service = [Self.service(Self.s1, requirement, reported: flag)]
                    $0.sessions.nextID = 2
                }
                s.receive(Self.diagnostic(Self.s1, flag))
                s.finish()
            }
        }

        // Explicit sessions: a .none session satisfies the requirement only once the app is authorized.
        let explicit = TestStore(Self.fresh(app: Self.explicitApp()))
        explicit.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [.serviceSessionRequired])]
            $0.sessions.nextID = 2
        }
        explicit.receive(Self.update(Self.s1, nil, [.serviceSessionRequired]))
        explicit.send(.appCreatedServiceSession(Self.s2, .none, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s2, .none, reported: [.serviceSessionRequired])]
            $0.sessions.nextID = 3
        }
        explicit.receive(Self.diagnostic(Self.s2, [.serviceSessionRequired]))
        explicit.send(.userChangedSetting(.whileUsing)) {
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.service[0].reported = []
            $0.sessions.liveUpdates[0].reported = []
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.here
        }
        explicit.receive([Rig.auth(.authorizedWhenInUse), Self.diagnostic(Self.s2, []), Self.update(Self.s1, Self.hereFix)])
        explicit.finish()
    }

    // MARK: O5

    @Test("O5: a When In Use session created while notDetermined brings up the prompt and reports authorizationRequestInProgress until the answer, whatever it is")
    func whenInUseSessionFromNotDetermined() {
        let answers: [(PromptButton, StoredAuthorization, AuthorizationStatus, Diagnostics)] = [
            (.allowWhileUsing, .whenInUse(temporary: false), .authorizedWhenInUse, []),
            (.allowOnce, .whenInUse(temporary: true), .authorizedWhenInUse, []),
            (.dontAllow, .denied, .denied, [.authorizationDenied]),
        ]
        for (button, authorization, status, after) in answers {
            let store = TestStore(Self.fresh())
            let prompt = store.state.initialPrompt(for: .whenInUse)
            store.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) {
                $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
                $0.sessions.service = [Self.service(Self.s1, .whenInUse, reported: [.authorizationRequestInProgress])]
                $0.sessions.nextID = 2
            }
            store.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
            store.send(.userChoseButton(button, precise: nil)) {
                $0.prompts.onScreen = nil
                $0.record.authorization = authorization
                $0.services.managers[0].reportedStatus = status
                $0.sessions.service[0].reported = after
            }
            store.receive([.promptDismissed(.initial, answer: button), .appDidBecomeActive, Rig.auth(status), Self.diagnostic(Self.s1, after)])
            store.finish()
            #expect(!store.state.sessions.service[0].reported!.contains(.authorizationRequestInProgress))
        }
    }

    // MARK: O6

    @Test("O6: a session created in use (foreground or grace period) is engaged; created out of use it reports insufficientlyInUse until the foreground")
    func whenASessionMayBeCreated() {
        let store = TestStore(Self.authorized())
        store.enterBackground()
        store.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .whenInUse, reported: [])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.diagnostic(Self.s1, []))
        store.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
            $0.sessions.service[0].reported = [.insufficientlyInUse]
        }
        store.receive(Self.diagnostic(Self.s1, [.insufficientlyInUse]))
        store.send(.appCreatedServiceSession(Self.s2, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service.append(Self.service(Self.s2, .whenInUse, engaged: false, reported: [.insufficientlyInUse]))
            $0.sessions.nextID = 3
        }
        store.receive(Self.diagnostic(Self.s2, [.insufficientlyInUse]))
        store.returnToForeground {
            $0.sessions.service[0].reported = []
            $0.sessions.service[1].engaged = true
            $0.sessions.service[1].reported = []
        }
        store.receive([Self.diagnostic(Self.s1, []), Self.diagnostic(Self.s2, [])])
        // Engaged for good: back out of use, both report the app is not in use, and recover together.
        store.enterBackground()
        store.send(.clockAdvanced(to: .seconds(22))) {
            $0.clock.now = .seconds(22)
            $0.clock.timers = []
            $0.sessions.service[0].reported = [.insufficientlyInUse]
            $0.sessions.service[1].reported = [.insufficientlyInUse]
        }
        store.receive([Self.diagnostic(Self.s1, [.insufficientlyInUse]), Self.diagnostic(Self.s2, [.insufficientlyInUse])])
        store.finish()
    }

    // MARK: O7

    @Test("O7: on iOS 18 Always reaches live updates out of use only while an engaged .always session is held, and one started in the background does not count")
    func alwaysNeedsAnAlwaysSession() {
        let store = TestStore(Self.authorized(.always))
        store.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 2
        }
        store.receive(Self.update(Self.s1, Self.hereFix))
        store.enterBackground()
        store.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
            $0.sessions.liveUpdates[0].reported = [.insufficientlyInUse]
        }
        store.receive(Self.update(Self.s1, nil, [.insufficientlyInUse]))
        let there11 = Location(coordinate: Rig.there, timestamp: .seconds(11))
        store.send(.deviceMoved(Location(coordinate: Rig.there))) { $0.device.location = there11 }
        // Started in the background, the .always session changes nothing.
        store.send(.appCreatedServiceSession(Self.s2, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s2, .always, engaged: false, reported: [.insufficientlyInUse])]
            $0.sessions.nextID = 3
        }
        store.receive(Self.diagnostic(Self.s2, [.insufficientlyInUse]))
        store.returnToForeground {
            $0.sessions.service[0].engaged = true
            $0.sessions.service[0].reported = []
            $0.sessions.liveUpdates[0].reported = []
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.there
        }
        store.receive([Self.diagnostic(Self.s2, []), Self.update(Self.s1, there11)])
        // Engaged (the foreground): the stream goes on out of use.
        store.enterBackground()
        store.send(.clockAdvanced(to: .seconds(32))) {
            $0.clock.now = .seconds(32)
            $0.clock.timers = []
        }
        let here32 = Location(coordinate: Rig.here, timestamp: .seconds(32))
        store.send(.deviceMoved(Location(coordinate: Rig.here))) {
            $0.device.location = here32
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.here
        }
        store.receive(Self.update(Self.s1, here32))
        #expect(!store.state.isInUse)
        // Without the session it stops again.
        store.send(.appInvalidatedServiceSession(Self.s2)) {
            $0.sessions.service = []
            $0.sessions.liveUpdates[0].reported = [.insufficientlyInUse]
        }
        store.receive(Self.update(Self.s1, nil, [.insufficientlyInUse]))
        store.finish()

        // iOS 17: permanent Always is enough.
        let old = TestStore(Self.authorized(.always, Platform(.iOS, 17)))
        old.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 2
        }
        old.receive(Self.update(Self.s1, Self.hereFix))
        old.enterBackground()
        old.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
        }
        old.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = there11
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.there
        }
        old.receive(Self.update(Self.s1, there11))
        old.finish()
    }

    // MARK: O8

    @Test("O8: a .always session shares the single Always request with requestAlwaysAuthorization, whichever asks first")
    func sharedAlwaysRequest() {
        // The session asks first; the user keeps When In Use; the method then does nothing.
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        let upgrade = store.state.upgradePrompt()
        store.send(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil)) {
            $0.record.alwaysRequestSpent = true
            $0.prompts.onScreen = PresentedPrompt(prompt: upgrade, shownAt: .zero, manager: nil)
            $0.sessions.service = [Self.service(Self.s1, .always, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 2
        }
        store.receive([.promptShown(upgrade), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        store.send(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.sessions.service[0].reported = [.alwaysAuthorizationDenied]
        }
        store.receive([.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive,
                       Self.diagnostic(Self.s1, [.alwaysAuthorizationDenied])])
        store.ignoredRequest(.always, .alwaysAlreadyRequested)
        store.send(.appCreatedServiceSession(Self.s2, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service.append(Self.service(Self.s2, .always, reported: [.alwaysAuthorizationDenied]))
            $0.sessions.nextID = 3
        }
        store.receive(Self.diagnostic(Self.s2, [.alwaysAuthorizationDenied]))
        store.finish()

        // The method asks first: the session gets no prompt of its own.
        let method = TestStore(Rig.model())
        method.grantWhenInUse()
        method.requestShowingUpgradePrompt()
        method.answerPrompt(.keepOnlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        method.send(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .always, reported: [.alwaysAuthorizationDenied])]
            $0.sessions.nextID = 2
        }
        method.receive(Self.diagnostic(Self.s1, [.alwaysAuthorizationDenied]))
        method.finish()

        // The session's upgrade granted: Always, and the method has nothing left to do.
        let granted = TestStore(Rig.model())
        granted.grantWhenInUse()
        granted.send(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil)) {
            $0.record.alwaysRequestSpent = true
            $0.prompts.onScreen = PresentedPrompt(prompt: upgrade, shownAt: .zero, manager: nil)
            $0.sessions.service = [Self.service(Self.s1, .always, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 2
        }
        granted.receive([.promptShown(upgrade), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        granted.send(.userChoseButton(.changeToAlwaysAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .always(provisional: false)
            $0.services.managers[0].reportedStatus = .authorizedAlways
            $0.sessions.service[0].reported = []
        }
        granted.receive([.promptDismissed(.alwaysUpgrade, answer: .changeToAlwaysAllow), .appDidBecomeActive, Rig.auth(.authorizedAlways),
                         Self.diagnostic(Self.s1, [])])
        granted.ignoredRequest(.always, .alreadyAlways)
        granted.finish()
    }

    @Test("O8: after an Allow Once grant lapses in the background, the session asks again the next time the app is in the foreground")
    func reaskAfterAllowOnceLapse() {
        let store = TestStore(Self.fresh())
        let prompt = store.state.initialPrompt(for: .whenInUse)
        store.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.service = [Self.service(Self.s1, .whenInUse, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 2
        }
        store.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        store.send(.userChoseButton(.allowOnce, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: true)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.service[0].reported = []
        }
        store.receive([.promptDismissed(.initial, answer: .allowOnce), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse), Self.diagnostic(Self.s1, [])])
        store.leaveUse {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
            $0.sessions.service[0].reported = [.insufficientlyInUse]
        }
        store.receive([Self.diagnostic(Self.s1, [.insufficientlyInUse]), Rig.auth(.notDetermined)])
        let back = store.state.clock.now
        store.returnToForeground {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: back, manager: nil)
            $0.sessions.service[0].reported = [.authorizationRequestInProgress]
        }
        store.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        store.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.service[0].reported = []
        }
        store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse),
                       Self.diagnostic(Self.s1, [])])
        store.finish()
    }

    // MARK: O9

    @Test("O9: live updates, monitors and activity sessions hold an implicit When In Use session; either key spelling turns it off, as honoredExplicitSessionKeys allows")
    func implicitSessions() {
        // Implicit: an activity session or a monitor asks by itself.
        let activity = TestStore(Self.fresh())
        let prompt = activity.state.initialPrompt(for: .whenInUse)
        activity.send(.appStartedBackgroundActivitySession(Self.s1)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s1, engaged: true, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 2
        }
        activity.receive([.promptShown(prompt), .appWillResignActive, Self.activityDiagnostic(Self.s1, [.authorizationRequestInProgress])])
        activity.finish()
        let monitor = TestStore(Self.fresh())
        monitor.send(.appOpenedMonitor("geo")) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.monitors = [MonitorState(name: "geo", open: true)]
        }
        monitor.receive([.promptShown(prompt), .appWillResignActive])
        monitor.finish()

        // Explicit, with either spelling: nothing asks until a service session does.
        for key in ExplicitSessionKey.allCases {
            let store = TestStore(Self.fresh(app: Self.explicitApp([key])))
            store.send(.appStartedBackgroundActivitySession(Self.s1)) {
                $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s1, engaged: true, reported: [.serviceSessionRequired])]
                $0.sessions.nextID = 2
            }
            store.receive(Self.activityDiagnostic(Self.s1, [.serviceSessionRequired]))
            store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
            store.send(.appStartedLiveUpdates(Self.s2)) {
                $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s2, reported: [.serviceSessionRequired])]
                $0.sessions.nextID = 3
            }
            store.receive(Self.update(Self.s2, nil, [.serviceSessionRequired]))
            store.send(.appCreatedServiceSession(Self.s3, .whenInUse, fullAccuracyPurposeKey: nil)) {
                $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
                $0.sessions.service = [Self.service(Self.s3, .whenInUse, reported: [.authorizationRequestInProgress])]
                $0.sessions.backgroundActivity[0].reported = [.authorizationRequestInProgress]
                $0.sessions.liveUpdates[0].reported = [.authorizationRequestInProgress]
                $0.sessions.nextID = 4
            }
            store.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s3, [.authorizationRequestInProgress]),
                           Self.activityDiagnostic(Self.s1, [.authorizationRequestInProgress]), Self.update(Self.s2, nil, [.authorizationRequestInProgress])])
            store.finish()
        }

        // Which spellings the device honours (the Info.plist key is uncertain); iOS 17 has no sessions to require.
        for (honored, declared, explicit) in [
            (Set(ExplicitSessionKey.allCases), Set<ExplicitSessionKey>(), false),
            (Set(ExplicitSessionKey.allCases), [.nsLocation], true), (Set(ExplicitSessionKey.allCases), [.cl], true),
            ([.cl], [.nsLocation], false), ([.cl], [.cl], true), ([.nsLocation], [.cl], false), ([.nsLocation], [.nsLocation], true),
            ([], [.cl, .nsLocation], false),
        ] as [(Set<ExplicitSessionKey>, Set<ExplicitSessionKey>, Bool)] {
            var p = DeviceParameters()
            p.honoredExplicitSessionKeys = honored
            var m = Self.fresh(app: Self.explicitApp(declared), parameters: p)
            #expect(m.requiresExplicitServiceSession == explicit, "honoured \(honored), declared \(declared)")
            // An app whose key is not honoured keeps the implicit session: live updates ask.
            #expect(Rig.prompts(m.handle(.appStartedLiveUpdates(Self.s1))).count == (explicit ? 0 : 1))
            var old = Self.fresh(Platform(.iOS, 17), app: Self.explicitApp(declared), parameters: p)
            #expect(!old.requiresExplicitServiceSession)
            #expect(Rig.prompts(old.handle(.appStartedLiveUpdates(Self.s1))).count == 1)
        }
        #expect(ExplicitSessionKey.nsLocation.rawValue == "NSLocationRequireExplicitServiceSession")
        #expect(ExplicitSessionKey.cl.rawValue == "CLRequireExplicitServiceSession")
    }

    // MARK: O10

    @Test("O10: a When In Use app out of use gets no updates; a CLBackgroundActivitySession started in the foreground keeps them coming")
    func nothingOutOfUse() {
        let store = TestStore(Self.authorized())
        store.send(.appStartedLiveUpdates(Self.s1)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s1, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 2
        }
        store.receive(Self.update(Self.s1, Self.hereFix))
        store.enterBackground()
        store.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
            $0.sessions.liveUpdates[0].reported = [.insufficientlyInUse]
        }
        store.receive(Self.update(Self.s1, nil, [.insufficientlyInUse]))
        store.send(.deviceMoved(Location(coordinate: Rig.there))) { $0.device.location = Location(coordinate: Rig.there, timestamp: .seconds(11)) }
        store.finish()

        let kept = TestStore(Self.authorized())
        kept.send(.appStartedBackgroundActivitySession(Self.s1)) {
            $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s1, engaged: true, reported: [])]
            $0.sessions.nextID = 2
        }
        kept.receive(Self.activityDiagnostic(Self.s1, []))
        kept.send(.appStartedLiveUpdates(Self.s2)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s2, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 3
        }
        kept.receive(Self.update(Self.s2, Self.hereFix))
        kept.enterBackground()
        kept.receive(.indicatorChanged(true))
        kept.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
        }
        let moved = Location(coordinate: Rig.there, timestamp: .seconds(11))
        kept.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = moved
            $0.sessions.liveUpdates[0].lastCoordinate = Rig.there
        }
        kept.receive(Self.update(Self.s2, moved))
        kept.finish()
    }

    // MARK: O11

    @Test("O11: time does not end a session; the next launch does, and a session re-created within sessionRecreationWindow counts as created in use; invalidate ends one for good")
    func sessionLifetime() {
        let store = TestStore(Self.authorized(.always))
        store.send(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .always, reported: [])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.diagnostic(Self.s1, []))
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
            $0.sessions.service = []
            $0.sessions.heldAtExit = [.always]
        }
        let day = Duration.seconds(86_400)
        store.send(.clockAdvanced(to: day)) { $0.clock.now = day }
        #expect(store.state.sessions.heldAtExit == [.always])
        store.send(.appLaunchedInBackground) {
            $0.lifecycle.state = .background
            $0.sessions.heldAtExit = []
            $0.sessions.awaitingRecreation = [.always]
            $0.clock.timers = [ScheduledTimer(at: day + .seconds(5), kind: .sessionRecreationWindowEnds)]
        }
        store.send(.appCreatedServiceSession(Self.s2, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s2, .always, reported: [])]
            $0.sessions.awaitingRecreation = []
            $0.sessions.nextID = 3
        }
        store.receive(Self.diagnostic(Self.s2, []))
        store.send(.clockAdvanced(to: day + .seconds(6))) {
            $0.clock.now = day + .seconds(6)
            $0.clock.timers = []
        }

        // Too late: the next launch's window passes before the app re-creates its session.
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.sessions.service = []
            $0.sessions.heldAtExit = [.always]
        }
        store.send(.appLaunchedInBackground) {
            $0.lifecycle.state = .background
            $0.sessions.heldAtExit = []
            $0.sessions.awaitingRecreation = [.always]
            $0.clock.timers = [ScheduledTimer(at: day + .seconds(11), kind: .sessionRecreationWindowEnds)]
        }
        store.send(.clockAdvanced(to: day + .seconds(12))) {
            $0.clock.now = day + .seconds(12)
            $0.clock.timers = []
            $0.sessions.awaitingRecreation = []
        }
        store.send(.appCreatedServiceSession(Self.s3, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s3, .always, engaged: false, reported: [.insufficientlyInUse])]
            $0.sessions.nextID = 4
        }
        store.receive(Self.diagnostic(Self.s3, [.insufficientlyInUse]))
        // invalidate(): gone at once; the foreground does not bring it back.
        store.send(.appInvalidatedServiceSession(Self.s3)) { $0.sessions.service = [] }
        store.send(.appEnteredForeground) { $0.lifecycle.state = .foreground }
        store.send(.userChangedSetting(.never)) { $0.record.authorization = .denied }
        store.finish()

        // The window is a parameter: with 30 s a re-creation 20 s after the launch still counts.
        #expect(DeviceParameters().sessionRecreationWindow == .seconds(5))
        for (window, engaged) in [(Duration.seconds(5), false), (.seconds(30), true)] {
            var params = DeviceParameters()
            params.sessionRecreationWindow = window
            var m = Self.authorized(.always, parameters: params)
            _ = m.handle(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil))
            _ = m.handle(.appTerminated)
            _ = m.handle(.appLaunchedInBackground)
            _ = m.handle(.clockAdvanced(to: .seconds(20)))
            _ = m.handle(.appCreatedServiceSession(Self.s2, .always, fullAccuracyPurposeKey: nil))
            #expect(m.sessions.service.first?.engaged == engaged, "window \(window)")
        }
    }

    // MARK: O12

    @Test("O12: a session's diagnostic says denied, denied globally, restricted or Always refused; a .whenInUse session never says Always was refused")
    func sessionDiagnosticFlags() {
        let store = TestStore(Self.authorized())
        store.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .whenInUse, reported: [])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.diagnostic(Self.s1, []))
        store.send(.userChangedSetting(.never)) {
            $0.record.authorization = .denied
            $0.services.managers[0].reportedStatus = .denied
            $0.sessions.service[0].reported = [.authorizationDenied]
        }
        store.receive([Rig.auth(.denied), Self.diagnostic(Self.s1, [.authorizationDenied])])
        store.send(.userSwitchedLocationServices(false)) {
            $0.device.locationServicesEnabled = false
            $0.sessions.service[0].reported = [.authorizationDeniedGlobally]
        }
        store.receive(Self.diagnostic(Self.s1, [.authorizationDeniedGlobally]))
        store.send(.userSwitchedLocationServices(true)) {
            $0.device.locationServicesEnabled = true
            $0.sessions.service[0].reported = [.authorizationDenied]
        }
        store.receive(Self.diagnostic(Self.s1, [.authorizationDenied]))
        store.send(.userChangedSetting(.whileUsing)) {
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.service[0].reported = []
        }
        store.receive([Rig.auth(.authorizedWhenInUse), Self.diagnostic(Self.s1, [])])
        store.send(.restrictionChanged(true)) {
            $0.device.restricted = true
            $0.services.managers[0].reportedStatus = .restricted
            $0.sessions.service[0].reported = [.authorizationRestricted]
        }
        store.receive([Rig.auth(.restricted), Self.diagnostic(Self.s1, [.authorizationRestricted])])
        store.send(.restrictionChanged(false)) {
            $0.device.restricted = false
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.sessions.service[0].reported = []
        }
        store.receive([Rig.auth(.authorizedWhenInUse), Self.diagnostic(Self.s1, [])])
        // A .always session: the upgrade prompt, refused; Always in Settings clears the flag.
        let upgrade = store.state.upgradePrompt()
        store.send(.appCreatedServiceSession(Self.s2, .always, fullAccuracyPurposeKey: nil)) {
            $0.record.alwaysRequestSpent = true
            $0.prompts.onScreen = PresentedPrompt(prompt: upgrade, shownAt: .zero, manager: nil)
            $0.sessions.service[0].reported = [.authorizationRequestInProgress]
            $0.sessions.service.append(Self.service(Self.s2, .always, reported: [.authorizationRequestInProgress]))
            $0.sessions.nextID = 3
        }
        store.receive([.promptShown(upgrade), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress]),
                       Self.diagnostic(Self.s2, [.authorizationRequestInProgress])])
        store.send(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.sessions.service[0].reported = []
            $0.sessions.service[1].reported = [.alwaysAuthorizationDenied]
        }
        store.receive([.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive, Self.diagnostic(Self.s1, []),
                       Self.diagnostic(Self.s2, [.alwaysAuthorizationDenied])])
        store.send(.userChangedSetting(.always)) {
            $0.record.authorization = .always(provisional: false)
            $0.services.managers[0].reportedStatus = .authorizedAlways
            $0.sessions.service[1].reported = []
        }
        store.receive([Rig.auth(.authorizedAlways), Self.diagnostic(Self.s2, [])])
        store.finish()

        // The flag sets of the two session types.
        #expect(Diagnostics.serviceSession.flagNames == ["authorizationDenied", "authorizationDeniedGlobally", "authorizationRestricted",
                                                         "authorizationRequestInProgress", "insufficientlyInUse", "serviceSessionRequired",
                                                         "fullAccuracyDenied", "alwaysAuthorizationDenied"])
    }

    @Test("O12: fullAccuracyDenied once the user refuses the full accuracy a session asked for; a grant that lapses with use is asked for again, not reported as refused")
    func fullAccuracyDenied() {
        let key = "Navigation"
        let prompt = Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy, title: "“Trails” would like to use your precise location",
                            message: Rig.navigationApp.temporaryPurposeKeys[key]!, buttons: [.allow, .dontAllow], messageKey: key)
        let refused = TestStore(Rig.whenInUse(precise: false))
        refused.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: key)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.service = [Self.service(Self.s1, .whenInUse, key: key, asked: true, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 2
        }
        refused.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        refused.send(.userChoseButton(.dontAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.sessions.service[0].reported = [.fullAccuracyDenied]
        }
        refused.receive([.promptDismissed(.fullAccuracy, answer: .dontAllow), .appDidBecomeActive, Self.diagnostic(Self.s1, [.fullAccuracyDenied])])
        // Precise Location on in Settings: nothing refused any more.
        refused.send(.userChangedPreciseLocation(true)) {
            $0.record.precise = true
            $0.services.managers[0].reportedAccuracy = .fullAccuracy
            $0.sessions.service[0].reported = []
        }
        refused.receive([Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false), Self.diagnostic(Self.s1, [])])
        refused.finish()

        let allowed = TestStore(Rig.whenInUse(precise: false))
        allowed.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: key)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: nil)
            $0.sessions.service = [Self.service(Self.s1, .whenInUse, key: key, asked: true, reported: [.authorizationRequestInProgress])]
            $0.sessions.nextID = 2
        }
        allowed.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        allowed.send(.userChoseButton(.allow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.temporaryFullAccuracy = true
            $0.services.managers[0].reportedAccuracy = .fullAccuracy
            $0.sessions.service[0].reported = []
        }
        allowed.receive([.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false),
                         Self.diagnostic(Self.s1, [])])
        allowed.leaveUse {
            $0.record.temporaryFullAccuracy = false
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
            $0.sessions.service[0].fullAccuracyAsked = false
            $0.sessions.service[0].reported = [.insufficientlyInUse]
        }
        allowed.receive([Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false), Self.diagnostic(Self.s1, [.insufficientlyInUse])])
        let back = allowed.state.clock.now
        allowed.returnToForeground {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: back, manager: nil)
            $0.sessions.service[0].fullAccuracyAsked = true
            $0.sessions.service[0].reported = [.authorizationRequestInProgress]
        }
        allowed.receive([.promptShown(prompt), .appWillResignActive, Self.diagnostic(Self.s1, [.authorizationRequestInProgress])])
        allowed.finish()
    }

    // MARK: O13

    @Test("O13: a CLBackgroundActivitySession started in the foreground keeps the app in use in the background with the indicator; started in the background it does not; invalidating ends it")
    func backgroundActivitySession() {
        let store = TestStore(Self.authorized())
        store.send(.appStartedBackgroundActivitySession(Self.s1)) {
            $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s1, engaged: true, reported: [])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.activityDiagnostic(Self.s1, []))
        store.enterBackground()
        store.receive(.indicatorChanged(true))
        store.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
        }
        #expect(store.state.isInUse && store.state.indicatorShowing)
        // In use, so a service session created now is engaged (O6).
        store.send(.appCreatedServiceSession(Self.s2, .whenInUse, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s2, .whenInUse, reported: [])]
            $0.sessions.nextID = 3
        }
        store.receive(Self.diagnostic(Self.s2, []))
        store.send(.appInvalidatedBackgroundActivitySession(Self.s1)) {
            $0.sessions.backgroundActivity = []
            $0.sessions.service[0].reported = [.insufficientlyInUse]
        }
        store.receive([.indicatorChanged(false), Self.diagnostic(Self.s2, [.insufficientlyInUse])])
        #expect(!store.state.isInUse)
        // Started in the background: insufficiently in use, no indicator.
        store.send(.appStartedBackgroundActivitySession(Self.s3)) {
            $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s3, engaged: false, reported: [.insufficientlyInUse])]
            $0.sessions.nextID = 4
        }
        store.receive(Self.activityDiagnostic(Self.s3, [.insufficientlyInUse]))
        #expect(!store.state.isInUse && !store.state.indicatorShowing)
        store.finish()

        // The model ends the session when the app's call says so (releasing the object is the
        // simulator's choice: SessionAPITests).
        var m = Self.authorized()
        _ = m.handle(.appStartedBackgroundActivitySession(Self.s1))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(11)))
        #expect(m.indicatorShowing)
        let fx = m.handle(.appInvalidatedBackgroundActivitySession(Self.s1))
        #expect(fx == [.indicatorChanged(false)])
        #expect(!m.isInUse)

        // The indicator keeps watch apps in use; visionOS apps get no background use (P3).
        for (platform, inUse) in [(Platform(.watchOS, 10), true), (Platform(.visionOS, 1), false)] {
            var m = Self.authorized(.whileUsing, platform)
            _ = m.handle(.appStartedBackgroundActivitySession(Self.s1))
            _ = m.handle(.appEnteredBackground)
            _ = m.handle(.clockAdvanced(to: .seconds(11)))
            #expect(m.isInUse == inUse && m.indicatorShowing == inUse, "\(platform)")
        }
    }

    // MARK: O14

    @Test("O14: out of use a When In Use app's live updates carry outOfUseLiveUpdatesDiagnostic (default insufficientlyInUse, or serviceSessionRequired as expo saw) and recover in the foreground")
    func outOfUseDiagnostic() {
        #expect(DeviceParameters().outOfUseLiveUpdatesDiagnostic == .insufficientlyInUse)
        for flag in [Diagnostics.insufficientlyInUse, .serviceSessionRequired] {
            var p = DeviceParameters()
            p.outOfUseLiveUpdatesDiagnostic = flag
            let store = TestStore(Self.authorized(parameters: p))
            store.send(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil)) {
                $0.sessions.service = [Self.service(Self.s1, .whenInUse, reported: [])]
                $0.sessions.nextID = 2
            }
            store.receive(Self.diagnostic(Self.s1, []))
            store.send(.appStartedLiveUpdates(Self.s2)) {
                $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s2, reported: [], lastCoordinate: Rig.here)]
                $0.sessions.nextID = 3
            }
            store.receive(Self.update(Self.s2, Self.hereFix))
            store.enterBackground()
            store.send(.clockAdvanced(to: .seconds(11))) {
                $0.clock.now = .seconds(11)
                $0.clock.timers = []
                $0.sessions.service[0].reported = [.insufficientlyInUse]
                $0.sessions.liveUpdates[0].reported = flag
            }
            // The session's own diagnostic keeps its documented meaning; only the stream's flag is the parameter.
            store.receive([Self.diagnostic(Self.s1, [.insufficientlyInUse]), Self.update(Self.s2, nil, flag)])
            store.returnToForeground {
                $0.sessions.service[0].reported = []
                $0.sessions.liveUpdates[0].reported = []
            }
            store.receive([Self.diagnostic(Self.s1, []), Self.update(Self.s2, Self.hereFix)])
            store.finish()
        }
    }

    // MARK: O15

    @Test("O15: a condition reports satisfied or unsatisfied as the device moves, only when its state differs from the one assumed; removed, it is gone")
    func monitorStates() {
        #expect(MonitoringState.allCases == [.unknown, .satisfied, .unsatisfied, .unmonitored])
        let near = Region(name: "near", center: Rig.here, radius: 500)
        let store = TestStore(Self.authorized())
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.send(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions = [MonitorCondition(region: Self.home, state: .satisfied, date: .zero, pending: false, reported: [])]
        }
        store.receive(Self.event("geo", "home", .satisfied, at: .zero))
        store.send(.appAddedMonitorCondition(monitor: "geo", near, assuming: .satisfied)) {
            $0.sessions.monitors[0].conditions.append(MonitorCondition(region: near, state: .satisfied, date: .zero, pending: false))
        }
        store.send(.clockAdvanced(to: .seconds(5))) { $0.clock.now = .seconds(5) }
        store.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = Location(coordinate: Rig.there, timestamp: .seconds(5))
            $0.sessions.monitors[0].conditions[0].state = .unsatisfied
            $0.sessions.monitors[0].conditions[0].date = .seconds(5)
            $0.sessions.monitors[0].conditions[1].state = .unsatisfied
            $0.sessions.monitors[0].conditions[1].date = .seconds(5)
            $0.sessions.monitors[0].conditions[1].reported = []
        }
        store.receive([Self.event("geo", "home", .unsatisfied, at: .seconds(5)), Self.event("geo", "near", .unsatisfied, at: .seconds(5))])
        store.send(.appRemovedMonitorCondition(monitor: "geo", identifier: "near")) { $0.sessions.monitors[0].conditions.removeLast() }
        // A scenario's world event sets the condition of that name.
        store.send(.deviceEnteredRegion("home")) {
            $0.sessions.monitors[0].conditions[0].state = .satisfied
        }
        store.receive(Self.event("geo", "home", .satisfied, at: .seconds(5)))
        store.finish()
    }

    @Test("O15: conditions survive the process; an Always app that held a .always session is launched for a condition event and receives it once it re-creates the session and opens the monitor")
    func monitorPersistenceAndLaunch() {
        let store = TestStore(Self.authorized(.always))
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.send(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions = [MonitorCondition(region: Self.home, state: .satisfied, date: .zero, pending: false, reported: [])]
        }
        store.receive(Self.event("geo", "home", .satisfied, at: .zero))
        store.send(.appCreatedServiceSession(Self.s1, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s1, .always, reported: [])]
            $0.sessions.nextID = 2
        }
        store.receive(Self.diagnostic(Self.s1, []))
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
            $0.sessions.service = []
            $0.sessions.heldAtExit = [.always]
            $0.sessions.monitors[0].open = false
        }
        let hour = Duration.seconds(3600)
        store.send(.clockAdvanced(to: hour)) { $0.clock.now = hour }
        store.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = Location(coordinate: Rig.there, timestamp: hour)
            $0.sessions.monitors[0].conditions[0].state = .unsatisfied
            $0.sessions.monitors[0].conditions[0].date = hour
            $0.sessions.monitors[0].conditions[0].pending = true
            $0.lifecycle.state = .background
            $0.sessions.heldAtExit = []
            $0.sessions.awaitingRecreation = [.always]
            $0.clock.timers = [ScheduledTimer(at: hour + .seconds(5), kind: .sessionRecreationWindowEnds)]
        }
        store.receive(.appLaunchedBySystem(reason: "a CLMonitor event"))
        store.send(.appCreatedServiceSession(Self.s2, .always, fullAccuracyPurposeKey: nil)) {
            $0.sessions.service = [Self.service(Self.s2, .always, reported: [])]
            $0.sessions.awaitingRecreation = []
            $0.sessions.nextID = 3
        }
        store.receive(Self.diagnostic(Self.s2, []))
        store.send(.appOpenedMonitor("geo")) {
            $0.sessions.monitors[0].open = true
            $0.sessions.monitors[0].conditions[0].pending = false
        }
        store.receive(Self.event("geo", "home", .unsatisfied, at: hour))
        store.finish()

        // Who is launched: on iOS 18 only an Always app that held a .always session at exit; on
        // iOS 17 any Always app; never a When In Use app.
        for (platform, option, session, launched) in [
            (Platform(.iOS, 18), SettingsOption.always, true, true), (Platform(.iOS, 18), .always, false, false),
            (Platform(.iOS, 17), .always, false, true), (Platform(.iOS, 18), .whileUsing, true, false),
        ] {
            var m = Self.authorized(option, platform)
            _ = m.handle(.appOpenedMonitor("geo"))
            _ = m.handle(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown))
            if session { _ = m.handle(.appCreatedServiceSession(Self.s1, option == .always ? .always : .whenInUse, fullAccuracyPurposeKey: nil)) }
            _ = m.handle(.appTerminated)
            let fx = m.handle(.deviceMoved(Location(coordinate: Rig.there)))
            #expect(Self.launchedBySystem(fx) == launched, "\(platform) \(option) session: \(session)")
            #expect((m.lifecycle.state == .background) == launched)
            #expect(m.sessions.monitors.first?.conditions.first?.state == .unsatisfied)
        }
    }

    @Test("O15: in the background a When In Use app's monitor events wait (insufficientlyInUse) and arrive back in the foreground")
    func monitorEventsOutOfUse() {
        let store = TestStore(Self.authorized())
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.send(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions = [MonitorCondition(region: Self.home, state: .satisfied, date: .zero, pending: false, reported: [])]
        }
        store.receive(Self.event("geo", "home", .satisfied, at: .zero))
        store.enterBackground()
        store.send(.clockAdvanced(to: .seconds(11))) {
            $0.clock.now = .seconds(11)
            $0.clock.timers = []
            $0.sessions.monitors[0].conditions[0].reported = [.insufficientlyInUse]
        }
        store.receive(Self.event("geo", "home", .unknown, at: .seconds(10), [.insufficientlyInUse]))
        store.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = Location(coordinate: Rig.there, timestamp: .seconds(11))
            $0.sessions.monitors[0].conditions[0].state = .unsatisfied
            $0.sessions.monitors[0].conditions[0].date = .seconds(11)
            $0.sessions.monitors[0].conditions[0].pending = true
        }
        store.returnToForeground {
            $0.sessions.monitors[0].conditions[0].pending = false
            $0.sessions.monitors[0].conditions[0].reported = []
        }
        store.receive(Self.event("geo", "home", .unsatisfied, at: .seconds(11)))
        store.finish()
    }

    @Test("O15: a condition with an event pending and no monitor open to take it becomes unmonitored when the launch's window ends (iOS 17.2+, macOS 14.2+)")
    func unmonitoredAfterWindow() {
        let store = TestStore(Self.authorized())
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.send(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions = [MonitorCondition(region: Self.home, state: .satisfied, date: .zero, pending: false, reported: [])]
        }
        store.receive(Self.event("geo", "home", .satisfied, at: .zero))
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
            $0.sessions.monitors[0].open = false
        }
        store.send(.clockAdvanced(to: .seconds(60))) { $0.clock.now = .seconds(60) }
        store.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = Location(coordinate: Rig.there, timestamp: .seconds(60))
            $0.sessions.monitors[0].conditions[0].state = .unsatisfied
            $0.sessions.monitors[0].conditions[0].date = .seconds(60)
            $0.sessions.monitors[0].conditions[0].pending = true
        }
        store.send(.appLaunched) {
            $0.lifecycle.state = .foreground
            $0.clock.timers = [ScheduledTimer(at: .seconds(65), kind: .sessionRecreationWindowEnds)]
        }
        store.send(.clockAdvanced(to: .seconds(66))) {
            $0.clock.now = .seconds(66)
            $0.clock.timers = []
            $0.sessions.monitors[0].conditions[0].state = .unmonitored
            $0.sessions.monitors[0].conditions[0].date = .seconds(65)
        }
        // Core Location no longer follows it; opening the monitor tells the app.
        store.send(.deviceMoved(Location(coordinate: Rig.here))) { $0.device.location = Location(coordinate: Rig.here, timestamp: .seconds(66)) }
        store.send(.appOpenedMonitor("geo")) {
            $0.sessions.monitors[0].open = true
            $0.sessions.monitors[0].conditions[0].pending = false
        }
        store.receive(Self.event("geo", "home", .unmonitored, at: .seconds(65)))
        store.finish()

        for (platform, unmonitored) in [
            (Platform(.iOS, 17, 0), false), (Platform(.iOS, 17, 2), true), (Platform(.macOS, 14, 0), false), (Platform(.macOS, 14, 2), true),
        ] {
            var m = Self.authorized(.whileUsing, platform)
            _ = m.handle(.appOpenedMonitor("geo"))
            _ = m.handle(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown))
            _ = m.handle(.appTerminated)
            _ = m.handle(.deviceMoved(Location(coordinate: Rig.there)))
            _ = m.handle(.appLaunched)
            _ = m.handle(.clockAdvanced(to: .seconds(10)))
            #expect(m.sessions.monitors[0].conditions[0].state == (unmonitored ? .unmonitored : .unsatisfied), "\(platform)")
        }
        // Opened within the window, the monitor receives the event itself.
        var inTime = Self.authorized()
        _ = inTime.handle(.appOpenedMonitor("geo"))
        _ = inTime.handle(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown))
        _ = inTime.handle(.appTerminated)
        _ = inTime.handle(.deviceMoved(Location(coordinate: Rig.there)))
        _ = inTime.handle(.appLaunched)
        #expect(inTime.handle(.appOpenedMonitor("geo")) == [Self.event("geo", "home", .unsatisfied, at: .zero)])
        _ = inTime.handle(.clockAdvanced(to: .seconds(10)))
        #expect(inTime.sessions.monitors[0].conditions[0].state == .unsatisfied)
    }

    @Test("O15: conditionUnsupported for a radius of zero, conditionLimitExceeded past monitorConditionLimit: such conditions are unmonitored")
    func conditionFlags() {
        var p = DeviceParameters()
        p.monitorConditionLimit = 2
        let zero = Region(name: "zero", center: Rig.here, radius: 0)
        let a = Region(name: "a"), b = Region(name: "b")
        let store = TestStore(Self.authorized(parameters: p))
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.send(.appAddedMonitorCondition(monitor: "geo", zero, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions = [MonitorCondition(region: zero, state: .unmonitored, date: .zero, pending: false, reported: [.conditionUnsupported])]
        }
        store.receive(Self.event("geo", "zero", .unmonitored, at: .zero, [.conditionUnsupported]))
        store.send(.appAddedMonitorCondition(monitor: "geo", a, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions.append(MonitorCondition(region: a, state: .unknown, date: .zero, pending: false))
        }
        store.send(.appAddedMonitorCondition(monitor: "geo", b, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions.append(MonitorCondition(region: b, state: .unmonitored, date: .zero, pending: false, reported: [.conditionLimitExceeded]))
        }
        store.receive(Self.event("geo", "b", .unmonitored, at: .zero, [.conditionLimitExceeded]))
        // An unmonitored condition does not follow the world.
        store.send(.deviceExitedRegion("b"))
        store.finish()
        #expect(DeviceParameters().monitorConditionLimit == 20)
    }

    @Test("O15: without persistence every event carries persistenceUnavailable and the conditions end with the process")
    func persistenceUnavailable() {
        var p = DeviceParameters()
        p.monitorPersistenceAvailable = false
        let store = TestStore(Self.authorized(parameters: p))
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.send(.appAddedMonitorCondition(monitor: "geo", Self.home, assuming: .unknown)) {
            $0.sessions.monitors[0].conditions = [MonitorCondition(region: Self.home, state: .satisfied, date: .zero, pending: false, reported: [.persistenceUnavailable])]
        }
        store.receive(Self.event("geo", "home", .satisfied, at: .zero, [.persistenceUnavailable]))
        store.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = Location(coordinate: Rig.there)
            $0.sessions.monitors[0].conditions[0].state = .unsatisfied
        }
        store.receive(Self.event("geo", "home", .unsatisfied, at: .zero, [.persistenceUnavailable]))
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
            $0.sessions.monitors = []
        }
        store.send(.appLaunched) { $0.lifecycle.state = .foreground }
        store.send(.appOpenedMonitor("geo")) { $0.sessions.monitors = [MonitorState(name: "geo", open: true)] }
        store.finish()
    }

    // MARK: P4

    @Test("P4, O17: on watchOS 10 a crash or a system termination with a background activity session and live updates relaunches the app, which may start its session again in the background; a force quit does not")
    func watchRelaunchAfterCrash() {
        var m = Self.authorized(.whileUsing, Platform(.watchOS, 10))
        _ = m.handle(.appCreatedManager(ManagerID(1), hasDelegate: false))
        let store = TestStore(m)
        store.send(.appStartedBackgroundActivitySession(Self.s1)) {
            $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s1, engaged: true)]
            $0.sessions.nextID = 2
        }
        store.send(.appStartedLiveUpdates(Self.s2)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s2, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 3
        }
        store.receive(Self.update(Self.s2, Self.hereFix))
        store.enterBackground()
        store.receive(.indicatorChanged(true))
        let exception = AppException.delegateMustRespondToDidUpdateLocations
        store.send(.appRequestedLocation(ManagerID(1))) {
            $0.lifecycle.state = .background
            $0.lifecycle.graceEndsAt = nil
            $0.services.managers = []
            $0.sessions.backgroundActivity = []
            $0.sessions.liveUpdates = []
            $0.sessions.activityAwaitingRecreation = true
            $0.clock.timers = [ScheduledTimer(at: .seconds(5), kind: .sessionRecreationWindowEnds)]
            $0.lifecycle.terminationReason = exception // the relaunched app still knows why it crashed
        }
        store.receive([.console(exception.text), .appTerminated(exception),
                       .appLaunchedBySystem(reason: "relaunch after a crash (background activity session with live updates, P4)"), .indicatorChanged(false)])
        store.send(.appStartedBackgroundActivitySession(Self.s3)) {
            $0.sessions.backgroundActivity = [BackgroundActivityState(id: Self.s3, engaged: true)]
            $0.sessions.activityAwaitingRecreation = false
            $0.sessions.nextID = 4
        }
        store.receive(.indicatorChanged(true))
        store.send(.appStartedLiveUpdates(Self.s4)) {
            $0.sessions.liveUpdates = [LiveUpdatesState(id: Self.s4, reported: [], lastCoordinate: Rig.here)]
            $0.sessions.nextID = 5
        }
        store.receive(Self.update(Self.s4, Self.hereFix))
        store.finish()

        // O17: a system termination and the app's own crash relaunch it too; no relaunch after a
        // force quit, without live updates, without the location background mode (O16), or on iOS.
        func relaunches(_ platform: Platform, liveUpdates: Bool, end: Event = .appRequestedLocation(ManagerID(1)), backgroundMode: Bool = true) -> Bool {
            var m = Self.authorized(.whileUsing, platform)
            if !backgroundMode { m.app.backgroundModes = [] }
            _ = m.handle(.appCreatedManager(ManagerID(1), hasDelegate: false))
            _ = m.handle(.appStartedBackgroundActivitySession(Self.s1))
            if liveUpdates { _ = m.handle(.appStartedLiveUpdates(Self.s2)) }
            _ = m.handle(.appEnteredBackground)
            let fx = m.handle(end)
            #expect(Self.launchedBySystem(fx) == (m.lifecycle.state == .background))
            return Self.launchedBySystem(fx)
        }
        #expect(relaunches(Platform(.watchOS, 10), liveUpdates: true))
        #expect(relaunches(Platform(.watchOS, 11), liveUpdates: true))
        #expect(relaunches(Platform(.watchOS, 10), liveUpdates: true, end: .appTerminated))
        #expect(relaunches(Platform(.watchOS, 10), liveUpdates: true, end: .appCrashed))
        #expect(!relaunches(Platform(.watchOS, 10), liveUpdates: true, end: .appForceQuit))
        #expect(!relaunches(Platform(.watchOS, 10), liveUpdates: false))
        #expect(!relaunches(Platform(.watchOS, 10), liveUpdates: true, backgroundMode: false))
        #expect(!relaunches(Platform(.iOS, 18), liveUpdates: true))

        // Past the window, an activity session started in the background does not count.
        var late = Self.authorized(.whileUsing, Platform(.watchOS, 10))
        _ = late.handle(.appCreatedManager(ManagerID(1), hasDelegate: false))
        _ = late.handle(.appStartedBackgroundActivitySession(Self.s1))
        _ = late.handle(.appStartedLiveUpdates(Self.s2))
        _ = late.handle(.appEnteredBackground)
        _ = late.handle(.appRequestedLocation(ManagerID(1)))
        _ = late.handle(.clockAdvanced(to: .seconds(6)))
        _ = late.handle(.appStartedBackgroundActivitySession(Self.s3))
        #expect(late.sessions.backgroundActivity.map(\.engaged) == [false])
        #expect(!late.indicatorShowing)
    }

    @Test("P2, O1: a sandboxed Mac app without the location entitlement gets no prompt from live updates either")
    func sandboxedMacLiveUpdates() {
        var app = AppDescription()
        app.appSandbox = true
        var m = AuthorizationModel(platform: Platform(.macOS, 15), app: app)
        _ = m.handle(.appLaunched)
        let fx = m.handle(.appStartedLiveUpdates(Self.s1))
        #expect(!fx.contains { if case .promptShown = $0 { true } else { false } })
        #expect(m.prompts.onScreen == nil && m.status == .notDetermined)
        app.locationEntitlement = true
        var entitled = AuthorizationModel(platform: Platform(.macOS, 15), app: app)
        _ = entitled.handle(.appLaunched)
        _ = entitled.handle(.appStartedLiveUpdates(Self.s1))
        #expect(entitled.prompts.onScreen != nil)
    }

    @Test("O11, L2: Reset Location & Privacy keeps the re-creation window running")
    func resetKeepsRecreationWindow() {
        var m = Self.authorized()
        _ = m.handle(.appCreatedServiceSession(Self.s1, .whenInUse, fullAccuracyPurposeKey: nil))
        _ = m.handle(.appTerminated)
        _ = m.handle(.appLaunchedInBackground)
        #expect(m.sessions.awaitingRecreation == [.whenInUse])
        _ = m.handle(.userResetLocationAndPrivacy)
        #expect(m.clock.timers.contains { $0.kind == .sessionRecreationWindowEnds })
        _ = m.handle(.clockAdvanced(to: m.clock.now + .seconds(6)))
        #expect(m.sessions.awaitingRecreation.isEmpty)
    }
}
