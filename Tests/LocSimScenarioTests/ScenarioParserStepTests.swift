import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

/// One step as written in a scenario file and what it parses to.
struct StepCase: Sendable, CustomTestStringConvertible {
    var yaml: String
    var expected: StepAction
    var word: String { String(yaml.prefix { $0 != ":" }) }
    var testDescription: String { yaml }
    init(_ yaml: String, _ expected: StepAction) {
        self.yaml = yaml
        self.expected = expected
    }
}

@Suite("Scenario parser: steps")
struct ScenarioParserStepTests {
    static let apple = Coordinate(latitude: 37.3318, longitude: -122.0312)

    /// Every step word of format 1 and LocSim's additions, in each of its forms (playGPX is tested with a file below).
    static let cases: [StepCase] = [
        StepCase("launch", .lifecycle(.launch)),
        StepCase("launchInBackground", .lifecycle(.launchInBackground)),
        StepCase("foreground", .lifecycle(.foreground)),
        StepCase("background", .lifecycle(.background)),
        StepCase("suspend", .lifecycle(.suspend)),
        StepCase("terminate", .lifecycle(.terminate)),
        StepCase("forceQuit", .lifecycle(.forceQuit)),
        StepCase("crash", .lifecycle(.crash)),
        StepCase("lock", .lock(true)),
        StepCase("unlock", .lock(false)),
        StepCase("createManager: second", .createManager("second")),
        StepCase("requestWhenInUse", .call(.requestWhenInUse, manager: "main")),
        StepCase("requestWhenInUse: {on: second}", .call(.requestWhenInUse, manager: "second")),
        StepCase("requestAlways", .call(.requestAlways, manager: "main")),
        StepCase("requestAlways: {on: second}", .call(.requestAlways, manager: "second")),
        StepCase("requestLocation", .call(.requestLocation, manager: "main")),
        StepCase("requestLocation: {on: second}", .call(.requestLocation, manager: "second")),
        StepCase("startUpdating", .call(.startUpdating, manager: "main")),
        StepCase("startUpdating: {on: second}", .call(.startUpdating, manager: "second")),
        StepCase("stopUpdating", .call(.stopUpdating, manager: "main")),
        StepCase("startSignificantChanges", .call(.startSignificantChanges, manager: "main")),
        StepCase("stopSignificantChanges", .call(.stopSignificantChanges, manager: "main")),
        StepCase("startVisits", .call(.startVisits, manager: "main")),
        StepCase("stopVisits: {on: second}", .call(.stopVisits, manager: "second")),
        StepCase("monitorRegion: home", .call(.monitorRegion(Region(name: "home")), manager: "main")),
        StepCase("monitorRegion: {name: park, latitude: 37.3318, longitude: -122.0312, radius: 250}",
                 .call(.monitorRegion(Region(name: "park", center: apple, radius: 250)), manager: "main")),
        StepCase("monitorRegion: {name: park, on: second}", .call(.monitorRegion(Region(name: "park")), manager: "second")),
        StepCase("stopMonitoringRegion: home", .call(.stopMonitoringRegion("home"), manager: "main")),
        StepCase("stopMonitoringRegion: {name: home, on: second}", .call(.stopMonitoringRegion("home"), manager: "second")),
        StepCase("requestFullAccuracy: Navigation", .call(.requestFullAccuracy("Navigation"), manager: "main")),
        StepCase("requestFullAccuracy: {purposeKey: Navigation, on: second}", .call(.requestFullAccuracy("Navigation"), manager: "second")),
        StepCase("set: {allowsBackgroundLocationUpdates: true}", .call(.set([.allowsBackgroundLocationUpdates(true)]), manager: "main")),
        StepCase("set: {showsBackgroundLocationIndicator: true, on: second}", .call(.set([.showsBackgroundLocationIndicator(true)]), manager: "second")),
        StepCase("set: {pausesLocationUpdatesAutomatically: false}", .call(.set([.pausesLocationUpdatesAutomatically(false)]), manager: "main")),
        StepCase("set: {desiredAccuracy: reduced}", .call(.set([.desiredAccuracy(.reduced)]), manager: "main")),
        StepCase("choose: allowWhileUsing", .choose(.allowWhileUsing, precise: nil)),
        StepCase("choose: {button: allowOnce, precise: false}", .choose(.allowOnce, precise: false)),
        StepCase("settings: never", .settings(.never)),
        StepCase("settings: askNextTime", .settings(.askNextTime)),
        StepCase("settings: whileUsing", .settings(.whileUsing)),
        StepCase("settings: always", .settings(.always)),
        StepCase("settings: {precise: off}", .precise(false)),
        StepCase("settings: {precise: on}", .precise(true)),
        StepCase("locationServices: off", .locationServices(false)),
        StepCase("locationServices: on", .locationServices(true)),
        StepCase("restrict: on", .restrict(true)),
        StepCase("restrict: off", .restrict(false)),
        StepCase("resetLocationAndPrivacy", .resetLocationAndPrivacy),
        StepCase("wait: 1500ms", .wait(.milliseconds(1500))),
        StepCase("wait: 90s", .wait(.seconds(90))),
        StepCase("wait: 2m", .wait(.seconds(120))),
        StepCase("wait: 2h", .wait(.seconds(7200))),
        StepCase("wait: 1d", .wait(.seconds(86_400))),
        StepCase("moveTo: {latitude: 37.3318, longitude: -122.0312}", .moveTo(apple)),
        StepCase("enterRegion: home", .enterRegion("home")),
        StepCase("exitRegion: home", .exitRegion("home")),
        StepCase("visit", .visit),
        StepCase("expect: {status: denied}", .expect({ var e = LocSimScenario.Expectation(); e.status = .denied; return e }())),
        // LocSim's additions.
        StepCase("airplaneMode: on", .airplaneMode(true)),
        StepCase("airplaneMode: off", .airplaneMode(false)),
        StepCase("tapLocationButton", .tapLocationButton),
        StepCase("reinstall", .reinstall),
        StepCase("checkLocationServices", .checkLocationServices(onMainThread: true)),
        StepCase("checkLocationServices: main", .checkLocationServices(onMainThread: true)),
        StepCase("checkLocationServices: background", .checkLocationServices(onMainThread: false)),
        StepCase("addWidget", .addWidget),
        StepCase("viewWidget", .viewWidget),
        StepCase("confirmLocation: {latitude: 1.5, longitude: 2.5, radius: 300}",
                 .confirmLocation(Region(name: "confirmation", center: Coordinate(latitude: 1.5, longitude: 2.5), radius: 300))),
        // Section O: calls on named objects (session numbers are allocated by the run).
        StepCase("createServiceSession: {name: nav, authorization: always, fullAccuracyPurposeKey: Navigation}",
                 .objectCall(.createServiceSession(StepAction.unnumbered, .always, fullAccuracyPurposeKey: "Navigation"), object: "nav")),
        StepCase("invalidateServiceSession: nav", .objectCall(.invalidateServiceSession(StepAction.unnumbered), object: "nav")),
        StepCase("startBackgroundActivity: workout", .objectCall(.startBackgroundActivity(StepAction.unnumbered), object: "workout")),
        StepCase("invalidateBackgroundActivity: workout", .objectCall(.invalidateBackgroundActivity(StepAction.unnumbered), object: "workout")),
        StepCase("startLiveUpdates: updates", .objectCall(.startLiveUpdates(StepAction.unnumbered), object: "updates")),
        StepCase("stopLiveUpdates: updates", .objectCall(.stopLiveUpdates(StepAction.unnumbered), object: "updates")),
        StepCase("openMonitor: places", .objectCall(.openMonitor("places"), object: "places")),
        StepCase("addCondition: {monitor: places, identifier: park, center: {latitude: 37.3318, longitude: -122.0312}, radius: 250, assuming: unsatisfied}",
                 .objectCall(.addCondition(monitor: "places", Region(name: "park", center: apple, radius: 250), assuming: .unsatisfied), object: "places")),
        StepCase("removeCondition: {monitor: places, identifier: park}", .objectCall(.removeCondition(monitor: "places", identifier: "park"), object: "places")),
    ]

    @Test("Every step word parses to its action", arguments: cases)
    func stepParses(_ c: StepCase) throws {
        #expect(try ScenarioFixtures.action(c.yaml) == c.expected)
    }

    @Test("The step table covers every step word the parser knows")
    func everyStepWordIsCovered() {
        let covered = Set(Self.cases.map(\.word)).union(["playGPX"])
        #expect(covered == Set(ScenarioParser.stepWords))
    }

    @Test("Every button word parses in choose", arguments: PromptButton.allCases)
    func everyButtonWord(_ button: PromptButton) throws {
        #expect(try ScenarioFixtures.action("choose: \(button.rawValue)") == .choose(button, precise: nil))
    }

    @Test("Every desiredAccuracy word parses in set", arguments: DesiredAccuracy.allCases)
    func everyDesiredAccuracy(_ accuracy: DesiredAccuracy) throws {
        #expect(try ScenarioFixtures.action("set: {desiredAccuracy: \(accuracy.rawValue)}") == .call(.set([.desiredAccuracy(accuracy)]), manager: "main"))
    }

    @Test("playGPX reads a GPX track relative to the scenario file")
    func playGPX() throws {
        let path = ScenarioFixtures.write(ScenarioFixtures.gpx, name: "track", ext: "gpx")
        let name = (path as NSString).lastPathComponent
        guard case .playGPX(let track, let written) = try ScenarioFixtures.action("playGPX: \(name)") else {
            Issue.record("not a playGPX step")
            return
        }
        #expect(written == name)
        #expect(track.points.count == 2)
        #expect(track.points[1].time - track.points[0].time == .seconds(60))
    }

    @Test("Steps carry their line numbers")
    func stepLines() throws {
        let s = try ScenarioFixtures.parse(["launch", "requestAlways", "expect: {prompt: initial}"])
        #expect(s.steps.map(\.line) == [2, 3, 4])
    }

    @Test("A step with no map value is also accepted in map form with nothing after it")
    func emptyMapValue() throws {
        #expect(try ScenarioFixtures.action("requestAlways:") == .call(.requestAlways, manager: "main"))
    }

    @Test("A scenario without a name is named after its file")
    func nameDefaultsToFile() throws {
        let s = try ScenarioFixtures.parse(["launch"])
        #expect(s.name == "test.yml")
    }
}
