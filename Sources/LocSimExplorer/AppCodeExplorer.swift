import Foundation
import LocSim
import LocSimCoreLocation
import LocSimModel

/// What an exploration of an app's code found on one platform. Core Location has no such type.
public struct AppCodePlatformResult: Sendable {
    /// The platform.
    public var platform: Platform
    /// The findings, sorted by kind and key.
    public var findings: [ExplorationFinding]
    /// Problems that are worth knowing but wait on nothing (a request that did nothing while no
    /// screen waited for it), sorted.
    public var notes: [ExplorationFinding]
    /// The screens reached, sorted.
    public var screens: [String]
    /// How far the search got.
    public var verdict: ExplorationVerdict
    /// The app made a manager (or a session, live updates, a monitor) on the explored device.
    public var createdManager: Bool
    /// Core Location calls app code made outside the simulated app, which reached a device of
    /// their own (only known when the app's code runs in a process of its own).
    public var escapes: [String]
    /// A call on an object made on an earlier path (a singleton's manager), if any (ditto).
    public var staleObject: String?
    /// Steps that started on a session kept for them rather than replaying their path.
    package var stepsOnKeptSessions = 0
    /// Choices applied to sessions, the steps' own and their replays'.
    package var appliedChoices = 0
}

/// How an app-code exploration runs the app's code. Core Location has no such type.
package enum AppCodeExecution: Sendable {
    /// In this process: a crash in app code ends it.
    case inProcess
    /// Through search runners (child processes that ``AppCodeExplorer/serve(stderrPath:next:send:)``
    /// runs in): the children run the searches and the app's code, and a crash ends only a child;
    /// this process runs no app code (it finishes, from the outcomes logged, a search no child
    /// could). The platforms are shared out among the runners (the first platform to the first
    /// runner, the second to the second, and so on round), whose children explore them at the
    /// same time.
    case remote([any AppCodeSearchRunner])
}

/// The search of an app written against the `CL…` names on every path of user choices,
/// lifecycle events, Settings changes, world events and waits, on fresh simulated devices.
///
/// Breadth first, so each finding comes with a shortest path. Objects cannot be copied, so states
/// are matched on the authorization model, the app's screen, its fingerprint and whether it
/// waits, and a transition starts on a session an earlier step left where the search's known
/// transitions lead to its state (``AppCodeSearch/start(for:)``), or replays its path on a
/// fresh device. Core Location
/// has no such type; `LocSimTesting`'s `ExplorationRun` is the API for tests.
package struct AppCodeExplorer<App: ExplorationApp> {
    package var app: AppDescription
    package var platforms: [Platform]
    package var parameters: DeviceParameters
    package var taps: [String]
    /// Events per path; `nil` searches until every reachable state is visited or the budget ends.
    package var depth: Int?
    /// Wall-clock time for the whole exploration (all platforms).
    package var budget: Duration
    package var makeApp: (SimulatedApp) -> App
    /// Whether a step may start on a session kept in its state instead of replaying its path
    /// (``AppCodeSessionPool``); off, every step replays its path on a fresh device.
    package var reusesSessions = true
    /// Whether a session stays open once its step ended, for later steps to start on; off, it is
    /// closed at once, so one app runs at a time and every step replays its path
    /// (`ExplorationProcessState.freshAtEachLaunch`).
    package var keepsSessions = true

    package init(app: AppDescription, platforms: [Platform], parameters: DeviceParameters, taps: [String], depth: Int?,
                 budget: Duration, makeApp: @escaping (SimulatedApp) -> App) {
        self.app = app
        self.platforms = platforms
        self.parameters = parameters
        self.taps = taps
        self.depth = depth
        self.budget = budget
        self.makeApp = makeApp
    }

    /// How deep a search with no depth goes at most (a safety net: app state outside the key can
    /// make the space look endless).
    package static var unboundedDepthCap: Int { 64 }
    /// How far past an explicit depth limit a search goes to decide the states the limit cut.
    package static var decidingExtraDepth: Int { ExplorationVerdict.decidingExtraDepth }

    /// Explores every platform.
    ///
    /// The search runs on the main actor, in a task of its own, with LocSim's serial executor on:
    /// so the app's tasks, which the serial executor runs on the main actor's executor, run one
    /// at a time between the search's steps, whatever executor the caller runs on (a test runner
    /// may run tests on an executor of its own).
    nonisolated(nonsending)
    package func run(_ execution: AppCodeExecution) async -> [AppCodePlatformResult] {
        let explorer = UncheckedBox(self)
        if case .remote = execution {
            // No app code runs here, only the searches children could not finish: with this
            // process's executors as they are.
            return await Task { @MainActor in await explorer.value.explore(execution) }.value
        }
        SerialExecution.retain()
        defer { SerialExecution.release() }
        return await Task { @MainActor in
            await AppCodeTurn.run { await SerialExecution.excludingCurrentTask { await explorer.value.explore(execution) } }
        }.value
    }

    /// Serves the jobs another process's runner sends, one at a time, until `next` returns
    /// `nil`: the other end of ``AppCodeExecution/remote(_:)``, in a process that does nothing
    /// else. Each job is a platform's search, carried on from the outcomes a crashed process
    /// applied before: `send` gets each outcome as it comes (the runner keeps them, to hand to
    /// the next process if app code crashes this one), then the platform's result. It watches for
    /// app code that escapes the simulation, objects from an earlier path and continuations leaked
    /// (read from `stderrPath`, where this process's standard error goes).
    nonisolated(nonsending)
    package func serve(stderrPath: String?, next: @escaping () -> AppCodeJob?, send: @escaping (AppCodeJob.Reply) -> Void) async {
        // The process runs nothing but app code: every job goes to the serial executor.
        SerialExecution.retain(everything: true)
        defer { SerialExecution.release(everything: true) }
        let explorer = UncheckedBox(self), io = UncheckedBox((next, send))
        await Task { @MainActor in
            await SerialExecution.excludingCurrentTask {
                let watch = ExecutionWatch(stderrPath: stderrPath)
                while let job = io.value.0() {
                    let e = explorer.value
                    guard e.platforms.indices.contains(job.platform) else { break }
                    let source = OutcomeSource(explorer: e, prefix: job.outcomes, watch: watch,
                                               deadline: ContinuousClock.now.advanced(by: job.budget))
                    source.onOutcome = { io.value.1(.outcome($0)) }
                    let result = await e.explore(e.platforms[job.platform], with: source)
                    io.value.1(.result(result))
                }
            }
        }.value
    }

    @MainActor
    private func explore(_ execution: AppCodeExecution) async -> [AppCodePlatformResult] {
        let deadline = ContinuousClock.now.advanced(by: budget)
        guard case .remote(let runners) = execution, !runners.isEmpty else {
            var results: [AppCodePlatformResult] = []
            for i in platforms.indices {
                let source = OutcomeSource(explorer: self, deadline: Self.share(of: deadline, among: platforms.count - i))
                results.append(await explore(platforms[i], with: source))
            }
            return results
        }
        // Each runner's share at the same time: the searches run in the children, which do not
        // wait on one another, and each platform's search is the same whichever else runs.
        let lanes = runners.count, explorer = UncheckedBox(self), boxes = runners.map { UncheckedBox($0) }
        var results: [AppCodePlatformResult?] = Array(repeating: nil, count: platforms.count)
        await withTaskGroup(of: Shares.self) { group in
            for lane in 0..<lanes {
                let runner = boxes[lane]
                group.addTask { await explorer.value.exploreShare(lane, of: lanes, runner: runner.value, until: deadline) }
            }
            for await share in group {
                for (i, result) in share.results { results[i] = result }
            }
        }
        return results.map { $0! }
    }

    /// An equal share of the time left until `deadline`, among `count` searches still to run.
    private static func share(of deadline: ContinuousClock.Instant, among count: Int) -> ContinuousClock.Instant {
        let left = ContinuousClock.now.duration(to: deadline)
        return left <= .zero ? deadline : ContinuousClock.now.advanced(by: left / max(1, count))
    }

    /// Platform results by index, handed out of a task.
    private struct Shares: @unchecked Sendable {
        // @unchecked: results of app code that ran elsewhere, read by one task at a time.
        var results: [(Int, AppCodePlatformResult)]
    }

    /// Explores, one after another, the platforms that fall to `lane` of `lanes` (the first to
    /// the first, and so on round), through `runner`.
    @MainActor
    private func exploreShare(_ lane: Int, of lanes: Int, runner: any AppCodeSearchRunner, until deadline: ContinuousClock.Instant) async -> Shares {
        let share = platforms.indices.filter { $0 % lanes == lane }
        var results: [(Int, AppCodePlatformResult)] = []
        for (k, i) in share.enumerated() {
            switch await runner.explore(platform: i, budget: ContinuousClock.now.duration(to: Self.share(of: deadline, among: share.count - k))) {
            case .result(let result):
                results.append((i, result))
            case .outcomes(let outcomes) where outcomes.isEmpty:
                // No child reached the platform's first state: nothing was judged.
                let verdict = ExplorationVerdict(platform: platforms[i], states: 0, transitions: 0, depth: 0, end: .timeBudget, undecided: 0,
                                                 decidingDepth: nil, hiddenFindings: [])
                results.append((i, AppCodePlatformResult(platform: platforms[i], findings: [], notes: [], screens: [], verdict: verdict,
                                                         createdManager: false, escapes: [], staleObject: nil)))
            case .outcomes(let outcomes):
                // No child finished it: the search as far as the outcomes go (no app code runs
                // here: the first of them is the initial state, and the search stops where they end).
                let source = OutcomeSource(explorer: self, prefix: outcomes, live: false, deadline: .now)
                results.append((i, await explore(platforms[i], with: source)))
            }
        }
        return Shares(results: results)
    }

    /// Explores `platform` with `source`, and ends it; the result carries the source's counts.
    @MainActor
    private func explore(_ platform: Platform, with source: OutcomeSource<App>) async -> AppCodePlatformResult {
        var result = await explore(platform, source: source)
        await source.finish()
        result.stepsOnKeptSessions = source.stepsOnKeptSessions
        result.appliedChoices = source.appliedChoices
        return result
    }

    @MainActor
    private func explore(_ platform: Platform, source: OutcomeSource<App>) async -> AppCodePlatformResult {
        var search = AppCodeSearch()
        search.start(root: await source.root(platform))
        var frontier: [Int32] = [0]
        var level = 0
        var end = ExplorationVerdict.End.everyState
        // At an explicit depth limit: the search as the limit left it (what is reported), and the
        // states it left undecided, which the search goes on to decide.
        var atLimit: (search: AppCodeSearch, undecided: Set<Int32>)?
        var decidingDepth: Int?
        let cap = depth.map { $0 + Self.decidingExtraDepth } ?? Self.unboundedDepthCap
        search: while !frontier.isEmpty {
            if let depth, level >= depth {
                if atLimit == nil { atLimit = (search, search.undecided) }
                if atLimit!.undecided.isDisjoint(with: search.undecided) { decidingDepth = level; break }
                // Past the limit, only what can decide the states it left open.
                frontier = search.deciding(frontier)
            }
            if level == cap { end = .depthLimit; break }
            var next: [Int32] = []
            // The level's steps, in order: each starts on the sessions the steps before it left.
            // Past the limit only steps inside the app can decide a waiting state (a step outside
            // it neither leaves nor stays, ``HangAnalysis``): the others are not taken, and a
            // state is expanded once its steps inside the app are.
            let deciding = atLimit != nil
            let steps = frontier.flatMap { n in
                search.nodes[Int(n)].facts.choices.filter { !deciding || $0.isInApp }.map { (node: n, choice: $0) }
            }
            if deciding {
                for n in frontier where !search.nodes[Int(n)].facts.choices.contains(where: \.isInApp) { search.markExpanded(n) }
            }
            for (k, step) in steps.enumerated() {
                let request = AppCodeRequest(platform: platform, path: search.nodes[Int(step.node)].path, choice: step.choice,
                                             start: reusesSessions && keepsSessions ? search.start(for: step.node) : nil)
                guard let outcome = await source.outcome(of: request) else {
                    end = .timeBudget
                    break search
                }
                if let new = search.apply(outcome, from: step.node, choice: step.choice), !outcome.facts.choices.isEmpty { next.append(new) }
                // App code reached an object of another device: nothing more can be judged, so
                // the search stops here, and its report carries the call (the exploration throws
                // `objectFromAnotherDevice` instead of showing a verdict).
                if search.staleObject != nil {
                    return report(search, platform: platform, end: .timeBudget, depth: level)
                }
                if k + 1 == steps.count || steps[k + 1].node != step.node { search.markExpanded(step.node) }
            }
            frontier = next
            level += 1
        }
        if frontier.isEmpty {
            end = .everyState
            if atLimit != nil { decidingDepth = level }
        }
        guard let limit = atLimit else { return report(search, platform: platform, end: end, depth: level) }
        var result = report(limit.search, platform: platform, end: .depthLimit, depth: depth ?? level)
        if let decidingDepth {
            let deeper = report(search, platform: platform, end: end, depth: level)
            let known = Set(result.findings.map { "\($0.kind.rawValue) \($0.key)" })
            result.verdict.hiddenFindings = deeper.findings.filter { !known.contains("\($0.kind.rawValue) \($0.key)") }
            result.verdict.decidingDepth = decidingDepth
        }
        return result
    }

    /// The findings, notes and verdict of `search`.
    private func report(_ search: AppCodeSearch, platform: Platform, end: ExplorationVerdict.End, depth: Int) -> AppCodePlatformResult {
        var findings: [ExplorationFinding] = [], notes: [ExplorationFinding] = []
        for (o, path) in search.found {
            let f = ExplorationFinding(kind: o.kind, key: o.key, explanation: o.explanation, platform: platform, path: path.map(\.description))
            if o.isNote { notes.append(f) } else { findings.append(f) }
        }
        let hangs = search.hangs(), updates = search.updatesNeverCome()
        for i in hangs.found {
            let node = search.nodes[Int(i)]
            let key = FindingKey.hang(screen: search.screens.firstIndex(of: node.facts.screen)!, stuck: node.facts.stuck)
            findings.append(ExplorationFinding(kind: .hang, key: key.text(screens: search.screens),
                                               explanation: Observation.describe(key, screens: search.screens, detail: "").explanation,
                                               platform: platform, path: node.path.map(\.description)))
        }
        for i in updates.found {
            let node = search.nodes[Int(i)]
            let stopped = node.facts.stuck.hasSuffix("-stoppedReading")
            let explanation = stopped
                ? "the app stopped reading CLLocationUpdate.liveUpdates() after updates that told it nothing final (no location, no denial; on iOS 18 the first update while the prompt is up says only authorizationRequestInProgress): no location reaches it any more, whatever happens inside the app; read on until an update has a location or a denial"
                : Observation.describe(.updatesNeverCome(stuck: node.facts.stuck), screens: search.screens, detail: "").explanation
            findings.append(ExplorationFinding(kind: .updatesNeverCome, key: node.facts.stuck, explanation: explanation,
                                               platform: platform, path: node.path.map(\.description)))
        }
        let order = { (a: ExplorationFinding, b: ExplorationFinding) -> Bool in (a.kind, a.key) < (b.kind, b.key) }
        let states = search.nodes.count
        let verdict = ExplorationVerdict(platform: platform, states: states, transitions: search.transitions, depth: depth, end: end,
                                         undecided: end == .everyState ? 0 : Set(hangs.undecided).union(updates.undecided).count,
                                         decidingDepth: nil, hiddenFindings: [])
        return AppCodePlatformResult(platform: platform, findings: findings.sorted(by: order), notes: notes.sorted(by: order),
                                     screens: search.screens.sorted(), verdict: verdict, createdManager: search.createdManager,
                                     escapes: search.escapes, staleObject: search.staleObject)
    }

    // MARK: Running app code

    /// A fresh session of this exploration on `platform`.
    @MainActor
    package func session(on platform: Platform) -> AppCodeSession<App> {
        AppCodeSession(platform: platform, parameters: parameters, app: app, taps: taps, makeApp: makeApp)
    }

    /// The initial state on `platform`: a fresh session, before the launch.
    @MainActor
    package func root(on platform: Platform) async -> AppCodeOutcome {
        let session = session(on: platform)
        return await withAttachedApp(session.app) {
            await session.settleTasks()
            let outcome = session.outcome()
            await session.close()
            return outcome
        }
    }

    /// The outcome of `request`'s step: on the session `pool` keeps where the request's start
    /// says, which goes the start's route first, or else on a fresh device that replays its
    /// path. The session is kept for later steps (the ones the pool lets go are closed first: a
    /// crash while their tasks end comes before this outcome goes). `watch` reads what app code
    /// printed about continuations it dropped.
    @MainActor
    package func perform(_ request: AppCodeRequest, pool: AppCodeSessionPool<App>, watch: ExecutionWatch?) async -> AppCodeOutcome {
        let kept = request.start.flatMap { start in pool.take(start.state, on: request.platform).map { (session: $0, route: start.route) } }
        let applied = AppCodeStatistics.appliedChoices
        var (outcome, session) = await execute(on: request.platform, path: request.path, choice: request.choice, watch: watch, kept: kept)
        outcome.startedOnKeptSession = kept != nil
        outcome.appliedChoices = AppCodeStatistics.appliedChoices &- applied
        await Self.close(keepsSessions ? pool.keep(session, in: outcome.target, on: request.platform) : [session])
        return outcome
    }

    /// Ends `sessions`: their app's iterations end and their tasks finish.
    @MainActor
    package static func close(_ sessions: [AppCodeSession<App>]) async {
        for session in sessions { await withAttachedApp(session.app) { await session.close() } }
    }

    /// Replays `path` on a fresh device (or `kept.route` on `kept.session`, a session in a state
    /// from which that route leads where `path` does) and applies `choice`; the outcome, and the
    /// session. `watch` reads what app code printed meanwhile about continuations it dropped.
    @MainActor
    package func execute(on platform: Platform, path: [ExplorerChoice], choice: ExplorerChoice, watch: ExecutionWatch?,
                         kept: (session: AppCodeSession<App>, route: [ExplorerChoice])? = nil) async -> (AppCodeOutcome, AppCodeSession<App>) {
        let session = kept?.session ?? session(on: platform)
        return await withAttachedApp(session.app) {
            watch?.begin(session.device)
            session.watch = watch
            await session.replay(kept.map { $0.route[...] } ?? path[...], fresh: kept == nil)
            watch?.markStep()
            let observations = await session.apply(choice)
            var outcome = session.outcome()
            let facts = outcome.facts
            for o in observations {
                let text = o.key.text(screens: [])
                let explanation = Observation.describe(o.key, screens: [], detail: o.story?.detail ?? "").explanation
                var observation = AppCodeObservation(kind: o.key.kind, key: text, explanation: explanation)
                // A request that did nothing is a problem where something waits on it; otherwise a note.
                observation.isNote = o.key.kind == .ignoredRequest && !facts.waiting
                if !outcome.observations.contains(observation) { outcome.observations.append(observation) }
            }
            if let watch {
                for f in watch.leakedContinuations() {
                    outcome.observations.append(AppCodeObservation(
                        kind: .hang, key: "continuationLeaked.\(f)",
                        explanation: "\(f) dropped its continuation without resuming it (Swift: \"leaked its continuation\"): the code awaiting it waits forever — resume every continuation exactly once, and do not overwrite one that still waits when the call is made again"))
                }
                outcome.escapes = watch.escapes
                outcome.staleObject = watch.staleObject
            }
            outcome.createdManager = session.createdManager
            outcome.updatesArrived = session.updatesArrived
            return (outcome, session)
        }
    }
}

/// What a process that runs one path at a time watches while app code runs: calls that escape
/// the simulation, calls on an earlier path's objects, continuations reported leaked on its
/// standard error.
@MainActor package final class ExecutionWatch {
    private let stderrPath: String?
    private var stepOffset: Int64 = 0
    private(set) var escapes: [String] = []
    private(set) var staleObject: String?

    package init(stderrPath: String?) {
        self.stderrPath = stderrPath
        SimulationEnvironment.escapeHandler = { [unowned self] call in if !self.escapes.contains(call) { self.escapes.append(call) } }
        SimulatedDevice.staleCallHandler = { [unowned self] call in
            if self.staleObject == nil { self.staleObject = call }
        }
    }

    /// A new path starts on `device`.
    func begin(_ device: SimulatedDevice) {
        escapes = []
        staleObject = nil
        SimulatedDevice.explored = device
    }

    /// The step whose leaks count starts now (the replay before it showed nothing new).
    func markStep() {
        fflush(nil)
        stepOffset = Self.size(of: 2)
        factoryRuns = []
    }

    /// Where standard error stood each time the app's factory ran during the step: a launch
    /// starts a fresh process, so a continuation dropped then (by a singleton the factory resets,
    /// `ExplorationProcessState.freshAtEachLaunch`) waited in a process that is gone, and is no
    /// leak of the step's.
    private var factoryRuns: [(start: Int64, end: Int64)] = []

    /// The app's factory is about to run (a launch).
    func factoryWillRun() {
        fflush(nil)
        factoryRuns.append((Self.size(of: 2), -1))
    }

    /// The app's factory returned.
    func factoryDidRun() {
        fflush(nil)
        if let last = factoryRuns.indices.last { factoryRuns[last].end = Self.size(of: 2) }
    }

    /// The functions whose continuations app code dropped since ``markStep()``, except while the
    /// factory ran.
    func leakedContinuations() -> [String] {
        guard let stderrPath else { return [] }
        fflush(nil)
        // Nothing written since the step began: nothing to read.
        let end = Self.size(of: 2)
        guard end != stepOffset else { return [] }
        var segments: [String] = [], from = stepOffset
        for run in factoryRuns where run.end >= run.start && run.start >= from {
            segments.append(Self.read(stderrPath, from: from, to: run.start))
            from = run.end
        }
        segments.append(Self.read(stderrPath, from: from, to: end))
        // Each segment ends where a write did (the runtime writes each line whole, and the
        // factory's bracket is taken between writes): joined by line breaks, no two lines merge.
        return AppTrap.leakedContinuations(in: segments.joined(separator: "\n"))
    }

    /// The size of the file at `path` (0 when it cannot be read).
    nonisolated package static func sizeOfFile(_ path: String) -> Int64 {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_size) : 0
    }

    /// The size of the file open as `fd`.
    nonisolated package static func size(of fd: Int32) -> Int64 {
        var st = stat()
        return fstat(fd, &st) == 0 ? Int64(st.st_size) : 0
    }

    /// The text of `path` from `offset` on (at most 64 KiB, the end).
    nonisolated package static func read(_ path: String, from offset: Int64) -> String {
        read(path, from: offset, to: nil)
    }

    /// The text of `path` from `offset` to `limit` (the end when `nil`; at most the last 64 KiB
    /// of that).
    nonisolated package static func read(_ path: String, from offset: Int64, to limit: Int64?) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else { return "" }
        defer { try? handle.close() }
        let fileEnd = (try? handle.seekToEnd()) ?? 0
        let end = limit.map { min(UInt64(max($0, 0)), fileEnd) } ?? fileEnd
        let start = max(UInt64(max(offset, 0)), end > 65_536 ? end - 65_536 : 0)
        guard start < end else { return "" }
        try? handle.seek(toOffset: start)
        return String(decoding: (try? handle.read(upToCount: Int(end - start))) ?? Data(), as: UTF8.self)
    }
}
