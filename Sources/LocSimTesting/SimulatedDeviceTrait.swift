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
/// fresh device; code that creates managers must run on the test's own task (see
/// `SimulationEnvironment.current`). Core Location has no such type.
public struct SimulatedDeviceTrait: TestTrait, TestScoping {
    /// The device's OS and version.
    public var platform: Platform
    /// The app's Info.plist facts.
    public var app: AppDescription
    /// The user's answers, in order, one per prompt.
    public var answers: [PromptChoice]

    /// Describes the device, app and answers.
    public init(platform: Platform, app: AppDescription = AppDescription(), answers: [PromptChoice] = []) {
        self.platform = platform
        self.app = app
        self.answers = answers
    }

    /// Runs the test with a fresh device and app installed as the simulation environment.
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
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
    /// attaches to, and a user who answers the prompts with `answers`, in order.
    public static func simulatedDevice(_ platform: Platform = .iOS(18), app: AppDescription = AppDescription(),
                                       answers: [UserChoice] = []) -> Self {
        SimulatedDeviceTrait(platform: platform, app: app, answers: answers.map { PromptChoice($0) })
    }

    /// A simulated device as `simulatedDevice(_:app:answers:)`, with answers that set the
    /// Precise toggle too.
    public static func simulatedDevice(_ platform: Platform = .iOS(18), app: AppDescription = AppDescription(),
                                       choices: [PromptChoice]) -> Self {
        SimulatedDeviceTrait(platform: platform, app: app, answers: choices)
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
