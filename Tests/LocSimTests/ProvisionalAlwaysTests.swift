import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section G: Provisional Always.
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("G: Provisional Always, through the simulator")
struct ProvisionalAlwaysTests {
    @Test("G2: in provisional Always the delegate gets authorizedAlways and monitoring services can be started")
    func provisionalActsAsAlways() throws {
        let sim = Rig.Sim(location: Rig.here)
        sim.app.launch()
        sim.call { $0.requestAlwaysAuthorization() }
        try sim.device.choose(.allowWhileUsing)
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedAlways])
        #expect(sim.manager.authorizationStatus == .authorizedAlways)
        #expect(sim.app.model.isProvisional)

        sim.call {
            $0.startMonitoring(for: Region(name: "home"))
            $0.startMonitoringSignificantLocationChanges()
            $0.startMonitoringVisits()
        }
        #expect(sim.recorder.errors.isEmpty && sim.recorder.monitoringFailures.isEmpty)
        #expect(sim.manager.monitoredRegions.map(\.name) == ["home"])
        // In use, the events arrive as for Always.
        sim.device.enterRegion("home")
        sim.device.visit()
        sim.device.move(to: Rig.there)
        #expect(sim.recorder.entered == ["home"])
        #expect(sim.recorder.visits.count == 1)
        #expect(sim.recorder.locations.map { $0.map(\.coordinate) } == [[Rig.there]])
        #expect(sim.device.promptOnScreen == nil)
    }

    @Test("G6: Change to Always Allow makes Always permanent without a callback; Keep Only While Using reports authorizedWhenInUse")
    func confirmationAnswers() throws {
        for (button, expected) in [(PromptButton.changeToAlwaysAllow, AuthorizationStatus.authorizedAlways),
                                   (.keepOnlyWhileUsing, .authorizedWhenInUse)] {
            let sim = Rig.Sim()
            sim.app.launch()
            sim.call { $0.requestAlwaysAuthorization() }
            try sim.device.choose(.allowWhileUsing)
            sim.call { $0.startMonitoring(for: Region(name: "home")) }
            sim.app.enterBackground()
            sim.device.advance(by: .seconds(30))
            sim.device.enterRegion("home")
            #expect(sim.device.promptOnScreen?.prompt.kind == .alwaysConfirmation)
            try sim.device.choose(button)
            #expect(sim.app.authorizationStatus == expected)
            #expect(!sim.app.model.isProvisional)
            if button == .changeToAlwaysAllow {
                #expect(sim.recorder.statuses == [.notDetermined, .authorizedAlways])
                #expect(sim.app.model.settingsSelection == .always)
                #expect(sim.recorder.entered == ["home"])
            } else {
                #expect(sim.recorder.statuses == [.notDetermined, .authorizedAlways, .authorizedWhenInUse])
                #expect(sim.app.model.settingsSelection == .whileUsing)
                #expect(sim.recorder.entered == [])
            }
        }
    }
}
