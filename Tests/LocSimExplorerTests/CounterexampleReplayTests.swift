import LocSimExplorer
import LocSimScenario
import Testing

@Suite("Counterexamples replay with the plain scenario runner")
struct CounterexampleReplayTests {
    @Test("every counterexample of the buggy tracker parses and passes", arguments: ExampleModels.buggy.findings)
    func counterexampleReplays(_ finding: Finding) throws {
        let scenario = try ScenarioParser.parse(finding.scenario, file: finding.fileName)
        let result = ScenarioRunner.run(scenario)
        #expect(result.outcome == .passed, "\(finding.kind) \(finding.key) on \(finding.platform):\n\(finding.scenario)\n\(result.timeline.text)")
        #expect(result.expectationsChecked >= 1)
    }

    @Test("the last expect shows the problem: it fails when the problem step is left out")
    func lastExpectShowsTheProblem() throws {
        let f = try #require(ExampleModels.buggy.findings.first { $0.kind == .terminated })
        // Without the crashing `set`, the app keeps running: the final expect must fail.
        let without = f.scenario.replacingOccurrences(of: "  - {set: {allowsBackgroundLocationUpdates: true}}", with: "  # removed")
        let result = ScenarioRunner.run(try ScenarioParser.parse(without, file: f.fileName))
        #expect(result.outcome != .passed)
    }
}
