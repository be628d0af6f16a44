import LocSim
import LocSimScenario
import Testing
@testable import LocSimServe

/// The work of one request does not grow with the session: a failed `expect` is not replayed
/// from the first step, and an opened file's steps are taken by index.
@Suite struct SessionCostTests {
    static func session(steps: Int) -> PlaygroundSession {
        let session = PlaygroundSession(name: "long", device: DeviceSpec(), app: AppDescription(name: "Trails"))
        session.perform(Step(.lifecycle(.launch), line: 0))
        for _ in 0..<steps { session.perform(Step(.wait(.seconds(1)), line: 0)) }
        return session
    }

    /// The step of scenario text `step` (`expect: {status: notDetermined}`).
    static func step(_ step: String) throws -> Step {
        let text = "name: s\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n  - \(step)\n"
        return try #require(try ScenarioParser.parse(text, file: "s.yml").steps.first)
    }

    @Test("a failed expect after 2,000 recorded steps replays nothing and changes nothing; the next step applies")
    func failedExpectDoesNotReplay() throws {
        let session = Self.session(steps: 2_000)
        let entries = session.device.timeline.entries.count
        let expect = try Self.step("expect: {status: authorizedAlways}")
        let outcome = session.perform(expect)
        #expect(outcome.result == .failed)
        #expect(session.rebuilds == 0)
        #expect(session.device.timeline.entries.count == entries)
        #expect(session.scenario.steps.count == 2_001)
        // The expectation's window did not move: one that holds still sees the launch's callback.
        let held = try Self.step("expect: {status: notDetermined}")
        #expect(session.perform(held).result == .held)
        #expect(session.perform(Step(.wait(.seconds(1)), line: 0)).result == .applied)
        #expect(session.rebuilds == 0)
    }

    @Test("a step that cannot apply still rebuilds (once), so the page shows what the file replays")
    func invalidStepRebuilds() {
        let session = Self.session(steps: 10)
        let outcome = session.perform(Step(.lifecycle(.launch), line: 0))
        #expect(outcome.result == .invalid || outcome.result == .applied)
        #expect(session.rebuilds == (outcome.result == .invalid ? 1 : 0))
    }

    @Test("an opened file's steps are applied in order by index, a failed one kept for the next try")
    func openedStepsByIndex() throws {
        let session = PlaygroundSession(name: "x", device: DeviceSpec(), app: AppDescription(name: "Trails"))
        let text = "name: o\ndevice: {platform: iOS 18.0}\napp: {name: Trails}\nsteps:\n  - launch\n  - expect: {status: authorizedAlways}\n  - wait: 1s\n"
        session.open(try ScenarioParser.parse(text, file: "o.yml"))
        #expect(session.pending.count == 3)
        #expect(try session.next().result == .applied)
        #expect(try session.next().result == .failed)
        #expect(session.pending.count == 2)
        #expect(try session.next().result == .failed)
    }
}
