import LocSim

/// Runs `operation` with `CLLocationManager()` attached to `app`, leaving its lifecycle alone.
///
/// Unlike ``withSimulatedApp(_:operation:)`` it does not launch an app that is not running: for
/// drivers (the test-support exploration) that wrap every call into app code, including the
/// launch itself. The same ownership rule applies (see ``SimulationEnvironment/current``).
public func withAttachedApp<R>(_ app: SimulatedApp, operation: () throws -> R) rethrows -> R {
    let installation = SimulationEnvironment.Installation(environment: SimulationEnvironment(app: app), owner: .here)
    return try SimulationEnvironment.$installed.withValue(installation, operation: operation)
}
