import LocSim

/// An app written against `CLLocationManager` (LocSim's `LocationManager`) that an exploration
/// can drive: a small adapter that names the screen, says when it waits, and maps the
/// exploration's taps to the app's buttons.
///
/// The exploration creates a fresh simulated device for every path, installs the app, and calls
/// the factory each time the app launches; the object it returns creates its managers (or
/// sessions, live updates, monitors), sets their delegates and reacts to callbacks as the real
/// app does. Core Location has no such type.
public protocol ExplorationApp: AnyObject {
    /// The app's own state (its screen), as a short stable name: part of what makes states equal.
    var screen: String { get }
    /// Whether the current screen waits for an answer (checked for hangs).
    var isWaiting: Bool { get }
    /// Whatever else of the app's own state tells two moments apart that ``screen`` does not
    /// (a request in flight, a stored continuation, a counter): part of what makes states equal.
    /// The default is empty: states with the same authorization model and screen are the same.
    var fingerprint: String { get }
    /// Whether the user can tap the UI element `name` now. The default is true: every tap, in
    /// every state, including while an earlier call it started still waits — a second tap calls
    /// the app's async entry point again (a button tapped twice, a view that appears twice).
    func canTap(_ name: String) -> Bool
    /// The user tapped the UI element `name` (one of the exploration's taps). It may be async:
    /// the exploration starts it in a task of its own and goes on while it waits (for an answer
    /// to a prompt, say), as a button's action does.
    func tap(_ name: String) async
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
    /// Empty: the screen and the authorization model tell states apart.
    public var fingerprint: String { "" }
    /// True: every tap is open in every state.
    public func canTap(_ name: String) -> Bool { true }
    /// Does nothing.
    public func willEnterForeground() {}
    /// Does nothing.
    public func didEnterBackground() {}
    /// Does nothing.
    public func didBecomeActive() {}
    /// Does nothing.
    public func willResignActive() {}
}
