import Dispatch
import Foundation
import LocSimModel
import LocSimScenario

/// Explores every sequence of user choices, lifecycle events, Settings changes, world events and
/// waits against an app model, and reports each problem with the shortest path that shows it.
///
/// The search is breadth-first over deduplicated states (the authorization model, the app's
/// screen, with time made relative), so the first path to each problem is a shortest one.
/// Platforms are explored in parallel; the output does not depend on the schedule.
public enum Explorer {
    /// Explores `model` on each of its platforms.
    public static func explore(_ model: AppModel, options: ExplorationOptions = ExplorationOptions()) -> ExplorationResult {
        let platforms = model.platforms
        let results = ParallelResults<PlatformExploration>(count: platforms.count)
        let work: @Sendable (Int) -> Void = { i in
            results.set(i, explore(model, on: platforms[i], options: options))
        }
        if options.parallel && platforms.count > 1 {
            // Each platform on its own pool thread, each level of each search on every core: while
            // one search merges a level on one thread, the other platforms' expansions fill the
            // other cores. (Not `concurrentPerform`: nested inside it, the levels' own parallel
            // expansion would get one thread.)
            let group = DispatchGroup()
            for i in platforms.indices {
                DispatchQueue.global().async(group: group) { work(i) }
            }
            group.wait()
        } else {
            for i in platforms.indices { work(i) }
        }
        return ExplorationResult(model: model, platforms: results.values)
    }

    /// Explores `model` on one platform.
    public static func explore(_ model: AppModel, on platform: Platform, options: ExplorationOptions = ExplorationOptions()) -> PlatformExploration {
        var search = StateSearch(system: AppModelSystem(model, platform: platform), depth: options.depth ?? model.depth,
                                 maxStates: model.maxStates, parallel: options.parallel, progress: options.progress)
        search.run()
        return search.report()
    }
}
