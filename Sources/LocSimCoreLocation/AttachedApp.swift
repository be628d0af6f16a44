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
