import LocSim
import LocSimModel

/// A parsed scenario file (format 1): a device, an app, and steps with expectations.
///
/// See `SCENARIO_FORMAT.md`. Core Location has no such type.
public struct Scenario: Hashable, Sendable {
    /// The scenario's name (the file name when it has none).
    public var name: String
    /// The file it came from.
    public var file: String
    /// The simulated device.
    public var device: DeviceSpec
    /// The app under test.
    public var app: AppDescription
    /// The steps, in order.
    public var steps: [Step]
    /// For a counterexample `locsim explore` wrote, the problem it shows (`hang asking.denied`):
    /// its last expectation is the problem, so a run in which every expectation holds reproduces
    /// it. `nil` for any other scenario.
    public var counterexample: String?

    /// Creates a scenario.
    public init(name: String, file: String, device: DeviceSpec, app: AppDescription, steps: [Step], counterexample: String? = nil) {
        self.name = name
        self.file = file
        self.device = device
        self.app = app
        self.steps = steps
        self.counterexample = counterexample
    }
}

/// The `device:` section of a scenario.
public struct DeviceSpec: Hashable, Sendable {
    /// `platform`, default iOS 18.0.
    public var platform = Platform(.iOS, 18)
    /// `locationServices`, default on.
    public var locationServices = true
    /// `restricted`, default false.
    public var restricted = false
    /// Timings and open choices (`gracePeriod`, `allowOnceLapse`, and LocSim's additions).
    public var parameters = DeviceParameters()
    /// `location`, the starting fix; default Apple Park; `nil` (`location: none`) for no fix.
    public var location: Coordinate? = Coordinate(latitude: 37.3349, longitude: -122.009)

    /// The defaults.
    public init() {}
}

/// One step of a scenario, with the line it is on.
public struct Step: Hashable, Sendable {
    /// What the step does.
    public var action: StepAction
    /// The line in the file.
    public var line: Int
    /// Creates a step.
    public init(_ action: StepAction, line: Int) {
        self.action = action
        self.line = line
    }
}

/// What a step does: an app call, a user or world action, time, or an expectation.
public enum StepAction: Hashable, Sendable {
    /// `launch`, `launchInBackground`, `foreground`, `background`, `suspend`, `terminate`, and
    /// LocSim's `forceQuit` and `crash` (O17).
    case lifecycle(Lifecycle)
    /// `lock` / `unlock`.
    case lock(Bool)
    /// `createManager: NAME`.
    case createManager(String)
    /// An app call on a manager (`requestAlways`, `startUpdating`, …).
    case call(AppCall, manager: String)
    /// A call of the iOS 17/18 API on the object named `object` (section O, LocSim's addition):
    /// `createServiceSession`, `invalidateServiceSession`, `startBackgroundActivity`,
    /// `invalidateBackgroundActivity`, `startLiveUpdates`, `stopLiveUpdates` (`object` names the
    /// session or stream), `openMonitor`, `addCondition`, `removeCondition` (`object` is the
    /// monitor's name). A file names objects, a run numbers them: the `SessionID` in `call` is
    /// ``StepAction/unnumbered`` until the runner gives the named object its number.
    case objectCall(AppCall, object: String)
    /// `choose: BUTTON` or `choose: {button, precise}`.
    case choose(PromptButton, precise: Bool?)
    /// `settings: never|askNextTime|whileUsing|always`.
    case settings(SettingsOption)
    /// `settings: {precise: on|off}`.
    case precise(Bool)
    /// `locationServices: on|off`.
    case locationServices(Bool)
    /// `airplaneMode: on|off` (LocSim's addition).
    case airplaneMode(Bool)
    /// `restrict: on|off`.
    case restrict(Bool)
    /// `resetLocationAndPrivacy`.
    case resetLocationAndPrivacy
    /// `checkLocationServices` or `checkLocationServices: main|background` (LocSim's addition, B4):
    /// the app calls `locationServicesEnabled()` on its main thread or on a background queue.
    case checkLocationServices(onMainThread: Bool)
    /// `reinstall` (LocSim's addition, E4): the user deletes the app and installs it again.
    case reinstall
    /// `tapLocationButton` (LocSim's addition, H6).
    case tapLocationButton
    /// `addWidget`: the user adds one of the app's widgets (LocSim's addition, F10).
    case addWidget
    /// `viewWidget`: someone sees one of the app's widgets (LocSim's addition, B5).
    case viewWidget
    /// `confirmLocation: {latitude, longitude, radius}`: the App Clip asks
    /// `APActivationPayload.confirmAcquired(in:)` (LocSim's addition, P6).
    case confirmLocation(Region)
    /// `wait: DURATION`.
    case wait(Duration)
    /// `moveTo: {latitude, longitude}`.
    case moveTo(Coordinate)
    /// `enterRegion: NAME`.
    case enterRegion(String)
    /// `exitRegion: NAME`.
    case exitRegion(String)
    /// `visit`.
    case visit
    /// `playGPX: PATH` (already read).
    case playGPX(GPXTrack, path: String)
    /// `expect: {…}`.
    case expect(Expectation)

    /// The session number of a parsed ``objectCall(_:object:)``: the runner allocates the real one.
    public static let unnumbered = SessionID(0)

    /// Lifecycle steps.
    public enum Lifecycle: String, Hashable, Sendable, CaseIterable {
        /// `launch`, `launchInBackground`, `foreground`, `background`, `suspend`, `terminate` (the
        /// system terminates the app, O17).
        case launch, launchInBackground, foreground, background, suspend, terminate
        /// `forceQuit` (LocSim's addition): the user force-quits the app from the app switcher (O17).
        case forceQuit
        /// `crash` (LocSim's addition): the app crashes (O17).
        case crash
    }
}

/// The keys of an `expect:` step; only the keys given are checked.
public struct Expectation: Hashable, Sendable {
    /// `status`: the status every manager reads.
    public var status: AuthorizationStatus?
    /// `accuracy`: `full` or `reduced`.
    public var accuracy: AccuracyAuthorization?
    /// `provisional`: Always is provisional (G1).
    public var provisional: Bool?
    /// `temporary`: When In Use is an Allow Once grant (H1).
    public var temporary: Bool?
    /// `prompt`: the kind of prompt on screen, or `none`.
    public var prompt: String?
    /// `buttons`: the prompt's buttons, as a set.
    public var buttons: Set<PromptButton>?
    /// `promptMessage`: text the prompt's message contains.
    public var promptMessage: String?
    /// `callbacks`: the delegate calls since the previous `expect`, one pattern per call, in order.
    public var callbacks: [CallbackPattern]?
    /// `received`: patterns each matched by a call since the previous `expect`.
    public var received: [CallbackPattern]?
    /// `notReceived`: patterns no call since the previous `expect` matches.
    public var notReceived: [CallbackPattern]?
    /// `manager`: whose calls `callbacks`, `received` and `notReceived` check.
    public var manager: String = "main"
    /// `inUse`: whether the app is in use (I1).
    public var inUse: Bool?
    /// `appState`: the lifecycle state.
    public var appState: AppState?
    /// `indicator`: the background location indicator shows.
    public var indicator: Bool?
    /// `servicesEnabled`: `locationServicesEnabled()`.
    public var servicesEnabled: Bool?
    /// `log`: text a console message since the previous `expect` contains.
    public var log: String?
    /// `terminated`: text of the exception that terminated the app.
    public var terminated: String?
    /// What the app's entry in Settings shows (LocSim's addition).
    public var settings: SettingsOption?
    /// `widgetUpdates`: `isAuthorizedForWidgetUpdates` (LocSim's addition, B5).
    public var widgetUpdates: Bool?
    /// `widgetInUse`: a widget was seen recently enough to be in use (LocSim's addition, B5).
    public var widgetInUse: Bool?
    /// `controlCenter`: Control Center lists the app as using location (LocSim's addition, I13).
    public var controlCenter: Bool?
    /// `locationConfirmation`: the answer of the last `confirmLocation` (LocSim's addition, P6).
    public var locationConfirmation: LocationConfirmation?
    /// `session`: the service session, background activity session or live-updates stream, by the
    /// name a step gave it, whose flags `diagnostics` checks (LocSim's addition, section O).
    public var session: String?
    /// `diagnostics`: the flags of ``session``: a session's current diagnostic, or the flags of the
    /// last update a live-updates stream yielded (O2, O12, O13).
    public var diagnostics: Diagnostics?
    /// `condition`: the state and flags of a condition of a monitor (O15).
    public var condition: ConditionExpectation?
    /// `refused`: text of the reason the step just before was refused for (LocSim's addition): a
    /// call the platform does not have, for instance. Only an `expect` with this key right after
    /// a refused step lets the scenario go on.
    public var refused: String?
    /// `launchOptions`: the keys of the launch options of the app's current process (LocSim's
    /// addition, O18): `[location]` or `[]`.
    public var launchOptions: [String]?

    /// No keys.
    public init() {}
}


/// The value of `expect: {condition: {monitor, identifier, state, diagnostics}}` (section O, O15).
public struct ConditionExpectation: Hashable, Sendable {
    /// The monitor's name (`openMonitor: NAME`).
    public var monitor: String
    /// The condition's identifier (`addCondition: {identifier}`).
    public var identifier: String
    /// `state`: what Core Location last determined for it, as `CLMonitor.record(for:)` reads it.
    public var state: MonitoringState?
    /// `diagnostics`: the flags of the last event the monitor yielded for it.
    public var diagnostics: Diagnostics?

    /// Creates the expectation.
    public init(monitor: String, identifier: String, state: MonitoringState? = nil, diagnostics: Diagnostics? = nil) {
        self.monitor = monitor
        self.identifier = identifier
        self.state = state
        self.diagnostics = diagnostics
    }
}
