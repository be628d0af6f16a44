import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC I13: Control Center lists apps tracking location now or recently (iOS 16+).
@Suite("I13: Control Center")
struct ControlCenterTests {
    @Test("I13: Control Center lists an app while it tracks location and for recentUseWindow after its last location, from iOS 16")
    func recentUse() throws {
        let sim = Rig.Sim(location: Rig.here)
        sim.app.launch()
        #expect(!sim.app.isListedInControlCenter)
        sim.call { $0.requestWhenInUseAuthorization() }
        try sim.device.choose(.allowWhileUsing)
        sim.call { $0.startUpdatingLocation() }
        #expect(sim.recorder.locations.count == 1)
        sim.device.advance(by: .seconds(3600))
        #expect(sim.app.isListedInControlCenter)   // tracking
        sim.call { $0.stopUpdatingLocation() }
        #expect(!sim.app.isListedInControlCenter)  // its last fix was an hour ago
        sim.call { $0.requestLocation() }
        sim.app.enterBackground()
        sim.device.advance(by: .seconds(10 * 60))
        #expect(sim.app.isListedInControlCenter)   // used 10 minutes ago
        sim.device.advance(by: .seconds(1))
        #expect(!sim.app.isListedInControlCenter)
        sim.app.enterForeground()
        sim.call { $0.requestLocation() }
        #expect(sim.app.isListedInControlCenter)
        sim.app.terminate()
        #expect(!sim.app.isListedInControlCenter)  // the process's end forgets its uses

        // A shorter window; and not before iOS 16.
        var short = DeviceParameters()
        short.recentUseWindow = .seconds(30)
        var m = Rig.whenInUse(precise: true, parameters: short)
        _ = m.handle(.deviceMoved(Location(coordinate: Rig.here)))
        _ = m.handle(.appRequestedLocation(Rig.manager))
        _ = m.handle(.clockAdvanced(to: .seconds(30)))
        #expect(m.isListedInControlCenter)
        _ = m.handle(.clockAdvanced(to: .seconds(31)))
        #expect(!m.isListedInControlCenter)
        var old = Rig.whenInUse(precise: true, .init(.iOS, 15))
        _ = old.handle(.deviceMoved(Location(coordinate: Rig.here)))
        _ = old.handle(.appStartedUpdatingLocation(Rig.manager))
        #expect(old.canDeliverUpdates() && !old.isListedInControlCenter)
    }
}
