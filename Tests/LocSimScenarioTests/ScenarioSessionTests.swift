import Foundation
import LocSim
import LocSimModel
import LocSimScenario
import Testing

/// Section O in scenario files: the steps of the iOS 17/18 API, their expectations, and runs.
@Suite("Scenario files: the iOS 17/18 API (section O)")
struct ScenarioSessionTests {
    static let n = StepAction.unnumbered

    // MARK: Steps

    @Test("O3, O11, O13, O1, O15: each section-O step word is its AppCall's word and parses to a call on the named object")
    func stepsParse() throws {
        let cases: [(String, StepAction)] = [
            ("createServiceSession: {name: nav, authorization: whenInUse}", .objectCall(.createServiceSession(Self.n, .whenInUse, fullAccuracyPurposeKey: nil), object: "nav")),
            ("createServiceSession: {name: nav, authorization: always, fullAccuracyPurposeKey: Navigation}",
             .objectCall(.createServiceSession(Self.n, .always, fullAccuracyPurposeKey: "Navigation"), object: "nav")),
            ("createServiceSession: {authorization: none, name: \"my session\"}", .objectCall(.createServiceSession(Self.n, .none, fullAccuracyPurposeKey: nil), object: "my session")),
            ("invalidateServiceSession: nav", .objectCall(.invalidateServiceSession(Self.n), object: "nav")),
            ("startBackgroundActivity: bg", .objectCall(.startBackgroundActivity(Self.n), object: "bg")),
            ("invalidateBackgroundActivity: bg", .objectCall(.invalidateBackgroundActivity(Self.n), object: "bg")),
            ("startLiveUpdates: updates", .objectCall(.startLiveUpdates(Self.n), object: "updates")),
            ("stopLiveUpdates: updates", .objectCall(.stopLiveUpdates(Self.n), object: "updates")),
            ("openMonitor: places", .objectCall(.openMonitor("places"), object: "places")),
            ("addCondition: {monitor: places, identifier: home}", .objectCall(.addCondition(monitor: "places", Region(name: "home"), assuming: .unknown), object: "places")),
            ("addCondition: {monitor: places, identifier: home, center: {latitude: 1.5, longitude: -2}, radius: 0, assuming: satisfied}",
             .objectCall(.addCondition(monitor: "places", Region(name: "home", center: Coordinate(latitude: 1.5, longitude: -2), radius: 0), assuming: .satisfied), object: "places")),
            ("removeCondition: {monitor: places, identifier: home}", .objectCall(.removeCondition(monitor: "places", identifier: "home"), object: "places")),
        ]
        var words = Set<String>()
        for (text, action) in cases {
            let parsed = try ScenarioFixtures.action(text)
            #expect(parsed == action, "\(text)")
            guard case .objectCall(let call, _) = parsed else { continue }
            #expect(text.hasPrefix(call.word + ":"))
            words.insert(call.word)
            // The writer spells it back to the same action.
            #expect(try ScenarioFixtures.action(ScenarioWriter.step(parsed).block) == parsed)
        }
        #expect(words.count == 9)
        #expect(words.isSubset(of: Set(ScenarioParser.stepWords)))
    }

    @Test("Section-O steps with bad values are one-line errors at the step's line")
    func badSteps() throws {
        let cases: [(String, String)] = [
            ("createServiceSession: nav", "createServiceSession needs {name: NAME, authorization: none|whenInUse|always}"),
            ("createServiceSession: {name: nav}", "createServiceSession needs authorization: none, whenInUse or always"),
            ("createServiceSession: {authorization: always}", "createServiceSession needs a name"),
            ("createServiceSession: {name: nav, authorization: sometimes}", "createServiceSession: authorization: unknown value 'sometimes' (expected one of: none, whenInUse, always)"),
            ("createServiceSession: {name: nav, authorization: always, purpose: x}", "createServiceSession: unknown key 'purpose'"),
            ("createServiceSession: {name: nav, authorization: always, fullAccuracyPurposeKey: \"\"}", "fullAccuracyPurposeKey needs a purpose key"),
            ("createServiceSession: {name: ~, authorization: always}", "needs a name"),
            ("startLiveUpdates:", "startLiveUpdates needs a name (startLiveUpdates: NAME)"),
            ("startLiveUpdates: [a, b]", "startLiveUpdates must be a single value"),
            ("openMonitor: null", "openMonitor needs a name"),
            ("addCondition: {monitor: m}", "addCondition needs monitor and identifier"),
            ("addCondition: {monitor: m, identifier: x, assuming: unmonitored}", "addCondition: assuming: unknown value 'unmonitored' (expected one of: unknown, satisfied, unsatisfied)"),
            ("addCondition: {monitor: m, identifier: x, center: {latitude: 91, longitude: 0}}", "latitude must be in -90…90"),
            ("addCondition: {monitor: m, identifier: x, radius: wide}", "addCondition: radius must be a number"),
            ("addCondition: {monitor: m, identifier: x, latitude: 1}", "addCondition: unknown key 'latitude' (expected monitor, identifier, center, radius, assuming)"),
            ("removeCondition: {identifier: x}", "removeCondition needs monitor and identifier"),
        ]
        for (step, message) in cases {
            let error = #expect(throws: InputError.self, "\(step)") { try ScenarioFixtures.parse(["launch", step]) }
            #expect(error?.line == 3, "\(step)")
            #expect(error?.message.contains(message) == true, "\(step): \(error?.message ?? "")")
            #expect(error?.description.contains("\n") == false)
        }
        // A bare word needs its name.
        let bare = #expect(throws: InputError.self) { try ScenarioFixtures.parse(["startBackgroundActivity"]) }
        #expect(bare?.message == "step 'startBackgroundActivity' needs a value (startBackgroundActivity: …)")
    }

    // MARK: Expectations

    @Test("O2, O12, O15: session, diagnostics and condition parse with the flag names of Diagnostics.names")
    func expectationsParse() throws {
        let e = try ScenarioFixtures.expectation("{session: nav, diagnostics: [insufficientlyInUse, accuracyLimited]}")
        #expect(e.session == "nav" && e.diagnostics == [.insufficientlyInUse, .accuracyLimited])
        #expect(try ScenarioFixtures.expectation("{session: nav, diagnostics: []}").diagnostics == [])
        #expect(try ScenarioFixtures.expectation("{session: nav, diagnostics: stationary}").diagnostics == .stationary)
        let c = try ScenarioFixtures.expectation("{condition: {monitor: m, identifier: home, state: satisfied}}").condition
        #expect(c == ConditionExpectation(monitor: "m", identifier: "home", state: .satisfied))
        let d = try ScenarioFixtures.expectation("{condition: {monitor: m, identifier: home, diagnostics: [conditionUnsupported]}}").condition
        #expect(d == ConditionExpectation(monitor: "m", identifier: "home", diagnostics: .conditionUnsupported))
        // Every flag has its name.
        for (flag, name) in Diagnostics.names {
            #expect(try ScenarioFixtures.expectation("{session: s, diagnostics: [\(name)]}").diagnostics == flag)
        }
    }

    @Test("An unknown flag name is a one-line error at its line, naming the flags")
    func unknownFlag() throws {
        let text = ScenarioFixtures.text(steps: ["launch", "expect:\n      session: nav\n      diagnostics:\n        - insufficientlyInUse\n        - notInUse"])
        let error = #expect(throws: InputError.self) { try ScenarioParser.parse(text, file: ScenarioFixtures.scenarioPath) }
        #expect(error?.line == 7)
        #expect(error?.message.hasPrefix("diagnostics: unknown flag 'notInUse' (expected one of: authorizationDenied, ") == true)
        #expect(error?.description == "\(ScenarioFixtures.scenarioPath):7: \(error?.message ?? "")")
        let inCondition = #expect(throws: InputError.self) {
            try ScenarioFixtures.parse(["expect: {condition: {monitor: m, identifier: x, diagnostics: [bogus]}}"])
        }
        #expect(inCondition?.message.contains("condition: diagnostics: unknown flag 'bogus'") == true)
        let inDevice = #expect(throws: InputError.self) {
            try ScenarioParser.parse("device: {outOfUseLiveUpdatesDiagnostic: sleepy}\nsteps: []\n", file: ScenarioFixtures.scenarioPath)
        }
        #expect(inDevice?.line == 1 && inDevice?.message.contains("outOfUseLiveUpdatesDiagnostic: unknown flag 'sleepy'") == true)
    }

    @Test("diagnostics needs session and session needs diagnostics; condition needs what it checks")
    func incompleteExpectations() {
        let cases: [(String, String)] = [
            ("{diagnostics: [stationary]}", "diagnostics needs session: NAME"),
            ("{session: nav}", "session needs diagnostics"),
            ("{condition: {monitor: m, identifier: x}}", "condition needs state or diagnostics"),
            ("{condition: {identifier: x, state: satisfied}}", "condition needs monitor and identifier"),
            ("{condition: {monitor: m, identifier: x, state: inside}}", "condition: state: unknown value 'inside' (expected one of: unknown, satisfied, unsatisfied, unmonitored)"),
            ("{condition: {monitor: m, identifier: x, state: satisfied, at: 1}}", "condition: unknown key 'at'"),
        ]
        for (body, message) in cases {
            let error = #expect(throws: InputError.self, "\(body)") { try ScenarioFixtures.parse(["expect: \(body)"]) }
            #expect(error?.line == 2, "\(body)")
            #expect(error?.message.contains(message) == true, "\(body): \(error?.message ?? "")")
        }
    }

    // MARK: Device and app keys

    @Test("O9: the explicit-session key in either spelling, as an app key and in Info.plist")
    func explicitSessionKeys() throws {
        let both = try ScenarioParser.parse("app: {NSLocationRequireExplicitServiceSession: true, CLRequireExplicitServiceSession: yes}\nsteps: []\n",
                                            file: ScenarioFixtures.scenarioPath).app
        #expect(both.explicitServiceSessionKeys == [.nsLocation, .cl])
        let plist = ScenarioFixtures.plist.replacingOccurrences(of: "</dict>", with: "<key>CLRequireExplicitServiceSession</key><true/>\n</dict>")
        let path = ScenarioFixtures.write(plist, name: "Explicit-Info", ext: "plist")
        let fromPlist = try ScenarioParser.parse("app: {infoPlist: \(path)}\nsteps: []\n", file: ScenarioFixtures.scenarioPath).app
        #expect(fromPlist.explicitServiceSessionKeys == [.cl])
        // An app key given false takes the plist's back.
        let overridden = try ScenarioParser.parse("app: {infoPlist: \(path), CLRequireExplicitServiceSession: false}\nsteps: []\n",
                                                  file: ScenarioFixtures.scenarioPath).app
        #expect(overridden.explicitServiceSessionKeys.isEmpty)
        // The writer spells them back.
        #expect(ScenarioWriter.app(both).contains("  NSLocationRequireExplicitServiceSession: true\n  CLRequireExplicitServiceSession: true\n"))
        let wrongType = #expect(throws: InputError.self) {
            try ScenarioParser.parse("app: {CLRequireExplicitServiceSession: 1}\nsteps: []\n", file: ScenarioFixtures.scenarioPath)
        }
        #expect(wrongType?.message.contains("CLRequireExplicitServiceSession must be true or false") == true)
    }

    @Test("O9, O11, O15: the section-O device keys check their values")
    func badDeviceKeys() {
        let cases: [(String, String)] = [
            ("honoredExplicitSessionKeys: [RequireSession]", "honoredExplicitSessionKeys: unknown value 'RequireSession' (expected one of: NSLocationRequireExplicitServiceSession, CLRequireExplicitServiceSession)"),
            ("monitorConditionLimit: -1", "monitorConditionLimit must be a whole number of conditions"),
            ("monitorConditionLimit: 2.5", "monitorConditionLimit must be a whole number of conditions"),
            ("sessionRecreationWindow: soon", "sessionRecreationWindow: bad duration 'soon'"),
            ("monitorPersistenceAvailable: maybe", "monitorPersistenceAvailable must be true or false"),
        ]
        for (body, message) in cases {
            let error = #expect(throws: InputError.self, "\(body)") {
                try ScenarioParser.parse("device:\n  \(body)\nsteps: []\n", file: ScenarioFixtures.scenarioPath)
            }
            #expect(error?.line == 2, "\(body)")
            #expect(error?.message.contains(message) == true, "\(body): \(error?.message ?? "")")
        }
    }

    @Test("honoredExplicitSessionKeys takes one name, a list, or none; outOfUseLiveUpdatesDiagnostic one flag or a list")
    func deviceKeyForms() throws {
        func device(_ body: String) throws -> DeviceSpec {
            try ScenarioParser.parse("device:\n  \(body)\nsteps: []\n", file: ScenarioFixtures.scenarioPath).device
        }
        #expect(try device("honoredExplicitSessionKeys: NSLocationRequireExplicitServiceSession").parameters.honoredExplicitSessionKeys == [.nsLocation])
        #expect(try device("honoredExplicitSessionKeys: []").parameters.honoredExplicitSessionKeys.isEmpty)
        #expect(try device("outOfUseLiveUpdatesDiagnostic: [serviceSessionRequired, insufficientlyInUse]").parameters.outOfUseLiveUpdatesDiagnostic
                == [.serviceSessionRequired, .insufficientlyInUse])
        var d = DeviceSpec()
        d.parameters.honoredExplicitSessionKeys = []
        d.parameters.outOfUseLiveUpdatesDiagnostic = .serviceSessionRequired
        let written = ScenarioWriter.device(d)
        #expect(written.contains("  honoredExplicitSessionKeys: []\n"))
        #expect(written.contains("  outOfUseLiveUpdatesDiagnostic: [serviceSessionRequired]\n"))
    }

    // MARK: Runs

    static let sessionScenario = """
    # O5, O8: a When In Use session asks, then an Always session asks for the upgrade, once.
    device: {platform: iOS 18.0}
    steps:
      - launch
      - createServiceSession: {name: nav, authorization: whenInUse}
      - expect: {prompt: initial, session: nav, diagnostics: [authorizationRequestInProgress]}
      - choose: allowWhileUsing
      - expect: {status: authorizedWhenInUse, session: nav, diagnostics: []}
      - createServiceSession: {name: trip, authorization: always}
      - expect: {prompt: alwaysUpgrade}
      - choose: keepOnlyWhileUsing
      - expect: {session: trip, diagnostics: [alwaysAuthorizationDenied]}
      - startLiveUpdates: updates
      - expect: {session: updates, diagnostics: []}
      - background
      - wait: 30s
      - expect: {inUse: false, session: nav, diagnostics: [insufficientlyInUse]}
      - expect: {session: updates, diagnostics: [insufficientlyInUse]}
      - foreground
      - invalidateServiceSession: trip
      - expect: {session: nav, diagnostics: []}
    """

    @Test("O5, O6, O8: a run of a session scenario passes, and its deliveries are timeline entries named by the step's name")
    func sessionRun() throws {
        let scenario = try ScenarioParser.parse(Self.sessionScenario, file: ScenarioFixtures.scenarioPath)
        let result = ScenarioRunner.run(scenario)
        #expect(result.outcome == .passed, "\(ScenarioReport.text(result))")
        #expect(result.expectationsChecked == 8)
        let deliveries = result.timeline.entries.filter { $0.kind == .delivery }
        #expect(Set(deliveries.compactMap(\.manager)) == ["nav", "trip", "updates"])
        #expect(result.timeline.entries.contains { $0.kind == .appCall && $0.manager == "nav" && $0.text == "CLServiceSession(authorization: .whenInUse) → s1" })
        // Text: `delivery NAME:`; JSON: kind delivery, the name as manager, the flags as a list.
        let text = ScenarioReport.text(result)
        #expect(text.contains("delivery nav:  CLServiceSession s1 diagnostic [authorizationRequestInProgress]"))
        let objects = ScenarioReport.jsonLines(result).split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let json = objects.filter { $0["kind"] as? String == "delivery" }
        #expect(json.count == deliveries.count)
        let first = try #require(json.first)
        #expect(first["manager"] as? String == "nav")
        let detail = try #require(first["detail"] as? [String: Any])
        #expect(detail["type"] as? String == "serviceSessionDiagnostic")
        #expect(detail["session"] as? String == "s1")
        #expect(detail["diagnostics"] as? [String] == ["authorizationRequestInProgress"])
        let located = try #require(json.first { ($0["detail"] as? [String: Any])?["latitude"] != nil })
        #expect((located["detail"] as? [String: Any])?["diagnostics"] as? [String] == [])
    }

    @Test("A run is the same every time, text and JSON")
    func deterministic() throws {
        let scenario = try ScenarioParser.parse(Self.sessionScenario, file: ScenarioFixtures.scenarioPath)
        let first = ScenarioRunner.run(scenario)
        for _ in 0..<5 {
            let again = ScenarioRunner.run(scenario)
            #expect(ScenarioReport.text(again) == ScenarioReport.text(first))
            #expect(ScenarioReport.jsonLines(again) == ScenarioReport.jsonLines(first))
        }
    }

    /// Runs `steps` and returns the message of the step that could not apply, and its line.
    static func invalid(_ steps: [String], header: String = "") throws -> (line: Int?, message: String)? {
        let result = try ScenarioFixtures.run(steps, header: header)
        guard case .invalid(let e) = result.outcome else { return nil }
        #expect(ScenarioReport.exitStatus([result]) == 2)
        return (e.line, e.message)
    }

    @Test("Steps that cannot apply: unknown or reused names, the wrong kind, a closed monitor, unavailable APIs (exit 2)")
    func stepsThatCannotApply() throws {
        let cases: [([String], String, String)] = [
            (["launch", "invalidateServiceSession: nav"], "", "invalidateServiceSession: nothing named 'nav' was created (create it with createServiceSession: {name: nav, authorization: …})"),
            (["launch", "startLiveUpdates: nav", "invalidateServiceSession: nav"], "", "invalidateServiceSession: 'nav' is live updates, not a service session"),
            (["launch", "createServiceSession: {name: nav, authorization: none}", "createServiceSession: {name: nav, authorization: always}"], "",
             "createServiceSession: the app already holds a service session named 'nav'"),
            (["launch", "addCondition: {monitor: m, identifier: x}"], "", "no monitor m is open"),
            (["createServiceSession: {name: nav, authorization: none}"], "", "createServiceSession needs the app's code to run, but the app is not running"),
            (["launch", "createServiceSession: {name: nav, authorization: none}"], "device: {platform: iOS 17.0}\n", "CLServiceSession does not exist on iOS 17"),
            (["launch", "createServiceSession: {name: nav, authorization: always}"], "device: {platform: tvOS 18.0}\n", "unavailable on tvOS (O3)"),
            (["launch", "openMonitor: m"], "device: {platform: watchOS 10.0}\n", "CLMonitor does not exist on watchOS 10"),
            (["launch", "expect: {session: nav, diagnostics: []}"], "", "expect: nothing named 'nav' was created"),
            (["launch", "expect: {condition: {monitor: m, identifier: x, state: unknown}}"], "", "expect: the app never opened a monitor named 'm'"),
        ]
        for (steps, header, message) in cases {
            let found = try Self.invalid(steps, header: header)
            #expect(found?.line == steps.count + 1 + header.split(separator: "\n").count, "\(steps)")
            #expect(found?.message.contains(message) == true, "\(steps): \(found?.message ?? "passed")")
        }
    }

    @Test("O11: a name may be given again once its object is gone: invalidated, or ended with the process")
    func namesReused() throws {
        let result = try ScenarioFixtures.run([
            "launch", "createServiceSession: {name: nav, authorization: none}", "invalidateServiceSession: nav",
            "createServiceSession: {name: nav, authorization: whenInUse}", "terminate", "launch",
            "createServiceSession: {name: nav, authorization: whenInUse}", "expect: {session: nav, diagnostics: [authorizationRequestInProgress]}",
        ])
        #expect(result.outcome == .passed, "\(ScenarioReport.text(result))")
        let created = result.timeline.entries.filter { $0.kind == .appCall && $0.manager == "nav" && $0.text.hasPrefix("CLServiceSession(") }.map(\.text)
        let ids: [String?] = created.map { text -> String? in text.split(separator: " ").last.map(String.init) }
        #expect(ids == ["s1", "s2", "s3"])
    }
}
