import LocSimModel

/// Where an app stands in its lifecycle as UIKit announces it: running, in the foreground, active.
///
/// An app is active when it is in the foreground and no system prompt covers it (C11). Comparing
/// the activity before and after an event gives the ``LifecycleNotification``s the event causes;
/// the simulator and the explorer both use it, so app code and app models see the same moments.
/// LocSim's addition.
public struct AppActivity: Hashable, Sendable {
    /// The app's process runs.
    public var running: Bool
    /// The app is in the foreground.
    public var foreground: Bool
    /// The app is in the foreground and no prompt covers it.
    public var active: Bool

    /// The activity of the app `model` describes.
    @inlinable
    public init(_ model: AuthorizationModel) {
        self.init(state: model.lifecycle.state, promptOnScreen: model.prompts.onScreen != nil)
    }

    /// The activity of an app in `state`, with or without a prompt over it: what
    /// ``init(_:)`` reads, for callers that hold the model behind a reference (passing the whole
    /// model there would copy it).
    @inlinable
    public init(state: AppState, promptOnScreen: Bool) {
        running = state != .notRunning
        foreground = state == .foreground
        active = foreground && !promptOnScreen
    }

    /// The notifications of the change to `after`, in UIKit's order: resigning active before
    /// entering the background, entering the foreground before becoming active, each scene
    /// notification before the application's. A launch in the foreground posts the scene's
    /// `willEnterForeground` but not the application's (UIKit calls
    /// `applicationWillEnterForeground` only on a return); a process that ends posts nothing.
    public func notifications(to after: AppActivity) -> [LifecycleNotification] {
        guard after.running, self != after else { return [] }
        var out: [LifecycleNotification] = []
        if active && !after.active { out += [.sceneWillResignActive, .willResignActive] }
        if foreground && !after.foreground { out += [.sceneDidEnterBackground, .didEnterBackground] }
        if !foreground && after.foreground { out += running ? [.sceneWillEnterForeground, .willEnterForeground] : [.sceneWillEnterForeground] }
        if !active && after.active { out += [.sceneDidBecomeActive, .didBecomeActive] }
        return out
    }
}
