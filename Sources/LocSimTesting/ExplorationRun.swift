import LocSim
import LocSimCoreLocation
import LocSimExplorer
import LocSimModel
import Testing

/// Runs an app written against `LocationManager` on every path of user choices, lifecycle
/// events, Settings changes, world events and waits, as `locsim explore` does for app models.
///
/// Every path runs on a fresh `SimulatedDevice` (objects cannot be copied), so states are
/// deduplicated by the authorization model and the app's ``ExplorationApp/screen``, and each
/// transition replays its path from the start. Keep `depth` modest (the default is 8).
///
/// Every call into the app's code (the factory, taps, lifecycle methods and delegate callbacks)
/// runs with the explored app installed as the `SimulationEnvironment`, so `CLLocationManager()`
/// attaches to the device being explored. An app that never creates a manager there on any path
/// makes ``findings()`` throw ``ExplorationError/noManagerOnExploredDevice(platform:)``.
public struct ExplorationRun<App: ExplorationApp> {
    /// The app's Info.plist facts.
    public var app: AppDescription
    /// The platforms to explore.
    public var platforms: [Platform]
    /// Events per path.
    public var depth: Int
    /// The UI actions the user may take.
    public var taps: [String]
    /// Device timings and open choices.
    public var parameters: DeviceParameters
    /// Findings known and accepted, each with its reason: ``findings()`` leaves them out.
    public var accepted: [AcceptedFinding]
    /// Creates the app object each time the app launches.
    public var makeApp: (SimulatedApp) -> App

    /// Describes an exploration.
    public init(app: AppDescription = AppDescription(), platforms: [Platform] = [Platform(.iOS, 18)], depth: Int = 8,
                taps: [String] = [], parameters: DeviceParameters = DeviceParameters(), accepting accepted: [AcceptedFinding] = [],
                makeApp: @escaping (SimulatedApp) -> App) {
        self.app = app
        self.platforms = platforms
        self.depth = depth
        self.taps = taps
        self.parameters = parameters
        self.accepted = accepted
        self.makeApp = makeApp
    }

    /// Explores every platform; the findings not in ``accepted``, sorted by kind, key and platform.
    ///
    /// Async because app code may iterate LocSim's async sequences (live updates, session
    /// diagnostics, monitor events) in tasks of its own: after every choice the exploration lets
    /// those tasks run until each waits again. Call it from the actor the app's code runs on
    /// (`@MainActor` for a view model), so their tasks share its executor and run in order.
    /// - Throws: ``ExplorationError`` when the app never created a manager or a session on the
    ///   explored device.
    nonisolated(nonsending)
    public func findings() async throws -> [ExplorationFinding] {
        try await outcome(accepting: []).findings
    }

    /// Explores and records as a test issue (a failure of the running test) each finding not
    /// accepted here or in ``accepted``, each acceptance that matched no finding (it is stale), and
    /// an ``ExplorationError``.
    nonisolated(nonsending)
    public func expectNoFindings(accepting more: [AcceptedFinding] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            let outcome = try await outcome(accepting: more)
            for f in outcome.findings {
                Issue.record(Comment(rawValue: f.description), sourceLocation: sourceLocation)
            }
            for a in outcome.unused {
                Issue.record(Comment(rawValue: "accepted finding \(a) (\(a.reason)) was not found: remove it from the accepted list"),
                             sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    /// What an exploration found, split by the accepted list.
    public struct Outcome {
        /// The findings no entry accepts, sorted.
        public var findings: [ExplorationFinding]
        /// The findings an entry accepts, sorted.
        public var acceptedFindings: [ExplorationFinding]
        /// The entries that accepted nothing.
        public var unused: [AcceptedFinding]
        /// The app screens the exploration reached, on any platform, sorted: what it covered.
        public var screensReached: [String] = []
    }

    /// Explores every platform and splits the findings by ``accepted`` plus `more`.
    /// - Throws: ``ExplorationError`` when the app never created a manager on the explored device.
    nonisolated(nonsending)
    public func outcome(accepting more: [AcceptedFinding] = []) async throws -> Outcome {
        var found: [ExplorationFinding] = []
        var screens: Set<String> = []
        for platform in platforms {
            let (f, s) = try await findings(on: platform)
            found += f
            screens.formUnion(s)
        }
        let all = found.sorted {
            ($0.kind, $0.key, $0.platform.description) < ($1.kind, $1.key, $1.platform.description)
        }
        let entries = accepted + more
        func acceptance(_ f: ExplorationFinding) -> AcceptedFinding? { entries.first { $0.accepts(kind: f.kind, key: f.key) } }
        let acceptedFindings = all.filter { acceptance($0) != nil }
        return Outcome(findings: all.filter { acceptance($0) == nil }, acceptedFindings: acceptedFindings,
                       unused: entries.filter { e in !acceptedFindings.contains { e.accepts(kind: $0.kind, key: $0.key) } },
                       screensReached: screens.sorted())
    }

    // MARK: Search

    private struct Node {
        var path: [ExplorerChoice]
        var waiting: Bool
        var screen: String
        var running: Bool
        /// How the app is stuck here, should the screen be a hang (``HangAnalysis/stuckText(_:)``).
        var stuck: String
        /// What the user may do here, read from the session that reached the node (a replay of
        /// the same path reaches the same model: it is not replayed again to ask).
        var choices: [ExplorerChoice]
        var expanded = false
    }

    nonisolated(nonsending)
    private func findings(on platform: Platform) async throws -> ([ExplorationFinding], [String]) {
        var nodes: [Node] = []
        var index: [NodeKey: Int] = [:]
        var screens: [String] = []
        var first: [String: ExplorationFinding] = [:]
        var edges: [HangAnalysis.Edge] = []
        func finding(_ key: FindingKey, detail: String, path: [ExplorerChoice]) -> (String, ExplorationFinding) {
            let text = key.text(screens: screens)
            let explanation = Observation.describe(key, screens: screens, detail: detail).explanation
            return ("\(key.kind).\(text)", ExplorationFinding(kind: key.kind, key: text, explanation: explanation, platform: platform,
                                                              path: path.map(\.description)))
        }
        func node(_ session: Session<App>, path: [ExplorerChoice]) -> Node {
            if !screens.contains(session.screen) { screens.append(session.screen) }
            return Node(path: path, waiting: session.waiting, screen: session.screen, running: session.running,
                        stuck: HangAnalysis.stuckText(session.app.model), choices: ExplorerChoice.available(in: session.app.model, taps: taps))
        }
        var createdManager = false
        let root = await Session.replay(self, platform: platform, path: [])
        createdManager = createdManager || root.createdManager
        index[root.key] = 0
        nodes.append(node(root, path: []))
        await root.close()
        var frontier = [0]
        for _ in 0..<depth {
            var next: [Int] = []
            for n in frontier {
                nodes[n].expanded = true
                for choice in nodes[n].choices {
                    let session = await Session.replay(self, platform: platform, path: nodes[n].path)
                    let path = nodes[n].path + [choice]
                    let observations = await session.apply(choice)
                    createdManager = createdManager || session.createdManager
                    for o in observations {
                        let (key, f) = finding(o.key, detail: o.story?.detail ?? "", path: path)
                        if first[key] == nil { first[key] = f }
                    }
                    let target: Int
                    if let t = index[session.key] {
                        target = t
                    } else {
                        target = nodes.count
                        index[session.key] = target
                        nodes.append(node(session, path: path))
                        next.append(target)
                    }
                    if nodes[n].waiting {
                        // Leaving by a crash counts as leaving: the crash is a finding of its own.
                        let crashed = !session.running && nodes[n].running
                        edges.append(HangAnalysis.Edge(
                            from: Int32(n), to: Int32(target),
                            exit: choice.isInApp && (crashed || (session.running && session.screen != nodes[n].screen)),
                            stay: choice.isInApp && session.running && session.screen == nodes[n].screen))
                    }
                    await session.close()
                }
            }
            frontier = next
        }
        guard createdManager else { throw ExplorationError.noManagerOnExploredDevice(platform: platform) }
        let canLeave = HangAnalysis.canLeave(count: nodes.count, isWaiting: { nodes[$0].waiting }, expanded: nodes.map(\.expanded), edges: edges)
        for (i, n) in nodes.enumerated() where n.waiting && n.running && !canLeave[i] {
            let (key, f) = finding(.hang(screen: screens.firstIndex(of: n.screen)!, stuck: n.stuck), detail: "", path: n.path)
            if first[key] == nil { first[key] = f }
        }
        return (Array(first.values), screens)
    }
}

/// One path replayed on a fresh device, every event checked by the explorer's ``FindingChecks``.
private final class Session<App: ExplorationApp> {
    let device: SimulatedDevice
    let app: SimulatedApp
    var object: App?
    let taps: [String]
    private var checks = FindingChecks(record: true)
    /// An Always prompt was shown on this path (``PrivacyRule/alwaysOnce``).
    private(set) var alwaysAsked = false
    /// The app created a manager on this device on this path.
    private(set) var createdManager = false

    /// A fresh device with `path` applied.
    nonisolated(nonsending)
    static func replay(_ run: ExplorationRun<App>, platform: Platform, path: [ExplorerChoice]) async -> Session {
        let session = Session(run, platform: platform)
        await session.settleTasks()
        for choice in path { _ = await session.apply(choice) }
        return session
    }

    private init(_ run: ExplorationRun<App>, platform: Platform) {
        device = SimulatedDevice(platform: platform, parameters: run.parameters, location: Coordinate(latitude: 37.3349, longitude: -122.009))
        device.awaitsSuspend = true
        app = device.install(run.app)
        taps = run.taps
        let make = run.makeApp
        app.onLaunch = { [unowned self] simulated in
            self.object = make(simulated)
            simulated.observe(.didBecomeActive) { [unowned self] _ in self.object?.didBecomeActive() }
            simulated.observe(.willResignActive) { [unowned self] _ in self.object?.willResignActive() }
        }
        device.eventObserver = { [unowned self] applied in self.check(applied) }
    }

    /// Lets the app's own tasks (iterations of live updates, diagnostics, monitor events) run
    /// until every one waits again: the run loop turns, the executor runs what it queued, and
    /// this repeats until three turns in a row change nothing. Deterministic: the tasks share the
    /// caller's serial executor, and LocSim resumes waiting iterations in a fixed order.
    nonisolated(nonsending)
    func settleTasks() async {
        var quiet = 0
        while quiet < 3 {
            let before = device.asyncActivity
            withAttachedApp(app) { device.run() }
            await Task.yield()
            quiet = device.asyncActivity == before ? quiet + 1 : 0
        }
    }

    /// Ends the path: the app's iterations end, and their tasks finish.
    nonisolated(nonsending)
    func close() async {
        app.endIterations()
        await settleTasks()
    }

    /// The app's objects may outlive the session (a session object ends, and calls Core Location,
    /// when the app object releasing it goes): they must not reach back into it.
    deinit {
        device.eventObserver = nil
        app.onLaunch = nil
    }

    var running: Bool { app.state != .notRunning }
    var screen: String { running ? (object?.screen ?? "") : "" }
    var waiting: Bool { running && (object?.isWaiting ?? false) }
    /// The state: the model and screen, and whether an Always prompt was shown (as the CLI explorer keys it).
    var key: NodeKey { NodeKey(state: ExplorationStateKey(model: app.model, app: screen), alwaysAsked: alwaysAsked) }

    private func check(_ applied: AppliedEvent) {
        guard applied.app === app else { return }
        switch applied.event {
        // A manager, or one of the iOS 17/18 objects that reach Core Location without one.
        case .appCreatedManager, .appCreatedServiceSession, .appStartedLiveUpdates, .appStartedBackgroundActivitySession, .appOpenedMonitor:
            createdManager = true
        default: break
        }
        var before = applied.before, model = app.model
        if let call = AppCall(applied.event) { checks.willPerform(call, model: &before) }
        checks.applied(applied.event, before: before.snapshot, model: &model, occurrences: applied.occurrences,
                       alwaysAsked: &alwaysAsked)
    }

    /// Applies a choice, with `CLLocationManager()` attached to the explored app for every call
    /// into app code it makes; returns the problems it showed.
    nonisolated(nonsending)
    func apply(_ choice: ExplorerChoice) async -> [Observation] {
        withAttachedApp(app) {
            checks.start(choice)
            performAttached(choice)
        }
        await settleTasks()
        var model = app.model
        checks.finished(model: &model)
        return checks.observations
    }

    private func performAttached(_ choice: ExplorerChoice) {
        let before = app.state
        switch choice {
        case .launch: app.launch()
        case .foreground: app.enterForeground()
        case .background: app.enterBackground()
        case .suspend: app.suspend()
        case .terminate: app.terminate()
        case .forceQuit: app.forceQuit()
        case .crash: app.crash()
        case .lock: device.lock()
        case .unlock: device.unlock()
        case .choose(let b): try? device.choose(b)
        case .settings(let o): app.changeSetting(o)
        case .precise(let on): app.setPreciseLocation(on)
        case .locationServices(let on): device.setLocationServices(on)
        case .tap(let name): object?.tap(name); device.run()
        case .enterRegion(let n): device.enterRegion(n)
        case .exitRegion(let n): device.exitRegion(n)
        case .visit: device.visit()
        case .wait(let d): device.advance(by: d)
        }
        if before == .foreground && app.state == .background { object?.didEnterBackground(); device.run() }
        if (before == .background || before == .suspended) && app.state == .foreground { object?.willEnterForeground(); device.run() }
        if app.state == .notRunning { object = nil }
    }
}

/// What makes two nodes of an exploration the same: the model and screen, and the explorer's own
/// record that an Always prompt was shown (``PrivacyRule/alwaysOnce`` depends on it).
private struct NodeKey: Hashable {
    var state: ExplorationStateKey
    var alwaysAsked: Bool
}
