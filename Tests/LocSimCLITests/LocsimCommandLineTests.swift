import Foundation
import Testing

@Suite("locsim end to end: stdout, stderr and exit status of the built binary", .serialized)
struct LocsimCommandLineTests {
    static let passing = """
    # A passing scenario.
    name: Allow Once
    device: {platform: iOS 18.0}
    app: {name: Maps}
    steps:
      - launch
      - requestWhenInUse
      - choose: allowOnce
      - expect: {status: authorizedWhenInUse, temporary: true}
    """

    static let failing = """
    name: Wrong status
    steps:
      - launch
      - requestWhenInUse
      - choose: dontAllow
      - expect: {status: authorizedWhenInUse}
      - expect: {status: denied}
    """

    @Test("The binary is found next to the tests or in .build/debug")
    func binaryExists() {
        #expect(LocsimProcess.binary != nil)
    }

    @Test("No arguments: the built-in default scenario, its confirmation prompt and PASS, exit 0")
    func defaultScenario() throws {
        let out = try LocsimProcess.run([])
        #expect(out.status == 0)
        #expect(out.stderr == "")
        #expect(out.stdout.hasPrefix("== Always asked for directly: Allow While Using gives a provisional Always, a second prompt confirms it  (<built-in: Examples/default-story.yml>, iOS 18.0)\n"))
        #expect(out.stdout.contains("prompt:  alwaysConfirmation: Allow “Trails” to also use your location even when you are not using the app?"))
        #expect(out.stdout.contains("[Keep Only While Using | Change to Always Allow]"))
        #expect(out.stdout.contains("\nPASS  Always asked for directly: "))
        #expect(out.stdout.hasSuffix("\n1 scenario: 1 passed, 0 failed\n"))
    }

    @Test("`run` with no files is the same as no arguments")
    func runWithNoFiles() throws {
        #expect(try LocsimProcess.run(["run"]).stdout == LocsimProcess.run([]).stdout)
    }

    @Test("`benchmark app-code` explores its class to a verdict on four platforms in child processes: the same search in this process and with every path replayed")
    func appCodeBenchmark() throws {
        let kept = try LocsimProcess.run(["benchmark", "app-code", "--depth", "3", "--repetitions", "1"])
        let here = try LocsimProcess.run(["benchmark", "app-code", "--depth", "3", "--repetitions", "1", "--in-process"])
        let replayed = try LocsimProcess.run(["benchmark", "app-code", "--depth", "3", "--repetitions", "1", "--replays-every-path"])
        #expect(kept.status == 0 && here.status == 0 && replayed.status == 0, "\(kept.stderr)\(here.stderr)\(replayed.stderr)")
        #expect(kept.stdout.contains("app code in 2 child processes") || kept.stdout.contains("app code in 1 child process,"), "\(kept.stdout)")
        #expect(here.stdout.contains("app code in this process"), "\(here.stdout)")
        // The verdict lines, one per platform, are the same wherever and however the steps ran.
        let verdicts = { (o: LocsimProcess.Output) in o.stdout.split(separator: "\n").filter { $0.hasPrefix("  iOS") } }
        #expect(verdicts(kept).count == 4 && verdicts(kept) == verdicts(replayed) && verdicts(kept) == verdicts(here), "\(kept.stdout)\(here.stdout)\(replayed.stdout)")
        #expect(verdicts(kept).allSatisfy { $0.contains("depth limit 3") && $0.contains("decides") }, "\(kept.stdout)")
        #expect(replayed.stdout.contains(" 0 steps on a kept session"), "\(replayed.stdout)")
        #expect(!kept.stdout.contains(" 0 steps on a kept session") && !here.stdout.contains(" 0 steps on a kept session"), "\(kept.stdout)")
    }

    @Test("--help lists the subcommands with examples")
    func help() throws {
        let out = try LocsimProcess.run(["--help"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("SUBCOMMANDS:"))
        #expect(out.stdout.contains("run (default)"))
        #expect(out.stdout.contains("benchmark"))
        #expect(out.stdout.contains("Examples:"))
        #expect(out.stdout.contains("locsim run Examples/*.yml"))
    }

    @Test("run --help shows the exit statuses and examples")
    func runHelp() throws {
        let out = try LocsimProcess.run(["run", "--help"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("Exit status: 0"))
        #expect(out.stdout.contains("--format"))
        #expect(out.stdout.contains("Examples:"))
    }

    @Test("A passing file: its whole timeline, PASS and the summary on stdout, nothing on stderr, exit 0")
    func passingFile() throws {
        let file = LocsimProcess.writeScenario(Self.passing, name: "passing")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 0)
        #expect(out.stderr == "")
        let expected = """
        == Allow Once  (\(file), iOS 18.0)
        +00:00:00.000  Maps  lifecycle:  launch
        +00:00:00.000  Maps  appCall main:  CLLocationManager()
        +00:00:00.000  Maps  delegate main:  didChangeAuthorization(notDetermined)
        +00:00:00.000  Maps  appCall main:  requestWhenInUseAuthorization()
        +00:00:00.000  Maps  prompt:  initial: Allow “Maps” to use your location? — “Shows where you are on the map.” [Allow Once | Allow While Using App | Don’t Allow]  [Precise: on]
        +00:00:00.000  Maps  lifecycle:  willResignActive
        +00:00:00.000  Maps  user:  choose allowOnce (“Allow Once”) on initial
        +00:00:00.000  Maps  promptDismissed:  initial answered allowOnce
        +00:00:00.000  Maps  lifecycle:  didBecomeActive
        +00:00:00.000  Maps  delegate main:  didChangeAuthorization(authorizedWhenInUse)
        PASS  Allow Once  (4 steps, 1 expectations)

        1 scenario: 1 passed, 0 failed

        """
        #expect(out.stdout == expected)
    }

    @Test("A failing file: exit 1; stdout names file:line with expected and actual after the timeline")
    func failingFile() throws {
        let file = LocsimProcess.writeScenario(Self.failing, name: "failing")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 1)
        #expect(out.stderr == "")
        #expect(out.stdout.contains("didChangeAuthorization(denied)\nFAIL  Wrong status\n  \(file):6: expectation failed\n    status: expected authorizedWhenInUse\n            actual   denied\n"))
        #expect(out.stdout.hasSuffix("1 scenario: 0 passed, 1 failed\n"))
    }

    @Test("An invalid file: exit 2, one line on stderr naming file:line; stdout has its ERROR result and the summary, not the message again")
    func invalidFile() throws {
        let file = LocsimProcess.writeScenario("steps:\n  - launch\n  - jump\n", name: "invalid")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 2)
        #expect(out.stdout.hasPrefix("ERROR "))
        #expect(!out.stdout.contains("unknown step"))
        #expect(out.stdout.hasSuffix("1 scenario: 0 passed, 0 failed, 1 invalid\n"))
        #expect(out.stderr.hasPrefix("error: \(file):3: unknown step 'jump' (expected one of: launch, "))
        #expect(out.stderr.split(separator: "\n").count == 1)
    }

    @Test("Invalid input of each kind exits 2 with file:line on stderr", arguments: [
        ("device: {gracePeriod: soon}\nsteps: [launch]\n", ":1: gracePeriod: bad duration 'soon'"),
        ("app:\n  infoPlist: Missing.plist\nsteps: [launch]\n", ":2: infoPlist: no such file 'Missing.plist'"),
        ("steps:\n  - launch\n  - playGPX: missing.gpx\n", ":3: playGPX: no such file 'missing.gpx'"),
        ("steps:\n  - expect: {colour: red}\n", ":2: unknown expectation 'colour'"),
    ])
    func invalidKinds(_ text: String, _ message: String) throws {
        let file = LocsimProcess.writeScenario(text, name: "invalid")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 2)
        #expect(out.stderr.hasPrefix("error: \(file)\(message)"))
        #expect(out.stderr.split(separator: "\n").count == 1)
    }

    @Test("One invalid file does not stop the others: they run, the invalid one is a result, exit 2")
    func invalidAmongValid() throws {
        let good = LocsimProcess.writeScenario("name: Good\nsteps:\n  - launch\n  - expect: {status: notDetermined}\n", name: "good")
        let bad = LocsimProcess.writeScenario("steps:\n  - launch\n  - jump\n", name: "bad")
        let out = try LocsimProcess.run(["run", "--format", "json", good, bad])
        #expect(out.status == 2)
        let lines = out.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("\"status\":\"passed\"") && $0.contains("\"type\":\"result\"") })
        #expect(lines.contains { $0.contains("\"status\":\"invalid\"") && $0.contains("\"line\":3") })
        #expect(lines.last?.contains("\"invalid\":1") == true)
        #expect(out.stderr.split(separator: "\n").count == 1)
    }

    @Test("Only directories: exit 2, nothing ran")
    func onlyDirectories() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-empty-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let out = try LocsimProcess.run(["run", dir])
        #expect(out.status == 2)
        #expect(out.stderr.contains("no scenario files"))
    }

    @Test("A step that cannot apply (choose with no prompt): exit 2, stderr names file:line, stdout has the timeline")
    func stepCannotApply() throws {
        let file = LocsimProcess.writeScenario("name: No prompt\nsteps:\n  - launch\n  - choose: allowOnce\n", name: "noprompt")
        let out = try LocsimProcess.run(["run", file])
        #expect(out.status == 2)
        #expect(out.stderr == "error: \(file):4: step cannot apply: no prompt is on screen\n")
        #expect(out.stdout.contains("didChangeAuthorization(notDetermined)\nERROR No prompt\n\n"))
        #expect(!out.stdout.contains("no prompt is on screen"))
        #expect(out.stdout.hasSuffix("1 scenario: 0 passed, 0 failed, 1 invalid\n"))
    }

    @Test("A missing scenario file: exit 2")
    func missingFile() throws {
        let out = try LocsimProcess.run(["run", "Examples/does-not-exist.yml"])
        #expect(out.status == 2)
        #expect(out.stderr == "error: Examples/does-not-exist.yml: cannot read scenario file\n")
    }

    @Test("Several files: the worst outcome decides the exit status")
    func mixedFiles() throws {
        let pass = LocsimProcess.writeScenario(Self.passing, name: "passing")
        let fail = LocsimProcess.writeScenario(Self.failing, name: "failing")
        let noPrompt = LocsimProcess.writeScenario("steps:\n  - launch\n  - choose: allowOnce\n", name: "noprompt")
        let both = try LocsimProcess.run(["run", pass, fail])
        #expect(both.status == 1)
        #expect(both.stdout.hasSuffix("2 scenarios: 1 passed, 1 failed\n"))
        #expect(try LocsimProcess.run(["run", pass, fail, noPrompt]).status == 2)
    }

    @Test("--format json: every line is a JSON object; entry, result and summary objects")
    func json() throws {
        let pass = LocsimProcess.writeScenario(Self.passing, name: "passing")
        let fail = LocsimProcess.writeScenario(Self.failing, name: "failing")
        let out = try LocsimProcess.run(["run", "--format", "json", pass, fail])
        #expect(out.status == 1)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        let objects = try lines.map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
        let types = objects.map { $0["type"] as? String ?? "?" }
        #expect(Set(types) == ["entry", "result", "summary"])
        #expect(types.last == "summary")
        let results = objects.filter { $0["type"] as? String == "result" }
        #expect(results.map { $0["status"] as? String } == ["passed", "failed"])
        #expect(results[1]["line"] as? Int == 6)
        let mismatch = try #require((results[1]["mismatches"] as? [[String: String]])?.first)
        #expect(mismatch == ["key": "status", "expected": "authorizedWhenInUse", "actual": "denied"])
        let prompt = try #require(objects.first { $0["kind"] as? String == "prompt" })
        #expect(prompt["time"] as? String == "+00:00:00.000")
        #expect((prompt["detail"] as? [String: Any])?["buttons"] as? [String] == ["allowOnce", "allowWhileUsing", "dontAllow"])
        let summary = try #require(objects.last)
        #expect(summary["scenarios"] as? Int == 2 && summary["passed"] as? Int == 1 && summary["failed"] as? Int == 1)
    }

    @Test("run Examples/*.yml Examples/ios18/*.yml: every example passes")
    func examples() throws {
        let files = LocsimProcess.exampleArguments
        #expect(files.count >= 24)
        let out = try LocsimProcess.run(["run", "--quiet"] + files)
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.stderr == "")
        #expect(out.stdout.hasSuffix("\(files.count) scenarios: \(files.count) passed, 0 failed\n"))
    }

    @Test("Output is byte-identical across runs, text and JSON")
    func deterministic() throws {
        let files = Array(LocsimProcess.exampleArguments.prefix(8))
        #expect(try LocsimProcess.run(["run"] + files).stdout == LocsimProcess.run(["run"] + files).stdout)
        #expect(try LocsimProcess.run(["run", "--format", "json"] + files).stdout == LocsimProcess.run(["run", "--format", "json"] + files).stdout)
    }
}
