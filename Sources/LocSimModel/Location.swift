import Foundation

/// A latitude and longitude in degrees.
///
/// Corresponds to `CLLocationCoordinate2D`.
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
    /// Degrees north. Corresponds to `CLLocationCoordinate2D.latitude`.
    public var latitude: Double
    /// Degrees east. Corresponds to `CLLocationCoordinate2D.longitude`.
    public var longitude: Double

    /// Creates a coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Great-circle distance in metres (haversine on a 6,371 km sphere).
    /// Corresponds to `CLLocation.distance(from:)`.
    public func distance(to other: Coordinate) -> Double {
        let r = 6_371_000.0
        let p1 = latitude * .pi / 180, p2 = other.latitude * .pi / 180
        let dp = (other.latitude - latitude) * .pi / 180
        let dl = (other.longitude - longitude) * .pi / 180
        let a = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * r * asin(min(1, a.squareRoot()))
    }

    /// `"37.33490,-122.00900"`.
    public var description: String { "\(formatted(latitude)),\(formatted(longitude))" }
}

/// A location fix delivered to an app.
///
/// Corresponds to `CLLocation`.
public struct Location: Hashable, Sendable {
    /// Where. Corresponds to `CLLocation.coordinate`.
    public var coordinate: Coordinate
    /// The radius of uncertainty in metres. Corresponds to `CLLocation.horizontalAccuracy`.
    public var horizontalAccuracy: Double
    /// When, as virtual time since the simulation started. Corresponds to `CLLocation.timestamp`.
    ///
    /// Disfavored: where LocSimCoreLocation is imported, `location.timestamp` without a type
    /// context is its `Date` (Core Location's type); `let t: Duration = location.timestamp` still
    /// reads this one.
    @_disfavoredOverload
    public var timestamp: Duration

    /// The wall-clock `Date` the simulator gave the fix when it handed it to app code, or `nil`
    /// for a fix that never reached app code. LocSim's addition; the model never sets it.
    ///
    /// App code judges a fix's age against `Date()`, which virtual time cannot move. So a
    /// delivered fix is stamped with the wall clock at delivery minus its virtual age: a fix made
    /// at the virtual now reads as made now (`timestamp.timeIntervalSinceNow` near zero), however
    /// long the process has run or however far virtual time was advanced. It is not part of the
    /// fix's identity: `==` and `hash(into:)` ignore it.
    public var deliveredDate: Date? {
        get { deliveredSeconds.isNaN ? nil : Date(timeIntervalSinceReferenceDate: deliveredSeconds) }
        set { deliveredSeconds = newValue?.timeIntervalSinceReferenceDate ?? .nan }
    }

    /// ``deliveredDate`` in seconds since the reference date, NaN for none: one word, where an
    /// optional `Date` would make every event and effect that carries a fix a word longer.
    private var deliveredSeconds: Double = .nan

    /// Creates a fix.
    public init(coordinate: Coordinate, horizontalAccuracy: Double = 5, timestamp: Duration = .zero) {
        self.coordinate = coordinate
        self.horizontalAccuracy = horizontalAccuracy
        self.timestamp = timestamp
    }

    /// Whether two fixes are the same fix: coordinate, accuracy and virtual time
    /// (``deliveredDate`` is not compared).
    public static func == (a: Location, b: Location) -> Bool {
        a.coordinate == b.coordinate && a.horizontalAccuracy == b.horizontalAccuracy && a.timestamp == b.timestamp
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(coordinate)
        hasher.combine(horizontalAccuracy)
        hasher.combine(timestamp)
    }

    /// The fix as an app with reduced accuracy sees it: snapped to a 0.05° grid (about 5 km) with a
    /// horizontal accuracy of 5 km (K2).
    public var reduced: Location {
        func snap(_ v: Double) -> Double { (v / 0.05).rounded() * 0.05 }
        return Location(coordinate: Coordinate(latitude: snap(coordinate.latitude), longitude: snap(coordinate.longitude)),
                        horizontalAccuracy: 5_000, timestamp: timestamp)
    }
}

/// A circular region an app monitors.
///
/// Corresponds to `CLCircularRegion`.
public struct Region: Hashable, Sendable {
    /// The identifier. Corresponds to `CLRegion.identifier`.
    public var name: String
    /// The centre, when known; a region without one only changes state by explicit world events.
    ///
    /// Disfavored: where LocSimCoreLocation is imported, `region.center` without a type context is
    /// its non-optional `CLCircularRegion.center`; `let c: Coordinate? = region.center` still reads
    /// this one.
    @_disfavoredOverload
    public var center: Coordinate?
    /// The radius in metres. Corresponds to `CLCircularRegion.radius`.
    public var radius: Double

    /// Creates a region.
    public init(name: String, center: Coordinate? = nil, radius: Double = 100) {
        self.name = name
        self.center = center
        self.radius = radius
    }

    /// Whether `point` lies inside (false when the region has no centre).
    public func contains(_ point: Coordinate) -> Bool {
        guard let center else { return false }
        return center.distance(to: point) <= radius
    }
}

/// The accuracy an app asks for.
///
/// Corresponds to `CLLocationAccuracy` and the `kCLLocationAccuracy…` constants.
public enum DesiredAccuracy: String, Hashable, Sendable, CaseIterable {
    /// `kCLLocationAccuracyBestForNavigation`.
    case bestForNavigation
    /// `kCLLocationAccuracyBest`.
    case best
    /// `kCLLocationAccuracyNearestTenMeters`.
    case nearestTenMeters
    /// `kCLLocationAccuracyHundredMeters`.
    case hundredMeters
    /// `kCLLocationAccuracyKilometer`.
    case kilometer
    /// `kCLLocationAccuracyThreeKilometers`.
    case threeKilometers
    /// `kCLLocationAccuracyReduced` (K2).
    case reduced

    /// The value of the Core Location constant, in metres.
    public var meters: Double {
        switch self {
        case .bestForNavigation: -2
        case .best: -1
        case .nearestTenMeters: 10
        case .hundredMeters: 100
        case .kilometer: 1_000
        case .threeKilometers: 3_000
        case .reduced: 3_000
        }
    }
}
