import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section K: precise vs approximate location (accuracy authorization).
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("K: Accuracy authorization, through the simulator")
struct AccuracyTests {
    @Test("K5: temporary full accuracy declines with promptDeclined without a prompt, or completes with nil once a prompt was shown")
    func temporaryFullAccuracy() {
        func declined(_ reason: IgnoredReason) -> [Effect] {
            [.requestIgnored(.temporaryFullAccuracy, reason: reason), .delegate(Rig.manager, .fullAccuracyCompletion(.promptDeclined))]
        }
        var m = Rig.whenInUse(precise: false)
        #expect(m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Unknown")) == declined(.unknownPurposeKey))
        var full = Rig.whenInUse(precise: true)
        #expect(full.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation")) == declined(.alreadyFullAccuracy))
        var background = Rig.whenInUse(precise: false)
        _ = background.handle(.appEnteredBackground)
        #expect(background.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation")) == declined(.inBackground))

        let fx = m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation"))
        let prompt = Rig.prompts(fx).first
        #expect(fx.count == 2 && fx.last == .appWillResignActive)
        #expect(prompt?.kind == .fullAccuracy)
        #expect(prompt?.message == "Turn-by-turn directions need your exact position.")
        #expect(prompt?.messageKey == "Navigation")
        #expect(prompt?.buttons == [.allow, .dontAllow])
        #expect(m.handle(.userChoseButton(.allow, precise: nil))
                == [.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive,
                    .delegate(Rig.manager, .fullAccuracyCompletion(nil)), Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false)])
        #expect(m.accuracy == .fullAccuracy && m.record.temporaryFullAccuracy)

        var refused = Rig.whenInUse(precise: false)
        _ = refused.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Navigation"))
        #expect(refused.handle(.userChoseButton(.dontAllow, precise: nil))
                == [.promptDismissed(.fullAccuracy, answer: .dontAllow), .appDidBecomeActive, .delegate(Rig.manager, .fullAccuracyCompletion(nil))])
        #expect(refused.accuracy == .reducedAccuracy)

        // End to end: the completion gets kCLErrorPromptDeclined (18), on the run loop, not inside the call.
        let sim = Rig.Sim(app: Rig.navigationApp)
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        var errors: [LocationError?] = []
        sim.manager.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { errors.append($0 as? LocationError) }
        #expect(errors.isEmpty)
        sim.device.run()
        #expect(errors.count == 1 && errors.first??.code == .promptDeclined && errors.first??.code.rawValue == 18)
    }
}
