import Foundation
import LocSim
import LocSimCoreLocation
import LocSimExplorer
import LocSimModel
import Testing

/// Where an exploration runs the app's code. Core Location has no such type.
public enum ExplorationIsolation: Sendable {
    /// In child processes (the test binary, run again with only the running test), one per
    /// processor at most, each running the searches of its share of the platforms; one that app
    /// code crashes is followed by another that carries on where it stopped: a trap in app code —
    /// a continuation resumed twice, an unowned reference, a `fatalError` — is a `terminated`
    /// finding with its path, and every other path is still explored. The default, under Swift
    /// Testing on Linux; elsewhere the exploration runs in the test's process.
    case childProcess
    /// In the test's own process: a trap in app code ends the test run.
    case inProcess
}

/// How app state held outside the app's objects — `static` properties, singletons — lives across
/// the paths of an exploration. Core Location has no such type.
public enum ExplorationProcessState: Sendable, Hashable {
    /// Sessions are kept side by side in one process, and a step starts on one kept in a state
    /// that leads to its own (the default, and the fastest): state in `static` properties is
    /// shared by every session, so it must not hold what belongs to one launch.
    case sharedBySessions
    /// One app at a time: every step replays its path from a fresh device, and each session is
    /// closed before the next starts. The factory runs at every launch (as each launch on iOS is
    /// a fresh process), so a singleton that keeps its state in `static var`s is explored
    /// correctly when the factory resets it. Slower: each step replays its whole path. (In one
    /// process explorations take turns, so two of them never interleave; a test that uses the
    /// same statics outside an exploration, in parallel with one, must be kept apart from it.)
    case freshAtEachLaunch
}

/// Runs an app written against the `CL…` names on every path of user choices, lifecycle events,
/// Settings changes, world events and waits, as `locsim explore` does for app models.
///
/// Objects cannot be copied, so states are matched on the authorization model, the app's
/// ``ExplorationApp/screen``, its ``ExplorationApp/fingerprint`` and whether it waits; a
/// transition starts on a session a step before it left in a state from which transitions the
/// search has seen lead to its own, or else replays its path on a fresh `SimulatedDevice`. By default the search goes on until every reachable state is visited (or
/// ``timeBudget`` runs out): the ``Outcome/verdicts`` say which, and how many waiting states a
/// depth limit left undecided.
///
/// Every call into the app's code (the factory, taps, lifecycle methods and delegate callbacks)
/// and every task it starts run with the explored app installed as the `SimulationEnvironment`,
/// on LocSim's ``SerialExecution``, so `CLLocationManager()`, `CLServiceSession(…)`,
/// `CLLocationUpdate.liveUpdates()` and the other objects attach to the device being explored,
/// wherever the app makes them. An app that never creates one there on any path makes
/// ``findings()`` throw ``ExplorationError/noManagerOnExploredDevice(platform:)``.
/// Core Location has no such type.
public struct ExplorationRun<App: ExplorationApp> {
    /// The app's Info.plist facts.
    public var app: AppDescription
    /// The platforms to explore.
    public var platforms: [Platform]
    /// Events per path; `nil` (the default) searches until every reachable state is visited. With
    /// a limit, waiting states the limit cuts are counted, and the search goes on past it (within
    /// the budget) to say what depth decides them and what it would find there.
    public var depth: Int?
    /// The wall-clock time the whole exploration may take.
    public var timeBudget: Duration
    /// The UI actions the user may take.
    public var taps: [String]
    /// Device timings and open choices.
    public var parameters: DeviceParameters
    /// Findings known and accepted, each with its reason: ``findings()`` leaves them out.
    public var accepted: [AcceptedFinding]
    /// Where the app's code runs.
    public var isolation: ExplorationIsolation
    /// How long the app's code may take over one step in a child process before the child is
    /// killed and the step reported as a crash (`stepNeverEnded`): app code that blocks the main
    /// actor or never stops. 60 s by default; `LOCSIM_WORKER_STALL_SECONDS` overrides it.
    public var stepTimeLimit: Duration = .seconds(60)
    /// How state in `static` properties lives across paths: ``ExplorationProcessState/sharedBySessions``
    /// (the default) or, for a singleton the factory resets, ``ExplorationProcessState/freshAtEachLaunch``.
    public var processState: ExplorationProcessState
    /// Whether a step may start on a session kept for it instead of replaying its path (on by
    /// default; off for a test that compares the two searches).
    package var reusesSessions = true
    /// How many child processes explore at once (`nil`: one per processor, or
    /// `LOCSIM_EXPLORATION_PROCESSES`), for a test that compares.
    package var childProcesses: Int?
    /// Creates the app object each time the app launches.
    public var makeApp: (SimulatedApp) -> App

    /// Describes an exploration.
    public init(app: AppDescription = AppDescription(), platforms: [Platform] = [Platform(.iOS, 18)], depth: Int? = nil,
                timeBudget: Duration = .seconds(120), taps: [String] = [], parameters: DeviceParameters = DeviceParameters(),
                accepting accepted: [AcceptedFinding] = [], isolation: ExplorationIsolation = .childProcess,
                processState: ExplorationProcessState = .sharedBySessions,
                makeApp: @escaping (SimulatedApp) -> App) {
        self.app = app
        self.platforms = platforms
        self.depth = depth
        self.timeBudget = timeBudget
        self.taps = taps
        self.parameters = parameters
        self.accepted = accepted
        self.isolation = isolation
        self.processState = processState
        self.makeApp = makeApp
    }

    /// Explores every platform; the findings not in ``accepted``, sorted by kind, key and platform.
    ///
    /// Call it from the actor the app's code runs on (`@MainActor` for a view model) or from a
    /// nonisolated test: the app's tasks run on LocSim's serial executor either way.
    /// - Throws: ``ExplorationError`` when the exploration could not judge the app.
    nonisolated(nonsending)
    public func findings() async throws -> [ExplorationFinding] {
        try await outcome(accepting: []).findings
    }

    /// Explores and records as a test issue (a failure of the running test) each finding not
    /// accepted here or in ``accepted``, each acceptance that matched no finding (it is stale),
    /// findings a depth limit hid (a deeper search found them), waiting states a time budget left
    /// undecided, and an ``ExplorationError``.
    nonisolated(nonsending)
    public func expectNoFindings(accepting more: [AcceptedFinding] = [], sourceLocation: SourceLocation = #_sourceLocation) async {
        do {
            let outcome = try await outcome(accepting: more)
            for f in outcome.findings {
                Issue.record(Comment(rawValue: f.description + "\n  replay: " + f.replay), sourceLocation: sourceLocation)
            }
            for a in outcome.unused {
                Issue.record(Comment(rawValue: "accepted finding \(a) (\(a.reason)) was not found: remove it from the accepted list"),
                             sourceLocation: sourceLocation)
            }
            let entries = accepted + more
            for v in outcome.verdicts {
                // Findings past a depth limit count unless accepted, as findings within it do.
                let hidden = v.hiddenFindings.filter { f in !entries.contains { $0.accepts(kind: f.kind, key: f.key) } }
                guard !hidden.isEmpty || (!v.isDecided && v.decidingDepth == nil) else { continue }
                Issue.record(Comment(rawValue: "the exploration did not decide every waiting state: \(v)"), sourceLocation: sourceLocation)
            }
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    /// What an exploration found, split by the accepted list.
    public struct Outcome: Sendable {
        /// The findings no entry accepts, sorted.
        public var findings: [ExplorationFinding]
        /// The findings an entry accepts, sorted.
        public var acceptedFindings: [ExplorationFinding]
        /// The entries that accepted nothing (not even a finding a depth limit hid).
        public var unused: [AcceptedFinding]
        /// The app screens the exploration reached, on any platform, sorted: what it covered.
        public var screensReached: [String] = []
        /// Problems worth knowing that wait on nothing (a request that did nothing while no
        /// screen waited for it), sorted.
        public var notes: [ExplorationFinding] = []
        /// How far the search got on each platform, in the order of ``ExplorationRun/platforms``.
        public var verdicts: [ExplorationVerdict] = []
    }

    /// Explores every platform and splits the findings by ``accepted`` plus `more`.
    /// - Throws: ``ExplorationError`` when the exploration could not judge the app.
    nonisolated(nonsending)
    public func outcome(accepting more: [AcceptedFinding] = []) async throws -> Outcome {
        let results = try await platformResults()
        for r in results {
            if !r.escapes.isEmpty { throw ExplorationError.appCodeEscaped(calls: r.escapes, platform: r.platform) }
            if let call = r.staleObject { throw ExplorationError.objectFromAnotherDevice(call: call, platform: r.platform) }
            // A platform the budget left no time for judged nothing: its verdict says so.
            guard r.createdManager || r.verdict.transitions == 0 else { throw ExplorationError.noManagerOnExploredDevice(platform: r.platform) }
        }
        let order = { (a: ExplorationFinding, b: ExplorationFinding) -> Bool in
            (a.kind, a.key, a.platform.description) < (b.kind, b.key, b.platform.description)
        }
        let all = results.flatMap(\.findings).sorted(by: order)
        let entries = accepted + more
        func acceptance(_ f: ExplorationFinding) -> AcceptedFinding? { entries.first { $0.accepts(kind: f.kind, key: f.key) } }
        let acceptedFindings = all.filter { acceptance($0) != nil }
        // An entry is used when it accepts a finding, one a depth limit hid included.
        let matched = acceptedFindings + results.flatMap(\.verdict.hiddenFindings)
        return Outcome(findings: all.filter { acceptance($0) == nil }, acceptedFindings: acceptedFindings,
                       unused: entries.filter { e in !matched.contains { e.accepts(kind: $0.kind, key: $0.key) } },
                       screensReached: Set(results.flatMap(\.screens)).sorted(),
                       notes: results.flatMap(\.notes).sorted(by: order), verdicts: results.map(\.verdict))
    }

    private var explorer: AppCodeExplorer<App> {
        var explorer = AppCodeExplorer(app: app, platforms: platforms, parameters: parameters, taps: taps, depth: depth, budget: timeBudget,
                                       makeApp: makeApp)
        explorer.reusesSessions = reusesSessions
        explorer.keepsSessions = processState == .sharedBySessions
        return explorer
    }

    /// The results of every platform: from a worker process, from this process's own worker role,
    /// or explored here.
    nonisolated(nonsending)
    private func platformResults() async throws -> [AppCodePlatformResult] {
        guard let site = ExplorationWorker.site else { return await explorer.run(.inProcess) }
        let ordinal = ExplorationWorker.nextOrdinal(site)
        if let target = ExplorationWorker.target {
            // This process is a worker: only its target call explores.
            guard target.site == site else { return [] }
            if ordinal < target.ordinal {
                return ExplorationWorker.prior(ordinal, of: target).flatMap(AppCodePlatformResult.decode) ?? []
            }
            await ChildSearchRunner.serveAndExit(explorer)
        }
        guard isolation == .childProcess, ExplorationWorker.canSpawn else {
            let results = await explorer.run(.inProcess)
            ExplorationWorker.record(AppCodePlatformResult.encode(results), site: site, ordinal: ordinal)
            return results
        }
        // One child per processor at most, each exploring its share of the platforms.
        var runners: [ChildSearchRunner] = []
        do {
            for _ in 0..<(childProcesses.map { max(1, min($0, platforms.count)) } ?? ChildSearchRunner.processes(for: platforms.count)) {
                runners.append(try ExplorationWorker.runner(site: site, ordinal: ordinal, stepTimeLimit: stepTimeLimit))
            }
        } catch {
            for runner in runners { await runner.finish() }
            throw ExplorationError.childProcessFailed("the exploration could not prepare its child process: \(error)")
        }
        let results = await explorer.run(.remote(runners))
        for runner in runners { await runner.finish() }
        if let failure = runners.lazy.compactMap(\.failure).first { throw ExplorationError.childProcessFailed(failure.description) }
        ExplorationWorker.record(AppCodePlatformResult.encode(results), site: site, ordinal: ordinal)
        return results
    }

    // MARK: Replay

    /// Where one path leaves the app: for a test that replays a finding's path to look at it, or
    /// to debug a crash it reports. Core Location has no such type.
    public struct Replay {
        /// The app's screen at the end (empty when it is not running).
        public var screen: String
        /// Whether that screen waits.
        public var isWaiting: Bool
        /// The app's authorization status at the end.
        public var status: AuthorizationStatus
        /// The device's timeline of the path.
        public var timeline: Timeline
    }

    /// Replays `path` (a finding's ``ExplorationFinding/path``, or its
    /// ``ExplorationFinding/replay`` pasted into a test) on `platform`, in this process: a crash
    /// the exploration reported happens here, where a debugger sees it.
    /// - Throws: ``ExplorationError/unknownChoice(_:)`` for a step that is not a choice.
    nonisolated(nonsending)
    public func replay(_ path: [String], on platform: Platform) async throws -> Replay {
        let choices = try path.map { text -> ExplorerChoice in
            guard let c = ExplorerChoice(description: text) else { throw ExplorationError.unknownChoice(text) }
            return c
        }
        SerialExecution.retain()
        defer { SerialExecution.release() }
        let explorer = UncheckedBox(explorer)
        return await Task { @MainActor in await AppCodeTurn.run { await SerialExecution.excludingCurrentTask {
            let session = explorer.value.session(on: platform)
            session.device.recordsTimeline = true
            return await withAttachedApp(session.app) {
                await session.replay(choices[...])
                let replay = Replay(screen: session.screen, isWaiting: session.waiting, status: session.app.authorizationStatus,
                                    timeline: session.device.timeline)
                await session.close()
                return UncheckedBox(replay)
            }
        } } }.value.value
    }
}
