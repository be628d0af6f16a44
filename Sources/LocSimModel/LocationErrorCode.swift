/// An error Core Location reports to the delegate.
///
/// Corresponds to `CLError.Code` in the `kCLErrorDomain` domain (N1).
public enum LocationErrorCode: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Corresponds to `CLError.Code.locationUnknown` (0).
    case locationUnknown = 0
    /// Corresponds to `CLError.Code.denied` (1), `kCLErrorDenied`.
    case denied = 1
    /// Corresponds to `CLError.Code.network` (2).
    case network = 2
    /// Corresponds to `CLError.Code.headingFailure` (3).
    case headingFailure = 3
    /// Corresponds to `CLError.Code.regionMonitoringDenied` (4).
    case regionMonitoringDenied = 4
    /// Corresponds to `CLError.Code.regionMonitoringFailure` (5).
    case regionMonitoringFailure = 5
    /// Corresponds to `CLError.Code.regionMonitoringSetupDelayed` (6).
    case regionMonitoringSetupDelayed = 6
    /// Corresponds to `CLError.Code.regionMonitoringResponseDelayed` (7).
    case regionMonitoringResponseDelayed = 7
    /// Corresponds to `CLError.Code.geocodeFoundNoResult` (8).
    case geocodeFoundNoResult = 8
    /// Corresponds to `CLError.Code.geocodeFoundPartialResult` (9).
    case geocodeFoundPartialResult = 9
    /// Corresponds to `CLError.Code.geocodeCanceled` (10).
    case geocodeCanceled = 10
    /// Corresponds to `CLError.Code.deferredFailed` (11).
    case deferredFailed = 11
    /// Corresponds to `CLError.Code.deferredNotUpdatingLocation` (12).
    case deferredNotUpdatingLocation = 12
    /// Corresponds to `CLError.Code.deferredAccuracyTooLow` (13).
    case deferredAccuracyTooLow = 13
    /// Corresponds to `CLError.Code.deferredDistanceFiltered` (14).
    case deferredDistanceFiltered = 14
    /// Corresponds to `CLError.Code.deferredCanceled` (15).
    case deferredCanceled = 15
    /// Corresponds to `CLError.Code.rangingUnavailable` (16).
    case rangingUnavailable = 16
    /// Corresponds to `CLError.Code.rangingFailure` (17).
    case rangingFailure = 17
    /// Corresponds to `CLError.Code.promptDeclined` (18).
    case promptDeclined = 18
    /// Corresponds to `CLError.Code.historicalLocationError` (19).
    case historicalLocationError = 19

    /// The error domain. Corresponds to `kCLErrorDomain`.
    public static let domain = "kCLErrorDomain"

    /// The `CLError.Code` case name (`denied`, `promptDeclined`, …).
    public var description: String { String(describing: Self.names[rawValue]) }

    private static let names = ["locationUnknown", "denied", "network", "headingFailure", "regionMonitoringDenied",
                                "regionMonitoringFailure", "regionMonitoringSetupDelayed", "regionMonitoringResponseDelayed",
                                "geocodeFoundNoResult", "geocodeFoundPartialResult", "geocodeCanceled", "deferredFailed",
                                "deferredNotUpdatingLocation", "deferredAccuracyTooLow", "deferredDistanceFiltered",
                                "deferredCanceled", "rangingUnavailable", "rangingFailure", "promptDeclined",
                                "historicalLocationError"]

    /// Parses a `CLError.Code` case name.
    public init?(name: String) {
        guard let i = Self.names.firstIndex(of: name) else { return nil }
        self.init(rawValue: i)
    }
}
