/// The methods a location manager's delegate implements (N4, C1).
///
/// The Objective-C protocol's methods are optional and Core Location calls only those the
/// delegate responds to: an unimplemented method is simply not called, and `requestLocation()`
/// throws when the delegate lacks `didUpdateLocations` or `didFailWithError` (N4). Corresponds to
/// what `respondsToSelector:` answers for a `CLLocationManagerDelegate`.
public struct DelegateMethods: OptionSet, Hashable, Sendable {
    /// The bits.
    public let rawValue: UInt8
    /// The set with these bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `locationManagerDidChangeAuthorization(_:)` (iOS 14+, C1).
    public static let locationManagerDidChangeAuthorization = DelegateMethods(rawValue: 1 << 0)
    /// `locationManager(_:didChangeAuthorization:)`, deprecated since iOS 14 (C1).
    public static let didChangeAuthorizationStatus = DelegateMethods(rawValue: 1 << 1)
    /// `locationManager(_:didUpdateLocations:)`.
    public static let didUpdateLocations = DelegateMethods(rawValue: 1 << 2)
    /// `locationManager(_:didFailWithError:)`.
    public static let didFailWithError = DelegateMethods(rawValue: 1 << 3)
    /// `locationManager(_:didEnterRegion:)`.
    public static let didEnterRegion = DelegateMethods(rawValue: 1 << 4)
    /// `locationManager(_:didExitRegion:)`.
    public static let didExitRegion = DelegateMethods(rawValue: 1 << 5)
    /// `locationManager(_:monitoringDidFailFor:withError:)`.
    public static let monitoringDidFail = DelegateMethods(rawValue: 1 << 6)
    /// `locationManager(_:didVisit:)`.
    public static let didVisit = DelegateMethods(rawValue: 1 << 7)

    /// Every method: the default, a delegate that implements the whole protocol.
    public static let all = DelegateMethods(rawValue: 0xFF)

    /// Each method with its scenario-file name (the Swift method's distinctive part), in bit order.
    public static let named: [(name: String, method: DelegateMethods)] = [
        ("locationManagerDidChangeAuthorization", .locationManagerDidChangeAuthorization),
        ("didChangeAuthorizationStatus", .didChangeAuthorizationStatus),
        ("didUpdateLocations", .didUpdateLocations),
        ("didFailWithError", .didFailWithError),
        ("didEnterRegion", .didEnterRegion),
        ("didExitRegion", .didExitRegion),
        ("monitoringDidFail", .monitoringDidFail),
        ("didVisit", .didVisit),
    ]

    /// The names of the methods in the set, in bit order.
    public var names: [String] { Self.named.filter { contains($0.method) }.map(\.name) }

    /// Whether Core Location makes `call` on a delegate implementing these methods (C1: a delegate
    /// with only the deprecated authorization method hears of status changes only; the temporary
    /// full accuracy completion is not a delegate method). `newAuthorizationCallback` is whether
    /// the platform has `locationManagerDidChangeAuthorization(_:)` (iOS 14, macOS 11 and later).
    public func receives(_ call: DelegateCall, newAuthorizationCallback: Bool) -> Bool {
        switch call {
        case .didChangeAuthorization(_, _, let changed):
            (newAuthorizationCallback && contains(.locationManagerDidChangeAuthorization)) || (changed && contains(.didChangeAuthorizationStatus))
        case .didUpdateLocations: contains(.didUpdateLocations)
        case .didFailWithError: contains(.didFailWithError)
        case .didEnterRegion: contains(.didEnterRegion)
        case .didExitRegion: contains(.didExitRegion)
        case .monitoringDidFail: contains(.monitoringDidFail)
        case .didVisit: contains(.didVisit)
        case .fullAccuracyCompletion: true
        }
    }
}
