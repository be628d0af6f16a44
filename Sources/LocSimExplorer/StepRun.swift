import LocSim
import LocSimModel
import LocSimScenario

/// The work of applying one explorer choice: the model's transition, launch code, and the app
/// model's reactions to lifecycle events and delegate calls, with every check the explorer makes.
struct StepRun {
    let system: AppModelSystem
    var state: ExplorerState
    private(set) var choice: ExplorerChoice
    let record: Bool
    /// Problems the step showed.
    private(set) var observations: [Observation] = []
    // The app's event queue and the model's effects: kept (emptied) from one step to the next by
    // a reused run, so that a step allocates nothing.
    private var queue: [QueuedEvent] = []
    private var effects: [Effect] = []
    private var steps: [RecordedStep] = []
    /// Delegate calls per recorded step (record mode).
    private(set) var stepCallbacks: [[String]] = []
    private var queueHead = 0
    private var automatic: Bool
    private var startScreen: UInt8
    private(set) var leftScreenInApp = false

    /// An event the app model may react to.
    private enum QueuedEvent {
        case app(AppEventPattern)
        case callback(DelegateCall)
    }

    /// What the checks need of the model before an event.
    private struct Snapshot {
        var authorization: StoredAuthorization
        var status: AuthorizationStatus
    }

    init(system: AppModelSystem, state: ExplorerState, choice: ExplorerChoice, record: Bool) {
        self.system = system
        self.state = state
        self.choice = choice
        self.record = record
        startScreen = state.screen
        automatic = Self.isAutomatic(choice)
    }

    /// Prepares the run for another step from the state now in ``state`` (a run that records
    /// nothing can be reused, keeping its storage).
    mutating func restart(choice: ExplorerChoice) {
        self.choice = choice
        if !queue.isEmpty { queue.removeAll(keepingCapacity: true) }
        if !observations.isEmpty { observations.removeAll(keepingCapacity: true) }
        queueHead = 0
        leftScreenInApp = false
        startScreen = state.screen
        automatic = Self.isAutomatic(choice)
    }

    /// Choices after which the app runs code on its own (launch and return to the foreground).
    private static func isAutomatic(_ choice: ExplorerChoice) -> Bool {
        switch choice {
        case .launch, .foreground, .unlock: true
        default: false
        }
    }

    /// What the step did, moved out of the run (no copy of the state).
    consuming func result() -> StepResult {
        StepResult(state: state, observations: observations, leftScreenInApp: leftScreenInApp, steps: steps)
    }

    // MARK: Running

    mutating func execute() {
        let before = state.model.lifecycle.state
        if record { steps.append(.choice(choice)); stepCallbacks.append([]) }
        switch choice {
        case .launch:
            send(.appLaunched)
            if state.model.lifecycle.state.runsCode { launchCode() }
        case .foreground: send(.appEnteredForeground)
        case .background: send(.appEnteredBackground)
        case .suspend: send(.appSuspended)
        case .terminate: send(.appTerminated)
        case .lock: send(.deviceLocked)
        case .unlock: send(.deviceUnlocked)
        case .choose(let b): send(.userChoseButton(b, precise: nil))
        case .settings(let o): send(.userChangedSetting(o))
        case .precise(let on): send(.userChangedPreciseLocation(on))
        case .locationServices(let on): send(.userSwitchedLocationServices(on))
        case .tap(let name): queue.append(.app(.tap(name)))
        case .enterRegion(let n): send(.deviceEnteredRegion(n))
        case .exitRegion(let n): send(.deviceExitedRegion(n))
        case .visit: send(.deviceVisited)
        case .wait(let d): send(.clockAdvanced(to: state.model.clock.now + d))
        }
        let after = state.model.lifecycle.state
        var lifecycle: AppEventPattern?
        if before == .notRunning && after.runsCode {
            lifecycle = .launch
        } else if (before == .background || before == .suspended) && after == .foreground {
            lifecycle = .foreground
        } else if before == .foreground && after == .background {
            lifecycle = .background
        }
        if let lifecycle { queue.insert(.app(lifecycle), at: 0) }
        drain()
        finish()
    }

    private mutating func drain() {
        var reactions = 0
        while queueHead < queue.count && reactions < AppModelSystem.reactionLimit {
            let event = queue[queueHead]
            queueHead += 1
            guard state.model.lifecycle.state.runsCode else { continue }
            let screen = Int(state.screen)
            let reaction: Reaction?
            switch event {
            case .app(let e): reaction = system.reaction(e, screen: screen)
            case .callback(let c): reaction = system.reaction(c, screen: screen)
            }
            guard let reaction else { continue }
            reactions += 1
            if let g = reaction.goto {
                if g != screen && Int(startScreen) == screen { leftScreenInApp = true }
                state.screen = UInt8(g)
            }
            let note = record ? "\(reaction.event) on \(system.appModel.screens[screen])" + (reaction.goto.map { " → \(system.appModel.screens[$0])" } ?? "") : ""
            for call in reaction.actions {
                guard state.model.lifecycle.state.runsCode else { break }
                perform(call, note: note)
            }
        }
    }

    private mutating func finish() {
        if state.model.lifecycle.state == .notRunning {
            state.screen = 0
        }
        leftScreenInApp = leftScreenInApp && state.model.lifecycle.state != .notRunning && state.screen != startScreen
        if state.model.isTemporary && !state.model.isInUse && !state.model.clock.timers.contains(where: { $0.kind == .allowOnceExpiry }) {
            observe(.privacy(.allowOnceOutlivesUse), at: steps.count - 1, expect: [("temporary", "true"), ("inUse", "false")])
        }
        state.model.canonicalizeTime()
    }

    /// The app's launch code: it creates `main` and sets its delegate (as the scenario runner does).
    private mutating func launchCode() {
        let main = AppModelSystem.main
        send(.appCreatedManager(main, hasDelegate: false))
        send(.appSetDelegate(main, present: true))
    }

    // MARK: App calls

    private static func isStart(_ call: AppCall) -> Bool {
        switch call {
        case .startUpdating, .requestLocation, .startSignificantChanges, .startVisits, .monitorRegion: true
        default: false
        }
    }

    private mutating func perform(_ call: AppCall, note: String) {
        if record { steps.append(.call(call, note: note)); stepCallbacks.append([]) }
        if Self.isStart(call), !state.model.isInUse {
            let standard: Bool
            switch call {
            case .startUpdating, .requestLocation: standard = true
            default: standard = false
            }
            if standard || state.model.status != .authorizedAlways {
                observe(.backgroundStart(call), at: steps.count - 1,
                        expect: [("inUse", "false"), ("appState", state.model.lifecycle.state.rawValue)])
            }
        }
        let main = AppModelSystem.main
        switch call {
        case .requestWhenInUse: send(.appRequestedWhenInUseAuthorization(main), action: call)
        case .requestAlways: send(.appRequestedAlwaysAuthorization(main), action: call)
        case .requestLocation: send(.appRequestedLocation(main), action: call)
        case .startUpdating: send(.appStartedUpdatingLocation(main), action: call)
        case .stopUpdating: send(.appStoppedUpdatingLocation(main), action: call)
        case .startSignificantChanges: send(.appStartedSignificantChanges(main), action: call)
        case .stopSignificantChanges: send(.appStoppedSignificantChanges(main), action: call)
        case .startVisits: send(.appStartedVisits(main), action: call)
        case .stopVisits: send(.appStoppedVisits(main), action: call)
        case .monitorRegion(let r): send(.appStartedMonitoringRegion(main, r), action: call)
        case .stopMonitoringRegion(let n): send(.appStoppedMonitoringRegion(main, name: n), action: call)
        case .requestFullAccuracy(let k): send(.appRequestedTemporaryFullAccuracy(main, purposeKey: k), action: call)
        case .set(let props):
            for p in props {
                switch p {
                case .allowsBackgroundLocationUpdates(let v): send(.appSetAllowsBackgroundLocationUpdates(main, v), action: call)
                case .showsBackgroundLocationIndicator(let v): send(.appSetShowsBackgroundLocationIndicator(main, v), action: call)
                case .pausesLocationUpdatesAutomatically(let v): send(.appSetPausesLocationUpdatesAutomatically(main, v), action: call)
                case .desiredAccuracy(let v): send(.appSetDesiredAccuracy(main, v), action: call)
                }
                if state.model.lifecycle.state == .notRunning { break }
            }
        }
    }

    // MARK: The model

    /// Applies one model event and checks its effects.
    private mutating func send(_ event: Event, action: AppCall? = nil) {
        let before = Snapshot(authorization: state.model.record.authorization, status: state.model.status)
        effects.removeAll(keepingCapacity: true)
        state.model.handle(event, into: &effects)
        var delivered: DelegateCall?
        var needsLaunchCode = false
        for effect in effects {
            switch effect {
            case .delegate(_, let call):
                queue.append(.callback(call))
                if record { stepCallbacks[stepCallbacks.count - 1].append(call.description) }
                switch call {
                case .didUpdateLocations, .didVisit, .didEnterRegion, .didExitRegion: delivered = call
                default: break
                }
            case .appLaunchedBySystem:
                needsLaunchCode = true
            case .appTerminated(let text):
                observe(.terminated(text), at: steps.count - 1,
                        expect: [("terminated", "NSInternalInconsistencyException"), ("appState", "notRunning")], detail: text)
            case .requestIgnored(let kind, let reason):
                if let action, reason.isFinding {
                    observeIgnored(action, kind: kind, reason: reason, before: before)
                }
            case .promptShown(let p):
                checkPrompt(p, before: before, action: action)
            default:
                break
            }
        }
        if case .appRequestedAlwaysAuthorization = event, before.authorization == .whenInUse(temporary: false),
           state.model.record.authorization == .always(provisional: true) {
            noteAlwaysRequest(prompt: nil)
        }
        if before.authorization == .whenInUse(temporary: true), state.model.record.authorization == .notDetermined, state.model.parameters.allowOnceExpiryRestoresAlwaysRequest {
            if case .userChangedSetting = event {} else { state.alwaysAsked = false }
        }
        if let delivered { checkDelivery(delivered) }
        if needsLaunchCode { launchCode() }
    }

    // MARK: Checks

    private mutating func observeIgnored(_ action: AppCall, kind: AuthorizationRequestKind, reason: IgnoredReason, before: Snapshot) {
        guard record else { return observe(.ignored(action, reason), at: 0, expect: []) }
        let after = state.model
        let prompt = after.prompts.onScreen?.prompt.kind.rawValue ?? "none"
        // The calls this step produced so far are none: the request did nothing.
        observe(.ignored(action, reason), at: steps.count - 1,
                marker: [("status", before.status.description)],
                expect: [("prompt", prompt), ("callbacks", Observation.stepCallbacks), ("status", after.status.description)],
                detail: "\(AppModelSystem.callName(kind)) did nothing: \(reason.explanation)")
    }

    private mutating func checkPrompt(_ p: Prompt, before: Snapshot, action: AppCall?) {
        let authorizationPrompt = p.kind == .initial || p.kind == .alwaysUpgrade || p.kind == .alwaysConfirmation
        if action != nil, automatic, p.kind == .initial || p.kind == .alwaysUpgrade {
            observe(.promptOnForeground(p.kind, choice), at: steps.count - 1,
                    expect: [("prompt", p.kind.rawValue), ("appState", state.model.lifecycle.state.rawValue)])
        }
        if authorizationPrompt, before.authorization == .denied {
            observe(.privacy(.deniedPromptsAgain), at: steps.count - 1, expect: [("prompt", p.kind.rawValue)])
        }
        if (p.kind == .initial && p.request == .always && system.platform.os != .macOS) || p.kind == .alwaysUpgrade {
            noteAlwaysRequest(prompt: p)
        }
    }

    private mutating func noteAlwaysRequest(prompt: Prompt?) {
        if state.alwaysAsked {
            observe(.privacy(.alwaysOnce), at: steps.count - 1,
                    expect: prompt.map { [("prompt", $0.kind.rawValue)] } ?? [("provisional", "true")])
        }
        state.alwaysAsked = true
    }

    private mutating func checkDelivery(_ call: DelegateCall) {
        let rule: PrivacyRule
        let status = state.model.status, inUse = state.model.isInUse
        if !status.isAuthorized {
            rule = .unauthorizedDelivery
        } else if !inUse && state.model.isProvisional {
            rule = .provisionalBackgroundDelivery
        } else if !inUse && state.model.record.authorization != .always(provisional: false) {
            rule = .deliveryOutOfUse
        } else {
            return
        }
        observe(.privacy(rule), at: steps.count - 1,
                expect: [("received", "[\(call.name)]"), ("status", status.description), ("inUse", String(inUse))])
    }

    private mutating func observe(_ key: FindingKey, at index: Int, marker: [(String, String)]? = nil,
                                  expect: [(String, String)], detail: String = "") {
        if !record {
            if !observations.contains(where: { $0.key == key }) { observations.append(Observation(key: key)) }
            return
        }
        observations.append(Observation(key: key, stepIndex: max(0, index), marker: marker, expect: expect, detail: detail))
    }

    /// For the final `expect` of a recorded path, the calls of one step.
    func callbacks(ofStep i: Int) -> [String] { stepCallbacks[i] }
}

extension AppModelSystem {
    static func callName(_ kind: AuthorizationRequestKind) -> String {
        switch kind {
        case .whenInUse: "requestWhenInUseAuthorization()"
        case .always: "requestAlwaysAuthorization()"
        case .temporaryFullAccuracy: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)"
        }
    }
}
