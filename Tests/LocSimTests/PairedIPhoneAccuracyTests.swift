import Testing
import LocSim
import LocSimModel
import LocSimModelTestSupport
import LocSimTestSupport

/// SPEC K7: watch apps follow the paired iPhone's Precise Location.
@Suite("K7: The paired iPhone's accuracy")
struct PairedIPhoneAccuracyTests {
    static func watchApp(_ platform: Platform, iPhonePrecise: Bool) -> AuthorizationModel {
        var parameters = DeviceParameters()
        parameters.pairedIPhonePrecise = iPhonePrecise
        var m = Rig.model(platform, parameters: parameters)
        _ = m.handle(.appRequestedWhenInUseAuthorization(Rig.manager))
        _ = m.handle(.userChoseButton(.allowWhileUsing, precise: nil))   // no Precise toggle before watchOS 7
        _ = m.handle(.deviceMoved(Location(coordinate: Rig.here)))
        return m
    }

    @Test("K7: with Precise off on the paired iPhone, watch apps before watchOS 7 get no location at all, and reduced accuracy from watchOS 7")
    func pairedIPhonePrecise() {
        // watchOS 6: nothing arrives, not even an error.
        var off = Self.watchApp(Platform(.watchOS, 6), iPhonePrecise: false)
        #expect(off.status == .authorizedWhenInUse)
        #expect(Rig.calls(off.handle(.appStartedUpdatingLocation(Rig.manager))).isEmpty)
        #expect(Rig.calls(off.handle(.appRequestedLocation(Rig.manager))).isEmpty)
        #expect(Rig.calls(off.handle(.deviceMoved(Location(coordinate: Rig.there)))).isEmpty)
        #expect(!off.canDeliverUpdates())
        var on = Self.watchApp(Platform(.watchOS, 6), iPhonePrecise: true)
        #expect(Rig.calls(on.handle(.appStartedUpdatingLocation(Rig.manager))).count == 1)

        // watchOS 7+: the watch app reads reduced accuracy and gets reduced fixes.
        var reduced = Self.watchApp(Platform(.watchOS, 10), iPhonePrecise: false)
        #expect(reduced.accuracy == .reducedAccuracy)
        let fix = Rig.calls(reduced.handle(.appStartedUpdatingLocation(Rig.manager)))
        #expect(fix == [.didUpdateLocations([Location(coordinate: Rig.here).reduced])])
        #expect(Self.watchApp(Platform(.watchOS, 10), iPhonePrecise: true).accuracy == .fullAccuracy)

        // The iPhone's own apps are not affected by the parameter.
        #expect(Self.watchApp(Platform(.iOS, 18), iPhonePrecise: false).accuracy == .fullAccuracy)
    }
}
