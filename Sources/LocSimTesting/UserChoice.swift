import LocSim
import LocSimModel

/// A button the simulated user taps on a prompt, for the `.simulatedDevice(…, answers:)` trait
/// and `@Test(arguments: UserChoice.allCases)`.
///
/// Every button of every generation: a prompt without the button rejects the answer, and the
/// trait records that as a test issue. `UserChoice.initialChoices(on:)` lists only the buttons
/// of a platform's first prompt. Corresponds to a button of the system alert.
public typealias UserChoice = PromptButton

extension PromptButton {
    /// The buttons of the first authorization prompt on `platform` for a When In Use request
    /// (iOS 13+: Allow Once, Allow While Using App, Don't Allow; earlier and macOS, tvOS: Don't Allow, Allow).
    public static func initialChoices(on platform: Platform) -> [PromptButton] {
        let device = SimulatedDevice(platform: platform)
        let app = device.install()
        app.launch()
        let manager = LocationManager(app: app)
        manager.requestWhenInUseAuthorization()
        return withExtendedLifetime(manager) { device.promptOnScreen?.prompt.buttons ?? [] }
    }
}
