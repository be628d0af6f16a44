// What follows from the stored state: the status, accuracy, in-use and indicator, and the
// definitions the transition shares with them.
extension AuthorizationModel {
    // MARK: - Derived values

    /// The status every manager of the app reads (A1–A10, M1, M4).
    /// Corresponds to `CLLocationManager.authorizationStatus`.
    @inlinable @inline(__always)
    public var status: AuthorizationStatus {
        Self.status(restricted: device.restricted, servicesOn: Self.servicesOn(device, configuration), authorization: record.authorization,
                    macOS: configuration.platform.os == .macOS)
    }

    /// Whether location services are on for the app: the global switch (M1), and Airplane mode
    /// when ``DeviceParameters/airplaneModeDeniesLocation`` (A6).
    @inlinable @inline(__always)
    static func servicesOn(_ device: Device, _ configuration: ModelConfiguration) -> Bool {
        device.locationServicesEnabled && !(device.airplaneMode && configuration.airplaneModeDeniesLocation)
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

    /// The accuracy authorization (K1–K6). Before iOS 14 every app is precise; a watch app follows
    /// its paired iPhone's Precise Location too (K7, ``DeviceParameters/pairedIPhonePrecise``).
    /// Corresponds to `CLLocationManager.accuracyAuthorization`.
    @inline(__always)
    public var accuracy: AccuracyAuthorization {
        guard supportsAccuracyAuthorization else { return .fullAccuracy }
        return (record.precise && !configuration.pairedIPhoneReduced) || record.temporaryFullAccuracy ? .fullAccuracy : .reducedAccuracy
    }

    /// Whether the platform has accuracy authorization (iOS 14+, macOS 11+, watchOS 7+, tvOS 14+).
    @inline(__always)
    public var supportsAccuracyAuthorization: Bool { configuration.supportsAccuracyAuthorization }

    /// Whether Always is provisional (G1). Invisible to apps (A10).
    @inlinable @inline(__always)
    public var isProvisional: Bool { record.authorization == .always(provisional: true) }

    /// Whether When In Use is an Allow Once grant (H1). Invisible to apps (A9).
    @inlinable @inline(__always)
    public var isTemporary: Bool { record.authorization == .whenInUse(temporary: true) }

    /// Whether the platform offers Allow Once and provisional Always (iOS 13+ generation).
    @inline(__always)
    public var hasIOS13Model: Bool { configuration.hasIOS13Model }

    /// Whether a continuous background session runs (I6): location background mode, a manager that
    /// allows background updates and had updates running in the foreground with it (not merely in the
    /// grace period, nor turned on after leaving the foreground), and an authorized app in the
    /// background. visionOS apps get no background updates (P3).
    public var backgroundSessionActive: Bool {
        Self.backgroundSession(appState: lifecycle.state, configuration: configuration, status: status, managers: services.managers)
    }

    /// Whether the background location indicator shows (I10, I11, P4).
    public var indicatorShowing: Bool {
        Self.indicator(appState: lifecycle.state, configuration: configuration, status: status, authorization: record.authorization, managers: services.managers,
                       activity: activityKeepsInUse)
    }

    /// Whether a background activity session keeps the app in use (O13, O16): an engaged session
    /// (started in the foreground, or rejoined at once after a launch), and `location` in the
    /// app's `UIBackgroundModes`, without which no session becomes active.
    @inlinable
    public var activityKeepsInUse: Bool {
        sessions.holdsBackgroundActivity && configuration.hasLocationBackgroundMode
    }

    /// Whether the app is "in use" (I1, I2, P2, P3): in the foreground, within the grace period
    /// after leaving it, or showing the background location indicator. Mac apps are always in use.
    @inlinable @inline(__always)
    public var isInUse: Bool {
        Self.inUse(appState: lifecycle.state, configuration: configuration, now: clock.now, graceEndsAt: lifecycle.graceEndsAt, status: status,
                   authorization: record.authorization, managers: services.managers,
                       activity: activityKeepsInUse)
    }

    /// The next instant a timer fires, if any. Inlinable: the device reads it on every step
    /// through a borrow of the app's model, and an opaque call copied the whole model first.
    @inlinable @inline(__always)
    public var nextDeadline: Duration? { clock.timers.first?.at }

    // MARK: - Derivations
    //
    // Written as `mutating` so that calls from the transition pass `self` by address: a
    // non-mutating getter called on `inout self` copies the whole state first (measured: four
    // 371-byte copies per event). They and the public properties above share the static
    // definitions below, which take only the fields they read.

    @inline(__always)
    mutating func currentStatus() -> AuthorizationStatus {
        Self.status(restricted: device.restricted, servicesOn: Self.servicesOn(device, configuration), authorization: record.authorization,
                    macOS: configuration.platform.os == .macOS)
    }

    @inline(__always)
    mutating func currentIndicator() -> Bool {
        Self.indicator(appState: lifecycle.state, configuration: configuration, status: currentStatus(), authorization: record.authorization,
                       managers: services.managers, activity: activityKeepsInUse)
    }

    @inline(__always)
    mutating func currentInUse() -> Bool {
        Self.inUse(appState: lifecycle.state, configuration: configuration, now: clock.now, graceEndsAt: lifecycle.graceEndsAt, status: currentStatus(),
                   authorization: record.authorization, managers: services.managers,
                       activity: activityKeepsInUse)
    }

    // The definitions, from the fields they read: one for the public properties and the
    // transition, and neither copies the whole state to call them.

    @inlinable
    static func backgroundSession(appState: AppState, configuration: ModelConfiguration, status: AuthorizationStatus,
                                          managers: [ManagerState]) -> Bool {
        guard appState == .background, configuration.hasLocationBackgroundMode, status.isAuthorized else { return false }
        let os = configuration.platform.os
        guard os == .iOS || os == .watchOS else { return false }
        return managers.contains { $0.updating && $0.allowsBackgroundLocationUpdates && $0.updatingStartedInForeground }
    }

    @inlinable
    static func indicator(appState: AppState, configuration: ModelConfiguration, status: AuthorizationStatus,
                                  authorization: StoredAuthorization, managers: [ManagerState], activity: Bool) -> Bool {
        // O13: an engaged background activity session keeps the app in use through the indicator.
        if activity, appState == .background, status.isAuthorized, configuration.platform.os == .iOS || configuration.platform.os == .watchOS { return true }
        guard backgroundSession(appState: appState, configuration: configuration, status: status, managers: managers) else { return false }
        if configuration.platform.os == .watchOS { return true }
        switch authorization {
        case .whenInUse:
            return true
        case .always:
            // Provisional Always reads as Always (A10), so it too needs the opt-in (G7).
            guard configuration.generationIsAtLeast(iOS: 11) else { return false }
            return managers.contains { $0.updating && $0.allowsBackgroundLocationUpdates && $0.showsBackgroundLocationIndicator }
        default:
            return false
        }
    }

    @inlinable @inline(__always)
    static func inUse(appState: AppState, configuration: ModelConfiguration, now: Duration, graceEndsAt: Duration?,
                              status: AuthorizationStatus, authorization: StoredAuthorization, managers: [ManagerState], activity: Bool) -> Bool {
        switch appState {
        case .foreground:
            return true
        case .background:
            if configuration.platform.os == .macOS { return true }
            if let graceEndsAt, now < graceEndsAt { return true }
            return indicator(appState: appState, configuration: configuration, status: status, authorization: authorization, managers: managers, activity: activity)
        case .suspended, .notRunning:
            return false
        }
    }

    @inline(__always)
    mutating func currentCanDeliver() -> Bool {
        guard currentStatus().isAuthorized, lifecycle.state.runsCode, !configuration.pairedIPhoneWithholdsLocation else { return false }
        if currentInUse() { return true }
        if configuration.platform.os == .visionOS { return false }
        // Permanent Always apps may get updates in the background until suspended (I9).
        return record.authorization == .always(provisional: false) && lifecycle.state == .background
    }

    /// Whether standard location updates reach the app now (A7, A8, D8, G7, I5, I9, K7, P3).
    public func canDeliverUpdates() -> Bool { var m = self; return m.currentCanDeliver() }

    /// Whether Control Center lists the app with the location indicator (I13, iOS 16+): it is
    /// tracking location now (updates running and reaching it), or one of its managers got a fix
    /// within ``DeviceParameters/recentUseWindow`` (each manager's last delivery; the process's end
    /// forgets them).
    public var isListedInControlCenter: Bool {
        guard platform.os == .iOS, platformIsAtLeast(16) else { return false }
        if services.managers.contains(where: \.updating), canDeliverUpdates() { return true }
        return services.managers.contains { m in m.lastDelivery.map { clock.now - $0 <= parameters.recentUseWindow } ?? false }
    }
}
