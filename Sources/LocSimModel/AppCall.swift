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
        }
    }
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
