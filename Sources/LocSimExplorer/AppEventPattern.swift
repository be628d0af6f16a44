import LocSim
import LocSimModel

/// An event an app model reacts to: a lifecycle moment, a tap, a delegate callback, or a value
/// Core Location yields to a session, live updates or a monitor (``SessionEventPattern``).
///
/// Callback patterns are the scenario format's (`CallbackPattern`); a bare name
/// (`didChangeAuthorization`, `didUpdateLocations`) matches any argument.
public enum AppEventPattern: Hashable, Sendable, CustomStringConvertible {
    /// The app launched (by the user or, for a location event, by the system); its manager
    /// `main` exists.
    case launch
    /// The system launched the app for a location event and its launch options carry
    /// `UIApplication.LaunchOptionsKey.location` (O18): under the app-delegate life cycle only
    /// (never with `scenes: true`). It follows `launch`. Also spelled `launchOptions(location)`.
    case launchedForLocation
    /// The app returned to the foreground (`willEnterForeground`; also spelled
    /// `willEnterForeground` and `sceneWillEnterForeground`).
    case foreground
    /// The app left the foreground (`didEnterBackground`; also spelled `didEnterBackground` and
    /// `sceneDidEnterBackground`).
    case background
    /// The app became active: it came to the foreground, or a prompt covering it went away (C11).
    /// Also spelled `sceneDidBecomeActive`.
    case didBecomeActive
    /// The app resigned active: a prompt covers it, or it is leaving the foreground (C11).
    /// Also spelled `sceneWillResignActive`.
    case willResignActive
    /// The user tapped the app's UI element `NAME`.
    case tap(String)
    /// Core Location called the delegate with a call the pattern matches.
    case callback(CallbackPattern)
    /// Core Location yielded a session's diagnostic, a live update or a monitor event the pattern
    /// matches (section O).
    case session(SessionEventPattern)

    /// Whether a value Core Location yields to one of the app's sequences matches this pattern.
    @inline(__always)
    public func matches(_ delivery: SessionDelivery) -> Bool {
        if case .session(let pattern) = self { return pattern.matches(delivery) }
        return false
    }

    /// Whether a delegate call matches this pattern.
    @inline(__always)
    public func matches(_ call: DelegateCall) -> Bool {
        if case .callback(let pattern) = self { return pattern.matches(call) }
        return false
    }

    /// The spelling in app model files: `launch`, `tap(track)`, `didChangeAuthorization(denied)`.
    public var description: String {
        switch self {
        case .launch: "launch"
        case .launchedForLocation: "launchedForLocation"
        case .foreground: "foreground"
        case .background: "background"
        case .didBecomeActive: "didBecomeActive"
        case .willResignActive: "willResignActive"
        case .tap(let n): "tap(\(n))"
        case .callback(let p): p.description
        case .session(let p): p.description
        }
    }

    /// The app-model event of a lifecycle notification: the scene's and the application's
    /// notifications of one moment map to the same event.
    public init(_ notification: LifecycleNotification) {
        switch notification {
        case .willEnterForeground, .sceneWillEnterForeground: self = .foreground
        case .didBecomeActive, .sceneDidBecomeActive: self = .didBecomeActive
        case .willResignActive, .sceneWillResignActive: self = .willResignActive
        case .didEnterBackground, .sceneDidEnterBackground: self = .background
        }
    }

    /// Parses a spelling; `nil` when it is not an event of the format.
    public init?(parsing text: String) {
        let t = text.replacingOccurrences(of: " ", with: "")
        switch t {
        case "launch": self = .launch
        case "launchedForLocation", "launchOptions(location)": self = .launchedForLocation
        case "foreground", "willEnterForeground", "sceneWillEnterForeground": self = .foreground
        case "background", "didEnterBackground", "sceneDidEnterBackground": self = .background
        case "didBecomeActive", "sceneDidBecomeActive": self = .didBecomeActive
        case "willResignActive", "sceneWillResignActive": self = .willResignActive
        default:
            if t.hasPrefix("tap("), t.hasSuffix(")"), t.count > 5 {
                self = .tap(String(t.dropFirst(4).dropLast()))
            } else if case .success(let p) = CallbackPattern.parse(t) {
                self = .callback(p)
            } else if let p = try? SessionEventPattern(parsing: t) {
                self = .session(p)
            } else {
                return nil
            }
        }
    }
}
