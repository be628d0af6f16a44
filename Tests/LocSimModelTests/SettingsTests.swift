import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section L: the Settings app and system-level controls.
@Suite("L: Settings")
struct SettingsTests {
    @Test("L1: the per-app Settings options map to Never → denied, Ask Next Time → notDetermined, While Using → authorizedWhenInUse, Always → authorizedAlways")
    func settingsOptions() {
        var m = Rig.model()
        #expect(m.settingsOptions == [.never, .askNextTime, .whileUsing, .always])
        #expect(m.handle(.userChangedSetting(.always)) == [Rig.auth(.authorizedAlways)])
        #expect(m.settingsSelection == .always)
        #expect(m.handle(.userChangedSetting(.whileUsing)) == [Rig.auth(.authorizedWhenInUse)])
        #expect(m.settingsSelection == .whileUsing)
        #expect(m.handle(.userChangedSetting(.never)) == [Rig.auth(.denied)])
        #expect(m.settingsSelection == .never)
        #expect(m.handle(.userChangedSetting(.askNextTime)) == [Rig.auth(.notDetermined)])
        #expect(m.settingsSelection == .askNextTime)
        #expect(m.handle(.userChangedSetting(.askNextTime)) == [])

        // Before iOS 13 there is no Ask Next Time.
        var old = Rig.model(Platform(.iOS, 12))
        #expect(old.settingsOptions == [.never, .whileUsing, .always])
        #expect(old.handle(.userChangedSetting(.askNextTime)).count == 1)
        #expect(old.handle(.userChangedSetting(.askNextTime)).allSatisfy { if case .rejected = $0 { true } else { false } })

        // Apps that cannot ask for Always are not offered it.
        var wiuOnly = Rig.model(app: AppDescription(name: "Trails", purposeStrings: [.whenInUse: "Map"]))
        #expect(wiuOnly.settingsOptions == [.never, .askNextTime, .whileUsing])
        #expect(wiuOnly.handle(.userChangedSetting(.always)).allSatisfy { if case .rejected = $0 { true } else { false } })
        #expect(wiuOnly.status == .notDetermined)
    }
}
