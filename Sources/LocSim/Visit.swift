import Foundation
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
    /// The wall-clock `Date` of ``arrival`` the simulator stamped when it delivered the visit to
    /// app code (as `Location.deliveredDate`), `nil` before. Not part of the visit's identity.
    public var deliveredArrivalDate: Date?

    /// Creates a visit.
    public init(coordinate: Coordinate, horizontalAccuracy: Double, arrival: Duration, deliveredArrivalDate: Date? = nil) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.arrival = arrival
        self.deliveredArrivalDate = deliveredArrivalDate
    }

    /// Whether two visits are the same (``deliveredArrivalDate`` is not compared).
    public static func == (a: Visit, b: Visit) -> Bool {
        a.coordinate == b.coordinate && a.horizontalAccuracy == b.horizontalAccuracy && a.arrival == b.arrival
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(coordinate)
        hasher.combine(horizontalAccuracy)
        hasher.combine(arrival)
    }
}
