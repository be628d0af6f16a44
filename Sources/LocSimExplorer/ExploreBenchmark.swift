import Dispatch
import Foundation
import LocSimModel

extension Explorer {
    /// Times explorations of app models and reports, first, each model's time to a verdict: the
    /// wall-clock time of `locsim explore` on every core until its report is ready (every
    /// reachable state of every platform, or the depth limit), with the states it stored and the
    /// bytes per state.
    ///
    /// With no `files`, no `regions`, no `geofences` and no `conditions`, uses the built-in copies of
    /// `Examples/explore/buggy-tracker.yml` and `careful-tracker.yml`. With `regions`, adds the
    /// generated region model (`BenchmarkModels.regionModel(regions:platforms:)`) with that many
    /// regions on `platforms` iOS 13.4+ platforms; with `geofences`, the generated geofencing app
    /// (`BenchmarkModels.geofenceModel(regions:)`: a tap per region, iOS 18.0), the app of
    /// `Benchmarks/spin/geofences.pml`; with `conditions`, the same app on iOS 18's API
    /// (`BenchmarkModels.monitorGeofenceModel(conditions:)`: a tap per geofence adding its
    /// condition to a `CLMonitor`). Each model is explored `repetitions` times; the best time
    /// counts. Reports the parallel run (every core, as `locsim explore` does) and a
    /// single-threaded run, the CPU time per transition of the single-threaded run, the states
    /// stored (platforms that behave alike are searched once: ``PlatformExploration/sharedSearch``)
    /// and the bytes stored per state. The per-platform search times are the last run's. Timings
    /// vary between machines and runs; state counts do not. `depth` overrides each model's depth
    /// when given, except the generated models' (64). With `searchesEachPlatform`, every platform
    /// is searched alone (``ExplorationOptions/searchesAlikePlatformsOnce`` off), as before issue 32;
    /// with `reducesSymmetry` off, every state is stored, not one per renaming of the regions a
    /// model treats alike (``ExplorationOptions/reducesSymmetry``).
    public static func runExploreBenchmark(files: [String] = [], depth: Int? = 12, repetitions: Int = 5,
                                           regions: Int? = nil, platforms: Int = 1, geofences: Int? = nil, conditions: Int? = nil,
                                           searchesEachPlatform: Bool = false, reducesSymmetry: Bool = true) -> String {
        var models: [AppModel] = []
        var generated: Set<String> = []
        do {
            if !files.isEmpty {
                models = try files.map { try AppModelParser.parse(contentsOf: $0) }
            } else if regions == nil && geofences == nil && conditions == nil {
                models = try BenchmarkModels.all.map { try AppModelParser.parse($0.text, file: $0.name) }
            }
            for text in [regions.map { BenchmarkModels.regionModel(regions: $0, platforms: platforms) },
                         geofences.map { BenchmarkModels.geofenceModel(regions: $0) },
                         conditions.map { BenchmarkModels.monitorGeofenceModel(conditions: $0) }].compactMap({ $0 }) {
                let model = try AppModelParser.parse(text.text, file: text.name)
                generated.insert(model.name)
                models.append(model)
            }
        } catch {
            return "error: \(error)\n"
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        var out = "explore benchmark: depth \(depth.map(String.init) ?? "of each model"), best of \(max(1, repetitions)), \(cores) core\(cores == 1 ? "" : "s")\n"
        var totalStates = 0, totalTransitions = 0
        var totalParallel = 0.0, totalSerial = 0.0
        for model in models {
            // The generated models run at their own depth (64), to show that their spaces close.
            let depth = generated.contains(model.name) ? nil : depth
            var best = Double.infinity, bestSerial = Double.infinity, bestSerialCPU = Double.infinity
            var result: ExplorationResult?
            for _ in 0..<max(1, repetitions) {
                let t0 = DispatchTime.now().uptimeNanoseconds
                result = Explorer.explore(model, options: ExplorationOptions(depth: depth, parallel: true, searchesAlikePlatformsOnce: !searchesEachPlatform,
                                                                             reducesSymmetry: reducesSymmetry))
                let t1 = DispatchTime.now().uptimeNanoseconds
                let c1 = processCPUSeconds()
                _ = Explorer.explore(model, options: ExplorationOptions(depth: depth, parallel: false, searchesAlikePlatformsOnce: !searchesEachPlatform,
                                                                        reducesSymmetry: reducesSymmetry))
                let c2 = processCPUSeconds()
                let t2 = DispatchTime.now().uptimeNanoseconds
                best = min(best, Double(t1 - t0) / 1e9)
                bestSerial = min(bestSerial, Double(t2 - t1) / 1e9)
                bestSerialCPU = min(bestSerialCPU, c2 - c1)
            }
            let r = result!
            // What the searches did: platforms that shared a search count once.
            let searched = r.platforms.filter { $0.sharedSearch == nil }
            let states = searched.reduce(0) { $0 + $1.states }
            let transitions = searched.reduce(0) { $0 + $1.transitions }
            let bytes = searched.reduce(0) { $0 + $1.storedBytes }
            totalStates += states
            totalTransitions += transitions
            totalParallel += best
            totalSerial += bestSerial
            let verdict = r.platforms.contains { $0.truncated } ? "stopped at a limit"
                : r.platforms.allSatisfy(\.exhaustive) ? "every reachable state" : "depth limit reached"
            out += "\(model.name): time to verdict \(ms(best)) on \(cores) core\(cores == 1 ? "" : "s") (\(verdict), \(r.findings.count) findings); "
            out += "\(states) states stored, \(bytes / max(1, states)) bytes per state (\(ExplorationProgress.megabytes(bytes)))\n"
            out += "  \(r.platforms.count) platforms (\(r.platforms.map(\.platform.description).joined(separator: ", ")))"
            out += searched.count < r.platforms.count ? " in \(searched.count) searches (platforms that behave alike searched once)\n" : "\n"
            if let p = r.platforms.first, !p.symmetricRegions.isEmpty || !p.symmetricConditions.isEmpty || !p.symmetricSessions.isEmpty {
                func alike(_ c: [String], _ kind: String) -> String {
                    "\(c.count) \(kind) alike (\(c.count > 3 ? "\(c[0]), \(c[1]), …, \(c[c.count - 1])" : c.joined(separator: ", ")))"
                }
                let named = p.symmetricRegions.map { alike($0, "regions") } + p.symmetricConditions.map { alike($0, "conditions") }
                    + p.symmetricSessions.map { alike($0, "sessions") }
                out += "  symmetry: \(named.joined(separator: ", ")), one state stored per renaming\n"
            }
            out += "  all platforms: \(ms(best)) parallel, \(ms(bestSerial)) on one thread (\(String(format: "%.2f", bestSerial / best))×); "
            out += "\(rate(Double(states) / best)) states/s, \(rate(Double(transitions) / best)) transitions/s\n"
            out += "  one thread: \(ms(bestSerialCPU)) CPU, \(String(format: "%.0f", bestSerialCPU * 1e9 / Double(max(1, transitions)))) ns CPU per transition\n"
            for p in r.platforms {
                out += "  \(p.platform): \(p.states) states, depth \(p.depth)\(p.exhaustive ? " (every reachable state)" : ""), "
                out += p.sharedSearch.map { "searched with \($0)\n" } ?? "search \(ms(p.seconds))\n"
            }
        }
        out += "total: \(totalStates) states stored, \(totalTransitions) transitions in \(ms(totalParallel)) parallel (\(ms(totalSerial)) on one thread): "
        out += "\(rate(Double(totalStates) / totalParallel)) states/s, \(rate(Double(totalTransitions) / totalParallel)) transitions/s\n"
        return out
    }

    /// The CPU time the process has used (every thread), in seconds.
    private static func processCPUSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    private static func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }

    private static func rate(_ r: Double) -> String {
        r >= 1_000_000 ? String(format: "%.2fM", r / 1_000_000) : r >= 1_000 ? String(format: "%.1fk", r / 1_000) : String(format: "%.0f", r)
    }
}
