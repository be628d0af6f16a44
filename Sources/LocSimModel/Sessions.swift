// The iOS 17/18 objects an app holds (section O of Docs/Rules.md): service sessions, background
// activity sessions, live-update streams and monitors, as plain values of the model's state.

/// The number of a session, live-update stream or background activity session of an app,
/// unique within the app (the model allocates them from one counter). LocSim's addition: Core
/// Location's objects are identified by reference.
public struct SessionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number.
    public var rawValue: Int
    /// Wraps a number.
    @inlinable public init(_ rawValue: Int) { self.rawValue = rawValue }
    /// `s1`, `s2`, …
    public var description: String { "s\(rawValue)" }
    /// Creation order. LocSim's addition.
    @inlinable public static func < (l: SessionID, r: SessionID) -> Bool { l.rawValue < r.rawValue }
}

/// What authorization a service session says the app needs (O3).
/// Corresponds to `CLServiceSession.AuthorizationRequirement`.
public enum SessionRequirement: String, Hashable, Sendable, CaseIterable {
    /// Asks for nothing; satisfies the explicit-session requirement when the app is already
    /// authorized (O4). Corresponds to `.none`.
    case none
    /// When In Use. Corresponds to `.whenInUse`.
    case whenInUse
    /// Always; unavailable on tvOS (O3). Corresponds to `.always`.
    case always

    /// The Swift spelling: `.whenInUse`.
    public var swiftName: String { ".\(rawValue)" }

    /// The position of the case in declaration order: the order the model keeps lists of
    /// requirements in (``AuthorizationModel/Sessions/heldAtExit``).
    var rank: Int {
        switch self {
        case .none: 0
        case .whenInUse: 1
        case .always: 2
        }
    }
}

/// The diagnostic flags of sessions, live updates and monitor events (O2, O12, O13, O15), as one
/// set: each object reports the subset its Core Location type has.
/// Corresponds to the Boolean properties of `CLServiceSession.Diagnostic`,
/// `CLBackgroundActivitySession.Diagnostic`, `CLLocationUpdate` and `CLMonitor.Event`.
public struct Diagnostics: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The flags as bits, in the order of ``names``. LocSim's addition.
    public var rawValue: UInt16
    /// The flags with these bits. LocSim's addition.
    @inlinable public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The app is denied; the session is suspended. Corresponds to `authorizationDenied`.
    public static let authorizationDenied = Diagnostics(rawValue: 1 << 0)
    /// Location Services is off. Corresponds to `authorizationDeniedGlobally`.
    public static let authorizationDeniedGlobally = Diagnostics(rawValue: 1 << 1)
    /// Not authorized, and parental controls or MDM prevent changes. Corresponds to `authorizationRestricted`.
    public static let authorizationRestricted = Diagnostics(rawValue: 1 << 2)
    /// A prompt for the app is showing and not yet answered. Corresponds to `authorizationRequestInProgress`.
    public static let authorizationRequestInProgress = Diagnostics(rawValue: 1 << 3)
    /// The app is not sufficiently in use. Corresponds to `insufficientlyInUse`.
    public static let insufficientlyInUse = Diagnostics(rawValue: 1 << 4)
    /// The app opted into explicit sessions and none is outstanding. Corresponds to `serviceSessionRequired`.
    public static let serviceSessionRequired = Diagnostics(rawValue: 1 << 5)
    /// The user refused full accuracy for a session that asked for it. Corresponds to `fullAccuracyDenied`.
    public static let fullAccuracyDenied = Diagnostics(rawValue: 1 << 6)
    /// The user refused Always for a `.always` session. Corresponds to `alwaysAuthorizationDenied`.
    public static let alwaysAuthorizationDenied = Diagnostics(rawValue: 1 << 7)
    /// Authorized, but the device has no fix. Corresponds to `CLLocationUpdate.locationUnavailable`.
    public static let locationUnavailable = Diagnostics(rawValue: 1 << 8)
    /// The app has reduced accuracy. Corresponds to `accuracyLimited`.
    public static let accuracyLimited = Diagnostics(rawValue: 1 << 9)
    /// The device has not moved since the last update. Corresponds to `CLLocationUpdate.stationary`
    /// (`isStationary` on iOS 17).
    public static let stationary = Diagnostics(rawValue: 1 << 10)
    /// The condition cannot be monitored (a radius of zero or less). Corresponds to `CLMonitor.Event.conditionUnsupported`.
    public static let conditionUnsupported = Diagnostics(rawValue: 1 << 11)
    /// The app monitors more conditions than Core Location allows
    /// (``DeviceParameters/monitorConditionLimit``). Corresponds to `conditionLimitExceeded`.
    public static let conditionLimitExceeded = Diagnostics(rawValue: 1 << 12)
    /// The monitor's conditions cannot be stored (``DeviceParameters/monitorPersistenceAvailable``).
    /// Corresponds to `persistenceUnavailable`.
    public static let persistenceUnavailable = Diagnostics(rawValue: 1 << 13)

    /// Every flag with its Core Location property name, in declaration order: the one table that
    /// spells them (timelines, scenario expectations, the CLI).
    public static let names: [(Diagnostics, String)] = [
        (.authorizationDenied, "authorizationDenied"), (.authorizationDeniedGlobally, "authorizationDeniedGlobally"),
        (.authorizationRestricted, "authorizationRestricted"), (.authorizationRequestInProgress, "authorizationRequestInProgress"),
        (.insufficientlyInUse, "insufficientlyInUse"), (.serviceSessionRequired, "serviceSessionRequired"),
        (.fullAccuracyDenied, "fullAccuracyDenied"), (.alwaysAuthorizationDenied, "alwaysAuthorizationDenied"),
        (.locationUnavailable, "locationUnavailable"), (.accuracyLimited, "accuracyLimited"), (.stationary, "stationary"),
        (.conditionUnsupported, "conditionUnsupported"), (.conditionLimitExceeded, "conditionLimitExceeded"),
        (.persistenceUnavailable, "persistenceUnavailable"),
    ]

    /// The flags a `CLServiceSession.Diagnostic` has (O12).
    public static let serviceSession: Diagnostics = [.authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
        .authorizationRequestInProgress, .insufficientlyInUse, .serviceSessionRequired, .fullAccuracyDenied, .alwaysAuthorizationDenied]
    /// The flags a `CLBackgroundActivitySession.Diagnostic` has (O13): the service session's
    /// without the two about what a session asked for.
    public static let backgroundActivity: Diagnostics = serviceSession.subtracting([.fullAccuracyDenied, .alwaysAuthorizationDenied])
    /// The flags a `CLLocationUpdate` has (O2).
    public static let liveUpdate: Diagnostics = [.authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
        .authorizationRequestInProgress, .insufficientlyInUse, .locationUnavailable, .accuracyLimited, .serviceSessionRequired, .stationary]
    /// The flags a `CLMonitor.Event` has (O15).
    public static let monitorEvent: Diagnostics = [.authorizationDenied, .authorizationDeniedGlobally, .authorizationRestricted,
        .insufficientlyInUse, .accuracyLimited, .conditionUnsupported, .conditionLimitExceeded, .persistenceUnavailable,
        .serviceSessionRequired, .authorizationRequestInProgress]
    /// The flags that stop delivery: everything but the informative `accuracyLimited`, `stationary`
    /// and `persistenceUnavailable` (the monitor still reports its events; it cannot store its
    /// conditions, ``DeviceParameters/monitorPersistenceAvailable``).
    public static let blocking: Diagnostics = Diagnostics(rawValue: 0xFFFF).subtracting([.accuracyLimited, .stationary, .persistenceUnavailable])

    /// The flag with this Core Location name (`insufficientlyInUse`).
    public init?(name: String) {
        guard let entry = Self.names.first(where: { $0.1 == name }) else { return nil }
        self = entry.0
    }

    /// The names of the flags set, in declaration order.
    public var flagNames: [String] { Self.names.compactMap { contains($0.0) ? $0.1 : nil } }

    /// `[insufficientlyInUse, accuracyLimited]`; `[]` for none.
    public var description: String { "[" + flagNames.joined(separator: ", ") + "]" }
}

/// The state of a monitored condition (O15). Corresponds to `CLMonitor.Event.State` (`CLMonitoringState`).
public enum MonitoringState: String, Hashable, Sendable, CaseIterable {
    /// Not yet determined. Corresponds to `.unknown`.
    case unknown
    /// The device is inside. Corresponds to `.satisfied`.
    case satisfied
    /// The device is outside. Corresponds to `.unsatisfied`.
    case unsatisfied
    /// Core Location stopped monitoring the condition (iOS 17.2+). Corresponds to `.unmonitored`.
    case unmonitored
}

/// One update of a live-updates stream (O1, O2). Corresponds to `CLLocationUpdate`.
public struct LiveUpdate: Hashable, Sendable {
    /// The fix, `nil` when the update carries only flags. Corresponds to `location`.
    public var location: Location?
    /// The flags set (iOS 18; on iOS 17 only ``Diagnostics/stationary``).
    public var diagnostics: Diagnostics

    /// Creates an update.
    public init(location: Location?, diagnostics: Diagnostics) {
        self.location = location
        self.diagnostics = diagnostics
    }
}

/// One event of a monitor (O15). Corresponds to `CLMonitor.Event`.
public struct MonitorEvent: Hashable, Sendable {
    /// The condition's identifier. Corresponds to `identifier`.
    public var identifier: String
    /// Its state. Corresponds to `state`.
    public var state: MonitoringState
    /// When the state was determined (virtual time). Corresponds to `date`.
    public var date: Duration
    /// The flags set (iOS 18).
    public var diagnostics: Diagnostics

    /// Creates an event.
    public init(identifier: String, state: MonitoringState, date: Duration, diagnostics: Diagnostics) {
        self.identifier = identifier
        self.state = state
        self.date = date
        self.diagnostics = diagnostics
    }
}

/// A value Core Location yields to one of the app's asynchronous sequences: it waits for the app's
/// run loop like a delegate call (C3). Corresponds to an element of `CLServiceSession.diagnostics`,
/// `CLBackgroundActivitySession.diagnostics`, `CLLocationUpdate.liveUpdates(_:)` or `CLMonitor.events`.
public enum SessionDelivery: Hashable, Sendable {
    /// A service session's diagnostic changed.
    case serviceSessionDiagnostic(SessionID, Diagnostics)
    /// A background activity session's diagnostic changed.
    case backgroundActivityDiagnostic(SessionID, Diagnostics)
    /// A live-updates stream yields an update.
    case liveUpdate(SessionID, LiveUpdate)
    /// A monitor yields an event.
    case monitorEvent(monitor: String, MonitorEvent)

    /// How a timeline spells it: `CLServiceSession s1 diagnostics [insufficientlyInUse]`.
    public var timelineText: String {
        switch self {
        case .serviceSessionDiagnostic(let id, let d): "CLServiceSession \(id) diagnostic \(d)"
        case .backgroundActivityDiagnostic(let id, let d): "CLBackgroundActivitySession \(id) diagnostic \(d)"
        case .liveUpdate(let id, let u):
            "liveUpdates \(id) update " + (u.location.map { "\($0.coordinate)" } ?? "location nil") + (u.diagnostics.isEmpty ? "" : " \(u.diagnostics)")
        case .monitorEvent(let monitor, let e):
            "CLMonitor \(monitor) event \(e.identifier) \(e.state.rawValue)" + (e.diagnostics.isEmpty ? "" : " \(e.diagnostics)")
        }
    }
}

/// A service session the app holds (O3–O8, O11). Corresponds to a live `CLServiceSession`.
public struct ServiceSessionState: Hashable, Sendable {
    /// Its number.
    public var id: SessionID
    /// What it asks for.
    public var requirement: SessionRequirement
    /// The `NSLocationTemporaryUsageDescriptionDictionary` key it asks full accuracy with.
    public var fullAccuracyPurposeKey: String?
    /// It asserts the app's interest: created in use, re-created in time after a launch, or the
    /// app came to the foreground since (O6). Otherwise it reports `insufficientlyInUse`.
    public var engaged: Bool
    /// It asked the user for full accuracy (``Diagnostics/fullAccuracyDenied`` once refused).
    public var fullAccuracyAsked = false
    /// The diagnostic it last reported.
    public var reported: Diagnostics?

    /// Creates a session's state.
    public init(id: SessionID, requirement: SessionRequirement, fullAccuracyPurposeKey: String?, engaged: Bool) {
        self.id = id
        self.requirement = requirement
        self.fullAccuracyPurposeKey = fullAccuracyPurposeKey
        self.engaged = engaged
    }
}

/// A background activity session the app holds (O13). Corresponds to a live `CLBackgroundActivitySession`.
public struct BackgroundActivityState: Hashable, Sendable {
    /// Its number.
    public var id: SessionID
    /// It was started in the foreground, so it keeps the app in use in the background.
    public var engaged: Bool
    /// The diagnostic it last reported.
    public var reported: Diagnostics?

    /// Creates a background activity session's state.
    public init(id: SessionID, engaged: Bool, reported: Diagnostics? = nil) {
        self.id = id
        self.engaged = engaged
        self.reported = reported
    }
}

/// A live-updates stream the app iterates (O1, O2). Corresponds to a running `CLLocationUpdate.liveUpdates(_:)` iteration.
public struct LiveUpdatesState: Hashable, Sendable {
    /// Its number.
    public var id: SessionID
    /// The flags of the last update it yielded (`nil` before the first).
    public var reported: Diagnostics?
    /// The coordinate of the last update with a location.
    public var lastCoordinate: Coordinate?

    /// Creates a stream's state.
    public init(id: SessionID, reported: Diagnostics? = nil, lastCoordinate: Coordinate? = nil) {
        self.id = id
        self.reported = reported
        self.lastCoordinate = lastCoordinate
    }
}

/// A condition of a monitor (O15). Corresponds to a `CLMonitor.CircularGeographicCondition` added with an identifier.
public struct MonitorCondition: Hashable, Sendable {
    /// The identifier and the circle (a centre-less region changes only by explicit world events).
    public var region: Region
    /// The state Core Location last determined.
    public var state: MonitoringState
    /// When it was determined.
    public var date: Duration
    /// The app has not yet received the event for ``state``.
    public var pending: Bool
    /// The flags of the last event the app received for it.
    public var reported: Diagnostics?

    /// Creates a condition's state.
    public init(region: Region, state: MonitoringState, date: Duration, pending: Bool, reported: Diagnostics? = nil) {
        self.region = region
        self.state = state
        self.date = date
        self.pending = pending
        self.reported = reported
    }
}

/// A monitor of the app, by name (O15): its conditions persist across launches; `open` while the
/// app's process holds the `CLMonitor` and iterates its events. Corresponds to `CLMonitor`.
public struct MonitorState: Hashable, Sendable {
    /// The name given to `CLMonitor(_:)`.
    public var name: String
    /// The conditions, in the order added.
    public var conditions: [MonitorCondition] = []
    /// The app's process holds the monitor and iterates its events.
    public var open = false

    /// Creates a monitor's state.
    public init(name: String, conditions: [MonitorCondition] = [], open: Bool = false) {
        self.name = name
        self.conditions = conditions
        self.open = open
    }
}

extension AuthorizationModel {
    /// The iOS 17/18 objects of the app (section O): what its process holds, and what survives it.
    public struct Sessions: Hashable, Sendable {
        /// The service sessions the process holds.
        public var service: [ServiceSessionState] = []
        /// The background activity sessions the process holds.
        public var backgroundActivity: [BackgroundActivityState] = []
        /// The live-update streams the process iterates.
        public var liveUpdates: [LiveUpdatesState] = []
        /// The app's monitors, by name; their conditions persist.
        public var monitors: [MonitorState] = []
        /// Next number for a session or stream.
        public var nextID = 1
        /// The requirements of the service sessions the process held when it ended: the next
        /// launch invalidates them and the app may re-create them in the background (O6, O11).
        /// A multiset, kept in the order of ``SessionRequirement``'s cases (`none`, `whenInUse`,
        /// `always`): which requirements and how many of each is what the rules read, not the
        /// order the sessions were made in.
        public var heldAtExit: [SessionRequirement] = []
        /// After a launch: the requirements the app may re-create in the background until the
        /// re-creation window ends (O11). In the order of ``heldAtExit``, which it is made from.
        public var awaitingRecreation: [SessionRequirement] = []
        /// The process held an active background activity session when it ended (O16): the
        /// session continues, and the next launch may resume it.
        public var activityHeldAtExit = false
        /// After a launch that follows a process holding an active background activity session
        /// (O16; P4's watchOS relaunch): the app may start its session again, in the background
        /// too, until the re-creation window ends, and have it count as started in the foreground.
        public var activityAwaitingRecreation = false

        /// Nothing held.
        public init() {}

        /// Whether the process holds an engaged background activity session (O13).
        @inlinable public var holdsBackgroundActivity: Bool { !backgroundActivity.isEmpty && backgroundActivity.contains(where: \.engaged) }

        /// Whether the app holds or iterates nothing and remembers nothing of section O.
        @inlinable public var isEmpty: Bool {
            service.isEmpty && backgroundActivity.isEmpty && liveUpdates.isEmpty && monitors.isEmpty && heldAtExit.isEmpty && awaitingRecreation.isEmpty
                && !activityAwaitingRecreation && !activityHeldAtExit
        }
    }
}
