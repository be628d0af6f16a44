import ArgumentParser
import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import LocSimCommand
import LocSimExplorer

/// `locsim benchmark`: speed measurements (build with `-c release`).
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfigurations.benchmark

    @OptionGroup var options: BenchmarkArguments

    mutating func run() throws {
        let options = self.options, target = options.target
        // `benchmark lint` and `benchmark serve` measure modules this executable does not link.
        if target == .lint { Sibling.exec("locsim-lint", arguments: Array(CommandLine.arguments.dropFirst())) }
        if target == .serve { Sibling.exec("locsim-serve", arguments: Array(CommandLine.arguments.dropFirst())) }
        if target == .model || target == .all { print(ModelBenchmark.run(iterations: options.iterations)) }
        if target == .manager || target == .all { print(ManagerBenchmark.run(iterations: max(1, options.iterations / 5))) }
        if target == .scenarios || target == .all { print(try ScenarioBenchmark.run(files: options.scenarioFiles)) }
        if target == .sessions || target == .all {
            print(SessionBenchmark.runModel(iterations: options.iterations))
            print(SessionBenchmark.runLiveUpdates(iterations: max(1, options.iterations / 5)))
        }
        if target == .appCode { AppCodeBenchmark.runAndExit(depth: options.depth == 0 ? nil : options.depth, repetitions: options.repetitions, replaysEveryPath: options.replaysEveryPath, inProcess: options.inProcess) }
        let depth = options.depth ?? 12
        if target == .explore || target == .all { print(Explorer.runExploreBenchmark(files: options.scenarioFiles, depth: depth == 0 ? nil : depth, repetitions: options.repetitions,
                                                                                         regions: options.regions, platforms: options.platforms, geofences: options.geofences, conditions: options.conditions,
                                                                                         searchesEachPlatform: options.searchEachPlatform, reducesSymmetry: !options.noSymmetry),
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

func format(_ x: Double) -> String { String(format: "%.3f", x) }
