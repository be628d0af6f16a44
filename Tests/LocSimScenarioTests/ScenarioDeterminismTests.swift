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
