import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section H: Allow Once (temporary When In Use).
@Suite("H: Allow Once")
struct AllowOnceTests {
    @Test("H1: Allow Once grants temporary authorizedWhenInUse and Settings shows Ask Next Time")
    func allowOnceGrantsTemporaryWhenInUse() {
        var m = Rig.model()
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        #expect(m.handle(.userChoseButton(.allowOnce, precise: nil))
                == [.promptDismissed(.initial, answer: .allowOnce), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        #expect(m.record.authorization == .whenInUse(temporary: true))
        #expect(m.status == .authorizedWhenInUse)
        #expect(m.settingsSelection == .askNextTime)

        // From requestAlways as well (E5).
        var a = Rig.model()
        _ = a.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        #expect(Rig.calls(a.handle(.userChoseButton(.allowOnce, precise: nil)))
                == [.didChangeAuthorization(.authorizedWhenInUse, accuracy: .fullAccuracy, statusChanged: true)])
        #expect(a.isTemporary && a.settingsSelection == .askNextTime)
    }

    @Test("H3: Allow Once lapses allowOnceLapse (default 0 s) after the grace period; brief switches keep it; relaunch ends it")
    func allowOnceLapse() {
        // Default: at the end of the 10 s grace period.
        var d = Rig.allowedOnce()
        _ = d.handle(.appEnteredBackground)
        #expect(d.handle(.clockAdvanced(to: .milliseconds(9_999))) == [])
        #expect(d.handle(.clockAdvanced(to: .seconds(10))) == [Rig.auth(.notDetermined)])

        // Five more minutes out of use.
        var p = DeviceParameters()
        p.allowOnceLapse = .seconds(300)
        var m = Rig.allowedOnce(p)
        _ = m.handle(.appEnteredBackground)
        #expect(m.handle(.clockAdvanced(to: .seconds(10))) == [])
        #expect(m.handle(.clockAdvanced(to: .milliseconds(309_999))) == [])
        #expect(m.status == .authorizedWhenInUse)
        #expect(m.handle(.clockAdvanced(to: .seconds(310))) == [Rig.auth(.notDetermined)])

        // A brief switch away and back keeps the grant; the lapse restarts on the next departure.
        var b = Rig.allowedOnce(p)
        _ = b.handle(.appEnteredBackground)
        _ = b.handle(.clockAdvanced(to: .seconds(200)))
        #expect(b.handle(.appEnteredForeground) == [])
        _ = b.handle(.appEnteredBackground)
        #expect(b.handle(.clockAdvanced(to: .seconds(200 + 309))) == [])
        #expect(b.handle(.clockAdvanced(to: .seconds(200 + 310))) == [Rig.auth(.notDetermined)])

        // Closing the app and relaunching it ends the grant, even within the lapse.
        var t = Rig.allowedOnce(p)
        _ = t.handle(.appTerminated)
        _ = t.handle(.clockAdvanced(to: .seconds(30)))
        _ = t.handle(.appLaunched)
        #expect(t.status == .notDetermined)
        #expect(t.handle(.appCreatedManager(Rig.manager, hasDelegate: true)) == [Rig.auth(.notDetermined)])
    }

    @Test("H4: Allow Once does not expire while the app stays in use (foreground, or a background session with the indicator)")
    func allowOnceLastsWhileInUse() {
        var f = Rig.allowedOnce()
        #expect(f.handle(.clockAdvanced(to: .seconds(86_400))) == [])
        #expect(f.isTemporary && f.status == .authorizedWhenInUse)

        var s = Rig.allowedOnce()
        _ = s.handle(.appSetAllowsBackgroundLocationUpdates(Rig.manager, true))
        _ = s.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(s.handle(.appEnteredBackground) == [.indicatorChanged(true)])
        #expect(s.handle(.clockAdvanced(to: .seconds(86_400))) == [])
        #expect(s.isTemporary && s.isInUse)
        // Ending the session ends use, and the grant with it.
        #expect(s.handle(.appStoppedUpdatingLocation(Rig.manager)) == [.indicatorChanged(false), Rig.auth(.notDetermined)])
    }

    @Test("H5: after Allow Once expires, requestWhenInUse prompts again (allowOnceExpiryRestoresAlwaysRequest for Always)")
    func promptAgainAfterExpiry() {
        var m = Rig.allowedOnce()
        _ = m.handle(.appEnteredBackground)
        _ = m.handle(.clockAdvanced(to: .seconds(60)))
        _ = m.handle(.appEnteredForeground)
        #expect(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
                == [.promptShown(m.initialPrompt(for: .whenInUse)), .appWillResignActive])

        // Allow Once answered to requestAlways: by default the Always request comes back…
        func alwaysAgain(_ p: DeviceParameters) -> [Effect] {
            var a = Rig.model(parameters: p)
            _ = a.handle(.appRequestedAlwaysAuthorization(Rig.manager))
            _ = a.handle(.userChoseButton(.allowOnce, precise: nil))
            _ = a.handle(.appEnteredBackground)
            _ = a.handle(.clockAdvanced(to: .seconds(60)))
            _ = a.handle(.appEnteredForeground)
            return a.handle(.appRequestedAlwaysAuthorization(Rig.manager))
        }
        #expect(Rig.prompts(alwaysAgain(DeviceParameters())).map(\.kind) == [.initial])
        // …unless the device keeps it spent.
        var spent = DeviceParameters()
        spent.allowOnceExpiryRestoresAlwaysRequest = false
        #expect(alwaysAgain(spent) == [.requestIgnored(.always, reason: .alwaysAlreadyRequested)])
    }

    @Test("H6: CLLocationButton grants temporary When In Use: confirmation on first tap, silent later, expires out of use, ignored where unsupported")
    func locationButton() {
        var m = Rig.model()
        let fx = m.handle(.userTappedLocationButton)
        let confirmation = Rig.prompts(fx)
        #expect(confirmation.map(\.kind) == [.locationButtonConfirmation])
        #expect(confirmation.first?.buttons == [.allowOnce, .dontAllow])
        #expect(m.handle(.userChoseButton(.allowOnce, precise: nil))
                == [.promptDismissed(.locationButtonConfirmation, answer: .allowOnce), .appDidBecomeActive, Rig.auth(.authorizedWhenInUse)])
        #expect(m.isTemporary)
        // It expires like Allow Once.
        _ = m.handle(.appEnteredBackground)
        #expect(m.handle(.clockAdvanced(to: .seconds(60))) == [Rig.auth(.notDetermined)])
        // Later taps grant it with no alert.
        _ = m.handle(.appEnteredForeground)
        #expect(m.handle(.userTappedLocationButton) == [Rig.auth(.authorizedWhenInUse)])
        #expect(m.isTemporary)

        // Ignored: compatible iPhone/iPad apps on visionOS, the Mac, and before iOS 15.
        var compatible = Rig.model(Platform(.visionOS, 1), app: AppDescription(name: "Trails", compatibleApp: true))
        #expect(compatible.handle(.userTappedLocationButton) == [])
        var mac = Rig.model(Platform(.macOS, 14))
        #expect(mac.handle(.userTappedLocationButton) == [])
        var ios14 = Rig.model(Platform(.iOS, 14))
        #expect(ios14.handle(.userTappedLocationButton) == [])
        #expect(compatible.status == .notDetermined && mac.status == .notDetermined && ios14.status == .notDetermined)
    }
}
