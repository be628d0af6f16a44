import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section D: `requestWhenInUseAuthorization()`. D2 (returns at once, answer through the
/// delegate) is a simulator test in LocSimTests.
@Suite("D. requestWhenInUseAuthorization()")
struct RequestWhenInUseTests {
    @Test("D1: acts only when notDetermined, with the key, in the foreground; otherwise silently does nothing")
    func actsOnlyWhenAllowed() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        #expect(store.state.prompts.onScreen?.prompt.kind == .initial)
        store.finish()

        // Missing NSLocationWhenInUseUsageDescription.
        let noKey = TestStore(Rig.model(app: AppDescription(name: "Trails", purposeStrings: [.alwaysAndWhenInUse: "x", .always: "y"])))
        noKey.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        noKey.receive([.console("This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string value explaining to the user how the app uses this data"),
                       .requestIgnored(.whenInUse, reason: .missingPurposeString)])
        noKey.finish()
        #expect(noKey.state.status == .notDetermined)

        // In the background, even within the grace period ("in the foreground to show a prompt").
        let background = TestStore(Rig.model())
        background.send(.appEnteredBackground) {
            $0.lifecycle.state = .background
            $0.lifecycle.graceEndsAt = .seconds(10)
            $0.clock.timers = [ScheduledTimer(at: .seconds(10), kind: .graceEnds)]
        }
        #expect(background.state.isInUse)
        background.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        background.receive(.requestIgnored(.whenInUse, reason: .notInForeground))
        background.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
        }
        background.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        background.receive(.requestIgnored(.whenInUse, reason: .notInUse))
        background.finish()
        #expect(background.state.prompts.onScreen == nil)

        // Already determined.
        let determined = TestStore(Rig.model())
        determined.requestShowingInitialPrompt(.whenInUse)
        determined.answerInitialPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        determined.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        determined.receive(.requestIgnored(.whenInUse, reason: .alreadyDetermined))
        determined.finish()
    }

    @Test("D3: the prompt's message is the NSLocationWhenInUseUsageDescription string")
    func messageIsWhenInUseString() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 12), Platform(.iOS, 13), Platform(.iOS, 18)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.whenInUse)
            store.finish()
            let prompt = store.state.prompts.onScreen?.prompt
            #expect(prompt?.message == Rig.purposeStrings[.whenInUse], "\(platform)")
            #expect(prompt?.messageKey == "NSLocationWhenInUseUsageDescription", "\(platform)")
            #expect(prompt?.title.contains("Trails") == true)
        }
    }

    @Test("D4: Allow While Using App is permanent When In Use, Allow Once temporary, Don't Allow denied")
    func buttonsAndResults() {
        let permanent = TestStore(Rig.model())
        permanent.requestShowingInitialPrompt(.whenInUse)
        #expect(permanent.state.prompts.onScreen?.prompt.buttons.map(\.label) == ["Allow Once", "Allow While Using App", "Don’t Allow"])
        permanent.answerInitialPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        permanent.leaveUse()
        permanent.finish()
        #expect(permanent.state.status == .authorizedWhenInUse) // does not expire

        let once = TestStore(Rig.model())
        once.requestShowingInitialPrompt(.whenInUse)
        once.answerInitialPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        once.leaveUse() {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        once.receive(Rig.auth(.notDetermined))
        once.finish()

        let denied = TestStore(Rig.model())
        denied.requestShowingInitialPrompt(.whenInUse)
        denied.answerInitialPrompt(.dontAllow, becomes: .denied, reporting: .denied)
        denied.finish()
        #expect(denied.state.status == .denied)
    }

    @Test("D5: Don't Allow is final; only Settings or Reset Location & Privacy change it")
    func dontAllowIsFinal() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        store.answerInitialPrompt(.dontAllow, becomes: .denied, reporting: .denied)
        store.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        store.receive(.requestIgnored(.whenInUse, reason: .denied))
        store.send(.appRequestedAlwaysAuthorization(Rig.manager))
        store.receive(.requestIgnored(.always, reason: .denied))
        // Relaunching changes nothing.
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        store.send(.appLaunched) { $0.lifecycle.state = .foreground }
        store.send(.appCreatedManager(Rig.manager, hasDelegate: true)) {
            var manager = ManagerState(id: Rig.manager, hasDelegate: true)
            manager.reportedStatus = .denied
            manager.reportedAccuracy = .fullAccuracy
            $0.services.managers = [manager]
        }
        store.receive(Rig.auth(.denied))
        store.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        store.receive(.requestIgnored(.whenInUse, reason: .denied))
        store.finish()

        let settings = TestStore(store.state)
        settings.send(.userChangedSetting(.whileUsing)) {
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        settings.receive(Rig.auth(.authorizedWhenInUse))
        settings.finish()

        let reset = TestStore(store.state)
        reset.send(.userResetLocationAndPrivacy) {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        reset.receive(Rig.auth(.notDetermined))
        reset.requestShowingInitialPrompt(.whenInUse)
        reset.finish()
    }

    @Test("D6: repeated calls are harmless and prompt again each time status is back to notDetermined")
    func repeatedCalls() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        // A second call while the prompt is up shows nothing more.
        store.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        store.receive(.requestIgnored(.whenInUse, reason: .promptOnScreen))
        store.answerInitialPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        store.send(.appRequestedWhenInUseAuthorization(Rig.manager))
        store.receive(.requestIgnored(.whenInUse, reason: .alreadyDetermined))
        store.leaveUse() {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        store.receive(Rig.auth(.notDetermined))
        store.send(.appEnteredForeground) {
            $0.lifecycle.state = .foreground
            $0.lifecycle.graceEndsAt = nil
        }
        store.requestShowingInitialPrompt(.whenInUse)
        store.finish()
    }

    @Test("D7: on iOS 8 to 12 the When In Use prompt has Don't Allow and Allow")
    func twoButtonPromptBeforeIOS13() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 10), Platform(.iOS, 11), Platform(.iOS, 12, 4)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.whenInUse)
            let prompt = store.state.prompts.onScreen?.prompt
            #expect(prompt?.buttons == [.dontAllow, .allow], "\(platform)")
            #expect(prompt?.buttons.map(\.label) == ["Don’t Allow", "Allow"])
            #expect(prompt?.preciseToggle == nil)
            store.answerInitialPrompt(.allow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            store.finish()
        }
    }

    @Test("D8: services started before the answer deliver nothing and report no error, and never move status")
    func servicesBeforeTheAnswer() {
        let store = TestStore(Rig.model())
        let here = Location(coordinate: Coordinate(latitude: 40.7, longitude: -74))
        let second = ManagerID(1)
        store.send(.deviceMoved(here)) { $0.device.location = here }
        store.send(.appCreatedManager(second, hasDelegate: true)) {
            var manager = ManagerState(id: second, hasDelegate: true)
            manager.reportedStatus = .notDetermined
            manager.reportedAccuracy = .fullAccuracy
            $0.services.managers.append(manager)
            $0.services.nextManagerNumber = 2
        }
        store.receive(Rig.auth(.notDetermined, manager: second))
        store.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
        }
        store.send(.appRequestedLocation(second)) { $0.services.managers[1].oneShotPending = true }
        store.send(.deviceMoved(here))
        store.send(.clockAdvanced(to: .seconds(120))) { $0.clock.now = .seconds(120) }
        #expect(store.state.status == .notDetermined)
        store.requestShowingInitialPrompt(.whenInUse)
        store.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[0].wasDeliverable = true
            $0.services.managers[0].lastDelivery = .seconds(120)
            $0.services.managers[1].reportedStatus = .authorizedWhenInUse
            $0.services.managers[1].oneShotPending = false
            $0.services.managers[1].lastDelivery = .seconds(120)
        }
        store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive,
                       Rig.auth(.authorizedWhenInUse), Rig.auth(.authorizedWhenInUse, manager: second),
                       .delegate(Rig.manager, .didUpdateLocations([here])), .delegate(second, .didUpdateLocations([here]))])
        store.finish()
    }
}
