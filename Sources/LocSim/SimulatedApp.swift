import LocSimModel

/// An app installed on a simulated device: its Info.plist facts, its lifecycle, its managers.
///
/// Its authorization lives in ``model``, an `AuthorizationModel` that only the device changes (through its `AuthorizationInterpreter`).
/// Corresponds to an installed iOS app as Core Location sees it.
public final class SimulatedApp {
    /// The device the app is installed on.
    public unowned let device: SimulatedDevice
    /// The app's authorization system: state, derived status, prompts.
    public var model: AuthorizationModel {
        _read { yield interpreter.model }   // lent, not copied, on every read
    }
    /// The driver of ``model``, with the delegate calls and launch code waiting for the run loop.
    ///
    /// Not checked for exclusive access at run time (it is read or changed several times per
    /// event; the device drives one app at a time and runs no app code while it changes it).
    @exclusivity(unchecked) var interpreter: AuthorizationInterpreter
    /// Code the app runs each time it launches (in the foreground or, for a location event, in
    /// the background): typically it creates its location managers here.
    public var onLaunch: ((SimulatedApp) -> Void)?

    var managerObjects: [ManagerID: WeakManager] = [:]
    var lifecycleObservers = LifecycleObservers()
    var managerNames: [ManagerID: String] = [:]
    var nextManager = 0
    /// The section-O objects the process holds, by number, and the monitors by name.
    @exclusivity(unchecked) var sessionSinks = SinkList<SessionID>()
    var monitorSinks = SinkList<String>()
    var sessionNames: [SessionID: String] = [:]
    var nextSession = 1
    /// The feeds of the async sequences of the process, ended with it.
    var feeds: [WeakFeed] = []
    /// Counts the app's processes: an object of an ended process makes no calls.
    var processNumber = 0

    /// The process ended: its objects are gone for Core Location.
    func processEnded() {
        lifecycleObservers.removeAll()
        launchOptions = []
        isSceneConnected = false
        processNumber += 1
        sessionSinks.removeAll()
        monitorSinks.removeAll()
        let ended = feeds
        feeds.removeAll()
        for feed in ended { feed.value?.finish() }
    }

    /// Ends every iteration of the app's async sequences (a driver that drops the device).
    public func endIterations() {
        let ended = feeds
        feeds.removeAll()
        for feed in ended { feed.value?.finish() }
    }

    init(device: SimulatedDevice, model: AuthorizationModel) {
        self.device = device
        self.interpreter = AuthorizationInterpreter(model: model)
    }

    /// The app's name, shown in prompt titles and timelines.
    public var name: String { model.app.name }
    /// Lifecycle state.
    public var state: AppState { interpreter.model.lifecycle.state }
    /// Whether the app is in use (I1).
    public var isInUse: Bool { interpreter.model.isInUse }
    /// The status every manager reads. Corresponds to `CLLocationManager.authorizationStatus`.
    public var authorizationStatus: AuthorizationStatus { interpreter.model.status }
    /// The accuracy authorization. Corresponds to `CLLocationManager.accuracyAuthorization`.
    public var accuracyAuthorization: AccuracyAuthorization { model.accuracy }
    /// The exception that last terminated the app, if any (I8, N4).
    public var terminationReason: AppException? { model.lifecycle.terminationReason }
    /// Whether Control Center lists the app as using location now or recently (I13). LocSim's
    /// view of system UI.
    public var isListedInControlCenter: Bool { model.isListedInControlCenter }
    /// Whether one of the app's widgets was seen recently enough to be in use (B5).
    public var isWidgetInUse: Bool { model.isWidgetInUse }
    /// The answer of the app's last location confirmation (P6), if it asked for one.
    public private(set) var lastLocationConfirmation: LocationConfirmation?

    /// The user opens the app: it runs in the foreground and runs ``onLaunch``.
    public func launch() { lifecycle(.appLaunched, "launch") }
    /// The system launches the app in the background and runs ``onLaunch``.
    public func launchInBackground() { lifecycle(.appLaunchedInBackground, "launch in background") }
    /// The app returns to the foreground.
    public func enterForeground() { lifecycle(.appEnteredForeground, "enter foreground") }
    /// The app goes to the background (the grace period starts).
    public func enterBackground() { lifecycle(.appEnteredBackground, "enter background") }
    /// The system suspends the app.
    public func suspend() { lifecycle(.appSuspended, "suspend") }
    /// The system terminates the app: memory pressure, or a long suspension (O17).
    public func terminate() { lifecycle(.appTerminated, "terminate") }
    /// The user force-quits the app from the app switcher (O17).
    public func forceQuit() { lifecycle(.appForceQuit, "force quit") }
    /// The app crashes: an exception or a trap in its own code (O17).
    public func crash() { lifecycle(.appCrashed, "crash") }

    /// The keys of the launch options of the app's current process (O18): `[.location]` when the
    /// system launched it for a location event under the app-delegate life cycle; empty under the
    /// scene life cycle, where the key is absent, and for every other launch. Set before
    /// ``onLaunch`` runs. Corresponds to the keys of the `launchOptions` that
    /// `application(_:didFinishLaunchingWithOptions:)` receives.
    public internal(set) var launchOptions: Set<LaunchOptionsKey> = []
    /// Whether one of the app's scenes is connected (O18): under the scene life cycle, once the
    /// process has come to the foreground (a launch into the background connects none, so
    /// `scene(_:willConnectTo:options:)` has not run); never under the app-delegate life cycle.
    /// Corresponds to `UIApplication.shared.connectedScenes` not being empty.
    public internal(set) var isSceneConnected = false

    /// The user deletes the app and installs it again (E4): it is not running afterwards, its
    /// managers and registered services are gone, and its authorization survives if the device's
    /// `reinstallKeepsAuthorization` parameter says so.
    public func reinstall() {
        device.userAction(self, .appReinstalled, "delete and reinstall \(name)")
    }

    // MARK: Lifecycle notifications

    /// Calls `handler` with each lifecycle notification named `name` (every one when `nil`) that
    /// the app receives from now on, until its process ends or ``removeObserver(_:)``.
    ///
    /// Notifications arrive when the run loop turns, in order with delegate calls: those an event
    /// causes come before the delegate calls it causes, in the order of
    /// ``AppActivity/notifications(to:)`` — a prompt makes the app resign active and its answer
    /// makes it active again (C11). Observers are the process's: a terminated app loses them, and
    /// its launch code registers them again. Corresponds to
    /// `NotificationCenter.default.addObserver(forName:object:queue:using:)` for the
    /// `UIApplication` and `UIScene` lifecycle notifications, and to the scene delegate methods.
    @discardableResult
    public func observe(_ name: LifecycleNotification?, _ handler: @escaping (LifecycleNotification) -> Void) -> LifecycleObserver {
        lifecycleObservers.add(name, handler)
    }

    /// Stops calling an observer's handler. Corresponds to `NotificationCenter.removeObserver(_:)`.
    public func removeObserver(_ observer: LifecycleObserver) {
        lifecycleObservers.remove(observer)
    }

    /// Posts a notification to the app's observers (the run loop does, when the app runs code).
    func post(_ notification: LifecycleNotification) {
        for handler in lifecycleObservers.handlers(for: notification) { handler(notification) }
    }

    /// The user changes the app's entry in Settings (L1).
    public func changeSetting(_ option: SettingsOption) {
        device.userAction(self, .userChangedSetting(option), "Settings › \(name) › Location: \(option.rawValue)")
    }

    /// The user turns the app's Precise Location switch on or off (K1).
    public func setPreciseLocation(_ on: Bool) {
        device.userAction(self, .userChangedPreciseLocation(on), "Settings › \(name) › Precise Location: \(on ? "on" : "off")")
    }

    /// The user taps a `CLLocationButton` in the app (H6).
    public func tapLocationButton() {
        device.userAction(self, .userTappedLocationButton, "tap location button")
    }

    /// The user adds one of the app's widgets to the Home Screen (F10).
    public func addWidget() {
        device.userAction(self, .userAddedWidget, "add widget")
    }

    /// Someone sees one of the app's widgets (B5): it is in use for `widgetInUseDuration`.
    public func viewWidget() {
        device.userAction(self, .userViewedWidget, "view widget")
    }

    /// The App Clip asks the system to confirm that the user is inside `region` (P6). The answer
    /// needs no location authorization; `completion` gets the Bool and the
    /// `APActivationPayloadError` code (`nil` for no error) when the run loop turns — LocSim calls
    /// it before returning. Corresponds to `APActivationPayload.confirmAcquired(in:completionHandler:)`.
    @discardableResult
    public func confirmAcquired(in region: Region, completion: ((Bool, Int?) -> Void)? = nil) -> LocationConfirmation {
        let answer = model.locationConfirmation(in: region)
        lastLocationConfirmation = answer
        device.record(TimelineEntry(time: device.now, app: name, kind: .appCall,
                                    text: "APActivationPayload.confirmAcquired(in: \(region.name), radius \(region.radius) m) → \(answer.rawValue) (\(answer.value)\(answer.errorCode.map { ", APActivationPayloadError \($0)" } ?? ""))"))
        completion?(answer.value, answer.errorCode)
        return answer
    }

    /// The manager with this model id, if the app still holds it.
    public func manager(_ id: ManagerID) -> LocationManager? { managerObjects[id]?.value }

    /// The app's live managers, in creation order.
    public var managers: [LocationManager] {
        model.services.managers.compactMap { managerObjects[$0.id]?.value }
    }

    /// The first live manager with this name.
    public func manager(named name: String) -> LocationManager? {
        managers.first { $0.name == name }
    }

    func name(of id: ManagerID) -> String { managerNames[id] ?? "\(id)" }

    private func lifecycle(_ event: Event, _ text: String) {
        let wasRunning = model.lifecycle.state != .notRunning
        device.send(event, to: self, entry: TimelineEntry(time: device.now, app: name, kind: .lifecycle, text: text))
        if !wasRunning, model.lifecycle.state != .notRunning {
            launchOptions = []
            onLaunch?(self)
            // O18: under scenes, a launch into the foreground connects the scene after the launch code.
            if model.app.scenes, model.lifecycle.state == .foreground { isSceneConnected = true }
        }
        device.run()
    }
}

final class WeakManager {
    weak var value: LocationManager?
    init(_ value: LocationManager) { self.value = value }
}

// MARK: Checkpoints

extension SimulatedApp {
    /// An app's part of a ``SimulatedDevice/Checkpoint``: its values, and its managers' that exist.
    public struct Checkpoint {
        fileprivate let interpreter: AuthorizationInterpreter
        fileprivate let managerObjects: [ManagerID: WeakManager]
        fileprivate let lifecycleObservers: LifecycleObservers
        fileprivate let managerNames: [ManagerID: String]
        fileprivate let nextManager: Int
        fileprivate let sessionSinks: SinkList<SessionID>
        fileprivate let monitorSinks: SinkList<String>
        fileprivate let sessionNames: [SessionID: String]
        fileprivate let nextSession: Int
        fileprivate let feeds: [WeakFeed]
        fileprivate let processNumber: Int
        fileprivate let lastLocationConfirmation: LocationConfirmation?
        fileprivate let launchOptions: Set<LaunchOptionsKey>
        fileprivate let isSceneConnected: Bool
        fileprivate let managers: [(LocationManager, LocationManager.Checkpoint)]
    }

    func checkpoint() -> Checkpoint {
        Checkpoint(interpreter: interpreter, managerObjects: managerObjects, lifecycleObservers: lifecycleObservers,
                   managerNames: managerNames, nextManager: nextManager, sessionSinks: sessionSinks, monitorSinks: monitorSinks,
                   sessionNames: sessionNames, nextSession: nextSession, feeds: feeds, processNumber: processNumber,
                   lastLocationConfirmation: lastLocationConfirmation, launchOptions: launchOptions,
                   isSceneConnected: isSceneConnected, managers: managers.map { ($0, $0.checkpoint()) })
    }

    func restore(_ c: Checkpoint) {
        interpreter = c.interpreter
        managerObjects = c.managerObjects
        lifecycleObservers = c.lifecycleObservers
        managerNames = c.managerNames
        nextManager = c.nextManager
        sessionSinks = c.sessionSinks
        monitorSinks = c.monitorSinks
        sessionNames = c.sessionNames
        nextSession = c.nextSession
        feeds = c.feeds
        processNumber = c.processNumber
        lastLocationConfirmation = c.lastLocationConfirmation
        launchOptions = c.launchOptions
        isSceneConnected = c.isSceneConnected
        for (manager, saved) in c.managers { manager.restore(saved) }
    }
}
