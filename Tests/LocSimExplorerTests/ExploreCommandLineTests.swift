import Foundation
@testable import LocSimExplorer
import LocSimModel
import Testing

@Suite("locsim explore: the command's behaviour")
struct ExploreCommandLineTests {
    @Test("findings exit 1, a clean model exits 0")
    func exitStatus() {
        #expect(ExploreCommandLine.run(files: [ExampleModels.path("buggy-tracker.yml")]).status == 1)
        let clean = ExploreCommandLine.run(files: [ExampleModels.path("careful-tracker.yml")])
        #expect(clean.status == 0)
        #expect(clean.stdout.contains("no findings"))
    }

    @Test("an invalid model exits 2 with file:line")
    func invalidInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("bad.yml").path
        try Data("app:\n  screens: [a]\n  on:\n    - {event: jump}\n".utf8).write(to: URL(fileURLWithPath: file))
        let out = ExploreCommandLine.run(files: [file])
        #expect(out.status == 2)
        #expect(out.stderr.contains("\(file):4: event: unknown event 'jump'"))
    }

    @Test("--out writes one scenario file per finding; --format json is JSON Lines")
    func outAndJSON() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("explore-\(UUID().uuidString)").path
        let out = ExploreCommandLine.run(files: [ExampleModels.path("buggy-tracker.yml")], out: dir)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files.count == ExampleModels.buggy.findings.count)
        #expect(out.stdout.contains("counterexample: \(dir)/"))
        let json = ExploreCommandLine.run(files: [ExampleModels.path("buggy-tracker.yml")], format: .json)
        for line in json.stdout.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil)
        }
    }

    @Test("progress says states, time so far and rate, and how much of each limit is used; it guesses no time left")
    func progressLine() {
        var p = ExplorationProgress(model: "tracker.yml", platform: Platform(.iOS, 18), depth: 7, states: 20_000, statesPerSecond: 2_000)
        #expect(p.line == "tracker.yml iOS 18.0: depth 7, 20000 states in 10 s (2.0k states/s)")
        p.maxStates = 2_000_000
        p.maxBytes = 100_000_000
        p.storedBytes = 25_000_000
        #expect(p.line == "tracker.yml iOS 18.0: depth 7, 20000 states in 10 s (2.0k states/s), 25.0 MB stored; 1% of the 2000000-state limit, 25% of the 100.0 MB memory bound")
        #expect(!p.line.contains("at most") && !p.line.contains("limit in"))
    }

    @Test("the text is a summary (each kind and key once); --details is every finding; JSON is the same either way")
    func summaryAndDetails() {
        let file = ExampleModels.path("buggy-tracker.yml")
        let summary = ExploreCommandLine.run(files: [file])
        let details = ExploreCommandLine.run(files: [file], details: true)
        let findings = ExampleModels.buggy.findings
        let groups = Set(findings.map { "\($0.kind.rawValue)  \($0.key)" })
        for g in groups { #expect(summary.stdout.components(separatedBy: "\n\(g)  on ").count == 2, "\(g)") }
        #expect(summary.stdout.contains("\(groups.count) problems (\(findings.count) findings on "))
        #expect(details.stdout.components(separatedBy: "  counterexample:\n").count - 1 == findings.count)
        #expect(summary.stdout.hasSuffix("--counterexamples DIR (one scenario file per finding, for locsim run to replay).\n1 model, \(findings.count) findings\n"))
        #expect(ExploreCommandLine.run(files: [file], format: .json, details: true).stdout == ExploreCommandLine.run(files: [file], format: .json).stdout)
        // A clean model has no summary and no hint.
        let clean = ExploreCommandLine.run(files: [ExampleModels.path("careful-tracker.yml")])
        #expect(!clean.stdout.contains("problem") && !clean.stdout.contains("--details"))
    }

    @Test("the benchmark's built-in models are the examples")
    func benchmarkModelsMatchExamples() throws {
        let report = Explorer.runExploreBenchmark(files: [ExampleModels.path("careful-tracker.yml")], depth: 12, repetitions: 1)
        #expect(report.contains("states/s"))
        let builtIn = Explorer.runExploreBenchmark(depth: 4, repetitions: 1)
        #expect(builtIn.contains("buggy-tracker") && builtIn.contains("careful-tracker"))
    }
}

@Suite("locsim explore: bounds on long runs")
struct ExploreBoundsTests {
    /// The region example, explored to the end: 64 events per path closes it.
    static let model = ExampleModels.path("region-reminder.yml")

    @Test("G5: an Always app with regions closes: every reachable state, whatever the depth limit past it")
    func regionExampleCloses() throws {
        let full = ExploreCommandLine.run(files: [Self.model], depth: 64)
        #expect(full.stdout.contains("(every reachable state)"), "\(full.stdout)")
        // The generated model with four regions closes too, with the same states at depth 40 and 64.
        let generated = BenchmarkModels.regionModel(regions: 4, platforms: 1)
        let model = try AppModelParser.parse(generated.text, file: generated.name)
        let deep = Explorer.explore(model)
        let shallower = Explorer.explore(model, options: ExplorationOptions(depth: 40))
        #expect(deep.platforms[0].exhaustive && shallower.platforms[0].exhaustive)
        #expect(deep.states == shallower.states)
    }

    @Test("--max-memory and --max-states stop the search with a partial report")
    func memoryAndStateBounds() throws {
        let full = Explorer.explore(try AppModelParser.parse(contentsOf: Self.model), options: ExplorationOptions(depth: 64))
        let bytes = full.platforms[0].storedBytes
        #expect(bytes > 0)
        // Half the bytes the whole search stores: it stops part way, and says why.
        let bounded = ExploreCommandLine.run(files: [Self.model], depth: 64, maxMemory: "\(bytes / 2)")
        #expect(bounded.status == 0)
        #expect(bounded.stdout.contains("(stopped at the memory bound)"), "\(bounded.stdout)")
        let json = ExploreCommandLine.run(files: [Self.model], format: .json, depth: 64, maxMemory: "\(bytes / 2)")
        #expect(json.stdout.contains("\"stoppedAtMemoryBound\":true"))
        let byStates = ExploreCommandLine.run(files: [Self.model], depth: 64, maxStates: 1000)
        #expect(byStates.stdout.contains("1000 states") && byStates.stdout.contains("(stopped at the state limit)"), "\(byStates.stdout)")
        // A bound the search stays under changes nothing.
        let roomy = ExploreCommandLine.run(files: [Self.model], depth: 64, maxMemory: "1G")
        #expect(roomy.stdout == ExploreCommandLine.run(files: [Self.model], depth: 64).stdout)
    }

    @Test("a bad --max-memory or --max-states exits 2 with one line")
    func badBounds() {
        for size in ["4X", "", "G", "-1", "0", "1.5G", "99999999999999999999G"] {
            let out = ExploreCommandLine.run(files: [Self.model], maxMemory: size)
            #expect(out.status == 2 && out.stderr.hasPrefix("error: --max-memory") && out.stderr.split(separator: "\n").count == 1, "\(size)")
        }
        #expect(ExploreCommandLine.run(files: [Self.model], maxStates: 0).status == 2)
        // The sizes it reads.
        let ok = ExploreCommandLine.run(files: [Self.model], depth: 1, maxMemory: "4g")
        #expect(ok.status == 0)
    }
}
