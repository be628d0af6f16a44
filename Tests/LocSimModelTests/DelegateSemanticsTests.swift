import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section C: when Core Location calls the authorization callback, and when it does not.
/// C1 and C3 (the delegate methods and the run loop) are simulator tests in LocSimTests.
@Suite("C. Delegate callback semantics")
struct DelegateSemanticsTests {
    @Test("C2: creating a manager reports the current status, notDetermined included, in the foreground or the background")
    func creationCallback() {
        let store = TestStore(AuthorizationModel(platform: Platform(.iOS, 18), app: Rig.app))
        store.send(.appLaunched) { $0.lifecycle.state = .foreground }
        store.createManager(reporting: .notDetermined)
        // A second manager gets its own creation callback; the first is not told again.
        store.createManager(ManagerID(1), reporting: .notDetermined)

        store.requestShowingInitialPrompt(.whenInUse)
        store.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[1].reportedStatus = .authorizedWhenInUse
        }
        store.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive,
                       Rig.auth(.authorizedWhenInUse), Rig.auth(.authorizedWhenInUse, manager: ManagerID(1))])
        store.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        store.send(.appLaunchedInBackground) { $0.lifecycle.state = .background }
        store.createManager(reporting: .authorizedWhenInUse)
        store.finish()
    }

    @Test("C4: an answer that leaves the status as it was produces no callback")
    func onlyChangesAreReported() {
        let keep = TestStore(Rig.model())
        keep.grantWhenInUse()
        keep.requestShowingUpgradePrompt()
        keep.send(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) { $0.prompts.onScreen = nil }
        keep.receive([.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive])
        keep.finish()
        #expect(keep.state.status == .authorizedWhenInUse)

        let change = TestStore(Rig.model())
        change.grantWhenInUse()
        change.requestShowingUpgradePrompt()
        change.send(.userChoseButton(.changeToAlwaysAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .always(provisional: false)
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        change.receive([.promptDismissed(.alwaysUpgrade, answer: .changeToAlwaysAllow), .appDidBecomeActive, Rig.auth(.authorizedAlways)])
        change.finish()
    }

    @Test("C5: requestWhenInUseAuthorization does nothing when status is not notDetermined")
    func whenInUseRequestAfterDetermination() {
        for (answer, stored) in [(PromptButton.allowWhileUsing, StoredAuthorization.whenInUse(temporary: false)), (.allowOnce, .whenInUse(temporary: true))] {
            let store = TestStore(Rig.model())
            store.requestShowingInitialPrompt(.whenInUse)
            store.answerPrompt(answer, becomes: stored, reporting: .authorizedWhenInUse)
            store.ignoredRequest(.whenInUse, .alreadyDetermined)
            store.finish()
        }
        let always = TestStore(Rig.model())
        always.requestShowingInitialPrompt(.always)
        always.answerPrompt(.allowWhileUsing, becomes: .always(provisional: true), reporting: .authorizedAlways)
        always.ignoredRequest(.whenInUse, .alreadyDetermined)
        always.finish()
        let denied = TestStore(Rig.model())
        denied.requestShowingInitialPrompt(.whenInUse)
        denied.answerPrompt(.dontAllow, becomes: .denied, reporting: .denied)
        denied.ignoredRequest(.whenInUse, .denied)
        denied.finish()
    }

    @Test("C6: Change to Always Allow on the second prompt makes Always permanent without a callback")
    func confirmationProducesNoCallback() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.always)
        store.answerPrompt(.allowWhileUsing, becomes: .always(provisional: true), reporting: .authorizedAlways)
        #expect(store.state.isProvisional)
        store.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) {
            $0.services.monitoredRegions = [Region(name: "home")]
        }
        store.leaveUse()
        let confirmation = store.state.confirmationPrompt()
        store.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: $0.clock.now, manager: nil)
            $0.prompts.heldEvents = [.regionEntered("home")]
        }
        store.receive(.promptShown(confirmation))
        store.send(.userChoseButton(.changeToAlwaysAllow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.prompts.heldEvents = []
            $0.record.authorization = .always(provisional: false)
        }
        store.receive([.promptDismissed(.alwaysConfirmation, answer: .changeToAlwaysAllow), .delegate(Rig.manager, .didEnterRegion("home"))])
        store.finish()
        #expect(!store.state.isProvisional)
        #expect(store.state.status == .authorizedAlways)
    }

    @Test("C7: a change of accuracy alone calls the authorization callback")
    func accuracyChangeCallsBack() {
        let app = AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, temporaryPurposeKeys: ["Nav": "Turn-by-turn directions."])
        let store = TestStore(Rig.model(app: app))
        store.grantWhenInUse()
        store.send(.userChangedPreciseLocation(false)) {
            $0.record.precise = false
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
        }
        store.receive(Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false))
        let prompt = Prompt(kind: .fullAccuracy, request: .temporaryFullAccuracy, title: "“Trails” would like to use your precise location",
                            message: "Turn-by-turn directions.", buttons: [.allow, .dontAllow], messageKey: "Nav")
        store.send(.appRequestedTemporaryFullAccuracy(Rig.manager, purposeKey: "Nav")) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: $0.clock.now, manager: Rig.manager)
        }
        store.receive([.promptShown(prompt), .appWillResignActive])
        store.send(.userChoseButton(.allow, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.temporaryFullAccuracy = true
            $0.services.managers[0].reportedAccuracy = .fullAccuracy
        }
        store.receive([.promptDismissed(.fullAccuracy, answer: .allow), .appDidBecomeActive,
                       .delegate(Rig.manager, .fullAccuracyCompletion(nil)),
                       Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false)])
        // Temporary full accuracy expires when the app leaves use.
        store.leaveUse {
            $0.record.temporaryFullAccuracy = false
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
        }
        store.receive(Rig.auth(.authorizedWhenInUse, .reducedAccuracy, changed: false))
        store.returnToForeground()
        store.send(.userChangedPreciseLocation(true)) {
            $0.record.precise = true
            $0.services.managers[0].reportedAccuracy = .fullAccuracy
        }
        store.receive(Rig.auth(.authorizedWhenInUse, .fullAccuracy, changed: false))
        store.finish()
    }

    @Test("C8: Settings, the global switch, Reset, a prompt answer, the usage reminder and Allow Once expiry all call back")
    func eventsThatChangeStatus() {
        // A per-app change in Settings.
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.changeSetting(.never, becomes: .denied, reporting: .denied)
        store.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
        // The global switch.
        store.send(.userSwitchedLocationServices(false)) {
            $0.device.locationServicesEnabled = false
            $0.services.managers[0].reportedStatus = .denied
        }
        store.receive(Rig.auth(.denied))
        store.send(.userSwitchedLocationServices(true)) {
            $0.device.locationServicesEnabled = true
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        store.receive(Rig.auth(.authorizedAlways))
        // Reset Location & Privacy.
        store.send(.userResetLocationAndPrivacy) {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        store.receive(Rig.auth(.notDetermined))
        // A prompt answer that changes status.
        store.requestShowingInitialPrompt(.whenInUse)
        store.answerPrompt(.allowOnce, becomes: .whenInUse(temporary: true), reporting: .authorizedWhenInUse)
        // Expiry of the temporary authorization when the app leaves use.
        store.leaveUse {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        store.receive(Rig.auth(.notDetermined))
        store.finish()

        // The usage reminder, answered "Change to Only While Using".
        var parameters = DeviceParameters()
        parameters.usageReminderAfter = .seconds(3600)
        let r = TestStore(Rig.model(app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"]),
                                    parameters: parameters))
        r.grantWhenInUse()
        r.requestShowingUpgradePrompt()
        r.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        r.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        r.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = true
        }
        r.leaveUse()
        // The fix is stamped with the device's time; delivering it in the background is a
        // background use, the first, which starts the reminder's hour.
        let now = r.state.clock.now
        let fix = Rig.fix(Coordinate(latitude: 1, longitude: 1), at: now)
        r.send(.deviceMoved(Location(coordinate: Coordinate(latitude: 1, longitude: 1)))) {
            $0.device.location = fix
            $0.services.managers[0].lastDelivery = now
            $0.usageReminder.backgroundUseCount = 1
            $0.usageReminder.firstBackgroundUseAt = now
            $0.clock.timers = [ScheduledTimer(at: now + .seconds(3600), kind: .usageReminder)]
        }
        r.receive(.delegate(Rig.manager, .didUpdateLocations([fix])))
        let reminder = Prompt(kind: .usageReminder, request: .always,
                              title: "“Trails” has used your location 1 time in the background over the past 1 day. Do you want to continue to allow background location use?",
                              message: Rig.purposeStrings[.alwaysAndWhenInUse]!, buttons: [.changeToOnlyWhileUsing, .alwaysAllow],
                              messageKey: PurposeKey.alwaysAndWhenInUse.rawValue)
        r.send(.clockAdvanced(to: now + .seconds(3600))) {
            $0.clock.now = now + .seconds(3600)
            $0.clock.timers = []
            $0.usageReminder.shown = true
            $0.prompts.onScreen = PresentedPrompt(prompt: reminder, shownAt: now + .seconds(3600), manager: nil)
        }
        r.receive(.promptShown(reminder))
        r.send(.userChoseButton(.changeToOnlyWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        r.receive([.promptDismissed(.usageReminder, answer: .changeToOnlyWhileUsing), .indicatorChanged(true), Rig.auth(.authorizedWhenInUse)])
        r.finish()
        // (The background session now runs on When In Use, so the indicator shows, I10.)
    }

    @Test("C9: a change made while the app is suspended is reported when it runs again, without waking it")
    func suspendedChangeDeliveredOnResume() {
        let store = TestStore(Rig.model())
        store.grantWhenInUse()
        store.send(.appEnteredBackground) {
            $0.lifecycle.state = .background
            $0.lifecycle.graceEndsAt = .seconds(10)
            $0.clock.timers = [ScheduledTimer(at: .seconds(10), kind: .graceEnds)]
        }
        store.send(.appSuspended) {
            $0.lifecycle.state = .suspended
            $0.lifecycle.graceEndsAt = nil
        }
        store.send(.userChangedSetting(.never)) { $0.record.authorization = .denied }
        #expect(store.state.lifecycle.state == .suspended)
        store.send(.userChangedSetting(.whileUsing)) { $0.record.authorization = .whenInUse(temporary: false) }
        store.send(.userChangedSetting(.never)) { $0.record.authorization = .denied }
        // Only the net change since the last report, once, on resume.
        // (Suspension cleared the grace period's end but left its timer, which returning removes.)
        store.send(.appEnteredForeground) {
            $0.lifecycle.state = .foreground
            $0.clock.timers = []
            $0.services.managers[0].reportedStatus = .denied
        }
        store.receive(Rig.auth(.denied))
        store.finish()
    }

    @Test("C10: locking the device dismisses the prompt unanswered by default; lockDismissesPrompt = false keeps it")
    func lockDismissesPrompt() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        // The app goes to the background with the lock: it does not become active again.
        store.lockInForeground { $0.prompts.onScreen = nil }
        store.receive(.promptDismissed(.initial, answer: nil))
        #expect(store.state.status == .notDetermined)
        store.send(.deviceUnlocked) {
            $0.device.locked = false
            $0.lifecycle.foregroundBeforeLock = false
            $0.lifecycle.state = .foreground
            $0.lifecycle.graceEndsAt = nil
            $0.clock.timers = []
        }
        store.finish()
        #expect(store.state.prompts.onScreen == nil)

        var parameters = DeviceParameters()
        parameters.lockDismissesPrompt = false
        let keep = TestStore(Rig.model(parameters: parameters))
        keep.requestShowingInitialPrompt(.whenInUse)
        keep.lockInForeground()
        #expect(keep.state.prompts.onScreen?.prompt.kind == .initial)
        keep.send(.deviceUnlocked) {
            $0.device.locked = false
            $0.lifecycle.foregroundBeforeLock = false
            $0.lifecycle.state = .foreground
            $0.lifecycle.graceEndsAt = nil
            $0.clock.timers = []
        }
        keep.answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        keep.finish()
    }

    @Test("C11: the app resigns active while a prompt is up and becomes active when it goes, even without a callback")
    func resignAndBecomeActive() {
        let store = TestStore(Rig.model())
        store.requestShowingInitialPrompt(.whenInUse)
        store.answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        store.requestShowingUpgradePrompt()
        // Keep Only While Using: the only sign of the answer is becoming active again.
        store.send(.userChoseButton(.keepOnlyWhileUsing, precise: nil)) { $0.prompts.onScreen = nil }
        store.receive([.promptDismissed(.alwaysUpgrade, answer: .keepOnlyWhileUsing), .appDidBecomeActive])
        store.finish()
    }

    /// C12 compares seven ignored requests made from four starting points; each starting point is
    /// reached and each request made through a store, so "nothing the app can see" is stated
    /// exactly: no change, and no effect but the reason (and a console line).
    @Test("C12: a request that has no effect produces nothing the app can see")
    func ignoredRequestsAreSilent() {
        func isVisibleToApp(_ effect: Effect) -> Bool {
            switch effect {
            case .delegate, .promptShown, .promptDismissed, .appWillResignActive, .appDidBecomeActive: true
            default: false
            }
        }
        // Already asked.
        let askedStore = TestStore(Rig.model())
        askedStore.grantWhenInUse()
        askedStore.requestShowingUpgradePrompt()
        askedStore.answerPrompt(.keepOnlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        askedStore.finish()
        let asked = askedStore.state
        // After Allow Once.
        let onceStore = TestStore(Rig.model())
        onceStore.grantAllowOnce()
        onceStore.finish()
        let once = onceStore.state
        // Missing keys.
        let noKeys = Rig.model(app: AppDescription(name: "Trails", purposeStrings: [:]))
        // Not in use.
        let backgroundStore = TestStore(Rig.model())
        backgroundStore.leaveUse()
        backgroundStore.finish()
        let background = backgroundStore.state

        let cases: [(AuthorizationModel, Event, IgnoredReason, String?)] = [
            (asked, .appRequestedAlwaysAuthorization(Rig.manager), .alwaysAlreadyRequested, nil),
            (asked, .appRequestedWhenInUseAuthorization(Rig.manager), .alreadyDetermined, nil),
            (once, .appRequestedAlwaysAuthorization(Rig.manager), .temporaryAuthorization, nil),
            (noKeys, .appRequestedWhenInUseAuthorization(Rig.manager), .missingPurposeString, Rig.missingWhenInUseKeyMessage),
            (noKeys, .appRequestedAlwaysAuthorization(Rig.manager), .missingPurposeString, Rig.missingAlwaysKeysMessage),
            (background, .appRequestedWhenInUseAuthorization(Rig.manager), .notInUse, nil),
            (background, .appRequestedAlwaysAuthorization(Rig.manager), .notInUse, nil),
        ]
        for (model, event, reason, console) in cases {
            let store = TestStore(model)
            let before = store.state.status
            store.send(event)
            #expect(!store.unreceivedEffects.contains(where: isVisibleToApp), "\(event): \(store.unreceivedEffects)")
            if let console { store.receive(.console(console)) }
            let kind: AuthorizationRequestKind = if case .appRequestedAlwaysAuthorization = event { .always } else { .whenInUse }
            store.receive(.requestIgnored(kind, reason: reason))
            store.finish()
            #expect(store.state.status == before)
            #expect(store.state.prompts.onScreen == nil)
        }
    }
}
