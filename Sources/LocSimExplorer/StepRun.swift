import LocSim
import LocSimModel
import LocSimScenario

/// The work of applying one explorer choice: the model's transition (through the interpreter's
/// ``AuthorizationInterpreter/RunLoop``, on the model in ``state``, in place), launch code, and the app model's reactions to lifecycle events
/// and delegate calls, with the ``FindingChecks`` every step gets.
struct StepRun {
    let system: AppModelSystem
    var state: ExplorerState
    private(set) var choice: ExplorerChoice
    let record: Bool
    /// Applies events to the model in ``state``; its pending delegate calls are the app model's
    /// queue of callbacks.
    private var runLoop = AuthorizationInterpreter.RunLoop()
    private var checks: FindingChecks
    // Kept (emptied) from one step to the next by a reused run, so that a step allocates nothing.
    private var occurrences: [Occurrence] = []
    private var steps: [RecordedStep] = []
    /// Delegate calls per recorded step (record mode).
    private(set) var stepCallbacks: [[DelegateCall]] = []
    /// The lifecycle moments and the tap the app reacts to, in order, each with how many run-loop
    /// items were queued before it: an event's lifecycle moments come before the callbacks it
    /// causes, as the simulator posts them (``AppActivity/notifications(to:)``).
    private var appEvents: [(after: Int, event: AppEventPattern)] = []
    private var appEventHead = 0
    /// Run-loop items queued, and taken, in this step.
    private var queuedItems = 0
    private var takenItems = 0
    private var startScreen: UInt8
    private(set) var leftScreenInApp = false
    /// A live-updates stream yielded something (an update, with or without a location) in this
    /// step: what ends a wait for updates (``StateSearch``'s `updatesNeverCome` analysis).
    private(set) var yieldedLiveUpdate = false
    /// The system launched the app for a location event in this step (O18).
    private var launchedForLocation = false

    /// Problems the step showed.
    var observations: [Observation] { checks.observations }

    init(system: AppModelSystem, state: ExplorerState, choice: ExplorerChoice, record: Bool) {
        self.system = system
        self.state = state
        self.choice = choice
        self.record = record
        checks = FindingChecks(record: record)
        if record { checks.sessionNames = system.sessionNames }
        startScreen = state.screen
    }

    /// Prepares the run for another step from the state now in ``state`` (a run that records
    /// nothing can be reused, keeping its storage).
    mutating func restart(choice: ExplorerChoice) {
        self.choice = choice
        if !appEvents.isEmpty { appEvents.removeAll(keepingCapacity: true) }
        appEventHead = 0
        queuedItems = 0
        takenItems = 0
        runLoop.discardPending()
        leftScreenInApp = false
        yieldedLiveUpdate = false
        launchedForLocation = false
        startScreen = state.screen
    }

    /// What the step did, moved out of the run (no copy of the state).
    consuming func result() -> StepResult {
        StepResult(state: state, observations: checks.observations, leftScreenInApp: leftScreenInApp, steps: steps)
    }

    // MARK: Running

    mutating func execute() {
        checks.start(choice)
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
        case .forceQuit: send(.appForceQuit)
        case .crash: send(.appCrashed)
        case .lock: send(.deviceLocked)
        case .unlock: send(.deviceUnlocked)
        case .choose(let b): send(.userChoseButton(b, precise: nil))
        case .settings(let o): send(.userChangedSetting(o))
        case .precise(let on): send(.userChangedPreciseLocation(on))
        case .locationServices(let on): send(.userSwitchedLocationServices(on))
        case .tap(let name): appEvents.append((0, .tap(name)))
        case .enterRegion(let n): send(.deviceEnteredRegion(n))
        case .exitRegion(let n): send(.deviceExitedRegion(n))
        case .visit: send(.deviceVisited)
        case .wait(let d): send(.clockAdvanced(to: state.model.clock.now + d))
        }
        if before == .notRunning && state.model.lifecycle.state.runsCode {
            appEvents.insert((0, .launch), at: 0)
            // O18: the launch options say why the system launched the app, unless under scenes.
            if launchedForLocation, state.model.app.locationLaunchKeyDelivered { appEvents.insert((0, .launchedForLocation), at: 1) }
        }
        drain()
        finish()
    }

    /// The app model reacts: first to the lifecycle moment or tap, then to each delegate call in
    /// the order Core Location made them, until none is left (or the reaction limit).
    private mutating func drain() {
        var reactions = 0
        while reactions < AppModelSystem.reactionLimit {
            let reaction: Reaction?
            let screen = Int(state.screen)
            if appEventHead < appEvents.count, appEvents[appEventHead].after <= takenItems || runLoop.pendingCount == 0 {
                let e = appEvents[appEventHead].event
                appEventHead += 1
                guard state.model.lifecycle.state.runsCode else { continue }
                reaction = system.reaction(e, screen: screen, flags: state.flags)
            } else {
                guard let item = runLoop.takePending() else { break }
                takenItems += 1
                guard state.model.lifecycle.state.runsCode else { continue }
                switch item {
                case .delegateCall(_, let call):
                    reaction = system.reaction(call, screen: screen, flags: state.flags)
                case .sessionDelivery(let delivery):
                    // As on a device, an object the app let go of receives nothing more.
                    guard holds(delivery) else { continue }
                    reaction = system.reaction(delivery, screen: screen, flags: state.flags)
                case .launchCode:
                    continue
                }
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
            if reaction.sets | reaction.clears != 0 { state.flags = (state.flags | reaction.sets) & ~reaction.clears }
        }
    }

    private mutating func finish() {
        if state.model.lifecycle.state == .notRunning {
            state.screen = 0
        }
        leftScreenInApp = leftScreenInApp && state.model.lifecycle.state != .notRunning && state.screen != startScreen
        checks.stepIndex = steps.count - 1
        checks.finished(model: &state.model)
        state.model.canonicalizeTime()
        // The app model names its sessions and streams (``SessionObject``: `s1`, `s2`… in file
        // order), so the model's counter of numbers, which only the simulator allocates from,
        // reads nothing here: kept, it would tell a session made and ended from none made.
        if state.model.sessions.nextID != 1 { state.model.sessions.nextID = 1 }
    }

    /// The app's launch code: it creates `main` and sets its delegate (as the scenario runner does).
    private mutating func launchCode() {
        let main = AppModelSystem.main
        send(.appCreatedManager(main, hasDelegate: false))
        send(.appSetDelegate(main, present: true, implements: state.model.app.delegateMethods))
    }

    // MARK: App calls

    private mutating func perform(_ call: AppCall, note: String) {
        guard call.needsManager else { return performOnObject(call, note: note) }
        if record { steps.append(.call(call, note: note)); stepCallbacks.append([]) }
        checks.stepIndex = steps.count - 1
        checks.willPerform(call, model: &state.model)
        for i in 0..<call.eventCount {
            send(call.event(i, on: AppModelSystem.main))
            if state.model.lifecycle.state == .notRunning { break }
        }
    }

    /// A call of the iOS 17/18 API (section O), as an app written with `if #available` and
    /// optional objects makes it: nothing where the API does not exist (O1, O3, O13, O15), nothing
    /// on an object it does not hold (`session?.invalidate()`, `monitor?.add(…)`), and a new object
    /// under a name that holds one replaces it (the old one is released first, which ends it).
    private mutating func performOnObject(_ call: AppCall, note: String) {
        switch call {
        case .createServiceSession(let id, let requirement, _):
            guard state.model.serviceSessionsAvailable, requirement != .always || state.model.platform.os != .tvOS else { return }
            if state.model.sessions.service.contains(where: { $0.id == id }) { makeObjectCall(.invalidateServiceSession(id), note: note) }
        case .invalidateServiceSession(let id):
            guard state.model.sessions.service.contains(where: { $0.id == id }) else { return }
        case .startBackgroundActivity(let id):
            guard state.model.backgroundActivityAvailable else { return }
            if state.model.sessions.backgroundActivity.contains(where: { $0.id == id }) { makeObjectCall(.invalidateBackgroundActivity(id), note: note) }
        case .invalidateBackgroundActivity(let id):
            guard state.model.sessions.backgroundActivity.contains(where: { $0.id == id }) else { return }
        case .startLiveUpdates(let id):
            guard state.model.liveUpdatesAvailable else { return }
            if state.model.sessions.liveUpdates.contains(where: { $0.id == id }) { makeObjectCall(.stopLiveUpdates(id), note: note) }
        case .stopLiveUpdates(let id):
            guard state.model.sessions.liveUpdates.contains(where: { $0.id == id }) else { return }
        case .openMonitor:
            guard state.model.monitorAvailable else { return }
        case .addCondition(let monitor, _, _), .removeCondition(let monitor, _):
            guard state.model.sessions.monitors.contains(where: { $0.name == monitor && $0.open }) else { return }
        default:
            break
        }
        guard state.model.lifecycle.state.runsCode else { return }
        makeObjectCall(call, note: note)
    }

    private mutating func makeObjectCall(_ call: AppCall, note: String) {
        if record { steps.append(.objectCall(call.unnumbered, object: system.objectName(of: call), note: note)); stepCallbacks.append([]) }
        checks.stepIndex = steps.count - 1
        send(call.event(0, on: AppModelSystem.main))
    }

    /// Whether the app's process still holds the object a delivery is for.
    private func holds(_ delivery: SessionDelivery) -> Bool {
        let sessions = state.model.sessions
        switch delivery {
        case .serviceSessionDiagnostic(let id, _): return sessions.service.contains { $0.id == id }
        case .backgroundActivityDiagnostic(let id, _): return sessions.backgroundActivity.contains { $0.id == id }
        case .liveUpdate(let id, _): return sessions.liveUpdates.contains { $0.id == id }
        case .monitorEvent(let m, _): return sessions.monitors.contains { $0.name == m && $0.open }
        }
    }

    // MARK: The model

    /// Applies one model event, checks what happened, queues the lifecycle moments it caused for
    /// the app model (the application's notifications; `didBecomeActive` and `willResignActive`
    /// only when a reaction waits for them), and runs launch code at once when the system
    /// launched the app.
    private mutating func send(_ event: Event) {
        let before = state.model.snapshot
        let activity = AppActivity(state: state.model.lifecycle.state, promptOnScreen: state.model.prompts.onScreen != nil)
        if !occurrences.isEmpty { occurrences.removeAll(keepingCapacity: true) }
        let queued = runLoop.apply(event, to: &state.model, into: &occurrences)
        let after = AppActivity(state: state.model.lifecycle.state, promptOnScreen: state.model.prompts.onScreen != nil)
        if activity != after {
            for n in activity.notifications(to: after) where !n.isScene {
                let e = AppEventPattern(n)
                if e == .foreground || e == .background || system.reactsToActivity { appEvents.append((queuedItems, e)) }
            }
        }
        queuedItems += queued
        if system.startsLiveUpdates, !yieldedLiveUpdate {
            for case .sessionDelivery(.liveUpdate) in occurrences { yieldedLiveUpdate = true }
        }
        if record {
            for case .delegateCall(_, let call) in occurrences { stepCallbacks[stepCallbacks.count - 1].append(call) }
        }
        checks.stepIndex = steps.count - 1
        checks.applied(event, before: before, model: &state.model, occurrences: occurrences, alwaysAsked: &state.alwaysAsked, recreated: &state.recreated)
        if runLoop.takeLaunchRequest() { queuedItems -= 1; launchedForLocation = true; launchCode() }
    }
}
