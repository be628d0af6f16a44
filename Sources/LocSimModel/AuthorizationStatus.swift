/// The app's authorization to use location services.
///
/// Corresponds to `CLAuthorizationStatus` (an `int`-backed enum, A1).
public enum AuthorizationStatus: Int32, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The user has not chosen yet (A4). Corresponds to `.notDetermined` (0).
    case notDetermined = 0
    /// Not authorized and the user cannot change it (A5). Corresponds to `.restricted` (1).
    case restricted = 1
    /// Denied for this app, or Location Services off (A6). Corresponds to `.denied` (2).
    case denied = 2
    /// Authorized whether or not the app is in use (A8). Corresponds to `.authorizedAlways` (3).
    case authorizedAlways = 3
    /// Authorized while the app is in use (A7). Corresponds to `.authorizedWhenInUse` (4).
    case authorizedWhenInUse = 4

    /// The macOS spelling of `authorizedAlways`: the same value, 3 (A2).
    /// Corresponds to `CLAuthorizationStatus.authorized`.
    public static let authorized = AuthorizationStatus.authorizedAlways

    /// Whether the status lets services deliver (Always or When In Use).
    public var isAuthorized: Bool { self == .authorizedAlways || self == .authorizedWhenInUse }

    /// The scenario-format word: `notDetermined`, `authorizedAlways`, …
    public var description: String {
        switch self {
        case .notDetermined: "notDetermined"
        case .restricted: "restricted"
        case .denied: "denied"
        case .authorizedAlways: "authorizedAlways"
        case .authorizedWhenInUse: "authorizedWhenInUse"
        }
    }

    /// Parses the scenario-format word (also `authorized`, the macOS alias).
    public init?(word: String) {
        if word == "authorized" { self = .authorizedAlways; return }
        guard let s = Self.allCases.first(where: { $0.description == word }) else { return nil }
        self = s
    }
}

/// The precision of the locations the app may receive.
///
/// Corresponds to `CLAccuracyAuthorization` (A11, K1).
public enum AccuracyAuthorization: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Precise locations. Corresponds to `.fullAccuracy` (0).
    case fullAccuracy = 0
    /// Approximate locations (K2). Corresponds to `.reducedAccuracy` (1).
    case reducedAccuracy = 1

    /// The scenario-format word: `full` or `reduced`.
    public var description: String { self == .fullAccuracy ? "full" : "reduced" }
}
