import LocSim
import LocSimExplorer
import LocSimModel
import LocSimTesting
import Testing

/// An app-code exploration starts a step on a session kept in the step's state instead of
/// replaying the step's path on a fresh device: the search, its findings and their paths are
/// the same either way, with far fewer choices applied.
@Suite("Sessions kept in a state stand in for replays, and the search is the same")
struct SessionReuseTests {
    /// Explores `make`'s app in this process, with sessions kept or every path replayed.
    @MainActor
    static func explore<App: ExplorationApp>(_ platforms: [Platform], taps: [String], depth: Int?, reusing: Bool,
                                             _ make: @escaping () -> App) async -> [AppCodePlatformResult] {
        var explorer = AppCodeExplorer(app: AppDescription(name: "Reuse"), platforms: platforms, parameters: DeviceParameters(),
                                       taps: taps, depth: depth, budget: .seconds(1200)) { _ in make() }
        explorer.reusesSessions = reusing
        return await explorer.run(.inProcess)
    }

    /// Everything an outcome says, paths included.
    static func report(_ o: ExplorationRun<some ExplorationApp>.Outcome) -> [String] {
        o.verdicts.map(\.description) + ["screens \(o.screensReached)"]
            + o.findings.map { "finding \($0.platform) \($0.kind) \($0.key) \($0.path) \($0.explanation)" }
            + o.notes.map { "note \($0.platform) \($0.kind) \($0.key) \($0.path)" }
    }

    /// The same exploration with sessions kept and with every path replayed, each in a child
    /// process of its own (which runs nothing but the app's code: the same order every run).
    func expectSameSearch<App: ExplorationApp>(_ platforms: [Platform], taps: [String], depth: Int?,
                                               _ make: @escaping @Sendable () -> App) async throws {
        var kept = ExplorationRun(platforms: platforms, depth: depth, timeBudget: .seconds(1200), taps: taps) { _ in make() }
        var replayed = kept
        kept.reusesSessions = true
        replayed.reusesSessions = false
        let a = try await kept.outcome(), b = try await replayed.outcome()
        #expect(Self.report(a) == Self.report(b))
        #expect(a.verdicts.allSatisfy { $0.transitions > 0 })
    }

    @Test("a continuation wrapper the user may tap twice: the same states, findings and paths")
    func awaitingWrapper() async throws {
        try await expectSameSearch([Platform(.iOS, 12, 4), Platform(.iOS, 18)], taps: ["useMyLocation"], depth: 7) {
            AwaitingScreen(clearsContinuation: true, tapsWhileAsking: true)
        }
    }

    @Test("O1, O2: an iOS 17 liveUpdates loop, with a depth limit the search goes past to decide: the same search")
    func liveUpdatesLoop() async throws {
        try await expectSameSearch([Platform(.iOS, 17), Platform(.iOS, 18)], taps: ["start"], depth: 5) {
            LiveLocationScreen(returnsWithoutLocation: true)
        }
    }

    @Test("an app that walks through screens before it asks for Always: the same search")
    func steppedAsker() async throws {
        try await expectSameSearch([Platform(.iOS, 13, 4)], taps: ["next"], depth: 6) {
            SteppedAsker(steps: 1)
        }
    }

    @MainActor
    @Test("in this process, steps start on kept sessions (and on none when every path is replayed)")
    func stepsStartOnKeptSessions() async {
        func explore(reusing: Bool) async -> [AppCodePlatformResult] {
            var explorer = AppCodeExplorer(app: AppDescription(name: "Reuse"), platforms: [Platform(.iOS, 18)], parameters: DeviceParameters(),
                                           taps: ["useMyLocation"], depth: 4, budget: .seconds(1200)) { _ in
                AwaitingScreen(clearsContinuation: true, tapsWhileAsking: false)
            }
            explorer.reusesSessions = reusing
            return await explorer.run(.inProcess)
        }
        let kept = await explore(reusing: true), replayed = await explore(reusing: false)
        #expect(kept.allSatisfy { $0.stepsOnKeptSessions > 0 }, "\(kept.map(\.stepsOnKeptSessions))")
        #expect(replayed.allSatisfy { $0.stepsOnKeptSessions == 0 })
    }

    @Test("in one child process, in two, and (for code that neither crashes nor leaks) in this process: the same search on every platform")
    func sameSearchWhateverTheProcesses() async throws {
        let platforms = [Platform(.iOS, 12, 4), Platform(.iOS, 13, 4), Platform(.iOS, 18)]
        var one = ExplorationRun(platforms: platforms, depth: 6, timeBudget: .seconds(1200), taps: ["useMyLocation"]) { _ in
            AwaitingScreen(clearsContinuation: true, tapsWhileAsking: false)
        }
        one.childProcesses = 1
        var two = one
        two.childProcesses = 2
        var here = one
        here.isolation = .inProcess
        let a = try await one.outcome(), b = try await two.outcome(), c = try await here.outcome()
        #expect(Self.report(a) == Self.report(b))
        #expect(Self.report(a) == Self.report(c))
        #expect(a.verdicts.count == 3 && a.verdicts.allSatisfy { $0.transitions > 0 })
    }

    @Test("a crash in one child's share is carried on by the next child from the outcomes logged: the same search in one child process and in two")
    func crashesCarriedOnWhateverTheProcesses() async throws {
        var one = ExplorationRun(platforms: [Platform(.iOS, 17), Platform(.iOS, 18)], depth: 6, timeBudget: .seconds(1200), taps: ["useMyLocation"]) { _ in
            AwaitingScreen(clearsContinuation: false, tapsWhileAsking: false)
        }
        one.childProcesses = 1
        var two = one
        two.childProcesses = 2
        let a = try await one.outcome(), b = try await two.outcome()
        #expect(Self.report(a) == Self.report(b))
        // The continuation resumed twice crashes the app on every platform, and the search went on.
        #expect(Set(a.findings.filter { $0.kind == .terminated }.map(\.platform)) == [Platform(.iOS, 17), Platform(.iOS, 18)], "\(a.findings)")
        #expect(a.verdicts.allSatisfy { $0.isDecided || $0.decidingDepth != nil }, "\(a.verdicts)")
    }

    @MainActor
    @Test("the pool hands out a session kept in a state once, on its platform only")
    func poolTakesByState() async {
        final class Blank: ExplorationApp {
            var screen: String { "" }
            var isWaiting: Bool { false }
            func tap(_ name: String) {}
        }
        let pool = AppCodeSessionPool<Blank>()
        let ios18 = Platform(.iOS, 18)
        func session() -> AppCodeSession<Blank> {
            AppCodeSession(platform: ios18, parameters: DeviceParameters(), app: AppDescription(name: "Pool"), taps: []) { _ in Blank() }
        }
        let a = AppStateFingerprint(a: 1, b: 1), b = AppStateFingerprint(a: 2, b: 2), c = AppStateFingerprint(a: 3, b: 3)
        let first = session(), second = session()
        #expect(pool.keep(first, in: a, on: ios18).isEmpty)
        #expect(pool.keep(second, in: b, on: ios18).isEmpty)
        #expect(pool.take(b, on: ios18) === second)
        #expect(pool.take(b, on: ios18) == nil, "a session is handed out once")
        #expect(pool.take(c, on: ios18) == nil)
        #expect(pool.take(a, on: Platform(.iOS, 17)) == nil, "only on its own platform")
        let closing = pool.keep(session(), in: c, on: Platform(.iOS, 17))
        #expect(closing.count == 1 && closing[0] === first, "another platform's search lets every kept session go")
        #expect(pool.take(a, on: ios18) == nil)
        #expect(pool.drain().count == 1, "the other platform's session is kept")
    }

    @Test("a step starts on the kept session nearest its state along transitions seen, with the route from there, no further than a fresh replay")
    func startsOnTheNearestKeptSession() {
        func state(_ i: UInt64) -> AppStateFingerprint { AppStateFingerprint(a: i, b: i) }
        func outcome(_ i: UInt64) -> AppCodeOutcome {
            AppCodeOutcome(target: state(i), facts: AppStateFacts(waiting: false, awaitsUpdates: false, screen: "s\(i)", running: true, stuck: "",
                                                                  choices: [.tap("t")]))
        }
        let launch = ExplorerChoice.launch, lock = ExplorerChoice.lock, unlock = ExplorerChoice.unlock, tap = ExplorerChoice.tap("t")
        var search = AppCodeSearch()
        search.start(root: outcome(0))
        // 0 -launch-> 1 -tap-> 2 -lock-> 3 -unlock-> 2 (a session kept in 1, 2, 3 and 2 again).
        let one = search.apply(outcome(1), from: 0, choice: launch)!
        let two = search.apply(outcome(2), from: one, choice: tap)!
        let three = search.apply(outcome(3), from: two, choice: lock)!
        #expect(search.apply(outcome(2), from: three, choice: unlock) == nil)
        #expect(search.start(for: two) == AppCodeStart(state: state(2), route: []), "its own state first")
        #expect(search.start(for: two) == AppCodeStart(state: state(2), route: []), "two sessions were kept there")
        #expect(search.start(for: two) == AppCodeStart(state: state(1), route: [tap]), "then one transition away, in the order seen")
        #expect(search.start(for: two) == AppCodeStart(state: state(3), route: [unlock]))
        #expect(search.start(for: two) == nil, "none kept: a fresh device replays the path")
        // A session two transitions away from a state one deep is no better than a fresh replay.
        let four = search.apply(outcome(4), from: one, choice: lock)!
        #expect(search.start(for: one) == nil, "4 is not on a way to 1, and nothing else is kept")
        let five = search.apply(outcome(5), from: four, choice: tap)!
        _ = search.apply(.crash(AppTrap(key: "trap", message: "Fatal error")), from: four, choice: unlock)
        #expect(search.start(for: five) == nil, "a crash ended the process that kept the sessions")
        _ = search.apply(outcome(5), from: four, choice: tap)
        #expect(search.start(for: five) == AppCodeStart(state: state(5), route: []))
    }
}
