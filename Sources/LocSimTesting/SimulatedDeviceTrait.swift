import LocSim
import LocSimCoreLocation
import LocSimModel
import Testing

/// A Swift Testing trait that runs a test with a simulated device, an app launched in the
/// foreground on it, and `CLLocationManager()` attached to that app.
///
/// Write `@Test(.simulatedDevice(.iOS(18), answers: [.allowWhileUsing]))`; in the test body,
/// ``LocSim/SimulatedDevice/current`` and ``LocSim/SimulatedApp/current`` are the device and app.
/// The answers are queued on the device's scripted user, one per prompt, given as soon as each
/// prompt is on screen. After the test, each answer the prompt on screen rejected (a button it does
/// not have) is recorded as an issue. Each test (and each argument of a parameterized test) gets a
/// fresh device; the managers, sessions and live updates the app's own tasks make attach to it.
///
/// Under Swift Testing on Linux the test's body runs in a child process (the test binary, run
/// again with only this test case): a trap in app code — a continuation resumed twice, an unowned
/// reference, a `fatalError` — fails this test with the trap's message, and the rest of the run
/// goes on. The child's issues are recorded in the test, at their source locations, and what it
/// prints is printed. `isolation: .inProcess` runs the body in the test's own process (where a
/// debugger sees it). Core Location has no such type.
public struct SimulatedDeviceTrait: TestTrait, TestScoping {
    /// The device's OS and version.
    public var platform: Platform
    /// The app's Info.plist facts.
    public var app: AppDescription
    /// The user's answers, in order, one per prompt.
    public var answers: [PromptChoice]
    /// Where the test's body runs: a child process (the default), or the test's own process.
    public var isolation: ExplorationIsolation

    /// Describes the device, app and answers.
    public init(platform: Platform, app: AppDescription = AppDescription(), answers: [PromptChoice] = [],
                isolation: ExplorationIsolation = .childProcess) {
        self.platform = platform
        self.app = app
        self.answers = answers
        self.isolation = isolation
    }

    /// Runs the test with a fresh device and app installed as the simulation environment, in a
    /// child process unless ``isolation`` says otherwise (or the platform cannot start one).
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        if isolation == .childProcess, ExplorationWorker.canSpawn, ExplorationWorker.target == nil {
            let site = FlowChild.site(test, testCase)
            if let target = FlowChild.target {
                // In a child: only the case it was started for (another case has a child of its own).
                guard target == site else { return }
                FlowChild.markRan()
            } else {
                await FlowChild.run(site, at: test.sourceLocation)
                return
            }
        }
        let environment = SimulationEnvironment.makeDefault(platform: platform, app: app)
        let rejectedBefore = environment.device.rejections.count
        try await withSimulatedApp(environment.app) {
            environment.device.user.queuedAnswers.append(contentsOf: answers)
            try await function()
        }
        for rejection in environment.device.rejections.dropFirst(rejectedBefore) {
            Issue.record("LocSim: the simulated device rejected an action during the test: \(rejection)")
        }
    }
}

extension Trait where Self == SimulatedDeviceTrait {
    /// A simulated device running `platform`, with an app launched on it that `CLLocationManager()`
    /// attaches to, and a user who answers the prompts with `answers`, in order; the body runs in
    /// a child process unless `isolation` is `.inProcess`.
    public static func simulatedDevice(_ platform: Platform = .iOS(18), app: AppDescription = AppDescription(),
                                       answers: [UserChoice] = [], isolation: ExplorationIsolation = .childProcess) -> Self {
        SimulatedDeviceTrait(platform: platform, app: app, answers: answers.map { PromptChoice($0) }, isolation: isolation)
    }

    /// A simulated device as `simulatedDevice(_:app:answers:)`, with answers that set the
    /// Precise toggle too.
    public static func simulatedDevice(_ platform: Platform = .iOS(18), app: AppDescription = AppDescription(),
                                       choices: [PromptChoice], isolation: ExplorationIsolation = .childProcess) -> Self {
        SimulatedDeviceTrait(platform: platform, app: app, answers: choices, isolation: isolation)
    }
}

extension SimulatedDevice {
    /// The device of the simulation environment of the running task (set by the
    /// `.simulatedDevice` trait or `withSimulatedApp`), if any. LocSim's addition.
    public static var current: SimulatedDevice? { SimulationEnvironment.current?.device }
}

extension SimulatedApp {
    /// The app of the simulation environment of the running task (set by the `.simulatedDevice`
    /// trait or `withSimulatedApp`), if any. LocSim's addition.
    public static var current: SimulatedApp? { SimulationEnvironment.current?.app }
}
