import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// System prompts are modal: going to Settings takes them away unanswered, as locking does.
@Suite("Prompts that go away unanswered")
struct PromptDismissalTests {
    @Test("C10, L1: a Settings change while the initial prompt is up dismisses it unanswered; the choice in Settings stands")
    func settingsDismissesPrompt() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        #expect(store.state.prompts.onScreen?.prompt.kind == .initial)
        store.send(.userChangedSetting(.always)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .always(provisional: false)
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        store.receive([.promptDismissed(.initial, answer: nil), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
        store.send(.userChoseButton(.dontAllow, precise: nil))
        store.receive(.rejected("no prompt is on screen"))
        store.finish()
        #expect(store.state.status == .authorizedAlways)
    }

    @Test("M1, K5: switching Location Services off dismisses a full accuracy prompt and its completion gets nil")
    func globalSwitchDismissesFullAccuracyPrompt() {
        var app = Rig.app
        app.temporaryPurposeKeys = ["Nav": "Turn-by-turn."]
        let store = TestStore(Rig.model(app: app))
        store.requestShowingInitialPrompt(.whenInUse)
        store.send(.userChoseButton(.allowWhileUsing, precise: false)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.record.precise = false
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
        }
        store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse, .reducedAccuracy)])
        let prompt = Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy, title: "“Trails” would like to use your precise location",
                            message: "Turn-by-turn.", buttons: [.allow, .dontAllow], messageKey: "Nav")
        store.send(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Nav")) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: Rig.manager)
        }
        store.receive([.promptShown(prompt), .appWillResignActive])
        store.send(.userSwitchedLocationServices(false)) {
            $0.device.locationServicesEnabled = false
            $0.prompts.onScreen = nil
            $0.services.managers[0].reportedStatus = .denied
        }
        store.receive([.promptDismissed(.fullAccuracy, answer: nil), .appDidBecomeActive,
                       .delegate(Rig.manager, .fullAccuracyCompletion(nil)), Rig.auth(.denied, .reducedAccuracy)])
        store.finish()
    }

    @Test("P4: a watchOS app that is not running gets no confirmation prompt, since nothing could be delivered")
    func watchOSNoConfirmationWhenNotRunning() {
        for platform in [Platform(.watchOS, 10), Platform(.iOS, 18)] {
            let store = TestStore(Rig.model(platform))
            store.grantProvisionalAlways()
            #expect(store.state.isProvisional)
            store.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
            store.send(.appTerminated) {
                $0.lifecycle.state = .notRunning
                $0.services.managers = []
            }
            if platform.os == .watchOS {
                store.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
                #expect(store.state.prompts.onScreen == nil)
            } else {
                // iOS shows it for the same path (G3).
                let confirmation = store.state.confirmationPrompt()
                store.send(.deviceEnteredRegion("home")) {
                    $0.services.insideRegions = ["home"]
                    $0.prompts.heldEvents = [.regionEntered("home")]
                    $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: .zero, manager: nil)
                }
                store.receive(.promptShown(confirmation))
                #expect(store.state.prompts.onScreen?.prompt.kind == .alwaysConfirmation)
            }
            store.finish()
        }
    }

    @Test("K5: before iOS 14 the temporary full accuracy method does not exist: a console line, no completion")
    func fullAccuracyUnavailableBefore14() {
        let store = TestStore(Rig.model(Platform(.iOS, 13, 4)))
        store.send(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Nav"))
        store.receive([.console("requestTemporaryFullAccuracyAuthorization(withPurposeKey:) is unavailable on iOS 13.4; it needs iOS 14, macOS 11, watchOS 7 or tvOS 14"),
                       .requestIgnored(.temporaryFullAccuracy, reason: .unavailableOnPlatform)])
        store.finish()
    }
}
