#if canImport(CoreLocation) && !LOCSIM
import CoreLocation
#else
import LocSimCoreLocation
#endif
import Observation

/// The view model of an iOS 18 SwiftUI screen written with Observation: the view's `.task {}`
/// calls ``follow()``, which holds a service session and reads live updates for as long as the
/// view is on screen (SwiftUI cancels the task when it goes away).
@available(iOS 18.0, macOS 15.0, *)
@Observable @MainActor public final class NearbyModel {
    /// What the screen shows.
    public enum Screen: String, Sendable {
        /// Not following yet.
        case idle
        /// Waiting for a location (the prompt may be up).
        case locating
        /// A location arrived.
        case located
        /// Denied, restricted or Location Services off: "Open Settings".
        case denied
    }

    /// What the screen shows now.
    public private(set) var screen = Screen.idle
    /// The last location.
    public private(set) var coordinate: CLLocationCoordinate2D?

    public nonisolated init() {}

    /// The view's `.task {}`: the session and the updates live as long as the task.
    public func follow() async {
        screen = .locating
        let session = CLServiceSession(authorization: .whenInUse)
        defer { session.invalidate() }
        do {
            for try await update in CLLocationUpdate.liveUpdates() {
                if update.authorizationDenied || update.authorizationDeniedGlobally || update.authorizationRestricted {
                    screen = .denied
                } else if let location = update.location {
                    coordinate = location.coordinate
                    screen = .located
                }
            }
        } catch {
            screen = .idle
        }
    }
}
