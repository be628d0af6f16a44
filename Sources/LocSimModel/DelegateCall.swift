/// A call Core Location makes on a manager's delegate.
///
/// Corresponds to the methods of `CLLocationManagerDelegate` and the temporary-full-accuracy
/// completion handler.
public enum DelegateCall: Hashable, Sendable, CustomStringConvertible {
    /// `locationManagerDidChangeAuthorization(_:)` (and, before iOS 14,
    /// `locationManager(_:didChangeAuthorization:)`), with the status the delegate reads.
    /// `statusChanged` is false when only the accuracy changed (C7).
    case didChangeAuthorization(AuthorizationStatus, accuracy: AccuracyAuthorization, statusChanged: Bool)
    /// `locationManager(_:didUpdateLocations:)`.
    case didUpdateLocations([Location])
    /// `locationManager(_:didFailWithError:)`.
    case didFailWithError(LocationErrorCode)
    /// `locationManager(_:didEnterRegion:)`.
    case didEnterRegion(String)
    /// `locationManager(_:didExitRegion:)`.
    case didExitRegion(String)
    /// `locationManager(_:monitoringDidFailFor:withError:)`.
    case monitoringDidFail(String, LocationErrorCode)
    /// `locationManager(_:didVisit:)`.
    case didVisit(Location)
    /// The completion of `requestTemporaryFullAccuracyAuthorization`, with its error (`nil` on a shown prompt, K5).
    case fullAccuracyCompletion(LocationErrorCode?)

    /// The scenario-format spelling: `didChangeAuthorization(authorizedAlways)`, `didUpdateLocations(1)`, …
    public var description: String {
        switch self {
        case .didChangeAuthorization(let s, _, _): "didChangeAuthorization(\(s))"
        case .didUpdateLocations(let l): "didUpdateLocations(\(l.count))"
        case .didFailWithError(let c): "didFailWithError(\(c))"
        case .didEnterRegion(let n): "didEnterRegion(\(n))"
        case .didExitRegion(let n): "didExitRegion(\(n))"
        case .monitoringDidFail(let n, let c): "monitoringDidFail(\(n), \(c))"
        case .didVisit: "didVisit"
        case .fullAccuracyCompletion(let c): "fullAccuracyCompletion(\(c.map { "\($0)" } ?? "nil"))"
        }
    }

    /// The bare name (`didUpdateLocations`), for matching any argument.
    public var name: String {
        let d = description
        return d.firstIndex(of: "(").map { String(d[..<$0]) } ?? d
    }
}
