import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section M: global Location Services off, and restricted.
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("M: Location Services off and restricted, through the simulator")
struct GlobalSwitchTests {
    @Test("M1: with Location Services off every app reads denied and is told; turning it on restores each previous status")
    func globalSwitch() throws {
        let sim = Rig.Sim()
        let other = Rig.Sim(on: sim.device, app: AppDescription(name: "Notes", purposeStrings: Rig.purposeStrings))
        sim.app.launch()
        sim.app.changeSetting(.always)
        sim.call { $0.startUpdatingLocation() }
        other.app.launch()
        #expect(other.manager != nil)

        sim.device.setLocationServices(false)
        #expect(!LocationManager.locationServicesEnabled(on: sim.device))
        #expect(sim.manager.authorizationStatus == .denied && other.app.authorizationStatus == .denied)
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedAlways, .denied])
        #expect(sim.recorder.errors == [.denied]) // N2: updates were running
        #expect(other.recorder.statuses == [.notDetermined, .denied])
        #expect(sim.app.model.record.authorization == .always(provisional: false)) // the stored choice is kept

        sim.device.setLocationServices(true)
        #expect(LocationManager.locationServicesEnabled(on: sim.device))
        #expect(sim.recorder.statuses == [.notDetermined, .authorizedAlways, .denied, .authorizedAlways])
        #expect(other.recorder.statuses == [.notDetermined, .denied, .notDetermined])
    }
}
