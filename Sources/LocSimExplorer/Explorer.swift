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
        var result = ExplorationResult(model: model, platforms: explore(model, on: model.platforms, options: options))
        result.accept(model.accepted)
        return result
    }

    /// Explores `model` on one platform.
    public static func explore(_ model: AppModel, on platform: Platform, options: ExplorationOptions = ExplorationOptions()) -> PlatformExploration {
        explore(model, on: [platform], options: options)[0]
    }

    private static func explore(_ model: AppModel, on platforms: [Platform], options: ExplorationOptions) -> [PlatformExploration] {
        let maxBytes = options.maxMemory.map { $0 / max(1, platforms.count) }
        let searches = platforms.map {
            StateSearch(system: AppModelSystem(model, platform: $0), depth: options.depth ?? model.depth,
                        maxStates: options.maxStates ?? model.maxStates, maxBytes: maxBytes, progress: options.progress)
        }
        // Every platform's levels and counterexamples as tasks (see ``SearchScheduler``); with
        // `parallel` off, one thread runs the same tasks and the output is the same.
        let threads = options.parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
        return SearchScheduler.run(searches, threads: threads).reports.map { $0! }
    }
}
