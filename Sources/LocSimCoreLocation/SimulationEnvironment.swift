import LocSim
import LocSimModel

/// The simulated device and app that `CLLocationManager()` attaches to.
///
/// Set one for a block of code with ``withSimulatedApp(_:operation:)``; Swift Testing runs tests
/// in parallel, so the environment is task-local, never global. Without one, each
/// `CLLocationManager()` gets a fresh default environment of its own: an iOS 18 device with an
/// app in the foreground that declares every purpose string and no background mode.
public struct SimulationEnvironment: @unchecked Sendable {
    // @unchecked: the app is only touched from the task that installed it.
    /// The app managers attach to.
    public let app: SimulatedApp

    /// The device of the app (held strongly: apps refer to their device unowned).
    public let device: SimulatedDevice

    /// Wraps an app.
    public init(app: SimulatedApp) {
        self.app = app
        self.device = app.device
    }

    /// The environment of the current task, if one is set.
    @TaskLocal public static var current: SimulationEnvironment?

    /// A new iOS 18 device with a default app launched in the foreground.
    public static func makeDefault(platform: Platform = Platform(.iOS, 18), app description: AppDescription = AppDescription()) -> SimulationEnvironment {
        let device = SimulatedDevice(platform: platform, location: Coordinate(latitude: 37.3349, longitude: -122.009))
        let app = device.install(description)
        app.launch()
        return SimulationEnvironment(app: app)
    }
}

/// Runs `operation` with `CLLocationManager()` attached to `app` (launched in the foreground if
/// it is not running).
public func withSimulatedApp<R>(_ app: SimulatedApp, operation: () throws -> R) rethrows -> R {
    if app.state == .notRunning { app.launch() }
    return try SimulationEnvironment.$current.withValue(SimulationEnvironment(app: app), operation: operation)
}
