/// A lifecycle notification UIKit posts to an app: the application's and its scene's.
///
/// Corresponds to `UIApplication.willEnterForegroundNotification`, `didBecomeActiveNotification`,
/// `willResignActiveNotification` and `didEnterBackgroundNotification`, and to the scene
/// delegate's `sceneWillEnterForeground(_:)`, `sceneDidBecomeActive(_:)`,
/// `sceneWillResignActive(_:)` and `sceneDidEnterBackground(_:)` (`UIScene.…Notification`).
/// A simulated app posts them to its observers (``SimulatedApp/observe(_:_:)``) when the run loop
/// turns, in the order ``AppActivity/notifications(to:)`` gives (C11).
public enum LifecycleNotification: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Corresponds to `UIApplication.willEnterForegroundNotification` (not posted at launch).
    case willEnterForeground
    /// Corresponds to `UIApplication.didBecomeActiveNotification`.
    case didBecomeActive
    /// Corresponds to `UIApplication.willResignActiveNotification`.
    case willResignActive
    /// Corresponds to `UIApplication.didEnterBackgroundNotification`.
    case didEnterBackground
    /// Corresponds to `sceneWillEnterForeground(_:)` and `UIScene.willEnterForegroundNotification`
    /// (also posted at a launch in the foreground, when the scene connects).
    case sceneWillEnterForeground
    /// Corresponds to `sceneDidBecomeActive(_:)` and `UIScene.didActivateNotification`.
    case sceneDidBecomeActive
    /// Corresponds to `sceneWillResignActive(_:)` and `UIScene.willDeactivateNotification`.
    case sceneWillResignActive
    /// Corresponds to `sceneDidEnterBackground(_:)` and `UIScene.didEnterBackgroundNotification`.
    case sceneDidEnterBackground

    /// The name: `didBecomeActive`, `sceneWillEnterForeground`.
    public var description: String { rawValue }

    /// Whether it is a scene's notification rather than the application's.
    public var isScene: Bool { rawValue.hasPrefix("scene") }
}
