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

    @MainActor
    @Test("the pool hands out a session kept in the deepest state of a path it knows, once, on its platform only")
    func poolTakesTheDeepestState() async {
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
        let deepest = pool.take([a, b, c], on: ios18)
        #expect(deepest?.session === second && deepest?.at == 1, "the deepest state with a session: b, the path's second")
        #expect(pool.take([b], on: ios18) == nil, "a session is handed out once")
        #expect(pool.take([a], on: Platform(.iOS, 17)) == nil, "only on its own platform")
        let closing = pool.keep(session(), in: c, on: Platform(.iOS, 17))
        #expect(closing.count == 1 && closing[0] === first, "another platform's search lets every kept session go")
        #expect(pool.take([a], on: ios18) == nil)
        #expect(pool.reused == 1)
        #expect(pool.drain().count == 1, "the other platform's session is kept")
    }
}
