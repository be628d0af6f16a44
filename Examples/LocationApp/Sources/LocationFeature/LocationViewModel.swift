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
/// a location only while the user wants one (a tap, not yet answered by a location, a refusal
/// or a failure): a status change that comes while the app is in the background (the user went
/// to Settings) would otherwise ask where no location comes.
@MainActor public final class LocationViewModel: NSObject, ObservableObject {
    /// The authorization status, for the view to choose between the button and "Open Settings".
    @Published public private(set) var status: CLAuthorizationStatus
    /// The last location, once there is one.
    @Published public private(set) var coordinate: CLLocationCoordinate2D?
    private let manager: CLLocationManager
    /// The user tapped "Show my location" and has neither a location nor a refusal yet.
    public private(set) var wantsLocation = false

    public init(manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        status = manager.authorizationStatus
        super.init()
        manager.delegate = self
    }

    /// "Show my location": asks if the user was never asked, otherwise asks for one location.
    public func showMyLocationTapped() {
        switch manager.authorizationStatus {
        case .notDetermined:
            wantsLocation = true
            manager.requestWhenInUseAuthorization()
        case .authorizedWhenInUse, .authorizedAlways:
            wantsLocation = true
            manager.requestLocation()
        default:
            break                                         // the view shows "Open Settings"
        }
    }

    /// The view's `.onChange(of: scenePhase)` when the phase becomes `.background`: the user left,
    /// so a status change from now on (the user in Settings) answers no tap, and asking for a
    /// location in the background would get nothing.
    public func movedToBackground() {
        wantsLocation = false
    }
}

extension LocationViewModel: @preconcurrency CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        status = manager.authorizationStatus
        if status == .denied || status == .restricted { wantsLocation = false }
        if wantsLocation, status == .authorizedWhenInUse || status == .authorizedAlways { manager.requestLocation() }
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        wantsLocation = false
        coordinate = locations.last?.coordinate
    }

    /// `requestLocation()` requires it: without it the app stops on iOS.
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        wantsLocation = false
    }
}
