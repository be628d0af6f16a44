@testable import LocSimExplorer
import LocSimModel
import Foundation
import Testing

/// The search stores states as packed keys. A key that unpacked to a different state would merge
/// states that differ (missing paths) or split equal ones (wrong counts), so every key each search
/// makes is unpacked and compared here, on models that reach the codec's rare parts too.
@Suite("State keys: every explored state packs and unpacks to itself")
struct StateCodecTests {
    /// Regions, visits, significant changes, a temporary full accuracy request, background updates
    /// with the location mode, a second manager's worth of launches and a crash: the rare parts.
    static let richModel = """
    name: rich
    device: {platforms: [iOS 12.4, iOS 13.2, iOS 14.5, iOS 18.0, watchOS 10.0, macOS 14.0, visionOS 2.0]}
    app:
      name: Rich
      backgroundModes: [location]
      temporaryPurposeKeys: {Nav: "Turn-by-turn needs precise location."}
      screens: [home, asking, tracking, watching]
      waiting: [asking]
      on:
        - {event: tap(ask), when: home, do: [requestAlways], goto: asking}
        - {event: didChangeAuthorization(authorizedAlways), when: asking,
           do: [{monitorRegion: {name: office, latitude: 37.33, longitude: -122.01, radius: 100}}, startVisits,
                startSignificantChanges, {set: {allowsBackgroundLocationUpdates: true}}, startUpdating], goto: watching}
        - {event: didChangeAuthorization(authorizedWhenInUse), when: asking, do: [{requestFullAccuracy: Nav}, startUpdating], goto: tracking}
        - {event: didChangeAuthorization(denied), goto: home}
        - {event: tap(stop), when: watching, do: [{stopMonitoringRegion: office}, stopVisits, stopUpdating], goto: home}
        - {event: tap(ask), when: tracking, do: [requestAlways]}
    explore:
      depth: 9
      taps: [ask, stop]
    """

    static func check(_ model: AppModel, depth: Int? = nil) -> [(platform: Platform, states: Int, mismatches: Int, extras: Int)] {
        let searches = model.platforms.map { platform in
            var search = StateSearch(system: AppModelSystem(model, platform: platform), depth: depth ?? model.depth,
                                     maxStates: model.maxStates, progress: nil)
            search.checkCodec = true
            return search
        }
        return SearchScheduler.run(searches, reports: false).searches.map { search in
            (search.system.platform, search.table.count, search.codecMismatches, search.codec.extrasCount)
        }
    }

    @Test("Every state of the example models unpacks to itself")
    func examples() throws {
        for name in ["buggy-tracker.yml", "careful-tracker.yml"] {
            for r in Self.check(try ExampleModels.load(name)) {
                #expect(r.mismatches == 0, "\(name) on \(r.platform): \(r.mismatches) of \(r.states) states")
                #expect(r.states > 100)
            }
        }
    }

    @Test("States with regions, visits, queued prompts and crashes unpack to themselves")
    func rareParts() throws {
        let model = try AppModelParser.parse(Self.richModel, file: "rich.yml")
        let results = Self.check(model)
        for r in results {
            #expect(r.mismatches == 0, "\(r.platform): \(r.mismatches) of \(r.states) states")
        }
        // The model does reach the rare parts (regions, queued prompts, visits, …). The regions
        // the device is in and a held region event are in the key's words, not the extras.
        #expect(results.contains { $0.extras > 3 }, "extras: \(results.map(\.extras))")
    }

    @Test("G5: states with several regions and held events unpack to themselves, in the words and in the extras")
    func regionsAndHeldEvents() throws {
        // Three regions, held events in the key's words (one held event: the default) …
        let generated = BenchmarkModels.regionModel(regions: 3, platforms: 2)
        let inWords = try AppModelParser.parse(generated.text.replacingOccurrences(of: "depth: 64", with: "depth: 10"), file: generated.name)
        // … and in the extras (each region's latest event held besides the triggering one).
        let latest = try AppModelParser.parse(generated.text.replacingOccurrences(of: "depth: 64", with: "depth: 10")
            .replacingOccurrences(of: "device: {platforms:", with: "device: {holdsLatestRegionEvents: true, platforms:"), file: generated.name)
        for model in [inWords, latest] {
            for r in Self.check(model) {
                #expect(r.mismatches == 0, "\(r.platform): \(r.mismatches) of \(r.states) states")
                #expect(r.states > 1000)
            }
        }
        // Holding more than one event needs the extras: more distinct ones than with one held event.
        let one = Self.check(inWords).map(\.extras).reduce(0, +)
        let more = Self.check(latest).map(\.extras).reduce(0, +)
        #expect(more > one, "extras: \(one) with the triggering event only, \(more) with each region's latest")
    }

    @Test("G5: one decoder's sets of region names follow the regions each state monitors, in their order")
    func regionSetsFollowTheRegions() {
        let a = Region(name: "a", center: Coordinate(latitude: 1, longitude: 1), radius: 100)
        let b = Region(name: "b", center: Coordinate(latitude: 2, longitude: 2), radius: 100)
        let c = Region(name: "c", center: Coordinate(latitude: 3, longitude: 3), radius: 100)
        var sets = AuthorizationModel.Packed.RegionSets()
        #expect(sets.names(0b01, of: [a, b]) == ["a"])
        #expect(sets.names(0b11, of: [a, b]) == ["a", "b"])
        #expect(sets.names(0b01, of: [a, b]) == ["a"])          // built before: the same set again
        // Another state monitors them in another order, or others: bit i is its i-th region.
        #expect(sets.names(0b01, of: [b, a]) == ["b"])
        #expect(sets.names(0b110, of: [a, b, c]) == ["b", "c"])
        #expect(sets.names(0b10, of: [a, c]) == ["c"])
        #expect(sets.names(0b01, of: [a, b]) == ["a"])
    }

    @Test("Equal keys for equal states: a state met twice is stored once")
    func equalStatesEqualKeys() throws {
        let model = try AppModelParser.parse(Self.richModel, file: "rich.yml")
        let system = AppModelSystem(model, platform: Platform(.iOS, 18))
        let codec = StateCodec(initial: system.initial)
        var a = system.apply(.launch, to: system.initial).state
        var b = system.apply(.launch, to: system.initial).state
        #expect(codec.encode(&a) == codec.encode(&b))
        var c = system.apply(.lock, to: a).state
        #expect(codec.encode(&c) != codec.encode(&a))
        #expect(codec.state(codec.encode(&c)) == c)
    }

    @Test("Distinct states of the example models have distinct key hashes")
    func hashesSpread() throws {
        for name in ["buggy-tracker.yml", "careful-tracker.yml"] {
            let model = try ExampleModels.load(name)
            let searches = model.platforms.map {
                StateSearch(system: AppModelSystem(model, platform: $0), depth: model.depth, maxStates: model.maxStates, progress: nil)
            }
            for search in SearchScheduler.run(searches, reports: false).searches {
                let n = search.table.count
                let hashes = Set((0..<n).map { search.table[Int32($0)].hash })
                #expect(hashes.count == n, "\(name) on \(search.system.platform)")
                // The table uses the low bits as the slot and the high 32 bits as a tag: each part
                // must spread like random numbers (at least 80 % of the distinct values n random
                // draws from that many give).
                func spread(_ part: (Int) -> Int, values: Double) -> (Int, Double) {
                    (Set(hashes.map(part)).count, values * (1 - exp(-Double(n) / values)))
                }
                let (low, lowExpected) = spread({ $0 & 0xFFFF }, values: 65536)
                #expect(Double(low) > 0.8 * lowExpected, "\(name) on \(search.system.platform): \(low) low values of \(n)")
                let (tags, tagsExpected) = spread({ $0 >> 32 }, values: 4_294_967_296)
                #expect(Double(tags) > 0.8 * tagsExpected, "\(name) on \(search.system.platform): \(tags) tags of \(n)")
            }
        }
    }

    @Test("Every desired accuracy and status of a manager unpacks to itself")
    func managerCodes() throws {
        let system = AppModelSystem(try AppModelParser.parse(Self.richModel, file: "rich.yml"), platform: Platform(.iOS, 18))
        let codec = StateCodec(initial: system.initial)
        var launched = system.apply(.launch, to: system.initial).state
        try #require(launched.model.services.managers.count == 1)
        for accuracy in DesiredAccuracy.allCases {
            for status in [nil] + AuthorizationStatus.allCases.map(Optional.some) {
                launched.model.services.managers[0].desiredAccuracy = accuracy
                launched.model.services.managers[0].reportedStatus = status
                #expect(codec.state(codec.encode(&launched)) == launched, "\(accuracy) \(String(describing: status))")
            }
        }
    }

    @Test("Any number of threads gives the same searches and reports")
    func threadCounts() throws {
        let model = try AppModelParser.parse(Self.richModel, file: "rich.yml")
        func run(threads: Int) -> [String] {
            let searches = model.platforms.map {
                StateSearch(system: AppModelSystem(model, platform: $0), depth: 6, maxStates: model.maxStates, progress: nil)
            }
            return SearchScheduler.run(searches, threads: threads).reports.map { report in
                let r = report!
                return "\(r.platform) \(r.states) \(r.transitions) \(r.depth) " + r.findings.map(\.scenario).joined()
            }
        }
        let one = run(threads: 1)
        #expect(one.count == model.platforms.count)
        #expect(run(threads: 2) == one)
        #expect(run(threads: 5) == one)
    }

    /// The model's fields are covered by the model's own packing test (LocSimModelTests,
    /// PackingTests); the codec adds the state's other fields, listed here.
    @Test("The key covers every stored field of the explorer state beside the model")
    func fieldsCovered() {
        #expect(Self.labels(ExplorerState(model: AuthorizationModel(), screen: 0, alwaysAsked: false)) == ["model", "screen", "alwaysAsked", "flags", "recreated"])
    }

    @Test("The record of re-created sessions packs beside the model's flags and unpacks to itself")
    func recreatedRoundTrip() throws {
        let model = try AppModelParser.parse(Self.richModel, file: "rich.yml")
        let system = AppModelSystem(model, platform: Platform(.iOS, 18))
        let codec = StateCodec(initial: system.initial)
        var plain = system.apply(.launch, to: system.initial).state
        for recreated: UInt8 in [1, 2, 4, 7] {
            var marked = plain
            marked.recreated = recreated
            let key = codec.encode(&marked)
            #expect(key != codec.encode(&plain))
            #expect(codec.state(key) == marked)
        }
        #expect(codec.state(codec.encode(&plain)) == plain)
    }

    @Test("The app's storage flags pack beside the extras number and unpack to themselves")
    func flagsRoundTrip() throws {
        let model = try AppModelParser.parse(Self.richModel, file: "rich.yml")
        let system = AppModelSystem(model, platform: Platform(.iOS, 18))
        let codec = StateCodec(initial: system.initial)
        var plain = system.apply(.lock, to: system.apply(.launch, to: system.initial).state).state
        var flagged = plain
        flagged.flags = 0x8000_0001
        let (p, f) = (codec.encode(&plain), codec.encode(&flagged))
        #expect(p != f)
        #expect(p.extrasNumber == f.extrasNumber)
        #expect(codec.state(f) == flagged)
        #expect(codec.state(p) == plain)
    }

    @Test("Instants and counters the key's narrow words cannot hold are stored whole and unpack to themselves")
    func wideWords() throws {
        let model = try AppModelParser.parse(Self.richModel, file: "rich.yml")
        let system = AppModelSystem(model, platform: Platform(.iOS, 18))
        let codec = StateCodec(initial: system.initial)
        var background = system.apply(.background, to: system.apply(.launch, to: system.initial).state).state
        // An exploration's instants are whole milliseconds: this state narrows.
        try #require(background.model.lifecycle.graceEndsAt != nil)
        #expect(codec.state(codec.encode(&background)) == background)
        #expect(codec.wideCount == 0)
        var cases: [ExplorerState] = []
        // Off the millisecond, beyond 32-bit milliseconds (about 24 days), before the present,
        // and a counter past 16 bits.
        for grace: Duration in [.nanoseconds(1_500_001), .seconds(30 * 86_400), .milliseconds(-2)] {
            var s = background
            s.model.lifecycle.graceEndsAt = grace
            cases.append(s)
        }
        var counted = background
        counted.model.usageReminder.backgroundUseCount = 70_000
        cases.append(counted)
        for var s in cases {
            let key = codec.encode(&s)
            #expect(codec.state(key) == s)
            #expect(key != codec.encode(&background))
            // The same state again: the same key, stored once.
            var again = s
            #expect(codec.encode(&again) == key)
        }
        // −2 ms fits the narrow words; the other three are stored whole, once each.
        #expect(codec.wideCount == 3)
    }

    static func labels(_ value: Any) -> [String] { Mirror(reflecting: value).children.compactMap(\.label) }
}
