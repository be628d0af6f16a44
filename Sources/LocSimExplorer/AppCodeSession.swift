import Foundation
import LocSim
import LocSimCoreLocation
import LocSimModel

/// One path of an app-code exploration, replayed on a fresh simulated device, every event checked
/// by ``FindingChecks``.
///
/// The app's code runs with the explored app attached (``withAttachedApp(_:operation:)``): the
/// objects it makes, in its synchronous code and in the tasks it starts, reach this device. A
/// driver calls every method inside one such attachment. Core Location has no such type.
@MainActor package final class AppCodeSession<App: ExplorationApp> {
    package let device: SimulatedDevice
    package let app: SimulatedApp
    package private(set) var object: App?
    private let taps: [String]
    private var checks = FindingChecks(record: true)
    /// An Always prompt was shown on this path (``PrivacyRule/alwaysOnce``).
    private var alwaysAsked = false
    /// The session requirements re-created in use since the last launch (``FindingKind/sessionNotRecreated``).
    private var recreated: UInt8 = 0
    /// Live updates of this process: 1 once the app started them, until a location or a final
    /// answer (a denial or restriction) reached it; 0 otherwise.
    private var liveUpdatesPending: UInt8 = 0
    /// The app created a manager on this device on this path.
    package private(set) var createdManager = false
    /// During the step being applied: a live update reached the app's streams.
    private var updateArrived = false
    /// What watches the app's code in this process, told when the factory runs.
    package var watch: ExecutionWatch?

    /// A fresh device for `platform`, the app installed (not launched).
    package init(platform: Platform, parameters: DeviceParameters, app description: AppDescription, taps: [String],
                 makeApp: @escaping (SimulatedApp) -> App) {
        device = SimulatedDevice(platform: platform, parameters: parameters, location: Coordinate(latitude: 37.3349, longitude: -122.009))
        device.awaitsSuspend = true
        device.recordsTimeline = false
        app = device.install(description)
        self.taps = taps
        app.onLaunch = { [unowned self] simulated in
            // A launch starts a fresh process: what the factory drops (a singleton it resets, and
            // a continuation that waited in the process before) is not the app's doing.
            self.watch?.factoryWillRun()
            self.object = makeApp(simulated)
            self.watch?.factoryDidRun()
            simulated.observe(.didBecomeActive) { [unowned self] _ in self.object?.didBecomeActive() }
            simulated.observe(.willResignActive) { [unowned self] _ in self.object?.willResignActive() }
        }
        device.eventObserver = { [unowned self] applied in self.check(applied) }
    }

    /// The app's objects may outlive the session (a session object ends, and calls Core Location,
    /// when the app object releasing it goes): they must not reach back into it.
    isolated deinit {
        device.eventObserver = nil
        app.onLaunch = nil
    }

    // MARK: Steps

    /// Applies each choice of `path` in turn (a replay: what the steps show is known already),
    /// on a `fresh` session or one where an earlier part of the path led.
    package func replay(_ path: ArraySlice<ExplorerChoice>, fresh: Bool = true) async {
        if fresh { await settleTasks() }
        for choice in path { await apply(choice, observing: false) }
    }

    /// Applies a choice; returns the problems it showed.
    package func apply(_ choice: ExplorerChoice) async -> [Observation] {
        await apply(choice, observing: true)
        return checks.observations
    }

    /// Applies a choice; with `observing`, checks what the step showed once it settled (a
    /// replay's steps need not: what they show is known already).
    private func apply(_ choice: ExplorerChoice, observing: Bool) async {
        AppCodeStatistics.appliedChoices &+= 1
        checks.start(choice)
        updateArrived = false
        await perform(choice)
        await settleTasks()
        guard observing else { return }
        var model = app.model
        checks.finished(model: &model)
    }

    /// Whether a live update reached the app's streams during the last ``apply(_:)``.
    package var updatesArrived: Bool { updateArrived }

    private func perform(_ choice: ExplorerChoice) async {
        let before = app.state
        withAttachedApp(app) {
            switch choice {
            case .launch: app.launch()
            case .foreground: app.enterForeground()
            case .background: app.enterBackground()
            case .suspend: app.suspend()
            case .terminate: app.terminate()
            case .forceQuit: app.forceQuit()
            case .crash: app.crash()
            case .lock: device.lock()
            case .unlock: device.unlock()
            case .choose(let b): try? device.choose(b)
            case .settings(let o): app.changeSetting(o)
            case .precise(let on): app.setPreciseLocation(on)
            case .locationServices(let on): device.setLocationServices(on)
            case .tap: break
            case .enterRegion(let n): device.enterRegion(n)
            case .exitRegion(let n): device.exitRegion(n)
            case .visit: device.visit()
            case .wait(let d): device.advance(by: d)
            }
        }
        if case .tap(let name) = choice, let object {
            // The tap runs as a button's action does: in a task of its own, which may wait (for an
            // answer, say) while the exploration goes on.
            let box = UncheckedBox(object)
            Task { await box.value.tap(name) }
            await settleTasks()
        }
        withAttachedApp(app) {
            if before == .foreground && app.state == .background { object?.didEnterBackground(); device.run() }
            if (before == .background || before == .suspended) && app.state == .foreground { object?.willEnterForeground(); device.run() }
        }
        if app.state == .notRunning { object = nil }
    }

    /// Lets the app's own tasks (its taps, iterations of live updates, diagnostics, monitor
    /// events, awaited continuations) run until every one waits again: the run loop turns, the
    /// serial executor runs what it queued, and this repeats until two turns in a row change
    /// nothing — no run-loop item, no value yielded, no job of the app's forwarded by the serial
    /// executor. Deterministic: the tasks run on LocSim's serial executor, one at a time, in the
    /// order they were queued. Call it inside ``SerialExecution/excludingCurrentTask(isolation:_:)``
    /// (``AppCodeExplorer`` does): the driver's own yields are not the app's work.
    package func settleTasks() async {
        var quiet = 0
        while quiet < 2 {
            let before = (device.activity, SerialExecution.forwarded)
            device.run()
            await Task.yield()
            quiet = (device.activity, SerialExecution.forwarded) == before ? quiet + 1 : 0
        }
    }

    /// Ends the path: the app's iterations end, and their tasks finish.
    package func close() async {
        app.endIterations()
        await settleTasks()
        object = nil
    }

    // MARK: What the state is

    package var running: Bool { app.state != .notRunning }
    package var screen: String { running ? (object?.screen ?? "") : "" }
    package var waiting: Bool { running && (object?.isWaiting ?? false) }

    /// Whether the app awaits live updates that told it nothing it can act on: a stream that has
    /// yielded nothing it can see (``AuthorizationModel/awaitsLiveUpdates``), or streams it stopped
    /// reading before a location or a final answer reached it (it gave up on an update that only
    /// said a request was in progress, say).
    package var awaitsUpdates: Bool {
        guard running else { return false }
        return app.model.awaitsLiveUpdates || (liveUpdatesPending != 0 && app.model.sessions.liveUpdates.isEmpty)
    }

    /// Whether the app gave up reading live updates before they told it anything final.
    package var stoppedReadingUpdates: Bool { running && liveUpdatesPending != 0 && app.model.sessions.liveUpdates.isEmpty }

    /// What makes two moments of the exploration the same state.
    private var key: AppCodeStateKey {
        AppCodeStateKey(state: ExplorationStateKey(model: app.model, app: screen), fingerprint: running ? (object?.fingerprint ?? "") : "",
                        waiting: waiting, alwaysAsked: alwaysAsked, recreated: recreated, liveUpdatesPending: liveUpdatesPending)
    }

    /// The state reached, as the search knows it: its key's fingerprint, and its facts.
    package func outcome() -> AppCodeOutcome {
        let key = key
        return AppCodeOutcome(target: AppStateFingerprint(key), facts: facts(canonical: key.state.model))
    }

    /// The facts of the state, with the choices open in it (`canTap` filters the taps), read
    /// from `canonical`, the model as the state's key has it: a timer the key drops (a grace
    /// period's end left over from an earlier visit to the background) changes nothing when it
    /// fires, and is no reason to wait.
    private func facts(canonical: AuthorizationModel) -> AppStateFacts {
        var choices = ExplorerChoice.available(in: canonical, taps: taps)
        if let object { choices.removeAll { if case .tap(let name) = $0 { !object.canTap(name) } else { false } } }
        let stuck = HangAnalysis.stuckText(app.model)
        return AppStateFacts(waiting: waiting, awaitsUpdates: awaitsUpdates, screen: screen, running: running,
                             stuck: stoppedReadingUpdates ? "\(stuck)-stoppedReading" : stuck, choices: choices)
    }

    // MARK: Checks

    private func check(_ applied: AppliedEvent) {
        guard applied.app === app else { return }
        switch applied.event {
        // A manager, or one of the iOS 17/18 objects that reach Core Location without one.
        case .appCreatedManager, .appCreatedServiceSession, .appOpenedMonitor, .appStartedBackgroundActivitySession:
            createdManager = true
        case .appStartedLiveUpdates:
            createdManager = true
            if applied.app.model.sessions.liveUpdates.count > applied.before.sessions.liveUpdates.count { liveUpdatesPending = 1 }
        case .appLaunched, .appLaunchedInBackground:
            liveUpdatesPending = 0
        default: break
        }
        for occurrence in applied.occurrences {
            if case .sessionDelivery(.liveUpdate(_, let update)) = occurrence {
                updateArrived = true
                if update.location != nil || !update.diagnostics.isDisjoint(with: [.authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted]) {
                    liveUpdatesPending = 0
                }
            }
        }
        var before = applied.before, model = app.model
        if let call = AppCall(applied.event) { checks.willPerform(call, model: &before) }
        checks.applied(applied.event, before: before.snapshot, model: &model, occurrences: applied.occurrences,
                       alwaysAsked: &alwaysAsked, recreated: &recreated)
    }
}

/// What makes two moments of an app-code exploration the same state: the model and screen, the
/// app's own fingerprint and whether it waits, and the explorer's own records (an Always prompt
/// shown, sessions re-created since the launch, live updates still pending).
package struct AppCodeStateKey: Hashable {
    var state: ExplorationStateKey
    var fingerprint: String
    var waiting: Bool
    var alwaysAsked: Bool
    var recreated: UInt8
    var liveUpdatesPending: UInt8
}

/// A value handed to a task that runs on the same serial executor as its owner.
package struct UncheckedBox<Value>: @unchecked Sendable {
    // @unchecked: only used where every task runs on LocSim's serial executor, one at a time.
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
