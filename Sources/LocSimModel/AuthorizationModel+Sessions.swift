// The iOS 17/18 API (section O): service sessions, background activity sessions, live updates
// and monitors — their availability, what they ask, their diagnostics and their deliveries.
extension AuthorizationModel {
    // MARK: - Availability (O1, O3, O13, O15)

    /// The iOS release of the platform's year, for section O's availability: iOS and tvOS as
    /// they are, watchOS 10 = 17, visionOS 1 = 17, macOS 14 = 17 (and the shared numbers from 26).
    @inline(__always)
    var sectionOYear: Int { configuration.sectionOYear }

    /// `CLLocationUpdate.liveUpdates(_:)`: iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1 (O1).
    public var liveUpdatesAvailable: Bool { sectionOYear >= 17 }
    /// `CLServiceSession`: iOS 18, tvOS 18, watchOS 11, visionOS 2; never native macOS (O3).
    public var serviceSessionsAvailable: Bool { sectionOYear >= 18 && platform.os != .macOS }
    /// `CLBackgroundActivitySession`: iOS 17, watchOS 10, visionOS 1 (O13).
    public var backgroundActivityAvailable: Bool { sectionOYear >= 17 && (platform.os == .iOS || platform.os == .watchOS || platform.os == .visionOS) }
    /// `CLMonitor`: iOS 17 and macOS 14; not watchOS, tvOS or visionOS (O15: `CLMonitor.h` marks it
    /// unavailable to visionOS builds, and Apple's page to compatible apps on visionOS).
    public var monitorAvailable: Bool {
        sectionOYear >= 17 && (platform.os == .iOS || platform.os == .macOS)
    }
    /// The diagnostic properties and the session rules of iOS 18 (O2, O7, O9, O12): iOS 18 and
    /// the releases of its year.
    public var sessionRulesApply: Bool { configuration.sessionRules.apply }

    /// The app opted into explicit sessions with a key the device honours (O9,
    /// ``DeviceParameters/honoredExplicitSessionKeys``).
    public var requiresExplicitServiceSession: Bool { configuration.sessionRules.requiresExplicitSession }

    // MARK: - The app's calls

    mutating func applySessionCall(_ event: Event, _ fx: inout [Effect]) {
        guard lifecycle.state.runsCode else {
            return fx.append(.rejected(lifecycle.state == .suspended ? "the app is suspended: its code does not run" : "the app is not running"))
        }
        switch event {
        case .appCreatedServiceSession(let id, let requirement, let key):
            guard serviceSessionsAvailable else { return fx.append(.rejected("CLServiceSession does not exist on \(platform) (O3: iOS 18, tvOS 18, watchOS 11, visionOS 2; not macOS)")) }
            guard !(requirement == .always && platform.os == .tvOS) else { return fx.append(.rejected("CLServiceSession.AuthorizationRequirement.always is unavailable on tvOS (O3)")) }
            guard !sessions.service.contains(where: { $0.id == id }) else { return fx.append(.rejected("session \(id) exists")) }
            var engaged = currentInUse()
            // O6, O7: in use counts, the grace period included, unless the device follows WWDC24's
            // "in the foreground" (`sessionsEngageInGracePeriod`).
            if engaged, !parameters.sessionsEngageInGracePeriod, lifecycle.state == .background, !currentIndicator() { engaged = false }
            if !engaged, let i = sessions.awaitingRecreation.firstIndex(of: requirement) {
                // O6, O11: re-created in time after a launch.
                sessions.awaitingRecreation.remove(at: i)
                engaged = true
            }
            sessions.service.append(ServiceSessionState(id: id, requirement: requirement, fullAccuracyPurposeKey: key, engaged: engaged))
            noteSessionID(id)
            if requirement != .none, engaged { reportMissingKeysForSessions(&fx) }
        case .appInvalidatedServiceSession(let id):
            sessions.service.removeAny { $0.id == id }
        case .appStartedBackgroundActivitySession(let id):
            guard backgroundActivityAvailable else { return fx.append(.rejected("CLBackgroundActivitySession does not exist on \(platform) (O13: iOS 17, watchOS 10, visionOS 1)")) }
            guard !sessions.backgroundActivity.contains(where: { $0.id == id }) else { return fx.append(.rejected("session \(id) exists")) }
            var engaged = lifecycle.state == .foreground
            if sessions.activityAwaitingRecreation {
                // O16, P4: the session the last process held, resumed at once after the launch.
                sessions.activityAwaitingRecreation = false
                engaged = true
            }
            sessions.backgroundActivity.append(BackgroundActivityState(id: id, engaged: engaged))
            noteSessionID(id)
            reportMissingKeysForSessions(&fx)
            // O16: without `location` in UIBackgroundModes no session becomes active. Core Location
            // says nothing; LocSim says why in the timeline.
            if !configuration.hasLocationBackgroundMode {
                fx.append(.note("CLBackgroundActivitySession \(id) cannot become active: UIBackgroundModes lacks location, so it does not keep the app in use (O16)"))
            }
        case .appInvalidatedBackgroundActivitySession(let id):
            sessions.backgroundActivity.removeAny { $0.id == id }
        case .appStartedLiveUpdates(let id):
            guard liveUpdatesAvailable else { return fx.append(.rejected("CLLocationUpdate.liveUpdates does not exist on \(platform) (O1: iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1)")) }
            guard !sessions.liveUpdates.contains(where: { $0.id == id }) else { return fx.append(.rejected("live updates \(id) exist")) }
            sessions.liveUpdates.append(LiveUpdatesState(id: id))
            noteSessionID(id)
            reportMissingKeysForSessions(&fx)
        case .appStoppedLiveUpdates(let id):
            sessions.liveUpdates.removeAny { $0.id == id }
        case .appOpenedMonitor(let name):
            guard monitorAvailable else { return fx.append(.rejected("CLMonitor does not exist on \(platform)\(app.compatibleApp ? " for a compatible app" : "") (O15: iOS 17, macOS 14; not watchOS, tvOS or visionOS)")) }
            if let i = sessions.monitors.firstIndex(where: { $0.name == name }) {
                sessions.monitors[i].open = true
            } else {
                sessions.monitors.append(MonitorState(name: name, open: true))
            }
            reportMissingKeysForSessions(&fx)
        case .appAddedMonitorCondition(let name, let region, let assumed):
            guard let m = sessions.monitors.firstIndex(where: { $0.name == name && $0.open }) else { return fx.append(.rejected("no monitor \(name) is open")) }
            var condition = MonitorCondition(region: region, state: assumed, date: clock.now, pending: false)
            if let center = region.center, let here = device.location, region.radius > 0 {
                let state: MonitoringState = center.distance(to: here.coordinate) <= region.radius ? .satisfied : .unsatisfied
                if state != assumed { condition.state = state; condition.pending = true }
            }
            if region.radius <= 0 { condition.pending = true }
            if let c = sessions.monitors[m].conditions.firstIndex(where: { $0.region.name == region.name }) {
                sessions.monitors[m].conditions[c] = condition
            } else {
                sessions.monitors[m].conditions.append(condition)
                if conditionCount > parameters.monitorConditionLimit { sessions.monitors[m].conditions[sessions.monitors[m].conditions.count - 1].pending = true }
            }
        case .appRemovedMonitorCondition(let name, let identifier):
            guard let m = sessions.monitors.firstIndex(where: { $0.name == name && $0.open }) else { return fx.append(.rejected("no monitor \(name) is open")) }
            sessions.monitors[m].conditions.removeAny { $0.region.name == identifier }
        default:
            break
        }
    }

    private mutating func noteSessionID(_ id: SessionID) {
        sessions.nextID = max(sessions.nextID, id.rawValue + 1)
    }

    private var conditionCount: Int { sessions.monitors.reduce(0) { $0 + $1.conditions.count } }

    // MARK: - Asking (O1, O4, O5, O8, O9)

    /// The strongest authorization the app's sessions ask for now: its engaged service sessions,
    /// and the implicit When In Use session of live updates, monitors and background activity
    /// sessions unless the app opted into explicit sessions (O9).
    mutating func soughtRequirement() -> SessionRequirement? {
        var sought: SessionRequirement?
        for s in sessions.service where s.engaged && s.requirement != .none {
            if s.requirement == .always { return .always }
            sought = .whenInUse
        }
        if sought == nil, !configuration.sessionRules.requiresExplicitSession,
           !sessions.liveUpdates.isEmpty || !sessions.backgroundActivity.isEmpty || sessions.monitors.contains(where: \.open) {
            sought = .whenInUse
        }
        return sought
    }

    /// The request the sessions would make now, before their purpose keys are checked: what
    /// ``askForSessions(_:)`` asks for, or `nil` when it would ask nothing (O4, O8).
    mutating func sessionRequestKind() -> AuthorizationRequestKind? {
        guard lifecycle.state == .foreground, prompts.onScreen == nil, commonBlock() == nil,
              !(platform.os == .macOS && app.sandboxBlocksLocation), let sought = soughtRequirement() else { return nil }
        let alwaysPossible = configuration.alwaysAvailable && !app.appClip && platform.os != .visionOS && !record.alwaysRequestSpent
        let always = sought == .always && alwaysPossible
        switch record.authorization {
        case .notDetermined: return always ? .always : .whenInUse
        case .whenInUse(temporary: false) where always: return .always
        default: return nil
        }
    }

    /// A call that makes the sessions ask (live updates, a monitor, a background activity session,
    /// a service session), made while a purpose string that request needs is missing: Core Location
    /// logs what the request methods log and shows nothing (J1, J2, applied to O1, O5, O9). No
    /// diagnostic flag says it (none is documented): the stream stays silent, as for a When In
    /// Use request without its key.
    mutating func reportMissingKeysForSessions(_ fx: inout [Effect]) {
        guard let kind = sessionRequestKind(), !configuration.missingKeys(for: kind).isEmpty else { return }
        fx.append(.console(PurposeStringRules.missingKeysMessage(for: kind, on: platform)))
        fx.append(.requestIgnored(kind, reason: .missingPurposeString))
    }

    /// Asks what the sessions need, when possible (O4): in the foreground, no prompt up, not
    /// denied or restricted, Location Services on. The one Always request is shared with
    /// `requestAlwaysAuthorization()` (O8, E2); after an Allow Once lapse the status is
    /// `notDetermined` again and the next foreground asks again (O8). Then a session's full
    /// accuracy purpose key asks once for temporary full accuracy (K5).
    mutating func askForSessions(_ fx: inout [Effect]) {
        guard lifecycle.state == .foreground, prompts.onScreen == nil else { return }
        // Nothing to ask unless undetermined, able to ask for the upgrade, or reduced: the settled
        // case of every event after the answer, decided before the sessions are read.
        let alwaysPossible = configuration.alwaysAvailable && !app.appClip && platform.os != .visionOS && !record.alwaysRequestSpent
        guard record.authorization == .notDetermined || (record.authorization == .whenInUse(temporary: false) && alwaysPossible)
                || (accuracy == .reducedAccuracy && configuration.fullAccuracyAvailable) else { return }
        // P2: a sandboxed Mac app without the location entitlement gets no prompt, from a session either.
        guard commonBlock() == nil,
              !(platform.os == .macOS && app.sandboxBlocksLocation), let sought = soughtRequirement() ?? (sessions.service.contains { $0.fullAccuracyPurposeKey != nil } ? SessionRequirement.none : nil) else { return }
        // The single Always request (E2, O8): once spent, a `.always` session asks only for When In Use.
        let always = sought == .always && alwaysPossible
        switch record.authorization {
        case .notDetermined where sought != .none:
            let kind: AuthorizationRequestKind = always ? .always : .whenInUse
            guard configuration.missingKeys(for: kind).isEmpty else { return }
            if always { record.alwaysRequestSpent = true }
            present(always ? configuration.initialAlwaysPrompt : configuration.initialWhenInUsePrompt, manager: nil, &fx)
            return
        case .whenInUse(temporary: false) where always && !record.alwaysRequestSpent:
            guard configuration.missingAlwaysKeys.isEmpty else { return }
            record.alwaysRequestSpent = true
            present(configuration.upgradePrompt, manager: nil, &fx)
            return
        default:
            break
        }
        guard currentStatus().isAuthorized, accuracy == .reducedAccuracy, configuration.fullAccuracyAvailable else { return }
        if let i = sessions.service.firstIndex(where: { $0.engaged && !$0.fullAccuracyAsked && $0.fullAccuracyPurposeKey != nil }) {
            sessions.service[i].fullAccuracyAsked = true
            let key = sessions.service[i].fullAccuracyPurposeKey!
            guard let message = app.temporaryPurposeKeys[key] else { return }
            present(Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy,
                           title: "“\(app.name)” would like to use your precise location",
                           message: message, buttons: [.allow, .dontAllow], messageKey: key), manager: nil, &fx)
        }
    }

    // MARK: - Diagnostics (O2, O12, O13, O15)

    /// The flags every section-O object shares: denied, globally denied, restricted, a request in
    /// progress (O12). `status` is ``currentStatus()``.
    mutating func authorizationFlags(status: AuthorizationStatus) -> Diagnostics {
        var d: Diagnostics = []
        let servicesOn = Self.servicesOn(device, configuration)
        if !servicesOn { d.insert(.authorizationDeniedGlobally) }
        if device.restricted, !status.isAuthorized || record.authorization == .notDetermined { d.insert(.authorizationRestricted) }
        if servicesOn, !device.restricted, record.authorization == .denied { d.insert(.authorizationDenied) }
        if let p = prompts.onScreen, p.prompt.kind != .usageReminder, p.prompt.kind != .widget, p.prompt.kind != .locationServicesOff {
            d.insert(.authorizationRequestInProgress)
        }
        return d
    }

    /// Whether an explicit-session app lacks the session it needs (O4, O9): none held, or only
    /// `.none` sessions while not authorized.
    mutating func lacksRequiredSession(authorized: Bool) -> Bool {
        guard configuration.sessionRules.requiresExplicitSession else { return false }
        return !sessions.service.contains { $0.requirement != .none || authorized }
    }

    /// Whether Always authorization reaches live updates and monitor events out of use (O7, A8):
    /// permanent Always, and on iOS 18 an engaged `.always` session. `status` is ``currentStatus()``.
    mutating func alwaysEffective(status: AuthorizationStatus) -> Bool {
        guard record.authorization == .always(provisional: false), status == .authorizedAlways else { return false }
        return !configuration.sessionRules.apply || sessions.service.contains { $0.engaged && $0.requirement == .always }
    }

    /// ``alwaysEffective(status:)`` with the status now.
    mutating func alwaysEffective() -> Bool {
        alwaysEffective(status: currentStatus())
    }

    /// What the app sees of a flag set: the type's flags on iOS 18; on iOS 17 only `stationary`
    /// (`isStationary`), the diagnostic properties being new in iOS 18 (O2).
    @inline(__always)
    mutating func visible(_ d: Diagnostics, _ type: Diagnostics) -> Diagnostics {
        configuration.sessionRules.apply ? d.intersection(type) : d.intersection(.stationary)
    }

    // MARK: - Settling (called by settle when the app runs and holds section-O objects)

    mutating func settleSessions(_ fx: inout [Effect]) {
        if lifecycle.state == .foreground {
            // O6: a session created out of use is insufficiently in use until the app comes to the foreground.
            for i in sessions.service.indices where !sessions.service[i].engaged { sessions.service[i].engaged = true }
            for i in sessions.backgroundActivity.indices where !sessions.backgroundActivity[i].engaged { sessions.backgroundActivity[i].engaged = true }
            askForSessions(&fx)
        }
        // One derivation for every object: reporting and delivering change nothing it reads.
        let context = sessionContext()
        if configuration.sessionRules.apply {
            for i in sessions.service.indices {
                let d = context.diagnostics(of: sessions.service[i].requirement, engaged: sessions.service[i].engaged,
                                            fullAccuracyAsked: sessions.service[i].fullAccuracyAsked)
                if sessions.service[i].reported != d {
                    sessions.service[i].reported = d
                    fx.append(.session(.serviceSessionDiagnostic(sessions.service[i].id, d)))
                }
            }
            for i in sessions.backgroundActivity.indices {
                let d = context.backgroundActivityDiagnostics(engaged: sessions.backgroundActivity[i].engaged && configuration.hasLocationBackgroundMode)
                if sessions.backgroundActivity[i].reported != d {
                    sessions.backgroundActivity[i].reported = d
                    fx.append(.session(.backgroundActivityDiagnostic(sessions.backgroundActivity[i].id, d)))
                }
            }
        }
        let streams = !sessions.liveUpdates.isEmpty, monitors = sessions.monitors.contains(where: \.open)
        guard streams || monitors else { return }
        let flags = context.streamFlags(configuration.sessionRules)
        if streams {
            for i in sessions.liveUpdates.indices { settleLiveUpdates(i, flags, context, moved: nil, &fx) }
        }
        if monitors { deliverMonitorEvents(flags, context, &fx) }
    }

    /// Yields what stream `i` should see now: a location when it becomes deliverable, changes or
    /// moved to `moved`; the flags alone when they stop delivery and changed.
    mutating func settleLiveUpdates(_ i: Int, _ base: Diagnostics, _ context: SessionContext, moved: Location?, _ fx: inout [Effect]) {
        var flags = base
        if context.deliverable(flags), device.location == nil { flags.insert(.locationUnavailable) }
        let stream = sessions.liveUpdates[i]
        guard context.deliverable(flags), let here = device.location else {
            if stream.reported != flags {
                sessions.liveUpdates[i].reported = flags
                let shown = visible(flags, .liveUpdate)
                if configuration.sessionRules.apply, !shown.isEmpty { fx.append(.session(.liveUpdate(stream.id, LiveUpdate(location: nil, diagnostics: shown)))) }
            }
            return
        }
        let wasDelivering = stream.reported.map { $0.isDisjoint(with: .blocking) } ?? false
        if let moved {
            if moved.coordinate == stream.lastCoordinate {
                // O2: the device has not moved: one update saying so, then quiet.
                guard stream.reported?.contains(.stationary) != true else { return }
                flags.insert(.stationary)
            }
        } else if wasDelivering, stream.reported == flags || stream.reported == flags.union(.stationary) {
            return
        }
        let location = context.reduced ? here.reduced : here
        sessions.liveUpdates[i].reported = flags
        sessions.liveUpdates[i].lastCoordinate = here.coordinate
        fx.append(.session(.liveUpdate(stream.id, LiveUpdate(location: location, diagnostics: visible(flags, .liveUpdate)))))
        noteBackgroundUse()
    }

    /// Delivers the pending events of the open monitors, or their blocking flags once (O15);
    /// `base` is the context's stream flags.
    mutating func deliverMonitorEvents(_ base: Diagnostics, _ context: SessionContext, _ fx: inout [Effect]) {
        let rules = configuration.sessionRules
        let shared = base.union(rules.monitorDeviceFlags)
        var index = 0
        for m in sessions.monitors.indices {
            let count = sessions.monitors[m].conditions.count
            guard sessions.monitors[m].open else {
                index += count
                continue
            }
            for c in 0..<count {
                index += 1
                var flags = shared
                if sessions.monitors[m].conditions[c].region.radius <= 0 { flags.insert(.conditionUnsupported) }
                if index > rules.monitorConditionLimit { flags.insert(.conditionLimitExceeded) }
                if context.deliverable(flags) {
                    guard sessions.monitors[m].conditions[c].pending else { continue }
                    sessions.monitors[m].conditions[c].pending = false
                    sessions.monitors[m].conditions[c].reported = flags
                    let condition = sessions.monitors[m].conditions[c]
                    fx.append(.session(.monitorEvent(monitor: sessions.monitors[m].name,
                                                     MonitorEvent(identifier: condition.region.name, state: condition.state, date: condition.date,
                                                                  diagnostics: visible(flags, .monitorEvent)))))
                    noteBackgroundUse()
                } else if sessions.monitors[m].conditions[c].reported != flags {
                    sessions.monitors[m].conditions[c].reported = flags
                    let conditionFlags = flags.intersection([.conditionUnsupported, .conditionLimitExceeded])
                    if !conditionFlags.isEmpty {
                        // Core Location does not monitor it: from iOS 17.2 its state says so.
                        sessions.monitors[m].conditions[c].pending = false
                        if unmonitoredStateExists {
                            sessions.monitors[m].conditions[c].state = .unmonitored
                            sessions.monitors[m].conditions[c].date = clock.now
                        }
                    }
                    let shown = visible(flags, .monitorEvent)
                    if rules.apply, !shown.isEmpty {
                        fx.append(.session(.monitorEvent(monitor: sessions.monitors[m].name,
                                                         MonitorEvent(identifier: sessions.monitors[m].conditions[c].region.name,
                                                                      state: conditionFlags.isEmpty ? .unknown : .unmonitored, date: clock.now, diagnostics: shown))))
                    }
                }
            }
        }
    }

    // MARK: - The world

    /// The device moved: live updates see the fix, circular conditions change state (O2, O15).
    mutating func moveSessions(to location: Location, _ fx: inout [Effect]) {
        if lifecycle.state.runsCode, !sessions.liveUpdates.isEmpty {
            let context = sessionContext()
            let flags = context.streamFlags(configuration.sessionRules)
            for i in sessions.liveUpdates.indices { settleLiveUpdates(i, flags, context, moved: location, &fx) }
        }
        for m in sessions.monitors.indices {
            for c in sessions.monitors[m].conditions.indices {
                let region = sessions.monitors[m].conditions[c].region
                guard let center = region.center, region.radius > 0 else { continue }
                changeCondition(m, c, to: center.distance(to: location.coordinate) <= region.radius ? .satisfied : .unsatisfied, &fx)
            }
        }
    }

    /// The device entered or left the conditions named `identifier` (a scenario's world event).
    /// Returns whether any monitor has such a condition.
    @discardableResult
    mutating func setConditions(named identifier: String, satisfied: Bool, _ fx: inout [Effect]) -> Bool {
        var found = false
        for m in sessions.monitors.indices {
            for c in sessions.monitors[m].conditions.indices where sessions.monitors[m].conditions[c].region.name == identifier {
                found = true
                changeCondition(m, c, to: satisfied ? .satisfied : .unsatisfied, &fx)
            }
        }
        return found
    }

    private mutating func changeCondition(_ m: Int, _ c: Int, to state: MonitoringState, _ fx: inout [Effect]) {
        let old = sessions.monitors[m].conditions[c].state
        guard old != state, old != .unmonitored else { return }
        sessions.monitors[m].conditions[c].state = state
        sessions.monitors[m].conditions[c].date = clock.now
        sessions.monitors[m].conditions[c].pending = true
        // A8, O7, O11: Always apps are launched for the event, on iOS 18 only if they held an
        // `.always` session when their process ended.
        if lifecycle.state == .notRunning, platform.os == .iOS, record.authorization == .always(provisional: false), currentStatus() == .authorizedAlways,
           !sessionRulesApply || sessions.heldAtExit.contains(.always), relaunchAllowedAfterLastExit {
            fx.append(.appLaunchedBySystem(reason: "a CLMonitor event"))
            startProcess(in: .background)
        } else if lifecycle.state == .suspended, alwaysEffective() {
            lifecycle.state = .background
        }
    }

    // MARK: - The process

    /// The process ends: what it held goes, and the service sessions it held are remembered for
    /// the next launch (O11), with its background activity session when `keepingActivity` (O16:
    /// an active session continues after the process); monitors keep their conditions (O15),
    /// unless the device cannot store them (``DeviceParameters/monitorPersistenceAvailable``).
    mutating func endSessions(keepingActivity: Bool) {
        guard !sessions.isEmpty else { return }
        // Which requirements, not the order the sessions were made in (a multiset, in case order).
        sessions.heldAtExit = sessions.service.map(\.requirement).sorted { $0.rank < $1.rank }
        sessions.activityHeldAtExit = keepingActivity
        sessions.service = []
        sessions.backgroundActivity = []
        sessions.liveUpdates = []
        if !parameters.monitorPersistenceAvailable {
            sessions.monitors = []
        } else {
            for m in sessions.monitors.indices where sessions.monitors[m].open { sessions.monitors[m].open = false }
        }
        sessions.awaitingRecreation = []
        sessions.activityAwaitingRecreation = false
        clock.timers.removeAny { $0.kind == .sessionRecreationWindowEnds }
    }

    /// A launch: the sessions of the last process are invalidated and the app may re-create them
    /// within ``DeviceParameters/sessionRecreationWindow`` (O11); a background activity session it
    /// held may be resumed in that window, even in the background (O16, P4).
    mutating func launchSessions() {
        guard !sessions.heldAtExit.isEmpty || sessions.activityHeldAtExit || sessions.monitors.contains(where: { $0.conditions.contains(where: \.pending) }) else { return }
        sessions.awaitingRecreation = sessions.heldAtExit
        sessions.heldAtExit = []
        if sessions.activityHeldAtExit {
            sessions.activityHeldAtExit = false
            sessions.activityAwaitingRecreation = true
        }
        schedule(ScheduledTimer(at: clock.now + parameters.sessionRecreationWindow, kind: .sessionRecreationWindowEnds))
    }

    /// Whether `CLMonitoringState.unmonitored` exists: iOS 17.2 and macOS 14.2 (O15).
    var unmonitoredStateExists: Bool {
        sectionOYear > 17 || (platform.os == .iOS && platformIsAtLeast(17, 2)) || (platform.os == .macOS && platformIsAtLeast(14, 2))
    }

    /// The re-creation window ended (O11): the app no longer wants what it did not re-create, and
    /// Core Location stops monitoring the conditions whose event no open monitor received (O15).
    mutating func endRecreationWindow() {
        sessions.awaitingRecreation = []
        sessions.activityAwaitingRecreation = false
        guard unmonitoredStateExists else { return }
        for m in sessions.monitors.indices where !sessions.monitors[m].open {
            for c in sessions.monitors[m].conditions.indices where sessions.monitors[m].conditions[c].pending {
                sessions.monitors[m].conditions[c].state = .unmonitored
                sessions.monitors[m].conditions[c].date = clock.now
            }
        }
    }
}
