import Foundation
import LocSim
import LocSimModel

// On every platform, Core Location's too: the names are this module's own, and a test build selects
// them with the LOCSIM condition (Docs/SwiftAPI.md, section 5). Never import both modules in one file.

// Core Location's spellings on LocSim's values. Where Core Location's type differs from the
// model's (`timestamp` is a `Date`, a circular region's `center` is not optional), the property
// here wins for code that imports this module: the model's is `@_disfavoredOverload`, so
// `let t = location.timestamp` is a `Date` as in Core Location, not an ambiguity.

extension Location {
    /// A fix at a coordinate, with no accuracy information and virtual time zero.
    /// Corresponds to `CLLocation(latitude:longitude:)`.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(coordinate: Coordinate(latitude: latitude, longitude: longitude), horizontalAccuracy: 0, timestamp: .zero)
    }

    /// The great-circle distance in metres. Corresponds to `CLLocation.distance(from:)`.
    public func distance(from other: CLLocation) -> CLLocationDistance {
        coordinate.distance(to: other.coordinate)
    }

    /// When the fix was made, as a `Date`: stamped at delivery (`deliveredDate`), else
    /// `VirtualDate`'s. Corresponds to `CLLocation.timestamp`.
    public var timestamp: Date { date }

    /// Metres above sea level; LocSim's fixes have none (0). Corresponds to `CLLocation.altitude`.
    public var altitude: CLLocationDistance { 0 }
    /// Negative: the altitude is not valid. Corresponds to `CLLocation.verticalAccuracy`.
    public var verticalAccuracy: CLLocationAccuracy { -1 }
    /// Negative: LocSim's fixes carry no speed. Corresponds to `CLLocation.speed`.
    public var speed: CLLocationSpeed { -1 }
    /// Negative: no speed. Corresponds to `CLLocation.speedAccuracy`.
    public var speedAccuracy: CLLocationSpeedAccuracy { -1 }
    /// Negative: LocSim's fixes carry no course. Corresponds to `CLLocation.course`.
    public var course: CLLocationDirection { -1 }
    /// Negative: no course. Corresponds to `CLLocation.courseAccuracy`.
    public var courseAccuracy: CLLocationDirectionAccuracy { -1 }
    /// The floor of the building the device is in: `nil`, as Core Location reports a fix made
    /// outside a mapped venue (LocSim's fixes carry no floor). Corresponds to `CLLocation.floor`.
    public var floor: CLFloor? { nil }
}

/// The floor of a building a fix was made in.
///
/// Corresponds to `CLFloor`. LocSim's fixes carry no floor, so `CLLocation.floor` is always `nil`;
/// the type exists for code that reads `location.floor?.level`.
public struct CLFloor: Hashable, Sendable, CustomStringConvertible {
    /// The floor, 0 for ground level. Corresponds to `CLFloor.level`.
    public var level: Int
    /// Creates a floor.
    public init(level: Int) { self.level = level }
    /// `"floor 2"`.
    public var description: String { "floor \(level)" }
}

extension Region {
    /// A circular region. Corresponds to `CLCircularRegion(center:radius:identifier:)`.
    public init(center: CLLocationCoordinate2D, radius: CLLocationDistance, identifier: String) {
        self.init(name: identifier, center: center, radius: radius)
    }

    /// The identifier. Corresponds to `CLRegion.identifier`.
    public var identifier: String { name }

    /// The centre (0, 0 for a region LocSim knows only by name).
    /// Corresponds to `CLCircularRegion.center`.
    public var center: CLLocationCoordinate2D { circleCenter }
}

extension Visit {
    /// When the visit began. Corresponds to `CLVisit.arrivalDate`.
    public var arrivalDate: Date { deliveredArrivalDate ?? VirtualDate.date(at: arrival) }
    /// When it ended: `Date.distantFuture`, as for a visit still going on.
    /// Corresponds to `CLVisit.departureDate`.
    public var departureDate: Date { .distantFuture }
}
