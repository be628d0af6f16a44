import LocSim
import LocSimInput
import LocSimModel
import LocSimScenario

/// One playground session: a simulated device with one app, driven step by step, and the scenario
/// those steps make, which `locsim run` replays to the same timeline.
///
/// Every action is a scenario step (the words of `StepSyntax`), applied by the scenario runner,
/// so the page, the export and `locsim run` share one vocabulary and one implementation. A step
/// that cannot apply is not recorded, and the device goes back to a checkpoint taken before it
/// (`ScenarioRunner.Checkpoint`), so that what the page shows is always what the exported file
/// replays (an `expect` that fails changes nothing). No request replays the session's steps. Not thread-safe: a
/// `SessionStore` keeps each session inside its own actor. Core Location has no such type.
final class PlaygroundSession {
    /// What one session may hold, so that its memory is bounded whatever its client sends.
    struct Limits: Sendable, Equatable {
        /// The most steps a session records (and an opened file may hold): 20,000.
        var maxSteps = 20_000
        /// The most timeline entries a session keeps: 200,000 (a step adds a few).
        var maxTimelineEntries = 200_000
    }

    /// The device, the app and the steps that applied, in order.
    private(set) var scenario: Scenario
    /// The steps of an opened file not yet applied (``next()`` applies the first).
    var pending: ArraySlice<Step> { opened[nextOpened...] }
    /// The steps of the opened file, and the index of the first not yet applied.
    private var opened: [Step] = []
    private var nextOpened = 0
    /// How many `expect` steps held.
    private(set) var expectationsHeld = 0
    /// How many files were opened (each starts a new timeline).
    private(set) var epoch = 0
    /// What the last action did.
    private(set) var lastOutcome: ActionOutcome?
    private var runner: ScenarioRunner

    /// What the session may hold.
    let limits: Limits

    /// A new session on a fresh device.
    init(name: String, device: DeviceSpec, app: AppDescription, limits: Limits = Limits()) {
        scenario = Scenario(name: name, file: Self.fileName, device: device, app: app, steps: [])
        runner = ScenarioRunner(scenario)
        self.limits = limits
    }

    /// The name errors give as the session's file.
    static let fileName = "playground"

    /// The device.
    var device: SimulatedDevice { runner.simulatedDevice }
    /// The app.
    var app: SimulatedApp { runner.simulatedApp }

    /// Applies `step`; records it when it applied or held.
    /// - Throws: ``PlaygroundError`` (409) when the session holds ``Limits/maxSteps`` steps or
    ///   ``Limits/maxTimelineEntries`` entries: nothing is applied.
    @discardableResult
    func perform(_ step: Step) throws -> ActionOutcome {
        try requireRoom()
        let before = device.timeline.entries.count
        // A step that cannot apply is undone from here (its cost is the step's, not the session's).
        let checkpoint = runner.checkpoint()
        var outcome = ActionOutcome(step: ScenarioWriter.step(step.action).block, runner.apply(step))
        if outcome.result == .applied {
            outcome.note = Self.note(for: step.action, added: Array(device.timeline.entries.dropFirst(before)), app: app)
        }
        switch outcome.result {
        case .applied, .held:
            scenario.steps.append(Step(step.action, line: scenario.steps.count + 1))
            if outcome.result == .held { expectationsHeld += 1 }
        case .failed:
            // An expectation that failed changed nothing (`ScenarioRunner.apply`): no replay, so
            // its cost does not grow with the session.
            break
        case .invalid:
            // What a step that did not apply may have left behind (a rejection, an object it
            // numbered) is not part of the scenario: back to before it, as a replay of the
            // recorded steps would be (checked against replays by SessionCostTests).
            runner.restore(checkpoint)
        }
        lastOutcome = outcome
        return outcome
    }

    /// Applies the first pending step of an opened file.
    /// - Throws: ``PlaygroundError`` when nothing is pending.
    @discardableResult
    func next() throws -> ActionOutcome {
        guard nextOpened < opened.count else { throw PlaygroundError(.conflict, "no step of an opened file is left to apply") }
        let outcome = try perform(opened[nextOpened])
        if outcome.result == .applied || outcome.result == .held { nextOpened += 1 }
        return outcome
    }

    /// Lets virtual time pass to the next deadline of the app (a timer: the grace period, Allow
    /// Once's lapse, the second prompt, …), as a `wait` step.
    /// - Throws: ``PlaygroundError`` when nothing is scheduled.
    @discardableResult
    func advanceToNextDeadline() throws -> ActionOutcome {
        guard let next = device.apps.compactMap(\.model.nextDeadline).min() else {
            throw PlaygroundError(.conflict, "nothing is scheduled: no timer is running")
        }
        return try perform(Step(.wait(max(.zero, next - device.now)), line: 0))
    }

    /// Refuses a step when the session is full.
    private func requireRoom() throws {
        if scenario.steps.count >= limits.maxSteps {
            throw PlaygroundError(.conflict, "the session holds \(limits.maxSteps) steps, the most one session records: export it, or start a new session")
        }
        if device.timeline.entries.count >= limits.maxTimelineEntries {
            throw PlaygroundError(.conflict, "the session's timeline holds \(limits.maxTimelineEntries) entries, the most one session keeps: export it, or start a new session")
        }
    }

    /// Starts over with an opened scenario: its device and app, its steps pending.
    /// - Throws: ``PlaygroundError`` (413) when it has more than ``Limits/maxSteps`` steps.
    func open(_ opened: Scenario) throws {
        guard opened.steps.count <= limits.maxSteps else {
            throw PlaygroundError(.contentTooLarge, "\(opened.file): \(opened.steps.count) steps, more than the \(limits.maxSteps) one session holds")
        }
        scenario = Scenario(name: opened.name, file: Self.fileName, device: opened.device, app: opened.app, steps: [])
        self.opened = opened.steps
        epoch += 1
        nextOpened = 0
        expectationsHeld = 0
        lastOutcome = nil
        runner = ScenarioRunner(scenario)
    }

    /// The scenario file of the steps that applied.
    var exportText: String { ScenarioWriter.write(scenario) }

    /// Why an applied step did nothing a user would see, or `nil`: the reasons of the `ignored`
    /// and `rejected` entries it added, or, for a step of the world that nothing followed (no
    /// callback, prompt or change of the app's state), what it would have needed.
    static func note(for action: StepAction, added: [TimelineEntry], app: SimulatedApp) -> String? {
        let refusals = added.filter { $0.kind == .ignored || $0.kind == .rejected }
        if !refusals.isEmpty { return "nothing happened: " + refusals.map(\.text).joined(separator: "; ") }
        guard added.allSatisfy({ $0.kind == .world || $0.kind == .user }) else { return nil }
        let monitored = app.model.services.monitoredRegions.map(\.name)
        switch action {
        case .enterRegion(let name), .exitRegion(let name):
            if !monitored.contains(name) {
                return "nothing happened: the app monitors no region named \(name) (monitorRegion first)"
                    + (monitored.isEmpty ? "" : "; it monitors \(monitored.joined(separator: ", "))")
            }
            return "nothing happened: no callback or prompt follows for \(name) in this state (the app's status or state does not let the event through)"
        case .visit:
            return "nothing happened: the app has not started visit monitoring (startVisits), or its status does not let the visit through"
        case .moveTo:
            return "the device moved; nothing the app monitors or updates reacted"
        default:
            return nil
        }
    }

    /// How many times the device was rebuilt from the recorded steps (for tests and the view's
    /// `work`: work that would grow with the session). Nothing rebuilds it since steps that cannot
    /// apply are undone from a checkpoint; kept so that tests see it stays 0.
    private(set) var rebuilds = 0
    /// How many recorded steps were applied again by rebuilds, in all.
    private(set) var replayedSteps = 0
}

/// What one action did: the step as the file spells it, and whether it applied.
struct ActionOutcome: Sendable, Equatable {
    /// Whether the step applied, held, failed or could not apply.
    enum Result: String, Sendable, Codable {
        case applied, held, failed, invalid
    }
    /// The step (`choose: allowWhileUsing`).
    var step: String
    /// What happened.
    var result: Result
    /// Why it failed or could not apply.
    var message: String?
    /// For a step that applied but did nothing a user would see, why (``PlaygroundSession/note(for:added:app:)``).
    var note: String?

    init(step: String, _ outcome: ScenarioRunner.StepOutcome) {
        self.step = step
        switch outcome {
        case .applied: result = .applied
        case .held: result = .held
        case .failed(let f):
            result = .failed
            message = "expect failed: " + f.mismatches.map { "\($0.key): expected \($0.expected), got \($0.actual)" }.joined(separator: "; ")
        case .invalid(let e):
            result = .invalid
            message = e.message
        }
    }
}
