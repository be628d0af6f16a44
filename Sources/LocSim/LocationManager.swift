import LocSimModel

/// The object an app uses to reach location services, on a simulated device.
///
/// Corresponds to `CLLocationManager`: the same names, the same rules. Calls return at once;
/// delegate methods arrive when the device's run loop turns (``SimulatedDevice/run()``), as
/// Core Location delivers them on the run loop of the thread that created the manager (C3).
open class LocationManager {
    /// The app that owns the manager.
    public let app: SimulatedApp
    /// Keeps the device alive as long as a manager of one of its apps is (apps refer to it unowned).
    private let device: SimulatedDevice
    /// The manager's identity in the model.
    public let id: ManagerID
    /// A name for timelines (`main`, `second`). LocSim's addition.
    public let name: String

    /// The delegate. Corresponds to `CLLocationManager.delegate`.
    public weak var delegate: (any LocationManagerDelegate)? {
        didSet {
            send(.appSetDelegate(id, present: delegate != nil, implements: delegate?.implementedMethods ?? .all),
                 "delegate = \(delegate == nil ? "nil" : "set")", log: false)
        }
    }

    /// Whether the authorization callback being delivered changed the status (false when only
    /// accuracy changed, C7). Read by the default `locationManagerDidChangeAuthorization(_:)`.
    public private(set) var lastCallbackChangedStatus = false

    /// The most recent fix delivered. Corresponds to `CLLocationManager.location`.
    public private(set) var location: Location?

    private var pendingCompletions: [((any Error)?) -> Void] = []
    private var authorizationContinuations: [AsyncStream<AuthorizationStatus>.Continuation] = []

    /// Creates a manager for `app`. Its creation callback (C2) arrives when the run loop turns.
    /// Corresponds to `CLLocationManager()`.
    public init(app: SimulatedApp, name: String? = nil) {
        self.app = app
        self.device = app.device
        self.id = ManagerID(app.nextManager)
        app.nextManager += 1
        let taken = Set(app.managers.map(\.name))
        self.name = name ?? (taken.contains("main") ? "manager\(id.rawValue)" : "main")
        app.managerObjects[id] = WeakManager(self)
        app.managerNames[id] = self.name
        send(.appCreatedManager(id, hasDelegate: false), "CLLocationManager()")
    }

    deinit {
        for c in authorizationContinuations { c.finish() }
    }

    // MARK: Authorization

    /// The app's authorization status (B1, B2). Corresponds to `CLLocationManager.authorizationStatus`.
    public var authorizationStatus: AuthorizationStatus { app.model.status }

    /// The app's status, the deprecated class spelling (B1). Corresponds to `+[CLLocationManager authorizationStatus]`.
    public class func authorizationStatus(of app: SimulatedApp) -> AuthorizationStatus { app.model.status }

    /// The accuracy authorization (A11, B3, K1). Corresponds to `CLLocationManager.accuracyAuthorization`.
    public var accuracyAuthorization: AccuracyAuthorization { app.model.accuracy }

    /// Whether the app's widgets may get location updates (B5): always with Always, with When In
    /// Use when the user extended it to widgets (F10). Corresponds to `CLLocationManager.isAuthorizedForWidgetUpdates`.
    public var isAuthorizedForWidgetUpdates: Bool { app.model.isAuthorizedForWidgetUpdates }

    /// Whether Location Services is on for the device (M1). Corresponds to `CLLocationManager.locationServicesEnabled()`.
    public class func locationServicesEnabled(on device: SimulatedDevice) -> Bool { device.locationServicesEnabled }

    /// Whether Location Services is on, asked by `app`'s code (M1, B4). LocSim runs app code on the
    /// app's main thread, so `onMainThread` defaults to true, and the call then logs Xcode's
    /// main-thread warning on iOS 16+ and macOS 13+; pass false for a call made from a background
    /// queue, as permission libraries do. Corresponds to `CLLocationManager.locationServicesEnabled()`.
    public class func locationServicesEnabled(from app: SimulatedApp, onMainThread: Bool = true) -> Bool {
        app.device.send(.appCheckedLocationServicesEnabled(onMainThread: onMainThread), to: app,
                        entry: TimelineEntry(time: app.device.now, app: app.name, kind: .appCall,
                                             text: "locationServicesEnabled()\(onMainThread ? "" : " on a background queue")"))
        app.device.run()
        return app.device.locationServicesEnabled
    }

    /// Asks for When In Use authorization (section D). Corresponds to `requestWhenInUseAuthorization()`.
    public func requestWhenInUseAuthorization() { perform(.requestWhenInUse) }

    /// Asks for Always authorization (section E). Corresponds to `requestAlwaysAuthorization()`.
    public func requestAlwaysAuthorization() { perform(.requestAlways) }

    /// Asks for temporary full accuracy (K5). The completion gets `nil` whenever the prompt was shown.
    /// Corresponds to `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`.
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String, completion: (((any Error)?) -> Void)? = nil) {
        pendingCompletions.append(completion ?? { _ in })
        perform(.requestFullAccuracy(purposeKey))
    }

    /// Asks for temporary full accuracy (K5) and returns once the prompt was answered, or at once
    /// when there is nothing to ask. Awaiting lets the run loop turn, so the scripted user answers
    /// (``ScriptedUser``) and other delegate calls arrive meanwhile.
    /// Corresponds to `requestTemporaryFullAccuracyAuthorization(withPurposeKey:) async throws`.
    /// - Throws: `LocationError` as the completion handler would get it; ``SimulationError``
    ///   when the prompt waits for an answer the scripted user does not have (a hang on a device).
    nonisolated(nonsending)
    public func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) async throws {
        var outcome: (any Error)??
        requestTemporaryFullAccuracyAuthorization(withPurposeKey: purposeKey) { outcome = .some($0) }
        device.run()
        guard let outcome else {
            throw SimulationError("requestTemporaryFullAccuracyAuthorization(withPurposeKey: \"\(purposeKey)\") waits for an answer to the prompt on screen, and the scripted user has none queued")
        }
        if let error = outcome { throw error }
    }

    /// Every status the delegate is told about, as an async sequence, for Swift concurrency users.
    /// LocSim's addition; mirrors what `locationManagerDidChangeAuthorization(_:)` reports.
    public var authorizationUpdates: AsyncStream<AuthorizationStatus> {
        let (stream, continuation) = AsyncStream<AuthorizationStatus>.makeStream(bufferingPolicy: .unbounded)
        authorizationContinuations.append(continuation)
        return stream
    }

    // MARK: Services

    /// Starts standard location updates. Corresponds to `startUpdatingLocation()`.
    public func startUpdatingLocation() { perform(.startUpdating) }
    /// Stops standard location updates. Corresponds to `stopUpdatingLocation()`.
    public func stopUpdatingLocation() { perform(.stopUpdating) }
    /// Asks for one fix (N4: needs a delegate). Corresponds to `requestLocation()`.
    public func requestLocation() { perform(.requestLocation) }
    /// Corresponds to `startMonitoringSignificantLocationChanges()`.
    public func startMonitoringSignificantLocationChanges() { perform(.startSignificantChanges) }
    /// Corresponds to `stopMonitoringSignificantLocationChanges()`.
    public func stopMonitoringSignificantLocationChanges() { perform(.stopSignificantChanges) }
    /// Corresponds to `startMonitoringVisits()`.
    public func startMonitoringVisits() { perform(.startVisits) }
    /// Corresponds to `stopMonitoringVisits()`.
    public func stopMonitoringVisits() { perform(.stopVisits) }
    /// Starts monitoring a region. Corresponds to `startMonitoring(for:)`.
    public func startMonitoring(for region: Region) { perform(.monitorRegion(region)) }
    /// Stops monitoring a region. Corresponds to `stopMonitoring(for:)`.
    public func stopMonitoring(for region: Region) { perform(.stopMonitoringRegion(region.name)) }

    /// Asks for the state of a region; the answer arrives at the delegate's
    /// `locationManager(_:didDetermineState:for:)` when the run loop turns: `.inside` or `.outside`,
    /// from the regions the device is in (as the model tracks them for entries and exits). LocSim
    /// answers only where it would deliver the region's entries and exits to the app in use: the
    /// region is monitored, the app runs code and is authorized with precise location, and it is not
    /// a When In Use app on iOS 12 or earlier (I4); otherwise the delegate is not called.
    /// Corresponds to `requestState(for:)`.
    public func requestState(for region: Region) {
        let model = app.model
        guard model.lifecycle.state.runsCode,
              let monitored = model.services.monitoredRegions.first(where: { $0.name == region.name }),
              model.status.isAuthorized, model.accuracy == .fullAccuracy,
              model.status != .authorizedWhenInUse || model.platform.generationIsAtLeast(iOS: 13) || model.platform.os == .macOS
        else { return }
        let state: RegionState = model.services.insideRegions.contains(region.name) ? .inside : .outside
        device.queueRegionState(state, of: monitored, for: self)
    }
    /// The regions the app monitors (shared by its managers). Corresponds to `CLLocationManager.monitoredRegions`.
    public var monitoredRegions: Set<Region> { Set(app.model.services.monitoredRegions) }

    // MARK: Properties

    private var state: ManagerState? { app.model.services.managers.first { $0.id == id } }

    /// Keeps updates running in the background (I6–I8). Setting it without the `location`
    /// background mode terminates the app. Corresponds to `allowsBackgroundLocationUpdates`.
    public var allowsBackgroundLocationUpdates: Bool {
        get { state?.allowsBackgroundLocationUpdates ?? false }
        set { perform(.set([.allowsBackgroundLocationUpdates(newValue)])) }
    }

    /// Shows the indicator for an Always app in the background (I10). Corresponds to `showsBackgroundLocationIndicator`.
    public var showsBackgroundLocationIndicator: Bool {
        get { state?.showsBackgroundLocationIndicator ?? false }
        set { perform(.set([.showsBackgroundLocationIndicator(newValue)])) }
    }

    /// Corresponds to `pausesLocationUpdatesAutomatically` (default true).
    public var pausesLocationUpdatesAutomatically: Bool {
        get { state?.pausesLocationUpdatesAutomatically ?? true }
        set { perform(.set([.pausesLocationUpdatesAutomatically(newValue)])) }
    }

    /// The accuracy asked for, in metres, as the `kCLLocationAccuracy…` constants.
    /// Corresponds to `desiredAccuracy`.
    public var desiredAccuracy: Double {
        get { (state?.desiredAccuracy ?? .best).meters }
        set {
            let value = DesiredAccuracy.allCases.first { $0.meters == newValue && $0 != .reduced } ?? (newValue >= 3_000 ? .threeKilometers : .best)
            perform(.set([.desiredAccuracy(value)]))
        }
    }

    /// The distance in metres the device must move before a new fix is reported; `-1`
    /// (`kCLDistanceFilterNone`) reports every fix, the default. Corresponds to `distanceFilter`.
    /// LocSim stores it and delivers every fix: its moves are explicit steps of a test.
    public var distanceFilter: Double = -1

    /// What the app uses location for. Corresponds to `activityType` (default `.other`).
    /// LocSim stores it and never pauses updates on its own.
    public var activityType: ActivityType = .other

    /// Sets `desiredAccuracy` from a `DesiredAccuracy` value. LocSim's addition for scenario files.
    public func setDesiredAccuracy(_ value: DesiredAccuracy) {
        perform(.set([.desiredAccuracy(value)]))
    }

    // MARK: Heading

    /// Whether the device reports a heading: iOS and watchOS devices have a magnetometer.
    /// Corresponds to `CLLocationManager.headingAvailable()`.
    public class func headingAvailable(on device: SimulatedDevice) -> Bool {
        device.platform.os == .iOS || device.platform.os == .watchOS
    }

    /// Whether the platform offers significant-change monitoring (not tvOS or watchOS).
    /// Corresponds to `CLLocationManager.significantLocationChangeMonitoringAvailable()`.
    public class func significantLocationChangeMonitoringAvailable(on device: SimulatedDevice) -> Bool {
        device.platform.os != .tvOS && device.platform.os != .watchOS
    }

    /// Whether the platform can monitor regions of this type (not tvOS).
    /// Corresponds to `CLLocationManager.isMonitoringAvailable(for:)`.
    public class func isMonitoringAvailable(for regionType: Region.Type, on device: SimulatedDevice) -> Bool {
        device.platform.os != .tvOS
    }

    /// Whether the manager updates the heading (``startUpdatingHeading()``). LocSim's addition.
    public private(set) var isUpdatingHeading = false
    /// The most recent heading delivered. Corresponds to `CLLocationManager.heading`.
    public private(set) var heading: Heading?
    /// The change in degrees that produces a new heading; `-1` (`kCLHeadingFilterNone`) reports
    /// every change. Corresponds to `headingFilter` (default 1).
    public var headingFilter: Double = 1
    /// The orientation headings are measured against. LocSim stores it; its headings are the
    /// device's own and do not depend on it. Corresponds to `headingOrientation` (default `.portrait`).
    public var headingOrientation: DeviceOrientation = .portrait

    /// Starts heading updates, where the device has a heading (``headingAvailable(on:)``): the
    /// delegate gets the current heading when the run loop turns, then each turn of the device
    /// (``SimulatedDevice/turn(toHeading:)``) by at least ``headingFilter`` while the app is in the
    /// foreground. As in Core Location, the heading needs no authorization.
    /// Corresponds to `startUpdatingHeading()`.
    public func startUpdatingHeading() {
        guard Self.headingAvailable(on: device), !isUpdatingHeading else { return }
        isUpdatingHeading = true
        if app.state == .foreground { device.queueHeading(for: self) }
    }

    /// Stops heading updates. Corresponds to `stopUpdatingHeading()`.
    public func stopUpdatingHeading() { isUpdatingHeading = false }

    /// Whether a turn to `new` is news for this manager.
    func wantsHeading(_ new: Heading) -> Bool {
        guard isUpdatingHeading else { return false }
        guard let last = heading, headingFilter >= 0 else { return true }
        let delta = abs(new.magneticHeading - last.magneticHeading).truncatingRemainder(dividingBy: 360)
        return min(delta, 360 - delta) >= headingFilter
    }

    func deliverRegionState(_ state: RegionState, of region: Region) {
        delegate?.locationManager(self, didDetermineState: state, for: region)
    }

    func deliverHeading(_ new: Heading) {
        guard isUpdatingHeading else { return }
        heading = new
        delegate?.locationManager(self, didUpdateHeading: new)
    }

    // MARK: Plumbing

    /// Makes an app call on this manager, as the matching method or property setter does; a
    /// `set` assigns its properties in order and stops when one terminates the app (I8).
    /// LocSim's addition, for drivers that hold calls as `AppCall` values (scenario steps).
    public func perform(_ call: AppCall) {
        for i in 0..<call.eventCount {
            send(call.event(i, on: id), call.timelineText(i))
            if i + 1 < call.eventCount, app.state == .notRunning { break }
        }
    }

    private func send(_ event: Event, _ text: @autoclosure () -> String, log: Bool = true) {
        app.device.noteAppCall("CLLocationManager \(name): \(text())")
        app.device.send(event, to: app, entry: log ? TimelineEntry(time: app.device.now, app: app.name, manager: name, kind: .appCall, text: text()) : nil)
    }

    func deliver(_ call: DelegateCall) {
        switch call {
        case .didChangeAuthorization(let status, _, let changed):
            lastCallbackChangedStatus = changed
            for c in authorizationContinuations { c.yield(status) }
            guard let delegate else { return }
            if app.model.platform.generationIsAtLeast(iOS: 14) || (app.model.platform.os == .macOS && app.model.platform.isAtLeast(11)) {
                delegate.locationManagerDidChangeAuthorization(self)
            } else if changed {
                delegate.locationManager(self, didChangeAuthorization: status)
            }
        case .didUpdateLocations(let fixes):
            location = fixes.last ?? location
            delegate?.locationManager(self, didUpdateLocations: fixes)
        case .didFailWithError(let code):
            delegate?.locationManager(self, didFailWithError: LocationError(code))
        case .didEnterRegion(let name):
            let entered = region(named: name)
            delegate?.locationManager(self, didEnterRegion: entered)
            delegate?.locationManager(self, didDetermineState: .inside, for: entered)
        case .didExitRegion(let name):
            let exited = region(named: name)
            delegate?.locationManager(self, didExitRegion: exited)
            delegate?.locationManager(self, didDetermineState: .outside, for: exited)
        case .monitoringDidFail(let name, let code):
            delegate?.locationManager(self, monitoringDidFailFor: Region(name: name), withError: LocationError(code))
        case .didVisit(let l):
            delegate?.locationManager(self, didVisit: Visit(coordinate: l.coordinate, horizontalAccuracy: l.horizontalAccuracy, arrival: l.timestamp,
                                                            deliveredArrivalDate: l.deliveredDate))
        case .fullAccuracyCompletion(let code):
            guard !pendingCompletions.isEmpty else { return }
            let completion = pendingCompletions.removeFirst()
            completion(code.map { LocationError($0) })
        }
    }

    private func region(named name: String) -> Region {
        app.model.services.monitoredRegions.first { $0.name == name } ?? Region(name: name)
    }
}

// MARK: Checkpoints

extension LocationManager {
    /// A manager's part of a ``SimulatedDevice/Checkpoint``.
    struct Checkpoint {
        fileprivate let lastCallbackChangedStatus: Bool
        fileprivate let location: Location?
        fileprivate let pendingCompletions: [((any Error)?) -> Void]
        fileprivate let authorizationContinuations: [AsyncStream<AuthorizationStatus>.Continuation]
        fileprivate let distanceFilter: Double
        fileprivate let activityType: ActivityType
        fileprivate let isUpdatingHeading: Bool
        fileprivate let heading: Heading?
        fileprivate let headingFilter: Double
        fileprivate let headingOrientation: DeviceOrientation
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(lastCallbackChangedStatus: lastCallbackChangedStatus, location: location, pendingCompletions: pendingCompletions,
                   authorizationContinuations: authorizationContinuations, distanceFilter: distanceFilter, activityType: activityType,
                   isUpdatingHeading: isUpdatingHeading, heading: heading, headingFilter: headingFilter, headingOrientation: headingOrientation)
    }

    func restore(_ c: Checkpoint) {
        lastCallbackChangedStatus = c.lastCallbackChangedStatus
        location = c.location
        pendingCompletions = c.pendingCompletions
        authorizationContinuations = c.authorizationContinuations
        distanceFilter = c.distanceFilter
        activityType = c.activityType
        isUpdatingHeading = c.isUpdatingHeading
        heading = c.heading
        headingFilter = c.headingFilter
        headingOrientation = c.headingOrientation
    }
}
