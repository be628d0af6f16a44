import Foundation
import LocSimExplorer
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

    @Test("the benchmark's built-in models are the examples")
    func benchmarkModelsMatchExamples() throws {
        let report = Explorer.runExploreBenchmark(files: [ExampleModels.path("careful-tracker.yml")], depth: 12, repetitions: 1)
        #expect(report.contains("states/s"))
        let builtIn = Explorer.runExploreBenchmark(depth: 4, repetitions: 1)
        #expect(builtIn.contains("buggy-tracker") && builtIn.contains("careful-tracker"))
    }
}
