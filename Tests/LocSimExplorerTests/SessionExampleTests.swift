@testable import LocSimExplorer
import Testing

@Suite("The section-O example app models")
struct SessionExampleTests {
    @Test("session-tracker, written the iOS 18 way, explores with no finding but the accepted LocSim bug")
    func goodExample() {
        let result = ExampleModels.sessions
        #expect(result.findings.isEmpty, "\(result.findings.map { "\($0.kind) \($0.key)" })")
        #expect(result.acceptedFindings.allSatisfy { $0.kind == .privacy })
    }

    @Test("broken-session-tracker shows every new kind of finding")
    func brokenExample() {
        let kinds = Set(ExampleModels.brokenSessions.findings.map(\.kind))
        for kind in [FindingKind.sessionOutOfUse, .sessionNotRecreated, .alwaysWithoutSession, .updatesNeverCome] {
            #expect(kinds.contains(kind), "\(kind) missing from \(kinds)")
        }
    }

    @Test("every counterexample of the section-O examples replays", arguments: ExampleModels.brokenSessions.findings
          + ExampleModels.brokenSessions.acceptedFindings + ExampleModels.sessions.acceptedFindings)
    func counterexamplesReplay(_ finding: Finding) throws {
        let result = try SessionModels.replay(finding)
        #expect(result.outcome == .passed, "\(finding.kind) \(finding.key) on \(finding.platform):\n\(finding.scenario)\n\(result.timeline.text)")
    }

    @Test("every state of the section-O examples unpacks to itself")
    func codec() throws {
        for name in ["session-tracker.yml", "broken-session-tracker.yml"] {
            for r in StateCodecTests.check(try ExampleModels.load(name)) {
                #expect(r.mismatches == 0, "\(name) on \(r.platform): \(r.mismatches) of \(r.states) states")
                #expect(r.states > 100)
            }
        }
    }
}
