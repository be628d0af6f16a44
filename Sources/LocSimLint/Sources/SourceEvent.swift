import LocSimModel

/// A location-related call found in a Swift or Objective-C file, with where it is called from.
public struct SourceEvent: Hashable, Sendable {
    /// What the call does.
    public enum Kind: Hashable, Sendable {
        /// `requestWhenInUseAuthorization()` / `requestAlwaysAuthorization()`; also implicit
        /// requests and uses that need authorization: `CLServiceSession(authorization: .whenInUse)`
        /// and `.always` (O4, O8), `CLLocationUpdate.liveUpdates` (O1) and `CLMonitor` (O9, O15).
        ///
        /// `api` names the call as messages show it: `requestAlwaysAuthorization`,
        /// `CLServiceSession(authorization: .always)`, `CLLocationUpdate.liveUpdates`, `CLMonitor`.
        case request(AuthorizationRequestKind, api: String)
        /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` or
        /// `CLServiceSession(…, fullAccuracyPurposeKey:)`; the key when it is a literal.
        case temporaryFullAccuracy(purposeKey: String?, api: String)
        /// An assignment to `allowsBackgroundLocationUpdates` of anything but a literal `false`/`NO`;
        /// `literalTrue` when the value is `true`/`YES`.
        case backgroundUpdates(literalTrue: Bool)
        /// `allowsBackgroundLocationUpdates = false` (`NO`): turns background updates off, so it is
        /// no use of the `location` background mode.
        case backgroundUpdatesDisabled
        /// A call of one of ``SourceEvent/monitoringAPIs`` (region, visits, significant changes).
        case startMonitoring(String)
        /// A `CLServiceSession` is created, with any requirement (O3): `requirement` is
        /// `none`, `whenInUse` or `always` when written literally, else `nil`.
        case serviceSession(requirement: String?)
        /// A `CLBackgroundActivitySession` is created (O13).
        case backgroundActivitySession
        /// `APActivationPayload.confirmAcquired(in:)`: an App Clip's location confirmation (P6).
        case locationConfirmation
        /// A continuation or promise is resumed from a timer (`asyncAfter`, `Timer`, after
        /// `Task.sleep`) with an authorization status written literally (`status`, as written after
        /// the dot), an answer the user never gave; `timer` names the timer.
        case timedStatusAnswer(status: String, timer: String)
        /// `UIApplication.LaunchOptionsKey.location` (Objective-C `UIApplicationLaunchOptionsLocationKey`)
        /// is read: the app decides it was relaunched for location from the launch options (O18).
        case launchOptionsLocationKey
    }

    /// What the call does.
    public var kind: Kind
    /// Where the call is.
    public var location: SourceLocation
    /// The enclosing function's selector-style key (`application:didFinishLaunchingWithOptions:`),
    /// or `nil` at top level.
    public var enclosingFunction: String?
    /// The app-lifecycle context the call runs in.
    public var context: CallContext
    /// The callback or observer that gives the context (`sceneDidBecomeActive:`).
    public var contextName: String?
    /// Statuses of the `case`/`if` branch the call is in, when the branch only runs for them.
    public var branchStatuses: [String]
    /// How the caller waits for the answer with no way out (`withCheckedContinuation`), if it does.
    public var unboundedWait: String?
    /// When ``context`` comes from one level of indirection (the enclosing function is called from
    /// a lifecycle callback), every lifecycle context the function is called from: a function
    /// called both at launch and from a region callback has `[.launch, .background]`. Empty when
    /// the context is the enclosing function's or closure's own.
    public var callerContexts: Set<CallContext> = []
    /// The name of the innermost type declaration (or extension) the call is in, if any.
    public var enclosingType: String?
    /// When the call runs as a screen or the app object is created, the phase: `init` (an
    /// initializer or a stored property's initial value), `viewDidLoad`, `viewWillAppear:`,
    /// `viewDidAppear:`, `loadView`, or the SwiftUI modifiers `onAppear` and `task`. Swift only.
    public var screenPhase: String?
    /// The declared type of the call's receiver when it is not known to be a Core Location type
    /// in its file (`manager: LocationManaging`): the call counts only if some file makes that
    /// type one (`extension CLLocationManager: LocationManaging {}`, a subclass). `nil` for a
    /// receiver known to be a location manager, session or monitor, or unknown. Swift only.
    public var receiverType: String?
    /// The conditions of the `#if` clauses around the call, innermost last (`!APPCLIP`; an
    /// `#else` clause gives `!(cond)`). Swift only.
    public var compilationConditions: [String] = []

    /// Creates an event.
    public init(kind: Kind, location: SourceLocation, enclosingFunction: String?, context: CallContext, contextName: String?,
                branchStatuses: [String] = [], unboundedWait: String? = nil) {
        self.kind = kind
        self.location = location
        self.enclosingFunction = enclosingFunction
        self.context = context
        self.contextName = contextName
        self.branchStatuses = branchStatuses
        self.unboundedWait = unboundedWait
    }

    /// The Core Location types whose methods lint reads (a receiver of such a type makes a call
    /// with a Core Location name a location call).
    public static let locationReceiverTypes: Set<String> = ["CLLocationManager", "CLServiceSession", "CLMonitor"]

    /// Whether a receiver of declared type `type` is a Core Location object, given the types the
    /// scanned files make location types (`declared`: subclasses, protocols `CLLocationManager`
    /// conforms to): one of ``locationReceiverTypes``, one of `declared`, or a type named
    /// `…LocationManager` (the usual name of a subclass).
    public static func isLocationType(_ type: String, declared: Set<String>) -> Bool {
        locationReceiverTypes.contains(type) || declared.contains(type) || type.hasSuffix("LocationManager")
    }

    /// The `CLLocationManager` monitoring methods by Swift base name (`startMonitoring` only with
    /// its `for:` argument): a method with another name (`startMonitoringAudioLevels()`) is never a
    /// location call.
    public static let monitoringAPIs: Set<String> = [
        "startMonitoring", "startMonitoringSignificantLocationChanges", "startMonitoringVisits", "startMonitoringLocationPushes",
    ]

    /// The same methods by the first piece of their Objective-C selector (a bare `startMonitoring`
    /// message is some other class's, a reachability manager's say).
    public static let objCMonitoringSelectors: Set<String> = [
        "startMonitoringForRegion", "startMonitoringSignificantLocationChanges", "startMonitoringVisits", "startMonitoringLocationPushesWithCompletion",
    ]

    /// The `CLServiceSession.AuthorizationRequirement` cases (O3), as written after the dot.
    public static let serviceSessionRequirements = ["none", "whenInUse", "always"]

    /// `CLServiceSession(authorization: .always)`: how messages name a session with `requirement`
    /// (`CLServiceSession` when the requirement is not written literally).
    public static func serviceSessionAPI(_ requirement: String?) -> String {
        requirement.map { "CLServiceSession(authorization: .\($0))" } ?? "CLServiceSession"
    }
}
