import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section M: global Location Services off, and restricted.
@Suite("M: Location Services off and restricted")
struct GlobalSwitchTests {
    @Test("M2: starting a service with Location Services off shows the Turn On Location Services dialog (showsLocationServicesOffDialog, once per launch)")
    func locationServicesOffDialog() {
        var m = Rig.model()
        _ = m.handle(.userSwitchedLocationServices(false))
        let dialog = Prompt(kind: .locationServicesOff, request: .whenInUse,
                            title: "Turn On Location Services to Allow “Trails” to Determine Your Location",
                            message: "", buttons: [.settings, .cancel])
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager))
                == [.promptShown(dialog), .appWillResignActive, .delegate(Rig.manager, .didFailWithError(.denied))])
        #expect(m.handle(.userChoseButton(.cancel, precise: nil)) == [.promptDismissed(.locationServicesOff, answer: .cancel), .appDidBecomeActive])
        // Once per launch…
        #expect(m.handle(.appRequestedLocation(Rig.manager)) == [.delegate(Rig.manager, .didFailWithError(.denied))])
        // …and again after a relaunch.
        _ = m.handle(.appTerminated)
        _ = m.handle(.appLaunched)
        _ = m.handle(.appCreatedManager(Rig.manager, hasDelegate: true))
        #expect(Rig.prompts(m.handle(.appStartedVisits(Rig.manager))) == [dialog])

        // A device that never shows it.
        var p = DeviceParameters()
        p.showsLocationServicesOffDialog = false
        var quiet = Rig.model(parameters: p)
        _ = quiet.handle(.userSwitchedLocationServices(false))
        #expect(quiet.handle(.appStartedUpdatingLocation(Rig.manager)) == [.delegate(Rig.manager, .didFailWithError(.denied))])
    }

    @Test("M3: with Location Services off a notDetermined app's requests show no prompt")
    func noPromptWhileOff() {
        var m = Rig.model()
        _ = m.handle(.userSwitchedLocationServices(false))
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .locationServicesOff)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .locationServicesOff)])
        #expect(m.prompts.onScreen == nil && m.record.authorization == .notDetermined && !m.record.alwaysRequestSpent)
        _ = m.handle(.userSwitchedLocationServices(true))
        #expect(Rig.prompts(m.handle(.appRequestedAlwaysAuthorization(Rig.manager))).map(\.kind) == [.initial])
    }

    @Test("M4: restricted apps' requests do nothing, Settings cannot change them, and services fail with kCLErrorDenied")
    func restricted() {
        var m = Rig.model()
        #expect(m.handle(.restrictionChanged(true)) == [Rig.auth(.restricted)])
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager)) == [.requestIgnored(.whenInUse, reason: .restricted)])
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .restricted)])
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager)) == [.delegate(Rig.manager, .didFailWithError(.denied))])
        #expect(m.handle(.appRequestedLocation(Rig.manager)) == [.delegate(Rig.manager, .didFailWithError(.denied))])
        #expect(m.handle(.userTappedLocationButton) == [])
        let settings = m.handle(.userChangedSetting(.always))
        #expect(settings.count == 1 && settings.allSatisfy { if case .rejected = $0 { true } else { false } })
        #expect(m.status == .restricted && m.record.authorization == .notDetermined)
        #expect(m.handle(.restrictionChanged(false)) == [Rig.auth(.notDetermined)])
    }
}
