import Foundation
import LocSim
import LocSimModel

/// The simulated device and app that `CLLocationManager()` attaches to.
///
/// Set one for a block of code with ``withSimulatedApp(_:operation:)``; Swift Testing runs tests
/// in parallel, so the environment is task-local, never global, and passes into the tasks app
/// code starts. Without one, each `CLLocationManager()` (and each `CLServiceSession`,
/// `CLBackgroundActivitySession`, `CLLocationUpdate.liveUpdates()` and `CLMonitor`) gets a fresh
/// default environment of its own: an iOS 18 device with an app in the foreground that declares
/// every purpose string and no background mode.
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
    ///
    /// Task-local values pass into every `Task {}`, `async let` and task-group child started
    /// inside ``withSimulatedApp(_:isolation:operation:)``, the `.simulatedDevice` trait or an
    /// exploration, so the objects app code makes in its own tasks attach to the simulated app
    /// too. A simulated device is not thread-safe: those tasks reach it while LocSim's
    /// ``SerialExecution`` is on (the async `withSimulatedApp`, the trait and explorations turn
    /// it on), which runs them one at a time on the main actor's executor. From a task that is
    /// not the one that installed the environment, with the serial executor off (a `Task {}`
    /// started inside the synchronous `withSimulatedApp`), reaching it stops the program with a
    /// message that says what to do, rather than letting two threads drive one device.
    public static var current: SimulationEnvironment? {
        // A synchronous attachment on this thread (`withAttachedApp`) is reached only by this
        // thread's code while it runs: no other task can run on the thread meanwhile.
        if let attached = AttachedStack.current.installations.last { return attached }
        guard let installed else { return nil }
        guard installed.owner == Owner.here || SerialExecution.isOn else {
            preconditionFailure("""
                LocSim: a simulated device is not thread-safe: CLLocationManager() (or another Core Location object) \
                was made in a Task started inside the synchronous withSimulatedApp, where the app's tasks run in \
                parallel with the test. Use the async withSimulatedApp (await withSimulatedApp(app) { … }), the \
                .simulatedDevice trait or an exploration: they run the app's tasks on LocSim's serial executor.
                """)
        }
        return installed.environment
    }

    /// The current environment, or a fresh default one for app code that runs where no
    /// simulated app is attached (reported to ``escapeHandler``, with `call`). The caller keeps
    /// the value alive until the object it makes holds the device (apps refer to their device
    /// unowned: an app whose environment went away has no device).
    static func resolve(_ call: @autoclosure () -> String) -> SimulationEnvironment {
        if let current { return current }
        escapeHandler?(call())
        return makeDefault()
    }

    /// Called, with the Core Location call's name, when app code makes an object where no
    /// simulated app is attached (a `Task.detached`, a `Thread`, a dispatch queue of its own):
    /// an exploration's worker sets it to report that app code escaped the simulation.
    nonisolated(unsafe) public static var escapeHandler: ((String) -> Void)?

    /// The environment with the task or thread that installed it.
    struct Installation: @unchecked Sendable {
        // @unchecked: the environment is handed out only to its owner (see ``current``).
        var environment: SimulationEnvironment
        var owner: Owner
    }

    /// A task, or a thread outside any task.
    enum Owner: Hashable {
        case task(Int)
        case thread(ObjectIdentifier)

        /// The task running now, or else the current thread.
        static var here: Owner {
            withUnsafeCurrentTask { $0.map { .task($0.hashValue) } } ?? .thread(ObjectIdentifier(Thread.current))
        }
    }

    @TaskLocal static var installed: Installation?

    /// The environments `withAttachedApp` installed on this thread, innermost last. Not a task-local
    /// value: binding one around app code that starts a `Task {}` made the Swift 6.3 runtime abort
    /// ("freed pointer was not the last allocation") when the task outlived the binding.
    ///
    /// Kept in a POSIX thread-specific slot, not `Thread.current.threadDictionary`: an exploration
    /// attaches the app around every call into app code and every turn of the run loop, and the
    /// dictionary's lookup (a bridged string key, a cast) was a sixteenth of an exploration's time.
    final class AttachedStack {
        var installations: [SimulationEnvironment] = []

        static var current: AttachedStack {
            if let slot = pthread_getspecific(key) { return Unmanaged<AttachedStack>.fromOpaque(slot).takeUnretainedValue() }
            let stack = AttachedStack()
            // Retained by the slot; released by `releaseAttachedStack` when the thread exits.
            pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
            return stack
        }

        private static let key: pthread_key_t = {
            var key = pthread_key_t()
            let status = pthread_key_create(&key, releaseAttachedStack)
            precondition(status == 0, "LocSim: no thread-specific slot for attached apps (pthread_key_create: \(status))")
            return key
        }()
    }

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
///
/// Only `operation`'s own task (or thread) may create managers on `app`, unless LocSim's
/// ``SerialExecution`` is on: a `Task {}` started inside it that calls `CLLocationManager()`
/// otherwise stops the program with a message (see ``SimulationEnvironment/current``). Use the
/// async overload for app code that starts tasks.
public func withSimulatedApp<R>(_ app: SimulatedApp, operation: () throws -> R) rethrows -> R {
    if app.state == .notRunning { app.launch() }
    let installation = SimulationEnvironment.Installation(environment: SimulationEnvironment(app: app), owner: .here)
    return try SimulationEnvironment.$installed.withValue(installation, operation: operation)
}

/// Runs the async `operation` with `CLLocationManager()` attached to `app` (launched in the
/// foreground if it is not running); `operation` may await, on its own task.
///
/// The tasks app code starts inside (`Task {}`, `async let`, task groups) attach to `app` too,
/// and run on LocSim's ``SerialExecution`` for the whole call: one at a time, in order, on the
/// main actor's executor, so they reach the simulated device without a race.
public func withSimulatedApp<R>(_ app: SimulatedApp, isolation: isolated (any Actor)? = #isolation,
                                operation: () async throws -> R) async rethrows -> R {
    if app.state == .notRunning { app.launch() }
    let installation = SimulationEnvironment.Installation(environment: SimulationEnvironment(app: app), owner: .here)
    SerialExecution.retain()
    defer { SerialExecution.release() }
    return try await SimulationEnvironment.$installed.withValue(installation, operation: operation, isolation: isolation)
}

/// Releases a thread's ``SimulationEnvironment/AttachedStack`` when the thread exits.
#if canImport(Darwin)
private func releaseAttachedStack(_ slot: UnsafeMutableRawPointer) {
    Unmanaged<SimulationEnvironment.AttachedStack>.fromOpaque(slot).release()
}
#else
private func releaseAttachedStack(_ slot: UnsafeMutableRawPointer?) {
    guard let slot else { return }
    Unmanaged<SimulationEnvironment.AttachedStack>.fromOpaque(slot).release()
}
#endif
