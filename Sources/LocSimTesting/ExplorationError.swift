import LocSimModel

/// Why an exploration of app code could not judge the app: it fails loudly rather than report no
/// findings. Core Location has no such type.
public enum ExplorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// On `platform`, no path of the exploration had the app under test create a location manager
    /// on the explored device: its managers, if any, live on another device (for example one made
    /// outside the exploration), so nothing it does was checked.
    case noManagerOnExploredDevice(platform: Platform)
    /// On `platform`, app code made these Core Location objects where no simulated app is
    /// attached (a `Task.detached`, a `Thread`, a dispatch queue of its own): they reached a device
    /// of their own, and the exploration did not see what they did.
    case appCodeEscaped(calls: [String], platform: Platform)
    /// On `platform`, app code called an object that belongs to another device: one made on an
    /// earlier path (a `static let shared` singleton's manager: every path starts a fresh device,
    /// and a singleton keeps the first), or outside the exploration.
    case objectFromAnotherDevice(call: String, platform: Platform)
    /// The child process the exploration runs in could not give a result.
    case childProcessFailed(String)
    /// A step of a path to replay is not an exploration choice.
    case unknownChoice(String)

    /// One line saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .noManagerOnExploredDevice(let platform):
            "the app under test never created a location manager (nor a CLServiceSession, CLBackgroundActivitySession, live updates or a CLMonitor) on the explored device on \(platform): create it with "
                + "CLLocationManager() in app code the exploration runs (the factory, taps, lifecycle methods, callbacks, the tasks they start), "
                + "or with LocationManager(app:) and the SimulatedApp the factory receives"
        case .appCodeEscaped(let calls, let platform):
            "on \(platform) app code made \(calls.joined(separator: ", ")) outside the simulated app (in a Task.detached, a Thread or a dispatch queue of its own), "
                + "so it reached a device of its own that the exploration does not see: make it in the app's own code or in a Task {} it starts, which LocSim attaches to the explored app"
        case .objectFromAnotherDevice(let call, let platform):
            "on \(platform) app code called \(call) on an object that belongs to another device: one made on an earlier path (a singleton in a `static` property keeps the manager of the launch that made it, "
                + "while every path starts a fresh device, and kept sessions run side by side in one process) or outside the exploration: let the adapter's factory make the object, so each launch makes its own; "
                + "or, for a singleton held in a `static var`, reset it in the factory (it runs at every launch, as each launch on iOS is a fresh process) and pass processState: .freshAtEachLaunch, which runs one app at a time "
                + "(a `static let` cannot be reset: make it a `static var`)"
        case .childProcessFailed(let why):
            why
        case .unknownChoice(let text):
            "'\(text)' is not an exploration choice (launch, foreground, background, suspend, terminate, lock, unlock, choose BUTTON, settings OPTION, precise on|off, locationServices on|off, tap(NAME), enterRegion NAME, exitRegion NAME, visit, wait DURATION)"
        }
    }
}
