import Foundation
import LocSim
import LocSimCoreLocation
import LocSimModel

/// One step an app-code exploration asks for: the outcome of `choice` after `path` on
/// `platform`, on a fresh device — or, with no choice, the state before the launch. Core
/// Location has no such type.
package struct AppCodeRequest: Sendable, Equatable {
    package var platform: Platform
    package var path: [ExplorerChoice]
    /// `nil`: the initial state (no app code runs before the launch).
    package var choice: ExplorerChoice?
    /// The states `path` goes through, when known: the first before it, the last where it
    /// leads. A session kept in one of them may stand in for the replay up to there
    /// (``AppCodeSessionPool``).
    package var states: [AppStateFingerprint]

    package init(platform: Platform, path: [ExplorerChoice], choice: ExplorerChoice?, states: [AppStateFingerprint] = []) {
        self.platform = platform
        self.path = path
        self.choice = choice
        self.states = states
    }

    package func encoded() -> [UInt8] {
        var w = ByteWriter()
        w.string(platform.description)
        w.count(path.count)
        for c in path { w.string(c.description) }
        w.flag(choice != nil)
        if let choice { w.string(choice.description) }
        w.count(states.count)
        for state in states {
            w.word(state.a)
            w.word(state.b)
        }
        return w.bytes
    }

    /// Reads ``encoded()``; `nil` for bytes it did not write.
    package init?(decoding bytes: [UInt8]) {
        var r = ByteReader(bytes)
        guard let p = r.string().flatMap({ Platform(parsing: $0) }), let n = r.count() else { return nil }
        var path: [ExplorerChoice] = []
        for _ in 0..<n {
            guard let c = r.string().flatMap({ ExplorerChoice(description: $0) }) else { return nil }
            path.append(c)
        }
        guard let has = r.flag() else { return nil }
        var choice: ExplorerChoice?
        if has {
            guard let c = r.string().flatMap({ ExplorerChoice(description: $0) }) else { return nil }
            choice = c
        }
        guard let m = r.count(), m <= path.count + 1 else { return nil }
        var states: [AppStateFingerprint] = []
        for _ in 0..<m {
            guard let a = r.word(), let b = r.word() else { return nil }
            states.append(AppStateFingerprint(a: a, b: b))
        }
        guard r.atEnd else { return nil }
        self.init(platform: p, path: path, choice: choice, states: states)
    }
}

/// Runs the steps of an exploration where a crash in app code cannot end the search: in a
/// process of their own, which the runner starts again after a crash. Core Location has no such
/// type.
package protocol AppCodeStepRunner: AnyObject, Sendable {
    /// The outcome of each request, in order (``AppCodeOutcome/crash(_:)`` for one whose app code
    /// trapped): they may run one after another without waiting for the search. Fewer than asked
    /// when `deadline` passes first.
    func outcomes(of requests: [AppCodeRequest], until deadline: ContinuousClock.Instant) async -> [AppCodeOutcome]
}

/// Where an app-code exploration gets the outcome of each transition: by running the app's code
/// here, or from a step runner that runs it in another process. Core Location has no such type.
@MainActor final class OutcomeSource<App: ExplorationApp> {
    private let explorer: AppCodeExplorer<App>
    private let deadline: ContinuousClock.Instant
    /// The share of the budget of the platform being explored.
    private var platformDeadline: ContinuousClock.Instant
    private let runner: (any AppCodeStepRunner)?
    private let pool = AppCodeSessionPool<App>()

    init(explorer: AppCodeExplorer<App>, execution: AppCodeExecution) {
        self.explorer = explorer
        deadline = ContinuousClock.now.advanced(by: explorer.budget)
        platformDeadline = deadline
        if case .remote(let runner) = execution { self.runner = runner } else { runner = nil }
    }

    /// A platform's search starts, with `platforms` left to explore (it among them): it gets an
    /// equal share of what is left of the budget.
    func beginPlatform(of platforms: Int) {
        let left = ContinuousClock.now.duration(to: deadline)
        platformDeadline = left <= .zero ? deadline : ContinuousClock.now.advanced(by: left / max(1, platforms))
    }

    /// The initial state on `platform` (no app code runs before the launch).
    func root(_ platform: Platform) async -> AppCodeOutcome {
        if let runner {
            let request = AppCodeRequest(platform: platform, path: [], choice: nil)
            // The initial state is needed whatever the budget says (a search that gets no further
            // reports no transitions).
            if let root = await runner.outcomes(of: [request], until: .now.advanced(by: .seconds(3600))).first { return root }
        }
        return await explorer.root(on: platform)
    }

    /// The outcome of each step (a choice after a path) on `platform`, in order; fewer than asked
    /// when the time budget ran out.
    func outcomes(platform: Platform, steps: [AppCodeRequest]) async -> [AppCodeOutcome] {
        if ContinuousClock.now >= platformDeadline { return [] }
        if let runner { return await runner.outcomes(of: steps, until: platformDeadline) }
        var out: [AppCodeOutcome] = []
        for step in steps {
            if ContinuousClock.now >= platformDeadline { break }
            out.append(await explorer.perform(step, pool: pool, watch: nil))
        }
        return out
    }

    /// Steps run here that started on a kept session.
    var stepsOnKeptSessions: Int { pool.reused }

    /// The sessions kept for later steps are closed (the exploration ended).
    func finish() async {
        await AppCodeExplorer<App>.close(pool.drain())
    }
}
