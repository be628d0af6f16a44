/// What Core Location keeps for one location manager.
///
/// Corresponds to the state behind one `CLLocationManager` instance.
public struct ManagerState: Hashable, Sendable {
    /// Which manager.
    public var id: ManagerID
    /// Whether a delegate is set.
    public var hasDelegate: Bool
    /// The methods the delegate implements (N4, C1); meaningful while ``hasDelegate``.
    public var delegateMethods: DelegateMethods = .all
    /// The status last reported to the delegate (`nil` before the creation callback, C2).
    public var reportedStatus: AuthorizationStatus?
    /// The accuracy last reported to the delegate (C7).
    public var reportedAccuracy: AccuracyAuthorization?
    /// Standard location updates are running (`startUpdatingLocation()`).
    public var updating = false
    /// The updates ran while the app was in the foreground, and `allowsBackgroundLocationUpdates`
    /// was not turned on since it left (I6, I9): a background session can only start from there.
    public var updatingStartedInForeground = false
    /// A `requestLocation()` waits for its fix.
    public var oneShotPending = false
    /// `allowsBackgroundLocationUpdates` (I7: default false).
    public var allowsBackgroundLocationUpdates = false
    /// `showsBackgroundLocationIndicator` (I10: default false).
    public var showsBackgroundLocationIndicator = false
    /// `pausesLocationUpdatesAutomatically` (default true).
    public var pausesLocationUpdatesAutomatically = true
    /// `desiredAccuracy` (default best).
    public var desiredAccuracy = DesiredAccuracy.best
    /// This manager started significant-change monitoring.
    public var significantChanges = false
    /// This manager started visit monitoring.
    public var visits = false
    /// Whether updates could be delivered at the last settle (to send a first fix when they become so).
    public var wasDeliverable = false
    /// Fixes queued while the app was suspended (I12).
    public var queuedLocations: [Location] = []
    /// When a fix was last delivered (reduced accuracy rate limit, K2).
    public var lastDelivery: Duration?

    /// A new manager whose delegate, if any, implements `delegateMethods`.
    public init(id: ManagerID, hasDelegate: Bool, delegateMethods: DelegateMethods = .all) {
        self.id = id
        self.hasDelegate = hasDelegate
        self.delegateMethods = delegateMethods
    }
}
