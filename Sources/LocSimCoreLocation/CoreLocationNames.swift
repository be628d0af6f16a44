import LocSim
import LocSimModel

#if !canImport(CoreLocation)
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
/// Corresponds to `CLLocationAccuracy`.
public typealias CLLocationAccuracy = Double
/// Corresponds to `CLLocationDistance`.
public typealias CLLocationDistance = Double

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
        let environment = SimulationEnvironment.current ?? SimulationEnvironment.makeDefault()
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
}
#endif
