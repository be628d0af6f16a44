/// An uncaught exception Core Location raises in the app's process, terminating it (I8, N4).
///
/// Typed until printed: ``text`` is the console line iOS prints. Corresponds to the
/// `NSInternalInconsistencyException`s that `CLLocationManager` raises on misuse.
public enum AppException: Hashable, Sendable {
    /// `requestLocation()` on a manager whose delegate cannot receive the answer (N4).
    case delegateMustRespondToDidUpdateLocations
    /// `requestLocation()` on a manager whose delegate does not implement `didFailWithError` (N4).
    case delegateMustRespondToDidFailWithError
    /// `allowsBackgroundLocationUpdates = true` without the `location` background mode (I8);
    /// `iOS13Wording` is the assertion iOS 13 and later print.
    case backgroundUpdatesWithoutBackgroundMode(iOS13Wording: Bool)

    /// The exception's name.
    public var name: String { "NSInternalInconsistencyException" }

    /// The reason iOS gives.
    public var reason: String {
        switch self {
        case .delegateMustRespondToDidUpdateLocations:
            "Delegate must respond to locationManager:didUpdateLocations:"
        case .delegateMustRespondToDidFailWithError:
            "Delegate must respond to locationManager:didFailWithError:"
        case .backgroundUpdatesWithoutBackgroundMode(let iOS13):
            iOS13 ? "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient) || _CFMZEnabled()"
                : "Invalid parameter not satisfying: !stayUp || CLClientIsBackgroundable(internal->fClient)"
        }
    }

    /// The console line: `*** Terminating app due to uncaught exception '…', reason: '…'`.
    public var text: String {
        "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
    }

    /// A short stable name for finding keys and file names.
    public var word: String {
        switch self {
        case .delegateMustRespondToDidUpdateLocations: "requestLocation-without-delegate"
        case .delegateMustRespondToDidFailWithError: "requestLocation-without-didFailWithError"
        case .backgroundUpdatesWithoutBackgroundMode: "allowsBackgroundLocationUpdates"
        }
    }

    /// The rules behind it.
    public var ruleIDs: [String] {
        switch self {
        case .delegateMustRespondToDidUpdateLocations, .delegateMustRespondToDidFailWithError: ["N4"]
        case .backgroundUpdatesWithoutBackgroundMode: ["I8"]
        }
    }
}
