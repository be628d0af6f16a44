import LocSim

#if !canImport(UIKit)
/// UIKit's application lifecycle notification names, for `SimulatedApp.observe(_:_:)`.
///
/// Corresponds to the `UIApplication` notification names. App code that observes them through a
/// `NotificationCenter` it is given (`.default` on iOS) can take a small protocol instead, backed
/// by `NotificationCenter` on Apple platforms and by the simulated app's `observe` under LocSim.
public enum UIApplication {
    /// Corresponds to `UIApplication.willEnterForegroundNotification`.
    public static let willEnterForegroundNotification = LifecycleNotification.willEnterForeground
    /// Corresponds to `UIApplication.didBecomeActiveNotification`.
    public static let didBecomeActiveNotification = LifecycleNotification.didBecomeActive
    /// Corresponds to `UIApplication.willResignActiveNotification`.
    public static let willResignActiveNotification = LifecycleNotification.willResignActive
    /// Corresponds to `UIApplication.didEnterBackgroundNotification`.
    public static let didEnterBackgroundNotification = LifecycleNotification.didEnterBackground
}

/// UIKit's scene lifecycle notification names, for `SimulatedApp.observe(_:_:)`.
///
/// Corresponds to the `UIScene` notification names (posted with the scene delegate's
/// `sceneWillEnterForeground(_:)` … `sceneDidEnterBackground(_:)`).
public enum UIScene {
    /// Corresponds to `UIScene.willEnterForegroundNotification`.
    public static let willEnterForegroundNotification = LifecycleNotification.sceneWillEnterForeground
    /// Corresponds to `UIScene.didActivateNotification`.
    public static let didActivateNotification = LifecycleNotification.sceneDidBecomeActive
    /// Corresponds to `UIScene.willDeactivateNotification`.
    public static let willDeactivateNotification = LifecycleNotification.sceneWillResignActive
    /// Corresponds to `UIScene.didEnterBackgroundNotification`.
    public static let didEnterBackgroundNotification = LifecycleNotification.sceneDidEnterBackground
}
#endif
