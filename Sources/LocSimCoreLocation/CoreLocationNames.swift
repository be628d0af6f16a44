import LocSim
import LocSimModel

// On every platform, Core Location's too: the names are this module's own, and a test build selects
// them with the LOCSIM condition (Docs/SwiftAPI.md, section 5). Never import both modules in one file.

/// Corresponds to `CLLocationManager`.
public typealias CLLocationManager = LocationManager
/// Corresponds to `CLLocationManagerDelegate`.
public typealias CLLocationManagerDelegate = LocationManagerDelegate
/// Corresponds to `CLAuthorizationStatus`.
public typealias CLAuthorizationStatus = AuthorizationStatus
/// Corresponds to `CLAccuracyAuthorization`.
public typealias CLAccuracyAuthorization = AccuracyAuthorization
/// Corresponds to `CLLocation`.
public typealias CLLocation = Location
/// Corresponds to `CLLocationCoordinate2D`.
public typealias CLLocationCoordinate2D = Coordinate
/// Corresponds to `CLRegion`.
public typealias CLRegion = Region
/// Corresponds to `CLCircularRegion`.
public typealias CLCircularRegion = Region
/// Corresponds to `CLVisit`.
public typealias CLVisit = Visit
/// Corresponds to `CLError`.
public typealias CLError = LocationError

extension LocationErrorCode {
    /// Whether `error` is a `CLError` with this code: `catch CLError.denied`,
    /// `case CLError.denied`, as Swift's imported error codes allow.
    ///
    /// Declared here, with the `CL…` names, so that app code which imports `LocSimCoreLocation`
    /// alone finds it, as it finds Core Location's. Corresponds to the `~=` Swift gives
    /// `CLError.Code`.
    public static func ~= (code: LocationErrorCode, error: any Error) -> Bool {
        (error as? LocationError)?.code == code
    }

    /// Whether `error` has this code: `switch error { case CLError.locationUnknown: … }` with
    /// `error` already a `CLError`. Corresponds to the `~=` Swift gives `CLError.Code`.
    public static func ~= (code: LocationErrorCode, error: LocationError) -> Bool {
        error.code == code
    }
}
/// Corresponds to `CLLocationAccuracy`.
public typealias CLLocationAccuracy = Double
/// Corresponds to `CLLocationDistance`.
public typealias CLLocationDistance = Double
/// Corresponds to `CLLocationDegrees`.
public typealias CLLocationDegrees = Double
/// Corresponds to `CLLocationSpeed` (metres per second).
public typealias CLLocationSpeed = Double
/// Corresponds to `CLLocationSpeedAccuracy`.
public typealias CLLocationSpeedAccuracy = Double
/// Corresponds to `CLLocationDirection` (degrees from north).
public typealias CLLocationDirection = Double
/// Corresponds to `CLLocationDirectionAccuracy`.
public typealias CLLocationDirectionAccuracy = Double
/// Corresponds to `CLHeading`.
public typealias CLHeading = Heading
/// Corresponds to `CLActivityType`.
public typealias CLActivityType = ActivityType
/// Corresponds to `CLRegionState`.
public typealias CLRegionState = RegionState
/// Corresponds to `CLDeviceOrientation`.
public typealias CLDeviceOrientation = DeviceOrientation

/// Corresponds to `kCLDistanceFilterNone`: report every fix.
public let kCLDistanceFilterNone: CLLocationDistance = -1
/// The largest distance: a `distanceFilter` that reports (almost) no fix.
/// Corresponds to `CLLocationDistanceMax` (`DBL_MAX`).
public let CLLocationDistanceMax: CLLocationDistance = .greatestFiniteMagnitude
/// Corresponds to `kCLHeadingFilterNone`: report every change of heading.
public let kCLHeadingFilterNone: CLLocationDegrees = -1
/// Corresponds to `kCLLocationCoordinate2DInvalid`.
public let kCLLocationCoordinate2DInvalid = CLLocationCoordinate2D(latitude: -180, longitude: -180)

/// Whether a coordinate's latitude lies in -90…90 and its longitude in -180…180.
/// Corresponds to `CLLocationCoordinate2DIsValid(_:)`.
public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// Makes a coordinate. Corresponds to `CLLocationCoordinate2DMake(_:_:)`.
public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

/// Corresponds to `kCLLocationAccuracyBestForNavigation`.
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = DesiredAccuracy.bestForNavigation.meters
/// Corresponds to `kCLLocationAccuracyBest`.
public let kCLLocationAccuracyBest: CLLocationAccuracy = DesiredAccuracy.best.meters
/// Corresponds to `kCLLocationAccuracyNearestTenMeters`.
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = DesiredAccuracy.nearestTenMeters.meters
/// Corresponds to `kCLLocationAccuracyHundredMeters`.
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = DesiredAccuracy.hundredMeters.meters
/// Corresponds to `kCLLocationAccuracyKilometer`.
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = DesiredAccuracy.kilometer.meters
/// Corresponds to `kCLLocationAccuracyThreeKilometers`.
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = DesiredAccuracy.threeKilometers.meters
/// Corresponds to `kCLLocationAccuracyReduced`.
public let kCLLocationAccuracyReduced: CLLocationAccuracy = DesiredAccuracy.reduced.meters
/// Corresponds to `kCLErrorDomain`.
public let kCLErrorDomain = LocationErrorCode.domain

extension LocationManager {
    /// Creates a manager attached to the current ``SimulationEnvironment`` (or a fresh default one).
    /// Corresponds to `CLLocationManager()`.
    public convenience init() {
        let environment = SimulationEnvironment.resolve("CLLocationManager()")
        self.init(app: environment.app)
    }

    /// Whether Location Services is on (M1). Corresponds to `CLLocationManager.locationServicesEnabled()`.
    public class func locationServicesEnabled() -> Bool {
        SimulationEnvironment.current?.device.locationServicesEnabled ?? true
    }

    /// The app's status, deprecated class spelling (B1). Corresponds to `CLLocationManager.authorizationStatus()`.
    public class func authorizationStatus() -> CLAuthorizationStatus {
        SimulationEnvironment.current?.app.authorizationStatus ?? .notDetermined
    }

    /// Whether the current environment's device offers significant-change monitoring (iOS 18
    /// without one). Corresponds to `CLLocationManager.significantLocationChangeMonitoringAvailable()`.
    public class func significantLocationChangeMonitoringAvailable() -> Bool {
        SimulationEnvironment.current.map { significantLocationChangeMonitoringAvailable(on: $0.device) } ?? true
    }

    /// Whether the current environment's device can monitor regions of this type (iOS 18 without
    /// one). Corresponds to `CLLocationManager.isMonitoringAvailable(for:)`.
    public class func isMonitoringAvailable(for regionType: CLRegion.Type) -> Bool {
        SimulationEnvironment.current.map { isMonitoringAvailable(for: regionType, on: $0.device) } ?? true
    }

    /// Whether the current environment's device reports a heading (iOS 18 without one).
    /// Corresponds to `CLLocationManager.headingAvailable()`.
    public class func headingAvailable() -> Bool {
        SimulationEnvironment.current.map { headingAvailable(on: $0.device) } ?? true
    }
}
