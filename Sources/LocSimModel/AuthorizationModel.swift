// This file holds the stored state, the initializer and the transition's dispatch (`handle`); the
// rules are in extensions by concern: AuthorizationModel+Requests, +Prompts, +Settings, +Services,
// +World, +Monitoring, +Settle, +Timers, +Lifecycle, and +Derived for the values read from the state.

/// The whole Core Location authorization system for one app on one device, as a pure value.
///
/// `handle(_:)` applies one ``Event`` and returns the ``Effect``s: prompts, delegate calls, console
/// messages, indicator changes, launches and terminations. There is no clock read, no I/O and no
/// global: time moves only through ``Event/clockAdvanced(to:)``. Every rule it follows is
/// numbered and described in Docs/Rules.md.
///
/// Corresponds to what `locationd` keeps for an app; apps see it through `CLLocationManager`.
public struct AuthorizationModel: Hashable, Sendable {
    // MARK: Configuration
    /// Platform, parameters and Info.plist, shared and immutable (see ``ModelConfiguration``).
    @usableFromInline var configuration: ModelConfiguration
    /// The OS and version.
    public var platform: Platform {
        @inline(__always) get { configuration.platform }
        set { configuration = ModelConfiguration(platform: newValue, parameters: parameters, app: app) }
    }
    /// Timings and open choices (grace period, Allow Once lapse, …).
    public var parameters: DeviceParameters {
        @inline(__always) get { configuration.parameters }
        set { configuration = ModelConfiguration(platform: platform, parameters: newValue, app: app) }
    }
    /// The app's Info.plist facts.
    public var app: AppDescription {
        @inline(__always) get { configuration.app }
        set { configuration = ModelConfiguration(platform: platform, parameters: parameters, app: newValue) }
    }

    // MARK: State
    /// The device's switches, lock and fix.
    public var device = Device()
    /// What Settings stores for the app: its authorization record.
    public var record: Record
    /// The app's process: running or not, foreground or background, and what one launch remembers.
    public var lifecycle = Lifecycle()
    /// The app's location managers and the services registered for it.
    public var services = Services()
    /// The prompt on screen, the prompts waiting for the screen, and the events a prompt holds.
    public var prompts = Prompts()
    /// Virtual time and the timers that run on it.
    public var clock = VirtualClock()
    /// The usage reminder (F6): whether it was shown and the background uses its text counts.
    public var usageReminder = UsageReminder()
    /// The iOS 17/18 objects: service sessions, background activity sessions, live updates and
    /// monitors (section O).
    public var sessions = Sessions()
    /// The derived values as the last settle saw them: caches for change detection.
    @usableFromInline package var settled = Settled()

    /// The device's switches, lock and fix.
    public struct Device: Hashable, Sendable {
        /// The global Location Services switch (M1). Corresponds to `locationServicesEnabled()`.
        public var locationServicesEnabled = true
        /// Airplane mode (A6): it denies location when ``DeviceParameters/airplaneModeDeniesLocation``.
        public var airplaneMode = false
        /// Parental controls or MDM restrict location (A5, M4).
        public var restricted = false
        /// The device is locked.
        public var locked = false
        /// The device's current fix, if it has one.
        public var location: Location?
        /// When someone last saw one of the app's widgets (B5, F10); `nil` when never.
        public var widgetSeenAt: Duration?
    }

    /// The app's authorization record: what Settings stores for the app.
    public struct Record: Hashable, Sendable {
        /// The stored authorization (A1–A10).
        public var authorization: StoredAuthorization = .notDetermined
        /// The single Always request is spent (E2, E3, G9).
        public var alwaysRequestSpent = false
        /// The Precise Location setting (F7, K1).
        public var precise: Bool
        /// A temporary full accuracy grant is active (K5, K6).
        public var temporaryFullAccuracy = false
        /// The first `CLLocationButton` tap was confirmed (H6).
        public var locationButtonConfirmed = false
        /// The user extended the app's When In Use authorization to its widgets ("While Using the
        /// App or Widgets", B5, F10).
        public var widgetsAuthorized = false
    }

    /// The app's process: its lifecycle state and what one launch remembers.
    public struct Lifecycle: Hashable, Sendable {
        /// Lifecycle state.
        public var state: AppState = .notRunning
        /// While in the background after being in the foreground: when the grace period ends (I1).
        public var graceEndsAt: Duration?
        /// The app was in the foreground when the device was locked (it returns on unlock).
        public var foregroundBeforeLock = false
        /// The exception that last terminated the app (I8, N4).
        public var terminationReason: AppException?
        /// The Location Services dialog was shown in this launch (M2).
        public var locationServicesDialogShown = false
        /// The app's last process ended by a force quit (O17): read while it is not running, to
        /// decide what may relaunch it; the next launch clears it.
        public var forceQuit = false
    }

    /// The app's location managers and the services registered for the app: monitored regions,
    /// significant changes, visits, and the events kept for a launch by the system.
    public struct Services: Hashable, Sendable {
        /// The app's location managers, in creation order.
        public var managers: [ManagerState] = []
        /// Next manager number.
        public var nextManagerNumber = 0
        /// Monitored regions, app-wide (they survive termination, A8), one per name and in order of
        /// name: Core Location keeps them as a set, so the order in which the app started monitoring
        /// them makes no state of its own, and the regions one move of the device crosses report
        /// their entries and exits in this order. Corresponds to `CLLocationManager.monitoredRegions`.
        public var monitoredRegions: [Region] = []
        /// Significant-change monitoring is registered (survives termination for relaunch, I12).
        public var significantChangesRegistered = false
        /// Visit monitoring is registered (survives termination for relaunch, I12).
        public var visitsRegistered = false
        /// Regions the device is inside.
        public var insideRegions: Set<String> = []
        /// Where the last significant change was reported from.
        public var significantChangeAnchor: Coordinate?
        /// Events kept for the app's managers after a launch by the system.
        public var pendingLaunchEvents: [MonitoringEvent] = []
    }

    /// The system's prompts for the app.
    public struct Prompts: Hashable, Sendable {
        /// The prompt on screen.
        public var onScreen: PresentedPrompt?
        /// Prompts waiting for the screen (device locked, or another prompt up).
        public var queued: [PresentedPrompt] = []
        /// Events held while the confirmation prompt is pending (G5): the triggering event, and with
        /// ``DeviceParameters/holdsLatestRegionEvents`` each other region's latest event (at most
        /// one per region, in order of region name).
        public var heldEvents: [MonitoringEvent] = []
    }

    /// Virtual time and the timers that run on it.
    public struct VirtualClock: Hashable, Sendable {
        /// Virtual time since the simulation started.
        public var now: Duration = .zero
        /// Timers, in firing order.
        public var timers: [ScheduledTimer] = []
    }

    /// The usage reminder (F6).
    public struct UsageReminder: Hashable, Sendable {
        /// The usage reminder has been shown.
        public var shown = false
        /// Background uses counted for the reminder's text while it may still appear.
        public var backgroundUseCount = 0
        /// When the first counted background use happened ("over the past N days").
        public var firstBackgroundUseAt: Duration?
    }

    /// Derived values as the last settle saw them, kept to emit only what changes (not public:
    /// ``isInUse`` and ``indicatorShowing`` are what the state says now).
    @usableFromInline package struct Settled: Hashable, Sendable {
        /// Whether the app was in use at the last settle.
        @usableFromInline package var inUse = false
        /// Whether the indicator was showing at the last settle.
        @usableFromInline package var indicatorShowing = false
    }

    /// A device with the app installed and not running.
    public init(platform: Platform = Platform(.iOS, 18), app: AppDescription = AppDescription(), parameters: DeviceParameters = DeviceParameters()) {
        self.configuration = ModelConfiguration(platform: platform, parameters: parameters, app: app)
        self.record = Record(precise: !app.defaultAccuracyReduced)
    }

    // MARK: - The transition function

    /// Applies one event and returns what the system did, in order.
    public mutating func handle(_ event: Event) -> [Effect] {
        var fx: [Effect] = []
        handle(event, into: &fx)
        return fx
    }

    /// Applies one event and appends what the system did to `effects`: the same transition as
    /// ``handle(_:)``, for callers that reuse one buffer (the explorer, benchmarks).
    public mutating func handle(_ event: Event, into effects: inout [Effect]) {
        let start = effects.count
        apply(event, &effects)
        settle(&effects)
        if services.managers.contains(where: { $0.hasDelegate && $0.delegateMethods != .all }) { dropUnimplementedCalls(from: start, &effects) }
    }

    /// Removes the delegate calls, from `start` on, that the manager's delegate does not implement:
    /// Core Location does not call them (N4, C1).
    private func dropUnimplementedCalls(from start: Int, _ effects: inout [Effect]) {
        let newCallback = platform.os == .macOS ? platformIsAtLeast(11) : platformGenerationIsAtLeast(iOS: 14)
        var i = start
        while i < effects.count {
            if case .delegate(let id, let call) = effects[i], let m = services.managers.first(where: { $0.id == id }), m.hasDelegate,
               !m.delegateMethods.receives(call, newAuthorizationCallback: newCallback) {
                effects.remove(at: i)
            } else {
                i += 1
            }
        }
    }

    private mutating func apply(_ event: Event, _ fx: inout [Effect]) {
        switch event {
        case .appLaunched:
            switch lifecycle.state {
            case .notRunning:
                startProcess(in: .foreground)
            case .background, .suspended:
                guard !device.locked else { return fx.append(.rejected("the device is locked")) }
                returnToForeground()
            case .foreground:
                fx.append(.rejected("the app is already in the foreground"))
            }
        case .appLaunchedInBackground:
            guard lifecycle.state == .notRunning else { return fx.append(.rejected("the app is already running")) }
            startProcess(in: .background)
        case .appEnteredForeground:
            guard lifecycle.state == .background || lifecycle.state == .suspended else {
                return fx.append(.rejected(lifecycle.state == .foreground ? "the app is already in the foreground" : "the app is not running"))
            }
            guard !device.locked else { return fx.append(.rejected("the device is locked")) }
            returnToForeground()
        case .appEnteredBackground:
            guard lifecycle.state == .foreground else { return fx.append(.rejected("the app is not in the foreground")) }
            enterBackground()
        case .appSuspended:
            guard lifecycle.state.runsCode else { return fx.append(.rejected("the app is not running")) }
            lifecycle.state = .suspended
            lifecycle.graceEndsAt = nil
        case .appTerminated:
            guard lifecycle.state != .notRunning else { return fx.append(.rejected("the app is not running")) }
            systemTerminate(&fx)
        case .appForceQuit:
            guard lifecycle.state != .notRunning else { return fx.append(.rejected("the app is not running")) }
            endProcess(.forceQuit, &fx)
        case .appCrashed:
            guard lifecycle.state.runsCode else {
                return fx.append(.rejected(lifecycle.state == .suspended ? "the app is suspended: its code does not run, so it cannot crash" : "the app is not running"))
            }
            crash(nil, &fx)
        case .appReinstalled:
            reinstall(&fx)

        case .appCreatedManager(let id, let hasDelegate, let methods):
            guard lifecycle.state.runsCode else { return fx.append(.rejected("the app's code is not running")) }
            guard !services.managers.contains(where: { $0.id == id }) else { return fx.append(.rejected("manager \(id) exists")) }
            services.managers.append(ManagerState(id: id, hasDelegate: hasDelegate, delegateMethods: methods))
            services.nextManagerNumber = max(services.nextManagerNumber, id.rawValue + 1)
        case .appSetDelegate(let id, let present, let methods):
            update(id) { $0.hasDelegate = present; $0.delegateMethods = methods }
        case .appCheckedLocationServicesEnabled(let onMainThread):
            guard lifecycle.state.runsCode else { return fx.append(.rejected("the app's code is not running")) }
            if onMainThread, warnsOnMainThreadServicesCheck() { fx.append(.console(Self.mainThreadServicesCheckWarning)) }
        case .appReleasedManager(let id):
            services.managers.removeAny { $0.id == id }
        case .appRequestedWhenInUseAuthorization(let id):
            guard checkAppCall(id, &fx) else { return }
            requestWhenInUse(id, kind: .whenInUse, &fx)
        case .appRequestedAlwaysAuthorization(let id):
            guard checkAppCall(id, &fx) else { return }
            requestAlways(id, &fx)
        case .appRequestedTemporaryFullAccuracy(let id, let key):
            guard checkAppCall(id, &fx) else { return }
            requestFullAccuracy(id, key, &fx)
        case .appStartedUpdatingLocation(let id):
            guard checkAppCall(id, &fx) else { return }
            startUpdating(id, &fx)
        case .appStoppedUpdatingLocation(let id):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.updating = false; $0.updatingStartedInForeground = false; $0.wasDeliverable = false }
        case .appRequestedLocation(let id):
            guard checkAppCall(id, &fx) else { return }
            requestLocation(id, &fx)
        case .appStartedSignificantChanges(let id):
            guard checkAppCall(id, &fx) else { return }
            guard serviceAvailableForStart(id, &fx) else { return }
            update(id) { $0.significantChanges = true }
            services.significantChangesRegistered = true
            services.significantChangeAnchor = device.location?.coordinate
        case .appStoppedSignificantChanges(let id):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.significantChanges = false }
            services.significantChangesRegistered = services.managers.contains { $0.significantChanges }
        case .appStartedVisits(let id):
            guard checkAppCall(id, &fx) else { return }
            guard serviceAvailableForStart(id, &fx) else { return }
            update(id) { $0.visits = true }
            services.visitsRegistered = true
        case .appStoppedVisits(let id):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.visits = false }
            services.visitsRegistered = services.managers.contains { $0.visits }
        case .appStartedMonitoringRegion(let id, let region):
            guard checkAppCall(id, &fx) else { return }
            startMonitoring(id, region, &fx)
        case .appStoppedMonitoringRegion(let id, let name):
            guard checkAppCall(id, &fx) else { return }
            services.monitoredRegions.removeAny { $0.name == name }
            services.insideRegions.remove(name)
        case .appSetAllowsBackgroundLocationUpdates(let id, let value):
            guard checkAppCall(id, &fx) else { return }
            setAllowsBackground(id, value, &fx)
        case .appSetShowsBackgroundLocationIndicator(let id, let value):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.showsBackgroundLocationIndicator = value }
        case .appSetPausesLocationUpdatesAutomatically(let id, let value):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.pausesLocationUpdatesAutomatically = value }
        case .appSetDesiredAccuracy(let id, let value):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.desiredAccuracy = value }

        case .appCreatedServiceSession, .appInvalidatedServiceSession, .appStartedBackgroundActivitySession,
             .appInvalidatedBackgroundActivitySession, .appStartedLiveUpdates, .appStoppedLiveUpdates, .appOpenedMonitor,
             .appAddedMonitorCondition, .appRemovedMonitorCondition:
            applySessionCall(event, &fx)

        case .userChoseButton(let button, let preciseChoice):
            choose(button, precise: preciseChoice, &fx)
        case .userChangedSetting(let option):
            changeSetting(option, &fx)
        case .userChangedPreciseLocation(let on):
            guard supportsAccuracyAuthorization else { return fx.append(.rejected("Precise Location does not exist on \(platform)")) }
            record.precise = on
            if !on { record.temporaryFullAccuracy = false }
        case .userSwitchedLocationServices(let on):
            if on != device.locationServicesEnabled { dismissUnanswered(&fx) }
            device.locationServicesEnabled = on
        case .userSwitchedAirplaneMode(let on):
            device.airplaneMode = on
        case .restrictionChanged(let on):
            if on != device.restricted { dismissUnanswered(&fx) }
            device.restricted = on
        case .userResetLocationAndPrivacy:
            dismissUnanswered(&fx)
            clearRecord()
        case .userTappedLocationButton:
            tapLocationButton(&fx)
        case .userAddedWidget:
            addWidget(&fx)
        case .userViewedWidget:
            if app.widgetWantsLocation { device.widgetSeenAt = clock.now }
        case .deviceLocked:
            guard !device.locked else { return }
            device.locked = true
            // The app leaves the foreground first: a prompt the lock dismisses does not make it active again (C10, C11).
            lifecycle.foregroundBeforeLock = lifecycle.state == .foreground
            if lifecycle.state == .foreground { enterBackground() }
            if parameters.lockDismissesPrompt { dismissUnanswered(&fx) }
        case .deviceUnlocked:
            guard device.locked else { return }
            device.locked = false
            if lifecycle.foregroundBeforeLock, lifecycle.state == .background || lifecycle.state == .suspended {
                returnToForeground()
            }
            lifecycle.foregroundBeforeLock = false
            showQueuedPrompt(&fx)

        case .clockAdvanced(let time):
            guard time >= clock.now else { return fx.append(.rejected("time cannot go backwards")) }
            while let timer = clock.timers.first, timer.at <= time {
                clock.timers.removeFirst()
                clock.now = timer.at
                fire(timer.kind, &fx)
                settle(&fx)
            }
            clock.now = time
        case .deviceMoved(let location):
            moveDevice(to: location, &fx)
        case .deviceEnteredRegion(let name):
            if !sessions.monitors.isEmpty { setConditions(named: name, satisfied: true, &fx) }
            guard services.monitoredRegions.contains(where: { $0.name == name }), !services.insideRegions.contains(name) else { return }
            services.insideRegions.insert(name)
            monitoringEvent(.regionEntered(name), &fx)
        case .deviceExitedRegion(let name):
            if !sessions.monitors.isEmpty { setConditions(named: name, satisfied: false, &fx) }
            guard services.monitoredRegions.contains(where: { $0.name == name }), services.insideRegions.contains(name) else { return }
            services.insideRegions.remove(name)
            monitoringEvent(.regionExited(name), &fx)
        case .deviceVisited:
            guard services.visitsRegistered else { return }
            let here = device.location ?? Location(coordinate: Coordinate(latitude: 0, longitude: 0), timestamp: clock.now)
            monitoringEvent(.visit(Location(coordinate: here.coordinate, horizontalAccuracy: here.horizontalAccuracy, timestamp: clock.now)), &fx)
        }
    }

    // MARK: - Helpers of the transition

    @inline(__always)
    private func checkAppCall(_ id: ManagerID, _ fx: inout [Effect]) -> Bool {
        guard lifecycle.state.runsCode else {
            fx.append(.rejected(lifecycle.state == .suspended ? "the app is suspended: its code does not run" : "the app is not running"))
            return false
        }
        guard services.managers.contains(where: { $0.id == id }) else {
            fx.append(.rejected("no location manager \(id)"))
            return false
        }
        return true
    }

    mutating func update(_ id: ManagerID, _ body: (inout ManagerState) -> Void) {
        if let i = services.managers.firstIndex(where: { $0.id == id }) { body(&services.managers[i]) }
    }
}
