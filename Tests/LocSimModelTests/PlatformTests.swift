import Testing

import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section P: platform-specific behavior.
@Suite("P: Platforms")
struct PlatformTests {
    /// Starts standard updates on manager #0; `deliverable` says whether they can be delivered now.
    static func startUpdating(_ store: TestStore, deliverable: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
        store.send(.appStartedUpdatingLocation(Rig.manager), sourceLocation: sourceLocation) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.services.managers[0].wasDeliverable = deliverable
        }
    }

    @Test("P1: tvOS offers only When In Use and requestLocation")
    func tvOS() {
        let m = TestStore(Rig.model(Platform(.tvOS, 17), app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings)))
        m.send(.appRequestedAlwaysAuthorization(Rig.manager))
        m.receive([.console("requestAlwaysAuthorization() is unavailable on tvOS"), .requestIgnored(.always, reason: .unavailableOnPlatform)])
        m.send(.appStartedUpdatingLocation(Rig.manager))
        m.receive(.console("startUpdatingLocation() is unavailable on tvOS; use requestLocation()"))
        #expect(m.state.services.managers[0].updating == false)
        m.requestShowingInitialPrompt(.whenInUse)
        let prompt = m.state.prompts.onScreen?.prompt
        #expect(prompt?.buttons == [.dontAllow, .allow])
        #expect(prompt?.messageKey == PurposeKey.whenInUse.rawValue)
        m.answerPrompt(.allow, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        let here = Location(coordinate: Rig.here)
        m.send(.deviceMoved(here)) { $0.device.location = here }
        m.send(.appRequestedLocation(Rig.manager)) { $0.services.managers[0].lastDelivery = .zero }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([here])))
        m.finish()
        #expect(!m.state.settingsOptions.contains(.always))
        #expect(PurposeStringRules.requirement(for: .always, on: Platform(.tvOS, 17)).isAvailable == false)
    }

    @Test("P2: macOS reads NSLocationUsageDescription, reports granted apps as authorizedAlways, is always in use, and prompts on start")
    func macOS() {
        let macApp = AppDescription(name: "Trails", purposeStrings: [.usage: "USAGE (macOS): shows you on the map."])
        let m = TestStore(Rig.model(Platform(.macOS, 14), app: macApp))
        m.requestShowingInitialPrompt(.whenInUse)
        let prompt = m.state.prompts.onScreen?.prompt
        #expect(prompt?.title == "“Trails” would like to use your current location.")
        #expect(prompt?.message == "USAGE (macOS): shows you on the map.")
        #expect(prompt?.buttons == [.dontAllow, .allow])
        m.answerPrompt(.allow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        #expect(m.state.status.rawValue == 3 && m.state.status == .authorized)
        // Always in use: background updates keep coming with no session.
        Self.startUpdating(m)
        m.enterBackground()
        m.send(.clockAdvanced(to: .seconds(3600))) {
            $0.clock.now = .seconds(3600)
            $0.clock.timers = []
        }
        #expect(m.state.isInUse)
        m.send(.deviceMoved(Location(coordinate: Rig.there))) {
            $0.device.location = Rig.fix(Rig.there, at: .seconds(3600))
            $0.services.managers[0].lastDelivery = .seconds(3600)
        }
        m.receive(.delegate(Rig.manager, .didUpdateLocations([Rig.fix(Rig.there, at: .seconds(3600))])))
        m.finish()

        // requestAlways is the same prompt and the same result.
        let a = TestStore(Rig.model(Platform(.macOS, 14), app: macApp))
        a.requestShowingInitialPrompt(.always, spendsAlwaysRequest: false)
        #expect(a.state.prompts.onScreen?.prompt.messageKey == PurposeKey.usage.rawValue)
        a.answerPrompt(.allow, becomes: .always(provisional: false), reporting: .authorizedAlways)
        a.finish()
        #expect(a.state.status == .authorizedAlways)

        // Before 10.15 no request API exists, but starting a service prompts (macOSStartShowsPrompt).
        let old = TestStore(Rig.model(Platform(.macOS, 10, 14), app: macApp))
        old.ignoredRequest(.whenInUse, .unavailableOnPlatform)
        let initial = old.state.initialPrompt(for: .whenInUse)
        old.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
            $0.prompts.onScreen = PresentedPrompt(prompt: initial, shownAt: .zero, manager: Rig.manager)
        }
        old.receive([.promptShown(initial), .appWillResignActive])
        old.finish()
        #expect(initial.kind == .initial)
        var p = DeviceParameters()
        p.macOSStartShowsPrompt = false
        let quiet = TestStore(Rig.model(Platform(.macOS, 14), app: macApp, parameters: p))
        Self.startUpdating(quiet, deliverable: false)
        quiet.finish()
    }

    @Test("P3: visionOS treats requestAlways as When In Use and gives no background updates")
    func visionOS() {
        let m = TestStore(Rig.model(Platform(.visionOS, 2)))
        let prompt = m.state.initialPrompt(for: .whenInUse)
        m.send(.appRequestedAlwaysAuthorization(Rig.manager)) {
            $0.prompts.onScreen = PresentedPrompt(prompt: prompt, shownAt: .zero, manager: Rig.manager)
        }
        m.receive([.promptShown(prompt), .appWillResignActive])
        #expect(prompt.request == .whenInUse)
        #expect(prompt.messageKey == PurposeKey.whenInUse.rawValue)
        m.answerPrompt(.allowWhileUsing, becomes: .whenInUse(temporary: false), reporting: .authorizedWhenInUse)
        #expect(!m.state.isProvisional && !m.state.settingsOptions.contains(.always))
        // A full background session setup still gets nothing in the background.
        m.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        Self.startUpdating(m)
        m.enterBackground()
        m.send(.clockAdvanced(to: .seconds(60))) {
            $0.clock.now = .seconds(60)
            $0.clock.timers = []
            $0.services.managers[0].wasDeliverable = false
        }
        #expect(!m.state.backgroundSessionActive && !m.state.indicatorShowing && !m.state.isInUse)
        m.send(.deviceMoved(Location(coordinate: Rig.there))) { $0.device.location = Rig.fix(Rig.there, at: .seconds(60)) }
        m.finish()
        // A compatible iPhone app's location button does nothing.
        let compatible = TestStore(Rig.model(Platform(.visionOS, 2), app: AppDescription(name: "Trails", compatibleApp: true)))
        compatible.send(.userTappedLocationButton)
        compatible.finish()
    }

    @Test("P4: watchOS prompts on the watch from watchOS 4, never launches apps for location, and always shows the indicator")
    func watchOS() {
        let m = TestStore(Rig.model(Platform(.watchOS, 10)))
        m.requestShowingInitialPrompt(.whenInUse)
        m.finish()
        #expect(m.state.prompts.onScreen?.prompt.onPairedPhone == false)
        let old = TestStore(Rig.model(Platform(.watchOS, 3)))
        old.requestShowingInitialPrompt(.whenInUse)
        old.finish()
        #expect(old.state.prompts.onScreen?.prompt.onPairedPhone == true)

        // Always, yet never launched.
        let a = TestStore(Rig.model(Platform(.watchOS, 10)))
        a.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
        a.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
        a.send(.appStartedVisits(Rig.manager)) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
        }
        a.send(.appTerminated) {
            $0.lifecycle.state = .notRunning
            $0.services.managers = []
        }
        a.send(.deviceEnteredRegion("home")) { $0.services.insideRegions = ["home"] }
        a.send(.deviceVisited)
        a.finish()
        #expect(a.state.lifecycle.state == .notRunning)

        // Always with a session: the indicator shows although showsBackgroundLocationIndicator is false.
        let s = TestStore(Rig.model(Platform(.watchOS, 10)))
        s.changeSetting(.always, becomes: .always(provisional: false), reporting: .authorizedAlways)
        s.send(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true)) { $0.services.managers[0].allowsBackgroundLocationUpdates = true }
        Self.startUpdating(s)
        s.enterBackground()
        s.receive(.indicatorChanged(true))
        s.send(.appSetShowsBackgroundLocationIndicator(Rig.manager, false))
        s.finish()
        #expect(s.state.indicatorShowing)
    }

    @Test("P5: iOS 10 and earlier use NSLocationAlwaysUsageDescription for Always; apps deploying there ship all three keys")
    func iOS10Keys() {
        let m = TestStore(Rig.model(Platform(.iOS, 10)))
        m.requestShowingInitialPrompt(.always)
        m.finish()
        let always = m.state.prompts.onScreen?.prompt
        #expect(always?.messageKey == PurposeKey.always.rawValue)
        #expect(always?.message == Rig.purposeStrings[.always])
        #expect(always?.buttons == [.dontAllow, .allow])
        let w = TestStore(Rig.model(Platform(.iOS, 10)))
        w.requestShowingInitialPrompt(.whenInUse)
        w.finish()
        #expect(w.state.prompts.onScreen?.prompt.messageKey == PurposeKey.whenInUse.rawValue)

        #expect(PurposeStringRules.requiredKeys(for: .always, deployingTo: Platform(.iOS, 10)) == [.always, .alwaysAndWhenInUse, .whenInUse])
        #expect(PurposeStringRules.requiredKeys(for: .always, deployingTo: Platform(.iOS, 11)) == [.alwaysAndWhenInUse, .whenInUse])
        #expect(PurposeStringRules.requiredKeys(for: .whenInUse, deployingTo: Platform(.iOS, 10)) == [.whenInUse])
    }

    @Test("P2: a When-In-Use-only Mac app prompts from macOSWhenInUseKeySufficesFrom (default 27) and not before; a sandboxed app without the location entitlement gets no prompt")
    func macOSKeyByVersionAndSandbox() {
        let wiuOnly = AppDescription(name: "Trails", purposeStrings: [.whenInUse: "WIU: shows you on the map."])
        #expect(DeviceParameters().macOSWhenInUseKeySufficesFrom == 27)
        // macOS 27 (the controlled test): the prompt appears, with the When In Use string.
        var new = Rig.model(Platform(.macOS, 27), app: wiuOnly)
        let shown = Rig.prompts(new.handle(.appRequestedWhenInUseAuthorization(Rig.manager)))
        #expect(shown.count == 1 && shown.first?.message == "WIU: shows you on the map.")
        #expect(shown.first?.messageKey == PurposeKey.whenInUse.rawValue)
        // macOS 14 (Apple's page: NSLocationUsageDescription required): nothing.
        var old = Rig.model(Platform(.macOS, 14), app: wiuOnly)
        #expect(old.handle(.appRequestedWhenInUseAuthorization(Rig.manager)).contains(.requestIgnored(.whenInUse, reason: .missingPurposeString)))
        #expect(old.prompts.onScreen == nil && old.status == .notDetermined)
        // The parameter moves the version: from 14, macOS 14 prompts; from 99, macOS 27 does not.
        var p = DeviceParameters()
        p.macOSWhenInUseKeySufficesFrom = 14
        var moved = Rig.model(Platform(.macOS, 14), app: wiuOnly, parameters: p)
        #expect(Rig.prompts(moved.handle(.appRequestedAlwaysAuthorization(Rig.manager))).count == 1)
        p.macOSWhenInUseKeySufficesFrom = 99
        var never = Rig.model(Platform(.macOS, 27), app: wiuOnly, parameters: p)
        #expect(never.handle(.appRequestedWhenInUseAuthorization(Rig.manager)).contains(.requestIgnored(.whenInUse, reason: .missingPurposeString)))
        // iOS is not affected.
        var iOS = Rig.model(Platform(.iOS, 27), app: AppDescription(purposeStrings: [.usage: "u"]))
        #expect(iOS.handle(.appRequestedWhenInUseAuthorization(Rig.manager)).contains(.requestIgnored(.whenInUse, reason: .missingPurposeString)))

        // Sandboxed without com.apple.security.personal-information.location: no prompt, no change,
        // from a request or from a start; with the entitlement, the prompt.
        var sandboxed = AppDescription(name: "Trails", purposeStrings: [.usage: "USAGE"])
        sandboxed.appSandbox = true
        var blocked = Rig.model(Platform(.macOS, 14), app: sandboxed)
        #expect(blocked.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .missingLocationEntitlement)])
        #expect(blocked.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .missingLocationEntitlement)])
        #expect(Rig.prompts(blocked.handle(.appStartedUpdatingLocation(Rig.manager))).isEmpty)
        #expect(blocked.status == .notDetermined && blocked.prompts.onScreen == nil)
        #expect(IgnoredReason.missingLocationEntitlement.ruleIDs == ["P2"])
        sandboxed.locationEntitlement = true
        var entitled = Rig.model(Platform(.macOS, 14), app: sandboxed)
        #expect(Rig.prompts(entitled.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).count == 1)
        // The sandbox is a macOS matter.
        var iPhone = Rig.model(Platform(.iOS, 18), app: { var a = Rig.app; a.appSandbox = true; return a }())
        #expect(Rig.prompts(iPhone.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).count == 1)
    }
}
