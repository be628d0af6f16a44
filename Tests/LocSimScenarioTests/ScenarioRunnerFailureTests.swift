import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

/// A scenario whose last step is an `expect` that fails on one key, with the expected and actual texts.
struct FailureCase: Sendable, CustomTestStringConvertible {
    var key: String
    var steps: [String]
    var expected: String
    var actual: String
    var testDescription: String { key }
}

@Suite("Scenario runner: failing expectations")
struct ScenarioRunnerFailureTests {
    static let cases: [FailureCase] = [
        FailureCase(key: "status", steps: ["launch", "expect: {status: authorizedAlways}"], expected: "authorizedAlways", actual: "notDetermined"),
        FailureCase(key: "accuracy", steps: ["launch", "settings: whileUsing", "settings: {precise: off}", "expect: {accuracy: full}"],
                    expected: "full", actual: "reduced"),
        FailureCase(key: "provisional", steps: ["launch", "expect: {provisional: true}"], expected: "true", actual: "false"),
        FailureCase(key: "temporary", steps: ["launch", "requestWhenInUse", "choose: allowWhileUsing", "expect: {temporary: true}"],
                    expected: "true", actual: "false"),
        FailureCase(key: "prompt", steps: ["launch", "requestWhenInUse", "expect: {prompt: none}"], expected: "none", actual: "initial"),
        FailureCase(key: "buttons", steps: ["launch", "requestWhenInUse", "expect: {buttons: [allow, dontAllow]}"],
                    expected: "[dontAllow, allow]", actual: "[allowOnce, allowWhileUsing, dontAllow]"),
        FailureCase(key: "promptMessage", steps: ["launch", "requestWhenInUse", "expect: {promptMessage: Nope}"],
                    expected: "contains “Nope”", actual: "“Shows where you are on the map.”"),
        FailureCase(key: "callbacks", steps: ["launch", "expect: {callbacks: []}"],
                    expected: "[]", actual: "[didChangeAuthorization(notDetermined)]"),
        FailureCase(key: "received", steps: ["launch", "expect: {received: [didUpdateLocations]}"],
                    expected: "each of [didUpdateLocations]", actual: "[didChangeAuthorization(notDetermined)] (missing [didUpdateLocations])"),
        FailureCase(key: "notReceived", steps: ["launch", "expect: {notReceived: [didChangeAuthorization]}"],
                    expected: "none of [didChangeAuthorization]", actual: "[didChangeAuthorization(notDetermined)]"),
        // `manager` picks whose calls are compared: main got nothing new when `second` was created.
        FailureCase(key: "callbacks", steps: ["launch", "expect: {callbacks: [didChangeAuthorization(notDetermined)]}", "createManager: second",
                                              "expect: {manager: main, callbacks: [didChangeAuthorization(notDetermined)]}"],
                    expected: "[didChangeAuthorization(notDetermined)]", actual: "[]"),
        FailureCase(key: "inUse", steps: ["launch", "expect: {inUse: false}"], expected: "false", actual: "true"),
        FailureCase(key: "appState", steps: ["launch", "expect: {appState: background}"], expected: "background", actual: "foreground"),
        FailureCase(key: "indicator", steps: ["launch", "expect: {indicator: true}"], expected: "true", actual: "false"),
        FailureCase(key: "servicesEnabled", steps: ["launch", "locationServices: off", "expect: {servicesEnabled: true}"], expected: "true", actual: "false"),
        FailureCase(key: "log", steps: ["launch", "expect: {log: Info.plist}"],
                    expected: "a console message containing “Info.plist”", actual: "no console messages"),
        FailureCase(key: "terminated", steps: ["launch", "expect: {terminated: NSInternalInconsistencyException}"],
                    expected: "an exception containing “NSInternalInconsistencyException”", actual: "the app did not terminate with an exception"),
        FailureCase(key: "settings", steps: ["launch", "expect: {settings: always}"], expected: "always", actual: "askNextTime"),
        FailureCase(key: "widgetUpdates", steps: ["launch", "settings: always", "expect: {widgetUpdates: false}"], expected: "false", actual: "true"),
        FailureCase(key: "widgetInUse", steps: ["launch", "viewWidget", "expect: {widgetInUse: true}"], expected: "true", actual: "false"),
        FailureCase(key: "controlCenter", steps: ["launch", "settings: whileUsing", "startUpdating", "expect: {controlCenter: false}"],
                    expected: "false", actual: "true"),
        FailureCase(key: "locationConfirmation", steps: ["launch", "expect: {locationConfirmation: confirmed}"], expected: "confirmed", actual: "none asked"),
        FailureCase(key: "locationConfirmation", steps: ["launch", "confirmLocation: {latitude: 37.3349, longitude: -122.009, radius: 100}",
                                                         "expect: {locationConfirmation: confirmed}"], expected: "confirmed", actual: "disallowed"),
        FailureCase(key: "diagnostics", steps: ["launch", "startLiveUpdates: nav", "expect: {session: nav, diagnostics: []}"],
                    expected: "[]", actual: "[authorizationRequestInProgress]"),
        FailureCase(key: "diagnostics", steps: ["launch", "createServiceSession: {name: nav, authorization: none}", "invalidateServiceSession: nav",
                                                "expect: {session: nav, diagnostics: []}"],
                    expected: "[]", actual: "none: 'nav' is no longer held (invalidated, stopped, or gone with the app's process)"),
        FailureCase(key: "condition", steps: ["launch", "settings: whileUsing", "openMonitor: m",
                                              "addCondition: {monitor: m, identifier: far, center: {latitude: 0, longitude: 0}}",
                                              "expect: {condition: {monitor: m, identifier: far, state: satisfied, diagnostics: [accuracyLimited]}}"],
                    expected: "state: satisfied, diagnostics: [accuracyLimited]", actual: "state: unsatisfied, diagnostics: []"),
        FailureCase(key: "condition", steps: ["launch", "openMonitor: m", "expect: {condition: {monitor: m, identifier: home, state: unknown}}"],
                    expected: "state: unknown", actual: "state: none (no condition 'home' in monitor m)"),
        FailureCase(key: "refused", steps: ["launch", "expect: {refused: \"does not exist\"}"],
                    expected: "the step before refused, saying “does not exist”", actual: "the step before was not refused"),
        FailureCase(key: "refused", steps: ["launch", "foreground", "expect: {refused: \"tvOS\"}"],
                    expected: "the step before refused, saying “tvOS”", actual: "refused: the app is already in the foreground"),
        FailureCase(key: "launchOptions", steps: ["launch", "expect: {launchOptions: [location]}"], expected: "[location]", actual: "[]"),
    ]

    @Test("Each expectation key fails with its expected and actual values", arguments: cases)
    func keyFails(_ c: FailureCase) throws {
        let result = try ScenarioFixtures.run(c.steps)
        guard case .failed(let failure) = result.outcome else {
            Issue.record("expected a failure, got \(result.outcome)")
            return
        }
        #expect(failure.file == ScenarioFixtures.scenarioPath)
        #expect(failure.line == c.steps.count + 1)
        #expect(failure.mismatches.map { [$0.key, $0.expected, $0.actual] } == [[c.key, c.expected, c.actual]])
        #expect(ScenarioReport.exitStatus([result]) == 1)
    }

    @Test("The failure covers every expectation key except manager and session, which only select")
    func everyKeyCanFail() {
        #expect(Set(Self.cases.map(\.key)).union(["manager", "session"]) == Set(ScenarioParser.expectationKeys))
    }

    @Test("A failure stops the run: the timeline ends at the failing step and the text names file:line, expected and actual")
    func failureReport() throws {
        let result = try ScenarioFixtures.run(["launch", "expect: {status: denied}", "requestWhenInUse"])
        #expect(result.stepsRun == 2)
        #expect(!result.timeline.entries.contains { $0.text.contains("requestWhenInUseAuthorization") })
        let text = ScenarioReport.text(result)
        #expect(text.contains("FAIL  test.yml"))
        #expect(text.contains("\(ScenarioFixtures.scenarioPath):3: expectation failed"))
        #expect(text.contains("status: expected denied"))
        #expect(text.contains("actual   notDetermined"))
        #expect(text.contains("didChangeAuthorization(notDetermined)"))
    }

    @Test("Several failing keys are all reported, in documented order")
    func severalMismatches() throws {
        let result = try ScenarioFixtures.run(["launch", "expect: {inUse: false, status: denied}"])
        guard case .failed(let f) = result.outcome else { Issue.record("no failure"); return }
        #expect(f.mismatches.map(\.key) == ["status", "inUse"])
    }

    @Test("An expect checks only the keys it names; every key holding passes")
    func passingKeys() throws {
        let result = try ScenarioFixtures.run([
            "launch", "requestAlways",
            "expect: {prompt: initial, buttons: [dontAllow, allowOnce, allowWhileUsing], promptMessage: Shows where}",
            "choose: allowWhileUsing",
            "expect: {status: authorizedAlways, accuracy: full, provisional: true, temporary: false, inUse: true, appState: foreground, indicator: false, servicesEnabled: true, settings: whileUsing, callbacks: [didChangeAuthorization(authorizedAlways)], received: [didChangeAuthorization], notReceived: [didUpdateLocations], manager: main}",
        ])
        #expect(result.outcome == .passed)
        #expect(result.expectationsChecked == 2)
    }

    @Test("I8: terminated and log hold after the fatal allowsBackgroundLocationUpdates setter")
    func terminatedHolds() throws {
        let result = try ScenarioFixtures.run([
            "launch", "set: {allowsBackgroundLocationUpdates: true}",
            "expect: {appState: notRunning, terminated: NSInternalInconsistencyException, log: CLClientIsBackgroundable}",
        ], header: "app: {backgroundModes: []}\n")
        #expect(result.outcome == .passed)
    }
}
