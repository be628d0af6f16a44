import LocSim
import LocSimModel
import LocSimScenario

/// The checks that turn what one exploration step did into findings: the one place where each
/// finding but ``FindingKind/hang`` (see ``HangAnalysis``) is computed, from the typed
/// ``Occurrence``s of an ``AuthorizationInterpreter``.
///
/// `locsim explore` (app models, ``StepRun``) and the test-support `ExplorationRun` (Swift apps on
/// a `SimulatedDevice`) both feed it every event of a step, so they find the same problems under
/// the same keys. Core Location has no such type.
///
/// The checks only read the model, but take it `inout`: a driver keeps its model beside its checks,
/// and lending it by value while the checks change would copy the whole model on every event.
package struct FindingChecks: Sendable {
    /// Whether observations carry what a counterexample needs (its `expect` and explanation), or
    /// only their keys, once each.
    package let record: Bool
    /// The problems seen since the last ``start(_:)``.
    package private(set) var observations: [Observation] = []
    /// The recorded step the next observations show after (record mode).
    package var stepIndex = 0
    /// The choice after which the app runs code on its own, if the step's choice is one.
    private var automatic: Automatic?
    /// The system launched the app for a location event in this step (``finished(model:)``
    /// checks what the launch restarted, I12, O18).
    private var systemLaunched = false
    /// The names of the app's sessions and streams (`s1` is the first), for counterexamples'
    /// expectations; a session without a name is called by its number.
    package var sessionNames: [String] = []

    /// The choices after which the app runs code on its own (no payload: set on every step).
    private enum Automatic {
        case launch, foreground, unlock
        var choice: ExplorerChoice {
            switch self {
            case .launch: .launch
            case .foreground: .foreground
            case .unlock: .unlock
            }
        }
    }

    /// Checks that record counterexample detail, or only keys.
    package init(record: Bool) {
        self.record = record
    }

    /// Starts checking a step that applies `choice`.
    @inline(__always)
    package mutating func start(_ choice: ExplorerChoice) {
        if !observations.isEmpty { observations.removeAll(keepingCapacity: true) }
        stepIndex = 0
        systemLaunched = false
        switch choice {
        case .launch: automatic = .launch
        case .foreground: automatic = .foreground
        case .unlock: automatic = .unlock
        default: automatic = nil
        }
    }

    // MARK: Events

    /// Before the app makes `call` with the model in `model`: a service started out of use
    /// (I6, I9). Monitoring services count only for apps without Always, which may start them in
    /// the background (A8).
    @inline(__always)
    package mutating func willPerform(_ call: AppCall, model: inout AuthorizationModel) {
        guard call.startsService, model.lifecycle.state.runsCode, !model.isInUse else { return }
        if call.startsStandardLocation || model.status != .authorizedAlways {
            observe(.backgroundStart(call), expect: ExpectStep([.inUse, .appState]) { $0.inUse = false; $0.appState = model.lifecycle.state })
        }
    }

    /// After `event` took the model from `before` to `model` with `occurrences`. `alwaysAsked` is
    /// the explorer's own record that an Always prompt was shown (``PrivacyRule/alwaysOnce``).
    /// A driver that keeps no record of re-created sessions does not check for
    /// ``FindingKind/sessionNotRecreated``.
    @inline(__always)
    package mutating func applied(_ event: Event, before: AuthorizationModel.Snapshot, model: inout AuthorizationModel,
                                  occurrences: some Collection<Occurrence>, alwaysAsked: inout Bool) {
        var recreated = UInt8.max
        applied(event, before: before, model: &model, occurrences: occurrences, alwaysAsked: &alwaysAsked, recreated: &recreated)
    }

    /// ``applied(_:before:model:occurrences:alwaysAsked:)``, keeping `recreated`: the explorer's
    /// own record of the session requirements re-created in use since the last launch
    /// (``ExplorerState/recreated``).
    @inline(__always)
    package mutating func applied(_ event: Event, before: AuthorizationModel.Snapshot, model: inout AuthorizationModel,
                                  occurrences: some Collection<Occurrence>, alwaysAsked: inout Bool, recreated: inout UInt8) {
        var delivered: DelegateCall?
        for occurrence in occurrences {
            switch occurrence {
            case .delegateCall(_, let call):
                if call.deliversLocation { delivered = call }
            case .appTerminated(let exception):
                observe(.terminated(exception), expect: ExpectStep([.terminated, .appState]) { $0.terminated = exception.name; $0.appState = .notRunning },
                        detail: exception.text)
            case .requestIgnored(let kind, let reason):
                if reason.isFinding, let call = AppCall(event) {
                    ignored(call, kind: kind, reason: reason, before: before, model: &model)
                }
            case .promptShown(let p):
                prompt(p, event: event, before: before, model: &model, alwaysAsked: &alwaysAsked)
            case .sessionDelivery(let d):
                sessionDelivery(d, model: &model)
            case .appLaunchedBySystem:
                systemLaunched = true
            default:
                break
            }
        }
        switch event {
        case .appCreatedServiceSession(let id, let requirement, _):
            if let s = model.sessions.service.first(where: { $0.id == id }), !s.engaged { outOfUse(id, requirement, reported: s.reported, model: &model) }
            // Created in use, a session asserts the app's interest; the model keeps the requirement
            // awaiting (it only decides engagement out of use), the record notes it was re-created.
            if model.sessions.awaitingRecreation.contains(requirement) { recreated |= Self.bit(requirement) }
        case .appStartedBackgroundActivitySession(let id):
            if let s = model.sessions.backgroundActivity.first(where: { $0.id == id }), !s.engaged { outOfUse(id, nil, reported: s.reported, model: &model) }
        case .clockAdvanced:
            if before.awaitingRecreation & ~recreated != 0, model.sessions.awaitingRecreation.isEmpty, model.lifecycle.state != .notRunning {
                recreationWindowEnded(awaiting: before.awaitingRecreation & ~recreated, ranInBackground: before.activityAwaitingRecreation || model.sessions.holdsBackgroundActivity, model: &model)
            }
            // O16: the window ended with the background activity session the last process held
            // not started again, the app out of the foreground: the session ended.
            if before.activityAwaitingRecreation, !model.sessions.activityAwaitingRecreation,
               model.lifecycle.state == .background || model.lifecycle.state == .suspended {
                // In the background with no indicator: a resumed session would show it (O13, I10).
                let state = model.lifecycle.state
                observe(.sessionNotRecreated(nil), expect: ExpectStep([.indicator, .appState]) {
                    $0.indicator = false
                    $0.appState = state
                })
            }
        default:
            break
        }
        if recreated != 0, model.sessions.awaitingRecreation.isEmpty { recreated = 0 }
        if case .appRequestedAlwaysAuthorization = event, before.authorization == .whenInUse(temporary: false),
           model.record.authorization == .always(provisional: true) {
            noteAlwaysRequest(prompt: nil, alwaysAsked: &alwaysAsked)
        }
        if before.authorization == .whenInUse(temporary: true), model.record.authorization == .notDetermined,
           model.parameters.allowOnceExpiryRestoresAlwaysRequest {
            if case .userChangedSetting = event {} else { alwaysAsked = false }
        }
        if let delivered { delivery(delivered, model: &model) }
    }

    /// After the whole step: Allow Once never outlives use (H2, H4); a launch by the system for
    /// a visit or a significant change restarted that service (I12, O18).
    @inline(__always)
    package mutating func finished(model: inout AuthorizationModel) {
        if systemLaunched, model.lifecycle.state.runsCode, !model.services.pendingLaunchEvents.isEmpty { relaunchNotResumed(model: &model) }
        if model.isTemporary && !model.isInUse && !model.clock.timers.contains(where: { $0.kind == .allowOnceExpiry }) {
            observe(.privacy(.allowOnceOutlivesUse), expect: ExpectStep([.temporary, .inUse]) { $0.temporary = true; $0.inUse = false })
        }
    }

    // MARK: Checks

    private mutating func ignored(_ call: AppCall, kind: AuthorizationRequestKind, reason: IgnoredReason,
                                  before: AuthorizationModel.Snapshot, model: inout AuthorizationModel) {
        guard record else { return observe(.ignored(call, reason), expect: ExpectStep([]) { _ in }) }
        let prompt = model.prompts.onScreen?.prompt.kind.rawValue ?? "none"
        // The calls this step produced so far are none: the request did nothing.
        observe(.ignored(call, reason), marker: ExpectStep([.status]) { $0.status = before.status },
                expect: ExpectStep([.prompt, .callbacks, .status]) { $0.prompt = prompt; $0.status = model.status },
                detail: "\(kind.callName) \(reason.outcome(of: kind)): \(reason.explanation)")
    }

    private mutating func prompt(_ p: Prompt, event: Event, before: AuthorizationModel.Snapshot, model: inout AuthorizationModel,
                                 alwaysAsked: inout Bool) {
        let authorizationPrompt = p.kind == .initial || p.kind == .alwaysUpgrade || p.kind == .alwaysConfirmation
        if let automatic, p.kind == .initial || p.kind == .alwaysUpgrade, AppCall(event) != nil, !recreatesHeldSession(event, model: &model) {
            observe(.promptOnForeground(p.kind, automatic.choice), expect: ExpectStep([.prompt, .appState]) { $0.prompt = p.kind.rawValue; $0.appState = model.lifecycle.state })
        }
        if authorizationPrompt, before.authorization == .denied {
            observe(.privacy(.deniedPromptsAgain), expect: ExpectStep([.prompt]) { $0.prompt = p.kind.rawValue })
        }
        if (p.kind == .initial && p.request == .always && model.platform.os != .macOS) || p.kind == .alwaysUpgrade {
            noteAlwaysRequest(prompt: p, alwaysAsked: &alwaysAsked)
        }
    }

    /// Whether `event` re-creates, after a launch, a session the last process held: the app does
    /// what O11 asks, and what the session then asks is Core Location's doing (O4, O8), not the
    /// app asking on its own.
    private func recreatesHeldSession(_ event: Event, model: inout AuthorizationModel) -> Bool {
        guard case .appCreatedServiceSession(_, let requirement, _) = event else { return false }
        return model.sessions.awaitingRecreation.contains(requirement)
    }

    private mutating func noteAlwaysRequest(prompt: Prompt?, alwaysAsked: inout Bool) {
        if alwaysAsked {
            observe(.privacy(.alwaysOnce), expect: prompt.map { p in ExpectStep([.prompt]) { $0.prompt = p.kind.rawValue } }
                ?? ExpectStep([.provisional]) { $0.provisional = true })
        }
        alwaysAsked = true
    }

    /// A session or background activity session was created out of use and not as a timely
    /// re-creation: it can only be insufficiently in use until the app comes to the foreground (O6, O13).
    private mutating func outOfUse(_ id: SessionID, _ requirement: SessionRequirement?, reported: Diagnostics?, model: inout AuthorizationModel) {
        let state = model.lifecycle.state
        // A service session is engaged when created in use; an activity session only when started
        // in the foreground, so the app may still be in use (the grace period) when it is not.
        let last: [ExpectationKey] = requirement == nil ? [.appState] : [.inUse, .appState]
        if record, model.sessionRulesApply, let reported {
            let name = sessionName(id)
            observe(.sessionOutOfUse(requirement), expect: ExpectStep([.session, .diagnostics] + last) {
                $0.session = name
                $0.diagnostics = reported
                $0.inUse = false
                $0.appState = state
            })
        } else {
            // Before iOS 18 there is no diagnostic: what shows is that nothing keeps the app in use.
            observe(.sessionOutOfUse(requirement), expect: ExpectStep(requirement == nil ? [.appState, .indicator] : last) {
                $0.inUse = false
                $0.appState = state
                $0.indicator = false
            })
        }
    }

    /// The system launched the app for a visit or a significant change, and the launch ended with
    /// the event still waiting for the app to start that service again (I12, O18): under the
    /// scene life cycle an app that restarts only on `UIApplication.LaunchOptionsKey.location`
    /// never sees the key.
    private mutating func relaunchNotResumed(model: inout AuthorizationModel) {
        var kind: String?
        for e in model.services.pendingLaunchEvents {
            switch e {
            case .visit: kind = "visit"
            case .significantChange: kind = "significantChange"
            case .regionEntered, .regionExited: continue
            }
            break
        }
        guard let kind else { return }
        let state = model.lifecycle.state, scenes = model.app.scenes
        let detail = scenes ? "under the scene life cycle its launch options had no location key" : ""
        observe(.relaunchNotResumed(kind), expect: ExpectStep([.appState, .launchOptions, .notReceived]) {
            $0.appState = state
            $0.launchOptions = scenes ? [] : [LaunchOptionsKey.location.rawValue]
            $0.notReceived = [kind == "visit" ? .didVisit : .didUpdateLocations(count: nil)]
        }, detail: detail)
    }

    /// The re-creation window after a launch ended (O6, O11): each requirement the last process
    /// held that no session of the new one has is a finding. A `.whenInUse` or `.none` session
    /// counts only for an app that runs in the background with a background activity session
    /// (it holds one, or the last process's awaits resumption: `ranInBackground`):
    /// a foreground-only app loses nothing by making its session again when it next wants
    /// updates (a screen the user opens), so it is not told to re-create it at launch.
    private mutating func recreationWindowEnded(awaiting: UInt8, ranInBackground: Bool, model: inout AuthorizationModel) {
        for requirement in SessionRequirement.allCases where awaiting & Self.bit(requirement) != 0 {
            guard requirement == .always || ranInBackground else { continue }
            guard !model.sessions.service.contains(where: { $0.requirement == requirement }) else { continue }
            let state = model.lifecycle.state, inUse = model.isInUse, status = model.status
            observe(.sessionNotRecreated(requirement), expect: ExpectStep([.status, .inUse, .appState]) {
                $0.status = status
                $0.inUse = inUse
                $0.appState = state
            })
        }
    }

    /// A value reached one of the app's sequences: live updates and monitor events of an Always
    /// app out of use without a `.always` session carry the out-of-use flag (O7); a location
    /// reaches live updates only when authorized, and out of use only with Always in effect (``PrivacyRule``).
    private mutating func sessionDelivery(_ delivery: SessionDelivery, model: inout AuthorizationModel) {
        let flags: Diagnostics
        let kind: SessionEventPattern.Kind
        switch delivery {
        case .liveUpdate(let id, let u):
            if u.location != nil { liveUpdateLocation(id, model: &model) }
            flags = u.diagnostics
            kind = .liveUpdate
        case .monitorEvent(_, let e):
            flags = e.diagnostics
            kind = .monitorEvent
        default:
            return
        }
        let outOfUse = model.parameters.outOfUseLiveUpdatesDiagnostic
        guard !outOfUse.isEmpty, flags.isSuperset(of: outOfUse), model.record.authorization == .always(provisional: false),
              model.status == .authorizedAlways, !model.isInUse else { return }
        // An app without the location background mode reads no live updates out of use on a
        // phone, Always or not: an Always session would not change that, so that is no finding
        // (monitor events relaunch it without the mode: those still are).
        if kind == .liveUpdate && !model.app.hasLocationBackgroundMode { return }
        guard record else { return observe(.alwaysWithoutSession(kind), expect: ExpectStep([]) { _ in }) }
        let status = model.status
        var keys: [ExpectationKey] = [.status, .inUse]
        var set: (inout Expectation) -> Void = { $0.status = status; $0.inUse = false }
        switch delivery {
        case .liveUpdate(let id, _):
            let name = sessionName(id)
            keys = [.session, .diagnostics] + keys
            set = { $0.session = name; $0.diagnostics = flags; $0.status = status; $0.inUse = false }
        case .monitorEvent(let monitor, let e):
            keys = [.condition] + keys
            set = { $0.condition = ConditionExpectation(monitor: monitor, identifier: e.identifier, diagnostics: flags); $0.status = status; $0.inUse = false }
        default:
            break
        }
        observe(.alwaysWithoutSession(kind), expect: ExpectStep(keys, set))
    }

    /// A live update with a location: authorized, and in use unless Always is in effect for
    /// live updates (permanent Always, and on iOS 18 an engaged `.always` session, O7).
    private mutating func liveUpdateLocation(_ id: SessionID, model: inout AuthorizationModel) {
        let status = model.status, inUse = model.isInUse
        let rule: PrivacyRule
        if !status.isAuthorized {
            rule = .unauthorizedDelivery
        } else if !inUse, model.record.authorization != .always(provisional: false) || status != .authorizedAlways
                    || (model.sessionRulesApply && !model.sessions.service.contains(where: { $0.engaged && $0.requirement == .always })) {
            rule = .deliveryOutOfUse
        } else {
            return
        }
        let name = sessionName(id)
        observe(.privacy(rule), expect: ExpectStep([.session, .status, .inUse]) { $0.session = name; $0.status = status; $0.inUse = inUse })
    }

    /// The bit of a requirement in ``AuthorizationModel/Snapshot/awaitingRecreation`` and ``ExplorerState/recreated``.
    @inline(__always)
    static func bit(_ requirement: SessionRequirement) -> UInt8 {
        switch requirement {
        case .none: 1
        case .whenInUse: 2
        case .always: 4
        }
    }

    private func sessionName(_ id: SessionID) -> String {
        sessionNames.indices.contains(id.rawValue - 1) ? sessionNames[id.rawValue - 1] : id.description
    }

    /// A location reached the app: it must be authorized, and in use unless it has permanent
    /// Always (``PrivacyRule``).
    private mutating func delivery(_ call: DelegateCall, model: inout AuthorizationModel) {
        let rule: PrivacyRule
        let status = model.status, inUse = model.isInUse
        if !status.isAuthorized {
            rule = .unauthorizedDelivery
        } else if !inUse && model.isProvisional {
            rule = .provisionalBackgroundDelivery
        } else if !inUse && model.record.authorization != .always(provisional: false) {
            rule = .deliveryOutOfUse
        } else {
            return
        }
        observe(.privacy(rule), expect: ExpectStep([.received, .status, .inUse]) {
            $0.received = [CallbackPattern(anyArgumentOf: call)]
            $0.status = status
            $0.inUse = inUse
        })
    }

    private mutating func observe(_ key: FindingKey, marker: ExpectStep? = nil, expect: @autoclosure () -> ExpectStep,
                                  detail: @autoclosure () -> String = "") {
        if !record {
            if !observations.contains(where: { $0.key == key }) { observations.append(Observation(key: key, story: nil)) }
            return
        }
        let story = Observation.Story(stepIndex: max(0, stepIndex), marker: marker, expect: expect(), detail: detail())
        observations.append(Observation(key: key, story: story))
    }
}

extension AuthorizationModel {
    /// What the finding checks need of the model before an event.
    package struct Snapshot: Sendable {
        /// What Settings stored.
        package var authorization: StoredAuthorization
        /// The status apps read.
        package var status: AuthorizationStatus
        /// The requirements awaiting re-creation after a launch (O11), bit `i` for
        /// `SessionRequirement.allCases[i]`.
        package var awaitingRecreation: UInt8 = 0
        /// A background activity session awaits resumption after a launch (O16).
        package var activityAwaitingRecreation = false
    }

    /// The model's ``Snapshot``.
    @inline(__always)
    package var snapshot: Snapshot {
        var s = Snapshot(authorization: record.authorization, status: status)
        if sessions.activityAwaitingRecreation { s.activityAwaitingRecreation = true }
        if !sessions.awaitingRecreation.isEmpty {
            for r in sessions.awaitingRecreation { s.awaitingRecreation |= FindingChecks.bit(r) }
        }
        return s
    }
}
