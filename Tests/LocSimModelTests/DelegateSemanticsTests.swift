import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section C: when Core Location calls the authorization callback, and when it does not.
/// C1 and C3 (the delegate methods and the run loop) are simulator tests in LocSimTests.
@Suite("C. Delegate callback semantics")
struct DelegateSemanticsTests {
    @Test("C2: creating a manager reports the current status, notDetermined included, in the foreground or the background")
    func creationCallback() {
        var m = AuthorizationModel(platform: Platform(.iOS, 18), app: Rig.app)
        _ = m.handle(.appLaunched)
        #expect(m.handle(.appCreatedManager(Rig.manager, hasDelegate: true)) == [Rig.auth(.notDetermined)])
        // A second manager gets its own creation callback; the first is not told again.
        #expect(m.handle(.appCreatedManager(ManagerID(1), hasDelegate: true)) == [Rig.auth(.notDetermined, manager: ManagerID(1))])

        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.appTerminated)
        _ = m.handle(.appLaunchedInBackground)
        #expect(m.handle(.appCreatedManager(Rig.manager, hasDelegate: true)) == [Rig.auth(.authorizedWhenInUse)])
    }

    @Test("C4: an answer that leaves the status as it was produces no callback")
    func onlyChangesAreReported() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        let keep = m.answerAlways(.keepOnlyWhileUsing)
        #expect(keep == [.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive])
        #expect(m.status == .authorizedWhenInUse)

        var c = Rig.model()
        c.answerWhenInUse(.allowWhileUsing)
        #expect(c.answerAlways(.changeToAlwaysAllow)
                == [.promptDismissed(.alwaysUpgrade, answer: .changeToAlwaysAllow), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
    }

    @Test("C5: requestWhenInUseAuthorization does nothing when status is not notDetermined")
    func whenInUseRequestAfterDetermination() {
        for answer in [PromptButton.allowWhileUsing, .allowOnce] {
            var m = Rig.model()
            m.answerWhenInUse(answer)
            #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])
        }
        var always = Rig.model()
        always.answerAlways(.allowWhileUsing)
        #expect(always.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .alreadyDetermined)])
        var denied = Rig.model()
        denied.answerWhenInUse(.dontAllow)
        #expect(denied.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .denied)])
    }

    @Test("C6: Change to Always Allow on the second prompt makes Always permanent without a callback")
    func confirmationProducesNoCallback() {
        var m = Rig.model()
        m.answerAlways(.allowWhileUsing)
        #expect(m.isProvisional)
        _ = m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = m.leaveUse()
        let entered = m.handle(.deviceEnteredRegion("home"))
        #expect(entered == [.promptShown(m.confirmationPrompt())])
        let fx = m.handle(.userChoseButton(.changeToAlwaysAllow, precise: nil))
        #expect(fx == [.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow), .delegate(Rig.manager, .didEnterRegion("home"))])
        #expect(!m.isProvisional)
        #expect(m.status == .authorizedAlways)
    }

    @Test("C7: a change of accuracy alone calls the authorization callback")
    func accuracyChangeCallsBack() {
        let app = AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, temporaryPurposeKeys: ["Nav": "Turn-by-turn directions."])
        var m = Rig.model(app: app)
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.userChangedPreciseLocation(false)) == [Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false)])
        _ = m.handle(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Nav"))
        #expect(m.handle(.userChoseButton(.allow, precise: nil))
                == [.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive,
                    .delegate(Rig.manager, .fullAccuracyCompletion(nil)),
                    Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false)])
        // Temporary full accuracy expires when the app leaves use.
        #expect(m.leaveUse() == [Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false)])
        #expect(m.handle(.appEnteredForeground) == [])
        #expect(m.handle(.userChangedPreciseLocation(true)) == [Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false)])
    }

    @Test("C8: Settings, the global switch, Reset, a prompt answer, the usage reminder and Allow Once expiry all call back")
    func eventsThatChangeStatus() {
        // A per-app change in Settings.
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        #expect(m.handle(.userChangedSetting(.never)) == [Rig.auth(.denied)])
        #expect(m.handle(.userChangedSetting(.always)) == [Rig.auth(.authorizedAlways)])
        // The global switch.
        #expect(m.handle(.userSwitchedLocationServices(false)) == [Rig.auth(.denied)])
        #expect(m.handle(.userSwitchedLocationServices(true)) == [Rig.auth(.authorizedAlways)])
        // Reset Location & Privacy.
        #expect(m.handle(.userResetLocationAndPrivacy) == [Rig.auth(.notDetermined)])
        // A prompt answer that changes status.
        #expect(Rig.calls(m.answerWhenInUse(.allowOnce)) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        // Expiry of the temporary authorization when the app leaves use.
        #expect(m.leaveUse() == [Rig.auth(.notDetermined)])

        // The usage reminder, answered "Change to Only While Using".
        var parameters = DeviceParameters()
        parameters.usageReminderAfter = .seconds(3600)
        var r = Rig.model(app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"]),
                                            parameters: parameters)
        r.answerWhenInUse(.allowWhileUsing)
        r.answerAlways(.changeToAlwaysAllow)
        _ = r.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = r.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = r.leaveUse()
        _ = r.handle(.deviceMoved(Location(coordinate: Coordinate(latitude: 1, longitude: 1))))
        let reminder = r.handle(.clockAdvanced(to: r.clock.now + .seconds(3600)))
        #expect(Rig.prompts(reminder).map(\.kind) == [.usageReminder])
        #expect(r.handle(.userChoseButton(.changeToOnlyWhileUsing, precise: nil))
                == [.promptDismissed(.usageReminder, answer: .changeToOnlyWhileUsing), .indicatorChanged(true), Rig.auth(.authorizedWhenInUse)])
        // (The background session now runs on When In Use, so the indicator shows, I10.)
    }

    @Test("C9: a change made while the app is suspended is reported when it runs again, without waking it")
    func suspendedChangeDeliveredOnResume() {
        var m = Rig.model()
        m.answerWhenInUse(.allowWhileUsing)
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.appSuspended)
        #expect(m.handle(.userChangedSetting(.never)) == [])
        #expect(m.lifecycle.state == .suspended)
        #expect(m.handle(.userChangedSetting(.whileUsing)) == [])
        #expect(m.handle(.userChangedSetting(.never)) == [])
        // Only the net change since the last report, once, on resume.
        #expect(m.handle(.appEnteredForeground) == [Rig.auth(.denied)])
    }

    @Test("C10: locking the device dismisses the prompt unanswered by default; lockDismissesPrompt = false keeps it")
    func lockDismissesPrompt() {
        var m = Rig.model()
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        // The app goes to the background with the lock: it does not become active again.
        #expect(m.handle(.deviceLocked) == [.promptDismissed(.initial, answer: nil)])
        #expect(m.prompts.onScreen == nil)
        #expect(m.status == .notDetermined)
        #expect(m.handle(.deviceUnlocked) == [])
        #expect(m.prompts.onScreen == nil)
        #expect(m.lifecycle.state == .foreground)

        var parameters = DeviceParameters()
        parameters.lockDismissesPrompt = false
        var k = Rig.model(parameters: parameters)
        _ = k.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        #expect(k.handle(.deviceLocked) == [])
        #expect(k.prompts.onScreen?.prompt.kind == .initial)
        #expect(k.handle(.deviceUnlocked) == [])
        #expect(k.handle(.userChoseButton(.allowWhileUsing, precise: nil))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
    }

    @Test("C11: the app resigns active while a prompt is up and becomes active when it goes, even without a callback")
    func resignAndBecomeActive() {
        var m = Rig.model()
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.promptShown(m.initialPrompt(for: .whenInUse)), .appWillResignActive])
        #expect(m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
                == [.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.promptShown(m.upgradePrompt()), .appWillResignActive])
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
        var asked = Rig.model()
        asked.answerWhenInUse(.allowWhileUsing)
        asked.answerAlways(.keepOnlyWhileUsing)
        // After Allow Once.
        var once = Rig.model()
        once.answerWhenInUse(.allowOnce)
        // Missing keys.
        let noKeys = Rig.model(app: AppDescription(name: "Trails", purposeStrings: [:]))
        // Not in use.
        var background = Rig.model()
        _ = background.leaveUse()

        let cases: [(AuthorizationModel, Event, IgnoredReason)] = [
            (asked, .appRequestedAlwaysAuthorization(Rig.manager), .alwaysAlreadyRequested),
            (asked, .appRequestedWhenInUseAuthorization(Rig.manager), .alreadyDetermined),
            (once, .appRequestedAlwaysAuthorization(Rig.manager), .temporaryAuthorization),
            (noKeys, .appRequestedWhenInUseAuthorization(Rig.manager), .missingPurposeString),
            (noKeys, .appRequestedAlwaysAuthorization(Rig.manager), .missingPurposeString),
            (background, .appRequestedWhenInUseAuthorization(Rig.manager), .notInUse),
            (background, .appRequestedAlwaysAuthorization(Rig.manager), .notInUse),
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
