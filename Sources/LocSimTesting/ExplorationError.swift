import LocSimModel

/// Why an exploration of app code could not judge the app: it fails loudly rather than report no
/// findings.
public enum ExplorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// On `platform`, no path of the exploration had the app under test create a location manager
    /// on the explored device: its managers, if any, live on another device (for example one made
    /// outside the exploration), so nothing it does was checked.
    case noManagerOnExploredDevice(platform: Platform)

    /// One line saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .noManagerOnExploredDevice(let platform):
            "the app under test never created a location manager (nor a CLServiceSession, CLBackgroundActivitySession, live updates or a CLMonitor) on the explored device on \(platform): create it with "
                + "CLLocationManager() in app code the exploration runs (the factory, taps, lifecycle methods, callbacks), "
                + "or with LocationManager(app:) and the SimulatedApp the factory receives"
        }
    }
}
