import Foundation
@testable import LocSimExplorer
import LocSimModel
import LocSimScenario
import Testing

/// Issue 32, item 2: when the app treats regions alike, the explorer stores one state per renaming
/// of them (``RegionSymmetry``), found by checking the model; findings and the reachable states,
/// up to the renaming, are those of the search without it, and counterexamples name concrete
/// regions and replay.
@Suite("Symmetry reduction (issue 32): regions the app treats alike are searched once per renaming")
struct SymmetryReductionTests {
    /// The issue's geofencing app with `regions` regions (a tap per region, iOS 18.0).
    static func geofences(_ regions: Int) -> String { BenchmarkModels.geofenceModel(regions: regions).text }

    /// The geofencing app of `regions` regions with `line` added to its reactions.
    static func geofences(_ regions: Int = 3, adding line: String) -> String {
        geofences(regions).replacingOccurrences(of: "explore:\n", with: "\(line)\nexplore:\n")
    }

    /// An app with a finding about each region: back in a When In Use world (Settings › While
    /// Using, in the background), it monitors every region, out of use (`backgroundStart
    /// monitorRegion`, one key per region); a region's entry starts updates.
    static func monitorsOutOfUse(_ regions: Int) -> String {
        let calls = (1...regions).map { "{monitorRegion: r\($0)}" }.joined(separator: ", ")
        return geofences(regions, adding: "    - {event: didChangeAuthorization(authorizedWhenInUse), when: ready, do: [\(calls)]}\n"
                         + "    - {event: didEnterRegion, do: [startUpdating]}")
    }

    /// The geofencing app on iOS 18's API with `conditions` conditions (a tap per condition of the
    /// monitor `places`), with `line` added to its reactions, to depth 8 (its one-condition space
    /// closes at 195,368 states, depth 26: two conditions are too many for a debug build's test).
    static func monitorGeofences(_ conditions: Int, adding line: String? = nil) -> String {
        let text = BenchmarkModels.monitorGeofenceModel(conditions: conditions, depth: 8).text
        return line.map { text.replacingOccurrences(of: "explore:\n", with: "\($0)\nexplore:\n") } ?? text
    }

    /// The two-condition app that removes a condition when its event says the device left it.
    static let removesOnExit = monitorGeofences(2, adding: "    - {event: {monitorEvent: [c1, unsatisfied]}, do: [{removeCondition: {monitor: places, identifier: c1}}]}\n"
                                                    + "    - {event: {monitorEvent: [c2, unsatisfied]}, do: [{removeCondition: {monitor: places, identifier: c2}}]}")

    /// An iOS 18 app with `features` features, each with its own service session (with
    /// `streams`, its own live-updates stream) made and ended by its own taps, and ended again
    /// when it says the app is out of use; `line` added to its reactions, searched to `depth`.
    static func features(_ features: Int, streams: Bool = false, platform: String = "iOS 18.0", adding line: String? = nil, depth: Int = 10) -> String {
        var text = """
        name: features
        device: {platforms: [\(platform)]}
        app:
          name: Features
          backgroundModes: [location]
          screens: [home, blocked]
          on:

        """
        for k in 1...features {
            if streams {
                text += "    - {event: tap(start\(k)), do: [{startLiveUpdates: f\(k)}]}\n"
                text += "    - {event: tap(end\(k)), goto: home, do: [{stopLiveUpdates: f\(k)}]}\n"
                text += "    - {event: {liveUpdate: [f\(k), nil, insufficientlyInUse]}, goto: blocked, do: [{stopLiveUpdates: f\(k)}]}\n"
            } else {
                text += "    - {event: tap(start\(k)), do: [{createServiceSession: {name: f\(k), authorization: whenInUse}}]}\n"
                text += "    - {event: tap(end\(k)), goto: home, do: [{invalidateServiceSession: f\(k)}]}\n"
                text += "    - {event: {diagnostic: [f\(k), insufficientlyInUse]}, goto: blocked, do: [{invalidateServiceSession: f\(k)}]}\n"
            }
        }
        if let line { text += line + "\n" }
        text += "explore:\n  depth: \(depth)\n  taps: [\((1...features).flatMap { ["start\($0)", "end\($0)"] }.joined(separator: ", "))]\n"
        return text
    }

    /// A two-feature app whose screen waits after each feature's tap for its session's answer:
    /// it hangs (a finding per status), whichever session the path made.
    static let waitingFeatures = features(2).replacingOccurrences(of: "screens: [home, blocked]", with: "screens: [home, blocked]\n  waiting: [blocked]")
        .replacingOccurrences(of: "tap(start1), do:", with: "tap(start1), goto: blocked, do:")
        .replacingOccurrences(of: "tap(start2), do:", with: "tap(start2), goto: blocked, do:")
        .replacingOccurrences(of: "insufficientlyInUse]}, goto: blocked", with: "authorizationDenied]}, goto: home")
        .replacingOccurrences(of: "  taps:", with: "  tapsOn: {blocked: []}\n  taps:")

    static func model(_ text: String) throws -> AppModel { try AppModelParser.parse(text, file: "symmetry.yml") }

    static func symmetry(_ text: String) throws -> RegionSymmetry? { RegionSymmetry(try model(text)) }

    /// The search of `text` on its first platform, with or without symmetry, to its end, and its report.
    static func search(_ text: String, symmetric: Bool) throws -> (search: StateSearch, report: PlatformExploration) {
        let model = try model(text)
        var search = StateSearch(system: AppModelSystem(model, platform: model.platforms[0], symmetric: symmetric), depth: model.depth,
                                 maxStates: model.maxStates, progress: nil)
        search.checkCodec = true
        let run = SearchScheduler.run([search], threads: 1)
        return (run.searches[0], run.reports[0]!)
    }

    /// A state as a set element.
    struct StateValue: Hashable {
        var model: AuthorizationModel, screen: UInt8, alwaysAsked: Bool, flags: UInt32, recreated: UInt8
        init(_ s: ExplorerState) {
            (model, screen, alwaysAsked, flags, recreated) = (s.model, s.screen, s.alwaysAsked, s.flags, s.recreated)
        }
    }

    /// The findings as the with/without comparison sees them: a key's text names no region, so
    /// findings of one orbit (the same finding about r1 and r3) are one.
    static func findings(_ findings: [Finding]) -> Set<String> {
        Set(findings.map { "\($0.kind.rawValue) \($0.key) [\($0.platform)] depth \($0.depth)" })
    }

    // MARK: Detection

    @Test("the geofencing app's regions and their taps are one class, found in the model")
    func geofencesAreSymmetric() throws {
        let s = try #require(try Self.symmetry(Self.geofences(3)))
        #expect(s.classNames == [["r1", "r2", "r3"]])
        #expect(s.taps == ["r1", "r2", "r3"])
        #expect(try Self.symmetry(Self.geofences(1)) == nil)
        // One tap monitoring every region (the region model): the calls' order is no state.
        let regions = try #require(try Self.symmetry(BenchmarkModels.regionModel(regions: 4, platforms: 1).text))
        #expect(regions.classNames == [["r1", "r2", "r3", "r4"]])
        #expect(regions.taps == [nil, nil, nil, nil])
    }

    @Test("a region with its own reaction, radius or flag is told apart; the others stay alike")
    func asymmetricRegionsAreToldApart() throws {
        // A reaction to one region's entry only.
        let entry = try #require(try Self.symmetry(Self.geofences(3, adding: "    - {event: didEnterRegion(r1), do: [startUpdating]}")))
        #expect(entry.classNames == [["r2", "r3"]])
        #expect(try Self.symmetry(Self.geofences(2, adding: "    - {event: didEnterRegion(r1), do: [startUpdating]}")) == nil)
        // A bare region callback treats every region alike.
        #expect(try Self.symmetry(Self.geofences(3, adding: "    - {event: didEnterRegion, do: [startUpdating]}"))?.classNames == [["r1", "r2", "r3"]])
        // Another radius.
        let radius = Self.geofences(3).replacingOccurrences(of: "do: [{monitorRegion: r2}]", with: "do: [{monitorRegion: {name: r2, radius: 250}}]")
        #expect(radius != Self.geofences(3))
        #expect(try Self.symmetry(radius)?.classNames == [["r1", "r3"]])
        // Another screen after the tap, or a flag set.
        let screen = Self.geofences(2).replacingOccurrences(of: "do: [{monitorRegion: r2}]", with: "do: [{monitorRegion: r2}], goto: home")
        #expect(screen != Self.geofences(2))
        #expect(try Self.symmetry(screen) == nil)
        let flag = Self.geofences(2).replacingOccurrences(of: "do: [{monitorRegion: r1}]", with: "do: [{monitorRegion: r1}], set: [on]")
        #expect(try Self.symmetry(flag) == nil)
        // A tap offered on other screens.
        let offered = Self.geofences(2).replacingOccurrences(of: "  maxStates:", with: "  tapsOn: {home: [allow, r1]}\n  maxStates:")
        #expect(try Self.symmetry(offered) == nil)
        // One tap monitoring both, for an app that reads monitoring failures: the order shows.
        let failures = BenchmarkModels.geofenceModel(regions: 2, oneTap: true).text
            .replacingOccurrences(of: "explore:\n", with: "    - {event: monitoringDidFail, goto: blocked}\nexplore:\n")
        #expect(try Self.symmetry(failures) == nil)
        #expect(try Self.symmetry(BenchmarkModels.geofenceModel(regions: 2, oneTap: true).text) != nil)
    }

    @Test("a monitor's conditions and their taps are one class; a condition with its own reaction, geometry or second monitor is told apart")
    func conditionsAreSymmetric() throws {
        let s = try #require(try Self.symmetry(Self.monitorGeofences(3)))
        #expect(s.conditionClassNames == [["c1", "c2", "c3"]])
        #expect(s.taps == ["c1", "c2", "c3"])
        #expect(s.classNames.isEmpty)
        #expect(try Self.symmetry(Self.monitorGeofences(1)) == nil)
        // A reaction to one condition's events only.
        let own = try #require(try Self.symmetry(Self.monitorGeofences(3, adding: "    - {event: monitorEvent(c1), goto: home}")))
        #expect(own.conditionClassNames == [["c2", "c3"]])
        // A reaction per condition, alike: the renaming maps each onto the other's.
        let each = Self.monitorGeofences(2, adding: "    - {event: {monitorEvent: [c1, unsatisfied]}, goto: home}\n    - {event: {monitorEvent: [c2, unsatisfied]}, goto: home}")
        #expect(try Self.symmetry(each)?.conditionClassNames == [["c1", "c2"]])
        // Another radius.
        let radius = Self.monitorGeofences(3).replacingOccurrences(of: "identifier: c2}", with: "identifier: c2, radius: 250}")
        #expect(radius != Self.monitorGeofences(3))
        #expect(try Self.symmetry(radius)?.conditionClassNames == [["c1", "c3"]])
        // Conditions of two monitors, or names that are also regions the manager monitors, stay
        // (every tap alike, so only the exclusion tells them apart).
        var twice = Self.monitorGeofences(3), region = twice
        for c in ["c1", "c2", "c3"] {
            twice = twice.replacingOccurrences(of: "identifier: \(c)}}]}", with: "identifier: \(c)}}, {addCondition: {monitor: other, identifier: \(c)}}]}")
            region = region.replacingOccurrences(of: "identifier: \(c)}}]}", with: "identifier: \(c)}}, {monitorRegion: \(c)}]}")
        }
        #expect(twice != Self.monitorGeofences(3) && region != Self.monitorGeofences(3))
        #expect(try Self.symmetry(twice) == nil)
        #expect(try Self.symmetry(region) == nil)
        // Removing a condition renames with it.
        #expect(try Self.symmetry(Self.removesOnExit)?.conditionClassNames == [["c1", "c2"]])
    }

    @Test("sessions and streams the app treats alike are one class with the taps that follow them; one with its own requirement, reaction or kind is told apart")
    func sessionsAreSymmetric() throws {
        let s = try #require(try Self.symmetry(Self.features(3)))
        #expect(s.sessionClassNames == [["f1", "f2", "f3"]])
        #expect(s.sessionClasses == [[SessionID(1), SessionID(2), SessionID(3)]])
        #expect(s.classNames.isEmpty && s.conditionClassNames.isEmpty)
        #expect(try Self.symmetry(Self.features(2, streams: true))?.sessionClassNames == [["f1", "f2"]])
        #expect(try Self.symmetry(Self.features(1)) == nil)
        // Another requirement.
        let always = Self.features(3).replacingOccurrences(of: "{name: f2, authorization: whenInUse}", with: "{name: f2, authorization: always}")
        #expect(always != Self.features(3))
        #expect(try Self.symmetry(always)?.sessionClassNames == [["f1", "f3"]])
        // A reaction to one session's diagnostic only.
        let own = Self.features(3, adding: "    - {event: {diagnostic: [f1, authorizationDenied]}, goto: blocked}")
        #expect(try Self.symmetry(own)?.sessionClassNames == [["f2", "f3"]])
        // A flag one feature sets (flags are not renamed).
        let flag = Self.features(2).replacingOccurrences(of: "tap(start1), do:", with: "tap(start1), set: [on], do:")
        #expect(flag != Self.features(2))
        #expect(try Self.symmetry(flag) == nil)
        // One tap making both: the order of the calls shows.
        let both = Self.features(2, adding: "    - {event: tap(both), do: [{createServiceSession: {name: f1, authorization: whenInUse}}, {createServiceSession: {name: f2, authorization: whenInUse}}]}")
            .replacingOccurrences(of: "  taps: [", with: "  taps: [both, ")
        #expect(both.contains("taps: [both, start1"))
        #expect(try Self.symmetry(both) == nil)
        // Background activity sessions are alike too.
        let activity = Self.features(3).replacingOccurrences(of: "{createServiceSession: {name: f2, authorization: whenInUse}}", with: "{startBackgroundActivity: f2}")
            .replacingOccurrences(of: "{createServiceSession: {name: f3, authorization: whenInUse}}", with: "{startBackgroundActivity: f3}")
            .replacingOccurrences(of: "{invalidateServiceSession: f2}", with: "{invalidateBackgroundActivity: f2}")
            .replacingOccurrences(of: "{invalidateServiceSession: f3}", with: "{invalidateBackgroundActivity: f3}")
        #expect(activity.components(separatedBy: "BackgroundActivity").count == 7)
        #expect(try Self.symmetry(activity)?.sessionClassNames == [["f2", "f3"]])
        // A session and a stream are of two kinds.
        let mixed = Self.features(2).replacingOccurrences(of: "{createServiceSession: {name: f2, authorization: whenInUse}}", with: "{startLiveUpdates: f2}")
            .replacingOccurrences(of: "{invalidateServiceSession: f2}", with: "{stopLiveUpdates: f2}")
            .replacingOccurrences(of: "{diagnostic: [f2, insufficientlyInUse]}", with: "{liveUpdate: [f2, insufficientlyInUse]}")
        #expect(mixed != Self.features(2))
        #expect(try Self.symmetry(mixed) == nil)
        // The finding keys of one orbit are one: the call and the tap go to the first of the class.
        #expect(s.orbitKey(.ignored(.createServiceSession(SessionID(3), .whenInUse, fullAccuracyPurposeKey: nil), .notAuthorized))
                == .ignored(.createServiceSession(SessionID(1), .whenInUse, fullAccuracyPurposeKey: nil), .notAuthorized))
        #expect(s.orbitKey(.promptOnForeground(.initial, .tap("start2"))) == .promptOnForeground(.initial, .tap("start1")))
        #expect(s.orbitKey(.promptOnForeground(.initial, .tap("end3"))) == .promptOnForeground(.initial, .tap("end1")))
        // The waiting app: alike, and its hangs found with the reduction (compared without it below).
        #expect(try Self.symmetry(Self.waitingFeatures)?.sessionClassNames == [["f1", "f2"]])
        let hangs = try Self.search(Self.waitingFeatures, symmetric: true).report.findings.filter { $0.kind == .hang }
        #expect(hangs.count == 3)
    }

    @Test("O3, O12: the canonical form gives a class's numbers to its sessions in the order the app made them, what the state says of each moving with it")
    func sessionsKeepTheirOrder() throws {
        let model = try Self.model(Self.features(3))
        let symmetry = try #require(RegionSymmetry(model))
        let system = AppModelSystem(model, platform: model.platforms[0], symmetric: true)
        func session(_ n: Int, engaged: Bool) -> ServiceSessionState {
            ServiceSessionState(id: SessionID(n), requirement: .whenInUse, fullAccuracyPurposeKey: nil, engaged: engaged)
        }
        var state = system.initial
        state.model.sessions.service = [session(3, engaged: true), session(1, engaged: false)]
        var scratch = RegionSymmetry.Scratch()
        #expect(symmetry.canonicalize(&state, &scratch))
        #expect(state.model.sessions.service == [session(1, engaged: true), session(2, engaged: false)])
        #expect(!symmetry.canonicalize(&state, &scratch))
        // Made in the other order: another orbit (the order is what the rules deliver by), already canonical.
        var other = system.initial
        other.model.sessions.service = [session(1, engaged: false), session(2, engaged: true)]
        #expect(!symmetry.canonicalize(&other, &scratch))
        #expect(other != state)
        // One held: it is the first, whichever it was.
        var one = system.initial
        one.model.sessions.service = [session(2, engaged: true)]
        #expect(symmetry.canonicalize(&one, &scratch))
        #expect(one.model.sessions.service == [session(1, engaged: true)])
    }

    @Test("O15: the canonical form gives a class's identifiers to its conditions in the order they were added, their states moving with them")
    func conditionsKeepTheirOrder() throws {
        let model = try Self.model(Self.monitorGeofences(3))
        let symmetry = try #require(RegionSymmetry(model))
        let system = AppModelSystem(model, platform: model.platforms[0], symmetric: true)
        func condition(_ name: String, _ state: MonitoringState) -> MonitorCondition {
            MonitorCondition(region: Region(name: name), state: state, date: .zero, pending: state == .satisfied)
        }
        var state = system.initial
        state.model.sessions.monitors = [MonitorState(name: "places", conditions: [condition("c3", .satisfied), condition("c1", .unsatisfied)], open: true)]
        var scratch = RegionSymmetry.Scratch()
        #expect(symmetry.canonicalize(&state, &scratch))
        #expect(state.model.sessions.monitors[0].conditions == [condition("c1", .satisfied), condition("c2", .unsatisfied)])
        #expect(!symmetry.canonicalize(&state, &scratch))
        // Added in the other order: another orbit (the order is state), already canonical.
        var other = system.initial
        other.model.sessions.monitors = [MonitorState(name: "places", conditions: [condition("c1", .unsatisfied), condition("c2", .satisfied)], open: true)]
        #expect(!symmetry.canonicalize(&other, &scratch))
        #expect(other != state)
        // With two absent, tapping the second is tapping the first, renamed; tapping the one present is not taken again.
        var one = system.initial
        one.model.sessions.monitors = [MonitorState(name: "places", conditions: [condition("c1", .unsatisfied)], open: true)]
        #expect(symmetry.signatures(of: one.model, into: &scratch))
        #expect(!symmetry.repeats(.tap("c2"), scratch))
        #expect(symmetry.repeats(.tap("c3"), scratch))
        // Present conditions are each their own place: their entries and exits are all taken.
        var two = system.initial
        two.model.sessions.monitors = [MonitorState(name: "places", conditions: [condition("c1", .unsatisfied), condition("c2", .unsatisfied)], open: true)]
        #expect(symmetry.signatures(of: two.model, into: &scratch))
        #expect(!symmetry.repeats(.enterRegion("c2"), scratch))
        #expect(!symmetry.repeats(.tap("c2"), scratch))
        #expect(!symmetry.repeats(.tap("c3"), scratch))
    }

    @Test("no example is symmetric: their searches and reports are as without symmetry")
    func examplesAreNotSymmetric() throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: ExampleModels.directory).filter({ $0.hasSuffix(".yml") }).sorted() {
            let model = try AppModelParser.parse(contentsOf: ExampleModels.path(name))
            #expect(RegionSymmetry(model) == nil, "\(name)")
        }
    }

    // MARK: With and without

    @Test("findings and reachable canonical states agree with and without symmetry",
          arguments: [geofences(1), geofences(2), geofences(3), monitorsOutOfUse(2),
                      BenchmarkModels.regionModel(regions: 2, platforms: 1).text,
                      // Each region's latest event held besides the triggering one (G5), to depth 12.
                      BenchmarkModels.regionModel(regions: 3, platforms: 1).text.replacingOccurrences(of: "depth: 64", with: "depth: 12")
                          .replacingOccurrences(of: "device: {platforms:", with: "device: {holdsLatestRegionEvents: true, platforms:"),
                      // Not symmetric: r1's entry has a reaction of its own.
                      geofences(2, adding: "    - {event: didEnterRegion(r1), do: [startUpdating]}"),
                      // A monitor's conditions (O15), with a reaction per condition (renamed with it).
                      monitorGeofences(2), monitorGeofences(3),
                      removesOnExit,
                      // Sessions and streams (section O), a class of each; and one told apart.
                      features(2), features(3, depth: 8), features(2, streams: true),
                      features(3, adding: "    - {event: {diagnostic: [f1, authorizationDenied]}, goto: blocked}", depth: 8),
                      features(2, streams: true, platform: "iOS 17.0"), waitingFeatures])
    func withAndWithout(_ text: String) throws {
        let model = try Self.model(text)
        let symmetry = RegionSymmetry(model)
        let (plain, without) = try Self.search(text, symmetric: false)
        let (reduced, with) = try Self.search(text, symmetric: true)
        #expect(plain.codecMismatches == 0 && reduced.codecMismatches == 0)
        #expect(without.exhaustive == with.exhaustive)
        #expect(without.exhaustive || model.depth < 64, "the search closes")
        let reducedStates = (0..<reduced.table.count).map { reduced.codec.state(reduced.table[Int32($0)]) }
        if let symmetry {
            var scratch = RegionSymmetry.Scratch()
            // Every stored state is canonical, and every reachable state's canonical form is stored.
            for var s in reducedStates { #expect(!symmetry.canonicalize(&s, &scratch)) }
            let canonical = Set((0..<plain.table.count).map { i -> StateValue in
                var s = plain.codec.state(plain.table[Int32(i)])
                symmetry.canonicalize(&s, &scratch)
                return StateValue(s)
            })
            #expect(canonical == Set(reducedStates.map(StateValue.init)))
            #expect(reduced.table.count < plain.table.count)
            #expect(with.symmetricRegions == symmetry.classNames)
            #expect(with.symmetricConditions == symmetry.conditionClassNames)
            #expect(with.symmetricSessions == symmetry.sessionClassNames)
        } else {
            #expect(reduced.table.count == plain.table.count)
            #expect(with.transitions == without.transitions)
            #expect(with.symmetricRegions.isEmpty && with.symmetricConditions.isEmpty && with.symmetricSessions.isEmpty)
        }
        #expect(without.symmetricRegions.isEmpty && without.symmetricConditions.isEmpty && without.symmetricSessions.isEmpty)
        #expect(with.depth == without.depth)
        // The same findings, up to the renaming (a key's text names no region).
        #expect(Self.findings(with.findings) == Self.findings(without.findings))
        // Every counterexample names concrete regions and replays.
        for f in with.findings {
            let result = ScenarioRunner.run(try ScenarioParser.parse(f.scenario, file: f.fileName))
            #expect(result.outcome == .passed, "\(f.kind) \(f.key):\n\(f.scenario)\n\(result.timeline.text)")
        }
    }

    @Test("a finding about each region is one finding with symmetry, its counterexample about a concrete region")
    func regionFindingsAreOneOrbit() throws {
        let with = try Self.search(Self.monitorsOutOfUse(2), symmetric: true).report
        let without = try Self.search(Self.monitorsOutOfUse(2), symmetric: false).report
        let key = "monitorRegion"
        let plain = without.findings.filter { $0.kind == .backgroundStart && $0.key == key }
        let reduced = with.findings.filter { $0.kind == .backgroundStart && $0.key == key }
        // Without symmetry a finding per region (keys that print alike); with it, one.
        #expect(plain.count == 2)
        #expect(reduced.count == 1)
        let scenario = try #require(reduced.first?.scenario)
        #expect(scenario.contains("monitorRegion: r"))
    }

    @Test("--no-symmetry and the report: the classes are named, and the counts are those of every state without")
    func commandLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symmetry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("geofences.yml").path
        try Self.geofences(2).write(toFile: file, atomically: true, encoding: .utf8)
        let with = ExploreCommandLine.run(files: [file])
        let without = ExploreCommandLine.run(files: [file], symmetry: false)
        #expect(with.stdout.contains("regions r1, r2: the app treats them alike"))
        #expect(!without.stdout.contains("alike"))
        let plain = try Self.search(Self.geofences(2), symmetric: false).report
        #expect(without.stdout.contains("iOS 18.0: \(plain.states) states, \(plain.transitions) transitions"))
        let json = ExploreCommandLine.run(files: [file], format: .json)
        #expect(json.stdout.contains(#""symmetricRegions":[["r1","r2"]]"#))
        #expect(with.status == without.status)
        // A monitor's conditions: named apart from regions.
        let monitor = dir.appendingPathComponent("monitor.yml").path
        try Self.monitorGeofences(2).write(toFile: monitor, atomically: true, encoding: .utf8)
        let conditions = ExploreCommandLine.run(files: [monitor])
        #expect(conditions.stdout.contains("conditions c1, c2: the app treats them alike"))
        #expect(!conditions.stdout.contains("regions c1"))
        #expect(ExploreCommandLine.run(files: [monitor], format: .json).stdout.contains(#""symmetricConditions":[["c1","c2"]]"#))
        // Sessions: named apart too.
        let features = dir.appendingPathComponent("features.yml").path
        try Self.features(2).write(toFile: features, atomically: true, encoding: .utf8)
        #expect(ExploreCommandLine.run(files: [features]).stdout.contains("\n  sessions f1, f2: the app treats them alike, one state stored per renaming of them (--no-symmetry: each)\n"))
        #expect(!ExploreCommandLine.run(files: [features], symmetry: false).stdout.contains("alike"))
        #expect(ExploreCommandLine.run(files: [features], format: .json).stdout.contains(#""symmetricSessions":[["f1","f2"]]"#))
    }
}
