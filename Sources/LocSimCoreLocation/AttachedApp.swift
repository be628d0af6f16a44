import Foundation
import LocSim

/// Runs `operation` with `CLLocationManager()` attached to `app`, leaving its lifecycle alone.
///
/// Unlike ``withSimulatedApp(_:operation:)`` it does not launch an app that is not running: for
/// drivers (the test-support exploration) that wrap every call into app code, including the
/// launch itself. The attachment holds on this thread for the synchronous `operation` only: a
/// `Task {}` the app code starts does not see it (create managers and make sequences in the app's
/// synchronous code; iterate them in its tasks).
public func withAttachedApp<R>(_ app: SimulatedApp, operation: () throws -> R) rethrows -> R {
    let stack = SimulationEnvironment.AttachedStack.current
    stack.installations.append(SimulationEnvironment(app: app))
    defer { stack.installations.removeLast() }
    return try operation()
}

/// Runs the async `operation` with `CLLocationManager()` attached to `app`, leaving its lifecycle
/// alone; the tasks app code starts inside (`Task {}`, `async let`, task groups) attach to `app`
/// too, for as long as they run.
///
/// For drivers (the test-support exploration) that call into app code on every step: it binds
/// the task-local environment that tasks inherit, and does not turn LocSim's ``SerialExecution``
/// on (the driver does, for its whole run). LocSim's addition.
public func withAttachedApp<R>(_ app: SimulatedApp, isolation: isolated (any Actor)? = #isolation,
                                operation: () async throws -> R) async rethrows -> R {
    let installation = SimulationEnvironment.Installation(environment: SimulationEnvironment(app: app), owner: .here)
    return try await SimulationEnvironment.$installed.withValue(installation, operation: operation, isolation: isolation)
}
