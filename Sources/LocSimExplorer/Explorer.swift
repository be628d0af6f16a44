import Dispatch
import Foundation
import LocSimModel
import LocSimScenario

/// Explores every sequence of user choices, lifecycle events, Settings changes, world events and
/// waits against an app model, and reports each problem with the shortest path that shows it.
///
/// The search is breadth-first over deduplicated states (the authorization model, the app's
/// screen, with time made relative), so the first path to each problem is a shortest one.
/// Platforms are explored in parallel, and platforms on which the model's rules read the same
/// answers (`PlatformBehavior`) are searched once; so is a platform whose answers differ from
/// an earlier one's only in questions that platform's search never asked (`PlatformReads`).
/// The output does not depend on the schedule.
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
        let groups = options.searchesAlikePlatformsOnce ? alikeGroups(model, platforms) : platforms.indices.map { [$0] }
        let waits = options.searchesAlikePlatformsOnce ? leads(model, groups.map { platforms[$0[0]] }) : []
        let maxBytes = options.maxMemory.map { $0 / max(1, groups.count) }
        let searches = groups.indices.map { g in
            let records = waits.contains { $0?.lead == g }
            return StateSearch(system: AppModelSystem(model, platform: platforms[groups[g][0]], symmetric: options.reducesSymmetry,
                                                      reads: records ? PlatformReads() : nil),
                               depth: options.depth ?? model.depth, maxStates: options.maxStates ?? model.maxStates, maxBytes: maxBytes,
                               progress: options.progress)
        }
        let alike = groups.map { $0.dropFirst().map { AppModelSystem(model, platform: platforms[$0]) } }
        // Every search's levels and counterexamples as tasks (see ``SearchScheduler``); with
        // `parallel` off, one thread runs the same tasks and the output is the same.
        let threads = options.parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
        let run = SearchScheduler.run(searches, alike: alike, waits: waits, threads: threads)
        var out = [PlatformExploration?](repeating: nil, count: platforms.count)
        for (g, group) in groups.enumerated() {
            out[group[0]] = run.reports[g]
            for (i, report) in zip(group.dropFirst(), run.alikeReports[g]) { out[i] = report }
        }
        return out.map { $0! }
    }

    /// For each of `platforms` (one per group of alike platforms), the first earlier one whose
    /// search may serve it (``PlatformBehavior/mayShareSearch(_:_:parameters:app:)``), itself
    /// waiting for none, with the answers in which the two differ: the search waits for that
    /// one's to learn whether it asked any of them (``SearchScheduler``).
    static func leads(_ model: AppModel, _ platforms: [Platform]) -> [(lead: Int, differs: UInt64)?] {
        let parameters = model.device.parameters
        let answers = platforms.map { PlatformBehavior(platform: $0, parameters: parameters, app: model.app).answers }
        var out: [(lead: Int, differs: UInt64)?] = []
        for (g, platform) in platforms.enumerated() {
            let lead = (0..<g).first { h in
                out[h] == nil && PlatformBehavior.mayShareSearch(platforms[h], platform, parameters: parameters, app: model.app)
            }
            // A question no answer covers (``PlatformBehavior/unlistedBit``) may tell any two apart.
            out.append(lead.map { ($0, answers[$0] ^ answers[g] | PlatformBehavior.unlistedBit) })
        }
        return out
    }

    /// The positions of `platforms` grouped by the model's behaviour on them (``PlatformBehavior``),
    /// each group in the order given, the groups in the order of their first platform.
    static func alikeGroups(_ model: AppModel, _ platforms: [Platform]) -> [[Int]] {
        var groups: [[Int]] = []
        var groupOf: [PlatformBehavior: Int] = [:]
        for (i, platform) in platforms.enumerated() {
            let behavior = PlatformBehavior(platform: platform, parameters: model.device.parameters, app: model.app)
            if let g = groupOf[behavior] {
                groups[g].append(i)
            } else {
                groupOf[behavior] = groups.count
                groups.append([i])
            }
        }
        return groups
    }
}
