import LocSimModel

/// A location-related call found in a Swift or Objective-C file, with where it is called from.
public struct SourceEvent: Hashable, Sendable {
    /// What the call does.
    public enum Kind: Hashable, Sendable {
        /// `requestWhenInUseAuthorization()` / `requestAlwaysAuthorization()`; also implicit
        /// requests (`CLServiceSession(authorization:)`, `CLLocationUpdate.liveUpdates`, O1, O4).
        case request(AuthorizationRequestKind, api: String)
        /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)` or
        /// `CLServiceSession(…, fullAccuracyPurposeKey:)`; the key when it is a literal.
        case temporaryFullAccuracy(purposeKey: String?, api: String)
        /// An assignment to `allowsBackgroundLocationUpdates`; `literalTrue` when the value is `true`/`YES`.
        case backgroundUpdates(literalTrue: Bool)
        /// A `startMonitoring…` call (region, visits, significant changes).
        case startMonitoring(String)
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
}
