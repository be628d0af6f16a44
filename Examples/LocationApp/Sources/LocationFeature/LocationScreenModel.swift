#if canImport(CoreLocation) && !LOCSIM
import CoreLocation
#else
import LocSimCoreLocation
#endif
import Foundation

/// The view model of a "Find runs near me" screen, as an iOS app writes it.
///
/// It asks for When In Use only when the user taps "Use my location", follows whatever status the
/// delegate reports (the user may change it in Settings at any time), treats a prompt that went
/// away unanswered as no answer, and starts updates only once authorized.
public final class LocationScreenModel: NSObject, CLLocationManagerDelegate {
    /// What the screen shows.
    public enum Screen: String, Sendable {
        /// "Use my location" button.
        case intro
        /// The system prompt is up: a spinner.
        case asking
        /// Authorized, not yet tracking: "Find runs" button.
        case ready
        /// Tracking: the list of runs near the last fix.
        case tracking
        /// Denied or restricted: "Open Settings" button.
        case blocked
    }

    /// What the screen shows now.
    public private(set) var screen: Screen = .intro
    /// The last fix delivered.
    public private(set) var lastLocation: CLLocation?
    /// Whether the user gave only an approximate location (iOS 14+ reduced accuracy).
    public var isApproximate: Bool { manager.accuracyAuthorization == .reducedAccuracy }

    private let manager: CLLocationManager

    /// Creates the model with its manager (the real app passes none).
    public init(manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        super.init()
        manager.delegate = self
        manager.desiredAccuracy = kCLLocationAccuracyHundredMeters
    }

    /// The user tapped "Use my location".
    public func useMyLocationTapped() {
        guard screen == .intro else { return }
        switch manager.authorizationStatus {
        case .notDetermined:
            screen = .asking
            manager.requestWhenInUseAuthorization()
        case .denied, .restricted:
            screen = .blocked
        default:
            screen = .ready
        }
    }

    /// The user tapped "Find runs".
    public func findRunsTapped() {
        guard screen == .ready else { return }
        screen = .tracking
        manager.startUpdatingLocation()
    }

    /// The app came back to the foreground (`sceneWillEnterForeground`): a prompt that went away
    /// unanswered (the device was locked, the user switched apps) leaves the screen waiting for
    /// nothing, so offer the button again.
    public func willEnterForeground() {
        if screen == .asking, manager.authorizationStatus == .notDetermined { screen = .intro }
    }

    /// iOS 14 and later.
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        authorizationChanged(to: manager.authorizationStatus)
    }

    /// iOS 13 and earlier call only this one: without it, the screen never hears the answer.
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        authorizationChanged(to: status)
    }

    private func authorizationChanged(to status: CLAuthorizationStatus) {
        switch status {
        case .notDetermined:
            if screen != .asking { screen = .intro }
        case .denied, .restricted:
            if screen == .tracking { manager.stopUpdatingLocation() }
            screen = .blocked
        case .authorizedWhenInUse, .authorizedAlways:
            if screen != .tracking { screen = .ready }
        }
    }

    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        lastLocation = locations.last
    }

    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        // kCLErrorLocationUnknown is transient; a denial arrives through the authorization callback.
    }
}
