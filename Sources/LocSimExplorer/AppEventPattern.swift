import LocSimModel

/// An event an app model reacts to: a lifecycle moment, a tap, or a delegate callback.
///
/// Callback patterns use the scenario format's spellings; a bare name
/// (`didChangeAuthorization`, `didUpdateLocations`) matches any argument.
public enum AppEventPattern: Hashable, Sendable, CustomStringConvertible {
    /// The app launched (by the user or, for a location event, by the system); its manager
    /// `main` exists.
    case launch
    /// The app returned to the foreground.
    case foreground
    /// The app left the foreground.
    case background
    /// The user tapped the app's UI element `NAME`.
    case tap(String)
    /// `didChangeAuthorization(STATUS)`; `nil` matches any status.
    case didChangeAuthorization(AuthorizationStatus?)
    /// `didFailWithError(CODE)`; `nil` matches any code.
    case didFailWithError(LocationErrorCode?)
    /// `didUpdateLocations`, with any number of fixes.
    case didUpdateLocations
    /// `didEnterRegion(NAME)`; `nil` matches any region.
    case didEnterRegion(String?)
    /// `didExitRegion(NAME)`; `nil` matches any region.
    case didExitRegion(String?)
    /// `didVisit`.
    case didVisit
    /// `monitoringDidFail`, for any region.
    case monitoringDidFail
    /// `fullAccuracyCompletion(nil)` or `fullAccuracyCompletion(CODE)`; `.none` matches any.
    case fullAccuracyCompletion(LocationErrorCode??)

    /// Whether a delegate call matches this pattern.
    public func matches(_ call: DelegateCall) -> Bool {
        switch (self, call) {
        case (.didChangeAuthorization(let want), .didChangeAuthorization(let s, _, _)): return want == nil || want == s
        case (.didFailWithError(let want), .didFailWithError(let c)): return want == nil || want == c
        case (.didUpdateLocations, .didUpdateLocations): return true
        case (.didEnterRegion(let want), .didEnterRegion(let n)): return want == nil || want == n
        case (.didExitRegion(let want), .didExitRegion(let n)): return want == nil || want == n
        case (.didVisit, .didVisit): return true
        case (.monitoringDidFail, .monitoringDidFail): return true
        case (.fullAccuracyCompletion(let want), .fullAccuracyCompletion(let c)):
            guard let want else { return true }
            return want == c
        default: return false
        }
    }

    /// The spelling in app model files: `launch`, `tap(track)`, `didChangeAuthorization(denied)`.
    public var description: String {
        switch self {
        case .launch: "launch"
        case .foreground: "foreground"
        case .background: "background"
        case .tap(let n): "tap(\(n))"
        case .didChangeAuthorization(let s): s.map { "didChangeAuthorization(\($0))" } ?? "didChangeAuthorization"
        case .didFailWithError(let c): c.map { "didFailWithError(\($0))" } ?? "didFailWithError"
        case .didUpdateLocations: "didUpdateLocations"
        case .didEnterRegion(let n): n.map { "didEnterRegion(\($0))" } ?? "didEnterRegion"
        case .didExitRegion(let n): n.map { "didExitRegion(\($0))" } ?? "didExitRegion"
        case .didVisit: "didVisit"
        case .monitoringDidFail: "monitoringDidFail"
        case .fullAccuracyCompletion(let c):
            switch c {
            case .none: "fullAccuracyCompletion"
            case .some(.none): "fullAccuracyCompletion(nil)"
            case .some(.some(let code)): "fullAccuracyCompletion(\(code))"
            }
        }
    }

    /// Parses a spelling; `nil` when it is not an event of the format.
    public init?(parsing text: String) {
        let t = text.replacingOccurrences(of: " ", with: "")
        var name = t, arg: String?
        if let open = t.firstIndex(of: "(") {
            guard t.hasSuffix(")") else { return nil }
            name = String(t[..<open])
            arg = String(t[t.index(after: open)..<t.index(before: t.endIndex)])
            if arg!.isEmpty { return nil }
        }
        switch name {
        case "launch" where arg == nil: self = .launch
        case "foreground" where arg == nil: self = .foreground
        case "background" where arg == nil: self = .background
        case "tap":
            guard let arg else { return nil }
            self = .tap(arg)
        case "didChangeAuthorization":
            guard let arg else { self = .didChangeAuthorization(nil); return }
            guard let s = AuthorizationStatus(word: arg) else { return nil }
            self = .didChangeAuthorization(s)
        case "didFailWithError":
            guard let arg else { self = .didFailWithError(nil); return }
            guard let c = LocationErrorCode(name: arg) else { return nil }
            self = .didFailWithError(c)
        case "didUpdateLocations": self = .didUpdateLocations
        case "didEnterRegion": self = .didEnterRegion(arg)
        case "didExitRegion": self = .didExitRegion(arg)
        case "didVisit" where arg == nil: self = .didVisit
        case "monitoringDidFail": self = .monitoringDidFail
        case "fullAccuracyCompletion":
            guard let arg else { self = .fullAccuracyCompletion(.none); return }
            if arg == "nil" { self = .fullAccuracyCompletion(.some(nil)); return }
            guard let c = LocationErrorCode(name: arg) else { return nil }
            self = .fullAccuracyCompletion(.some(c))
        default: return nil
        }
    }
}
