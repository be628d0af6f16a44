import Testing
import LocSimModel
import LocSimModelTestSupport

/// System prompts are modal: going to Settings takes them away unanswered, as locking does.
@Suite("Prompts that go away unanswered")
struct PromptDismissalTests {
    @Test("C10, L1: a Settings change while the initial prompt is up dismisses it unanswered; the choice in Settings stands")
    func settingsDismissesPrompt() {
        var m = Rig.model()
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        #expect(m.prompts.onScreen?.prompt.kind == .initial)
        let fx = m.handle(.userChangedSetting(.always))
        #expect(fx.first == .promptDismissed(.initial, answer: nil))
        #expect(fx.contains(Rig.auth(.authorizedAlways)))
        #expect(m.prompts.onScreen == nil)
        #expect(m.handle(.userChoseButton(.dontAllow, precise: nil)) == [.rejected("no prompt is on screen")])
        #expect(m.status == .authorizedAlways)
    }

    @Test("M1, K5: switching Location Services off dismisses a full accuracy prompt and its completion gets nil")
    func globalSwitchDismissesFullAccuracyPrompt() {
        var app = Rig.app
        app.temporaryPurposeKeys = ["Nav": "Turn-by-turn."]
        var m = Rig.model(app: app)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: false))
        _ = m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Nav"))
        #expect(m.prompts.onScreen?.prompt.kind == .fullAccuracy)
        let fx = m.handle(.userSwitchedLocationServices(false))
        #expect(fx.prefix(3) == [.promptDismissed(.fullAccuracy, answer: nil), .appDidBecomeActive,
                                 .delegate(Rig.manager, .fullAccuracyCompletion(nil))])
        #expect(m.prompts.onScreen == nil)
    }

    @Test("P4: a watchOS app that is not running gets no confirmation prompt, since nothing could be delivered")
    func watchOSNoConfirmationWhenNotRunning() {
        var m = Rig.model(Platform(.watchOS, 10))
        _ = m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(m.isProvisional)
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = m.handle(.appTerminated)
        #expect(m.handle(.deviceEnteredRegion("home")).isEmpty)
        #expect(m.prompts.onScreen == nil)
        // iOS shows it for the same path (G3).
        var ios = Rig.model()
        _ = ios.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        _ = ios.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        _ = ios.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = ios.handle(.appTerminated)
        _ = ios.handle(.deviceEnteredRegion("home"))
        #expect(ios.prompts.onScreen?.prompt.kind == .alwaysConfirmation)
    }

    @Test("K5: before iOS 14 the temporary full accuracy method does not exist: a console line, no completion")
    func fullAccuracyUnavailableBefore14() {
        var m = Rig.model(Platform(.iOS, 13, 4))
        let fx = m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Nav"))
        #expect(fx.count == 2)
        #expect(fx.last == .requestIgnored(.temporaryFullAccuracy, reason: .unavailableOnPlatform))
        #expect(!fx.contains { if case .delegate = $0 { true } else { false } })
    }
}
