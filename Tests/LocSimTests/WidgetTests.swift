import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC B5 and F10: widgets — `isAuthorizedForWidgetUpdates`, the prompt when a widget is added,
/// and a widget in use for a while after it was seen.
@Suite("B5, F10: Widgets")
struct WidgetTests {
    static var widgetApp: AppDescription {
        var app = Rig.app
        app.widgetWantsLocation = true
        return app
    }

    @Test("F10: adding a location widget to a When In Use app asks to extend it to widgets; Allow sets isAuthorizedForWidgetUpdates")
    func widgetPrompt() throws {
        let sim = Rig.Sim(app: Self.widgetApp)
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        try sim.device.choose(.allowWhileUsing)
        #expect(sim.manager.isAuthorizedForWidgetUpdates == false)
        sim.app.enterBackground()
        sim.app.addWidget()
        let prompt = try #require(sim.device.promptOnScreen?.prompt)
        #expect(prompt.kind == .widget)
        #expect(prompt.message == "Widgets may use your location for up to 15 minutes after being viewed to stay up to date.")
        #expect(prompt.buttons == [.allow, .dontAllow])
        try sim.device.choose(.allow)
        #expect(sim.manager.isAuthorizedForWidgetUpdates)
        #expect(sim.app.authorizationStatus == .authorizedWhenInUse)
        // Extended once: adding another widget asks nothing.
        sim.app.addWidget()
        #expect(sim.device.promptOnScreen == nil)
        // Never in Settings takes it back.
        sim.app.changeSetting(.never)
        sim.app.changeSetting(.whileUsing)
        #expect(sim.manager.isAuthorizedForWidgetUpdates == false)

        // Don't Allow leaves it off; a later widget asks again.
        var m = Rig.whenInUse(precise: true, app: Self.widgetApp)
        #expect(Rig.prompts(m.handle(.userAddedWidget)).first?.kind == .widget)
        _ = m.handle(.userChoseButton(.dontAllow, precise: nil))
        #expect(!m.isAuthorizedForWidgetUpdates && m.status == .authorizedWhenInUse)
        #expect(Rig.prompts(m.handle(.userAddedWidget)).first?.kind == .widget)
        // The prompt is the Home Screen's: the app quitting does not dismiss it.
        _ = m.handle(.appTerminated)
        #expect(m.prompts.onScreen?.prompt.kind == .widget)
        _ = m.handle(.userChoseButton(.allow, precise: nil))
        #expect(m.record.widgetsAuthorized && m.isAuthorizedForWidgetUpdates)
    }

    @Test("B5: isAuthorizedForWidgetUpdates is always true with Always, false without authorization, and no prompt asks then")
    func authorizedForWidgetUpdates() {
        var always = Rig.model(app: Self.widgetApp)
        _ = always.handle(.userChangedSetting(.always))
        #expect(always.isAuthorizedForWidgetUpdates)
        #expect(always.handle(.userAddedWidget).isEmpty)
        var none = Rig.model(app: Self.widgetApp)
        #expect(!none.isAuthorizedForWidgetUpdates)
        #expect(none.handle(.userAddedWidget).isEmpty)
        // A widget without NSWidgetWantsLocation asks nothing.
        var plain = Rig.whenInUse(precise: true, app: Rig.app)
        #expect(plain.handle(.userAddedWidget).isEmpty)
        // Before iOS 14 there are no such widgets.
        var old = Rig.model(Platform(.iOS, 13, 4), app: Self.widgetApp)
        _ = old.handle(.userChangedSetting(.always))
        #expect(!old.isAuthorizedForWidgetUpdates)
        // Allow Once does not extend to widgets.
        var once = Rig.model(app: Self.widgetApp)
        _ = once.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = once.handle(.userChoseButton(.allowOnce, precise: nil))
        #expect(once.handle(.userAddedWidget).isEmpty && !once.isAuthorizedForWidgetUpdates)
    }

    @Test("B5: a widget is in use for widgetInUseDuration after it was seen, and gets location only when authorized")
    func widgetInUse() {
        var m = Rig.whenInUse(precise: true, app: Self.widgetApp)
        #expect(!m.isWidgetInUse)
        _ = m.handle(.userViewedWidget)
        #expect(m.isWidgetInUse && !m.widgetGetsLocation)
        _ = m.handle(.userAddedWidget)
        _ = m.handle(.userChoseButton(.allow, precise: nil))
        #expect(m.widgetGetsLocation)
        _ = m.handle(.clockAdvanced(to: .seconds(15 * 60)))
        #expect(m.isWidgetInUse)
        _ = m.handle(.clockAdvanced(to: .seconds(15 * 60 + 1)))
        #expect(!m.isWidgetInUse && !m.widgetGetsLocation)
        _ = m.handle(.userViewedWidget)
        #expect(m.widgetGetsLocation)

        var short = DeviceParameters()
        short.widgetInUseDuration = .seconds(60)
        var n = Rig.whenInUse(precise: true, app: Self.widgetApp, parameters: short)
        _ = n.handle(.userViewedWidget)
        _ = n.handle(.clockAdvanced(to: .seconds(61)))
        #expect(!n.isWidgetInUse)
    }
}
