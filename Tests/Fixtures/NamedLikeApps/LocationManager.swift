// An app module whose location class has the name most apps give theirs. It imports what app code
// imports on Linux, `LocSimCoreLocation` alone; `AppNamedLikeAppsTests` explores it from a test
// file that imports this module and `LocSimTesting` alone, as a team's test target would.
import LocSimCoreLocation

/// The app's location class: asks for When In Use on `start()` and keeps the answer.
public final class LocationManager: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    /// The last status the delegate was told.
    public private(set) var status = CLAuthorizationStatus.notDetermined

    public override init() {
        super.init()
        manager.delegate = self
    }

    /// Asks, when nothing was decided yet.
    public func start() {
        if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
    }

    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        status = manager.authorizationStatus
    }
}
