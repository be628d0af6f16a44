import LocSim
import LocSimExplorer
import LocSimModel
import LocSimTesting
import Testing

/// A run tracker that holds a background activity session while it tracks and does nothing at
/// launch: after its process ends, the session it held is not resumed (O16). The Swift twin of
/// `Examples/explore/activity-not-resumed.yml`.
@MainActor final class ActivityNotResumedTracker: @preconcurrency ExplorationApp {
    enum Screen: String { case idle, tracking }
    private(set) var current: Screen = .idle
    private var activity: CLBackgroundActivitySession?
    private var reading: Task<Void, Never>?

    nonisolated init() {}

    var screen: String { current.rawValue }
    var isWaiting: Bool { false }

    func tap(_ name: String) {
        switch (name, current) {
        case ("start", .idle):
            current = .tracking
            activity = CLBackgroundActivitySession()
            let updates = CLLocationUpdate.liveUpdates()
            reading = Task {
                do {
                    for try await _ in updates {}
                } catch {}
            }
        case ("stop", .tracking):
            reading?.cancel()
            reading = nil
            activity?.invalidate()
            activity = nil
            current = .idle
        default:
            break
        }
    }
}

/// A visit logger that restarts visit monitoring after a relaunch only when its launch options
/// carry the location key (O18): under the scene life cycle they never do. The Swift twin of
/// `Examples/explore/launch-key-tracker.yml`.
final class LaunchKeyVisitLogger: ExplorationApp, LocationManagerDelegate {
    let manager: LocationManager
    var screen = "home"
    var isWaiting: Bool { false }

    init(_ app: SimulatedApp) {
        manager = LocationManager(app: app)
        manager.delegate = self
        // `if launchOptions?[.location] != nil { … }` in application(_:didFinishLaunchingWithOptions:).
        if app.launchOptions.contains(.location) {
            manager.startMonitoringVisits()
            screen = "logging"
        }
    }

    func tap(_ name: String) {
        guard name == "log", screen == "home" else { return }
        manager.startMonitoringVisits()
        screen = "logging"
    }
}

@Suite("Relaunches, explored on every path: a session not resumed, a launch key that never comes")
struct RelaunchExplorationTests {
    struct Found: Hashable { var kind: FindingKind; var key: String }

    static func found(_ model: AppModel) -> Set<Found> {
        Set(Explorer.explore(model, on: model.platforms[0]).findings.map { Found(kind: $0.kind, key: $0.key) })
    }

    @MainActor
    @Test("O16: an app that does not resume its background activity session at launch is found, as an app model and in Swift, with the same findings")
    func activityNotResumed() async throws {
        let model = try ExampleModels.load("activity-not-resumed.yml")
        let fromModel = Self.found(model)
        #expect(fromModel.contains(Found(kind: .sessionNotRecreated, key: "startBackgroundActivity")), "\(fromModel)")
        let fromSwift = Set(try await ExplorationRun(app: model.app, platforms: model.platforms, depth: model.depth, timeBudget: .seconds(1200), taps: model.taps) { _ in
            ActivityNotResumedTracker()
        }.findings().map { Found(kind: $0.kind, key: $0.key) })
        #expect(fromSwift == fromModel, "only as Swift \(fromSwift.subtracting(fromModel)), only as a model \(fromModel.subtracting(fromSwift))")
    }

    @Test("O16: the same tracker resuming its session at launch has no sessionNotRecreated finding")
    func activityResumed() throws {
        let model = try AppModelParser.parse("""
            name: activity-resumed
            device: {platforms: [iOS 18.0]}
            app:
              backgroundModes: [location]
              screens: [idle, tracking]
              on:
                - {event: tap(start), when: idle, goto: tracking, set: [running], do: [{startBackgroundActivity: activity}, {startLiveUpdates: updates}]}
                - {event: tap(stop), when: tracking, goto: idle, clear: [running], do: [{stopLiveUpdates: updates}, {invalidateBackgroundActivity: activity}]}
                - {event: launch, if: running, goto: tracking, do: [{startBackgroundActivity: activity}, {startLiveUpdates: updates}]}
            explore: {depth: 8, taps: [start, stop]}
            """, file: "activity-resumed.yml")
        #expect(!Self.found(model).contains { $0.kind == .sessionNotRecreated }, "\(Self.found(model))")
    }

    @MainActor
    @Test("O18: an app that restarts visits only on the launch key is found under the scene life cycle, not under the app delegate's, as an app model and in Swift")
    func launchKeyUnderScenes() async throws {
        for scenes in [true, false] {
            var model = try ExampleModels.load("launch-key-tracker.yml")
            model.app.scenes = scenes
            let fromModel = Self.found(model)
            #expect(fromModel.contains(Found(kind: .relaunchNotResumed, key: "visit")) == scenes, "scenes \(scenes): \(fromModel)")
            let fromSwift = Set(try await ExplorationRun(app: model.app, platforms: model.platforms, depth: model.depth, timeBudget: .seconds(1200), taps: model.taps) {
                LaunchKeyVisitLogger($0)
            }.findings().map { Found(kind: $0.kind, key: $0.key) })
            #expect(fromSwift == fromModel, "scenes \(scenes): only as Swift \(fromSwift.subtracting(fromModel)), only as a model \(fromModel.subtracting(fromSwift))")
        }
    }
}
