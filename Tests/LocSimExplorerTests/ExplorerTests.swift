import Foundation
import LocSimExplorer
import LocSimModel
import Testing

@Suite("Explorer: findings of the example app models")
struct ExplorerTests {
    @Test("the buggy tracker shows every kind of app finding on iOS 18")
    func buggyTrackerHasEveryKind() {
        let kinds = Set(ExampleModels.buggy.findings.filter { $0.platform == Platform(.iOS, 18) }.map(\.kind))
        #expect(kinds == [.hang, .ignoredRequest, .promptOnForeground, .backgroundStart, .terminated])
    }

    @Test("E8, C12: requestAlways after Allow Once is an ignored request, shown in 5 events")
    func allowOnceThenAlwaysIsIgnored() throws {
        let f = try #require(ExampleModels.buggy.findings.first {
            $0.kind == .ignoredRequest && $0.key == "requestAlways.temporaryAuthorization" && $0.platform == Platform(.iOS, 18)
        })
        #expect(f.rules.contains("E8"))
        #expect(f.path == ["launch", "background", "foreground", "choose allowOnce", "tap(track)"])
        #expect(f.scenario.contains("expect: {prompt: none, callbacks: [], status: authorizedWhenInUse}"))
    }

    @Test("C4, C12: the waiting screen hangs when the request cannot answer")
    func hangIsFound() throws {
        let f = try #require(ExampleModels.buggy.findings.first { $0.kind == .hang && $0.platform == Platform(.iOS, 12, 4) && $0.key == "asking.authorizedWhenInUse" })
        #expect(f.path == ["launch", "tap(track)", "choose onlyWhileUsing"])
    }

    @Test("I8: background updates without the background mode crash the app")
    func crashIsFound() throws {
        let f = try #require(ExampleModels.buggy.findings.first { $0.kind == .terminated && $0.platform == Platform(.iOS, 18) })
        #expect(f.rules == ["I8"])
        #expect(f.scenario.contains("{set: {allowsBackgroundLocationUpdates: true}}"))
    }

    @Test("LocSim's privacy invariants hold on every state of both examples")
    func noPrivacyFindings() {
        #expect(!ExampleModels.buggy.findings.contains { $0.kind == .privacy })
        #expect(!ExampleModels.careful.findings.contains { $0.kind == .privacy })
    }

    @Test("the careful tracker has no findings, and every reachable state was explored")
    func carefulTrackerIsClean() {
        #expect(ExampleModels.careful.findings.isEmpty, "\(ExampleModels.careful.findings.map { "\($0.kind) \($0.key) \($0.platform)" })")
        #expect(ExampleModels.careful.platforms.allSatisfy { $0.exhaustive })
        #expect(ExampleModels.careful.platforms.map(\.platform) == [Platform(.iOS, 12, 4), Platform(.iOS, 13, 2), Platform(.iOS, 18), Platform(.visionOS, 2)])
    }

    @Test("states are deduplicated: the search ends before the depth limit when the graph is finite")
    func statesAreDeduplicated() throws {
        let result = Explorer.explore(try ExampleModels.load("careful-tracker.yml"), options: ExplorationOptions(depth: 40))
        #expect(result.platforms.allSatisfy { $0.exhaustive && $0.depth < 40 })
        #expect(result.states == ExampleModels.careful.states)
    }

    @Test("output is the same on every run, in parallel or on one thread")
    func deterministic() throws {
        let model = try ExampleModels.load("buggy-tracker.yml")
        let serial = Explorer.explore(model, options: ExplorationOptions(parallel: false))
        #expect(ExplorationReport.text([serial]) == ExplorationReport.text([ExampleModels.buggy]))
        #expect(ExplorationReport.jsonLines([serial]) == ExplorationReport.jsonLines([ExampleModels.buggy]))
        #expect(serial.findings == serial.findings.sorted { ($0.kind, $0.key, $0.platform) < ($1.kind, $1.key, $1.platform) })
    }
}

@Suite("The benchmark's built-in models")
struct BenchmarkModelTests {
    @Test("are the example app models, byte for byte")
    func builtInCopiesAreTheExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for (name, text) in BenchmarkModels.all {
            let example = try String(contentsOf: root.appendingPathComponent("Examples/explore/\(name)"), encoding: .utf8)
            #expect(text + "\n" == example || text == example, "\(name) differs from Examples/explore/\(name)")
        }
    }
}
