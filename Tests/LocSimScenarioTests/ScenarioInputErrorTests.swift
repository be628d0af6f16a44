import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

@Suite("Scenario input errors: one line naming file and line, never a crash or a silent default")
struct ScenarioInputErrorTests {
    /// Parses `text` and returns the InputError it throws.
    func parseError(_ text: String, file: String = ScenarioFixtures.scenarioPath) -> InputError? {
        do {
            _ = try ScenarioParser.parse(text, file: file)
            Issue.record("no error for:\n\(text)")
            return nil
        } catch let e as InputError {
            return e
        } catch {
            Issue.record("not an InputError: \(error)")
            return nil
        }
    }

    func expectError(_ text: String, line: Int?, contains message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let e = parseError(text) else { return }
        #expect(e.file == ScenarioFixtures.scenarioPath, sourceLocation: sourceLocation)
        #expect(e.line == line, sourceLocation: sourceLocation)
        #expect(e.message.contains(message), "message: \(e.message)", sourceLocation: sourceLocation)
        #expect(!e.description.contains("\n"), sourceLocation: sourceLocation)
    }

    @Test("An unknown step")
    func unknownStep() {
        expectError(ScenarioFixtures.text(steps: ["launch", "jump"]), line: 3, contains: "unknown step 'jump'")
        expectError(ScenarioFixtures.text(steps: ["fly: high"]), line: 2, contains: "unknown step 'fly'")
    }

    @Test("An unknown top-level key")
    func unknownTopLevelKey() {
        expectError("name: x\ncolour: red\nsteps: [launch]\n", line: 2, contains: "unknown key 'colour' (expected name, device, app, steps)")
    }

    @Test("An unknown device key")
    func unknownDeviceKey() {
        expectError("device:\n  platform: iOS 18.0\n  speed: 3\nsteps: [launch]\n", line: 3, contains: "unknown device key 'speed'")
    }

    @Test("An app model (explore:, device.platforms, app.screens/waiting/on) is named as one, at the key's line")
    func appModel() {
        let message = "explore it with locsim explore"
        expectError("name: m\nexplore: {depth: 3}\n", line: 2, contains: "this is an app model (it has explore); " + message)
        expectError("device:\n  platform: iOS 18.0\n  platforms: [iOS 18.0]\n", line: 3, contains: "this is an app model (it has device.platforms); " + message)
        expectError("app:\n  name: X\n  screens: [home]\n  on: []\n", line: 3, contains: "this is an app model (it has app.screens); " + message)
        expectError("app: {name: X, on: []}\nsteps: [launch]\n", line: 1, contains: "(it has app.on)")
        expectError("app: {waiting: [a]}\n", line: 1, contains: "(it has app.waiting)")
    }

    @Test("An unknown app key")
    func unknownAppKey() {
        expectError("app:\n  name: X\n  icon: x.png\nsteps: [launch]\n", line: 3, contains: "unknown app key 'icon'")
    }

    @Test("An unknown expect key")
    func unknownExpectKey() {
        expectError(ScenarioFixtures.text(steps: ["launch", "expect: {colour: red}"]), line: 3, contains: "unknown expectation 'colour'")
    }

    @Test("An unknown key inside a step's map")
    func unknownStepKey() {
        expectError(ScenarioFixtures.text(steps: ["requestLocation: {at: second}"]), line: 2, contains: "requestLocation: unknown key 'at'")
        expectError(ScenarioFixtures.text(steps: ["set: {allowsBackground: true}"]), line: 2, contains: "set: unknown property 'allowsBackground'")
    }

    @Test("Wrong types", arguments: [
        ("device: {restricted: maybe}\nsteps: [launch]\n", 1, "restricted must be true or false, not 'maybe'"),
        ("device: {locationServices: dim}\nsteps: [launch]\n", 1, "locationServices must be on or off, not 'dim'"),
        ("device: {platform: Android 14}\nsteps: [launch]\n", 1, "platform: 'Android 14' is not"),
        ("device: {significantChangeDistance: far}\nsteps: [launch]\n", 1, "significantChangeDistance must be a number, not 'far'"),
        ("device: {location: here}\nsteps: [launch]\n", 1, "location must be a mapping"),
        ("steps: launch\n", 1, "steps must be a list"),
        ("steps:\n  - wait: [1s]\n", 2, "wait must be a single value, not a list"),
        ("steps:\n  - expect: {status: granted}\n", 2, "status: unknown value 'granted'"),
        ("steps:\n  - expect: {inUse: sometimes}\n", 2, "inUse must be true or false"),
        ("steps:\n  - expect: {callbacks: didVisit}\n", 2, "callbacks must be a list"),
        ("steps:\n  - expect: {callbacks: [didWakeUp]}\n", 2, "unknown callback 'didWakeUp'"),
        ("steps:\n  - expect: {callbacks: [didChangeAuthorization(granted)]}\n", 2, "unknown status 'granted'"),
        ("steps:\n  - expect: {callbacks: [didFailWithError(oops)]}\n", 2, "unknown CLError code 'oops'"),
        ("steps:\n  - choose: maybe\n", 2, "button: unknown value 'maybe'"),
        ("steps:\n  - settings: sometimes\n", 2, "settings: unknown value 'sometimes'"),
        ("steps:\n  - launch: now\n", 2, "step 'launch' takes no value"),
        ("steps:\n  - createManager\n", 2, "step 'createManager' needs a value"),
        ("steps:\n  - moveTo: {latitude: 100, longitude: 0}\n", 2, "latitude must be in -90…90"),
        ("steps:\n  - {launch: , lock: }\n", 2, "a step is a word or a mapping with one key"),
    ])
    func wrongType(_ text: String, _ line: Int, _ message: String) {
        expectError(text, line: line, contains: message)
    }

    @Test("Bad durations", arguments: ["10 parsecs", "s", "-5s", "5", "1.5.2m", "ten seconds"])
    func badDuration(_ value: String) {
        expectError(ScenarioFixtures.text(steps: ["launch", "wait: \(value)"]), line: 3, contains: "wait: bad duration '\(value)'")
    }

    @Test("Bad duration in a device key")
    func badDeviceDuration() {
        expectError("device:\n  gracePeriod: soon\nsteps: [launch]\n", line: 2, contains: "gracePeriod: bad duration 'soon'")
    }

    @Test("A missing plist")
    func missingPlist() {
        expectError("app:\n  infoPlist: Missing-Info.plist\nsteps: [launch]\n", line: 2, contains: "infoPlist: no such file 'Missing-Info.plist'")
    }

    @Test("A malformed plist")
    func malformedPlist() {
        let path = ScenarioFixtures.write("<plist><dict><key>oops</dict>", name: "Broken", ext: "plist")
        let name = (path as NSString).lastPathComponent
        expectError("app:\n  infoPlist: \(name)\nsteps: [launch]\n", line: 2, contains: "infoPlist '\(name)': malformed property list")
    }

    @Test("A plist whose purpose string is not a string")
    func plistWrongValueType() {
        let path = ScenarioFixtures.write("""
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSLocationWhenInUseUsageDescription</key><integer>3</integer></dict></plist>
        """, name: "Typed", ext: "plist")
        let name = (path as NSString).lastPathComponent
        expectError("app:\n  infoPlist: \(name)\nsteps: [launch]\n", line: 2, contains: "NSLocationWhenInUseUsageDescription must be a string")
    }

    @Test("A missing GPX file")
    func missingGPX() {
        expectError(ScenarioFixtures.text(steps: ["launch", "playGPX: nowhere.gpx"]), line: 3, contains: "playGPX: no such file 'nowhere.gpx'")
    }

    @Test("Malformed GPX files", arguments: [
        ("<gpx><trk><trkpt lat=\"1\" lon=\"2\"></trk>", "malformed GPX"),
        ("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"><time>2024-05-01T07:00:00Z</time></trkpt><trkpt lat=\"1\" lon=\"2\"></trkpt></trkseg></trk></gpx>", "has no <time>"),
        ("<gpx><wpt lat=\"95\" lon=\"2\"><time>2024-05-01T07:00:00Z</time></wpt></gpx>", "invalid coordinate"),
        ("<gpx></gpx>", "no trkpt, rtept or wpt points"),
        ("<kml></kml>", "not a GPX file"),
    ])
    func malformedGPX(_ contents: String, _ message: String) {
        let path = ScenarioFixtures.write(contents, name: "bad", ext: "gpx")
        let name = (path as NSString).lastPathComponent
        expectError(ScenarioFixtures.text(steps: ["launch", "playGPX: \(name)"]), line: 3, contains: "playGPX '\(name)'")
        expectError(ScenarioFixtures.text(steps: ["launch", "playGPX: \(name)"]), line: 3, contains: message)
    }

    @Test("Malformed YAML names the line")
    func malformedYAML() {
        guard let e = parseError("steps:\n  - launch\n  - expect: {status: denied\n") else { return }
        #expect(e.message.hasPrefix("malformed YAML"))
        #expect(e.line != nil)
    }

    @Test("No steps, an empty file, an unreadable file")
    func emptyInputs() {
        expectError("name: nothing\n", line: nil, contains: "a scenario needs steps")
        expectError("", line: nil, contains: "empty scenario file")
        #expect(throws: InputError.self) { try ScenarioParser.parse(contentsOf: "/nonexistent/\(UUID().uuidString).yml") }
    }

    // MARK: Steps that cannot apply (exit 2 at run time)

    func invalid(_ steps: [String], header: String = "") throws -> InputError? {
        let result = try ScenarioFixtures.run(steps, header: header)
        #expect(ScenarioReport.exitStatus([result]) == 2)
        guard case .invalid(let e) = result.outcome else {
            Issue.record("expected an invalid outcome, got \(result.outcome)")
            return nil
        }
        return e
    }

    @Test("choose with no prompt on screen")
    func chooseWithoutPrompt() throws {
        let e = try invalid(["launch", "choose: allowOnce"])
        #expect(e?.file == ScenarioFixtures.scenarioPath)
        #expect(e?.line == 3)
        #expect(e?.message == "step cannot apply: no prompt is on screen")
    }

    @Test("choose a button the prompt does not have")
    func chooseMissingButton() throws {
        let e = try invalid(["launch", "requestWhenInUse", "choose: alwaysAllow"])
        #expect(e?.line == 4)
        #expect(e?.message == "step cannot apply: the initial prompt has no button alwaysAllow (it has allowOnce, allowWhileUsing, dontAllow)")
    }

    @Test("choose with precise on a prompt without the Precise toggle (iOS 13)")
    func chooseMissingToggle() throws {
        let e = try invalid(["launch", "requestWhenInUse", "choose: {button: allowOnce, precise: true}"], header: "device: {platform: iOS 13.0}\n")
        #expect(e?.line == 5)
        #expect(e?.message.contains("has no Precise toggle") == true)
    }

    @Test("An app call while the app is not running")
    func appCallNotRunning() throws {
        let e = try invalid(["requestAlways"])
        #expect(e?.line == 2)
        #expect(e?.message == "step cannot apply: requestAlways needs the app's code to run, but the app is not running")
    }

    @Test("An app call while the app is suspended")
    func appCallSuspended() throws {
        let e = try invalid(["launch", "background", "suspend", "startUpdating"])
        #expect(e?.line == 5)
        #expect(e?.message == "step cannot apply: startUpdating needs the app's code to run, but the app is suspended")
    }

    @Test("An app call on a manager that does not exist")
    func unknownManager() throws {
        let e = try invalid(["launch", "requestLocation: {on: second}"])
        #expect(e?.line == 3)
        #expect(e?.message.contains("no location manager named 'second'") == true)
    }

    @Test("An expect naming a manager that was never created")
    func expectUnknownManager() throws {
        let e = try invalid(["launch", "expect: {manager: secnd, callbacks: []}"])
        #expect(e?.line == 3)
        #expect(e?.message == "step cannot apply: expect: no location manager named 'secnd' was created (create it with createManager: secnd)")
    }

    @Test("A lifecycle step that cannot apply (launching a running app)")
    func lifecycleCannotApply() throws {
        let e = try invalid(["launch", "launch"])
        #expect(e?.line == 3)
        #expect(e?.message == "step cannot apply: the app is already in the foreground")
    }

    @Test("The steps before the invalid one ran; the text report names file:line")
    func invalidReport() throws {
        let result = try ScenarioFixtures.run(["launch", "choose: allowOnce"])
        #expect(result.stepsRun == 2)
        let text = ScenarioReport.text(result)
        #expect(text.contains("ERROR test.yml"))
        #expect(text.contains("\(ScenarioFixtures.scenarioPath):3: step cannot apply: no prompt is on screen"))
    }
}
