import ArgumentParser
import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import LocSimLint
import LocSimExplorer

/// `locsim benchmark`: speed measurements (build with `-c release`).
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure model transitions, manager events, scenario runs per second.",
        discussion: """
        Run on a release build for meaningful numbers:
          swift run -c release locsim benchmark model
          swift run -c release locsim benchmark manager
          swift run -c release locsim benchmark scenarios Examples/*.yml
          swift run -c release locsim benchmark lint --files 5000
          swift run -c release locsim benchmark lint --tree path/to/YourApp
          swift run -c release locsim benchmark explore Examples/explore/*.yml
          swift run -c release locsim benchmark explore --regions 7 --depth 0
          swift run -c release locsim benchmark explore --geofences 4 --repetitions 3
          swift run -c release locsim benchmark sessions
          swift run -c release locsim benchmark serve     # one playground request at 500 and 4,000 steps
          swift build && .build/debug/locsim benchmark app-code --depth 8   # the test-support exploration, as tests run it
        """
    )

    /// What to measure.
    enum Target: String, ExpressibleByArgument, CaseIterable {
        case model, manager, scenarios, lint, explore, sessions, appCode = "app-code", serve, all
    }

    @Argument(help: "What to measure: model, manager, scenarios, lint, explore, sessions, app-code, serve or all (all but lint, app-code and serve).")
    var target: Target = .all

    @Argument(help: "Scenario files for the scenarios benchmark (default: the built-in scenario).")
    var scenarioFiles: [String] = []

    @Option(help: "How many model transitions or manager events to run.")
    var iterations: Int = 5_000_000

    @Option(help: "For lint: how many Swift files to generate (5000 is about 57 MB).")
    var files: Int = 5000

    @Option(help: "For lint: lint this directory (a whole app checkout) instead of a generated tree.")
    var tree: String?

    @Option(help: "For explore: how many times to explore each model (the best time counts).")
    var repetitions: Int = 5

    @Option(help: "For explore: events per path (default 12; 0 for each model's own depth; the generated region model keeps its 64). For app-code: events per path (default 0: to the end).")
    var depth: Int?

    @Flag(help: "For app-code: replay every step's path on a fresh device, never starting on a session kept in the step's state (the search as it was before sessions were kept).")
    var replaysEveryPath = false

    @Flag(help: "For app-code: run the app's code in this process, not in child processes (one per processor, each exploring its share of the platforms, as tests run it by default).")
    var inProcess = false

    @Option(help: "For explore: add the generated region model (an Always app monitoring this many regions, at depth 64).")
    var regions: Int?

    @Option(help: "For explore: how many iOS 13.4+ platforms the generated region model lists (1…16).")
    var platforms: Int = 1

    @Option(help: "For explore: add the generated geofencing app (Always on iOS 18.0, a tap per region turning its geofence on; Benchmarks/spin/geofences.pml in Promela) with this many regions, at depth 64.")
    var geofences: Int?

    @Flag(help: "For explore: search every platform alone, even those that behave alike (as before issue 32), to compare.")
    var searchEachPlatform = false

    @Flag(name: .customLong("no-symmetry"), help: "For explore: store every state, not one per renaming of the regions a model treats alike (as before issue 32), to compare.")
    var noSymmetry = false

    mutating func run() throws {
        if target == .model || target == .all { print(ModelBenchmark.run(iterations: iterations)) }
        if target == .manager || target == .all { print(ManagerBenchmark.run(iterations: max(1, iterations / 5))) }
        if target == .scenarios || target == .all { print(try ScenarioBenchmark.run(files: scenarioFiles)) }
        if target == .lint { print(tree.map(LintBenchmark.runLintBenchmark(tree:)) ?? LintBenchmark.runLintBenchmark(files: files), terminator: "") }
        if target == .sessions || target == .all {
            print(SessionBenchmark.runModel(iterations: iterations))
            print(SessionBenchmark.runLiveUpdates(iterations: max(1, iterations / 5)))
        }
        if target == .serve { print(ServeBenchmark.run(repetitions: repetitions), terminator: "") }
        if target == .appCode { AppCodeBenchmark.runAndExit(depth: depth == 0 ? nil : depth, repetitions: repetitions, replaysEveryPath: replaysEveryPath, inProcess: inProcess) }
        let depth = self.depth ?? 12
        if target == .explore || target == .all { print(Explorer.runExploreBenchmark(files: scenarioFiles, depth: depth == 0 ? nil : depth, repetitions: repetitions,
                                                                                         regions: regions, platforms: platforms, geofences: geofences,
                                                                                         searchesEachPlatform: searchEachPlatform, reducesSymmetry: !noSymmetry),
                                                                    terminator: "") }
    }
}

enum ModelBenchmark {
    /// Applies a cycle of events that visits prompts, Allow Once, background, expiry, Settings and
    /// Reset. The events are built before the clock starts, so only `handle` is measured.
    static func run(iterations: Int) -> String {
        let m = ManagerID(0)
        let here = Location(coordinate: Coordinate(latitude: 37.33, longitude: -122.0))
        let cyclesPerPass = 10_000
        var events: [Event] = []
        events.reserveCapacity(cyclesPerPass * 13)
        for i in 1...cyclesPerPass {
            events += [
                .appRequestedWhenInUseAuthorization(m), .userChoseButton(.allowOnce, precise: nil),
                .appStartedUpdatingLocation(m), .deviceMoved(here), .appEnteredBackground,
                .clockAdvanced(to: .seconds(11 * i)), .appEnteredForeground, .appRequestedAlwaysAuthorization(m),
                .userChoseButton(.allowWhileUsing, precise: nil), .userChangedSetting(.whileUsing),
                .appRequestedAlwaysAuthorization(m), .appStoppedUpdatingLocation(m), .userResetLocationAndPrivacy,
            ]
        }
        let (count, effects, elapsed) = timeTransitions(events, iterations: iterations) {
            var model = AuthorizationModel(platform: Platform(.iOS, 18), app: AppDescription(backgroundModes: ["location"]))
            _ = model.handle(.appLaunched)
            _ = model.handle(.appCreatedManager(m, hasDelegate: true))
            return model
        }
        let seconds = seconds(elapsed)
        let rate = Double(count) / seconds
        return "model: \(count) transitions in \(format(seconds)) s = \(format(rate / 1e6)) million transitions/s (\(effects) effects; state \(MemoryLayout<AuthorizationModel>.size) B, event \(MemoryLayout<Event>.size) B, effect \(MemoryLayout<Effect>.size) B)"
    }
}

/// Applies `events` to fresh models from `makeModel` (untimed) until `iterations` transitions ran;
/// only `handle` is timed. Returns the transitions, the effects and the time.
func timeTransitions(_ events: [Event], iterations: Int, makeModel: () -> AuthorizationModel) -> (count: Int, effects: Int, elapsed: Duration) {
    var count = 0
    var effects = 0
    var buffer: [Effect] = []
    buffer.reserveCapacity(16)
    let clock = ContinuousClock()
    var elapsed = Duration.zero
    while count < iterations {
        var model = makeModel()
        let start = clock.now
        for event in events {
            buffer.removeAll(keepingCapacity: true)
            model.handle(event, into: &buffer)
            effects &+= buffer.count
        }
        elapsed += clock.now - start
        count += events.count
    }
    return (count, effects, elapsed)
}

enum ManagerBenchmark {
    final class Counter: LocationManagerDelegate {
        var calls = 0
        func locationManagerDidChangeAuthorization(_ manager: LocationManager) { calls += 1 }
        func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) { calls += 1 }
    }

    /// Drives a LocationManager through calls, user answers and fixes, with delegate dispatch.
    static func run(iterations: Int) -> String {
        let device = SimulatedDevice(platform: Platform(.iOS, 18), location: Coordinate(latitude: 37.33, longitude: -122.0))
        device.recordsTimeline = false
        let app = device.install(AppDescription(backgroundModes: ["location"]))
        let counter = Counter()
        var manager: LocationManager!
        app.onLaunch = { app in
            manager = LocationManager(app: app)
            manager.delegate = counter
        }
        app.launch()
        var events = 0
        let clock = ContinuousClock()
        let start = clock.now
        var lat = 37.33
        while events < iterations {
            manager.requestWhenInUseAuthorization()
            try? device.choose(.allowWhileUsing)
            manager.startUpdatingLocation()
            for _ in 0..<8 {
                lat += 0.0001
                device.move(to: Coordinate(latitude: lat, longitude: -122.0))
            }
            manager.stopUpdatingLocation()
            app.changeSetting(.askNextTime)
            device.run()
            events += 12
        }
        let seconds = seconds(clock.now - start)
        let total = events + counter.calls
        let rate = Double(total) / seconds
        return "manager: \(events) manager events + \(counter.calls) delegate calls in \(format(seconds)) s = \(format(rate / 1e6)) million events/s"
    }
}

enum ScenarioBenchmark {
    /// Parses and runs the files repeatedly for about a second.
    static func run(files: [String]) throws -> String {
        let texts: [(String, String)] = try files.isEmpty ? [(DefaultScenario.file, DefaultScenario.text)] : files.map { file in
            guard let data = FileManager.default.contents(atPath: file) else { throw InputError(file: file, line: nil, message: "cannot read") }
            return (file, String(decoding: data, as: UTF8.self))
        }
        let clock = ContinuousClock()
        let start = clock.now
        var runs = 0
        var rounds = 0
        repeat {
            for (file, text) in texts {
                let scenario = try ScenarioParser.parse(text, file: file)
                _ = ScenarioRunner.run(scenario)
                runs += 1
            }
            rounds += 1
        } while clock.now - start < .seconds(1)
        let seconds = seconds(clock.now - start)
        let perRound = seconds / Double(rounds)
        return "scenarios: \(runs) parsed and run in \(format(seconds)) s = \(format(Double(runs) / seconds)) scenarios/s; all \(texts.count) file(s) once: \(format(perRound * 1000)) ms"
    }
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func format(_ x: Double) -> String { String(format: "%.3f", x) }
