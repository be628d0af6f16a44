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
    @inlinable public var isAuthorized: Bool {
        switch self {
        case .authorizedAlways, .authorizedWhenInUse: true
        case .notDetermined, .restricted, .denied: false
        }
    }

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

    /// Every scenario-format spelling and the status it names: each status's word, then
    /// `authorized`, the macOS alias of `authorizedAlways` (A2). The one table that `expect:`
    /// statuses and callback patterns (`didChangeAuthorization(authorized)`) both read.
    public static let spellings: [(word: String, status: AuthorizationStatus)] =
        allCases.map { ($0.description, $0) } + [("authorized", .authorized)]

    /// The words of ``spellings``, in order (for "expected one of" messages).
    public static let words: [String] = spellings.map(\.word)

    /// Parses a scenario-format word (one of ``words``).
    public init?(word: String) {
        guard let s = Self.spellings.first(where: { $0.word == word }) else { return nil }
        self = s.status
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
