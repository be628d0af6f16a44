#if !canImport(CoreLocation) || LOCSIM
import Foundation
import LocSimCoreLocation

/// A deliberately broken copy of ``LocationScreenModel``, with two mistakes real apps make: it
/// asks every time the button is tapped, whatever the status (a request after a denial does
/// nothing and calls no delegate method, D5, C12), and it never notices that the prompt went away
/// unanswered (C10). Its exploration must fail with exactly those findings.
final class BrokenLocationScreenModel: NSObject, CLLocationManagerDelegate {
    private(set) var screen = "intro"
    private let manager: CLLocationManager

    init(manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        super.init()
        manager.delegate = self
    }

    func useMyLocationTapped() {
        guard screen == "intro" || screen == "blocked" else { return }
        screen = "asking"
        manager.requestWhenInUseAuthorization()          // mistake 1: also after a denial
    }

    func findRunsTapped() {
        guard screen == "ready" else { return }
        screen = "tracking"
        manager.startUpdatingLocation()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        switch manager.authorizationStatus {
        case .notDetermined: break                        // mistake 2: "asking" forever once the prompt is gone
        case .denied, .restricted: screen = "blocked"
        case .authorizedWhenInUse, .authorizedAlways: if screen != "tracking" { screen = "ready" }
        }
    }
}
#endif
