import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section H: Allow Once (temporary When In Use).
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("H: Allow Once, through the simulator")
struct AllowOnceTests {
    @Test("H2: Allow Once expires when the app leaves use: status returns to notDetermined and the delegate is told")
    func allowOnceExpiresWhenTheAppLeavesUse() throws {
        var m = Rig.allowedOnce()
        #expect(m.handle(.appEnteredBackground) == [])
        #expect(m.handle(.clockAdvanced(to: .seconds(60))) == [Rig.auth(.notDetermined)])
        #expect(m.record.authorization == .notDetermined)

        // End to end.
        let sim = Rig.Sim()
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        try sim.device.choose(.allowOnce)
        sim.app.enterBackground()
        sim.device.advance(by: .seconds(60))
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedWhenInUse, .notDetermined])
        #expect(sim.manager.authorizationStatus == .notDetermined)
    }
}
