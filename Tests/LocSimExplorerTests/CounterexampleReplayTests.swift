import LocSim
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

@Suite("Names as the user wrote them: counterexamples of odd names replay; a platform listed twice is an error")
struct OddNameCounterexampleTests {
    /// A model whose every name holds a line break, a tab or a control character.
    static let model = #"""
    name: "buggy\ntracker\u0007"
    device: {platforms: [iOS 18.0, iOS 12.4]}
    app:
      name: "Tr\nails"
      screens: ["start\ning", "ask\u0001ing"]
      waiting: ["ask\u0001ing"]
      on:
        - {event: "tap(lo\tcate)", when: "start\ning", do: [requestWhenInUse], goto: "ask\u0001ing"}
    explore:
      depth: 6
      taps: ["lo\tcate"]
    """#

    @Test("every counterexample of a model with control characters in its names parses and passes")
    func oddNamesReplay() throws {
        let model = try AppModelParser.parse(Self.model, file: "odd\nnames.yml")
        let findings = Explorer.explore(model, options: ExplorationOptions(depth: 6, parallel: false)).findings
        #expect(!findings.isEmpty)
        for f in findings {
            // Each comment stays on its line: every line is a comment, a key or a list item.
            for line in f.scenario.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                #expect(!line.contains { $0.unicodeScalars.allSatisfy { $0.value < 0x20 && $0 != "\t" } }, "\(line)")
            }
            let result = ScenarioRunner.run(try ScenarioParser.parse(f.scenario, file: f.fileName))
            #expect(result.outcome == .passed, "\(f.scenario)")
        }
    }

    @Test("a platform listed twice is an input error on its line")
    func duplicatePlatform() {
        let text = Self.model.replacingOccurrences(of: "device: {platforms: [iOS 18.0, iOS 12.4]}", with: "device:\n  platforms:\n    - iOS 18.0\n    - iOS 18.0")
        #expect(throws: InputError(file: "m.yml", line: 5, message: "platforms: 'iOS 18.0' is listed twice")) {
            try AppModelParser.parse(text, file: "m.yml")
        }
    }
}
