/// The whole Core Location authorization system for one app on one device, as a pure value.
///
/// `handle(_:)` applies one ``Event`` and returns the ``Effect``s: prompts, delegate calls, console
/// messages, indicator changes, launches and terminations. There is no clock read, no I/O and no
/// global: time moves only through ``Event/clockAdvanced(to:)``. Every rule it follows is
/// numbered in SPEC.md and listed in Docs/Rules.md.
///
/// Corresponds to what `locationd` keeps for an app; apps see it through `CLLocationManager`.
public struct AuthorizationModel: Hashable, Sendable {
    // MARK: Device
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
    /// Virtual time since the simulation started.
    public var now: Duration = .zero
    /// The global Location Services switch (M1). Corresponds to `locationServicesEnabled()`.
    public var locationServicesEnabled = true
    /// Airplane mode (A6).
    public var airplaneMode = false
    /// Parental controls or MDM restrict location (A5, M4).
    public var restricted = false
    /// The device is locked.
    public var deviceLocked = false
    /// The device's current fix, if it has one.
    public var deviceLocation: Location?

    // MARK: The app's authorization record
    /// What Settings stores for the app.
    public var authorization: StoredAuthorization = .notDetermined
    /// The single Always request is spent (E2, E3, G9).
    public var alwaysRequestSpent = false
    /// The Precise Location setting (F7, K1).
    public var precise: Bool
    /// A temporary full accuracy grant is active (K5, K6).
    public var temporaryFullAccuracy = false
    /// The first `CLLocationButton` tap was confirmed (H6).
    public var locationButtonConfirmed = false

    // MARK: The app
    /// Lifecycle state.
    public var appState: AppState = .notRunning
    /// While in the background after being in the foreground: when the grace period ends (I1).
    public var graceEndsAt: Duration?
    /// The app was in the foreground when the device was locked (it returns on unlock).
    public var foregroundBeforeLock = false
    /// The app's location managers, in creation order.
    public var managers: [ManagerState] = []
    /// Next manager number.
    public var nextManagerNumber = 0
    /// Monitored regions (app-wide, like `monitoredRegions`; they survive termination, A8).
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
    /// The text of the exception that last terminated the app (I8, N4).
    public var terminationReason: AppException?
    /// The Location Services dialog was shown in this launch (M2).
    public var locationServicesDialogShown = false

    // MARK: Prompts and timers
    /// The prompt on screen.
    public var prompt: PresentedPrompt?
    /// Prompts waiting for the screen (device locked, or another prompt up).
    public var queuedPrompts: [PresentedPrompt] = []
    /// Events held while the confirmation prompt is pending (G5).
    public var heldEvents: [MonitoringEvent] = []
    /// Timers, in firing order.
    public var timers: [ScheduledTimer] = []
    /// The usage reminder has been shown (F6).
    public var usageReminderShown = false
    /// Background uses counted for the usage reminder's text while it may still appear (F6).
    public var backgroundUseCount = 0
    /// When the first counted background use happened (F6: "over the past N days").
    public var firstBackgroundUseAt: Duration?

    // MARK: Cached derivations (for change detection)
    /// Whether the app was in use at the last settle.
    public var wasInUse = false
    /// Whether the indicator was showing at the last settle.
    public var wasIndicatorShowing = false

    /// A device with the app installed and not running.
    public init(platform: Platform = Platform(.iOS, 18), app: AppDescription = AppDescription(), parameters: DeviceParameters = DeviceParameters()) {
        self.configuration = ModelConfiguration(platform: platform, parameters: parameters, app: app)
        self.precise = !app.defaultAccuracyReduced
    }

    // MARK: - Derived values

    /// The status every manager of the app reads (A1–A10, M1, M4).
    /// Corresponds to `CLLocationManager.authorizationStatus`.
    @inlinable @inline(__always)
    public var status: AuthorizationStatus {
        Self.status(restricted: restricted, servicesOn: locationServicesEnabled && !airplaneMode, authorization: authorization,
                    macOS: configuration.platform.os == .macOS)
    }

    /// The status from the fields it depends on (A1–A10, M1, M4): one definition for the public
    /// property and the transition, which must not copy the whole state to read it.
    @inlinable @inline(__always)
    static func status(restricted: Bool, servicesOn: Bool, authorization: StoredAuthorization, macOS: Bool) -> AuthorizationStatus {
        if restricted { return .restricted }
        if !servicesOn { return .denied }
        switch authorization {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .whenInUse: return macOS ? .authorizedAlways : .authorizedWhenInUse
        case .always: return .authorizedAlways
        }
    }

    /// The accuracy authorization (K1–K6). Before iOS 14 every app is precise.
    /// Corresponds to `CLLocationManager.accuracyAuthorization`.
    @inline(__always)
    public var accuracy: AccuracyAuthorization {
        guard supportsAccuracyAuthorization else { return .fullAccuracy }
        return precise || temporaryFullAccuracy ? .fullAccuracy : .reducedAccuracy
    }

    /// Whether the platform has accuracy authorization (iOS 14+, macOS 11+, watchOS 7+, tvOS 14+).
    @inline(__always)
    public var supportsAccuracyAuthorization: Bool { configuration.supportsAccuracyAuthorization }

    /// Whether Always is provisional (G1). Invisible to apps (A10).
    @inlinable @inline(__always)
    public var isProvisional: Bool { authorization == .always(provisional: true) }

    /// Whether When In Use is an Allow Once grant (H1). Invisible to apps (A9).
    @inlinable @inline(__always)
    public var isTemporary: Bool { authorization == .whenInUse(temporary: true) }

    /// Whether the platform offers Allow Once and provisional Always (iOS 13+ generation).
    @inline(__always)
    public var hasIOS13Model: Bool { configuration.hasIOS13Model }

    /// Whether a continuous background session runs (I6): location background mode, a manager that
    /// allows background updates and started updating while in use, and an authorized app in the
    /// background. visionOS apps get no background updates (P3).
    public var backgroundSessionActive: Bool {
        Self.backgroundSession(appState: appState, configuration: configuration, status: status, managers: managers)
    }

    /// Whether the background location indicator shows (I10, I11, P4).
    public var indicatorShowing: Bool {
        Self.indicator(appState: appState, configuration: configuration, status: status, authorization: authorization, managers: managers)
    }

    /// Whether the app is "in use" (I1, I2, P2, P3): in the foreground, within the grace period
    /// after leaving it, or showing the background location indicator. Mac apps are always in use.
    @inlinable @inline(__always)
    public var isInUse: Bool {
        Self.inUse(appState: appState, configuration: configuration, now: now, graceEndsAt: graceEndsAt, status: status,
                   authorization: authorization, managers: managers)
    }

    /// The next instant a timer fires, if any.
    @inline(__always)
    public var nextDeadline: Duration? { timers.first?.at }

    /// The options the app's entry in Settings offers (L1): Ask Next Time from iOS 13, Always only
    /// for apps that can ask for it.
    @inline(__always)
    public var settingsOptions: [SettingsOption] { configuration.settingsOptions }

    /// What the app's entry in Settings shows: "While Using" during provisional Always (A10),
    /// "Ask Next Time" during Allow Once (H1, E8).
    @inline(__always)
    public var settingsSelection: SettingsOption {
        switch authorization {
        case .notDetermined, .whenInUse(temporary: true): return .askNextTime
        case .denied: return .never
        case .whenInUse(temporary: false), .always(provisional: true): return .whileUsing
        case .always(provisional: false): return .always
        }
    }


    // MARK: - Derivations
    //
    // Written as `mutating` so that calls from the transition pass `self` by address: a
    // non-mutating getter called on `inout self` copies the whole state first (measured: four
    // 371-byte copies per event). They and the public properties above share the static
    // definitions below, which take only the fields they read.

    @inline(__always)
    private mutating func currentStatus() -> AuthorizationStatus {
        Self.status(restricted: restricted, servicesOn: locationServicesEnabled && !airplaneMode, authorization: authorization,
                    macOS: configuration.platform.os == .macOS)
    }

    @inline(__always)
    private mutating func currentIndicator() -> Bool {
        Self.indicator(appState: appState, configuration: configuration, status: currentStatus(), authorization: authorization,
                       managers: managers)
    }

    @inline(__always)
    private mutating func currentInUse() -> Bool {
        Self.inUse(appState: appState, configuration: configuration, now: now, graceEndsAt: graceEndsAt, status: currentStatus(),
                   authorization: authorization, managers: managers)
    }

    // The definitions, from the fields they read: one for the public properties and the
    // transition, and neither copies the whole state to call them.

    @inlinable
    static func backgroundSession(appState: AppState, configuration: ModelConfiguration, status: AuthorizationStatus,
                                          managers: [ManagerState]) -> Bool {
        guard appState == .background, configuration.hasLocationBackgroundMode, status.isAuthorized else { return false }
        let os = configuration.platform.os
        guard os == .iOS || os == .watchOS else { return false }
        return managers.contains { $0.updating && $0.allowsBackgroundLocationUpdates && $0.updatingStartedInUse }
    }

    @inlinable
    static func indicator(appState: AppState, configuration: ModelConfiguration, status: AuthorizationStatus,
                                  authorization: StoredAuthorization, managers: [ManagerState]) -> Bool {
        guard backgroundSession(appState: appState, configuration: configuration, status: status, managers: managers) else { return false }
        if configuration.platform.os == .watchOS { return true }
        switch authorization {
        case .whenInUse, .always(provisional: true):
            return true
        case .always:
            guard configuration.platform.generationIsAtLeast(iOS: 11) else { return false }
            return managers.contains { $0.updating && $0.allowsBackgroundLocationUpdates && $0.showsBackgroundLocationIndicator }
        default:
            return false
        }
    }

    @inlinable @inline(__always)
    static func inUse(appState: AppState, configuration: ModelConfiguration, now: Duration, graceEndsAt: Duration?,
                              status: AuthorizationStatus, authorization: StoredAuthorization, managers: [ManagerState]) -> Bool {
        switch appState {
        case .foreground:
            return true
        case .background:
            if configuration.platform.os == .macOS { return true }
            if let graceEndsAt, now < graceEndsAt { return true }
            return indicator(appState: appState, configuration: configuration, status: status, authorization: authorization, managers: managers)
        case .suspended, .notRunning:
            return false
        }
    }

    @inline(__always)
    private mutating func currentCanDeliver() -> Bool {
        guard currentStatus().isAuthorized, appState.runsCode else { return false }
        if currentInUse() { return true }
        if configuration.platform.os == .visionOS { return false }
        // Permanent Always apps may get updates in the background until suspended (I9).
        return authorization == .always(provisional: false) && appState == .background
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
        apply(event, &effects)
        settle(&effects)
    }

    private mutating func apply(_ event: Event, _ fx: inout [Effect]) {
        switch event {
        case .appLaunched:
            switch appState {
            case .notRunning:
                startProcess(in: .foreground)
            case .background, .suspended:
                guard !deviceLocked else { return fx.append(.rejected("the device is locked")) }
                returnToForeground()
            case .foreground:
                fx.append(.rejected("the app is already in the foreground"))
            }
        case .appLaunchedInBackground:
            guard appState == .notRunning else { return fx.append(.rejected("the app is already running")) }
            startProcess(in: .background)
        case .appEnteredForeground:
            guard appState == .background || appState == .suspended else {
                return fx.append(.rejected(appState == .foreground ? "the app is already in the foreground" : "the app is not running"))
            }
            guard !deviceLocked else { return fx.append(.rejected("the device is locked")) }
            returnToForeground()
        case .appEnteredBackground:
            guard appState == .foreground else { return fx.append(.rejected("the app is not in the foreground")) }
            enterBackground()
        case .appSuspended:
            guard appState.runsCode else { return fx.append(.rejected("the app is not running")) }
            appState = .suspended
            graceEndsAt = nil
        case .appTerminated:
            guard appState != .notRunning else { return fx.append(.rejected("the app is not running")) }
            terminate(&fx)

        case .appCreatedManager(let id, let hasDelegate):
            guard appState.runsCode else { return fx.append(.rejected("the app's code is not running")) }
            guard !managers.contains(where: { $0.id == id }) else { return fx.append(.rejected("manager \(id) exists")) }
            managers.append(ManagerState(id: id, hasDelegate: hasDelegate))
            nextManagerNumber = max(nextManagerNumber, id.rawValue + 1)
        case .appSetDelegate(let id, let present):
            update(id) { $0.hasDelegate = present }
        case .appReleasedManager(let id):
            managers.removeAny { $0.id == id }
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
            update(id) { $0.updating = false; $0.updatingStartedInUse = false; $0.wasDeliverable = false }
        case .appRequestedLocation(let id):
            guard checkAppCall(id, &fx) else { return }
            requestLocation(id, &fx)
        case .appStartedSignificantChanges(let id):
            guard checkAppCall(id, &fx) else { return }
            guard serviceAvailableForStart(id, &fx) else { return }
            update(id) { $0.significantChanges = true }
            significantChangesRegistered = true
            significantChangeAnchor = deviceLocation?.coordinate
        case .appStoppedSignificantChanges(let id):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.significantChanges = false }
            significantChangesRegistered = managers.contains { $0.significantChanges }
        case .appStartedVisits(let id):
            guard checkAppCall(id, &fx) else { return }
            guard serviceAvailableForStart(id, &fx) else { return }
            update(id) { $0.visits = true }
            visitsRegistered = true
        case .appStoppedVisits(let id):
            guard checkAppCall(id, &fx) else { return }
            update(id) { $0.visits = false }
            visitsRegistered = managers.contains { $0.visits }
        case .appStartedMonitoringRegion(let id, let region):
            guard checkAppCall(id, &fx) else { return }
            startMonitoring(id, region, &fx)
        case .appStoppedMonitoringRegion(let id, let name):
            guard checkAppCall(id, &fx) else { return }
            monitoredRegions.removeAny { $0.name == name }
            insideRegions.remove(name)
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

        case .userChoseButton(let button, let preciseChoice):
            choose(button, precise: preciseChoice, &fx)
        case .userChangedSetting(let option):
            changeSetting(option, &fx)
        case .userChangedPreciseLocation(let on):
            guard supportsAccuracyAuthorization else { return fx.append(.rejected("Precise Location does not exist on \(platform)")) }
            precise = on
            if !on { temporaryFullAccuracy = false }
        case .userSwitchedLocationServices(let on):
            if on != locationServicesEnabled { dismissUnanswered(&fx) }
            locationServicesEnabled = on
        case .userSwitchedAirplaneMode(let on):
            airplaneMode = on
        case .restrictionChanged(let on):
            if on != restricted { dismissUnanswered(&fx) }
            restricted = on
        case .userResetLocationAndPrivacy:
            dismissUnanswered(&fx)
            authorization = .notDetermined
            alwaysRequestSpent = false
            precise = !app.defaultAccuracyReduced
            temporaryFullAccuracy = false
            locationButtonConfirmed = false
            heldEvents = []
            usageReminderShown = false
            backgroundUseCount = 0
            firstBackgroundUseAt = nil
            timers.removeAny { $0.kind != .graceEnds }
            queuedPrompts.removeAny { $0.prompt.kind == .alwaysConfirmation || $0.prompt.kind == .usageReminder }
        case .userTappedLocationButton:
            tapLocationButton(&fx)
        case .deviceLocked:
            guard !deviceLocked else { return }
            deviceLocked = true
            // The app leaves the foreground first: a prompt the lock dismisses does not make it active again (C10, C11).
            foregroundBeforeLock = appState == .foreground
            if appState == .foreground { enterBackground() }
            if parameters.lockDismissesPrompt { dismissUnanswered(&fx) }
        case .deviceUnlocked:
            guard deviceLocked else { return }
            deviceLocked = false
            if foregroundBeforeLock, appState == .background || appState == .suspended {
                returnToForeground()
            }
            foregroundBeforeLock = false
            showQueuedPrompt(&fx)

        case .clockAdvanced(let time):
            guard time >= now else { return fx.append(.rejected("time cannot go backwards")) }
            while let timer = timers.first, timer.at <= time {
                timers.removeFirst()
                now = timer.at
                fire(timer.kind, &fx)
                settle(&fx)
            }
            now = time
        case .deviceMoved(let location):
            moveDevice(to: location, &fx)
        case .deviceEnteredRegion(let name):
            guard monitoredRegions.contains(where: { $0.name == name }), !insideRegions.contains(name) else { return }
            insideRegions.insert(name)
            monitoringEvent(.regionEntered(name), &fx)
        case .deviceExitedRegion(let name):
            guard monitoredRegions.contains(where: { $0.name == name }), insideRegions.contains(name) else { return }
            insideRegions.remove(name)
            monitoringEvent(.regionExited(name), &fx)
        case .deviceVisited:
            guard visitsRegistered else { return }
            let here = deviceLocation ?? Location(coordinate: Coordinate(latitude: 0, longitude: 0), timestamp: now)
            monitoringEvent(.visit(Location(coordinate: here.coordinate, horizontalAccuracy: here.horizontalAccuracy, timestamp: now)), &fx)
        }
    }

    // MARK: - Settling: what follows from the state after every event

    /// Re-derives in-use, the indicator, reported statuses and deliveries, emitting what changed.
    private mutating func settle(_ fx: inout [Effect]) {
        // In use: entering and leaving (H2, H4, K6).
        var inUse = currentInUse()
        if wasInUse && !inUse {
            wasInUse = false
            leftUse(&fx)
            inUse = currentInUse()
        } else if !wasInUse && inUse {
            wasInUse = true
            timers.removeAny { $0.kind == .allowOnceExpiry }
        }
        // A running session that the app is in use for counts as started in use (I6).
        if inUse {
            for i in managers.indices where managers[i].updating && !managers[i].updatingStartedInUse {
                managers[i].updatingStartedInUse = true
            }
        }
        // The indicator (I10, I11).
        let indicator = currentIndicator()
        if indicator != wasIndicatorShowing {
            wasIndicatorShowing = indicator
            fx.append(.indicatorChanged(indicator))
        }
        guard appState.runsCode else { return }
        // Authorization callbacks: creation, changes only, every manager (B2, C2, C4, C6, C7, C9).
        let current = currentStatus(), currentAccuracy = accuracy
        for i in managers.indices {
            let previous = managers[i].reportedStatus
            if previous != current || managers[i].reportedAccuracy != currentAccuracy {
                managers[i].reportedStatus = current
                managers[i].reportedAccuracy = currentAccuracy
                fx.append(.delegate(managers[i].id, .didChangeAuthorization(current, accuracy: currentAccuracy, statusChanged: previous != current)))
                // Revoked while updates run: kCLErrorDenied (N2, M4).
                if let previous, previous.isAuthorized, current == .denied || current == .restricted, managers[i].updating || managers[i].oneShotPending {
                    fx.append(.delegate(managers[i].id, .didFailWithError(.denied)))
                    managers[i].oneShotPending = false
                }
            }
        }
        // Deliveries that became possible (D8, I5, I12).
        let deliverable = managers.isEmpty ? false : currentCanDeliver()
        for i in managers.indices {
            let id = managers[i].id
            if deliverable, !managers[i].queuedLocations.isEmpty {
                let queued = managers[i].queuedLocations
                managers[i].queuedLocations = []
                fx.append(.delegate(id, .didUpdateLocations(queued)))
            }
            if managers[i].oneShotPending {
                if current == .denied || current == .restricted {
                    managers[i].oneShotPending = false
                    fx.append(.delegate(id, .didFailWithError(.denied)))
                } else if deliverable {
                    managers[i].oneShotPending = false
                    if let location = deviceLocation {
                        deliver(location, to: i, force: true, &fx)
                    } else {
                        fx.append(.delegate(id, .didFailWithError(.locationUnknown)))
                    }
                }
            }
            if deliverable, !managers[i].wasDeliverable, managers[i].updating, let location = deviceLocation {
                deliver(location, to: i, force: true, &fx)
            }
            let nowDeliverable = deliverable && managers[i].updating
            if managers[i].wasDeliverable != nowDeliverable { managers[i].wasDeliverable = nowDeliverable }
        }
        // Events kept for a launch by the system (A8, I12).
        if !pendingLaunchEvents.isEmpty, !managers.isEmpty {
            let events = pendingLaunchEvents
            pendingLaunchEvents = []
            for e in events { dispatch(e, &fx) }
        }
    }

    /// Whether standard location updates reach the app now (A7, A8, D8, G7, I5, I9, P3).
    public func canDeliverUpdates() -> Bool { var m = self; return m.currentCanDeliver() }

    private mutating func leftUse(_ fx: inout [Effect]) {
        if isTemporary {
            timers.removeAny { $0.kind == .allowOnceExpiry }
            if parameters.allowOnceLapse <= .zero {
                expireAllowOnce()
            } else {
                schedule(ScheduledTimer(at: now + parameters.allowOnceLapse, kind: .allowOnceExpiry))
            }
        }
        temporaryFullAccuracy = false
    }

    private mutating func expireAllowOnce() {
        guard isTemporary else { return }
        authorization = .notDetermined
        if parameters.allowOnceExpiryRestoresAlwaysRequest { alwaysRequestSpent = false }
    }

    private mutating func fire(_ kind: ScheduledTimer.Kind, _ fx: inout [Effect]) {
        switch kind {
        case .graceEnds:
            break // settle() sees the end of the grace period
        case .allowOnceExpiry:
            if !currentInUse() { expireAllowOnce() }
        case .confirmationPrompt:
            guard isProvisional, !heldEvents.isEmpty else { return }
            present(configuration.confirmationPrompt, manager: nil, &fx)
        case .usageReminder:
            guard authorization == .always(provisional: false) else { return }
            usageReminderShown = true
            // F6: "[App] has used your location N times in the background over the past N days…", with the purpose string.
            let n = backgroundUseCount
            let days = max(1, Int(((now - (firstBackgroundUseAt ?? now)) / .seconds(86_400)).rounded(.up)))
            let title = "“\(app.name)” has used your location \(n) time\(n == 1 ? "" : "s") in the background over the past \(days) day\(days == 1 ? "" : "s"). Do you want to continue to allow background location use?"
            let (text, key) = PromptCatalog.message(.usageReminder, .always, platform: platform, app: app)
            present(Prompt(kind: .usageReminder, request: .always, title: title,
                           message: text, buttons: [.changeToOnlyWhileUsing, .alwaysAllow], messageKey: key), manager: nil, &fx)
        }
    }

    // MARK: - Lifecycle helpers

    /// A new process of the app starts, in the foreground (the user) or the background (the system).
    private mutating func startProcess(in state: AppState) {
        appState = state
        graceEndsAt = nil
        terminationReason = nil
        locationServicesDialogShown = false
    }

    /// The app comes back to the foreground: no grace period runs any more.
    private mutating func returnToForeground() {
        appState = .foreground
        graceEndsAt = nil
        timers.removeAny { $0.kind == .graceEnds }
    }

    private mutating func enterBackground() {
        appState = .background
        graceEndsAt = now + parameters.gracePeriod
        timers.removeAny { $0.kind == .graceEnds }
        schedule(ScheduledTimer(at: now + parameters.gracePeriod, kind: .graceEnds))
    }

    private mutating func terminate(_ fx: inout [Effect]) {
        if let p = prompt, p.prompt.kind != .alwaysConfirmation, p.prompt.kind != .usageReminder {
            dismissPrompt(answer: nil, &fx)
        }
        queuedPrompts.removeAny { $0.manager != nil }
        appState = .notRunning
        graceEndsAt = nil
        // Emptied, not replaced: a caller that reuses one model keeps the storage.
        if !managers.isEmpty { managers.removeAll(keepingCapacity: true) }
        if !pendingLaunchEvents.isEmpty { pendingLaunchEvents.removeAll(keepingCapacity: true) }
        timers.removeAny { $0.kind == .graceEnds }
        // H3: Allow Once does not survive the app being closed, whatever the lapse.
        timers.removeAny { $0.kind == .allowOnceExpiry }
        expireAllowOnce()
    }

    private mutating func schedule(_ timer: ScheduledTimer) {
        let index = timers.firstIndex { $0.at > timer.at } ?? timers.endIndex
        timers.insert(timer, at: index)
    }

    @inline(__always)
    private func checkAppCall(_ id: ManagerID, _ fx: inout [Effect]) -> Bool {
        guard appState.runsCode else {
            fx.append(.rejected(appState == .suspended ? "the app is suspended: its code does not run" : "the app is not running"))
            return false
        }
        guard managers.contains(where: { $0.id == id }) else {
            fx.append(.rejected("no location manager \(id)"))
            return false
        }
        return true
    }

    private mutating func update(_ id: ManagerID, _ body: (inout ManagerState) -> Void) {
        if let i = managers.firstIndex(where: { $0.id == id }) { body(&managers[i]) }
    }

    // MARK: - Requests

    private mutating func requestWhenInUse(_ id: ManagerID, kind: AuthorizationRequestKind, _ fx: inout [Effect]) {
        guard kind == .always ? configuration.alwaysAvailable : configuration.whenInUseAvailable else { return fx.append(.requestIgnored(kind, reason: .unavailableOnPlatform)) }
        if !configuration.missingKeys(for: kind).isEmpty {
            fx.append(.console(PurposeStringRules.missingKeysMessage(for: kind, on: platform)))
            return fx.append(.requestIgnored(kind, reason: .missingPurposeString))
        }
        if let reason = commonBlock() { return fx.append(.requestIgnored(kind, reason: reason)) }
        switch authorization {
        case .notDetermined: break
        case .denied: return fx.append(.requestIgnored(kind, reason: .denied))
        case .whenInUse(temporary: true): return fx.append(.requestIgnored(kind, reason: kind == .always ? .temporaryAuthorization : .alreadyDetermined))
        case .whenInUse, .always: return fx.append(.requestIgnored(kind, reason: .alreadyDetermined))
        }
        guard appState == .foreground || (platform.os == .macOS && appState.runsCode) else {
            return fx.append(.requestIgnored(kind, reason: .notInUse))
        }
        guard prompt == nil else { return fx.append(.requestIgnored(kind, reason: .promptOnScreen)) }
        present((kind == .always ? configuration.initialAlwaysPrompt : configuration.initialWhenInUsePrompt), manager: id, &fx)
    }

    /// Reasons every request is ignored whatever the status (A5, M3).
    @inline(__always)
    private func commonBlock() -> IgnoredReason? {
        if restricted { return .restricted }
        if !locationServicesEnabled || airplaneMode { return .locationServicesOff }
        return nil
    }

    private mutating func requestAlways(_ id: ManagerID, _ fx: inout [Effect]) {
        // visionOS treats Always as When In Use (E11, P3); macOS reads one key for both (P2).
        if platform.os == .visionOS || platform.os == .macOS {
            return requestWhenInUse(id, kind: platform.os == .macOS ? .always : .whenInUse, &fx)
        }
        guard configuration.alwaysAvailable else {
            if platform.os == .tvOS { fx.append(.console("requestAlwaysAuthorization() is unavailable on tvOS")) }
            return fx.append(.requestIgnored(.always, reason: .unavailableOnPlatform))
        }
        if !configuration.missingAlwaysKeys.isEmpty {
            fx.append(.console(PurposeStringRules.missingKeysMessage(for: .always, on: platform)))
            return fx.append(.requestIgnored(.always, reason: .missingPurposeString))
        }
        if let reason = commonBlock() { return fx.append(.requestIgnored(.always, reason: reason)) }
        switch authorization {
        case .denied:
            return fx.append(.requestIgnored(.always, reason: .denied))
        case .always:
            return fx.append(.requestIgnored(.always, reason: .alreadyAlways))
        case .whenInUse(temporary: true):
            return fx.append(.requestIgnored(.always, reason: .temporaryAuthorization))
        case .notDetermined, .whenInUse(temporary: false):
            guard !alwaysRequestSpent else { return fx.append(.requestIgnored(.always, reason: .alwaysAlreadyRequested)) }
            guard appState == .foreground else { return fx.append(.requestIgnored(.always, reason: .notInUse)) }
            guard prompt == nil else { return fx.append(.requestIgnored(.always, reason: .promptOnScreen)) }
            alwaysRequestSpent = true
            if authorization == .notDetermined {
                present(configuration.initialAlwaysPrompt, manager: id, &fx)
            } else if configuration.generation == .iOS13early {
                authorization = .always(provisional: true) // E7: no prompt on iOS 13.0–13.3
            } else {
                present(configuration.upgradePrompt, manager: id, &fx)
            }
        }
    }

    private mutating func requestFullAccuracy(_ id: ManagerID, _ key: String, _ fx: inout [Effect]) {
        func decline(_ reason: IgnoredReason) {
            fx.append(.requestIgnored(.temporaryFullAccuracy, reason: reason))
            fx.append(.delegate(id, .fullAccuracyCompletion(.promptDeclined)))
        }
        guard configuration.fullAccuracyAvailable else {
            // The method does not exist before iOS 14 (K5): nothing runs, no completion.
            fx.append(.console("requestTemporaryFullAccuracyAuthorization(withPurposeKey:) is unavailable on \(platform); it needs iOS 14, macOS 11, watchOS 7 or tvOS 14"))
            return fx.append(.requestIgnored(.temporaryFullAccuracy, reason: .unavailableOnPlatform))
        }
        guard let message = app.temporaryPurposeKeys[key] else { return decline(.unknownPurposeKey) }
        guard accuracy == .reducedAccuracy else { return decline(.alreadyFullAccuracy) }
        guard appState == .foreground || (platform.os == .macOS && appState.runsCode) else { return decline(.notInUse) }
        guard currentStatus().isAuthorized else { return decline(.notAuthorized) }
        guard prompt == nil else { return decline(.promptOnScreen) }
        present(Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy,
                       title: "“\(app.name)” would like to use your precise location",
                       message: message, buttons: [.allow, .dontAllow], messageKey: key), manager: id, &fx)
    }

    private mutating func tapLocationButton(_ fx: inout [Effect]) {
        // CLLocationButton: iOS 15+, ignored by compatible apps on visionOS and on Mac (H6).
        guard appState == .foreground, platform.os == .iOS || platform.os == .watchOS, platform.generationIsAtLeast(iOS: 15), !app.compatibleApp else { return }
        guard authorization == .notDetermined, commonBlock() == nil else { return }
        if locationButtonConfirmed {
            authorization = .whenInUse(temporary: true)
        } else if prompt == nil {
            present(Prompt(kind: .locationButtonConfirmation, request: .whenInUse,
                           title: "Allow “\(app.name)” to use your current location?",
                           message: "The app will be able to use your location only while it is in use.",
                           buttons: [.allowOnce, .dontAllow]), manager: nil, &fx)
        }
    }

    // MARK: - Prompts

    /// The first prompt from `notDetermined` for this platform generation (D4, D7, E5, F1, F2, F4, F7, P1–P4).
    @inline(__always)
    public func initialPrompt(for request: AuthorizationRequestKind) -> Prompt {
        request == .always ? configuration.initialAlwaysPrompt : configuration.initialWhenInUsePrompt
    }

    /// The When In Use → Always prompt (E6, E12, F3, F5).
    @inline(__always)
    public func upgradePrompt() -> Prompt { configuration.upgradePrompt }

    /// The second prompt that confirms provisional Always (G3, F5).
    @inline(__always)
    public func confirmationPrompt() -> Prompt { configuration.confirmationPrompt }

    private mutating func present(_ prompt: Prompt, manager: ManagerID?, _ fx: inout [Effect]) {
        let presented = PresentedPrompt(prompt: prompt, shownAt: now, manager: manager)
        if self.prompt != nil || deviceLocked {
            queuedPrompts.append(presented)
            return
        }
        self.prompt = presented
        fx.append(.promptShown(prompt))
        if appState == .foreground { fx.append(.appWillResignActive) }
    }

    private mutating func showQueuedPrompt(_ fx: inout [Effect]) {
        guard prompt == nil, !deviceLocked, !queuedPrompts.isEmpty else { return }
        var next = queuedPrompts.removeFirst()
        next.shownAt = now
        prompt = next
        fx.append(.promptShown(next.prompt))
        if appState == .foreground { fx.append(.appWillResignActive) }
    }

    private mutating func dismissPrompt(answer: PromptButton?, _ fx: inout [Effect]) {
        guard let p = prompt else { return }
        prompt = nil
        fx.append(.promptDismissed(p.prompt.kind, answer: answer))
        if appState == .foreground { fx.append(.appDidBecomeActive) }
    }

    private mutating func choose(_ button: PromptButton, precise preciseChoice: Bool?, _ fx: inout [Effect]) {
        guard let presented = prompt else { return fx.append(.rejected("no prompt is on screen")) }
        let p = presented.prompt
        guard p.buttons.contains(button) else {
            return fx.append(.rejected("the \(p.kind.rawValue) prompt has no button \(button.rawValue) (it has \(p.buttons.map(\.rawValue).joined(separator: ", ")))"))
        }
        if preciseChoice != nil, p.preciseToggle == nil {
            return fx.append(.rejected("the \(p.kind.rawValue) prompt has no Precise toggle"))
        }
        dismissPrompt(answer: button, &fx)
        if let toggle = p.preciseToggle, button != .dontAllow { precise = preciseChoice ?? toggle }
        switch p.kind {
        case .initial:
            switch button {
            case .allowOnce: authorization = .whenInUse(temporary: true)
            case .allowWhileUsing:
                authorization = p.request == .always && hasIOS13Model && platform.os != .visionOS ? .always(provisional: true) : .whenInUse(temporary: false)
            case .dontAllow: authorization = .denied
            case .allow: authorization = p.request == .always || platform.os == .macOS ? .always(provisional: false) : .whenInUse(temporary: false)
            case .onlyWhileUsing: authorization = .whenInUse(temporary: false)
            case .alwaysAllow: authorization = .always(provisional: false)
            default: break
            }
        case .alwaysUpgrade:
            if button == .changeToAlwaysAllow || button == .alwaysAllow || button == .allow {
                authorization = .always(provisional: false)
            }
        case .alwaysConfirmation:
            let held = heldEvents
            heldEvents = []
            if button == .changeToAlwaysAllow {
                authorization = .always(provisional: false)
                if now - presented.shownAt <= parameters.heldEventWindow || parameters.deliverHeldEventsAfterLateAnswer {
                    for e in held { deliverOutOfUse(e, &fx) }
                }
            } else {
                authorization = .whenInUse(temporary: false)
            }
        case .usageReminder:
            if button == .changeToOnlyWhileUsing { authorization = .whenInUse(temporary: false) }
        case .fullAccuracy:
            if button == .allow { temporaryFullAccuracy = true }
            if let m = presented.manager, managers.contains(where: { $0.id == m }) { fx.append(.delegate(m, .fullAccuracyCompletion(nil))) }
        case .locationServicesOff:
            break
        case .locationButtonConfirmation:
            if button == .allowOnce {
                locationButtonConfirmed = true
                authorization = .whenInUse(temporary: true)
            }
        }
        showQueuedPrompt(&fx)
    }

    private mutating func changeSetting(_ option: SettingsOption, _ fx: inout [Effect]) {
        // A5: with parental controls or MDM restricting location, the user cannot change the setting.
        guard !restricted else { return fx.append(.rejected("Settings › Location is locked by a restriction (parental controls or MDM)")) }
        guard settingsOptions.contains(option) else {
            return fx.append(.rejected("Settings offers no “\(option.rawValue)” for this app on \(platform) (it offers \(settingsOptions.map(\.rawValue).joined(separator: ", ")))"))
        }
        dismissUnanswered(&fx)
        switch option {
        case .never: authorization = .denied
        case .askNextTime: authorization = .notDetermined
        case .whileUsing: authorization = .whenInUse(temporary: false)
        case .always: authorization = .always(provisional: false)
        }
        // A choice in Settings makes provisional Always real and ends a pending confirmation (G8).
        heldEvents = []
        timers.removeAny { $0.kind == .confirmationPrompt }
        queuedPrompts.removeAny { $0.prompt.kind == .alwaysConfirmation }
    }

    /// The prompt on screen goes away unanswered: the device was locked (C10), or the user went to
    /// Settings (system prompts are modal, so one cannot stay up meanwhile). Held events are dropped
    /// (G5); a pending temporary full accuracy completion gets `nil`, the prompt was shown (K5).
    private mutating func dismissUnanswered(_ fx: inout [Effect]) {
        guard let p = prompt else { return }
        dismissPrompt(answer: nil, &fx)
        if p.prompt.kind == .fullAccuracy, let m = p.manager, managers.contains(where: { $0.id == m }) {
            fx.append(.delegate(m, .fullAccuracyCompletion(nil)))
        }
        if p.prompt.kind == .alwaysConfirmation { heldEvents = [] }
    }

    // MARK: - Services

    /// Checks shared by services that need authorization when started (N2, N3, M2, M4).
    private mutating func serviceAvailableForStart(_ id: ManagerID, _ fx: inout [Effect]) -> Bool {
        if !locationServicesEnabled, parameters.showsLocationServicesOffDialog, appState == .foreground, !locationServicesDialogShown {
            locationServicesDialogShown = true
            present(Prompt(kind: .locationServicesOff, request: .whenInUse,
                           title: "Turn On Location Services to Allow “\(app.name)” to Determine Your Location",
                           message: "", buttons: [.settings, .cancel]), manager: id, &fx)
        }
        if currentStatus() == .denied || currentStatus() == .restricted {
            fx.append(.delegate(id, .didFailWithError(.denied)))
        }
        if platform.os == .macOS, authorization == .notDetermined, parameters.macOSStartShowsPrompt, commonBlock() == nil, prompt == nil,
           configuration.missingWhenInUseKeys.isEmpty {
            present(configuration.initialWhenInUsePrompt, manager: id, &fx)
        }
        return true
    }

    private mutating func startUpdating(_ id: ManagerID, _ fx: inout [Effect]) {
        if platform.os == .tvOS {
            return fx.append(.console("startUpdatingLocation() is unavailable on tvOS; use requestLocation()"))
        }
        _ = serviceAvailableForStart(id, &fx)
        let inUse = currentInUse()
        update(id) {
            if !$0.updating { $0.wasDeliverable = false }
            $0.updating = true
            $0.updatingStartedInUse = $0.updatingStartedInUse || inUse
        }
    }

    private mutating func requestLocation(_ id: ManagerID, _ fx: inout [Effect]) {
        guard let m = managers.first(where: { $0.id == id }) else { return }
        guard m.hasDelegate else {
            // N4: Core Location throws when the delegate cannot receive the answer.
            return crash(.delegateMustRespondToDidUpdateLocations, &fx)
        }
        if currentStatus() == .denied || currentStatus() == .restricted {
            return fx.append(.delegate(id, .didFailWithError(.denied)))
        }
        update(id) { $0.oneShotPending = true }
    }

    private mutating func startMonitoring(_ id: ManagerID, _ region: Region, _ fx: inout [Effect]) {
        if currentStatus() == .denied || currentStatus() == .restricted {
            return fx.append(.delegate(id, .monitoringDidFail(region.name, .regionMonitoringDenied)))
        }
        monitoredRegions.removeAny { $0.name == region.name }
        monitoredRegions.append(region)
        if let here = deviceLocation?.coordinate, region.contains(here) { insideRegions.insert(region.name) } else { insideRegions.remove(region.name) }
    }

    private mutating func setAllowsBackground(_ id: ManagerID, _ value: Bool, _ fx: inout [Effect]) {
        guard platform.os != .macOS, platform.os != .tvOS else {
            return fx.append(.console("allowsBackgroundLocationUpdates is unavailable on \(platform.os.rawValue)"))
        }
        if value && !configuration.hasLocationBackgroundMode {
            // I8: a fatal error in the setter.
            return crash(.backgroundUpdatesWithoutBackgroundMode(iOS13Wording: platform.generationIsAtLeast(iOS: 13)), &fx)
        }
        update(id) { $0.allowsBackgroundLocationUpdates = value }
    }

    /// The app dies of an uncaught `NSInternalInconsistencyException` (I8, N4): the console line,
    /// the termination, the app gone. The simulator itself never crashes.
    private mutating func crash(_ exception: AppException, _ fx: inout [Effect]) {
        fx.append(.console(exception.text))
        fx.append(.appTerminated(exception))
        terminationReason = exception
        terminate(&fx)
    }

    // MARK: - The world

    private mutating func moveDevice(to location: Location, _ fx: inout [Effect]) {
        var location = location
        location.timestamp = now
        deviceLocation = location
        // Standard updates.
        if appState.runsCode {
            let deliverable = currentCanDeliver()
            for i in managers.indices where managers[i].updating {
                if deliverable { deliver(location, to: i, force: false, &fx) }
            }
        } else if appState == .suspended, currentStatus().isAuthorized, authorization == .always(provisional: false) {
            for i in managers.indices where managers[i].updating && managers[i].allowsBackgroundLocationUpdates {
                managers[i].queuedLocations.append(accuracy == .reducedAccuracy ? location.reduced : location)
            }
        }
        // Significant changes.
        if significantChangesRegistered {
            if let anchor = significantChangeAnchor {
                if anchor.distance(to: location.coordinate) >= parameters.significantChangeDistance {
                    significantChangeAnchor = location.coordinate
                    monitoringEvent(.significantChange(location), &fx)
                }
            } else {
                significantChangeAnchor = location.coordinate
            }
        }
        // Regions with a known centre.
        for region in monitoredRegions where region.center != nil {
            let inside = region.contains(location.coordinate)
            if inside && !insideRegions.contains(region.name) {
                insideRegions.insert(region.name)
                monitoringEvent(.regionEntered(region.name), &fx)
            } else if !inside && insideRegions.contains(region.name) {
                insideRegions.remove(region.name)
                monitoringEvent(.regionExited(region.name), &fx)
            }
        }
    }

    private mutating func deliver(_ location: Location, to index: Int, force: Bool, _ fx: inout [Effect]) {
        var location = location
        if accuracy == .reducedAccuracy {
            if !force, let last = managers[index].lastDelivery, now - last < parameters.reducedAccuracyInterval { return }
            location = location.reduced
        }
        managers[index].lastDelivery = now
        fx.append(.delegate(managers[index].id, .didUpdateLocations([location])))
        noteBackgroundUse()
    }

    private mutating func noteBackgroundUse() {
        guard let after = parameters.usageReminderAfter, !usageReminderShown, appState != .foreground,
              authorization == .always(provisional: false) else { return }
        backgroundUseCount += 1
        if firstBackgroundUseAt == nil { firstBackgroundUseAt = now }
        guard !timers.contains(where: { $0.kind == .usageReminder }) else { return }
        schedule(ScheduledTimer(at: now + after, kind: .usageReminder))
    }

    /// A monitoring event: delivered, held for the confirmation prompt, or dropped (A8, G3, G5, G7, I3, I4, I12, K3).
    private mutating func monitoringEvent(_ event: MonitoringEvent, _ fx: inout [Effect]) {
        guard currentStatus().isAuthorized else { return }
        if case .regionEntered = event, accuracy == .reducedAccuracy { return }
        if case .regionExited = event, accuracy == .reducedAccuracy { return }
        // I4: When In Use apps on iOS 12 and earlier have no monitoring services.
        if currentStatus() == .authorizedWhenInUse, !platform.generationIsAtLeast(iOS: 13), platform.os != .macOS { return }
        if currentInUse(), appState.runsCode { return dispatch(event, &fx) }
        switch authorization {
        case .always(provisional: true) where hasIOS13Model:
            // P4: watchOS never launches an app for location, so no event can need the prompt.
            if configuration.platform.os == .watchOS && appState == .notRunning { return }
            heldEvents.append(event)
            let pending = prompt?.prompt.kind == .alwaysConfirmation
                || queuedPrompts.contains { $0.prompt.kind == .alwaysConfirmation }
                || timers.contains { $0.kind == .confirmationPrompt }
            if !pending {
                if parameters.confirmationPromptDelay <= .zero {
                    present(configuration.confirmationPrompt, manager: nil, &fx)
                } else {
                    schedule(ScheduledTimer(at: now + parameters.confirmationPromptDelay, kind: .confirmationPrompt))
                }
            }
        case .always(provisional: false):
            deliverOutOfUse(event, &fx)
        default:
            return // When In Use apps are not launched nor woken (I3, I12)
        }
    }

    /// Delivers an Always event to an app that is not in use: waking or launching it (A8, I12, P4).
    private mutating func deliverOutOfUse(_ event: MonitoringEvent, _ fx: inout [Effect]) {
        switch appState {
        case .foreground, .background:
            dispatch(event, &fx)
        case .suspended:
            appState = .background
            dispatch(event, &fx)
        case .notRunning:
            guard platform.os != .watchOS, platform.os != .visionOS else { return }
            startProcess(in: .background)
            pendingLaunchEvents.append(event)
            fx.append(.appLaunchedBySystem(reason: event.description))
        }
        noteBackgroundUse()
    }

    private mutating func dispatch(_ event: MonitoringEvent, _ fx: inout [Effect]) {
        if managers.isEmpty {
            pendingLaunchEvents.append(event)
            return
        }
        switch event {
        case .regionEntered(let name):
            for m in managers { fx.append(.delegate(m.id, .didEnterRegion(name))) }
        case .regionExited(let name):
            for m in managers { fx.append(.delegate(m.id, .didExitRegion(name))) }
        case .visit(let location):
            let targets = managers.filter(\.visits)
            for m in targets.isEmpty ? managers : targets {
                fx.append(.delegate(m.id, .didVisit(accuracy == .reducedAccuracy ? location.reduced : location)))
            }
        case .significantChange(let location):
            let targets = managers.filter(\.significantChanges)
            for m in targets.isEmpty ? managers : targets {
                fx.append(.delegate(m.id, .didUpdateLocations([accuracy == .reducedAccuracy ? location.reduced : location])))
            }
        }
    }
}
