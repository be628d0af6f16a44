/// Timings and choices the record leaves open, as parameters of the simulated device.
///
/// No exact timing is documented anywhere (SPEC preamble, H3, G4, I1); where the record is
/// uncertain LocSim picks a documented default and lets a test change it. Core Location has no
/// such type: these are properties of iOS itself.
public struct DeviceParameters: Hashable, Sendable {
    /// How long an app stays "in use" after leaving the foreground (I1). Default 10 s.
    public var gracePeriod: Duration = .seconds(10)
    /// Extra time out of use, after the grace period, before Allow Once expires (H2, H3). Default
    /// 50 s: with the 10 s grace period the grant survives a switch away of under a minute, as the
    /// reports say a brief switch does (H3: no duration is documented).
    public var allowOnceLapse: Duration = .seconds(50)
    /// How long the system waits before showing the provisional-Always confirmation prompt after
    /// the event that needs it (G4). Default 0 s; the prompt also waits for the device to be unlocked.
    public var confirmationPromptDelay: Duration = .zero
    /// An answer to the confirmation prompt within this time of its appearance is "near the time it
    /// was delivered": Change to Always Allow then delivers the held events (G5). Default 60 s.
    public var heldEventWindow: Duration = .seconds(60)
    /// Whether held events are still delivered after a late Change to Always Allow (G5: undocumented;
    /// default false, they are dropped).
    public var deliverHeldEventsAfterLateAnswer: Bool = false
    /// Whether Core Location also holds the latest event of each region while the confirmation
    /// prompt is pending (G5: the record says it holds *the triggering event*; what happens to
    /// later events is undocumented). Default false: only the event that needed the prompt is
    /// held, and later events while the prompt is pending are not delivered. True: besides it, one
    /// event per region, the latest (a later event of a region replaces the one held for it),
    /// delivered after the triggering event in order of region name. Either way the held events
    /// stay bounded, so an exploration of an app with regions can close.
    public var holdsLatestRegionEvents: Bool = false
    /// Whether locking the device dismisses a prompt without an answer (C10, uncertain). Default true.
    public var lockDismissesPrompt: Bool = true
    /// Whether starting a service with Location Services off shows the "Turn On Location Services"
    /// dialog (M2; reports say "sometimes"). Default true, once per launch.
    public var showsLocationServicesOffDialog: Bool = true
    /// Whether Airplane mode makes the app read `denied` and blocks its requests, as the global
    /// switch does (A6, uncertain). Default true: Apple's `denied` page lists Airplane mode among the
    /// cases where the status "can be" denied; false follows the report that GPS keeps working in
    /// Airplane mode since iOS 8.3 (mauron85/cordova-plugin-background-geolocation#49): the status
    /// is unchanged.
    public var airplaneModeDeniesLocation: Bool = true
    /// Whether the app's authorization record survives deleting and reinstalling the app (E4,
    /// uncertain): its status, Precise setting and the once-only Always record. Default true: several
    /// reports say iOS keeps location permission across a reinstall (pascalbros/PAPermissions#34;
    /// zoontek/react-native-permissions#884, citing Stack Overflow 48416987); false clears the
    /// record as Reset Location & Privacy does for this app (QA1906).
    public var reinstallKeepsAuthorization: Bool = true
    /// The first macOS major version on which a request from an app that declares
    /// `NSLocationWhenInUseUsageDescription` but not `NSLocationUsageDescription` prompts (P2,
    /// disputed). Default 27: a controlled test on macOS 27 (lingyired/status-trio#55, fresh bundle
    /// ids, `locationd` log) got the prompt that way; earlier versions follow Apple's page, which
    /// calls `NSLocationUsageDescription` required. A version past the newest release means never.
    public var macOSWhenInUseKeySufficesFrom: Int = 27
    /// Whether starting a service on macOS while `notDetermined` shows the prompt (P2, widely reported). Default true.
    public var macOSStartShowsPrompt: Bool = true
    /// Whether an Always prompt that goes away unanswered (C10: the device locked, the app killed, a
    /// change in Settings) spends the app's single Always request (E3, unknown). Default true: Apple
    /// says further calls "have no effect" once the app has called the method, whatever came of it.
    public var unansweredAlwaysPromptSpendsRequest: Bool = true
    /// Whether an Allow Once grant that lapses gives the app its single Always request back (E3 vs H5;
    /// uncertain). Default true: back to `notDetermined`, the app starts afresh.
    public var allowOnceExpiryRestoresAlwaysRequest: Bool = true
    /// With reduced accuracy, the shortest time between two deliveries to one manager (K2: "at most a
    /// few times per hour"). Default 15 min.
    public var reducedAccuracyInterval: Duration = .seconds(15 * 60)
    /// The distance in metres the device must move for a significant-change event. Default 500 m.
    public var significantChangeDistance: Double = 500
    /// After this long with permanent Always and background use, the usage reminder appears (F6);
    /// `nil` (the default) never shows it.
    public var usageReminderAfter: Duration? = nil
    /// The time of day when the virtual clock reads zero, as time since midnight (less than 24 h):
    /// the virtual clock's time of day is this plus the virtual time, so an App Clip's When In Use
    /// resets when it reaches 4:00 a.m. (P6). Default 9:00.
    public var startTimeOfDay: Duration = .seconds(9 * 3600)
    /// How long a widget stays in use after someone saw it: a widget refreshing within this time
    /// gets location, if the app extended its authorization to widgets (B5 "within a few minutes of
    /// having been seen"; F10's prompt says "up to 15 minutes after being viewed"). Default 15 min.
    public var widgetInUseDuration: Duration = .seconds(15 * 60)
    /// How long after it last received a location an app stays listed with the location indicator
    /// in Control Center (I13: "recently used"; no duration is documented). Default 10 min.
    public var recentUseWindow: Duration = .seconds(10 * 60)
    /// The paired iPhone's Precise Location switch for the app, which its watch app follows (K7):
    /// off gives watch apps reduced accuracy on watchOS 7+ and no location at all before watchOS 7.
    /// Default true (on). Read only on watchOS.
    public var pairedIPhonePrecise: Bool = true
    /// Whether location confirmation is left on for the App Clip on its App Clip card (P6: the user
    /// can turn it off). Default true.
    public var appClipLocationConfirmation: Bool = true
    /// How long after a launch the app may re-create the service sessions its last process held,
    /// in the background, and have them count as created in use (O6, O11: "within a few seconds
    /// of launch"; no figure is documented); after the watchOS relaunch that follows a crash, its
    /// background activity session too (P4). Default 5 s.
    public var sessionRecreationWindow: Duration = .seconds(5)
    /// Which spellings of the explicit-service-session key the device honours (O9: Apple's pages
    /// name `NSLocationRequireExplicitServiceSession` and `CLRequireExplicitServiceSession`; which
    /// one iOS reads is not documented). Default both.
    public var honoredExplicitSessionKeys: Set<ExplicitSessionKey> = Set(ExplicitSessionKey.allCases)
    /// Whether releasing a `CLBackgroundActivitySession` (its last reference going away) ends it
    /// as `invalidate()` does (O13: WWDC23 10180 says so; one iOS 17 report says it did not).
    /// Default true. Read by the simulator's API objects.
    public var releasingBackgroundActivitySessionEndsIt: Bool = true
    /// Whether a `CLServiceSession` created during the grace period after the app left the
    /// foreground counts as created in use (O6, O7: `CLServiceSession.h` says "in use", which
    /// the grace period is, I1; WWDC24 10212 says a session can only start being held "when your
    /// app is in the foreground"). Default true, the header's reading; false follows WWDC24: such
    /// a session is insufficiently in use until the app comes to the foreground.
    public var sessionsEngageInGracePeriod: Bool = true
    /// Whether a user force quit ends an active `CLBackgroundActivitySession` (O16, O17: the header
    /// says an active session continues after the app stops running, and is silent on force quits;
    /// Apple treats a force quit as the user's wish that the app stop). Default true: after a force
    /// quit the next launch has no session to resume; false keeps it, as after a system
    /// termination or a crash.
    public var forceQuitEndsBackgroundActivitySession: Bool = true
    /// The first release on which a region, significant-change, visit or `CLMonitor` event no
    /// longer relaunches an Always app the user force-quit (O17, disputed): `nil`, the default,
    /// relaunches it on every release, as `CLLocationManager.h` ("even if killed by the user", A8)
    /// and the long-standing reading say; `Platform(.iOS, 26, 4)` follows the one detailed report
    /// from iOS 26.4.2 (forums thread 826964). Only a platform of the same OS is affected.
    public var forceQuitBlocksRelaunchFrom: Platform? = nil

    /// Whether ``forceQuitBlocksRelaunchFrom`` applies to `platform`: a release of the same OS,
    /// at least the one it names.
    func forceQuitBlocksRelaunch(on platform: Platform) -> Bool {
        guard let from = forceQuitBlocksRelaunchFrom, from.os == platform.os else { return false }
        return platform.isAtLeast(from.major, from.minor)
    }
    /// Whether `requestLocation()` fails at once with `kCLErrorDenied` while the status is
    /// `notDetermined` (D8, disputed): false, the default, waits for the answer and delivers
    /// nothing meanwhile, as the published iOS Simulator probe saw; true follows a comment in a
    /// public macOS helper ("requestLocation() fails immediately instead of prompting").
    public var requestLocationFailsWhileNotDetermined: Bool = false
    /// How many conditions an app's monitors may hold before Core Location refuses more with
    /// `conditionLimitExceeded` (O15; Apple documents 20 for region monitoring, none for CLMonitor).
    /// Default 20.
    public var monitorConditionLimit: Int = 20
    /// Whether the device can store monitors' conditions; false sets `persistenceUnavailable` on
    /// every monitor event (events still arrive) and the conditions end with the app's process
    /// (O15). Default true.
    public var monitorPersistenceAvailable: Bool = true
    /// The flag live updates and monitor events carry while a When In Use app is out of use with
    /// no background activity session (O10). Default ``Diagnostics/insufficientlyInUse``, the
    /// flag's documented meaning (O12); expo saw ``Diagnostics/serviceSessionRequired`` there
    /// (O14, uncertain).
    public var outOfUseLiveUpdatesDiagnostic: Diagnostics = .insufficientlyInUse

    /// The defaults described on each property.
    public init() {}
}
