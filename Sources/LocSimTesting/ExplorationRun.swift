import LocSim
import LocSimExplorer
import LocSimModel
import Testing

/// Runs an app written against `LocationManager` on every path of user choices, lifecycle
/// events, Settings changes, world events and waits, as `locsim explore` does for app models.
///
/// Every path runs on a fresh `SimulatedDevice` (objects cannot be copied), so states are
/// deduplicated by the authorization model and the app's ``ExplorationApp/screen``, and each
/// transition replays its path from the start. Keep `depth` modest (the default is 8).
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
    /// Creates the app object each time the app launches.
    public var makeApp: (SimulatedApp) -> App

    /// Describes an exploration.
    public init(app: AppDescription = AppDescription(), platforms: [Platform] = [Platform(.iOS, 18)], depth: Int = 8,
                taps: [String] = [], parameters: DeviceParameters = DeviceParameters(), makeApp: @escaping (SimulatedApp) -> App) {
        self.app = app
        self.platforms = platforms
        self.depth = depth
        self.taps = taps
        self.parameters = parameters
        self.makeApp = makeApp
    }

    /// Explores every platform; findings sorted by kind, key and platform.
    public func findings() -> [ExplorationFinding] {
        platforms.flatMap { findings(on: $0) }.sorted {
            ($0.kind, $0.key, $0.platform.description) < ($1.kind, $1.key, $1.platform.description)
        }
    }

    /// Explores and records each finding as a test issue (a failure of the running test).
    public func expectNoFindings(sourceLocation: SourceLocation = #_sourceLocation) {
        for f in findings() {
            Issue.record(Comment(rawValue: f.description), sourceLocation: sourceLocation)
        }
    }

    // MARK: Search

    private struct Node {
        var path: [ExplorerChoice]
        var waiting: Bool
        var screen: String
        var running: Bool
        var expanded = false
    }

    private func findings(on platform: Platform) -> [ExplorationFinding] {
        var nodes: [Node] = []
        var index: [ExplorationStateKey: Int] = [:]
        var first: [String: ExplorationFinding] = [:]
        var edges: [(from: Int, to: Int, exit: Bool, stay: Bool)] = []
        let root = Session(self, platform: platform, path: [])
        index[root.key] = 0
        nodes.append(Node(path: [], waiting: root.waiting, screen: root.screen, running: root.running))
        var frontier = [0]
        for _ in 0..<depth {
            var next: [Int] = []
            for n in frontier {
                nodes[n].expanded = true
                let probe = Session(self, platform: platform, path: nodes[n].path)
                for choice in ExplorerChoice.available(in: probe.app.model, taps: taps) {
                    let session = Session(self, platform: platform, path: nodes[n].path)
                    let observations = session.apply(choice)
                    for (key, kind, explanation) in observations where first["\(kind).\(key)"] == nil {
                        first["\(kind).\(key)"] = ExplorationFinding(kind: kind, key: key, explanation: explanation, platform: platform,
                                                                    path: (nodes[n].path + [choice]).map(\.description))
                    }
                    let target: Int
                    if let t = index[session.key] {
                        target = t
                    } else {
                        target = nodes.count
                        index[session.key] = target
                        nodes.append(Node(path: nodes[n].path + [choice], waiting: session.waiting, screen: session.screen, running: session.running))
                        next.append(target)
                    }
                    if nodes[n].waiting {
                        let crashed = !session.running && choice != .terminate
                        edges.append((n, target, choice.isInApp && (crashed || (session.running && session.screen != nodes[n].screen)),
                                      choice.isInApp && session.running && session.screen == nodes[n].screen))
                    }
                }
            }
            frontier = next
        }
        // Hangs: waiting states from which no in-app path leaves the screen (unexpanded ones might).
        var canLeave = nodes.map { $0.waiting && !$0.expanded }
        var reverse: [Int: [Int]] = [:]
        for e in edges {
            if e.exit { canLeave[e.from] = true }
            if e.stay { reverse[e.to, default: []].append(e.from) }
        }
        var work = canLeave.indices.filter { canLeave[$0] }
        while let t = work.popLast() {
            for f in reverse[t] ?? [] where !canLeave[f] { canLeave[f] = true; work.append(f) }
        }
        for (i, node) in nodes.enumerated() where node.waiting && node.running && !canLeave[i] && first["hang.\(node.screen)"] == nil {
            first["hang.\(node.screen)"] = ExplorationFinding(
                kind: .hang, key: node.screen,
                explanation: "screen '\(node.screen)' waits for an answer that can no longer come: only Settings or killing the app gets it out",
                platform: platform, path: node.path.map(\.description))
        }
        return Array(first.values)
    }
}

/// One path replayed on a fresh device.
private final class Session<App: ExplorationApp> {
    let device: SimulatedDevice
    let app: SimulatedApp
    var object: App?
    let taps: [String]

    init(_ run: ExplorationRun<App>, platform: Platform, path: [ExplorerChoice]) {
        device = SimulatedDevice(platform: platform, parameters: run.parameters, location: Coordinate(latitude: 37.3349, longitude: -122.009))
        app = device.install(run.app)
        taps = run.taps
        let make = run.makeApp
        app.onLaunch = { [unowned self] simulated in self.object = make(simulated) }
        for choice in path { _ = apply(choice) }
    }

    var running: Bool { app.state != .notRunning }
    var screen: String { running ? (object?.screen ?? "") : "" }
    var waiting: Bool { running && (object?.isWaiting ?? false) }
    var key: ExplorationStateKey { ExplorationStateKey(model: app.model, app: screen) }

    /// Applies a choice; returns the problems it showed as (key, kind, explanation).
    func apply(_ choice: ExplorerChoice) -> [(String, FindingKind, String)] {
        let start = device.timeline.entries.count
        let before = app.state
        let wasInUse = app.isInUse
        switch choice {
        case .launch: app.launch()
        case .foreground: app.enterForeground()
        case .background: app.enterBackground()
        case .suspend: app.suspend()
        case .terminate: app.terminate()
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
        var out: [(String, FindingKind, String)] = []
        let automatic = choice == .launch || choice == .foreground || choice == .unlock
        for entry in device.timeline.entries[start...] {
            switch entry.kind {
            case .ignored:
                let reason = entry.detail["reason"].flatMap(IgnoredReason.init(rawValue:))
                if let reason, reason.isFinding {
                    out.append(("\(entry.detail["request"] ?? "request").\(reason.rawValue)", .ignoredRequest, entry.text))
                }
            case .terminated:
                out.append((entry.text.contains("Delegate must respond") ? "requestLocation-without-delegate" : "allowsBackgroundLocationUpdates",
                            .terminated, "the app crashed: \(entry.text)"))
            case .prompt:
                let kind = entry.detail["kind"] ?? ""
                if automatic && (kind == "initial" || kind == "alwaysUpgrade") {
                    out.append(("\(kind).on-\(choice)", .promptOnForeground,
                                "the app showed the \(kind) prompt on its own after \(choice); ask when the user needs location"))
                }
            case .appCall:
                if !wasInUse && !app.isInUse && (entry.text == "startUpdatingLocation()" || entry.text == "requestLocation()") {
                    out.append((entry.text, .backgroundStart, "\(entry.text) was called while the app is not in use: it delivers nothing"))
                }
            default:
                break
            }
        }
        return out
    }
}
