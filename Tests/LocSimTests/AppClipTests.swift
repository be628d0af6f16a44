import Foundation
import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC P6: App Clips — no Always, When In Use that resets at 4:00 a.m., location confirmation.
@Suite("P6: App Clips")
struct AppClipTests {
    static var clip: AppDescription {
        var app = Rig.app
        app.appClip = true
        return app
    }

    @Test("P6: an App Clip's requestAlwaysAuthorization does nothing, with its reason, and Settings offers no Always")
    func noAlways() {
        var m = Rig.model(app: Self.clip)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .appClip)])
        #expect(m.status == .notDetermined && m.prompts.onScreen == nil && !m.record.alwaysRequestSpent)
        #expect(IgnoredReason.appClip.ruleIDs == ["P6"])
        #expect(!m.settingsOptions.contains(.always))
        // The same app, not a clip, is prompted.
        var app = Rig.model()
        #expect(Rig.prompts(app.handle(.appRequestedAlwaysAuthorization(Rig.manager))).first?.kind == .initial)
        #expect(app.settingsOptions.contains(.always))
        // When In Use is allowed; Always stays out of reach after it too.
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(m.status == .authorizedWhenInUse)
        #expect(m.handle(.appRequestedAlwaysAuthorization(Rig.manager)) == [.requestIgnored(.always, reason: .appClip)])

        // Through the simulator: the timeline says why.
        let sim = Rig.Sim(app: Self.clip)
        sim.app.launch()
        sim.call { $0.requestAlwaysAuthorization() }
        #expect(sim.entries(.ignored).first?.contains("App Clips cannot ask for Always") == true)
        #expect(sim.entries(.ignored).first?.hasSuffix("[P6]") == true)
    }

    @Test("P6: an App Clip's When In Use resets at the next 4:00 a.m. of the virtual clock (startTimeOfDay), reported to the app")
    func resetAtFourAM() {
        // Default start 9:00: granted at 9:00, reset 19 hours later.
        var m = Rig.model(app: Self.clip)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(m.appClipResetAt == .seconds(19 * 3600))
        #expect(m.handle(.clockAdvanced(to: .seconds(19 * 3600 - 1))).isEmpty)
        #expect(m.status == .authorizedWhenInUse)
        #expect(m.handle(.clockAdvanced(to: .seconds(19 * 3600))) == [Rig.auth(.notDetermined)])
        #expect(m.status == .notDetermined && m.appClipResetAt == nil)
        // It may ask again, and the next grant resets at the following 4:00 a.m.
        #expect(Rig.prompts(m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))).first?.kind == .initial)
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(m.appClipResetAt == .seconds(19 * 3600 + 86_400))

        // Granted at 3:00 a.m.: it resets at 4:00 the same morning.
        var early = DeviceParameters()
        early.startTimeOfDay = .seconds(3 * 3600)
        var n = Rig.model(app: Self.clip, parameters: early)
        _ = n.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = n.handle(.userChoseButton(.allowWhileUsing, precise: nil))
        #expect(n.appClipResetAt == .seconds(3600))

        // An app that is not a clip keeps When In Use.
        var app = Rig.whenInUse(precise: true)
        _ = app.handle(.clockAdvanced(to: .seconds(3 * 86_400)))
        #expect(app.status == .authorizedWhenInUse && app.appClipResetAt == nil)

        // Through the simulator: a reset while the clip is not running is reported at its next launch.
        let sim = Rig.Sim(app: Self.clip)
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        try? sim.device.choose(.allowWhileUsing)
        sim.app.terminate()
        sim.device.advance(by: .seconds(20 * 3600))
        sim.app.launch()
        #expect(sim.app.authorizationStatus == .notDetermined)
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedWhenInUse, .notDetermined])
    }

    @Test("P6: the virtual clock's time of day starts at startTimeOfDay and wraps at midnight")
    func timeOfDay() {
        #expect(TimeOfDay.at(.seconds(3600), start: .seconds(23 * 3600)) == .zero)
        #expect(TimeOfDay.next(TimeOfDay.appClipReset, after: .zero, start: .seconds(4 * 3600)) == .seconds(86_400))
        #expect(TimeOfDay.next(TimeOfDay.appClipReset, after: .milliseconds(1500), start: .seconds(2 * 3600)) == .seconds(2 * 3600))
    }

    @Test("P6: location confirmation needs NSAppClipRequestLocationConfirmation and the card's switch, not authorization; 500 m at most")
    func locationConfirmation() throws {
        var confirming = Self.clip
        confirming.requestsLocationConfirmation = true
        let inside = Region(name: "store", center: Rig.here, radius: 200)
        let elsewhere = Region(name: "other store", center: Rig.there, radius: 200)
        let wide = Region(name: "district", center: Rig.here, radius: 800)

        let sim = Rig.Sim(app: confirming, location: Rig.here)
        sim.app.launch()
        #expect(sim.app.authorizationStatus == .notDetermined)
        var answers: [String] = []
        sim.app.confirmAcquired(in: inside) { answers.append("\($0) \($1.map(String.init) ?? "nil")") }
        sim.app.confirmAcquired(in: elsewhere) { answers.append("\($0) \($1.map(String.init) ?? "nil")") }
        sim.app.confirmAcquired(in: wide) { answers.append("\($0) \($1.map(String.init) ?? "nil")") }
        #expect(answers == ["true nil", "false nil", "false nil"])
        #expect(sim.app.lastLocationConfirmation == .notConfirmed)
        #expect(sim.entries(.appCall).contains { $0.contains("confirmAcquired(in: store, radius 200.0 m) → confirmed") })

        // Without the key, outside a clip, or with confirmation off on the card: disallowed (error 1).
        var cardOff = DeviceParameters()
        cardOff.appClipLocationConfirmation = false
        for (app, parameters) in [(Self.clip, DeviceParameters()), (Rig.app, DeviceParameters()), (confirming, cardOff)] {
            let other = Rig.Sim(parameters: parameters, app: app, location: Rig.here)
            other.app.launch()
            var answer: (Bool, Int?)?
            other.app.confirmAcquired(in: inside) { answer = ($0, $1) }
            #expect(answer?.0 == false && answer?.1 == 1)
        }
        // Before iOS 14 the API does not exist.
        #expect(Rig.model(Platform(.iOS, 13), app: confirming).locationConfirmation(in: inside) == .disallowed)
    }

    @Test("P6: an Info.plist with NSAppClip makes an App Clip; NSAppClipRequestLocationConfirmation is read inside it")
    func infoPlist() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>NSLocationWhenInUseUsageDescription</key><string>Finds the store you are in.</string>
          <key>NSAppClip</key><dict><key>NSAppClipRequestLocationConfirmation</key><true/></dict>
          <key>NSWidgetWantsLocation</key><true/>
        </dict></plist>
        """
        let app = try InfoPlist.appDescription(from: Data(plist.utf8), file: "Clip-Info.plist")
        #expect(app.appClip && app.requestsLocationConfirmation && app.widgetWantsLocation)
        let plain = try InfoPlist.appDescription(from: Data("<plist><dict/></plist>".utf8), file: "Info.plist")
        #expect(!plain.appClip && !plain.requestsLocationConfirmation && !plain.widgetWantsLocation)
        let wrong = "<plist><dict><key>NSAppClip</key><true/></dict></plist>"
        #expect(throws: InputError.self) { try InfoPlist.appDescription(from: Data(wrong.utf8), file: "Info.plist") }
    }
}
