import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section E: `requestAlwaysAuthorization()` and the "only once" rule.
@Suite("E. requestAlwaysAuthorization()")
struct RequestAlwaysTests {
    @Test("E1: acts from notDetermined or authorizedWhenInUse only")
    func allowedStates() {
        let fresh = TestStore(Rig.model())
        fresh.requestShowingInitialPrompt(.always)
        #expect(fresh.state.prompts.onScreen?.prompt.kind == .initial)
        fresh.finish()
        let whenInUse = TestStore(Rig.model())
        whenInUse.grantWhenInUse()
        whenInUse.requestShowingUpgradePrompt()
        #expect(whenInUse.state.prompts.onScreen?.prompt.kind == .alwaysUpgrade)
        whenInUse.finish()

        let denied = TestStore(Rig.model())
        denied.requestShowingInitialPrompt(.whenInUse)
        denied.answerPrompt(.dontAllow, becomes: .denied, reporting: .denied)
        denied.ignoredRequest(.always, .denied)
        denied.finish()
        let always = TestStore(Rig.model())
        always.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
        always.ignoredRequest(.always, .alreadyAlways)
        always.finish()
        let restricted = TestStore(Rig.model())
        restricted.send(.restrictionChanged(true)) {
            $0.device.restricted = true
            $0.services.managers[0].reportedStatus = .restricted
        }
        restricted.receive(Rig.auth(.restricted))
        restricted.ignoredRequest(.always, .restricted)
        restricted.finish()
    }

    @Test("E2: an app gets one Always request; a repeated call shows nothing and calls nothing")
    func onlyOneRequest() {
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.requestShowingUpgradePrompt()
        store.answerPrompt(.keepOnlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        #expect(store.state.record.alwaysRequestSpent)
        store.ignoredRequest(.always, .alwaysAlreadyRequested)
        // Still spent after a relaunch.
        store.relaunch(reporting: .authorizedWhenInUse)
        store.ignoredRequest(.always, .alwaysAlreadyRequested)
        store.finish()
    }

    @Test("E3, C10: an Always prompt that goes away unanswered spends the request unless unansweredAlwaysPromptSpendsRequest is false")
    func unansweredAlwaysPrompt() {
        #expect(DeviceParameters().unansweredAlwaysPromptSpendsRequest)
        for spends in [true, false] {
            var p = DeviceParameters()
            p.unansweredAlwaysPromptSpendsRequest = spends
            // The device is locked while the initial Always prompt is up (C10): it goes, unanswered.
            let store = TestStore(Rig.model(parameters: p))
            store.requestShowingInitialPrompt(.always)
            store.lockInForeground {
                $0.prompts.onScreen = nil
                $0.record.alwaysRequestSpent = spends
            }
            store.receive(.promptDismissed(.initial, answer: nil))
            store.send(.deviceUnlocked) {
                $0.device.locked = false
                $0.lifecycle.foregroundBeforeLock = false
                $0.lifecycle.state = .foreground
                $0.lifecycle.graceEndsAt = nil
                $0.clock.timers = []
            }
            #expect(store.state.status == .notDetermined)
            if spends {
                store.ignoredRequest(.always, .alwaysAlreadyRequested)
            } else {
                store.requestShowingInitialPrompt(.always)
            }
            store.finish()

            // The app killed with the upgrade prompt up.
            var killed = Rig.model(parameters: p)
            _ = killed.handle(.userChangedSetting(.whileUsing))
            _ = killed.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            #expect(killed.prompts.onScreen?.prompt.kind == .alwaysUpgrade && killed.record.alwaysRequestSpent)
            _ = killed.handle(.appTerminated)
            #expect(killed.prompts.onScreen == nil && killed.record.alwaysRequestSpent == spends)
            _ = killed.handle(.appLaunched)
            _ = killed.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
            let fx = killed.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            #expect(spends ? fx == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)] : killed.prompts.onScreen?.prompt.kind == .alwaysUpgrade)
        }
    }

    @Test("E3: asking for Always from notDetermined spends the request; allowOnceExpiryRestoresAlwaysRequest decides whether Allow Once expiry gives it back")
    func askingFirstSpendsTheRequest() {
        // iOS 11–12: "Only While Using the App" on the first (Always) prompt.
        let ios12 = TestStore(Rig.model(Platform(.iOS, 12)))
        ios12.requestShowingInitialPrompt(.always)
        ios12.answerPrompt(.onlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        #expect(ios12.state.status == .authorizedWhenInUse)
        ios12.ignoredRequest(.always, .alwaysAlreadyRequested)
        ios12.finish()

        // iOS 13+: provisional Always turned into When In Use (here by Settings).
        let ios18 = TestStore(Rig.model())
        ios18.requestShowingInitialPrompt(.always)
        ios18.answerPrompt(.allowWhileUsing, becomes: .always(provisional: true), reporting: .authorizedAlways)
        ios18.changeSetting(.whileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        ios18.ignoredRequest(.always, .alwaysAlreadyRequested)
        ios18.finish()

        // Allow Once on the first Always prompt, then expiry: by default the app starts afresh…
        #expect(DeviceParameters().allowOnceExpiryRestoresAlwaysRequest)
        let afresh = TestStore(Rig.model())
        afresh.requestShowingInitialPrompt(.always)
        afresh.answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        #expect(afresh.state.record.alwaysRequestSpent)
        afresh.leaveUse {
            $0.record.authorization = .notDetermined
            $0.record.alwaysRequestSpent = false
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        afresh.receive(Rig.auth(.notDetermined))
        afresh.returnToForeground()
        afresh.requestShowingInitialPrompt(.always)
        #expect(afresh.state.prompts.onScreen?.prompt.kind == .initial)
        afresh.finish()
        // …with the parameter off, the single Always request stays spent.
        var parameters = DeviceParameters()
        parameters.allowOnceExpiryRestoresAlwaysRequest = false
        let spent = TestStore(Rig.model(parameters: parameters))
        spent.requestShowingInitialPrompt(.always)
        spent.answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        spent.leaveUse {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        spent.receive(Rig.auth(.notDetermined))
        spent.returnToForeground()
        #expect(spent.state.status == .notDetermined)
        spent.ignoredRequest(.always, .alwaysAlreadyRequested)
        spent.requestShowingInitialPrompt(.whenInUse)
        #expect(spent.state.prompts.onScreen?.prompt.kind == .initial)
        spent.finish()
    }

    @Test("E4: Reset Location & Privacy clears the once-only record")
    func resetClearsTheRecord() {
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.requestShowingUpgradePrompt()
        store.answerPrompt(.keepOnlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        store.send(.userResetLocationAndPrivacy) {
            $0.record.authorization = .notDetermined
            $0.record.alwaysRequestSpent = false
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        store.receive(Rig.auth(.notDetermined))
        #expect(!store.state.record.alwaysRequestSpent)
        store.requestShowingInitialPrompt(.always)
        store.finish()
    }

    @Test("E5: from notDetermined on iOS 13+ the When In Use prompt appears; Allow While Using gives provisional Always")
    func firstPromptFromNotDetermined() {
        for platform in [Platform(.iOS, 13), Platform(.iOS, 13, 4), Platform(.iOS, 18)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.always)
            store.finish()
            let prompt = store.state.prompts.onScreen?.prompt
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
            let store = TestStore(Rig.model())
            store.requestShowingInitialPrompt(.always)
            store.answerPrompt(button, becomes: stored, reporting: status)
            store.finish()
            #expect(store.state.record.authorization == stored)
        }
    }

    @Test("E6: from permanent When In Use on iOS 13.4+ the upgrade prompt appears at once")
    func upgradePrompt() {
        for platform in [Platform(.iOS, 13, 4), Platform(.iOS, 18)] {
            let keep = TestStore(Rig.model(platform))
            keep.grantWhenInUse()
            keep.requestShowingUpgradePrompt()
            #expect(keep.state.upgradePrompt().buttons == [.keepOnlyWhileUsing, .changeToAlwaysAllow])
            // No callback: the status stays authorizedWhenInUse.
            keep.answerPrompt(.keepOnlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            keep.finish()
            #expect(keep.state.status == .authorizedWhenInUse)

            let change = TestStore(Rig.model(platform))
            change.grantWhenInUse()
            change.requestShowingUpgradePrompt()
            change.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
            change.finish()
            #expect(change.state.record.authorization == .always(provisional: false))
        }
    }

    @Test("E7: on iOS 13.0 to 13.3 a call from When In Use shows no prompt and grants provisional Always")
    func silentProvisionalOnEarlyIOS13() {
        for platform in [Platform(.iOS, 13, 0), Platform(.iOS, 13, 3)] {
            let store = TestStore(Rig.model(platform))
            store.grantWhenInUse()
            store.send(.appRequestedAlwaysAuthorization(Rig.manager)) {
                $0.record.authorization = .always(provisional: true)
                $0.record.alwaysRequestSpent = true
                $0.services.managers[0].reportedStatus = .authorizedAlways
            }
            store.receive(Rig.auth(.authorizedAlways))
            store.finish()
            #expect(store.state.isProvisional, "\(platform)")
            #expect(store.state.prompts.onScreen == nil)
            #expect(store.state.record.alwaysRequestSpent)
        }
    }

    @Test("E8: requestAlways after Allow Once is ignored")
    func ignoredAfterAllowOnce() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        store.answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        store.ignoredRequest(.always, .temporaryAuthorization)
        store.finish()
        #expect(store.state.status == .authorizedWhenInUse)
        #expect(store.state.settingsSelection == .askNextTime)
        #expect(store.state.prompts.onScreen == nil)
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
                let store = TestStore(Rig.model(platform, app: AppDescription(name: "Trails", purposeStrings: keys)))
                store.send(.appRequestedAlwaysAuthorization(Rig.manager))
                store.receive([.console(message), .requestIgnored(.always, reason: .missingPurposeString)])
                store.finish()
                #expect(!store.state.record.alwaysRequestSpent)
            }
            let ok = TestStore(Rig.model(platform, app: AppDescription(name: "Trails", purposeStrings: [.whenInUse: "a", .alwaysAndWhenInUse: "b"])))
            ok.requestShowingInitialPrompt(.always)
            ok.finish()
        }
    }

    @Test("E10: it does nothing when the app is not in use, and the request is not spent")
    func notInUse() {
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.send(.appEnteredBackground) {
            $0.lifecycle.state = .background
            $0.lifecycle.graceEndsAt = .seconds(10)
            $0.clock.timers = [ScheduledTimer(at: .seconds(10), kind: .graceEnds)]
        }
        store.ignoredRequest(.always, .notInForeground)
        store.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
        }
        store.ignoredRequest(.always, .notInUse)
        #expect(!store.state.record.alwaysRequestSpent)
        store.returnToForeground()
        store.requestShowingUpgradePrompt()
        store.finish()
        #expect(store.state.prompts.onScreen?.prompt.kind == .alwaysUpgrade)
    }

    @Test("E11: a compatible iPhone app on visionOS gets a When In Use request")
    func visionOSTreatsAlwaysAsWhenInUse() {
        let store = TestStore(Rig.model(Platform(.visionOS, 1),
                                        app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, compatibleApp: true)))
        let prompt = store.state.initialPrompt(for: .whenInUse)
        store.send(.appRequestedAlwaysAuthorization(Rig.manager)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: Rig.manager)
        }
        store.receive([.promptShown(prompt), .appWillResignActive])
        #expect(prompt.request == .whenInUse)
        #expect(prompt.messageKey == PurposeKey.whenInUse.rawValue)
        store.answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        store.finish()
        #expect(store.state.record.authorization == .whenInUse(temporary: false))
        #expect(!store.state.isProvisional)
    }

    @Test("E12: on iOS 8 to 10 the When In Use to Always transition prompt appears once; cancelling keeps When In Use silently")
    func transitionOnIOS8to10() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 10)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.whenInUse)
            store.answerPrompt(.allow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            store.requestShowingUpgradePrompt()
            let prompt = store.state.prompts.onScreen?.prompt
            #expect(prompt?.kind == .alwaysUpgrade)
            #expect(prompt?.buttons == [.dontAllow, .allow])
            #expect(prompt?.messageKey == PurposeKey.always.rawValue)
            // Cancelling: dismissed, active again, no callback.
            store.answerPrompt(.dontAllow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            #expect(store.state.status == .authorizedWhenInUse)
            store.ignoredRequest(.always, .alwaysAlreadyRequested)
            store.finish()

            let allow = TestStore(Rig.model(platform))
            allow.requestShowingInitialPrompt(.whenInUse)
            allow.answerPrompt(.allow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            allow.requestShowingUpgradePrompt()
            allow.answerPrompt(.allow, becomes: .always(provisional: false), reporting: .authorizedAlways)
            allow.finish()
        }
    }

    @Test("E4: reinstalling the app keeps its record by default; reinstallKeepsAuthorization = false clears it; its registered services go with the app")
    func reinstall() {
        #expect(DeviceParameters().reinstallKeepsAuthorization)
        func spentAlwaysApp(_ parameters: DeviceParameters) -> AuthorizationModel {
            var m = Rig.model(parameters: parameters)
            _ = m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            _ = m.handle(.userChoseButton(.allowWhileUsing, precise: false))
            _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
            _ = m.handle(.appStartedSignificantChanges(Rig.manager))
            #expect(m.record.alwaysRequestSpent && m.status == .authorizedAlways && m.accuracy == .reducedAccuracy)
            return m
        }
        // Default: the status, Precise and the spent Always request survive.
        var kept = spentAlwaysApp(DeviceParameters())
        #expect(!kept.handle(.appReinstalled).contains { if case .rejected = $0 { true } else { false } })
        #expect(kept.lifecycle.state == .notRunning && kept.services.managers.isEmpty)
        #expect(kept.services.monitoredRegions.isEmpty && !kept.services.significantChangesRegistered)
        #expect(kept.status == .authorizedAlways && kept.isProvisional && kept.record.alwaysRequestSpent && kept.accuracy == .reducedAccuracy)
        _ = kept.handle(.appLaunched)
        _ = kept.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
        #expect(kept.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])

        // false: a fresh record, as Reset Location & Privacy gives the app.
        var p = DeviceParameters()
        p.reinstallKeepsAuthorization = false
        var fresh = spentAlwaysApp(p)
        _ = fresh.handle(.appReinstalled)
        #expect(fresh.status == .notDetermined && !fresh.record.alwaysRequestSpent && fresh.accuracy == .fullAccuracy)
        _ = fresh.handle(.appLaunched)
        _ = fresh.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
        #expect(Rig.prompts(fresh.handle(.appRequestedAlwaysAuthorization(Rig.manager))).count == 1)
    }
}
