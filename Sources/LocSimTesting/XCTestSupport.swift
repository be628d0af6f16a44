#if canImport(XCTest)
import LocSim
import LocSimCoreLocation
import LocSimModel
import XCTest

extension XCTestCase {
    /// Runs `body` with a fresh simulated device, an app launched in the foreground on it that
    /// `CLLocationManager()` attaches to, and a user who answers prompts with `answers` in order:
    /// the XCTest counterpart of the `.simulatedDevice` trait.
    ///
    /// Each answer the prompt on screen rejected (a button it does not have) fails the test at the
    /// call. LocSim's addition.
    public func withSimulatedDevice<R>(_ platform: Platform = .iOS(18), app: AppDescription = AppDescription(),
                                       answers: [UserChoice] = [], file: StaticString = #filePath, line: UInt = #line,
                                       _ body: (SimulatedDevice, SimulatedApp) throws -> R) rethrows -> R {
        let environment = SimulationEnvironment.makeDefault(platform: platform, app: app)
        let rejectedBefore = environment.device.rejections.count
        defer {
            for rejection in environment.device.rejections.dropFirst(rejectedBefore) {
                XCTFail("LocSim: the simulated device rejected an action during the test: \(rejection)", file: file, line: line)
            }
        }
        return try withSimulatedApp(environment.app) {
            environment.device.user.queuedAnswers.append(contentsOf: answers.map { PromptChoice($0) })
            return try body(environment.device, environment.app)
        }
    }
}
#endif
