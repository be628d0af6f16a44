import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// What the timeline says about a request that showed no prompt: the reason and the rules must
/// match what happened (D1, K5).
@Suite("Ignored requests on the timeline")
struct IgnoredRequestTimelineTests {
    @Test("D1, F8: a request in the grace period is ignored because the app is not in the foreground, not because it is out of use")
    func requestInGracePeriod() {
        let sim = Rig.Sim()
        sim.app.launch()
        sim.app.enterBackground()
        sim.device.advance(by: .seconds(3))
        #expect(sim.app.isInUse)
        sim.call { $0.requestWhenInUseAuthorization() }
        sim.device.advance(by: .seconds(60))
        sim.call { $0.requestWhenInUseAuthorization() }
        #expect(sim.entries(.ignored) == [
            "requestWhenInUseAuthorization() did nothing: the app is not in the foreground (still in use, but a prompt needs the foreground) [D1, E10, F8]",
            "requestWhenInUseAuthorization() did nothing: the app is not in use [D1, E10, F8]",
        ])
    }

    @Test("K5: temporary full accuracy in the background is declined without a prompt, and the timeline says so")
    func fullAccuracyInBackground() throws {
        let sim = Rig.Sim(app: Rig.navigationApp)
        sim.app.launch()
        sim.call { $0.requestWhenInUseAuthorization() }
        try sim.device.choose(.allowWhileUsing, precise: false)
        sim.device.run()
        sim.app.enterBackground()
        var errors: [LocationError?] = []
        sim.call { $0.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation") { errors.append($0 as? LocationError) } }
        #expect(errors.count == 1 && errors.first??.code == .promptDeclined)
        #expect(sim.entries(.ignored) == [
            "requestTemporaryFullAccuracyAuthorization(withPurposeKey:) declined without a prompt (kCLErrorPromptDeclined): the app is in the background [K5]",
        ])
    }
}
