import Testing

import LocSimModel
import LocSimModelTestSupport

/// SPEC section P: platform-specific behavior.
@Suite("P: Platforms")
struct PlatformTests {
    @Test("P1: tvOS offers only When In Use and requestLocation")
    func tvOS() {
        var m = Rig.model(Platform(.tvOS, 17), app: AppDescription(name: "Trails", purposeStrings: Rig.purposeStrings))
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))
                == [.console("requestAlwaysAuthorization() is unavailable on tvOS"), .requestIgnored(.always, reason: .unavailableOnPlatform)])
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager)) == [.console("startUpdatingLocation() is unavailable on tvOS; use requestLocation()")])
        #expect(m.services.managers[0].updating == false)
        let prompt = Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first
        #expect(prompt?.buttons == [.dontAllow, .allow])
        #expect(prompt?.messageKey == PurposeKey.whenInUse.rawValue)
        #expect(Rig.calls(m.handle(.userChoseButton(.allow, precise: nil))) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        _ = m.handle(.deviceMoved(Location(coordinate: Rig.here)))
        #expect(m.handle(.appRequestedLocation(Rig.manager)) == [.delegate(Rig.manager, .didUpdateLocations([Location(coordinate: Rig.here)]))])
        #expect(!m.settingsOptions.contains(.always))
        #expect(PurposeStringRules.requirement(for: .always, on: Platform(.tvOS, 17)).isAvailable == false)
    }

    @Test("P2: macOS reads NSLocationUsageDescription, reports granted apps as authorizedAlways, is always in use, and prompts on start")
    func macOS() {
        let macApp = AppDescription(name: "Trails", purposeStrings: [.usage: "USAGE (macOS): shows you on the map."])
        var m = Rig.model(Platform(.macOS, 14), app: macApp)
        let prompt = Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first
        #expect(prompt?.title == "“Trails” would like to use your current location.")
        #expect(prompt?.message == "USAGE (macOS): shows you on the map.")
        #expect(prompt?.buttons == [.dontAllow, .allow])
        #expect(Rig.calls(m.handle(.userChoseButton(.allow, precise: nil))) == [.didChangeAuthorization(.authorizedAlways, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(m.status.rawValue == 3 && m.status == .authorized)
        // Always in use: background updates keep coming with no session.
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(3600)))
        #expect(m.isInUse)
        #expect(Rig.calls(m.handle(.deviceMoved(Location(coordinate: Rig.there)))).count == 1)

        // requestAlways is the same prompt and the same result.
        var a = Rig.model(Platform(.macOS, 14), app: macApp)
        #expect(Rig.prompts(a.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first?.messageKey == PurposeKey.usage.rawValue)
        _ = a.handle(.userChoseButton(.allow, precise: nil))
        #expect(a.status == .authorizedAlways)

        // Before 10.15 no request API exists, but starting a service prompts (macOSStartShowsPrompt).
        var old = Rig.model(Platform(.macOS, 10, 14), app: macApp)
        #expect(old.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .unavailableOnPlatform)])
        #expect(Rig.prompts(old.handle(.appStartedUpdatingLocation(Rig.manager))).map(\.kind) == [.initial])
        var p = DeviceParameters()
        p.macOSStartShowsPrompt = false
        var quiet = Rig.model(Platform(.macOS, 14), app: macApp, parameters: p)
        #expect(quiet.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
    }

    @Test("P3: visionOS treats requestAlways as When In Use and gives no background updates")
    func visionOS() {
        var m = Rig.model(Platform(.visionOS, 2))
        let prompt = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
        #expect(prompt?.request == .whenInUse)
        #expect(prompt?.messageKey == PurposeKey.whenInUse.rawValue)
        #expect(Rig.calls(m.handle(.userChoseButton(.allowWhileUsing, precise: nil))) == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(!m.isProvisional && !m.settingsOptions.contains(.always))
        // A full background session setup still gets nothing in the background.
        _ = m.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = m.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(m.handle(.appEnteredBackground) == [])
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        #expect(!m.backgroundSessionActive && !m.indicatorShowing && !m.isInUse)
        #expect(m.handle(.deviceMoved(Location(coordinate: Rig.there))) == [])
        // A compatible iPhone app's location button does nothing.
        var compatible = Rig.model(Platform(.visionOS, 2), app: AppDescription(name: "Trails", compatibleApp: true))
        #expect(compatible.handle(.userTappedLocationButton) == [])
    }

    @Test("P4: watchOS prompts on the watch from watchOS 4, never launches apps for location, and always shows the indicator")
    func watchOS() {
        var m = Rig.model(Platform(.watchOS, 10))
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.onPairedPhone == false)
        var old = Rig.model(Platform(.watchOS, 3))
        #expect(Rig.prompts(old.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.onPairedPhone == true)

        // Always, yet never launched.
        var a = Rig.model(Platform(.watchOS, 10))
        _ = a.handle(.userChangedSetting(.always))
        _ = a.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home")))
        _ = a.handle(.appStartedVisits(Rig.manager))
        _ = a.handle(.appTerminated)
        #expect(a.handle(.deviceEnteredRegion("home")) == [])
        #expect(a.handle(.deviceVisited) == [])
        #expect(a.lifecycle.state == .notRunning)

        // Always with a session: the indicator shows although showsBackgroundLocationIndicator is false.
        var s = Rig.model(Platform(.watchOS, 10))
        _ = s.handle(.userChangedSetting(.always))
        _ = s.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = s.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(s.handle(.appEnteredBackground) == [.indicatorChanged(true)])
        #expect(s.handle(.appSetShowsBackgroundLocationIndicator(Rig.manager, false)) == [])
        #expect(s.indicatorShowing)
    }

    @Test("P5: iOS 10 and earlier use NSLocationAlwaysUsageDescription for Always; apps deploying there ship all three keys")
    func iOS10Keys() {
        var m = Rig.model(Platform(.iOS, 10))
        let always = Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first
        #expect(always?.messageKey == PurposeKey.always.rawValue)
        #expect(always?.message == Rig.purposeStrings[.always])
        #expect(always?.buttons == [.dontAllow, .allow])
        var w = Rig.model(Platform(.iOS, 10))
        #expect(Rig.prompts(w.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.messageKey == PurposeKey.whenInUse.rawValue)

        #expect(PurposeStringRules.requiredKeys(for: .always, deployingTo: Platform(.iOS, 10)) == [.always, .alwaysAndWhenInUse, .whenInUse])
        #expect(PurposeStringRules.requiredKeys(for: .always, deployingTo: Platform(.iOS, 11)) == [.alwaysAndWhenInUse, .whenInUse])
        #expect(PurposeStringRules.requiredKeys(for: .whenInUse, deployingTo: Platform(.iOS, 10)) == [.whenInUse])
    }
}
