/// Something that happened: to the app, the user, the device or the world.
///
/// The model's `handle(_:)` applies one event and returns the effects. Events are named after
/// what happened (`userChoseButton`, `appEnteredBackground`), not after what to do.
public enum Event: Hashable, Sendable {
    // MARK: App lifecycle
    /// The user opened the app; it runs in the foreground.
    case appLaunched
    /// The system launched the app in the background (A8, I12).
    case appLaunchedInBackground
    /// The app came to the foreground.
    case appEnteredForeground
    /// The app left the foreground (the grace period starts, I1).
    case appEnteredBackground
    /// The system suspended the app.
    case appSuspended
    /// The system terminated the app: memory pressure, or a long suspension (O17). What relaunches
    /// it later: A8, I12, O11, O16, P4.
    case appTerminated
    /// The user force-quit the app from the app switcher (O17): no watchOS relaunch (P4); on iOS,
    /// ``DeviceParameters/forceQuitBlocksRelaunchFrom`` and
    /// ``DeviceParameters/forceQuitEndsBackgroundActivitySession`` say what still brings it back.
    case appForceQuit
    /// The app crashed: an exception or a trap in its own code (O17). Core Location's own
    /// exceptions (I8, N4) are crashes too; they come from the call that raised them.
    case appCrashed
    /// The user deleted the app and installed it again (E4): the process, its managers and the
    /// services it registered are gone; the record survives if
    /// ``DeviceParameters/reinstallKeepsAuthorization``.
    case appReinstalled

    // MARK: App calls
    /// The app created a location manager (C2). Corresponds to `CLLocationManager()` with a
    /// delegate; `implements` is what that delegate implements (N4, default every method).
    case appCreatedManager(ManagerID, hasDelegate: Bool, implements: DelegateMethods = .all)
    /// The app set or cleared a manager's delegate; `implements` is what the new delegate
    /// implements (N4: `requestLocation()` needs `didUpdateLocations` and `didFailWithError`).
    case appSetDelegate(ManagerID, present: Bool, implements: DelegateMethods = .all)
    /// The app released a location manager.
    case appReleasedManager(ManagerID)
    /// Corresponds to `CLLocationManager.locationServicesEnabled()`, called from the app's main
    /// thread or from a background queue (B4: the main-thread call draws a runtime warning).
    case appCheckedLocationServicesEnabled(onMainThread: Bool)
    /// Corresponds to `requestWhenInUseAuthorization()`.
    case appRequestedWhenInUseAuthorization(ManagerID)
    /// Corresponds to `requestAlwaysAuthorization()`.
    case appRequestedAlwaysAuthorization(ManagerID)
    /// Corresponds to `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`.
    case appRequestedTemporaryFullAccuracy(ManagerID, purposeKey: String)
    /// Corresponds to `startUpdatingLocation()`.
    case appStartedUpdatingLocation(ManagerID)
    /// Corresponds to `stopUpdatingLocation()`.
    case appStoppedUpdatingLocation(ManagerID)
    /// Corresponds to `requestLocation()`.
    case appRequestedLocation(ManagerID)
    /// Corresponds to `startMonitoringSignificantLocationChanges()`.
    case appStartedSignificantChanges(ManagerID)
    /// Corresponds to `stopMonitoringSignificantLocationChanges()`.
    case appStoppedSignificantChanges(ManagerID)
    /// Corresponds to `startMonitoringVisits()`.
    case appStartedVisits(ManagerID)
    /// Corresponds to `stopMonitoringVisits()`.
    case appStoppedVisits(ManagerID)
    /// Corresponds to `startMonitoring(for:)`.
    indirect case appStartedMonitoringRegion(ManagerID, Region)
    /// Corresponds to `stopMonitoring(for:)`.
    case appStoppedMonitoringRegion(ManagerID, name: String)
    /// Corresponds to setting `allowsBackgroundLocationUpdates` (I6–I8).
    case appSetAllowsBackgroundLocationUpdates(ManagerID, Bool)
    /// Corresponds to setting `showsBackgroundLocationIndicator` (I10).
    case appSetShowsBackgroundLocationIndicator(ManagerID, Bool)
    /// Corresponds to setting `pausesLocationUpdatesAutomatically`.
    case appSetPausesLocationUpdatesAutomatically(ManagerID, Bool)
    /// Corresponds to setting `desiredAccuracy`.
    case appSetDesiredAccuracy(ManagerID, DesiredAccuracy)

    // MARK: App calls of the iOS 17/18 API (section O)
    /// The app created a service session (O3–O6). Corresponds to
    /// `CLServiceSession(authorization:)` and `CLServiceSession(authorization:fullAccuracyPurposeKey:)`.
    case appCreatedServiceSession(SessionID, SessionRequirement, fullAccuracyPurposeKey: String?)
    /// The app ended a service session (O11). Corresponds to `CLServiceSession.invalidate()`, or
    /// releasing the session.
    case appInvalidatedServiceSession(SessionID)
    /// The app started a background activity session (O13). Corresponds to `CLBackgroundActivitySession()`.
    case appStartedBackgroundActivitySession(SessionID)
    /// The app ended a background activity session (O13). Corresponds to
    /// `CLBackgroundActivitySession.invalidate()`, or releasing it when
    /// ``DeviceParameters/releasingBackgroundActivitySessionEndsIt``.
    case appInvalidatedBackgroundActivitySession(SessionID)
    /// The app started iterating live updates (O1). Corresponds to iterating `CLLocationUpdate.liveUpdates(_:)`.
    case appStartedLiveUpdates(SessionID)
    /// The app stopped iterating live updates.
    case appStoppedLiveUpdates(SessionID)
    /// The app obtained a monitor and iterates its events (O15). Corresponds to `await CLMonitor(_:)` and `events`.
    case appOpenedMonitor(String)
    /// The app added a circular condition to a monitor (O15). Corresponds to
    /// `CLMonitor.add(_:identifier:assuming:)` with a `CircularGeographicCondition`.
    indirect case appAddedMonitorCondition(monitor: String, Region, assuming: MonitoringState)
    /// The app removed a condition (O15). Corresponds to `CLMonitor.remove(_:)`.
    case appRemovedMonitorCondition(monitor: String, identifier: String)

    // MARK: The user
    /// The user tapped a button of the prompt on screen; `precise` is the Precise toggle when the
    /// prompt has one (F7), `nil` to leave it as shown.
    case userChoseButton(PromptButton, precise: Bool?)
    /// The user changed the app's entry in Settings (L1).
    case userChangedSetting(SettingsOption)
    /// The user turned the app's Precise Location switch on or off (K1, K3).
    case userChangedPreciseLocation(Bool)
    /// The user turned Location Services on or off for the whole device (M1).
    case userSwitchedLocationServices(Bool)
    /// The user turned Airplane mode on or off (A6).
    case userSwitchedAirplaneMode(Bool)
    /// Parental controls or MDM started or stopped restricting location (A5, M4).
    case restrictionChanged(Bool)
    /// The user chose Reset Location & Privacy (E4, L2).
    case userResetLocationAndPrivacy
    /// The user tapped a `CLLocationButton` in the app (H6).
    case userTappedLocationButton
    /// The user added one of the app's widgets to the Home Screen (F10): a widget that wants
    /// location asks to extend the app's When In Use authorization to widgets.
    case userAddedWidget
    /// Someone saw one of the app's widgets: it is in use for
    /// ``DeviceParameters/widgetInUseDuration`` (B5).
    case userViewedWidget
    /// The device was locked (C10).
    case deviceLocked
    /// The device was unlocked.
    case deviceUnlocked

    // MARK: Time and the world
    /// Virtual time moved forward to this instant; everything due by then happens.
    case clockAdvanced(to: Duration)
    /// The device got a new fix (moved, or a GPX point was reached).
    case deviceMoved(Location)
    /// The device entered a monitored region (by name).
    case deviceEnteredRegion(String)
    /// The device left a monitored region (by name).
    case deviceExitedRegion(String)
    /// The world produced a visit (CLVisit).
    case deviceVisited
}

/// An option of the app's entry in Settings › Privacy › Location Services (L1).
public enum SettingsOption: String, Hashable, Sendable, CaseIterable {
    /// "Never": `denied`.
    case never
    /// "Ask Next Time (Or When I Share)": `notDetermined` (iOS 13+).
    case askNextTime
    /// "While Using the App": `authorizedWhenInUse`.
    case whileUsing
    /// "Always": `authorizedAlways`.
    case always
}
