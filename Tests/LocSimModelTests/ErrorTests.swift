import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section N: errors.
@Suite("N: Errors")
struct ErrorTests {
    @Test("N5: since iOS 8 starting services without a request never prompts")
    func startingDoesNotPrompt() {
        let store = TestStore(Rig.model())
        store.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
        }
        store.send(.appStartedSignificantChanges(Rig.manager)) {
            $0.services.managers[0].significantChanges = true
            $0.services.significantChangesRegistered = true
        }
        store.send(.appStartedVisits(Rig.manager)) {
            $0.services.managers[0].visits = true
            $0.services.visitsRegistered = true
        }
        store.send(.appStartedMonitoringRegion(Rig.manager, Region(name: "home"))) { $0.services.monitoredRegions = [Region(name: "home")] }
        store.send(.appRequestedLocation(Rig.manager)) { $0.services.managers[0].oneShotPending = true }
        store.finish()
        #expect(store.state.prompts.onScreen == nil && store.state.status == .notDetermined)

        let ios8 = TestStore(Rig.model(Platform(.iOS, 8)))
        ios8.send(.appStartedUpdatingLocation(Rig.manager)) {
            $0.services.managers[0].updating = true
            $0.services.managers[0].updatingStartedInForeground = true
        }
        ios8.finish()
        #expect(ios8.state.prompts.onScreen == nil)
    }
}
