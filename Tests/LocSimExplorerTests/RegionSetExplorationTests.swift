@testable import LocSimExplorer
import LocSimModel
import Testing

/// Core Location keeps the monitored regions as a set (`monitoredRegions`), so the order in which
/// the user turned geofences on is no state: an exploration stores one state where the order
/// would make one per order (issue 32).
@Suite("Regions as a set: the order geofences were turned on in is no state of the exploration")
struct RegionSetExplorationTests {
    /// An Always app on iOS 18 whose user turns geofences on one by one: a tap per region, each
    /// monitoring its region (the benchmark app, ``BenchmarkModels/geofenceModel(regions:names:oneTap:depth:)``,
    /// with two regions). `first` and `second` are the regions' names, so a test can make tap
    /// order and name order differ.
    static func geofences(_ first: String = "r1", _ second: String = "r2", oneTap: Bool = false, depth: Int = 64) -> String {
        BenchmarkModels.geofenceModel(names: [first, second], oneTap: oneTap, depth: depth).text
    }

    static func search(_ text: String) throws -> StateSearch {
        let model = try AppModelParser.parse(text, file: "geofences.yml")
        var search = StateSearch(system: AppModelSystem(model, platform: Platform(.iOS, 18)), depth: model.depth,
                                 maxStates: model.maxStates, progress: nil)
        search.checkCodec = true
        return SearchScheduler.run([search], reports: false).searches[0]
    }

    /// Every state a search stored, unpacked.
    static func states(_ search: StateSearch) -> [ExplorerState] {
        (0..<search.table.count).map { search.codec.state(search.table[Int32($0)]) }
    }

    @Test("A8, I12: a state with both geofences on is reached from the one with only the first and from the one with only the second")
    func twoOrdersOneState() throws {
        // `work` is tapped first but sorts last: tap order and name order differ.
        let search = try Self.search(Self.geofences("work", "home"))
        #expect(search.codecMismatches == 0)
        let states = Self.states(search)
        // Every stored state keeps its regions in name order, one per name.
        for s in states {
            let names = s.model.services.monitoredRegions.map(\.name)
            #expect(names == names.sorted() && Set(names).count == names.count, "\(names)")
        }
        // Turn the other geofence on from each stored state monitoring one: where the two orders
        // lead to one stored state, it has predecessors of both kinds.
        var predecessors: [Int32: Set<String>] = [:]
        var choices: [ExplorerChoice] = []
        for s in states where s.model.services.monitoredRegions.count == 1 {
            let on = s.model.services.monitoredRegions[0].name
            search.system.choices(in: s, into: &choices)
            let other = on == "home" ? "work" : "home"
            guard choices.contains(.tap(other)) else { continue }
            var next = search.system.apply(.tap(other), to: s).state
            // (Denied, the app's monitoring fails: no second region.)
            guard next.model.services.monitoredRegions.count == 2 else { continue }
            #expect(next.model.services.monitoredRegions.map(\.name) == ["home", "work"])
            let key = search.codec.encode(&next)
            // The search is closed: every successor of a stored state is stored.
            let position = try #require(search.table.find(key, hash: key.hash))
            predecessors[position, default: []].insert(on)
        }
        let merged = predecessors.values.filter { $0 == ["home", "work"] }.count
        #expect(!predecessors.isEmpty)
        // Kept as an ordered list, `[home, work]` and `[work, home]` were two states: none merged.
        #expect(merged > 0, "\(predecessors.count) states with both geofences reached by a tap, none from both orders")
    }

    @Test("A8, I12: an app that monitors two regions in one order reaches exactly the states of the app that monitors them in the other")
    func monitoringOrderIsNoState() throws {
        // Depth-limited: both searches reach the same states at every depth (the two apps differ
        // only in the order of one reaction's calls).
        let forward = try Self.search(Self.geofences("home", "work", oneTap: true, depth: 10))
        let backward = try Self.search(Self.geofences("work", "home", oneTap: true, depth: 10))
        #expect(forward.codecMismatches == 0 && backward.codecMismatches == 0)
        let a = Set(Self.states(forward).map(\.model)), b = Set(Self.states(backward).map(\.model))
        #expect(a.contains { $0.services.monitoredRegions.count == 2 })
        #expect(forward.table.count == backward.table.count)
        #expect(a == b, "\(a.subtracting(b).count) states only when monitoring home first, \(b.subtracting(a).count) only when work first")
    }
}
