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
        for step in scenario.steps {
            stepsRun += 1
            let before = device.rejections.count
            do {
                if case .expect(let e) = step.action {
                    // A manager the app never created is a typo, not an empty list of callbacks.
                    if e.manager != "main", app.manager(named: e.manager) == nil,
                       !device.timeline.entries.contains(where: { $0.app == app.name && $0.manager == e.manager }) {
                        throw SimulationError("expect: no location manager named '\(e.manager)' was created (create it with createManager: \(e.manager))")
                    }
                    let mismatches = check(e)
                    lastExpectIndex = device.timeline.entries.count
                    if !mismatches.isEmpty {
                        let failure = ExpectationFailure(file: scenario.file, line: step.line, mismatches: mismatches)
                        return ScenarioResult(scenario: scenario, timeline: device.timeline, outcome: .failed(failure), stepsRun: stepsRun, expectationsChecked: checked)
                    }
                    checked += 1
                } else {
                    try perform(step.action)
                }
            } catch let e as SimulationError {
                return invalid(step, e.message, stepsRun, checked)
            } catch {
                return invalid(step, "\(error)", stepsRun, checked)
            }
            if device.rejections.count > before {
                return invalid(step, device.rejections[before], stepsRun, checked)
            }
        }
        return ScenarioResult(scenario: scenario, timeline: device.timeline, outcome: .passed, stepsRun: stepsRun, expectationsChecked: checked)
    }

    private func invalid(_ step: Step, _ message: String, _ steps: Int, _ checked: Int) -> ScenarioResult {
        ScenarioResult(scenario: scenario, timeline: device.timeline,
                       outcome: .invalid(InputError(file: scenario.file, line: step.line, message: "step cannot apply: \(message)")),
                       stepsRun: steps, expectationsChecked: checked)
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

    private func requireRunning(_ word: String) throws {
        switch app.state {
        case .foreground, .background: return
        case .suspended: throw SimulationError("\(word) needs the app's code to run, but the app is suspended")
        case .notRunning: throw SimulationError("\(word) needs the app's code to run, but the app is not running")
        }
    }

    // MARK: Expectations

    private func check(_ e: Expectation) -> [ExpectationFailure.Mismatch] {
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
        let since = Array(device.timeline.entries[lastExpectIndex...])
        let calls = device.timeline.callbacks(of: e.manager, app: app.name, from: lastExpectIndex)
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
            let messages = since.filter { $0.kind == .console }.map(\.text)
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
        return out
    }

    static func list(_ items: [some CustomStringConvertible]) -> String { "[" + items.map(\.description).joined(separator: ", ") + "]" }
}

/// A delegate that does nothing: the timeline records every call.
final class TimelineDelegate: LocationManagerDelegate {
    /// What the scenario's app says its delegate implements (`delegateMethods`, N4).
    let implementedMethods: DelegateMethods
    init(implementedMethods: DelegateMethods) { self.implementedMethods = implementedMethods }
}
