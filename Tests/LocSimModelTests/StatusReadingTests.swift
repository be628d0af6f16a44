import Testing
import LocSimModel
import LocSimModelTestSupport

/// SPEC section B: reading status (B1 and B2 are simulator tests in LocSimTests).
@Suite("B. Reading status")
struct StatusReadingTests {
    @Test("B3: fullAccuracy while notDetermined delivers no location")
    func accuracyMeansNothingWithoutStatus() {
        var m = Rig.model()
        let here = Location(coordinate: Coordinate(latitude: 51.5, longitude: -0.12))
        _ = m.handle(.deviceMoved(here))
        #expect(m.status == .notDetermined)
        #expect(m.accuracy == .fullAccuracy)
        #expect(m.handle(.appStartedUpdatingLocation(Rig.manager)) == [])
        #expect(m.handle(.deviceMoved(here)) == [])
        #expect(!m.canDeliverUpdates())
        // Once authorized, the same accuracy value comes with locations.
        let fx = m.answerWhenInUse(.allowWhileUsing)
        #expect(Rig.calls(fx).map(\.name) == ["didChangeAuthorization", "didUpdateLocations"])
    }
}
