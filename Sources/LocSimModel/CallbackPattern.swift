/// A pattern over the calls Core Location makes on a delegate: the one spelling that scenario
/// expectations (`callbacks`, `received`, `notReceived`) and app-model events share.
///
/// Spelled as in scenario files: `didChangeAuthorization(authorizedAlways)`, `didUpdateLocations(1)`,
/// `monitoringDidFail(home, regionMonitoringDenied)`, `fullAccuracyCompletion(nil)`. A bare name
/// (`didChangeAuthorization`) matches the call with any argument. Corresponds to the methods of
/// `CLLocationManagerDelegate` and the temporary-full-accuracy completion (``DelegateCall``).
public enum CallbackPattern: Hashable, Sendable, CustomStringConvertible {
    /// `didChangeAuthorization(STATUS)`; `nil` matches any status (`authorized` reads as `authorizedAlways`, A2).
    case didChangeAuthorization(AuthorizationStatus?)
    /// `didUpdateLocations(N)`: `N` fixes; `nil` matches any number.
    case didUpdateLocations(count: Int?)
    /// `didFailWithError(CODE)`; `nil` matches any code.
    case didFailWithError(LocationErrorCode?)
    /// `didEnterRegion(NAME)`; `nil` matches any region.
    case didEnterRegion(String?)
    /// `didExitRegion(NAME)`; `nil` matches any region.
    case didExitRegion(String?)
    /// `monitoringDidFail(REGION, CODE)`; `nil` matches any region and code.
    case monitoringDidFail(MonitoringFailure?)
    /// `didVisit`.
    case didVisit
    /// `fullAccuracyCompletion(nil)` or `fullAccuracyCompletion(CODE)`; `.none` matches any.
    case fullAccuracyCompletion(LocationErrorCode??)

    /// A region and the error its monitoring failed with.
    public struct MonitoringFailure: Hashable, Sendable {
        /// The region's name.
        public var region: String
        /// The error.
        public var code: LocationErrorCode
        /// A failure.
        @inlinable
        public init(region: String, code: LocationErrorCode) {
            self.region = region
            self.code = code
        }
    }

    /// The callback names, in the order the format lists them.
    public static let names = ["didChangeAuthorization", "didUpdateLocations", "didFailWithError", "didEnterRegion",
                               "didExitRegion", "didVisit", "fullAccuracyCompletion", "monitoringDidFail"]

    /// The pattern that matches exactly `call`.
    public init(exactly call: DelegateCall) {
        switch call {
        case .didChangeAuthorization(let s, _, _): self = .didChangeAuthorization(s)
        case .didUpdateLocations(let l): self = .didUpdateLocations(count: l.count)
        case .didFailWithError(let c): self = .didFailWithError(c)
        case .didEnterRegion(let n): self = .didEnterRegion(n)
        case .didExitRegion(let n): self = .didExitRegion(n)
        case .monitoringDidFail(let n, let c): self = .monitoringDidFail(MonitoringFailure(region: n, code: c))
        case .didVisit: self = .didVisit
        case .fullAccuracyCompletion(let c): self = .fullAccuracyCompletion(.some(c))
        }
    }

    /// The bare-name pattern that matches every call of the same method as `call`
    /// (`didUpdateLocations` for `didUpdateLocations(3)`).
    public init(anyArgumentOf call: DelegateCall) {
        switch call {
        case .didChangeAuthorization: self = .didChangeAuthorization(nil)
        case .didUpdateLocations: self = .didUpdateLocations(count: nil)
        case .didFailWithError: self = .didFailWithError(nil)
        case .didEnterRegion: self = .didEnterRegion(nil)
        case .didExitRegion: self = .didExitRegion(nil)
        case .monitoringDidFail: self = .monitoringDidFail(nil)
        case .didVisit: self = .didVisit
        case .fullAccuracyCompletion: self = .fullAccuracyCompletion(.none)
        }
    }

    /// Whether `call` matches the pattern.
    @inlinable
    public func matches(_ call: DelegateCall) -> Bool {
        switch (self, call) {
        case (.didChangeAuthorization(let want), .didChangeAuthorization(let s, _, _)): want == nil || want == s
        case (.didUpdateLocations(let want), .didUpdateLocations(let l)): want == nil || want == l.count
        case (.didFailWithError(let want), .didFailWithError(let c)): want == nil || want == c
        case (.didEnterRegion(let want), .didEnterRegion(let n)): want == nil || want == n
        case (.didExitRegion(let want), .didExitRegion(let n)): want == nil || want == n
        case (.monitoringDidFail(let want), .monitoringDidFail(let n, let c)): want == nil || want == MonitoringFailure(region: n, code: c)
        case (.didVisit, .didVisit): true
        case (.fullAccuracyCompletion(let want), .fullAccuracyCompletion(let c)): want.map { $0 == c } ?? true
        default: false
        }
    }

    /// The scenario-format spelling (the same as ``DelegateCall/description`` for an exact pattern).
    public var description: String {
        switch self {
        case .didChangeAuthorization(let s): s.map { "didChangeAuthorization(\($0))" } ?? "didChangeAuthorization"
        case .didUpdateLocations(let n): n.map { "didUpdateLocations(\($0))" } ?? "didUpdateLocations"
        case .didFailWithError(let c): c.map { "didFailWithError(\($0))" } ?? "didFailWithError"
        case .didEnterRegion(let n): n.map { "didEnterRegion(\($0))" } ?? "didEnterRegion"
        case .didExitRegion(let n): n.map { "didExitRegion(\($0))" } ?? "didExitRegion"
        case .monitoringDidFail(let f): f.map { "monitoringDidFail(\($0.region), \($0.code))" } ?? "monitoringDidFail"
        case .didVisit: "didVisit"
        case .fullAccuracyCompletion(let c):
            switch c {
            case .none: "fullAccuracyCompletion"
            case .some(.none): "fullAccuracyCompletion(nil)"
            case .some(.some(let code)): "fullAccuracyCompletion(\(code))"
            }
        }
    }

    /// Parses a spelling (spaces are ignored); the error says what is wrong in words.
    public static func parse(_ spelling: String) -> Result<CallbackPattern, PatternError> {
        let text = spelling.replacingOccurrences(of: " ", with: "")
        var name = text
        var arg: String?
        if let open = text.firstIndex(of: "(") {
            guard text.hasSuffix(")"), text.index(after: open) < text.index(before: text.endIndex) else {
                return .failure(PatternError("callback '\(text)': unbalanced parentheses"))
            }
            name = String(text[..<open])
            arg = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        }
        guard names.contains(name) else {
            return .failure(PatternError("unknown callback '\(text)' (expected one of: \(names.joined(separator: ", ")), with an argument in parentheses or bare)"))
        }
        func code(_ word: String) -> Result<LocationErrorCode, PatternError> {
            LocationErrorCode(name: word).map { .success($0) } ?? .failure(PatternError("callback '\(text)': unknown CLError code '\(word)'"))
        }
        guard let arg else {
            switch name {
            case "didChangeAuthorization": return .success(.didChangeAuthorization(nil))
            case "didUpdateLocations": return .success(.didUpdateLocations(count: nil))
            case "didFailWithError": return .success(.didFailWithError(nil))
            case "didEnterRegion": return .success(.didEnterRegion(nil))
            case "didExitRegion": return .success(.didExitRegion(nil))
            case "monitoringDidFail": return .success(.monitoringDidFail(nil))
            case "didVisit": return .success(.didVisit)
            default: return .success(.fullAccuracyCompletion(.none))
            }
        }
        switch name {
        case "didChangeAuthorization":
            guard let s = AuthorizationStatus(word: arg) else { return .failure(PatternError("callback '\(text)': unknown status '\(arg)'")) }
            return .success(.didChangeAuthorization(s))
        case "didUpdateLocations":
            guard let n = Int(arg), n >= 0 else { return .failure(PatternError("callback '\(text)': expected a number of locations")) }
            return .success(.didUpdateLocations(count: n))
        case "didFailWithError": return code(arg).map { .didFailWithError($0) }
        case "didEnterRegion": return .success(.didEnterRegion(arg))
        case "didExitRegion": return .success(.didExitRegion(arg))
        case "monitoringDidFail":
            let parts = arg.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let c = LocationErrorCode(name: String(parts[1])) else {
                return .failure(PatternError("callback '\(text)': expected monitoringDidFail(REGION, CODE) with CODE a CLError code"))
            }
            return .success(.monitoringDidFail(MonitoringFailure(region: String(parts[0]), code: c)))
        case "didVisit": return .failure(PatternError("callback '\(text)': didVisit takes no argument"))
        default:
            if arg == "nil" { return .success(.fullAccuracyCompletion(.some(nil))) }
            return code(arg).map { .fullAccuracyCompletion(.some($0)) }
        }
    }

    /// Why a spelling is not a callback pattern.
    public struct PatternError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, in words.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
