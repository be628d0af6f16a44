@testable import LocSimExplorer
import LocSimModel
import Testing

/// LocSim's invariants cannot break on a correct model, so these tests start from doctored states
/// that only a bug could reach and check that the explorer notices.
@Suite("Privacy invariants are checked in every state")
struct PrivacyInvariantTests {
    static func system() throws -> AppModelSystem {
        let model = try AppModelParser.parse("app: {screens: [home], on: []}\n", file: "p.yml")
        return AppModelSystem(model, platform: Platform(.iOS, 18))
    }

    static func keys(_ r: StepResult) -> [FindingKey] { r.observations.map(\.key) }

    @Test("H2, H4: an Allow Once grant outside use with no expiry pending is reported")
    func allowOnceOutlivesUse() throws {
        let sys = try Self.system()
        var s = sys.initial
        s.model.record.authorization = .whenInUse(temporary: true)
        #expect(Self.keys(sys.apply(.lock, to: s)).contains(.privacy(.allowOnceOutlivesUse)))
    }

    @Test("D5: a prompt shown to a denied app is reported")
    func deniedPromptsAgain() throws {
        let sys = try Self.system()
        var s = sys.initial
        s.model.record.authorization = .denied
        s.model.device.locked = true
        s.model.prompts.queued = [PresentedPrompt(prompt: s.model.initialPrompt(for: .whenInUse), shownAt: .zero, manager: nil)]
        #expect(Self.keys(sys.apply(.unlock, to: s)).contains(.privacy(.deniedPromptsAgain)))
    }

    @Test("A4, D8: a location delivered to an app that is not authorized is reported")
    func unauthorizedDelivery() throws {
        let sys = try Self.system()
        var s = sys.initial
        // A region event waits only for a manager (a visit would wait for startMonitoringVisits, O18).
        s.model.services.pendingLaunchEvents = [.regionEntered("home")]
        #expect(Self.keys(sys.apply(.launch, to: s)).contains(.privacy(.unauthorizedDelivery)))
    }

    @Test("E2: a second Always prompt is reported")
    func alwaysOnce() throws {
        let sys = try Self.system()
        var s = sys.initial
        s.alwaysAsked = true
        s.model.device.locked = true
        s.model.prompts.queued = [PresentedPrompt(prompt: s.model.upgradePrompt(), shownAt: .zero, manager: nil)]
        #expect(Self.keys(sys.apply(.unlock, to: s)).contains(.privacy(.alwaysOnce)))
    }

    @Test("time is relative: states that differ only in the clock are equal")
    func canonicalTime() throws {
        let sys = try Self.system()
        var a = sys.apply(.launch, to: sys.initial).state
        a = sys.apply(.background, to: a).state
        var b = a
        b.model.clock.now = .seconds(1000)
        b.model.clock.timers = b.model.clock.timers.map { ScheduledTimer(at: $0.at + .seconds(1000), kind: $0.kind) }
        b.model.lifecycle.graceEndsAt = b.model.lifecycle.graceEndsAt.map { $0 + .seconds(1000) }
        b.model.canonicalizeTime()
        #expect(a == b)
        let codec = StateCodec(initial: sys.initial)
        #expect(codec.encode(&a) == codec.encode(&b))
    }
}
