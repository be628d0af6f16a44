import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC section J: missing purpose-string keys.
/// The pure-model tests of this section are in LocSimModelTests.
@Suite("J: Missing purpose-string keys, through the simulator")
struct PurposeStringTests {
    @Test("J3: a request without its keys fails immediately and silently: no prompt, no callback, no error")
    func failsSilently() {
        let sim = Rig.Sim(app: AppDescription(name: "Trails", purposeStrings: [:]))
        sim.app.launch()
        sim.call {
            $0.requestWhenInUseAuthorization()
            $0.requestAlwaysAuthorization()
        }
        #expect(sim.device.promptOnScreen == nil)
        #expect(sim.recorder.statuses == [.notDetermined])
        #expect(sim.recorder.errors.isEmpty)
        #expect(sim.callbacks == ["didChangeAuthorization(notDetermined)"])
        #expect(sim.entries(.console) == [Rig.missingWhenInUseKeyMessage, Rig.missingAlwaysKeysMessage])
        #expect(sim.app.state == .foreground)
    }
}
