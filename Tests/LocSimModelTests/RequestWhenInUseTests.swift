import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section D: `requestWhenInUseAuthorization()`. D2 (returns at once, answer through the
/// delegate) is a simulator test in LocSimTests.
@Suite("D. requestWhenInUseAuthorization()")
struct RequestWhenInUseTests {
    @Test("D1: acts only when notDetermined, with the key, in the foreground; otherwise silently does nothing")
    func actsOnlyWhenAllowed() {
        var m = Rig.model()
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).map(\.kind) == [.initial])

        // Missing NSLocationWhenInUseUsageDescription.
        var noKey = Rig.model(app: AppDescription(name: "Trails", purposeStrings: [.alwaysAndWhenInUse: "x", .always: "y"]))
        #expect(noKey.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
                == [.console("This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain an “NSLocationWhenInUseUsageDescription” key with a string value explaining to the user how the app uses this data"), .requestIgnored(.whenInUse, reason: .missingPurposeString)])
        #expect(noKey.status == .notDetermined)

        // In the background, even within the grace period ("in the foreground to show a prompt").
        var background = Rig.model()
        _ = background.handle(.appEnteredBackground)
        #expect(background.isInUse)
        #expect(background.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .notInUse)])
        _ = background.handle(.clockAdvanced(to: .seconds(60)))
        #expect(background.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .notInUse)])
        #expect(background.prompts.onScreen == nil)

        // Already determined.
        var determined = Rig.model()
        determined.answerWhenInUse(.allowWhileUsing)
        #expect(determined.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])
    }

    @Test("D3: the prompt's message is the NSLocationWhenInUseUsageDescription string")
    func messageIsWhenInUseString() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 12), Platform(.iOS, 13), Platform(.iOS, 18)] {
            var m = Rig.model(platform)
            let prompt = Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first
            #expect(prompt?.message == Rig.purposeStrings[.whenInUse], "\(platform)")
            #expect(prompt?.messageKey == "NSLocationWhenInUseUsageDescription", "\(platform)")
            #expect(prompt?.title.contains("Trails") == true)
        }
    }

    @Test("D4: Allow While Using App is permanent When In Use, Allow Once temporary, Don't Allow denied")
    func buttonsAndResults() {
        var probe = Rig.model()
        let prompt = Rig.prompts(probe.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first
        #expect(prompt?.buttons.map(\.label) == ["Allow Once", "Allow While Using App", "Don’t Allow"])

        var permanent = Rig.model()
        #expect(Rig.calls(permanent.answerWhenInUse(.allowWhileUsing)) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(permanent.record.authorization == .whenInUse(temporary: false))
        #expect(permanent.leaveUse() == [])
        #expect(permanent.status == .authorizedWhenInUse) // does not expire

        var once = Rig.model()
        #expect(Rig.calls(once.answerWhenInUse(.allowOnce)) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(once.record.authorization == .whenInUse(temporary: true))
        #expect(once.leaveUse() == [Rig.auth(.notDetermined)])

        var denied = Rig.model()
        #expect(Rig.calls(denied.answerWhenInUse(.dontAllow)) == [.didChangeAuthorization(.denied, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(denied.status == .denied)
    }

    @Test("D5: Don't Allow is final; only Settings or Reset Location & Privacy change it")
    func dontAllowIsFinal() {
        var m = Rig.model()
        m.answerWhenInUse(.dontAllow)
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .denied)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .denied)])
        // Relaunching changes nothing.
        _ = m.handle(.appTerminated)
        _ = m.handle(.appLaunched)
        #expect(m.handle(.appCreatedManager(Rig.manager, hasDelegate: true)) == [Rig.auth(.denied)])
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .denied)])

        var settings = m
        #expect(settings.handle(.userChangedSetting(.whileUsing)) == [Rig.auth(.authorizedWhenInUse)])
        var reset = m
        #expect(reset.handle(.userResetLocationAndPrivacy) == [Rig.auth(.notDetermined)])
        #expect(Rig.prompts(reset.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).map(\.kind) == [.initial])
    }

    @Test("D6: repeated calls are harmless and prompt again each time status is back to notDetermined")
    func repeatedCalls() {
        var m = Rig.model()
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).count == 1)
        // A second call while the prompt is up shows nothing more.
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).isEmpty)
        _ = m.handle(.userChoseButton(.allowOnce, precise: nil))
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])
        #expect(m.leaveUse() == [Rig.auth(.notDetermined)])
        _ = m.handle(.appEnteredForeground)
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.promptShown(m.initialPrompt(for: .whenInUse)), .appWillResignActive])
    }

    @Test("D7: on iOS 8 to 12 the When In Use prompt has Don't Allow and Allow")
    func twoButtonPromptBeforeIOS13() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 10), Platform(.iOS, 11), Platform(.iOS, 12, 4)] {
            var m = Rig.model(platform)
            let prompt = Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first
            #expect(prompt?.buttons == [.dontAllow, .allow], "\(platform)")
            #expect(prompt?.buttons.map(\.label) == ["Don’t Allow", "Allow"])
            #expect(prompt?.preciseToggle == nil)
            #expect(Rig.calls(m.handle(.userChoseButton(.allow, precise: nil))) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
            #expect(m.record.authorization == .whenInUse(temporary: false))
        }
    }

    @Test("D8: services started before the answer deliver nothing and report no error, and never move status")
    func servicesBeforeTheAnswer() {
        var m = Rig.model()
        let here = Location(coordinate: Coordinate(latitude: 40.7, longitude: -74))
        _ = m.handle(.deviceMoved(here))
        let second = ManagerID(1)
        _ = m.handle(.appCreatedManager(second, hasDelegate: true))
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
        #expect(m.handle(.appRequestedLocation(second)) == [])
        #expect(m.handle(.deviceMoved(here)) == [])
        _ = m.handle(.clockAdvanced(to: .seconds(120)))
        #expect(m.status == .notDetermined)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        let calls = m.handle(.userChoseButton(.allowWhileUsing, precise: nil)).compactMap { e -> String? in
            if case .delegate(let id, let call) = e { "\(id) \(call.name)" } else { nil }
        }
        #expect(calls == ["#0 didChangeAuthorization", "#1 didChangeAuthorization", "#0 didUpdateLocations", "#1 didUpdateLocations"])
    }
}
