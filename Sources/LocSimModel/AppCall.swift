/// A call an app makes on one of its location managers: the one vocabulary of app calls that
/// scenario steps, app-model reactions, the simulated `LocationManager` and the explorer share.
///
/// Each call knows the ``Event``s it sends (``event(_:on:)``), its scenario-step word (``word``) and
/// how a timeline spells it (``timelineText(_:)``). Corresponds to the methods and properties of
/// `CLLocationManager` that an app calls or sets.
public enum AppCall: Hashable, Sendable {
    /// `requestWhenInUse`. Corresponds to `requestWhenInUseAuthorization()`.
    case requestWhenInUse
    /// `requestAlways`. Corresponds to `requestAlwaysAuthorization()`.
    case requestAlways
    /// `requestLocation`. Corresponds to `requestLocation()`.
    case requestLocation
    /// `startUpdating`. Corresponds to `startUpdatingLocation()`.
    case startUpdating
    /// `stopUpdating`. Corresponds to `stopUpdatingLocation()`.
    case stopUpdating
    /// `startSignificantChanges`. Corresponds to `startMonitoringSignificantLocationChanges()`.
    case startSignificantChanges
    /// `stopSignificantChanges`. Corresponds to `stopMonitoringSignificantLocationChanges()`.
    case stopSignificantChanges
    /// `startVisits`. Corresponds to `startMonitoringVisits()`.
    case startVisits
    /// `stopVisits`. Corresponds to `stopMonitoringVisits()`.
    case stopVisits
    /// `monitorRegion`. Corresponds to `startMonitoring(for:)`.
    case monitorRegion(Region)
    /// `stopMonitoringRegion`. Corresponds to `stopMonitoring(for:)`.
    case stopMonitoringRegion(String)
    /// `requestFullAccuracy`. Corresponds to `requestTemporaryFullAccuracyAuthorization(withPurposeKey:)`.
    case requestFullAccuracy(String)
    /// `set`: manager properties, assigned in order.
    case set([ManagerProperty])
    /// `createServiceSession`. Corresponds to `CLServiceSession(authorization:fullAccuracyPurposeKey:)` (O3).
    case createServiceSession(SessionID, SessionRequirement, fullAccuracyPurposeKey: String?)
    /// `invalidateServiceSession`. Corresponds to `CLServiceSession.invalidate()` (O11).
    case invalidateServiceSession(SessionID)
    /// `startBackgroundActivity`. Corresponds to `CLBackgroundActivitySession()` (O13).
    case startBackgroundActivity(SessionID)
    /// `invalidateBackgroundActivity`. Corresponds to `CLBackgroundActivitySession.invalidate()` (O13).
    case invalidateBackgroundActivity(SessionID)
    /// `startLiveUpdates`. Corresponds to iterating `CLLocationUpdate.liveUpdates(_:)` (O1).
    case startLiveUpdates(SessionID)
    /// `stopLiveUpdates`. Corresponds to ending the iteration.
    case stopLiveUpdates(SessionID)
    /// `openMonitor`. Corresponds to `await CLMonitor(_:)` and iterating `events` (O15).
    case openMonitor(String)
    /// `addCondition`. Corresponds to `CLMonitor.add(_:identifier:assuming:)` (O15).
    case addCondition(monitor: String, Region, assuming: MonitoringState)
    /// `removeCondition`. Corresponds to `CLMonitor.remove(_:)` (O15).
    case removeCondition(monitor: String, identifier: String)

    /// The scenario step word (`requestAlways`, `startUpdating`).
    public var word: String {
        switch self {
        case .requestWhenInUse: "requestWhenInUse"
        case .requestAlways: "requestAlways"
        case .requestLocation: "requestLocation"
        case .startUpdating: "startUpdating"
        case .stopUpdating: "stopUpdating"
        case .startSignificantChanges: "startSignificantChanges"
        case .stopSignificantChanges: "stopSignificantChanges"
        case .startVisits: "startVisits"
        case .stopVisits: "stopVisits"
        case .monitorRegion: "monitorRegion"
        case .stopMonitoringRegion: "stopMonitoringRegion"
        case .requestFullAccuracy: "requestFullAccuracy"
        case .set: "set"
        case .createServiceSession: "createServiceSession"
        case .invalidateServiceSession: "invalidateServiceSession"
        case .startBackgroundActivity: "startBackgroundActivity"
        case .invalidateBackgroundActivity: "invalidateBackgroundActivity"
        case .startLiveUpdates: "startLiveUpdates"
        case .stopLiveUpdates: "stopLiveUpdates"
        case .openMonitor: "openMonitor"
        case .addCondition: "addCondition"
        case .removeCondition: "removeCondition"
        }
    }

    /// Whether the call is made on a location manager; the section-O calls are made on their own
    /// objects (sessions, streams, monitors) and need none.
    @inlinable
    public var needsManager: Bool {
        switch self {
        case .createServiceSession, .invalidateServiceSession, .startBackgroundActivity, .invalidateBackgroundActivity,
             .startLiveUpdates, .stopLiveUpdates, .openMonitor, .addCondition, .removeCondition: false
        default: true
        }
    }

    /// How many events the call sends: one, or one per property of a `set`.
    @inlinable
    public var eventCount: Int {
        if case .set(let properties) = self { properties.count } else { 1 }
    }

    /// The `i`th event the call sends on manager `id` (`i` below ``eventCount``). Indexed, so that
    /// a driver making a call allocates nothing.
    public func event(_ i: Int, on id: ManagerID) -> Event {
        switch self {
        case .requestWhenInUse: .appRequestedWhenInUseAuthorization(id)
        case .requestAlways: .appRequestedAlwaysAuthorization(id)
        case .requestLocation: .appRequestedLocation(id)
        case .startUpdating: .appStartedUpdatingLocation(id)
        case .stopUpdating: .appStoppedUpdatingLocation(id)
        case .startSignificantChanges: .appStartedSignificantChanges(id)
        case .stopSignificantChanges: .appStoppedSignificantChanges(id)
        case .startVisits: .appStartedVisits(id)
        case .stopVisits: .appStoppedVisits(id)
        case .monitorRegion(let r): .appStartedMonitoringRegion(id, r)
        case .stopMonitoringRegion(let n): .appStoppedMonitoringRegion(id, name: n)
        case .requestFullAccuracy(let k): .appRequestedTemporaryFullAccuracy(id, purposeKey: k)
        case .set(let properties): properties[i].event(on: id)
        case .createServiceSession(let s, let r, let k): .appCreatedServiceSession(s, r, fullAccuracyPurposeKey: k)
        case .invalidateServiceSession(let s): .appInvalidatedServiceSession(s)
        case .startBackgroundActivity(let s): .appStartedBackgroundActivitySession(s)
        case .invalidateBackgroundActivity(let s): .appInvalidatedBackgroundActivitySession(s)
        case .startLiveUpdates(let s): .appStartedLiveUpdates(s)
        case .stopLiveUpdates(let s): .appStoppedLiveUpdates(s)
        case .openMonitor(let name): .appOpenedMonitor(name)
        case .addCondition(let m, let r, let a): .appAddedMonitorCondition(monitor: m, r, assuming: a)
        case .removeCondition(let m, let n): .appRemovedMonitorCondition(monitor: m, identifier: n)
        }
    }

    /// The call an app-call event belongs to (a `set` of one property for a property event);
    /// `nil` for events that are not app calls on a manager.
    public init?(_ event: Event) {
        switch event {
        case .appRequestedWhenInUseAuthorization: self = .requestWhenInUse
        case .appRequestedAlwaysAuthorization: self = .requestAlways
        case .appRequestedLocation: self = .requestLocation
        case .appStartedUpdatingLocation: self = .startUpdating
        case .appStoppedUpdatingLocation: self = .stopUpdating
        case .appStartedSignificantChanges: self = .startSignificantChanges
        case .appStoppedSignificantChanges: self = .stopSignificantChanges
        case .appStartedVisits: self = .startVisits
        case .appStoppedVisits: self = .stopVisits
        case .appStartedMonitoringRegion(_, let r): self = .monitorRegion(r)
        case .appStoppedMonitoringRegion(_, let n): self = .stopMonitoringRegion(n)
        case .appRequestedTemporaryFullAccuracy(_, let k): self = .requestFullAccuracy(k)
        case .appSetAllowsBackgroundLocationUpdates(_, let v): self = .set([.allowsBackgroundLocationUpdates(v)])
        case .appSetShowsBackgroundLocationIndicator(_, let v): self = .set([.showsBackgroundLocationIndicator(v)])
        case .appSetPausesLocationUpdatesAutomatically(_, let v): self = .set([.pausesLocationUpdatesAutomatically(v)])
        case .appSetDesiredAccuracy(_, let v): self = .set([.desiredAccuracy(v)])
        case .appCreatedServiceSession(let s, let r, let k): self = .createServiceSession(s, r, fullAccuracyPurposeKey: k)
        case .appInvalidatedServiceSession(let s): self = .invalidateServiceSession(s)
        case .appStartedBackgroundActivitySession(let s): self = .startBackgroundActivity(s)
        case .appInvalidatedBackgroundActivitySession(let s): self = .invalidateBackgroundActivity(s)
        case .appStartedLiveUpdates(let s): self = .startLiveUpdates(s)
        case .appStoppedLiveUpdates(let s): self = .stopLiveUpdates(s)
        case .appOpenedMonitor(let name): self = .openMonitor(name)
        case .appAddedMonitorCondition(let m, let r, let a): self = .addCondition(monitor: m, r, assuming: a)
        case .appRemovedMonitorCondition(let m, let n): self = .removeCondition(monitor: m, identifier: n)
        default: return nil
        }
    }

    /// Whether the call starts a location service (checked for starts out of use, I6, I9).
    public var startsService: Bool {
        switch self {
        case .startUpdating, .requestLocation, .startSignificantChanges, .startVisits, .monitorRegion: true
        default: false
        }
    }

    /// Whether the call starts standard location (which never runs out of use without a
    /// background session, I6, I9); the monitoring services also run for Always apps (A8).
    public var startsStandardLocation: Bool {
        switch self {
        case .startUpdating, .requestLocation: true
        default: false
        }
    }

    /// How a timeline spells the `i`th event of the call: `requestAlwaysAuthorization()`,
    /// `startMonitoring(for: home)`, `allowsBackgroundLocationUpdates = true`.
    public func timelineText(_ i: Int) -> String {
        switch self {
        case .requestWhenInUse: AuthorizationRequestKind.whenInUse.callName
        case .requestAlways: AuthorizationRequestKind.always.callName
        case .requestLocation: "requestLocation()"
        case .startUpdating: "startUpdatingLocation()"
        case .stopUpdating: "stopUpdatingLocation()"
        case .startSignificantChanges: "startMonitoringSignificantLocationChanges()"
        case .stopSignificantChanges: "stopMonitoringSignificantLocationChanges()"
        case .startVisits: "startMonitoringVisits()"
        case .stopVisits: "stopMonitoringVisits()"
        case .monitorRegion(let r): "startMonitoring(for: \(r.name))"
        case .stopMonitoringRegion(let n): "stopMonitoring(for: \(n))"
        case .requestFullAccuracy(let k): "requestTemporaryFullAccuracyAuthorization(withPurposeKey: \"\(k)\")"
        case .set(let properties): properties[i].timelineText
        case .createServiceSession(let s, let r, let k):
            "CLServiceSession(authorization: \(r.swiftName)" + (k.map { ", fullAccuracyPurposeKey: \"\($0)\"" } ?? "") + ") → \(s)"
        case .invalidateServiceSession(let s): "CLServiceSession \(s).invalidate()"
        case .startBackgroundActivity(let s): "CLBackgroundActivitySession() → \(s)"
        case .invalidateBackgroundActivity(let s): "CLBackgroundActivitySession \(s).invalidate()"
        case .startLiveUpdates(let s): "for await update in CLLocationUpdate.liveUpdates() → \(s)"
        case .stopLiveUpdates(let s): "liveUpdates \(s): iteration ended"
        case .openMonitor(let name): "for await event in await CLMonitor(\"\(name)\").events"
        case .addCondition(let m, let r, let a):
            "CLMonitor \(m).add(CircularGeographicCondition(" + (r.center.map { "center: \($0), " } ?? "") + "radius: \(Self.metres(r.radius))), identifier: \"\(r.name)\"" + (a == .unknown ? "" : ", assuming: .\(a.rawValue)") + ")"
        case .removeCondition(let m, let n): "CLMonitor \(m).remove(\"\(n)\")"
        }
    }
}

extension AppCall {
    /// A distance as a timeline prints it: `100`, `12.5`.
    static func metres(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? "\(Int(d))" : "\(d)" }
}

/// A location-manager property a `set:` step or an app assigns.
public enum ManagerProperty: Hashable, Sendable {
    /// Corresponds to `allowsBackgroundLocationUpdates`.
    case allowsBackgroundLocationUpdates(Bool)
    /// Corresponds to `showsBackgroundLocationIndicator`.
    case showsBackgroundLocationIndicator(Bool)
    /// Corresponds to `pausesLocationUpdatesAutomatically`.
    case pausesLocationUpdatesAutomatically(Bool)
    /// Corresponds to `desiredAccuracy`.
    case desiredAccuracy(DesiredAccuracy)

    /// The event assigning the property on manager `id`.
    public func event(on id: ManagerID) -> Event {
        switch self {
        case .allowsBackgroundLocationUpdates(let v): .appSetAllowsBackgroundLocationUpdates(id, v)
        case .showsBackgroundLocationIndicator(let v): .appSetShowsBackgroundLocationIndicator(id, v)
        case .pausesLocationUpdatesAutomatically(let v): .appSetPausesLocationUpdatesAutomatically(id, v)
        case .desiredAccuracy(let v): .appSetDesiredAccuracy(id, v)
        }
    }

    /// `allowsBackgroundLocationUpdates = true`, `desiredAccuracy = kCLLocationAccuracyBest`.
    public var timelineText: String {
        switch self {
        case .allowsBackgroundLocationUpdates(let v): "allowsBackgroundLocationUpdates = \(v)"
        case .showsBackgroundLocationIndicator(let v): "showsBackgroundLocationIndicator = \(v)"
        case .pausesLocationUpdatesAutomatically(let v): "pausesLocationUpdatesAutomatically = \(v)"
        case .desiredAccuracy(let v): "desiredAccuracy = \(v.constantName)"
        }
    }
}

extension AuthorizationRequestKind {
    /// The Core Location method: `requestWhenInUseAuthorization()`.
    public var callName: String {
        switch self {
        case .whenInUse: "requestWhenInUseAuthorization()"
        case .always: "requestAlwaysAuthorization()"
        case .temporaryFullAccuracy: "requestTemporaryFullAccuracyAuthorization(withPurposeKey:)"
        }
    }
}

extension DesiredAccuracy {
    /// The Core Location constant's name (`kCLLocationAccuracyBest`).
    public var constantName: String {
        switch self {
        case .bestForNavigation: "kCLLocationAccuracyBestForNavigation"
        case .best: "kCLLocationAccuracyBest"
        case .nearestTenMeters: "kCLLocationAccuracyNearestTenMeters"
        case .hundredMeters: "kCLLocationAccuracyHundredMeters"
        case .kilometer: "kCLLocationAccuracyKilometer"
        case .threeKilometers: "kCLLocationAccuracyThreeKilometers"
        case .reduced: "kCLLocationAccuracyReduced"
        }
    }
}
