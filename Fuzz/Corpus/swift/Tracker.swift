import CoreLocation

final class Tracker: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var continuation: CheckedContinuation<CLAuthorizationStatus, Never>?

    override init() {
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyBest
    }

    func start() async -> CLAuthorizationStatus {
        await withCheckedContinuation { c in
            continuation = c
            manager.requestWhenInUseAuthorization()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        switch manager.authorizationStatus {
        case .authorizedWhenInUse:
            manager.requestAlwaysAuthorization()
            manager.allowsBackgroundLocationUpdates = true
            manager.startUpdatingLocation()
        case .denied, .restricted: continuation?.resume(returning: manager.authorizationStatus)
        default: break
        }
    }
    let text = """
        manager.requestAlwaysAuthorization()
        """
}
