import LocSim
import LocSimExplorer
import LocSimModel
import LocSimTesting
import Testing

/// A view model written the iOS 18 way, against Core Location's names: a service session says it
/// needs When In Use, a background activity session keeps it in use in the background, and a task
/// reads live updates. The same source compiles against Core Location (`for try await` there).
@MainActor final class LiveTrackerModel {
    enum Screen: String { case idle, asking, tracking, denied, paused }
    private(set) var screen: Screen = .idle
    private var session: CLServiceSession?
    private var activity: CLBackgroundActivitySession?
    private var reading: Task<Void, Never>?
    /// The broken variant forgets the background activity session.
    let keepsActivity: Bool

    nonisolated init(keepsActivity: Bool = true) { self.keepsActivity = keepsActivity }

    func startTapped() {
        guard screen == .idle else { return }
        screen = .asking
        session = CLServiceSession(authorization: .whenInUse)
        if keepsActivity { activity = CLBackgroundActivitySession() }
        let updates = CLLocationUpdate.liveUpdates()
        reading = Task { [weak self] in
            do {
                for try await update in updates { self?.show(update) }
            } catch {
                self?.screen = .paused
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

/// The exploration's view of the screen.
@MainActor final class LiveTrackerScreen: @preconcurrency ExplorationApp {
    let model: LiveTrackerModel
    nonisolated init(keepsActivity: Bool) { model = LiveTrackerModel(keepsActivity: keepsActivity) }
    var screen: String { model.screen.rawValue }
    var isWaiting: Bool { model.screen == .asking }
    func tap(_ name: String) { name == "start" ? model.startTapped() : model.stopTapped() }
}

@Suite("An iOS 18 app, explored on every path")
struct IOS18ExplorationTests {
    @MainActor
    @Test("O1, O5, O10, O13, O16: the live tracker is explored on every path; without its activity session, or without the location background mode, it is told it is insufficiently in use")
    func liveTracker() async throws {
        // The activity session keeps the app in use only with the location background mode (O16).
        let app = AppDescription(name: "Runs", backgroundModes: ["location"])
        let run = ExplorationRun(app: app, platforms: [Platform(.iOS, 18)], depth: 5, timeBudget: .seconds(1200), taps: ["start", "stop"]) { _ in LiveTrackerScreen(keepsActivity: true) }
        let outcome = try await run.outcome()
        #expect(outcome.findings.allSatisfy { $0.kind != .hang }, "\(outcome.findings)")
        // The task reading live updates ran: it reached "tracking" and "denied" (and "" is the
        // app not running); with the activity session it is never told it is out of use.
        #expect(outcome.screensReached == ["", "asking", "denied", "idle", "tracking"])
        let again = try await run.outcome()
        #expect(again.findings == outcome.findings && again.screensReached == outcome.screensReached,
                "the same exploration twice gives the same findings")

        // Without the activity session, leaving the app pauses it (O10): insufficientlyInUse.
        let broken = try await ExplorationRun(app: app, platforms: [Platform(.iOS, 18)], depth: 5, timeBudget: .seconds(1200), taps: ["start", "stop"]) { _ in LiveTrackerScreen(keepsActivity: false) }.outcome()
        #expect(broken.screensReached.contains("paused"))
        // Without the mode, the session keeps nothing in use either (O16): paused once out of use.
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Coordinate(latitude: 37.3349, longitude: -122.009))
        device.awaitsSuspend = true
        let modeless = device.install(AppDescription(name: "Runs"))
        modeless.launch()
        modeless.changeSetting(.whileUsing)
        let tracker = LiveTrackerModel(keepsActivity: true)
        // The tracker's task runs on LocSim's serial executor, between the device's turns (on the
        // global executor it would race the device, and tests running beside this one).
        let screens = await SerialExecution.run {
            withAttachedApp(modeless) { tracker.startTapped() }
            await device.settle()
            let started = tracker.screen
            modeless.enterBackground()
            device.advance(by: .seconds(30))
            await device.settle()
            return (started, tracker.screen)
        }
        #expect(screens.0 == .tracking)
        #expect(screens.1 == .paused)
    }

    struct Found: Hashable { var kind: FindingKind; var key: String }

    /// The app model of the same tracker, with or without its activity session.
    static func appModel(keepsActivity: Bool) throws -> AppModel {
        var text = try String(contentsOfFile: ExampleModels.path("live-tracker.yml"), encoding: .utf8)
        if !keepsActivity {
            text = text.replacingOccurrences(of: ", {startBackgroundActivity: activity}", with: "")
                .replacingOccurrences(of: ", {invalidateBackgroundActivity: activity}", with: "")
        }
        return try AppModelParser.parse(text, file: "live-tracker.yml")
    }

    @MainActor
    @Test("O7, O10, O13: the Swift tracker and its app model (Examples/explore/live-tracker.yml) give the same findings, with and without the activity session")
    func agreesWithAppModel() async throws {
        for keepsActivity in [true, false] {
            let model = try Self.appModel(keepsActivity: keepsActivity)
            let fromModel = Set(Explorer.explore(model, on: Platform(.iOS, 18)).findings.map { Found(kind: $0.kind, key: $0.key) })
            let fromSwift = Set(try await ExplorationRun(app: model.app, platforms: [Platform(.iOS, 18)], depth: model.depth, timeBudget: .seconds(1200), taps: model.taps) { _ in
                LiveTrackerScreen(keepsActivity: keepsActivity)
            }.findings().map { Found(kind: $0.kind, key: $0.key) })
            #expect(fromSwift == fromModel, "keepsActivity \(keepsActivity): only as Swift \(fromSwift.subtracting(fromModel)), only as a model \(fromModel.subtracting(fromSwift))")
            #expect(fromModel.isEmpty == keepsActivity, "the broken tracker has findings, the kept one none: \(fromModel)")
        }
    }
}
