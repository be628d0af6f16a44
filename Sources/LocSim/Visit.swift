import LocSimModel

/// A place the user visited.
///
/// Corresponds to `CLVisit`.
public struct Visit: Hashable, Sendable {
    /// Where. Corresponds to `CLVisit.coordinate`.
    public var coordinate: Coordinate
    /// Radius of uncertainty in metres. Corresponds to `CLVisit.horizontalAccuracy`.
    public var horizontalAccuracy: Double
    /// When it was reported (virtual time). Corresponds to `CLVisit.arrivalDate`.
    public var arrival: Duration
}
