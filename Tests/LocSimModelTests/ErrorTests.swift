import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section N: errors.
@Suite("N: Errors")
struct ErrorTests {
    @Test("N5: since iOS 8 starting services without a request never prompts")
    func startingDoesNotPrompt() {
        var m = Rig.model()
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
        #expect(m.handle(.appStartedSignificantChanges(Rig.manager)) == [])
        #expect(m.handle(.appStartedVisits(Rig.manager)) == [])
        #expect(m.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) == [])
        #expect(m.handle(.appRequestedLocation(Rig.manager)) == [])
        #expect(m.prompts.onScreen == nil && m.status == .notDetermined)
        var ios8 = Rig.model(Platform(.iOS, 8))
        #expect(ios8.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
        #expect(ios8.prompts.onScreen == nil)
    }
}
