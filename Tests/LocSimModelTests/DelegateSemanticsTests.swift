import Testing
import LocSimModel

/// SPEC section C: when Core Location calls the authorization callback, and when it does not.
/// C1 and C3 (the delegate methods and the run loop) are simulator tests in LocSimTests.
@Suite("C. Delegate callback semantics")
struct DelegateSemanticsTests {
    @Test("C2: creating a manager reports the current status, notDetermined included, in the foreground or the background")
    func creationCallback() {
        var m = AuthorizationModel(platform: Platform(.iOS, 18), app: distinctApp)
        _ = m.handle(.appLaunched)
        #expect(m.handle(.appCreatedManager(firstManager, hasDelegate: true)) == [authCallback(.notDetermined)])
        // A second manager gets its own creation callback; the first is not told again.
        #expect(m.handle(.appCreatedManager(ManagerID(1), hasDelegate: true)) == [authCallback(.notDetermined, manager: ManagerID(1))])

        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.appTerminated)
        _ = m.handle(.appLaunchedInBackground)
        #expect(m.handle(.appCreatedManager(firstManager, hasDelegate: true)) == [authCallback(.authorizedWhenInUse)])
    }

    @Test("C4: an answer that leaves the status as it was produces no callback")
    func onlyChangesAreReported() {
        var m = AuthorizationModel.launched()
        m.answerWhenInUse(.allowWhileUsing)
        let keep = m.answerAlways(.keepOnlyWhileUsing)
        #expect(keep == [.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive])
        #expect(m.status == .authorizedWhenInUse)

        var c = AuthorizationModel.launched()
        c.answerWhenInUse(.allowWhileUsing)
        #expect(c.answerAlways(.changeToAlwaysAllow)
                == [.promptDismissed(.alwaysUpgrade, answer: .changeToAlwaysAllow), .appDidBecomeActive, authCallback(.authorizedAlways)])
    }

    @Test("C5: requestWhenInUseAuthorization does nothing when status is not notDetermined")
    func whenInUseRequestAfterDetermination() {
        for answer in [PromptButton.allowWhileUsing, .allowOnce] {
            var m = AuthorizationModel.launched()
            m.answerWhenInUse(answer)
            #expect(m.handle(.appRequestedWhenInUseAuthorization(firstManager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])
        }
        var always = AuthorizationModel.launched()
        always.answerAlways(.allowWhileUsing)
        #expect(always.handle(.appRequestedWhenInUseAuthorization(firstManager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])
        var denied = AuthorizationModel.launched()
        denied.answerWhenInUse(.dontAllow)
        #expect(denied.handle(.appRequestedWhenInUseAuthorization(firstManager)) == [.requestIgnored(.whenInUse, reason: .denied)])
    }

    @Test("C6: Change to Always Allow on the second prompt makes Always permanent without a callback")
    func confirmationProducesNoCallback() {
        var m = AuthorizationModel.launched()
        m.answerAlways(.allowWhileUsing)
        #expect(m.isProvisional)
        _ = m.handle(.appStartedMonitoringRegion(firstManager, Region(name: "home")))
        _ = m.leaveUse()
        let entered = m.handle(.deviceEnteredRegion("home"))
        #expect(entered == [.promptShown(m.confirmationPrompt())])
        let fx = m.handle(.userChoseButton(.changeToAlwaysAllow, precise: nil))
        #expect(fx == [.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow), .delegate(firstManager, .didEnterRegion("home"))])
        #expect(!m.isProvisional)
        #expect(m.status == .authorizedAlways)
    }

    @Test("C7: a change of accuracy alone calls the authorization callback")
    func accuracyChangeCallsBack() {
        let app = AppDescription(name: "Trails", purposeStrings: distinctPurposeStrings, temporaryPurposeKeys: ["Nav": "Turn-by-turn directions."])
        var m = AuthorizationModel.launched(app: app)
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.userChangedPreciseLocation(false)) == [authCallback(.authorizedWhenInUse, .reducedAccuracy, changed: false)])
        _ = m.handle(.appRequestedTemporaryFullAccuracy(firstManager, purposeKey: "Nav"))
        #expect(m.handle(.userChoseButton(.allow, precise: nil))
                == [.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive,
                    .delegate(firstManager, .fullAccuracyCompletion(nil)),
                    authCallback(.authorizedWhenInUse, .fullAccuracy, changed: false)])
        // Temporary full accuracy expires when the app leaves use.
        #expect(m.leaveUse() == [authCallback(.authorizedWhenInUse, .reducedAccuracy, changed: false)])
        #expect(m.handle(.appEnteredForeground) == [])
        #expect(m.handle(.userChangedPreciseLocation(true)) == [authCallback(.authorizedWhenInUse, .fullAccuracy, changed: false)])
    }

    @Test("C8: Settings, the global switch, Reset, a prompt answer, the usage reminder and Allow Once expiry all call back")
    func eventsThatChangeStatus() {
        // A per-app change in Settings.
        var m = AuthorizationModel.launched()
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.userChangedSetting(.never)) == [authCallback(.denied)])
        #expect(m.handle(.userChangedSetting(.always)) == [authCallback(.authorizedAlways)])
        // The global switch.
        #expect(m.handle(.userSwitchedLocationServices(false)) == [authCallback(.denied)])
        #expect(m.handle(.userSwitchedLocationServices(true)) == [authCallback(.authorizedAlways)])
        // Reset Location & Privacy.
        #expect(m.handle(.userResetLocationAndPrivacy) == [authCallback(.notDetermined)])
        // A prompt answer that changes status.
        #expect(delegateCalls(m.answerWhenInUse(.allowOnce)) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        // Expiry of the temporary authorization when the app leaves use.
        #expect(m.leaveUse() == [authCallback(.notDetermined)])

        // The usage reminder, answered "Change to Only While Using".
        var parameters = DeviceParameters()
        parameters.usageReminderAfter = .seconds(3600)
        var r = AuthorizationModel.launched(app: AppDescription(name: "Trails", purposeStrings: distinctPurposeStrings, backgroundModes: ["location"]),
                                            parameters: parameters)
        r.answerWhenInUse(.allowWhileUsing)
        r.answerAlways(.changeToAlwaysAllow)
        _ = r.handle(.appSetAllowsBackgroundLocationUpdates(firstManager, true))
        _ = r.handle(.appStartedUpdatingLocation(firstManager))
        _ = r.leaveUse()
        _ = r.handle(.deviceMoved(Location(coordinate: Coordinate(latitude: 1, longitude: 1))))
        let reminder = r.handle(.clockAdvanced(to: r.clock.now + .seconds(3600)))
        #expect(promptsShown(reminder).map(\.kind) == [.usageReminder])
        #expect(r.handle(.userChoseButton(.changeToOnlyWhileUsing, precise: nil))
                == [.promptDismissed(.usageReminder, answer: .changeToOnlyWhileUsing), .indicatorChanged(true), authCallback(.authorizedWhenInUse)])
        // (The background session now runs on When In Use, so the indicator shows, I10.)
    }

    @Test("C9: a change made while the app is suspended is reported when it runs again, without waking it")
    func suspendedChangeDeliveredOnResume() {
        var m = AuthorizationModel.launched()
        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.appSuspended)
        #expect(m.handle(.userChangedSetting(.never)) == [])
        #expect(m.lifecycle.state == .suspended)
        #expect(m.handle(.userChangedSetting(.whileUsing)) == [])
        #expect(m.handle(.userChangedSetting(.never)) == [])
        // Only the net change since the last report, once, on resume.
        #expect(m.handle(.appEnteredForeground) == [authCallback(.denied)])
    }

    @Test("C10: locking the device dismisses the prompt unanswered by default; lockDismissesPrompt = false keeps it")
    func lockDismissesPrompt() {
        var m = AuthorizationModel.launched()
        _ = m.handle(.appRequestedWhenInUseAuthorization(firstManager))
        // The app goes to the background with the lock: it does not become active again.
        #expect(m.handle(.deviceLocked) == [.promptDismissed(.initial, answer: nil)])
        #expect(m.prompts.onScreen == nil)
        #expect(m.status == .notDetermined)
        #expect(m.handle(.deviceUnlocked) == [])
        #expect(m.prompts.onScreen == nil)
        #expect(m.lifecycle.state == .foreground)

        var parameters = DeviceParameters()
        parameters.lockDismissesPrompt = false
        var k = AuthorizationModel.launched(parameters: parameters)
        _ = k.handle(.appRequestedWhenInUseAuthorization(firstManager))
        #expect(k.handle(.deviceLocked) == [])
        #expect(k.prompts.onScreen?.prompt.kind == .initial)
        #expect(k.handle(.deviceUnlocked) == [])
        #expect(k.handle(.userChoseButton(.allowWhileUsing, precise: nil))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, authCallback(.authorizedWhenInUse)])
    }

    @Test("C11: the app resigns active while a prompt is up and becomes active when it goes, even without a callback")
    func resignAndBecomeActive() {
        var m = AuthorizationModel.launched()
        #expect(m.handle(.appRequestedWhenInUseAuthorization(firstManager)) == [.promptShown(m.initialPrompt(for: .whenInUse)), .appWillResignActive])
        #expect(m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, authCallback(.authorizedWhenInUse)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(firstManager)) == [.promptShown(m.upgradePrompt()), .appWillResignActive])
        // Keep Only While Using: the only sign of the answer is becoming active again.
        #expect(m.handle(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) == [.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive])
    }

    @Test("C12: a request that has no effect produces nothing the app can see")
    func ignoredRequestsAreSilent() {
        func isVisibleToApp(_ effect: Effect) -> Bool {
            switch effect {
            case .delegate, .promptShown, .promptDismissed, .appWillResignActive, .appDidBecomeActive: true
            default: false
            }
        }
        // Already asked.
        var asked = AuthorizationModel.launched()
        asked.answerWhenInUse(.allowWhileUsing)
        asked.answerAlways(.keepOnlyWhileUsing)
        // After Allow Once.
        var once = AuthorizationModel.launched()
        once.answerWhenInUse(.allowOnce)
        // Missing keys.
        let noKeys = AuthorizationModel.launched(app: AppDescription(name: "Trails", purposeStrings: [:]))
        // Not in use.
        var background = AuthorizationModel.launched()
        _ = background.leaveUse()

        let cases: [(AuthorizationModel, Event, IgnoredReason)] = [
            (asked, .appRequestedAlwaysAuthorization(firstManager), .alwaysAlreadyRequested),
            (asked, .appRequestedWhenInUseAuthorization(firstManager), .alreadyDetermined),
            (once, .appRequestedAlwaysAuthorization(firstManager), .temporaryAuthorization),
            (noKeys, .appRequestedWhenInUseAuthorization(firstManager), .missingPurposeString),
            (noKeys, .appRequestedAlwaysAuthorization(firstManager), .missingPurposeString),
            (background, .appRequestedWhenInUseAuthorization(firstManager), .notInUse),
            (background, .appRequestedAlwaysAuthorization(firstManager), .notInUse),
        ]
        for (model, event, reason) in cases {
            var m = model
            let before = m.status
            let fx = m.handle(event)
            #expect(!fx.contains(where: isVisibleToApp), "\(event): \(fx)")
            #expect(fx.last.map { if case .requestIgnored(_, reason) = $0 { true } else { false } } == true, "\(event): \(fx)")
            #expect(m.status == before)
            #expect(m.prompts.onScreen == nil)
        }
    }
}
