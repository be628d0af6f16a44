#if canImport(CoreLocation) && !LOCSIM
import CoreLocation
#else
import LocSimCoreLocation
#endif
#if canImport(Combine)
import Combine
#else
import OpenCombine
#endif

/// The view model of a SwiftUI map screen, written the way most SwiftUI apps wrap Core Location:
/// an `ObservableObject` that publishes the authorization status and the last location, and is
/// its manager's delegate.
///
/// It asks only when the user taps "Show my location", never in `init`: a view model is made as
/// soon as its view is, and a prompt the user did not ask for is one they decline. It asks for
/// a location only once the user wanted one: a status change that comes while the app is in the
/// background (the user went to Settings) would otherwise ask where no location comes.
@MainActor public final class LocationViewModel: NSObject, ObservableObject {
    /// The authorization status, for the view to choose between the button and "Open Settings".
    @Published public private(set) var status: CLAuthorizationStatus
    /// The last location, once there is one.
    @Published public private(set) var coordinate: CLLocationCoordinate2D?
    private let manager: CLLocationManager
    /// The user tapped "Show my location" and has no location yet.
    private var wantsLocation = false

    public init(manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        status = manager.authorizationStatus
        super.init()
        manager.delegate = self
    }

    /// "Show my location": asks if the user was never asked, otherwise asks for one location.
    public func showMyLocationTapped() {
        wantsLocation = true
        switch manager.authorizationStatus {
        case .notDetermined: manager.requestWhenInUseAuthorization()
        case .authorizedWhenInUse, .authorizedAlways: manager.requestLocation()
        default: break                                    // the view shows "Open Settings"
        }
    }
}

extension LocationViewModel: @preconcurrency CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        status = manager.authorizationStatus
        if wantsLocation, status == .authorizedWhenInUse || status == .authorizedAlways { manager.requestLocation() }
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        wantsLocation = false
        coordinate = locations.last?.coordinate
    }

    /// `requestLocation()` requires it: without it the app stops on iOS.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
}
