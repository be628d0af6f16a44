import LocSimTesting

// App code in the shapes real location classes take (written for these tests, after the patterns
// of shipping apps): an async wrapper that awaits the authorization callback on a continuation, an
// iOS 17 live-updates loop, the iOS 18 objects made inside the app's own tasks, a singleton. Each
// is plain `CL…` code, as it compiles against Core Location; the adapters below are the tests'.

/// Awaits the authorization callback on a stored continuation. `clearsContinuation: false` is
/// the shipping bug: every later authorization change resumes it again, and the app crashes.
final class AuthorizationAwaiter: NSObject, CLLocationManagerDelegate {
    private let manager = CLLocationManager()
    private var continuation: CheckedContinuation<CLAuthorizationStatus, Never>?
    private let clearsContinuation: Bool

    init(clearsContinuation: Bool) {
        self.clearsContinuation = clearsContinuation
        super.init()
        manager.delegate = self
    }

    /// Asks for When In Use and returns the answer.
    func requestWhenInUse() async -> CLAuthorizationStatus {
        if manager.authorizationStatus != .notDetermined { return manager.authorizationStatus }
        return await withCheckedContinuation { continuation in
            self.continuation = continuation
            manager.requestWhenInUseAuthorization()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        guard manager.authorizationStatus != .notDetermined else { return }
        continuation?.resume(returning: manager.authorizationStatus)
        if clearsContinuation { continuation = nil }
    }

    /// For an app that calls it when it returns to the foreground: a prompt taken away
    /// unanswered (the lock) calls no delegate method, so a waiting caller is answered here.
    func willEnterForeground() {
        guard clearsContinuation, let waiting = continuation else { return }
        continuation = nil
        waiting.resume(returning: manager.authorizationStatus)
    }
}

/// The screen that uses the awaiter: "Use my location" awaits the answer.
final class AwaitingScreen: ExplorationApp {
    let awaiter: AuthorizationAwaiter
    var screen = "intro"
    var isWaiting: Bool { screen == "asking" }
    /// Whether the button stays enabled while the answer is awaited (a second tap calls the
    /// wrapper again).
    let tapsWhileAsking: Bool

    init(clearsContinuation: Bool, tapsWhileAsking: Bool) {
        awaiter = AuthorizationAwaiter(clearsContinuation: clearsContinuation)
        self.tapsWhileAsking = tapsWhileAsking
    }

    func canTap(_ name: String) -> Bool { tapsWhileAsking || screen != "asking" }

    func tap(_ name: String) async {
        screen = "asking"
        let status = await awaiter.requestWhenInUse()
        screen = status == .authorizedWhenInUse || status == .authorizedAlways ? "ready" : "denied"
    }
}

/// An iOS 17 view model that reads `CLLocationUpdate.liveUpdates()` and watches the status on a
/// manager. `returnsWithoutLocation: true` is the bug: the loop returns on the first update
/// without a location — on iOS 18 the first update comes while the prompt is up and says only
/// `authorizationRequestInProgress`, so the app never gets a location.
@MainActor final class LiveLocationModel: NSObject {
    enum Screen: String { case idle, locating, located, denied }
    private(set) var screen = Screen.idle
    private let manager = CLLocationManager()
    private var reading: Task<Void, Never>?
    private let returnsWithoutLocation: Bool

    nonisolated init(returnsWithoutLocation: Bool) {
        self.returnsWithoutLocation = returnsWithoutLocation
        super.init()
    }

    func start() {
        guard screen == .idle else { return }
        manager.delegate = self
        screen = .locating
        reading = Task {
            do {
                for try await update in CLLocationUpdate.liveUpdates() {
                    guard let location = update.location else {
                        if returnsWithoutLocation { return }
                        if update.authorizationDenied || update.authorizationRestricted { screen = .denied }
                        continue
                    }
                    _ = location
                    screen = .located
                }
            } catch {
                screen = .idle
            }
        }
    }
}

extension LiveLocationModel: @preconcurrency CLLocationManagerDelegate {
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        // iOS 17 updates say nothing of a denial: the status does. The loop reads on, so a
        // later Allow in Settings brings locations again.
        guard reading != nil else { return }
        switch manager.authorizationStatus {
        case .denied, .restricted: screen = .denied
        case .authorizedWhenInUse, .authorizedAlways: if screen == .denied { screen = .locating }
        default: break
        }
    }
}

/// The exploration's view of ``LiveLocationModel``.
@MainActor final class LiveLocationScreen: @preconcurrency ExplorationApp {
    let model: LiveLocationModel
    nonisolated init(returnsWithoutLocation: Bool) { model = LiveLocationModel(returnsWithoutLocation: returnsWithoutLocation) }
    var screen: String { model.screen.rawValue }
    var isWaiting: Bool { false }
    func tap(_ name: String) { model.start() }
}

/// The iOS 18 live tracker of `Examples/explore/live-tracker.yml`, with its session, its
/// background activity session and its live updates all made inside the task it starts.
@MainActor final class TaskMadeTracker {
    enum Screen: String { case idle, asking, tracking, denied, paused }
    private(set) var screen: Screen = .idle
    private var session: CLServiceSession?
    private var activity: CLBackgroundActivitySession?
    private var reading: Task<Void, Never>?

    nonisolated init() {}

    func startTapped() {
        guard screen == .idle else { return }
        screen = .asking
        reading = Task {
            session = CLServiceSession(authorization: .whenInUse)
            activity = CLBackgroundActivitySession()
            do {
                for try await update in CLLocationUpdate.liveUpdates() { show(update) }
            } catch {
                screen = .paused
            }
        }
    }

    func stopTapped() {
        reading?.cancel()
        reading = nil
        session?.invalidate()
        activity?.invalidate()
        session = nil
        activity = nil
        screen = .idle
    }

    private func show(_ update: CLLocationUpdate) {
        if update.authorizationDenied || update.authorizationDeniedGlobally || update.authorizationRestricted {
            screen = .denied
        } else if update.insufficientlyInUse {
            screen = .paused
        } else if update.location != nil {
            screen = .tracking
        }
    }
}

/// The exploration's view of ``TaskMadeTracker``.
@MainActor final class TaskMadeTrackerScreen: @preconcurrency ExplorationApp {
    let model = TaskMadeTracker()
    nonisolated init() {}
    var screen: String { model.screen.rawValue }
    var isWaiting: Bool { model.screen == .asking }
    func tap(_ name: String) { name == "start" ? model.startTapped() : model.stopTapped() }
}

/// A location service behind a `static let shared` singleton, as many apps hold one.
final class SharedLocationService: NSObject, CLLocationManagerDelegate {
    nonisolated(unsafe) static let shared = SharedLocationService()
    let manager = CLLocationManager()
    private(set) var status = CLAuthorizationStatus.notDetermined

    private override init() {
        super.init()
        manager.delegate = self
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) { status = manager.authorizationStatus }
}

/// The screen that asks through the singleton.
final class SharedServiceScreen: ExplorationApp {
    var screen: String { SharedLocationService.shared.status == .notDetermined ? "intro" : "answered" }
    var isWaiting: Bool { false }
    func tap(_ name: String) { SharedLocationService.shared.manager.requestWhenInUseAuthorization() }
}

/// An SDK that keeps its manager, its delegate and the waiting caller's continuation in `static
/// var`s, made at the first call, as many permission SDKs do, with a reset for each launch (on iOS
/// each launch is a fresh process). It answers as ``AuthorizationAwaiter`` does.
enum StaticPermissionSDK {
    nonisolated(unsafe) private static var manager: CLLocationManager?
    nonisolated(unsafe) private static var delegate: Delegate?
    nonisolated(unsafe) private static var waiting: CheckedContinuation<CLAuthorizationStatus, Never>?

    /// What a fresh process holds: nothing. A caller still waiting from the launch before is
    /// dropped with it (Swift prints that its continuation leaked: that process is gone).
    static func resetForLaunch() { (manager, delegate, waiting) = (nil, nil, nil) }

    static func requestWhenInUse() async -> CLAuthorizationStatus {
        let made = manager ?? CLLocationManager()
        if manager == nil {
            let d = Delegate()
            made.delegate = d
            (manager, delegate) = (made, d)
        }
        if made.authorizationStatus != .notDetermined { return made.authorizationStatus }
        return await withCheckedContinuation { continuation in
            waiting = continuation
            made.requestWhenInUseAuthorization()
        }
    }

    static func willEnterForeground() {
        guard let manager else { return }
        answer(manager.authorizationStatus)
    }

    private static func answer(_ status: CLAuthorizationStatus) {
        guard let continuation = waiting else { return }
        waiting = nil
        continuation.resume(returning: status)
    }

    private final class Delegate: NSObject, CLLocationManagerDelegate {
        func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
            guard manager.authorizationStatus != .notDetermined else { return }
            StaticPermissionSDK.answer(manager.authorizationStatus)
        }
    }
}

/// A screen that asks through the wrapper, held in ``StaticPermissionSDK`` (`usesSDK`) or by the
/// screen itself, made at the first tap either way.
/// `careless` is a real SDK's bug: nothing answers the caller when the app returns with no answer
/// (a prompt the lock took away calls no delegate method), so it waits for ever, even after the
/// system ends the app and it is launched again (its continuation then goes with the process).
final class WrapperScreen: ExplorationApp {
    let usesSDK: Bool
    let careless: Bool
    private var own: AuthorizationAwaiter?
    var screen = "intro"
    var isWaiting: Bool { screen == "asking" }

    init(usesSDK: Bool, careless: Bool = false) {
        self.usesSDK = usesSDK
        self.careless = careless
    }

    func canTap(_ name: String) -> Bool { !isWaiting }
    func tap(_ name: String) async {
        screen = "asking"
        let status: CLAuthorizationStatus
        if usesSDK {
            status = await StaticPermissionSDK.requestWhenInUse()
        } else {
            let awaiter = own ?? AuthorizationAwaiter(clearsContinuation: true)
            own = awaiter
            status = await awaiter.requestWhenInUse()
        }
        switch status {
        case .authorizedWhenInUse, .authorizedAlways: screen = "ready"
        case .notDetermined: screen = "intro"
        default: screen = "denied"
        }
    }
    func willEnterForeground() {
        guard !careless else { return }
        usesSDK ? StaticPermissionSDK.willEnterForeground() : own?.willEnterForeground()
    }
}

/// Writes the Swift runtime's leaked-continuation line itself, as the runtime does when a
/// continuation is dropped: from the factory (`inFactory`, as a reset of a singleton drops a
/// continuation of the process before) or from a tap.
final class LeakReportingScreen: NSObject, ExplorationApp, CLLocationManagerDelegate {
    static func reportLeak(_ function: String) {
        FileHandle.standardError.write(Data("SWIFT TASK CONTINUATION MISUSE: \(function) leaked its continuation!\n".utf8))
    }
    let manager = CLLocationManager()
    var screen = "intro"
    var isWaiting: Bool { false }

    init(inFactory: Bool) {
        super.init()
        if inFactory { Self.reportLeak("resetInFactory()") }
    }

    func tap(_ name: String) {
        screen = "tapped"
        Self.reportLeak("droppedInTap()")
    }
}

/// Walks through `steps` screens before it asks for Always and waits: its hang after a denial
/// shows only at depth `steps + 3` (launch, the steps, the request, the answer, then the state's
/// own choices).
final class SteppedAsker: NSObject, ExplorationApp, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    let steps: Int
    var step = 0
    var screen: String { step <= steps ? "step\(step)" : asked ? "asking" : "done" }
    var asked = false
    var isWaiting: Bool { screen == "asking" }

    init(steps: Int) {
        self.steps = steps
        super.init()
        manager.delegate = self
    }

    func tap(_ name: String) {
        guard step <= steps else { return }
        step += 1
        if step > steps {
            asked = true
            manager.requestAlwaysAuthorization()
        }
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        if asked && manager.authorizationStatus == .authorizedAlways { asked = false }
    }
}

/// A SwiftUI view model in the `ObservableObject` shape that asks in `init` (Combine's
/// `@Published` aside, which Linux lacks): the app asks on its own the moment it launches.
final class AsksInInitModel: NSObject, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var status = CLAuthorizationStatus.notDetermined

    override init() {
        super.init()
        manager.delegate = self
        manager.requestWhenInUseAuthorization()
    }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) { status = manager.authorizationStatus }
}

/// The exploration's view of ``AsksInInitModel``: made at launch, as the app's first view makes it.
final class AsksInInitScreen: ExplorationApp {
    let model = AsksInInitModel()
    var screen: String { model.status == .notDetermined ? "welcome" : "map" }
    var isWaiting: Bool { false }
    func tap(_ name: String) {}
}

/// A screen whose button blocks the main thread for good (a synchronous wait on work that never
/// comes): the step never gives control back.
final class BlockingScreen: NSObject, ExplorationApp, CLLocationManagerDelegate {
    let manager = CLLocationManager()
    var screen = "intro"
    var isWaiting: Bool { false }
    func tap(_ name: String) {
        manager.requestWhenInUseAuthorization()
        Thread.sleep(forTimeInterval: 3600)
    }
}

/// An SDK's two-stage request: it asks for Always only when the app's Info.plist declares the
/// Always purpose string, read through `Bundle.app` (`Bundle.main` in the app's release build),
/// and When In Use otherwise.
final class PlistCheckingAsker: ExplorationApp {
    let manager = CLLocationManager()
    var screen = "intro"
    var isWaiting: Bool { false }

    func canTap(_ name: String) -> Bool { screen == "intro" }

    func tap(_ name: String) async {
        if Bundle.app.object(forInfoDictionaryKey: "NSLocationAlwaysAndWhenInUseUsageDescription") != nil {
            manager.requestAlwaysAuthorization()
            screen = "askedAlways"
        } else {
            manager.requestWhenInUseAuthorization()
            screen = "askedWhenInUse"
        }
    }
}
