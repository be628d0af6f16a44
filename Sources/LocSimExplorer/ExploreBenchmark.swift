import Dispatch
import Foundation
import LocSimModel

extension Explorer {
    /// Times explorations of app models and reports states per second and the time to explore
    /// each model on all its platforms.
    ///
    /// With no `files`, uses the built-in copies of `Examples/explore/buggy-tracker.yml` and
    /// `careful-tracker.yml`. Each model is explored `repetitions` times; the best time counts.
    /// Reports both the parallel run (every core, as `locsim explore` does) and a single-threaded
    /// run. The per-platform search times are the last run's. Timings vary between machines and
    /// runs; state counts do not.
    public static func runExploreBenchmark(files: [String] = [], depth: Int = 12, repetitions: Int = 5) -> String {
        var models: [AppModel] = []
        do {
            if files.isEmpty {
                models = try BenchmarkModels.all.map { try AppModelParser.parse($0.text, file: $0.name) }
            } else {
                models = try files.map { try AppModelParser.parse(contentsOf: $0) }
            }
        } catch {
            return "error: \(error)\n"
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var out = "explore benchmark: depth \(depth), best of \(max(1, repetitions)), \(cores) core\(cores == 1 ? "" : "s")\n"
        var totalStates = 0, totalTransitions = 0
        var totalParallel = 0.0, totalSerial = 0.0
        for model in models {
            var best = Double.infinity, bestSerial = Double.infinity
            var result: ExplorationResult?
            for _ in 0..<max(1, repetitions) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                result = Explorer.explore(model, options: ExplorationOptions(depth: depth, parallel: true))
                let t1 = DispatchTime.now().uptimeNanoseconds
                _ = Explorer.explore(model, options: ExplorationOptions(depth: depth, parallel: false))
                let t2 = DispatchTime.now().uptimeNanoseconds
                best = min(best, Double(t1 - t0) / 1e9)
                bestSerial = min(bestSerial, Double(t2 - t1) / 1e9)
            }
            let r = result!
            let states = r.states
            let transitions = r.platforms.reduce(0) { $0 + $1.transitions }
            totalStates += states
            totalTransitions += transitions
            totalParallel += best
            totalSerial += bestSerial
            out += "\(model.name): \(r.platforms.count) platforms (\(r.platforms.map(\.platform.description).joined(separator: ", "))), "
            out += "\(states) states, \(transitions) transitions, \(r.findings.count) findings\n"
            out += "  all platforms: \(ms(best)) parallel, \(ms(bestSerial)) on one thread; "
            out += "\(rate(Double(states) / best)) states/s, \(rate(Double(transitions) / best)) transitions/s\n"
            for p in r.platforms {
                out += "  \(p.platform): \(p.states) states, depth \(p.depth)\(p.exhaustive ? " (every reachable state)" : ""), search \(ms(p.seconds))\n"
            }
        }
        out += "total: \(totalStates) states, \(totalTransitions) transitions in \(ms(totalParallel)) parallel (\(ms(totalSerial)) on one thread): "
        out += "\(rate(Double(totalStates) / totalParallel)) states/s, \(rate(Double(totalTransitions) / totalParallel)) transitions/s\n"
        return out
    }

    private static func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }

    private static func rate(_ r: Double) -> String {
        r >= 1_000_000 ? String(format: "%.2fM", r / 1_000_000) : r >= 1_000 ? String(format: "%.1fk", r / 1_000) : String(format: "%.0f", r)
    }
}
