import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section E: `requestAlwaysAuthorization()` and the "only once" rule.
@Suite("E. requestAlwaysAuthorization()")
struct RequestAlwaysTests {
    @Test("E1: acts from notDetermined or authorizedWhenInUse only")
    func allowedStates() {
        var fresh = Rig.model()
        #expect(Rig.prompts(fresh.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.initial])
        var whenInUse = Rig.model()
        whenInUse.answerWhenInUse(.allowWhileUsing)
        #expect(Rig.prompts(whenInUse.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.alwaysUpgrade])

        var denied = Rig.model()
        denied.answerWhenInUse(.dontAllow)
        #expect(denied.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .denied)])
        var always = Rig.model()
        _ = always.handle(.userChangedSetting(.always))
        #expect(always.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alreadyAlways)])
        var restricted = Rig.model()
        _ = restricted.handle(.restrictionChanged(true))
        #expect(restricted.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .restricted)])
    }

    @Test("E2: an app gets one Always request; a repeated call shows nothing and calls nothing")
    func onlyOneRequest() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        m.answerAlways(.keepOnlyWhileUsing)
        #expect(m.record.alwaysRequestSpent)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])
        // Still spent after a relaunch.
        _ = m.handle(.appTerminated)
        _ = m.handle(.appLaunched)
        _ = m.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])
    }

    @Test("E3: asking for Always from notDetermined spends the request; allowOnceExpiryRestoresAlwaysRequest decides whether Allow Once expiry gives it back")
    func askingFirstSpendsTheRequest() {
        // iOS 11–12: "Only While Using the App" on the first (Always) prompt.
        var ios12 = Rig.model(Platform(.iOS, 12))
        ios12.answerAlways(.onlyWhileUsing)
        #expect(ios12.status == .authorizedWhenInUse)
        #expect(ios12.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])

        // iOS 13+: provisional Always turned into When In Use (here by Settings).
        var ios18 = Rig.model()
        ios18.answerAlways(.allowWhileUsing)
        #expect(ios18.handle(.userChangedSetting(.whileUsing)) == [Rig.auth(.authorizedWhenInUse)])
        #expect(ios18.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])

        // Allow Once on the first Always prompt, then expiry: by default the app starts afresh…
        #expect(DeviceParameters().allowOnceExpiryRestoresAlwaysRequest)
        var afresh = Rig.model()
        afresh.answerAlways(.allowOnce)
        #expect(afresh.record.alwaysRequestSpent)
        #expect(afresh.leaveUse() == [Rig.auth(.notDetermined)])
        _ = afresh.handle(.appEnteredForeground)
        #expect(Rig.prompts(afresh.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.initial])
        // …with the parameter off, the single Always request stays spent.
        var parameters = DeviceParameters()
        parameters.allowOnceExpiryRestoresAlwaysRequest = false
        var spent = Rig.model(parameters: parameters)
        spent.answerAlways(.allowOnce)
        _ = spent.leaveUse()
        _ = spent.handle(.appEnteredForeground)
        #expect(spent.status == .notDetermined)
        #expect(spent.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])
        #expect(Rig.prompts(spent.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).map(\.kind) == [.initial])
    }

    @Test("E4: Reset Location & Privacy clears the once-only record")
    func resetClearsTheRecord() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        m.answerAlways(.keepOnlyWhileUsing)
        #expect(m.handle(.userResetLocationAndPrivacy) == [Rig.auth(.notDetermined)])
        #expect(!m.record.alwaysRequestSpent)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.promptShown(m.initialPrompt(for: .always)), .appWillResignActive])
    }

    @Test("E5: from notDetermined on iOS 13+ the When In Use prompt appears; Allow While Using gives provisional Always")
    func firstPromptFromNotDetermined() {
        for platform in [Platform(.iOS, 13), Platform(.iOS, 13, 4), Platform(.iOS, 18)] {
            var m = Rig.model(platform)
            let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
            #expect(prompt?.kind == .initial)
            #expect(prompt?.buttons == [.allowOnce, .allowWhileUsing, .dontAllow], "\(platform)")
            #expect(prompt?.message == Rig.purposeStrings[.whenInUse])
            #expect(prompt?.messageKey == PurposeKey.whenInUse.rawValue)
            #expect(prompt.map { !$0.buttons.contains(.alwaysAllow) && !$0.buttons.contains(.changeToAlwaysAllow) } == true)
        }
        let expected: [(PromptButton, AuthorizationStatus, StoredAuthorization)] = [
            (.allowWhileUsing, .authorizedAlways, .always(provisional: true)),
            (.allowOnce, .authorizedWhenInUse, .whenInUse(temporary: true)),
            (.dontAllow, .denied, .denied),
        ]
        for (button, status, stored) in expected {
            var m = Rig.model()
            #expect(Rig.calls(m.answerAlways(button)) == [.didChangeAuthorization(status, accuracy: .fullAccuracy, statusChanged: true)])
            #expect(m.record.authorization == stored)
        }
    }

    @Test("E6: from permanent When In Use on iOS 13.4+ the upgrade prompt appears at once")
    func upgradePrompt() {
        for platform in [Platform(.iOS, 13, 4), Platform(.iOS, 18)] {
            var keep = Rig.model(platform)
            keep.answerWhenInUse(.allowWhileUsing)
            let shown = keep.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            #expect(shown == [.promptShown(keep.upgradePrompt()), .appWillResignActive])
            #expect(keep.upgradePrompt().buttons == [.keepOnlyWhileUsing, .changeToAlwaysAllow])
            #expect(Rig.calls(keep.handle(.userChoseButton(.keepOnlyWhileUsing, precise: nil))) == [])
            #expect(keep.status == .authorizedWhenInUse)

            var change = Rig.model(platform)
            change.answerWhenInUse(.allowWhileUsing)
            #expect(Rig.calls(change.answerAlways(.changeToAlwaysAllow)) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
            #expect(change.record.authorization == .always(provisional: false))
        }
    }

    @Test("E7: on iOS 13.0 to 13.3 a call from When In Use shows no prompt and grants provisional Always")
    func silentProvisionalOnEarlyIOS13() {
        for platform in [Platform(.iOS, 13, 0), Platform(.iOS, 13, 3)] {
            var m = Rig.model(platform)
            m.answerWhenInUse(.allowWhileUsing)
            #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [Rig.auth(.authorizedAlways)], "\(platform)")
            #expect(m.isProvisional)
            #expect(m.prompts.onScreen == nil)
            #expect(m.record.alwaysRequestSpent)
        }
    }

    @Test("E8: requestAlways after Allow Once is ignored")
    func ignoredAfterAllowOnce() {
        var m = Rig.model()
        m.answerWhenInUse(.allowOnce)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .temporaryAuthorization)])
        #expect(m.status == .authorizedWhenInUse)
        #expect(m.settingsSelection == .askNextTime)
        #expect(m.prompts.onScreen == nil)
    }

    @Test("E9: on iOS 11+ it needs both NSLocationAlwaysAndWhenInUseUsageDescription and NSLocationWhenInUseUsageDescription")
    func needsBothKeys() {
        let message = "This app has attempted to access privacy-sensitive data without a usage description. The app's Info.plist must contain both “NSLocationAlwaysAndWhenInUseUsageDescription” and “NSLocationWhenInUseUsageDescription” keys with string values explaining to the user how the app uses this data"
        let partial: [[PurposeKey: String]] = [
            [.whenInUse: "a", .always: "b"],            // the legacy key does not count
            [.alwaysAndWhenInUse: "a", .always: "b"],   // no When In Use key
            [.whenInUse: "a"],
        ]
        for platform in [Platform(.iOS, 11), Platform(.iOS, 18)] {
            for keys in partial {
                var m = Rig.model(platform, app: AppDescription(name: "Trails", purposeStrings: keys))
                #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.console(message), .requestIgnored(.always, reason: .missingPurposeString)])
                #expect(!m.record.alwaysRequestSpent)
            }
            var ok = Rig.model(platform, app: AppDescription(name: "Trails", purposeStrings: [.whenInUse: "a", .alwaysAndWhenInUse: "b"]))
            #expect(Rig.prompts(ok.handle(.appRequestedAlwaysAuthorization(Rig.manager))).count == 1)
        }
    }

    @Test("E10: it does nothing when the app is not in use, and the request is not spent")
    func notInUse() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.appEnteredBackground)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .notInUse)])
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .notInUse)])
        #expect(!m.record.alwaysRequestSpent)
        _ = m.handle(.appEnteredForeground)
        #expect(Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.alwaysUpgrade])
    }

    @Test("E11: a compatible iPhone app on visionOS gets a When In Use request")
    func visionOSTreatsAlwaysAsWhenInUse() {
        var m = Rig.model(Platform(.visionOS, 1),
                                            app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, compatibleApp: true))
        let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
        #expect(prompt?.request == .whenInUse)
        #expect(prompt?.messageKey == PurposeKey.whenInUse.rawValue)
        #expect(Rig.calls(m.handle(.userChoseButton(.allowWhileUsing, precise: nil))) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(m.record.authorization == .whenInUse(temporary: false))
        #expect(!m.isProvisional)
    }

    @Test("E12: on iOS 8 to 10 the When In Use to Always transition prompt appears once; cancelling keeps When In Use silently")
    func transitionOnIOS8to10() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 10)] {
            var m = Rig.model(platform)
            m.answerWhenInUse(.allow)
            let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
            #expect(prompt?.kind == .alwaysUpgrade)
            #expect(prompt?.buttons == [.dontAllow, .allow])
            #expect(prompt?.messageKey == PurposeKey.always.rawValue)
            #expect(m.handle(.userChoseButton(.dontAllow, precise: nil)) == [.promptDismissed(.alwaysUpgrade, answer: .dontAllow), .appDidBecomeActive])
            #expect(m.status == .authorizedWhenInUse)
            #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])

            var allow = Rig.model(platform)
            allow.answerWhenInUse(.allow)
            #expect(Rig.calls(allow.answerAlways(.allow)) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
        }
    }
}
