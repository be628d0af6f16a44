import Foundation
import LocSim
import LocSimScenario
import Testing

@Suite("Scenario output is deterministic")
struct ScenarioDeterminismTests {
    func runTwice(_ scenario: Scenario) -> (ScenarioResult, ScenarioResult) {
        (ScenarioRunner.run(scenario), ScenarioRunner.run(scenario))
    }

    @Test("The default scenario gives byte-identical text and JSON twice, and passes")
    func defaultScenario() throws {
        let scenario = try ScenarioParser.parse(DefaultScenario.text, file: DefaultScenario.file)
        let (a, b) = runTwice(scenario)
        #expect(a.outcome == .passed)
        #expect(ScenarioReport.text(a) == ScenarioReport.text(b))
        #expect(ScenarioReport.jsonLines(a) == ScenarioReport.jsonLines(b))
        #expect(ScenarioReport.text(a).contains("alwaysConfirmation"))
    }

    @Test("The default scenario is, byte for byte, the example file it names; it marks provisional Always in text and JSON")
    func defaultScenarioIsTheExample() throws {
        let path = (ScenarioFixtures.packageRoot as NSString).appendingPathComponent(DefaultScenario.examplePath)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == DefaultScenario.text)
        #expect(DefaultScenario.file.contains(DefaultScenario.examplePath))
        let result = ScenarioRunner.run(try ScenarioParser.parse(DefaultScenario.text, file: DefaultScenario.file))
        let text = ScenarioReport.text(result)
        #expect(text.contains("  didChangeAuthorization(authorizedAlways, provisional)\n"), "\(text)")
        #expect(!result.scenario.name.lowercased().contains("seed"))
        #expect(ScenarioReport.jsonLines(result).contains("\"text\":\"didChangeAuthorization(authorizedAlways, provisional)\""))
        // Once confirmed (G6), nothing is marked provisional.
        let confirmed = try #require(result.timeline.entries.firstIndex { $0.text.contains("changeToAlwaysAllow") })
        #expect(!result.timeline.entries[confirmed...].contains { $0.provisional })
    }

    @Test("A counterexample's first line makes the run say REPRODUCED; any other scenario says PASS")
    func counterexampleReproduced() throws {
        let body = """
        name: cx
        steps:
          - launch
          - expect: {appState: foreground}   # the problem
        """
        let cx = try ScenarioParser.parse("# locsim explore: hang (asking.denied) — the app waits [A6, C1]\n" + body, file: "cx.yml")
        #expect(cx.counterexample == "hang asking.denied")
        let reproduced = ScenarioRunner.run(cx)
        #expect(ScenarioReport.text(reproduced).contains("REPRODUCED  cx  (hang asking.denied: the problem this counterexample shows happened)\n"))
        #expect(ScenarioReport.summary([reproduced]) == "1 scenario: 0 passed, 1 reproduced, 0 failed")
        let plain = try ScenarioParser.parse(body, file: "plain.yml")
        #expect(plain.counterexample == nil)
        #expect(ScenarioReport.text(ScenarioRunner.run(plain)).contains("\nPASS  cx  ("))
        let stale = try ScenarioParser.parse("# locsim explore: hang (asking.denied) — the app waits [A6, C1]\n" + body.replacingOccurrences(of: "foreground", with: "background"), file: "cx.yml")
        let failed = ScenarioRunner.run(stale)
        #expect(ScenarioReport.text(failed).contains("FAIL  cx\n  no longer reproduces hang asking.denied"))
        #expect(ScenarioReport.exitStatus([failed]) == 1)
    }

    @Test("Every example gives byte-identical text and JSON across two runs (parsing included)", arguments: ScenarioFixtures.exampleFiles)
    func example(_ file: String) throws {
        let a = ScenarioRunner.run(try ScenarioParser.parse(contentsOf: file))
        let b = ScenarioRunner.run(try ScenarioParser.parse(contentsOf: file))
        #expect(ScenarioReport.text(a) == ScenarioReport.text(b))
        #expect(ScenarioReport.jsonLines(a) == ScenarioReport.jsonLines(b))
    }

    @Test("JSON Lines: every line is an object with a type; entries, then the result")
    func jsonShape() throws {
        let result = try ScenarioFixtures.run(["launch", "requestWhenInUse", "expect: {prompt: initial}"])
        let lines = ScenarioReport.jsonLines(result).split(separator: "\n").map(String.init)
        let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.dropLast().allSatisfy { $0["type"] as? String == "entry" })
        #expect(objects.last?["type"] as? String == "result")
        #expect(objects.last?["status"] as? String == "passed")
        let prompt = try #require(objects.first { $0["kind"] as? String == "prompt" })
        let detail = try #require(prompt["detail"] as? [String: Any])
        #expect(detail["buttons"] as? [String] == ["allowOnce", "allowWhileUsing", "dontAllow"])
        #expect((detail["title"] as? String)?.contains("Allow “Example” to use your location?") == true)
    }
}

@Suite("Examples/ is a living spec")
struct ExamplesTests {
    @Test("There are at least 24 examples")
    func count() {
        #expect(ScenarioFixtures.exampleFiles.count >= 24)
    }

    @Test("Every example names its rules in its header and passes", arguments: ScenarioFixtures.exampleFiles)
    func example(_ file: String) throws {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let header = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(3)
        #expect(header.first?.hasPrefix("#") == true)
        #expect(header.contains { $0.hasPrefix("#") && $0.contains("Rules: ") })
        let result = ScenarioRunner.run(try ScenarioParser.parse(contentsOf: file))
        #expect(result.outcome == .passed, "\(ScenarioReport.text(result))")
    }
}
