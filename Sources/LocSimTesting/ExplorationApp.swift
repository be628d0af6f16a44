import LocSim

/// An app written against `LocationManager` that the test-support exploration can drive.
///
/// The exploration creates a fresh simulated device for every path, installs the app, and calls
/// your factory each time the app launches; the object it returns creates its managers, sets their
/// delegates and reacts to callbacks as the real app does.
public protocol ExplorationApp: AnyObject {
    /// The app's own state (its screen), as a short stable name: part of what makes states equal.
    var screen: String { get }
    /// Whether the current screen waits for an answer (checked for hangs).
    var isWaiting: Bool { get }
    /// The user tapped the UI element `name` (one of the exploration's taps).
    func tap(_ name: String)
    /// The app came back to the foreground (`applicationWillEnterForeground`).
    func willEnterForeground()
    /// The app left the foreground (`applicationDidEnterBackground`).
    func didEnterBackground()
    /// The app became active: at launch, on a return, when a prompt went away (C11)
    /// (`applicationDidBecomeActive`). Called when the run loop turns, before the callbacks the
    /// same event caused.
    func didBecomeActive()
    /// The app resigned active: a prompt covers it, or it leaves the foreground (C11)
    /// (`applicationWillResignActive`).
    func willResignActive()
}

extension ExplorationApp {
    /// Does nothing.
    public func willEnterForeground() {}
    /// Does nothing.
    public func didEnterBackground() {}
    /// Does nothing.
    public func didBecomeActive() {}
    /// Does nothing.
    public func willResignActive() {}
}
