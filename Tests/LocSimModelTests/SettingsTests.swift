import Testing
import LocSimModel
import LocSimModelTestSupport
import LocSimTestStore

/// SPEC section L: the Settings app and system-level controls.
@Suite("L: Settings")
struct SettingsTests {
    @Test("L1: the per-app Settings options map to Never → denied, Ask Next Time → notDetermined, While Using → authorizedWhenInUse, Always → authorizedAlways")
    func settingsOptions() {
        let store = TestStore(Rig.model())
        #expect(store.state.settingsOptions == [.never, .askNextTime, .whileUsing, .always])
        store.send(.userChangedSetting(.always)) {
            $0.record.authorization = .always(provisional: false)
            $0.services.managers[0].reportedStatus = .authorizedAlways
        }
        store.receive(Rig.auth(.authorizedAlways))
        #expect(store.state.settingsSelection == .always)
        store.send(.userChangedSetting(.whileUsing)) {
            $0.record.authorization = .whenInUse(temporary: false)
            $0.services.managers[0].reportedStatus = .authorizedWhenInUse
        }
        store.receive(Rig.auth(.authorizedWhenInUse))
        #expect(store.state.settingsSelection == .whileUsing)
        store.send(.userChangedSetting(.never)) {
            $0.record.authorization = .denied
            $0.services.managers[0].reportedStatus = .denied
        }
        store.receive(Rig.auth(.denied))
        #expect(store.state.settingsSelection == .never)
        store.send(.userChangedSetting(.askNextTime)) {
            $0.record.authorization = .notDetermined
            $0.services.managers[0].reportedStatus = .notDetermined
        }
        store.receive(Rig.auth(.notDetermined))
        #expect(store.state.settingsSelection == .askNextTime)
        store.send(.userChangedSetting(.askNextTime))
        store.finish()

        // Before iOS 13 there is no Ask Next Time.
        let old = TestStore(Rig.model(Platform(.iOS, 12)))
        #expect(old.state.settingsOptions == [.never, .whileUsing, .always])
        old.send(.userChangedSetting(.askNextTime))
        old.receive(.rejected("Settings offers no “askNextTime” for this app on iOS 12.0 (it offers never, whileUsing, always)"))
        old.finish()

        // Apps that cannot ask for Always are not offered it.
        let wiuOnly = TestStore(Rig.model(app: AppDescription(name: "Trails", purposeStrings: [.whenInUse: "Map"])))
        #expect(wiuOnly.state.settingsOptions == [.never, .askNextTime, .whileUsing])
        wiuOnly.send(.userChangedSetting(.always))
        wiuOnly.receive(.rejected("Settings offers no “always” for this app on iOS 18.0 (it offers never, askNextTime, whileUsing)"))
        wiuOnly.finish()
        #expect(wiuOnly.state.status == .notDetermined)
    }
}
