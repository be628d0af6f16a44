import Foundation
import LocSim
import LocSimExplorer
import LocSimModel
import LocSimTesting
import Testing

/// Accepting known findings: in Swift, in app models, and with a baseline file for the CLI.
@Suite("Accepted findings and baselines")
struct AcceptedFindingsTests {
    /// A small app model that asks for Always on a tap and waits for the answer.
    static let model = """
        name: asker
        device: {platform: iOS 18.0}
        app:
          screens: [home, asking, done]
          waiting: [asking]
          on:
            - {event: tap(ask), when: home, do: [requestAlways], goto: asking}
            - {event: didChangeAuthorization(authorizedAlways), when: asking, goto: done}
        explore:
          depth: 5
          taps: [ask]
        """

    @Test("C12: ExplorationRun leaves accepted findings out and reports a stale acceptance")
    func swiftAcceptance() async throws {
        // Depth 6, and the search past it that decides the states the limit cut: findings found
        // there (hidden by the limit) are accepted the same way.
        let run = ExplorationRun(depth: 6, timeBudget: .seconds(1200), taps: ["track"]) { ExplorationRunTests.WaitingTracker($0) }
        let first = try await run.outcome()
        let all = first.findings, hidden = first.verdicts.flatMap(\.hiddenFindings)
        #expect(!all.isEmpty)
        let accepting = (all + hidden).map { AcceptedFinding($0.kind, $0.key, reason: "known") }
        var accepted = run
        accepted.accepted = accepting
        #expect(try await accepted.findings().isEmpty)
        let outcome = try await accepted.outcome()
        #expect(outcome.acceptedFindings == all)
        #expect(outcome.unused.isEmpty)
        await accepted.expectNoFindings()
        let stale = AcceptedFinding(.terminated, "nothing.here", reason: "stale")
        #expect(try await accepted.outcome(accepting: [stale]).unused == [stale])
        await withKnownIssue {
            await accepted.expectNoFindings(accepting: [stale])
        } matching: { "\($0)".contains("terminated nothing.here") && "\($0)".contains("not found") }
    }

    @Test("an app model's explore.accept moves findings apart, with the reason, and reports unused entries")
    func appModelAcceptance() throws {
        let plain = Explorer.explore(try AppModelParser.parse(Self.model, file: "asker.yml"))
        let first = try #require(plain.findings.first)
        let text = Self.model + """

              accept:
                - {finding: "\(first.kind.rawValue) \(first.key)", reason: "A9: cannot be detected"}
                - {finding: "terminated never", reason: "stale"}
            """
        let model = try AppModelParser.parse(text, file: "asker.yml")
        #expect(model.accepted.map(\.description) == ["\(first.kind.rawValue) \(first.key)", "terminated never"])
        let result = Explorer.explore(model)
        #expect(!result.findings.contains { $0.kind == first.kind && $0.key == first.key })
        #expect(result.acceptedFindings.contains { $0.kind == first.kind && $0.key == first.key })
        #expect(result.unusedAcceptances.map(\.key) == ["never"])
        let report = ExplorationReport.text([result])
        #expect(report.contains("accepted: \(first.kind.rawValue)  \(first.key)  [iOS 18.0]: A9: cannot be detected"))
        #expect(report.contains("warning: asker.yml:14: accepted finding terminated never was not found"))
        #expect(ExplorationReport.exitStatus([result]) == (result.findings.isEmpty ? 0 : 1))
    }

    @Test("an accept entry without a reason, or with an unknown kind, is an error with its line",
          arguments: [("- {finding: \"hang asking.denied\"}", "needs a reason"),
                      ("- {finding: \"bogus x\", reason: r}", "is not \"KIND KEY\""),
                      ("- {finding: \"hang x\", reason: r, why: y}", "unknown accept key 'why'")])
    func badAcceptance(_ entry: String, _ message: String) {
        let text = Self.model + "\n  accept:\n    \(entry)\n"
        #expect {
            _ = try AppModelParser.parse(text, file: "asker.yml")
        } throws: { error in
            "\(error)".hasPrefix("asker.yml:13: ") && "\(error)".contains(message)
        }
    }

    @Test("--write-baseline then --baseline: known findings are not reported and the exit status is 0")
    func baselineRoundTrip() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let modelPath = dir.appendingPathComponent("asker.yml").path
        try Data(Self.model.utf8).write(to: URL(fileURLWithPath: modelPath))
        let baseline = dir.appendingPathComponent("baseline.txt").path
        let first = ExploreCommandLine.run(files: [modelPath], writeBaseline: baseline)
        #expect(first.status == 1)
        let written = try String(contentsOfFile: baseline, encoding: .utf8)
        #expect(written.hasPrefix("# locsim explore baseline"))
        #expect(written.contains("asker\tiOS 18.0\t"))
        let second = ExploreCommandLine.run(files: [modelPath], baseline: baseline)
        #expect(second.status == 0, "\(second.stdout)")
        #expect(second.stdout.contains("0 findings"))
        #expect(second.stdout.contains("known finding"))
        // A finding not in the baseline is new: it is reported and sets the status.
        let lines = written.split(separator: "\n").dropFirst()
        try Data(("# partial\n" + lines.dropFirst().joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: baseline))
        let third = ExploreCommandLine.run(files: [modelPath], baseline: baseline)
        #expect(third.status == 1)
        #expect(third.stdout.contains("1 finding\n"))
    }

    @Test("a malformed baseline line is an input error with file and line, exit status 2")
    func malformedBaseline() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-baseline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let modelPath = dir.appendingPathComponent("asker.yml").path
        try Data(Self.model.utf8).write(to: URL(fileURLWithPath: modelPath))
        let baseline = dir.appendingPathComponent("baseline.txt").path
        try Data("# header\nasker\tiOS 18.0\tnot-a-kind\tkey\n".utf8).write(to: URL(fileURLWithPath: baseline))
        let output = ExploreCommandLine.run(files: [modelPath], baseline: baseline)
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("error: \(baseline):2: "))
        #expect(output.stderr.split(separator: "\n").count == 1)
    }
}
