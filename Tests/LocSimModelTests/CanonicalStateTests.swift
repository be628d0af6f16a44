import Testing
@testable import LocSimModel
import LocSimModelTestSupport

/// The model keeps the collections Core Location keeps as sets in one canonical order, so two
/// histories that leave Core Location in the same state leave equal models: equal, hashed alike,
/// packed alike (the explorer stores states packed, and counts each once).
@Suite("Canonical state: what Core Location keeps as a set is one state whatever the order")
struct CanonicalStateTests {
    /// An Always app on iOS 18 with manager #0, at `Rig.here`.
    static func alwaysApp() -> AuthorizationModel {
        var m = Rig.model()
        m.record.authorization = .always(provisional: false)
        _ = m.handle(.deviceMoved(Location(coordinate: Rig.here)))
        return m
    }

    /// Circles around `Rig.here` (`home`, `gym`) and `Rig.there` (`work`, `cafe`), so that the
    /// device is inside some: the packed words say which by their positions in the list.
    static let regions = [
        Region(name: "home", center: Rig.here, radius: 200), Region(name: "work", center: Rig.there, radius: 200),
        Region(name: "gym", center: Rig.here, radius: 50), Region(name: "cafe", center: Rig.there, radius: 50),
    ]

    static func monitoring(_ names: [String], from start: AuthorizationModel = alwaysApp()) -> AuthorizationModel {
        var m = start
        for name in names {
            let fx = m.handle(.appStartedMonitoringRegion(Rig.manager, regions.first { $0.name == name }!))
            #expect(!fx.contains { if case .rejected = $0 { true } else { false } }, "\(name): \(fx)")
        }
        return m
    }

    /// The packed words and rare parts of `m`, as the explorer stores them.
    static func packed(_ m: AuthorizationModel) -> (AuthorizationModel.Packed, AuthorizationModel.Packed.Extras?) {
        var m = m
        var k = AuthorizationModel.Packed()
        let baseline = AuthorizationModel.Packed.Baseline(alwaysApp())
        let rare = m.pack(into: &k, prompts: m.packingPrompts, baseline: baseline)
        return (k, rare ? m.packedExtras(k) : nil)
    }

    @Test("A8, I12: regions monitored in any order, or started again, make one state: equal, equally hashed and packed alike")
    func regionOrderIsNoState() {
        let orders = [
            ["home", "work", "gym", "cafe"], ["cafe", "gym", "work", "home"], ["work", "home", "cafe", "gym"],
            // Started again: Core Location replaces the region; the list does not move it to the end.
            ["home", "work", "gym", "cafe", "home", "work"], ["gym", "cafe", "home", "gym", "work", "cafe"],
        ]
        let models = orders.map { Self.monitoring($0) }
        let first = models[0]
        // Name order, one per name; the device at `here` is in home and gym.
        #expect(first.services.monitoredRegions.map(\.name) == ["cafe", "gym", "home", "work"])
        #expect(first.services.insideRegions == ["gym", "home"])
        let (words, extras) = Self.packed(first)
        for (order, m) in zip(orders, models) {
            #expect(m == first, "\(order)")
            #expect(m.hashValue == first.hashValue, "\(order)")
            let (w, e) = Self.packed(m)
            #expect(w == words && e == extras, "\(order)")
        }
        // Stopping one and starting it again is the state of never having stopped it.
        var again = Self.monitoring(["home", "work"])
        _ = again.handle(.appStoppedMonitoringRegion(Rig.manager, name: "home"))
        again = Self.monitoring(["gym", "home", "cafe"], from: again)
        #expect(again == first)
        // A region started again with another circle replaces the one kept, in its place.
        var wider = first
        _ = wider.handle(.appStartedMonitoringRegion(Rig.manager, Region(name: "gym", center: Rig.here, radius: 500)))
        #expect(wider.services.monitoredRegions.map(\.name) == ["cafe", "gym", "home", "work"])
        #expect(wider.services.monitoredRegions[1].radius == 500)
    }

    @Test("A8: one move across several regions reports them in order of region name, whatever the order they were monitored in")
    func oneMoveReportsInNameOrder() {
        for order in [["home", "work", "gym", "cafe"], ["gym", "home", "cafe", "work"]] {
            var m = Self.monitoring(order)
            let fx = m.handle(.deviceMoved(Location(coordinate: Rig.there)))
            #expect(Rig.calls(fx) == [.didEnterRegion("cafe"), .didExitRegion("gym"), .didExitRegion("home"), .didEnterRegion("work")], "\(order)")
        }
    }

    @Test("O11: the requirements of the sessions a process held are one state whatever order the sessions were made in")
    func heldRequirementsAreAMultiset() {
        func ended(_ requirements: [SessionRequirement]) -> AuthorizationModel {
            var m = Self.alwaysApp()
            for (i, r) in requirements.enumerated() {
                _ = m.handle(.appCreatedServiceSession(SessionID(i + 1), r, fullAccuracyPurposeKey: nil))
            }
            #expect(m.sessions.service.map(\.requirement) == requirements)
            _ = m.handle(.appTerminated)
            return m
        }
        let a = ended([.always, .whenInUse, .always]), b = ended([.whenInUse, .always, .always])
        #expect(a.sessions.heldAtExit == [.whenInUse, .always, .always])
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(Self.packed(a).1 == Self.packed(b).1)
        // The next launch awaits the same re-creations, in the same order.
        var c = a, d = b
        _ = c.handle(.appLaunchedInBackground)
        _ = d.handle(.appLaunchedInBackground)
        #expect(c.sessions.awaitingRecreation == [.whenInUse, .always, .always])
        #expect(c == d)
        // How many of each still counts: two `.always` sessions are not one.
        #expect(ended([.always, .whenInUse]) != a)
    }
}
