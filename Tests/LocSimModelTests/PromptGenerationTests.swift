import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section F: prompts, where their text comes from, and their buttons across OS versions.
@Suite("F. Prompts across OS versions")
struct PromptGenerationTests {
    @Test("F1: iOS 8 to 10 Always prompt has Don't Allow and Allow with NSLocationAlwaysUsageDescription")
    func alwaysPromptIOS8to10() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 10, 3)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.always)
            let prompt = store.state.prompts.onScreen?.prompt
            #expect(prompt?.buttons == [.dontAllow, .allow], "\(platform)")
            #expect(prompt?.messageKey == "NSLocationAlwaysUsageDescription")
            #expect(prompt?.message == Rig.purposeStrings[.always])
            #expect(prompt?.title == "Allow “Trails” to access your location even when you are not using the app?")
            store.answerPrompt(.allow, becomes: .always(provisional: false), reporting: .authorizedAlways)
            store.finish()
        }
        // The legacy key alone is what iOS 10 needs.
        let legacy = TestStore(Rig.model(Platform(.iOS, 10), app: AppDescription(name: "Trails", purposeStrings: [.always: "legacy"])))
        legacy.requestShowingInitialPrompt(.always)
        legacy.finish()
    }

    @Test("F2: iOS 11 and 12 Always prompt offers Only While Using the App, Always Allow, Don't Allow")
    func alwaysPromptIOS11to12() {
        for platform in [Platform(.iOS, 11), Platform(.iOS, 12, 4)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.always)
            let prompt = store.state.prompts.onScreen?.prompt
            #expect(prompt?.buttons.map(\.label) == ["Only While Using the App", "Always Allow", "Don’t Allow"], "\(platform)")
            #expect(prompt?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
            #expect(prompt?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
            store.answerPrompt(.alwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
            store.finish()

            let w = TestStore(Rig.model(platform))
            w.requestShowingInitialPrompt(.always)
            w.answerPrompt(.onlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
            w.finish()
        }
    }

    @Test("F3: iOS 11 and 12 transition prompt uses NSLocationAlwaysAndWhenInUseUsageDescription and offers Always or keeping When In Use")
    func transitionPromptIOS11to12() {
        let m = TestStore(Rig.model(Platform(.iOS, 11)))
        m.requestShowingInitialPrompt(.whenInUse)
        m.answerPrompt(.allow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        m.requestShowingUpgradePrompt()
        let prompt = m.state.prompts.onScreen?.prompt
        #expect(prompt?.kind == .alwaysUpgrade)
        #expect(prompt?.buttons == [.onlyWhileUsing, .alwaysAllow])
        #expect(prompt?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(prompt?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
        // No callback.
        m.answerPrompt(.onlyWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        m.finish()
        #expect(m.state.status == .authorizedWhenInUse)

        let a = TestStore(Rig.model(Platform(.iOS, 12)))
        a.requestShowingInitialPrompt(.whenInUse)
        a.answerPrompt(.allow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        a.requestShowingUpgradePrompt()
        a.answerPrompt(.alwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        a.finish()
    }

    @Test("F4: iOS 13+ initial prompt from either request is Allow While Using App, Allow Once, Don't Allow")
    func initialPromptIOS13plus() {
        for platform in [Platform(.iOS, 13), Platform(.iOS, 13, 4), Platform(.iOS, 14), Platform(.iOS, 18)] {
            for request in [AuthorizationRequestKind.whenInUse, .always] {
                let store = TestStore(Rig.model(platform))
                store.requestShowingInitialPrompt(request)
                store.finish()
                let prompt = store.state.prompts.onScreen?.prompt
                #expect(prompt?.kind == .initial)
                #expect(Set(prompt?.buttons.map(\.label) ?? []) == ["Allow While Using App", "Allow Once", "Don’t Allow"], "\(platform) \(request)")
                #expect(prompt?.title == "Allow “Trails” to use your location?")
            }
        }
    }

    @Test("F5: iOS 13+ upgrade and second prompts offer Keep Only While Using and Change to Always Allow with the Always and When In Use string")
    func upgradeAndSecondPromptIOS13plus() {
        let m = TestStore(Rig.model(Platform(.iOS, 14)))
        m.grantWhenInUse()
        m.requestShowingUpgradePrompt()
        m.finish()
        let upgrade = m.state.prompts.onScreen?.prompt
        #expect(upgrade?.buttons.map(\.label) == ["Keep Only While Using", "Change to Always Allow"])
        #expect(upgrade?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(upgrade?.message == Rig.purposeStrings[.alwaysAndWhenInUse])

        let p = TestStore(Rig.model(Platform(.iOS, 14)))
        p.grantProvisionalAlways()
        p.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
        p.leaveUse()
        let confirmation = p.state.confirmationPrompt()
        p.send(.deviceEnteredRegion("home")) {
            $0.services.insideRegions = ["home"]
            $0.prompts.heldEvents = [.regionEntered("home")]
            $0.prompts.onScreen = PresentedPrompt(prompt: confirmation, shownAt: $0.clock.now, manager: nil)
        }
        p.receive(.promptShown(confirmation))
        p.finish()
        let second = p.state.prompts.onScreen?.prompt
        #expect(second?.kind == .alwaysConfirmation)
        #expect(second?.buttons.map(\.label) == ["Keep Only While Using", "Change to Always Allow"])
        #expect(second?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(second?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
    }

    @Test("F6: the usage reminder (usageReminderAfter, off by default) offers Change to Only While Using and Always Allow")
    func usageReminder() {
        /// Permanent Always with a background session, out of use, that got two fixes in the
        /// background (at 11 s).
        func backgroundAlwaysApp(_ parameters: DeviceParameters) -> TestStore {
            let store = TestStore(Rig.model(app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"]),
                                            parameters: parameters))
            store.grantWhenInUse()
            store.requestShowingUpgradePrompt()
            store.answerPrompt(.changeToAlwaysAllow, becomes: .always(provisional: false), reporting: .authorizedAlways)
            store.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
            store.send(.appStartedUpdatingLocation(Rig.manager)) {
                $0.services.managers[0].updating = true
                $0.services.managers[0].updatingStartedInForeground = true
                $0.services.managers[0].wasDeliverable = true
            }
            store.leaveUse()
            let now = store.state.clock.now
            let first = Rig.fix(Coordinate(latitude: 1, longitude: 1), at: now)
            store.send(.deviceMoved(Location(coordinate: Coordinate(latitude: 1, longitude: 1)))) {
                $0.device.location = first
                $0.services.managers[0].lastDelivery = now
                // Background uses count only while a reminder may come.
                if let after = parameters.usageReminderAfter {
                    $0.usageReminder.backgroundUseCount = 1
                    $0.usageReminder.firstBackgroundUseAt = now
                    $0.clock.timers = [ScheduledTimer(at: now + after, kind: .usageReminder)]
                }
            }
            store.receive(.delegate(Rig.manager, .didUpdateLocations([first])))
            let second = Rig.fix(Coordinate(latitude: 1.1, longitude: 1), at: now)
            store.send(.deviceMoved(Location(coordinate: Coordinate(latitude: 1.1, longitude: 1)))) {
                $0.device.location = second
                if parameters.usageReminderAfter != nil { $0.usageReminder.backgroundUseCount = 2 }
            }
            store.receive(.delegate(Rig.manager, .didUpdateLocations([second])))
            return store
        }
        // Default: never shown.
        #expect(DeviceParameters().usageReminderAfter == nil)
        let quiet = backgroundAlwaysApp(DeviceParameters())
        quiet.send(.clockAdvanced(to: .seconds(30 * 86_400))) { $0.clock.now = .seconds(30 * 86_400) }
        quiet.finish()

        var parameters = DeviceParameters()
        parameters.usageReminderAfter = .seconds(3 * 86_400)
        let m = backgroundAlwaysApp(parameters)
        let shownAt = m.state.clock.now + .seconds(3 * 86_400)
        let reminder = Prompt(kind: .usageReminder, request: .always,
                              title: "“Trails” has used your location 2 times in the background over the past 3 days. Do you want to continue to allow background location use?",
                              message: Rig.purposeStrings[.alwaysAndWhenInUse]!, buttons: [.changeToOnlyWhileUsing, .alwaysAllow],
                              messageKey: "NSLocationAlwaysAndWhenInUseUsageDescription")
        m.send(.clockAdvanced(to: shownAt)) {
            $0.clock.now = shownAt
            $0.clock.timers = []
            $0.usageReminder.shown = true
            $0.prompts.onScreen = PresentedPrompt(prompt: reminder, shownAt: shownAt, manager: nil)
        }
        m.receive(.promptShown(reminder))
        #expect(reminder.buttons.map(\.label) == ["Change to Only While Using", "Always Allow"])
        let keep = TestStore(m.state)
        keep.send(.userChoseButton(.alwaysAllow, precise: nil)) { $0.prompts.onScreen = nil }
        keep.receive(.promptDismissed(.usageReminder, answer: .alwaysAllow))
        keep.finish()
        #expect(keep.state.status == .authorizedAlways)
        m.send(.userChoseButton(.changeToOnlyWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        m.receive([.promptDismissed(.usageReminder, answer: .changeToOnlyWhileUsing), .indicatorChanged(true), Rig.auth(.authorizedWhenInUse)])
        m.finish()
    }

    @Test("F7: iOS 14+ initial prompt has a Precise toggle, on unless NSLocationDefaultAccuracyReduced")
    func preciseToggle() {
        let m = TestStore(Rig.model(Platform(.iOS, 14)))
        m.requestShowingInitialPrompt(.whenInUse)
        #expect(m.state.prompts.onScreen?.prompt.preciseToggle == true)
        m.send(.userChoseButton(.allowWhileUsing, precise: false)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .whenInUse(temporary: false)
            $0.record.precise = false
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
            $0.services.managers[0].reportedAccuracy = .reducedAccuracy
        }
        m.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse, .reducedAccuracy)])
        m.finish()
        #expect(m.state.accuracy == .reducedAccuracy)

        let reduced = TestStore(Rig.model(Platform(.iOS, 18), app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, defaultAccuracyReduced: true)))
        reduced.requestShowingInitialPrompt(.always)
        #expect(reduced.state.prompts.onScreen?.prompt.preciseToggle == false)
        reduced.send(.userChoseButton(.allowWhileUsing, precise: nil)) {
            $0.prompts.onScreen = nil
            $0.record.authorization = .always(provisional: true)
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        reduced.receive([.promptDismissed(.initial, answer: .allowWhileUsing), .appDidBecomeActive, Rig.auth(.authorizedAlways, .reducedAccuracy)])
        reduced.finish()

        let ios13 = TestStore(Rig.model(Platform(.iOS, 13, 4)))
        ios13.requestShowingInitialPrompt(.whenInUse)
        #expect(ios13.state.prompts.onScreen?.prompt.preciseToggle == nil)
        ios13.send(.userChoseButton(.allowWhileUsing, precise: false))
        ios13.receive(.rejected("the initial prompt has no Precise toggle"))
        ios13.finish()
    }

    @Test("F8: a request made in the background shows no prompt")
    func noPromptInBackground() {
        for request in [AuthorizationRequestKind.whenInUse, .always] {
            let store = TestStore(Rig.model())
            store.enterBackground()
            store.ignoredRequest(request, .notInForeground)
            store.finish()
            let launchedInBackground = TestStore(AuthorizationModel(platform: Platform(.iOS, 18), app: Rig.app))
            launchedInBackground.send(.appLaunchedInBackground) { $0.lifecycle.state = .background }
            launchedInBackground.createManager(reporting: .notDetermined)
            launchedInBackground.ignoredRequest(request, .notInUse)
            launchedInBackground.finish()
        }
    }

    @Test("F9: from watchOS 4 prompts appear on the watch; before, on the paired iPhone")
    func watchPromptsLocation() {
        let old = TestStore(Rig.model(Platform(.watchOS, 3)))
        old.requestShowingInitialPrompt(.whenInUse)
        old.finish()
        #expect(old.state.prompts.onScreen?.prompt.onPairedPhone == true)
        for platform in [Platform(.watchOS, 4), Platform(.watchOS, 10)] {
            let store = TestStore(Rig.model(platform))
            store.requestShowingInitialPrompt(.whenInUse)
            store.finish()
            #expect(store.state.prompts.onScreen?.prompt.onPairedPhone == false, "\(platform)")
        }
    }
}
