import Foundation
import LocSim
import LocSimCoreLocation
import LocSimModel

/// One step an app-code exploration takes: the outcome of `choice` after `path` on `platform`,
/// on a fresh device or a session kept for it. Core Location has no such type.
package struct AppCodeRequest: Sendable, Equatable {
    package var platform: Platform
    package var path: [ExplorerChoice]
    package var choice: ExplorerChoice
    /// Where the step may start instead of on a fresh device: a session kept in `start.state`,
    /// from which `start.route` leads to where `path` does (``AppCodeSessionPool``). Without
    /// one kept there, the step replays `path` on a fresh device.
    package var start: AppCodeStart?

    package init(platform: Platform, path: [ExplorerChoice], choice: ExplorerChoice, start: AppCodeStart? = nil) {
        self.platform = platform
        self.path = path
        self.choice = choice
        self.start = start
    }
}

/// Where a step of an app-code exploration starts when a session is kept for it: a state the
/// search reached, and the choices that lead from there to the step's own state along
/// transitions it has seen. Core Location has no such type.
package struct AppCodeStart: Sendable, Equatable {
    package var state: AppStateFingerprint
    package var route: [ExplorerChoice]

    package init(state: AppStateFingerprint, route: [ExplorerChoice]) {
        self.state = state
        self.route = route
    }
}

/// Runs the searches of an exploration where a crash in app code cannot end them: in a process
/// of their own, which the runner starts again after a crash, handing it the outcomes so far.
/// Core Location has no such type.
package protocol AppCodeSearchRunner: AnyObject, Sendable {
    /// Explores the platform at `platform` (an index into the exploration's platforms) within
    /// `budget`: the child's result, or, when no child could finish it (the budget ran out, or
    /// no child reached the exploration), the outcomes applied so far, in order, for the caller
    /// to finish the search with.
    func explore(platform: Int, budget: Duration) async -> AppCodeLaneReply
}

/// What a search runner gives back for one platform. Core Location has no such type.
package enum AppCodeLaneReply: Sendable {
    /// The platform's result, from the child that finished its search.
    case result(AppCodePlatformResult)
    /// The outcomes applied before the search stopped: the root's first.
    case outcomes([AppCodeOutcome])
}

/// Where an app-code exploration gets the outcome of each transition: the outcomes a process
/// that crashed applied before it (`prefix`, in the order the search asked for them), then the
/// app's code run here, until the deadline. The same search asks for the same steps in the same
/// order, so a process that carries on after a crash mirrors the one before it up to the crash.
/// Core Location has no such type.
@MainActor final class OutcomeSource<App: ExplorationApp> {
    private let explorer: AppCodeExplorer<App>
    private let deadline: ContinuousClock.Instant
    private var prefix: [AppCodeOutcome]
    private var next = 0
    /// Whether app code runs here once the prefix is used up (otherwise the search stops there).
    private let live: Bool
    private let watch: ExecutionWatch?
    private let pool = AppCodeSessionPool<App>()
    /// Called with each outcome the app's code produced here (not the prefix's).
    var onOutcome: ((AppCodeOutcome) -> Void)?
    /// Steps whose outcome came that started on a kept session.
    private(set) var stepsOnKeptSessions = 0
    /// Choices applied for the outcomes that came, replays included.
    private(set) var appliedChoices = 0

    /// Outcomes from `prefix`, then (when `live`) from the app's code run here, watched by `watch`,
    /// until `deadline`.
    init(explorer: AppCodeExplorer<App>, prefix: [AppCodeOutcome] = [], live: Bool = true, watch: ExecutionWatch? = nil,
         deadline: ContinuousClock.Instant) {
        self.explorer = explorer
        self.prefix = prefix
        self.live = live
        self.watch = watch
        self.deadline = deadline
    }

    /// The initial state on `platform` (no app code runs before the launch): the prefix's first
    /// outcome, or, when there is none, one a fresh session reads (only where app code runs: a
    /// source that runs none is given a prefix).
    func root(_ platform: Platform) async -> AppCodeOutcome {
        precondition(live || !prefix.isEmpty, "LocSim: an exploration's search without app code needs its initial state")
        if next < prefix.count {
            next += 1
            return prefix[next - 1]
        }
        let root = await explorer.root(on: platform)
        onOutcome?(root)
        return root
    }

    /// The outcome of `step`; `nil` when the prefix is used up and no app code runs here, or the
    /// deadline passed.
    func outcome(of step: AppCodeRequest) async -> AppCodeOutcome? {
        let outcome: AppCodeOutcome
        if next < prefix.count {
            outcome = prefix[next]
            next += 1
        } else {
            guard live, ContinuousClock.now < deadline else { return nil }
            outcome = await explorer.perform(step, pool: pool, watch: watch)
            onOutcome?(outcome)
        }
        if outcome.startedOnKeptSession { stepsOnKeptSessions += 1 }
        appliedChoices += outcome.appliedChoices
        return outcome
    }

    /// The sessions kept for later steps are closed (the search ended).
    func finish() async {
        await AppCodeExplorer<App>.close(pool.drain())
    }
}
