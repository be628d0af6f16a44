/// When a piece of app code runs, as far as location authorization cares.
///
/// Requests only act while the app is in use (D1, E10); requests tied to every foreground
/// transition prompt without user action (D6, H5).
public enum CallContext: String, Hashable, Sendable, Comparable {
    /// No lifecycle callback is known to call it.
    case unknown
    /// At launch (`application(_:didFinishLaunchingWithOptions:)`, `scene(_:willConnectTo:options:)`).
    case launch
    /// Every time the app becomes active or enters the foreground.
    case foreground
    /// While the app is in the background (background fetch, `didEnterBackground`, region events).
    case background

    /// Orders by specificity: a known context beats `unknown`.
    public static func < (lhs: CallContext, rhs: CallContext) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .unknown: return 0
        case .launch: return 1
        case .foreground: return 2
        case .background: return 3
        }
    }

    /// The context of a function with selector-style key `key` (`sceneDidBecomeActive:`), if it is a
    /// lifecycle callback.
    public static func of(function key: String) -> CallContext? {
        if foregroundFunctions.contains(key) { return .foreground }
        if backgroundFunctions.contains(key) { return .background }
        if launchFunctions.contains(key) { return .launch }
        return nil
    }

    /// The context given by a notification or scene-phase name appearing in an observer
    /// registration (`UIApplication.didBecomeActiveNotification`), if any.
    public static func of(observedName text: String) -> CallContext? {
        if text.contains("DidBecomeActive") || text.contains("didBecomeActive") || text.contains("WillEnterForeground") || text.contains("willEnterForeground") {
            return .foreground
        }
        if text.contains("DidEnterBackground") || text.contains("didEnterBackground") { return .background }
        return nil
    }

    static let launchFunctions: Set<String> = [
        "application:didFinishLaunchingWithOptions:", "application:willFinishLaunchingWithOptions:",
        "scene:willConnectTo:options:", "scene:willConnectToSession:options:", "applicationDidFinishLaunching:",
    ]
    static let foregroundFunctions: Set<String> = [
        "sceneDidBecomeActive:", "sceneWillEnterForeground:", "applicationDidBecomeActive:", "applicationWillEnterForeground:",
    ]
    static let backgroundFunctions: Set<String> = [
        "applicationDidEnterBackground:", "sceneDidEnterBackground:",
        "application:performFetchWithCompletionHandler:",
        "application:didReceiveRemoteNotification:fetchCompletionHandler:",
        "application:handleEventsForBackgroundURLSession:completionHandler:",
        "locationManager:didEnterRegion:", "locationManager:didExitRegion:", "locationManager:didVisit:",
        "locationManager:didDetermineState:forRegion:",
    ]
}
