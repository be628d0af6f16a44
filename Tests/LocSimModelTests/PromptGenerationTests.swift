import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section F: prompts, where their text comes from, and their buttons across OS versions.
@Suite("F. Prompts across OS versions")
struct PromptGenerationTests {
    @Test("F1: iOS 8 to 10 Always prompt has Don't Allow and Allow with NSLocationAlwaysUsageDescription")
    func alwaysPromptIOS8to10() {
        for platform in [Platform(.iOS, 8), Platform(.iOS, 10, 3)] {
            var m = Rig.model(platform)
            let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
            #expect(prompt?.buttons == [.dontAllow, .allow], "\(platform)")
            #expect(prompt?.messageKey == "NSLocationAlwaysUsageDescription")
            #expect(prompt?.message == Rig.purposeStrings[.always])
            #expect(prompt?.title == "Allow “Trails” to access your location even when you are not using the app?")
            #expect(Rig.calls(m.handle(.userChoseButton(.allow, precise: nil))) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
            #expect(m.record.authorization == .always(provisional: false))
        }
        // The legacy key alone is what iOS 10 needs.
        var legacy = Rig.model(Platform(.iOS, 10), app: AppDescription(name: "Trails", purposeStrings: [.always: "legacy"]))
        #expect(Rig.prompts(legacy.handle(.appRequestedAlwaysAuthorization(Rig.manager))).count == 1)
    }

    @Test("F2: iOS 11 and 12 Always prompt offers Only While Using the App, Always Allow, Don't Allow")
    func alwaysPromptIOS11to12() {
        for platform in [Platform(.iOS, 11), Platform(.iOS, 12, 4)] {
            var m = Rig.model(platform)
            let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
            #expect(prompt?.buttons.map(\.label) == ["Only While Using the App", "Always Allow", "Don’t Allow"], "\(platform)")
            #expect(prompt?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
            #expect(prompt?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
            #expect(Rig.calls(m.handle(.userChoseButton(.alwaysAllow, precise: nil))) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
            #expect(m.record.authorization == .always(provisional: false))

            var w = Rig.model(platform)
            #expect(Rig.calls(w.answerAlways(.onlyWhileUsing)) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        }
    }

    @Test("F3: iOS 11 and 12 transition prompt uses NSLocationAlwaysAndWhenInUseUsageDescription and offers Always or keeping When In Use")
    func transitionPromptIOS11to12() {
        var m = Rig.model(Platform(.iOS, 11))
        m.answerWhenInUse(.allow)
        let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
        #expect(prompt?.kind == .alwaysUpgrade)
        #expect(prompt?.buttons == [.onlyWhileUsing, .alwaysAllow])
        #expect(prompt?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(prompt?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
        #expect(Rig.calls(m.handle(.userChoseButton(.onlyWhileUsing, precise: nil))) == [])
        #expect(m.status == .authorizedWhenInUse)

        var a = Rig.model(Platform(.iOS, 12))
        a.answerWhenInUse(.allow)
        #expect(Rig.calls(a.answerAlways(.alwaysAllow)) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
    }

    @Test("F4: iOS 13+ initial prompt from either request is Allow While Using App, Allow Once, Don't Allow")
    func initialPromptIOS13plus() {
        for platform in [Platform(.iOS, 13), Platform(.iOS, 13, 4), Platform(.iOS, 14), Platform(.iOS, 18)] {
            for request in [Event.appRequestedWhenInUseAuthorization(Rig.manager), .appRequestedAlwaysAuthorization(Rig.manager)] {
                var m = Rig.model(platform)
                let prompt = Rig.prompts(m.handle(request)).first
                #expect(prompt?.kind == .initial)
                #expect(Set(prompt?.buttons.map(\.label) ?? []) == ["Allow While Using App", "Allow Once", "Don’t Allow"], "\(platform) \(request)")
                #expect(prompt?.title == "Allow “Trails” to use your location?")
            }
        }
    }

    @Test("F5: iOS 13+ upgrade and second prompts offer Keep Only While Using and Change to Always Allow with the Always and When In Use string")
    func upgradeAndSecondPromptIOS13plus() {
        var m = Rig.model(Platform(.iOS, 14))
        m.answerWhenInUse(.allowWhileUsing)
        let upgrade = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
        #expect(upgrade?.buttons.map(\.label) == ["Keep Only While Using", "Change to Always Allow"])
        #expect(upgrade?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(upgrade?.message == Rig.purposeStrings[.alwaysAndWhenInUse])

        var p = Rig.model(Platform(.iOS, 14))
        p.answerAlways(.allowWhileUsing)
        _ = p.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = p.leaveUse()
        let second = Rig.prompts(p.handle(.deviceEnteredRegion("home"))).first
        #expect(second?.kind == .alwaysConfirmation)
        #expect(second?.buttons.map(\.label) == ["Keep Only While Using", "Change to Always Allow"])
        #expect(second?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(second?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
    }

    @Test("F6: the usage reminder (usageReminderAfter, off by default) offers Change to Only While Using and Always Allow")
    func usageReminder() {
        func backgroundAlwaysApp(_ parameters: DeviceParameters) -> AuthorizationModel {
            var m = Rig.model(app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, backgroundModes: ["location"]),
                                                parameters: parameters)
            m.answerWhenInUse(.allowWhileUsing)
            m.answerAlways(.changeToAlwaysAllow)
            _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
            _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
            _ = m.leaveUse()
            _ = m.handle(.deviceMoved(Location(coordinate: Coordinate(latitude: 1, longitude: 1))))
            _ = m.handle(.deviceMoved(Location(coordinate: Coordinate(latitude: 1.1, longitude: 1))))
            return m
        }
        // Default: never shown.
        #expect(DeviceParameters().usageReminderAfter == nil)
        var quiet = backgroundAlwaysApp(DeviceParameters())
        #expect(Rig.prompts(quiet.handle(.clockAdvanced(to: .seconds(30 * 86_400)))).isEmpty)

        var parameters = DeviceParameters()
        parameters.usageReminderAfter = .seconds(3 * 86_400)
        var m = backgroundAlwaysApp(parameters)
        let reminder = Rig.prompts(m.handle(.clockAdvanced(to: m.clock.now + .seconds(3 * 86_400)))).first
        #expect(reminder?.kind == .usageReminder)
        #expect(reminder?.buttons.map(\.label) == ["Change to Only While Using", "Always Allow"])
        #expect(reminder?.title == "“Trails” has used your location 2 times in the background over the past 3 days. Do you want to continue to allow background location use?")
        #expect(reminder?.messageKey == "NSLocationAlwaysAndWhenInUseUsageDescription")
        #expect(reminder?.message == Rig.purposeStrings[.alwaysAndWhenInUse])
        var keep = m
        #expect(Rig.calls(keep.handle(.userChoseButton(.alwaysAllow, precise: nil))) == [])
        #expect(keep.status == .authorizedAlways)
        #expect(Rig.calls(m.handle(.userChoseButton(.changeToOnlyWhileUsing, precise: nil))) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
    }

    @Test("F7: iOS 14+ initial prompt has a Precise toggle, on unless NSLocationDefaultAccuracyReduced")
    func preciseToggle() {
        var m = Rig.model(Platform(.iOS, 14))
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == true)
        #expect(m.handle(.userChoseButton(.allowWhileUsing, precise: false)).contains(Rig.auth(.authorizedWhenInUse, .reducedAccuracy)))
        #expect(m.accuracy == .reducedAccuracy)

        var reduced = Rig.model(Platform(.iOS, 18), app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings, defaultAccuracyReduced: true))
        #expect(Rig.prompts(reduced.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first?.preciseToggle == false)
        #expect(reduced.handle(.userChoseButton(.allowWhileUsing, precise: nil)).contains(Rig.auth(.authorizedAlways, .reducedAccuracy)))

        var ios13 = Rig.model(Platform(.iOS, 13, 4))
        #expect(Rig.prompts(ios13.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.preciseToggle == nil)
        #expect(ios13.handle(.userChoseButton(.allowWhileUsing, precise: false)).count == 1) // rejected: no toggle
    }

    @Test("F8: a request made in the background shows no prompt")
    func noPromptInBackground() {
        for request in [Event.appRequestedWhenInUseAuthorization(Rig.manager), .appRequestedAlwaysAuthorization(Rig.manager)] {
            var m = Rig.model()
            _ = m.handle(.appEnteredBackground)
            let fx = m.handle(request)
            #expect(Rig.prompts(fx).isEmpty)
            #expect(fx.count == 1)
            #expect(fx.first.map { if case .requestIgnored(_, .notInUse) = $0 { true } else { false } } == true)
            var launchedInBackground = AuthorizationModel(platform: Platform(.iOS, 18), app: Rig.app)
            _ = launchedInBackground.handle(.appLaunchedInBackground)
            _ = launchedInBackground.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
            #expect(Rig.prompts(launchedInBackground.handle(request)).isEmpty)
        }
    }

    @Test("F9: from watchOS 4 prompts appear on the watch; before, on the paired iPhone")
    func watchPromptsLocation() {
        var old = Rig.model(Platform(.watchOS, 3))
        #expect(Rig.prompts(old.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.onPairedPhone == true)
        for platform in [Platform(.watchOS, 4), Platform(.watchOS, 10)] {
            var m = Rig.model(platform)
            let prompt = Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first
            #expect(prompt?.onPairedPhone == false, "\(platform)")
        }
    }
}
