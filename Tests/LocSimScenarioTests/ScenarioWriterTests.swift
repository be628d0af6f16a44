import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

/// SplitMix64: a small seeded generator, so every run tests the same scenarios.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random scenarios: every step action, every expectation key, device parameters, app fields,
/// strings YAML reads as something else, durations of every unit.
struct ScenarioGenerator {
    var rng: SplitMix64
    /// The GPX fixture, read once, and its path relative to the scenario file.
    let gpx: (track: GPXTrack, path: String)

    /// Strings that need quoting, or look like they might.
    static let oddStrings = [
        "home", "my home", " leading", "trailing ", "it's", "say \"hi\"", "a: b", "key:value", "#hash", "a #b", "- dash",
        "[x]", "{y}", "a, b", "Café", "東京", "emoji 🚗", "yes", "no", "on", "off", "true", "False", "null", "Null", "~",
        "y", "N", "123", "1.5", "0x10", "1e3", "10s", "-1", ".dot", "", "tab\there", "line\nbreak", "back\\slash",
        "nel\u{85}x", "ls\u{2028}x", "del\u{7F}x", "bom\u{FEFF}x", "bell\u{07}", "cr\rlf", "&anchor", "*alias", "!tag", "%pct",
        "@at", "`tick`", "|pipe", ">fold", "?q", "main", "a-b.c_d", "Ωmega", "e\u{301}", "<<", "---", "...", "'single'",
    ]
    static let pieces = ["a", "Z", "7", " ", ":", "#", "-", ",", "[", "]", "{", "}", "'", "\"", "\\", "é", "東", "🚗", "\t", "\n", "!", "&", "*", "?", "|", ">", "%", "@", "."]
    /// Region names a callback spelling can hold (no spaces, parentheses or commas).
    static let callbackRegions = ["home", "park_2", "Café", "a.b-c", "東京", "R1", "null", "yes"]

    init(seed: UInt64, gpx: (GPXTrack, String)) {
        rng = SplitMix64(seed: seed)
        self.gpx = gpx
    }

    mutating func bool() -> Bool { Bool.random(using: &rng) }
    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    mutating func int(_ r: ClosedRange<Int>) -> Int { Int.random(in: r, using: &rng) }
    mutating func pick<T>(_ xs: [T]) -> T { xs[int(0...(xs.count - 1))] }
    mutating func maybe<T>(_ p: Double = 0.3, _ make: (inout ScenarioGenerator) -> T) -> T? { chance(p) ? make(&self) : nil }

    mutating func string() -> String {
        if chance(0.6) { return pick(Self.oddStrings) }
        return (0..<int(1...6)).map { _ in pick(Self.pieces) }.joined()
    }

    mutating func number() -> Double {
        switch int(0...3) {
        case 0: Double(int(-1000...100_000))
        case 1: Double(int(1...99_999)) / 100
        case 2: Double.random(in: -1e9...1e9, using: &rng)
        default: pick([0.1, 1e-7, 123_456_789.123, 2.5e20, -0.5])
        }
    }

    mutating func coordinate() -> Coordinate {
        Coordinate(latitude: pick([Double.random(in: -90...90, using: &rng), 90, -90, 0, 37.3349]),
                   longitude: pick([Double.random(in: -180...180, using: &rng), 180, -180, -122.009]))
    }

    mutating func duration() -> Duration {
        let limit = DurationText.milliseconds(DurationText.limit)
        let ms: Int64 = switch int(0...6) {
        case 0: 0
        case 1: Int64(int(1...999))
        case 2: Int64(int(1...86_400)) * 1000
        case 3: Int64(int(1...1440)) * 60_000
        case 4: Int64(int(1...1000)) * 3_600_000
        case 5: Int64(int(1...36_500)) * 86_400_000
        default: Int64.random(in: 0...limit, using: &rng)
        }
        return .milliseconds(ms)
    }

    mutating func platform() -> Platform {
        while true {
            let os = pick(Platform.OS.allCases)
            let p = Platform(os, int(Platform.knownMajorVersions(of: os)), int(0...5))
            if p.isKnownRelease { return p }
        }
    }

    mutating func device() -> DeviceSpec {
        var d = DeviceSpec()
        if bool() { d.platform = platform() }
        if chance(0.3) { d.locationServices = false }
        if chance(0.3) { d.restricted = true }
        var p = d.parameters
        if bool() { p.gracePeriod = duration() }
        if bool() { p.allowOnceLapse = duration() }
        if bool() { p.confirmationPromptDelay = duration() }
        if bool() { p.heldEventWindow = duration() }
        if bool() { p.deliverHeldEventsAfterLateAnswer = bool() }
        if bool() { p.lockDismissesPrompt = bool() }
        if bool() { p.showsLocationServicesOffDialog = bool() }
        if bool() { p.macOSStartShowsPrompt = bool() }
        if bool() { p.allowOnceExpiryRestoresAlwaysRequest = bool() }
        if bool() { p.unansweredAlwaysPromptSpendsRequest = bool() }
        if bool() { p.airplaneModeDeniesLocation = bool() }
        if bool() { p.reinstallKeepsAuthorization = bool() }
        if bool() { p.macOSWhenInUseKeySufficesFrom = int(0...999) }
        if bool() { p.reducedAccuracyInterval = duration() }
        if bool() { p.significantChangeDistance = abs(number()) }  // a distance: 0 or more
        if bool() { p.usageReminderAfter = duration() }
        if bool() { p.startTimeOfDay = .seconds(int(0...86_399)) }
        if bool() { p.widgetInUseDuration = duration() }
        if bool() { p.recentUseWindow = duration() }
        if bool() { p.pairedIPhonePrecise = bool() }
        if bool() { p.appClipLocationConfirmation = bool() }
        if bool() { p.sessionRecreationWindow = duration() }
        if bool() { p.honoredExplicitSessionKeys = Set(ExplicitSessionKey.allCases.filter { _ in bool() }) }
        if bool() { p.releasingBackgroundActivitySessionEndsIt = bool() }
        if bool() { p.monitorConditionLimit = int(0...100) }
        if bool() { p.monitorPersistenceAvailable = bool() }
        if bool() { p.outOfUseLiveUpdatesDiagnostic = flags() }
        if bool() { p.sessionsEngageInGracePeriod = bool() }
        if bool() { p.forceQuitEndsBackgroundActivitySession = bool() }
        if chance(0.3) { p.forceQuitBlocksRelaunchFrom = platform() }
        if bool() { p.requestLocationFailsWhileNotDetermined = bool() }
        d.parameters = p
        if bool() { d.location = chance(0.2) ? nil : coordinate() }
        return d
    }

    mutating func app() -> AppDescription {
        var a = AppDescription()
        if bool() { a.name = string() }
        if bool() { a.purposeStrings = Dictionary(uniqueKeysWithValues: PurposeKey.allCases.filter { _ in bool() }.map { ($0, string()) }) }
        if bool() { a.backgroundModes = Set((0..<int(0...3)).map { _ in chance(0.5) ? "location" : string() }) }
        if chance(0.3) { a.defaultAccuracyReduced = true }
        if bool() { a.temporaryPurposeKeys = Dictionary((0..<int(0...3)).map { _ in (string(), string()) }, uniquingKeysWith: { a, _ in a }) }
        if chance(0.2) { a.compatibleApp = true }
        if chance(0.2) { a.appSandbox = true }
        if chance(0.2) { a.locationEntitlement = true }
        if chance(0.3) { a.delegateMethods = DelegateMethods(rawValue: UInt8(int(0...255))) }
        if chance(0.2) { a.appClip = true }
        if chance(0.2) { a.requestsLocationConfirmation = true }
        if chance(0.2) { a.widgetWantsLocation = true }
        if chance(0.3) { a.explicitServiceSessionKeys = Set(ExplicitSessionKey.allCases.filter { _ in bool() }) }
        if chance(0.3) { a.scenes = true }
        return a
    }

    /// Diagnostic flags: none, one, or several.
    mutating func flags() -> Diagnostics {
        Diagnostics(Diagnostics.names.map(\.0).filter { _ in chance(0.2) })
    }

    /// A name a section-O step gives an object (the parser reads an empty, `~` or `null` one as none).
    mutating func objectName() -> String {
        pick(Self.oddStrings.filter { !["", "~", "null"].contains($0) })
    }

    /// A section-O call on a named object, as the parser reads it (session numbers unallocated).
    mutating func objectCall() -> StepAction {
        let name = objectName(), n = StepAction.unnumbered
        switch int(0...8) {
        case 0: return .objectCall(.createServiceSession(n, pick(SessionRequirement.allCases), fullAccuracyPurposeKey: maybe(0.5) { $0.objectName() }), object: name)
        case 1: return .objectCall(.invalidateServiceSession(n), object: name)
        case 2: return .objectCall(.startBackgroundActivity(n), object: name)
        case 3: return .objectCall(.invalidateBackgroundActivity(n), object: name)
        case 4: return .objectCall(.startLiveUpdates(n), object: name)
        case 5: return .objectCall(.stopLiveUpdates(n), object: name)
        case 6: return .objectCall(.openMonitor(name), object: name)
        case 7:
            let region = Region(name: string(), center: maybe(0.5) { $0.coordinate() }, radius: chance(0.4) ? 100 : pick([0, -5, 12.5, Double(int(1...100_000))]))
            return .objectCall(.addCondition(monitor: name, region, assuming: pick([.unknown, .satisfied, .unsatisfied])), object: name)
        default: return .objectCall(.removeCondition(monitor: name, identifier: string()), object: name)
        }
    }

    mutating func manager() -> String { chance(0.6) ? "main" : string() }

    mutating func call() -> AppCall {
        switch int(0...12) {
        case 0: .requestWhenInUse
        case 1: .requestAlways
        case 2: .requestLocation
        case 3: .startUpdating
        case 4: .stopUpdating
        case 5: .startSignificantChanges
        case 6: .stopSignificantChanges
        case 7: .startVisits
        case 8: .stopVisits
        case 9: .monitorRegion(Region(name: string(), center: maybe(0.5) { $0.coordinate() },
                                      radius: chance(0.4) ? 100 : pick([250, 0.5, 1e-3, Double(int(1...100_000))])))
        case 10: .stopMonitoringRegion(string())
        case 11:
            // The parser reads an empty, `~` or `null` purpose key as a missing one.
            .requestFullAccuracy(pick(Self.oddStrings.filter { !["", "~", "null"].contains($0) }))
        default: .set(properties())
        }
    }

    /// One to four properties, each kind at most once (a mapping has no duplicate keys), in any order.
    mutating func properties() -> [ManagerProperty] {
        var kinds = [0, 1, 2, 3].shuffled(using: &rng)
        kinds.removeLast(int(0...3))
        return kinds.map { kind in
            switch kind {
            case 0: .allowsBackgroundLocationUpdates(bool())
            case 1: .showsBackgroundLocationIndicator(bool())
            case 2: .pausesLocationUpdatesAutomatically(bool())
            default: .desiredAccuracy(pick(DesiredAccuracy.allCases))
            }
        }
    }

    mutating func pattern() -> CallbackPattern {
        switch int(0...7) {
        case 0: .didChangeAuthorization(maybe(0.7) { $0.pick(AuthorizationStatus.allCases) })
        case 1: .didUpdateLocations(count: maybe(0.7) { $0.int(0...5) })
        case 2: .didFailWithError(maybe(0.7) { $0.pick(LocationErrorCode.allCases) })
        case 3: .didEnterRegion(maybe(0.7) { $0.pick(Self.callbackRegions) })
        case 4: .didExitRegion(maybe(0.7) { $0.pick(Self.callbackRegions) })
        case 5: .monitoringDidFail(maybe(0.7) { .init(region: $0.pick(Self.callbackRegions), code: $0.pick(LocationErrorCode.allCases)) })
        case 6: .didVisit
        default: .fullAccuracyCompletion(chance(0.3) ? .none : .some(maybe(0.5) { $0.pick(LocationErrorCode.allCases) }))
        }
    }

    mutating func patterns() -> [CallbackPattern] { (0..<int(0...3)).map { _ in pattern() } }

    mutating func expectation() -> LocSimScenario.Expectation {
        var e = LocSimScenario.Expectation()
        e.status = maybe { $0.pick(AuthorizationStatus.allCases) }
        e.accuracy = maybe { $0.pick(AccuracyAuthorization.allCases) }
        e.provisional = maybe { $0.bool() }
        e.temporary = maybe { $0.bool() }
        e.prompt = maybe { $0.pick(["none"] + PromptKind.allCases.map(\.rawValue)) }
        e.buttons = maybe { g in Set(PromptButton.allCases.filter { _ in g.chance(0.3) }) }
        e.promptMessage = maybe { $0.string() }
        e.callbacks = maybe { $0.patterns() }
        e.received = maybe { $0.patterns() }
        e.notReceived = maybe { $0.patterns() }
        if chance(0.3) { e.manager = string() }
        e.inUse = maybe { $0.bool() }
        e.appState = maybe { $0.pick(AppState.allCases) }
        e.indicator = maybe { $0.bool() }
        e.servicesEnabled = maybe { $0.bool() }
        e.log = maybe { $0.string() }
        e.terminated = maybe { $0.string() }
        e.settings = maybe { $0.pick(SettingsOption.allCases) }
        e.widgetUpdates = maybe { $0.bool() }
        e.widgetInUse = maybe { $0.bool() }
        e.controlCenter = maybe { $0.bool() }
        e.locationConfirmation = maybe { $0.pick(LocationConfirmation.allCases) }
        if chance(0.3) {
            e.session = objectName()
            e.diagnostics = flags()
        }
        if chance(0.3) {
            let state: MonitoringState? = maybe(0.6) { $0.pick(MonitoringState.allCases) }
            e.condition = ConditionExpectation(monitor: objectName(), identifier: string(), state: state,
                                               diagnostics: state == nil || bool() ? flags() : nil)
        }
        e.refused = maybe { $0.string() }
        e.launchOptions = maybe { g in g.bool() ? ["location"] : [] }
        return e
    }

    /// Every ``StepAction`` case; `kind` picks it (``StepAction/caseCount`` kinds).
    mutating func action(kind: Int) -> StepAction {
        switch kind {
        case 0: .lifecycle(pick(StepAction.Lifecycle.allCases))
        case 1: .lock(bool())
        case 2: .createManager(string())
        case 3: .call(call(), manager: manager())
        case 4: .choose(pick(PromptButton.allCases), precise: maybe(0.5) { $0.bool() })
        case 5: .settings(pick(SettingsOption.allCases))
        case 6: .precise(bool())
        case 7: .locationServices(bool())
        case 8: .airplaneMode(bool())
        case 9: .restrict(bool())
        case 10: .resetLocationAndPrivacy
        case 11: .tapLocationButton
        case 12: .wait(duration())
        case 13: .moveTo(coordinate())
        case 14: .enterRegion(string())
        case 15: .exitRegion(string())
        case 16: .visit
        case 17: .playGPX(gpx.track, path: gpx.path)
        case 18: .reinstall
        case 19: .checkLocationServices(onMainThread: bool())
        case 20: .addWidget
        case 21: .viewWidget
        case 22: .confirmLocation(Region(name: "confirmation", center: coordinate(), radius: Double(int(1...2000))))
        case 23: objectCall()
        default: .expect(expectation())
        }
    }

    static let actionKinds = 25

    mutating func scenario() -> Scenario {
        let steps = (0..<int(0...12)).map { _ in Step(action(kind: int(0...(Self.actionKinds - 1))), line: 0) }
        let name = string(), device = device()
        var app = app()
        // O18: an app on iOS, tvOS or visionOS 27 must adopt scenes (TN3187), or the file is refused.
        if [.iOS, .tvOS, .visionOS].contains(device.platform.os), device.platform.major >= 27 { app.scenes = true }
        return Scenario(name: name, file: "", device: device, app: app, steps: steps)
    }
}

@Suite("Scenario writer")
struct ScenarioWriterTests {
    /// Where generated scenarios pretend to live: next to `Examples/fixtures/`, so the GPX path resolves.
    static let file = (ScenarioFixtures.packageRoot as NSString).appendingPathComponent("Examples/generated.yml")
    static let gpxPath = "fixtures/morning-run.gpx"

    static func generator(seed: UInt64) throws -> ScenarioGenerator {
        let track = try GPXTrack(contentsOf: (ScenarioFixtures.packageRoot as NSString).appendingPathComponent("Examples/" + gpxPath))
        return ScenarioGenerator(seed: seed, gpx: (track, gpxPath))
    }

    /// `s` without what the parser fills in: the file, and each step's line.
    static func normalized(_ s: Scenario) -> Scenario {
        var s = s
        s.file = ""
        for i in s.steps.indices { s.steps[i].line = 0 }
        return s
    }

    /// Writes `s`, parses it back, and checks it is `s` again and each step's line is its list item's.
    static func roundTrip(_ s: Scenario) throws {
        let text = ScenarioWriter.write(s)
        let parsed: Scenario
        do {
            parsed = try ScenarioParser.parse(text, file: file)
        } catch {
            Issue.record("\(error)\n--- written:\n\(text)")
            return
        }
        #expect(normalized(parsed) == normalized(s), "written:\n\(text)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let itemLines = lines.indices.filter { lines[$0].hasPrefix("  - ") }.map { $0 + 1 }
        #expect(parsed.steps.map(\.line) == itemLines)
    }

    @Test func randomScenariosReadBackAsWritten() throws {
        var g = try Self.generator(seed: 0x10C5_1A)
        var kinds = Set<String>()
        var keys = Set<ExpectationKey>()
        for _ in 0..<2000 {
            let s = g.scenario()
            for step in s.steps {
                kinds.insert(StepSyntax.spelling(of: step.action).word)
                if case .expect(let e) = step.action { keys.formUnion(ExpectationKey.allCases.filter { $0.isChecked(in: e) }) }
            }
            try Self.roundTrip(s)
        }
        // The generator reaches every step word and every expectation key.
        #expect(kinds == Set(ScenarioParser.stepWords))
        #expect(keys == Set(ExpectationKey.allCases))
    }

    @Test func everyStepActionKindReadsBack() throws {
        var g = try Self.generator(seed: 7)
        for kind in 0..<ScenarioGenerator.actionKinds {
            for _ in 0..<50 {
                let s = Scenario(name: "one", file: "", device: DeviceSpec(), app: AppDescription(),
                                 steps: [Step(g.action(kind: kind), line: 0)])
                try Self.roundTrip(s)
            }
        }
    }

    @Test func theExamplesReadBackAsWritten() throws {
        let files = ScenarioFixtures.exampleFiles
        #expect(files.count > 40)
        for path in files {
            let s = try ScenarioParser.parse(contentsOf: path)
            let again = try ScenarioParser.parse(ScenarioWriter.write(s), file: path)
            #expect(Self.normalized(again) == Self.normalized(s), "\(path)")
        }
    }

    @Test func aDeviceWithEveryParameterSetWritesEveryDeviceKey() {
        var d = DeviceSpec()
        d.parameters.confirmationPromptDelay = .seconds(5)
        d.parameters.heldEventWindow = .seconds(5)
        d.parameters.deliverHeldEventsAfterLateAnswer = true
        d.parameters.holdsLatestRegionEvents = true
        d.parameters.lockDismissesPrompt = false
        d.parameters.showsLocationServicesOffDialog = false
        d.parameters.macOSStartShowsPrompt = false
        d.parameters.allowOnceExpiryRestoresAlwaysRequest = false
        d.parameters.unansweredAlwaysPromptSpendsRequest = false
        d.parameters.airplaneModeDeniesLocation = false
        d.parameters.reinstallKeepsAuthorization = false
        d.parameters.macOSWhenInUseKeySufficesFrom = 14
        d.parameters.reducedAccuracyInterval = .seconds(5)
        d.parameters.significantChangeDistance = 5
        d.parameters.usageReminderAfter = .seconds(5)
        d.parameters.startTimeOfDay = .seconds(5)
        d.parameters.widgetInUseDuration = .seconds(5)
        d.parameters.recentUseWindow = .seconds(5)
        d.parameters.pairedIPhonePrecise = false
        d.parameters.appClipLocationConfirmation = false
        d.parameters.sessionRecreationWindow = .seconds(2)
        d.parameters.honoredExplicitSessionKeys = [.cl]
        d.parameters.releasingBackgroundActivitySessionEndsIt = false
        d.parameters.sessionsEngageInGracePeriod = false
        d.parameters.forceQuitEndsBackgroundActivitySession = false
        d.parameters.forceQuitBlocksRelaunchFrom = Platform(.iOS, 26, 4)
        d.parameters.requestLocationFailsWhileNotDetermined = true
        d.parameters.monitorConditionLimit = 5
        d.parameters.monitorPersistenceAvailable = false
        d.parameters.outOfUseLiveUpdatesDiagnostic = .serviceSessionRequired
        let written = ScenarioWriter.device(d).split(separator: "\n").dropFirst().map { String($0.drop { $0 == " " }.prefix { $0 != ":" }) }
        #expect(written.sorted() == ScenarioParser.deviceKeys.sorted())
    }

    @Test func aStepIsSpelledByTheTable() {
        #expect(ScenarioWriter.step(.lifecycle(.launch)).block == "launch")
        #expect(ScenarioWriter.step(.call(.requestAlways, manager: "second")).block == "requestAlways: {on: second}")
        #expect(ScenarioWriter.step(.wait(.seconds(90))).flow == "{wait: 90s}")
        #expect(ScenarioWriter.step(.precise(false)).flow == "{settings: {precise: off}}")
        #expect(ScenarioWriter.step(.call(.monitorRegion(Region(name: "my home", radius: 250)), manager: "main")).block
            == "monitorRegion: {name: \"my home\", radius: 250}")
        #expect(ScenarioWriter.step(.expect(LocSimScenario.Expectation())).block == "expect: {manager: main}")
    }

    @Test func anExpectationWritesChosenKeysInTheirOrder() {
        var e = LocSimScenario.Expectation()
        e.status = .denied
        e.prompt = "none"
        e.callbacks = []
        e.received = [.monitoringDidFail(.init(region: "home", code: .regionMonitoringDenied)), .didVisit]
        #expect(ScenarioWriter.expectation(e, keys: [.prompt, .callbacks, .status]) == "{prompt: none, callbacks: [], status: denied}")
        #expect(ScenarioWriter.expectation(e) == "{status: denied, prompt: none, callbacks: [], received: [\"monitoringDidFail(home, regionMonitoringDenied)\", didVisit]}")
    }
}
