#if canImport(CoreLocation) && !LOCSIM
import CoreLocation
#else
import LocSimCoreLocation
#endif

/// Asks for When In Use authorization and waits for the answer: the async wrapper over the
/// delegate callback that most apps write.
@MainActor public final class LocationPermission: NSObject {
    private let manager: CLLocationManager
    private var waiting: CheckedContinuation<CLAuthorizationStatus, Never>?

    public init(manager: CLLocationManager = CLLocationManager()) {
        self.manager = manager
        super.init()
        manager.delegate = self
    }

    /// The answer: at once if the user already gave one, otherwise once they answer the prompt.
    public func requestWhenInUse() async -> CLAuthorizationStatus {
        let status = manager.authorizationStatus
        guard status == .notDetermined else { return status }
        return await withCheckedContinuation { continuation in
            // One caller at a time: a second call would overwrite (leak) this continuation, so the
            // screen does not let the user ask again while it waits.
            waiting = continuation
            manager.requestWhenInUseAuthorization()
        }
    }

    /// Whether the app's Info.plist lets it ask for Always: without the purpose string a request
    /// does nothing at all (J2), so an SDK checks before it asks.
    public static var declaresAlways: Bool {
        Bundle.app.object(forInfoDictionaryKey: "NSLocationAlwaysAndWhenInUseUsageDescription") != nil
    }

    /// The app came back to the foreground: a prompt that went away unanswered (the device was
    /// locked, the user switched apps) calls no delegate method, so answer the waiting caller
    /// `.notDetermined` rather than leave it waiting for ever.
    public func willEnterForeground() {
        guard manager.authorizationStatus == .notDetermined, let continuation = waiting else { return }
        waiting = nil
        continuation.resume(returning: .notDetermined)
    }
}

extension LocationPermission: @preconcurrency CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        answered(manager.authorizationStatus)
    }

    /// iOS 13 and earlier call only this one.
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        answered(status)
    }

    private func answered(_ status: CLAuthorizationStatus) {
        guard status != .notDetermined, let continuation = waiting else { return }
        // Cleared before it is resumed: every later change (Settings, Allow Once lapsing, the
        // Precise switch) calls the delegate again, and a second resume crashes the app.
        waiting = nil
        continuation.resume(returning: status)
    }
}
