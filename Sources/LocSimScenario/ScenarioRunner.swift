import LocSim
import LocSimModel

/// What running a scenario produced: its timeline and whether every expectation held.
public struct ScenarioResult: Sendable {
    /// How the run ended.
    public enum Outcome: Sendable, Equatable {
        /// Every expectation held.
        case passed
        /// An expectation failed.
        case failed(ExpectationFailure)
        /// A step could not apply (`choose` with no prompt, an app call while not running): exit 2.
        case invalid(InputError)
    }

    /// The scenario.
    public var scenario: Scenario
    /// Everything that happened, up to the end or the failing step.
    public var timeline: Timeline
    /// How it ended.
    public var outcome: Outcome
    /// How many steps ran.
    public var stepsRun: Int
    /// How many `expect` steps held.
    public var expectationsChecked: Int

    /// Creates a result.
    public init(scenario: Scenario, timeline: Timeline, outcome: Outcome, stepsRun: Int, expectationsChecked: Int) {
        self.scenario = scenario
        self.timeline = timeline
        self.outcome = outcome
        self.stepsRun = stepsRun
        self.expectationsChecked = expectationsChecked
    }

    /// The result for a file that could not be read or parsed: nothing ran.
    public static func unreadable(_ error: InputError) -> ScenarioResult {
        let name = error.file.split(separator: "/").last.map(String.init) ?? error.file
        return ScenarioResult(scenario: Scenario(name: name, file: error.file, device: DeviceSpec(), app: AppDescription(), steps: []),
                              timeline: Timeline(), outcome: .invalid(error), stepsRun: 0, expectationsChecked: 0)
    }
}

/// A failed `expect` step: where, and each key's expected and actual values.
public struct ExpectationFailure: Sendable, Equatable {
    /// One mismatched key.
    public struct Mismatch: Sendable, Equatable {
        /// The expectation key.
        public var key: String
        /// What the scenario expected.
        public var expected: String
        /// What happened.
        public var actual: String
    }
    /// The file.
    public var file: String
    /// The step's line.
    public var line: Int
    /// The mismatches, in the order the keys are documented.
    public var mismatches: [Mismatch]
}

/// Runs scenarios on a fresh simulated device each.
///
/// The app's launch code creates the manager `main` with a delegate; every delegate call lands
/// in the timeline, where `expect` reads it.
public final class ScenarioRunner {
    private let scenario: Scenario
    private let device: SimulatedDevice
    private let app: SimulatedApp
    private let delegate: TimelineDelegate
    private var strongManagers: [LocationManager] = []
    private var lastExpectIndex = 0
    /// Why the simulator refused the last step, when it did (an `expect` with `refused` reads it).
    private var refusal: String?
    /// The section-O objects the steps named, by name: what they are and their number (the
    /// latest object of that name).
    private var objects: [String: (kind: ObjectKind, id: SessionID)] = [:]

    /// What a name of a section-O step stands for.
    fileprivate enum ObjectKind: String {
        case serviceSession = "a service session"
        case backgroundActivity = "a background activity session"
        case liveUpdates = "live updates"

        /// The step that makes an object of this kind.
        var creatingStep: String {
            switch self {
            case .serviceSession: "createServiceSession: {name: NAME, authorization: …}"
            case .backgroundActivity: "startBackgroundActivity: NAME"
            case .liveUpdates: "startLiveUpdates: NAME"
            }
        }
    }

    /// Prepares a run of `scenario`.
    public init(_ scenario: Scenario) {
        self.scenario = scenario
        delegate = TimelineDelegate(implementedMethods: scenario.app.delegateMethods)
        device = SimulatedDevice(platform: scenario.device.platform, parameters: scenario.device.parameters,
                                 location: scenario.device.location,
                                 locationServicesEnabled: scenario.device.locationServices,
                                 restricted: scenario.device.restricted)
        app = device.install(scenario.app)
        app.onLaunch = { [unowned self] app in
            self.strongManagers.removeAll { held in !held.app.model.services.managers.contains { $0.id == held.id } }
            let main = LocationManager(app: app, name: "main")
            main.delegate = self.delegate
            self.strongManagers.append(main)
        }
    }

    /// Runs a scenario to the end or its first failure.
    public static func run(_ scenario: Scenario) -> ScenarioResult {
        ScenarioRunner(scenario).run()
    }

    /// Runs the scenario.
    public func run() -> ScenarioResult {
        var stepsRun = 0
        var checked = 0
        for (index, step) in scenario.steps.enumerated() {
            stepsRun += 1
            switch apply(step) {
            case .applied: break
            case .held: checked += 1
            case .failed(let failure):
                return ScenarioResult(scenario: scenario, timeline: device.timeline, outcome: .failed(failure), stepsRun: stepsRun, expectationsChecked: checked)
            case .invalid(let error):
                // A step the simulator refused, followed by an `expect` of the refusal, goes on.
                if refusal != nil, index + 1 < scenario.steps.count, case .expect(let e) = scenario.steps[index + 1].action, e.refused != nil { continue }
                return ScenarioResult(scenario: scenario, timeline: device.timeline, outcome: .invalid(error), stepsRun: stepsRun, expectationsChecked: checked)
            }
        }
        return ScenarioResult(scenario: scenario, timeline: device.timeline, outcome: .passed, stepsRun: stepsRun, expectationsChecked: checked)
    }

    /// What one step did (``apply(_:)``).
    public enum StepOutcome: Sendable, Equatable {
        /// A step that is not an `expect` applied.
        case applied
        /// An `expect` step held.
        case held
        /// An `expect` step failed.
        case failed(ExpectationFailure)
        /// The step could not apply (as ``ScenarioResult/Outcome/invalid(_:)``).
        case invalid(InputError)
    }

    /// Applies one step, whether or not it is one of the scenario's: for a driver that steps
    /// through a run (`locsim serve`). ``run()`` is this, step after step, until one does not hold.
    public func apply(_ step: Step) -> StepOutcome {
        let before = device.rejections.count
        do {
            if case .expect(let e) = step.action {
                // A manager the app never created is a typo, not an empty list of callbacks.
                if e.manager != "main", app.manager(named: e.manager) == nil,
                   !device.timeline.entries.contains(where: { $0.app == app.name && $0.manager == e.manager }) {
                    throw SimulationError("expect: no location manager named '\(e.manager)' was created (create it with createManager: \(e.manager))")
                }
                let mismatches = try check(e)
                refusal = nil
                // A failed expectation leaves the run as it was (its window does not move), so a
                // driver can go on without replaying (`locsim serve`); `run()` stops there anyway.
                if !mismatches.isEmpty { return .failed(ExpectationFailure(file: scenario.file, line: step.line, mismatches: mismatches)) }
                lastExpectIndex = device.timeline.entries.count
                return .held
            }
            refusal = nil
            try perform(step.action)
        } catch let e as SimulationError {
            return invalid(step, e.message)
        } catch {
            return invalid(step, "\(error)")
        }
        if device.rejections.count > before {
            refusal = device.rejections[before]
            return invalid(step, device.rejections[before])
        }
        return .applied
    }

    /// What a run is at one moment, to go back to with ``restore(_:)``: the device
    /// (``SimulatedDevice/Checkpoint``) and the runner's own state. For a driver that undoes a
    /// step that could not apply (`locsim serve`) instead of replaying every step before it.
    public struct Checkpoint {
        fileprivate let device: SimulatedDevice.Checkpoint
        fileprivate let strongManagers: [LocationManager]
        fileprivate let lastExpectIndex: Int
        fileprivate let refusal: String?
        fileprivate let objects: [String: (kind: ObjectKind, id: SessionID)]
    }

    /// The run as it is now.
    public func checkpoint() -> Checkpoint {
        Checkpoint(device: device.checkpoint(), strongManagers: strongManagers, lastExpectIndex: lastExpectIndex,
                   refusal: refusal, objects: objects)
    }

    /// Puts the run back as it was at `checkpoint`, taken from this runner.
    public func restore(_ checkpoint: Checkpoint) {
        device.restore(checkpoint.device)
        strongManagers = checkpoint.strongManagers
        lastExpectIndex = checkpoint.lastExpectIndex
        refusal = checkpoint.refusal
        objects = checkpoint.objects
    }

    /// The device the run drives (LocSim's addition, for drivers that show it).
    public var simulatedDevice: SimulatedDevice { device }
    /// The scenario's app on ``simulatedDevice``.
    public var simulatedApp: SimulatedApp { app }

    private func invalid(_ step: Step, _ message: String) -> StepOutcome {
        .invalid(InputError(file: scenario.file, line: step.line, message: "step cannot apply: \(message)"))
    }

    // MARK: Steps

    private func perform(_ action: StepAction) throws {
        switch action {
        case .lifecycle(let l):
            switch l {
            case .launch: app.launch()
            case .launchInBackground: app.launchInBackground()
            case .foreground: app.enterForeground()
            case .background: app.enterBackground()
            case .suspend: app.suspend()
            case .terminate: app.terminate()
            case .forceQuit: app.forceQuit()
            case .crash: app.crash()
            }
        case .lock(let on): on ? device.lock() : device.unlock()
        case .createManager(let name):
            try requireRunning("createManager")
            guard app.manager(named: name) == nil else { throw SimulationError("a manager named '\(name)' already exists") }
            let m = LocationManager(app: app, name: name)
            m.delegate = delegate
            strongManagers.append(m)
            device.run()
        case .call(let call, let name):
            try requireRunning(call.word)
            guard let m = app.manager(named: name) else {
                throw SimulationError("no location manager named '\(name)' (create it with createManager: \(name))")
            }
            m.perform(call)
            device.run()
        case .objectCall(let call, let name):
            try requireRunning(call.word)
            try perform(call, on: name)
            device.run()
        case .choose(let button, let precise):
            try device.choose(PromptChoice(button, precise: precise))
        case .settings(let option): app.changeSetting(option)
        case .precise(let on): app.setPreciseLocation(on)
        case .locationServices(let on): device.setLocationServices(on)
        case .airplaneMode(let on): device.setAirplaneMode(on)
        case .restrict(let on): device.setRestricted(on)
        case .resetLocationAndPrivacy: device.resetLocationAndPrivacy()
        case .tapLocationButton: app.tapLocationButton()
        case .reinstall: app.reinstall()
        case .checkLocationServices(let main):
            try requireRunning("checkLocationServices")
            _ = LocationManager.locationServicesEnabled(from: app, onMainThread: main)
        case .addWidget: app.addWidget()
        case .viewWidget: app.viewWidget()
        case .confirmLocation(let region):
            try requireRunning("confirmLocation")
            app.confirmAcquired(in: region)
        case .wait(let d): device.advance(by: d)
        case .moveTo(let c): device.move(to: c)
        case .enterRegion(let n): device.enterRegion(n)
        case .exitRegion(let n): device.exitRegion(n)
        case .visit: device.visit()
        case .playGPX(let track, _): device.play(track)
        case .expect: break
        }
    }

    /// A section-O call: a creating call gives the name a fresh number; the others find the
    /// object by its name (monitors are named by the app itself).
    private func perform(_ call: AppCall, on name: String) throws {
        func create(_ kind: ObjectKind) throws -> SessionID {
            if let old = objects[name], isHeld(old.kind, old.id) {
                throw SimulationError("\(call.word): the app already holds \(old.kind.rawValue) named '\(name)' (invalidate or stop it first, or choose another name)")
            }
            let id = app.newSessionID(named: name)
            objects[name] = (kind, id)
            return id
        }
        func find(_ kind: ObjectKind) throws -> SessionID {
            guard let object = objects[name] else {
                throw SimulationError("\(call.word): nothing named '\(name)' was created (create it with \(kind.creatingStep.replacingOccurrences(of: "NAME", with: name)))")
            }
            guard object.kind == kind else { throw SimulationError("\(call.word): '\(name)' is \(object.kind.rawValue), not \(kind.rawValue)") }
            return object.id
        }
        let numbered: AppCall
        switch call {
        case .createServiceSession(_, let requirement, let key):
            numbered = .createServiceSession(try create(.serviceSession), requirement, fullAccuracyPurposeKey: key)
        case .invalidateServiceSession: numbered = .invalidateServiceSession(try find(.serviceSession))
        case .startBackgroundActivity: numbered = .startBackgroundActivity(try create(.backgroundActivity))
        case .invalidateBackgroundActivity: numbered = .invalidateBackgroundActivity(try find(.backgroundActivity))
        case .startLiveUpdates: numbered = .startLiveUpdates(try create(.liveUpdates))
        case .stopLiveUpdates: numbered = .stopLiveUpdates(try find(.liveUpdates))
        default: numbered = call
        }
        app.perform(numbered, object: name)
    }

    /// Whether the app's process holds the object: a session not invalidated, a stream not stopped.
    private func isHeld(_ kind: ObjectKind, _ id: SessionID) -> Bool {
        let sessions = app.model.sessions
        switch kind {
        case .serviceSession: return sessions.service.contains { $0.id == id }
        case .backgroundActivity: return sessions.backgroundActivity.contains { $0.id == id }
        case .liveUpdates: return sessions.liveUpdates.contains { $0.id == id }
        }
    }

    private func requireRunning(_ word: String) throws {
        switch app.state {
        case .foreground, .background: return
        case .suspended: throw SimulationError("\(word) needs the app's code to run, but the app is suspended")
        case .notRunning: throw SimulationError("\(word) needs the app's code to run, but the app is not running")
        }
    }

    // MARK: Expectations

    private func check(_ e: Expectation) throws -> [ExpectationFailure.Mismatch] {
        var out: [ExpectationFailure.Mismatch] = []
        func compare(_ key: String, _ expected: String?, _ actual: String) {
            if let expected, expected != actual { out.append(.init(key: key, expected: expected, actual: actual)) }
        }
        let model = app.model
        compare("status", e.status?.description, model.status.description)
        compare("accuracy", e.accuracy?.description, model.accuracy.description)
        compare("provisional", e.provisional.map(String.init), String(model.isProvisional))
        compare("temporary", e.temporary.map(String.init), String(model.isTemporary))
        let onScreen = device.promptOnScreen?.prompt
        compare("prompt", e.prompt, onScreen?.kind.rawValue ?? "none")
        if let buttons = e.buttons {
            let actual = Set(onScreen?.buttons ?? [])
            if actual != buttons {
                out.append(.init(key: "buttons", expected: Self.list(buttons.sorted().map(\.rawValue)), actual: Self.list((onScreen?.buttons ?? []).map(\.rawValue))))
            }
        }
        if let message = e.promptMessage {
            let actual = onScreen?.message ?? ""
            if onScreen == nil || !actual.contains(message) {
                out.append(.init(key: "promptMessage", expected: "contains “\(message)”", actual: onScreen == nil ? "no prompt on screen" : "“\(actual)”"))
            }
        }
        // The entries since the last expectation that held: read only by the keys that need them,
        // so an `expect` of the app's state costs the same however long the run has gone on.
        let needsCalls = e.callbacks != nil || e.received != nil || e.notReceived != nil
        let calls = needsCalls ? device.timeline.callbacks(of: e.manager, app: app.name, from: lastExpectIndex) : []
        if let callbacks = e.callbacks, callbacks.count != calls.count || zip(callbacks, calls).contains(where: { !$0.matches($1) }) {
            out.append(.init(key: "callbacks", expected: Self.list(callbacks), actual: Self.list(calls)))
        }
        if let received = e.received {
            let missing = received.filter { want in !calls.contains { want.matches($0) } }
            if !missing.isEmpty {
                out.append(.init(key: "received", expected: "each of " + Self.list(received), actual: Self.list(calls) + " (missing " + Self.list(missing) + ")"))
            }
        }
        if let notReceived = e.notReceived {
            let present = notReceived.filter { bad in calls.contains { bad.matches($0) } }
            if !present.isEmpty {
                out.append(.init(key: "notReceived", expected: "none of " + Self.list(notReceived), actual: Self.list(calls)))
            }
        }
        compare("inUse", e.inUse.map(String.init), String(model.isInUse))
        compare("appState", e.appState?.rawValue, model.lifecycle.state.rawValue)
        compare("indicator", e.indicator.map(String.init), String(model.indicatorShowing))
        compare("servicesEnabled", e.servicesEnabled.map(String.init), String(device.locationServicesEnabled))
        if let log = e.log {
            let messages = device.timeline.entries[lastExpectIndex...].filter { $0.kind == .console }.map(\.text)
            if !messages.contains(where: { $0.contains(log) }) {
                out.append(.init(key: "log", expected: "a console message containing “\(log)”", actual: messages.isEmpty ? "no console messages" : Self.list(messages)))
            }
        }
        if let terminated = e.terminated {
            let last = device.timeline.entries.last { $0.kind == .terminated && $0.app == app.name }?.text
            if !(last?.contains(terminated) ?? false) {
                out.append(.init(key: "terminated", expected: "an exception containing “\(terminated)”", actual: last ?? "the app did not terminate with an exception"))
            }
        }
        compare("settings", e.settings?.rawValue, model.settingsSelection.rawValue)
        compare("widgetUpdates", e.widgetUpdates.map(String.init), String(model.isAuthorizedForWidgetUpdates))
        compare("widgetInUse", e.widgetInUse.map(String.init), String(model.isWidgetInUse))
        compare("controlCenter", e.controlCenter.map(String.init), String(model.isListedInControlCenter))
        compare("locationConfirmation", e.locationConfirmation?.rawValue, app.lastLocationConfirmation?.rawValue ?? "none asked")
        if let name = e.session, let expected = e.diagnostics {
            compare("diagnostics", expected.description, try diagnostics(of: name))
        }
        if let want = e.refused {
            if let refusal, refusal.contains(want) {} else {
                out.append(.init(key: "refused", expected: "the step before refused, saying “\(want)”",
                                 actual: refusal.map { "refused: \($0)" } ?? "the step before was not refused"))
            }
        }
        if let keys = e.launchOptions {
            let expected = keys.sorted(), actual = app.launchOptions.map(\.rawValue).sorted()
            if expected != actual { out.append(.init(key: "launchOptions", expected: Self.list(expected), actual: Self.list(actual))) }
        }
        if let c = e.condition {
            guard let monitor = model.sessions.monitors.first(where: { $0.name == c.monitor }) else {
                throw SimulationError("expect: the app never opened a monitor named '\(c.monitor)' (open it with openMonitor: \(c.monitor))")
            }
            // One mismatch naming the parts the expectation checks: `state: satisfied, diagnostics: []`.
            var expected: [String] = [], actual: [String] = []
            if let state = c.state {
                expected.append("state: \(state.rawValue)")
                actual.append("state: " + (monitor.conditions.first { $0.region.name == c.identifier }?.state.rawValue
                    ?? "none (no condition '\(c.identifier)' in monitor \(c.monitor))"))
            }
            if let flags = c.diagnostics {
                expected.append("diagnostics: \(flags)")
                let last = lastDelivery(type: "monitorEvent", object: c.monitor) { $0["identifier"] == c.identifier }
                actual.append("diagnostics: " + (last.map { Self.flags($0).description } ?? "none (no event for '\(c.identifier)' yet)"))
            }
            compare("condition", expected.joined(separator: ", "), actual.joined(separator: ", "))
        }
        return out
    }

    /// What `diagnostics` reads of the object named `name`: a session's current diagnostic, or
    /// the flags of the last update of live updates.
    private func diagnostics(of name: String) throws -> String {
        guard let (kind, id) = objects[name] else {
            throw SimulationError("expect: nothing named '\(name)' was created (createServiceSession, startBackgroundActivity and startLiveUpdates name what session checks)")
        }
        let sessions = app.model.sessions
        let notHeld = "none: '\(name)' is no longer held (invalidated, stopped, or gone with the app's process)"
        switch kind {
        case .serviceSession:
            guard let s = sessions.service.first(where: { $0.id == id }) else { return notHeld }
            return s.reported?.description ?? "none reported yet"
        case .backgroundActivity:
            guard let s = sessions.backgroundActivity.first(where: { $0.id == id }) else { return notHeld }
            return s.reported?.description ?? "none reported yet"
        case .liveUpdates:
            return lastDelivery(type: "liveUpdate", object: name) { $0["session"] == id.description }.map { Self.flags($0).description } ?? "no update yet"
        }
    }

    /// The detail of the last delivery of `type` to the object named `object` that `matches`.
    private func lastDelivery(type: String, object: String, where matches: ([String: String]) -> Bool) -> [String: String]? {
        device.timeline.entries.last { entry in
            entry.kind == .delivery && entry.app == app.name && entry.manager == object && entry.detail["type"] == type && matches(entry.detail)
        }?.detail
    }

    /// The flags of a delivery's detail.
    private static func flags(_ detail: [String: String]) -> Diagnostics {
        var d: Diagnostics = []
        for name in (detail["diagnostics"] ?? "").split(separator: ",") { d.formUnion(Diagnostics(name: String(name)) ?? []) }
        return d
    }

    static func list(_ items: [some CustomStringConvertible]) -> String { "[" + items.map(\.description).joined(separator: ", ") + "]" }
}

/// A delegate that does nothing: the timeline records every call.
final class TimelineDelegate: LocationManagerDelegate {
    /// What the scenario's app says its delegate implements (`delegateMethods`, N4).
    let implementedMethods: DelegateMethods
    init(implementedMethods: DelegateMethods) { self.implementedMethods = implementedMethods }
}
