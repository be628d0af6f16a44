import Foundation
import Testing

/// Issue 14's command-line papercuts, through the built `locsim`: `--quiet` with JSON, `run -`,
/// `status: authorized`, JSON arrays for prompt buttons, explore's JSON summary, and `run` on an
/// app model.
@Suite("Command line papercuts (issue 14)", .serialized)
struct CommandLinePapercutTests {
    /// A scenario that passes, with a prompt on its timeline.
    static let passing = """
        name: Pass
        steps:
          - launch
          - requestWhenInUse
          - {choose: allowWhileUsing}
          - expect: {status: authorizedWhenInUse}
        """

    /// A scenario whose expectation fails at line 6.
    static let failing = """
        name: Fail
        steps:
          - launch
          - requestWhenInUse
          - {choose: dontAllow}
          - expect: {status: authorizedWhenInUse}
        """

    /// Each stdout line as a JSON object.
    static func objects(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    /// Expects exit 2 and exactly one stderr line, starting with `prefix`.
    static func expectOneErrorLine(_ out: LocsimProcess.Output, startingWith prefix: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(out.status == 2, sourceLocation: sourceLocation)
        let lines = out.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "one line, not \(out.stderr)", sourceLocation: sourceLocation)
        #expect(out.stderr.hasPrefix(prefix), "\(out.stderr)", sourceLocation: sourceLocation)
    }

    @Test("run --quiet --format json: only result objects and the summary, no timeline entries")
    func quietJSON() throws {
        let pass = LocsimProcess.writeScenario(Self.passing, name: "pass")
        let fail = LocsimProcess.writeScenario(Self.failing, name: "fail")
        let loud = try Self.objects(try LocsimProcess.run(["run", "--format", "json", pass, fail]).stdout)
        #expect(loud.contains { $0["type"] as? String == "entry" })
        let out = try LocsimProcess.run(["run", "--quiet", "--format", "json", pass, fail])
        #expect(out.status == 1)
        let quiet = try Self.objects(out.stdout)
        #expect(quiet.map { $0["type"] as? String } == ["result", "result", "summary"])
        #expect(quiet.map { $0["status"] as? String } == ["passed", "failed", nil])
        #expect(quiet[1]["line"] as? Int == 6)
        // The same result and summary objects as without --quiet.
        let loudRest = loud.filter { $0["type"] as? String != "entry" }
        #expect(quiet.map { NSDictionary(dictionary: $0) } == loudRest.map { NSDictionary(dictionary: $0) })
    }

    @Test("explore --quiet --format json: no progress on stderr, the same stdout")
    func exploreQuietJSON() throws {
        let model = "Examples/explore/buggy-tracker.yml"
        let loud = try LocsimProcess.run(["explore", "--format", "json", model])
        let quiet = try LocsimProcess.run(["explore", "--quiet", "--format", "json", model])
        #expect(quiet.status == 1 && loud.status == 1)
        #expect(quiet.stderr == "")
        #expect(quiet.stdout == loud.stdout)
    }

    @Test("run - reads the scenario from standard input, named <stdin>")
    func standardInput() throws {
        let out = try LocsimProcess.run(["run", "-"], stdin: Self.passing)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("PASS  Pass  (4 steps, 1 expectations)"))
        #expect(out.stdout.hasSuffix("1 scenario: 1 passed, 0 failed\n"))
        // With files, in argument order.
        let file = LocsimProcess.writeScenario(Self.passing, name: "pass")
        let json = try Self.objects(try LocsimProcess.run(["run", "--quiet", "--format", "json", "-", file], stdin: Self.failing).stdout)
        #expect(json.compactMap { $0["file"] as? String } == ["<stdin>", file])
        #expect(json.compactMap { $0["status"] as? String } == ["failed", "passed"])
    }

    @Test("run - with bad input: one stderr line naming <stdin> and the line, exit 2")
    func standardInputErrors() throws {
        Self.expectOneErrorLine(try LocsimProcess.run(["run", "-"], stdin: "steps:\n  - launch\n  - jump\n"),
                                startingWith: "error: <stdin>:3: unknown step 'jump'")
        Self.expectOneErrorLine(try LocsimProcess.run(["run", "-"], stdin: ""), startingWith: "error: <stdin>: empty scenario file")
        let big = "steps: [launch]\n" + String(repeating: "# " + String(repeating: "x", count: 1000) + "\n", count: 1100)
        Self.expectOneErrorLine(try LocsimProcess.run(["run", "-"], stdin: big),
                                startingWith: "error: <stdin>: scenario file is larger than 1048576 bytes")
    }

    @Test("A2: expect accepts status: authorized, as callbacks do, meaning authorizedAlways")
    func authorizedInExpect() throws {
        let always = """
            steps:
              - launch
              - requestAlways
              - {choose: allowWhileUsing}
              - expect: {status: authorized, received: [didChangeAuthorization(authorized)]}
            """
        let out = try LocsimProcess.run(["run", "--quiet", "-"], stdin: always)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let whenInUse = always.replacingOccurrences(of: "requestAlways", with: "requestWhenInUse")
        let failed = try LocsimProcess.run(["run", "--quiet", "-"], stdin: whenInUse)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("status: expected authorizedAlways\n"))
    }

    @Test("JSON: a prompt's detail.buttons is an array of strings")
    func buttonsArray() throws {
        let out = try LocsimProcess.run(["run", "--format", "json", "-"], stdin: Self.passing)
        let prompt = try #require(try Self.objects(out.stdout).first { $0["kind"] as? String == "prompt" })
        let detail = try #require(prompt["detail"] as? [String: Any])
        #expect(detail["buttons"] as? [String] == ["allowOnce", "allowWhileUsing", "dontAllow"])
        #expect(detail["kind"] as? String == "initial")
    }

    @Test("explore --format json ends with a summary object, like the text's last line")
    func exploreJSONSummary() throws {
        let models = ["Examples/explore/buggy-tracker.yml", "Examples/explore/careful-tracker.yml"]
        let json = try LocsimProcess.run(["explore", "--quiet", "--format", "json"] + models)
        let text = try LocsimProcess.run(["explore", "--quiet"] + models)
        #expect(json.status == 1 && text.status == 1)
        let objects = try Self.objects(json.stdout)
        let summary = try #require(objects.last)
        #expect(summary["type"] as? String == "summary")
        #expect(objects.dropLast().allSatisfy { $0["type"] as? String != "summary" })
        let findings = objects.filter { $0["type"] as? String == "finding" }.count
        #expect(findings > 0)
        #expect(summary["models"] as? Int == 2)
        #expect(summary["findings"] as? Int == findings)
        #expect(summary["platforms"] as? Int == objects.filter { $0["type"] as? String == "platform" }.count)
        #expect(text.stdout.hasSuffix("2 models, \(findings) findings\n"))
    }

    @Test("run on an app model: one line pointing to locsim explore, exit 2")
    func runOnAppModel() throws {
        for model in ["Examples/explore/buggy-tracker.yml", "Examples/explore/careful-tracker.yml"] {
            let out = try LocsimProcess.run(["run", model])
            Self.expectOneErrorLine(out, startingWith: "error: \(model):")
            #expect(out.stderr.contains("this is an app model (it has device.platforms); explore it with locsim explore"), "\(out.stderr)")
        }
        let screensOnly = "app:\n  name: X\n  screens: [home]\n  on: []\n"
        Self.expectOneErrorLine(try LocsimProcess.run(["run", "-"], stdin: screensOnly),
                                startingWith: "error: <stdin>:3: this is an app model (it has app.screens); explore it with locsim explore")
    }
}
